// #/t/<id>/standings: the public standings, live during the event and marked final at the end;
// prints cleanly (no header, no buttons) for a club's notice board.
import { h } from "../app/dom";
import { onLang } from "../i18n";
import { deskErrorText } from "./api";
import { poll } from "./poll";
import { standingsTables } from "./standings-view";
import { tt } from "./strings";

export function mountTournamentStandings(root: HTMLElement, id: string): () => void {
  let s: any = null;
  let problem = "";
  function render() {
    const box = h("section", { class: "card t-page t-print", "data-testid": "t-public-standings" });
    root.replaceChildren(box);
    if (!s) { box.append(problem ? h("p", { class: "error-text", role: "alert" }, problem) : h("p", { class: "muted" }, tt("loading"))); return; }
    box.append(
      h("div", { class: "row between wrap" }, h("h2", {}, s.name),
        h("span", { class: s.final ? "badge badge-live" : "badge", "data-testid": s.final ? "standings-final" : "standings-live" },
          s.final ? tt("st.final") : tt("st.live", { done: s.roundsFinished, of: s.rounds }))),
      h("p", { class: "muted small" }, tt("st.about")),
      standingsTables(s),
      h("div", { class: "row wrap no-print" },
        h("button", { class: "btn btn-small", onclick: () => window.print() }, tt("st.print")),
        h("a", { class: "btn btn-small btn-ghost", href: `/tournaments/${encodeURIComponent(id)}/standings.csv`, download: "" }, tt("console.csv"))));
  }
  const watcher = poll(`/${encodeURIComponent(id)}/standings`, "", (body) => { s = body; problem = ""; render(); },
    (e) => { problem = deskErrorText(e); render(); });
  render();
  const off = onLang(render);
  return () => { watcher.stop(); off(); };
}
