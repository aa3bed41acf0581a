// The open domestic trade (view.offer): terms, every addressee's answer and counter-offer,
// and the buttons catan.legal allows (accept / reject / counter / confirm with one / withdraw).
import { h, button } from "./dom";
import { t, cardsText, Key } from "./strings";
import { UI, legalOf, isLegal } from "./state";

export function renderOffer(ui: UI, openCounter: () => void): HTMLElement | null {
  const o = ui.view?.offer;
  if (!o) return null;
  const name = (s: number) => (s === ui.seat ? `${ui.names[s] ?? s} (${t(ui.lang, "you")})` : ui.names[s] ?? String(s));
  const box = h("section", { class: "hx-offer", "data-testid": "offer", "aria-live": "polite", "data-from": o.from,
    "data-give": Object.keys(o.give ?? {}).filter((r) => o.give[r] > 0).join(" "), "data-get": Object.keys(o.get ?? {}).filter((r) => o.get[r] > 0).join(" ") });
  box.append(h("h3", {}, t(ui.lang, "offerFrom", { name: name(o.from) })));
  box.append(h("p", { class: "hx-offer-terms" },
    h("span", {}, `${t(ui.lang, "offerGives")}: `), h("b", { "data-testid": "offer-give" }, cardsText(ui.lang, o.give)), " · ",
    h("span", {}, `${t(ui.lang, "offerWants")}: `), h("b", { "data-testid": "offer-get" }, cardsText(ui.lang, o.get))));
  const list = h("ul", { class: "hx-offer-responses" });
  for (const s of o.to ?? []) {
    const resp: string = o.responses?.[s] ?? "none";
    const li = h("li", { "data-testid": `offer-response-${s}`, "data-response": resp }, `${name(s)}: ${t(ui.lang, ("resp_" + resp) as Key)}`);
    const c = o.counters?.[s];
    if (c) li.append(h("div", { class: "hx-muted" }, t(ui.lang, "counterTerms", { name: name(o.from), give: cardsText(ui.lang, c.give), get: cardsText(ui.lang, c.get) })));
    list.append(li);
  }
  box.append(list);
  const btns = h("div", { class: "hx-offer-buttons" });
  const a1 = legalOf(ui, "acceptOffer")[0];
  if (a1) btns.append(button(t(ui.lang, "accept"), { class: "hx-btn primary", "data-testid": "offer-accept" }, () => ui.act(a1)));
  const r1 = legalOf(ui, "rejectOffer")[0];
  if (r1) btns.append(button(t(ui.lang, "reject"), { class: "hx-btn", "data-testid": "offer-reject" }, () => ui.act(r1)));
  if (ui.legal?.counterOffer) btns.append(button(t(ui.lang, "counter"), { class: "hx-btn", "data-testid": "offer-counter" }, openCounter));
  for (const c of legalOf(ui, "confirmTrade")) {
    btns.append(button(t(ui.lang, "confirmWith", { name: name(c.with) }), { class: "hx-btn primary", "data-testid": `offer-confirm-${c.with}` }, () => ui.act(c)));
  }
  if (isLegal(ui, "withdrawOffer")) btns.append(button(t(ui.lang, "withdraw"), { class: "hx-btn", "data-testid": "offer-withdraw" }, () => ui.act(legalOf(ui, "withdrawOffer")[0])));
  if (btns.childNodes.length) box.append(btns);
  return box;
}
