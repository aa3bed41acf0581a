// A link to copy and send (registration, entrant, referee links), with a Copy button.
import { h } from "../app/dom";
import { tt } from "./strings";

export function copyLink(label: string, url: string, testid: string): HTMLElement {
  const input = h("input", { class: "invite-link", readonly: true, value: url, "data-testid": testid, "aria-label": label,
    onfocus: (e: Event) => (e.target as HTMLInputElement).select() }) as HTMLInputElement;
  return h("div", { class: "t-link" }, h("div", { class: "field-label" }, label),
    h("div", { class: "row" }, input, h("button", { class: "btn btn-small", type: "button", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(url); } catch { document.execCommand?.("copy"); }
    } }, tt("copy"))));
}
