// #/t/<id>/ref/<token>: a referee's page: the current round's tables with links to watch them,
// the referee's form, and the referee log.
import { h } from "../app/dom";
import { onLang } from "../i18n";
import { deskErrorText, remembered } from "./api";
import { idleRenderer, poll } from "./poll";
import { refereeForm, refereeLog, type RefereeFormState } from "./referee-form";
import { roundSummary, roundTables } from "./tables";
import { tt } from "./strings";

export function mountReferee(root: HTMLElement, id: string, token: string): () => void {
  let view: any = null;
  let problem = "";
  const formState: RefereeFormState = {};

  function render() {
    const box = h("section", { class: "t-page", "data-testid": "t-referee" });
    root.replaceChildren(box);
    if (!view) { box.append(h("div", { class: "card" }, problem ? h("p", { class: "error-text", role: "alert" }, problem) : h("p", { class: "muted" }, tt("loading")))); return; }
    const t = view.tournament;
    box.append(h("div", { class: "card" }, h("h2", {}, t.name), h("p", { class: "muted" }, tt("ref.you", { name: String(view.you?.name ?? "") })),
      problem ? h("p", { class: "error-text", role: "alert" }, problem) : null));
    const rounds: any[] = t.rounds ?? [];
    const current = [...rounds].reverse().find((r) => r.status !== "seated") ?? rounds[rounds.length - 1];
    if (!current) { box.append(h("div", { class: "card" }, h("p", { class: "muted", "data-testid": "ref-no-round" }, tt("ref.noRound")))); return; }
    box.append(h("div", { class: "card" }, h("h3", {}, roundSummary(view, current.number)), roundTables(view, current.number, view.invites ?? {})));
    const form = refereeForm(view, id, token, formState, () => watcher.now());
    if (form) box.append(h("div", { class: "card" }, form));
    const log = refereeLog(view);
    if (log) box.append(h("div", { class: "card" }, h("h3", {}, tt("ref.log")), log));
  }

  // Re-render on a new revision, but never while the referee is typing in the form.
  const idle = idleRenderer(root, render);
  const watcher = poll(`/${encodeURIComponent(id)}`, token, (body) => {
    view = body; problem = "";
    remembered.set(id, "ref", token, String(body?.tournament?.name ?? ""));
    idle.request();
  }, (e) => { problem = deskErrorText(e); render(); });
  render();
  const off = onLang(render);
  return () => { watcher.stop(); off(); idle.dispose(); };
}
