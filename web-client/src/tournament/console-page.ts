// #/t/<id>/org/<token>: the organiser's console. Entrants, rounds and their tables live, referees,
// and the standings, refreshed as the tournament's revision changes.
import { h } from "../app/dom";
import { href, pageLink } from "../app/router";
import { onLang } from "../i18n";
import { desk, deskErrorText, remembered } from "./api";
import { entrantsSection, type ConsoleContext } from "./console-entrants";
import { roundsSection } from "./console-rounds";
import { copyLink } from "./links";
import { idleRenderer, poll } from "./poll";
import { refereeForm, refereeLog, type RefereeFormState } from "./referee-form";
import { standingsTables } from "./standings-view";
import { tournamentGameLabel } from "./games";
import { tt } from "./strings";

export function mountConsole(root: HTMLElement, id: string, token: string): () => void {
  let disposed = false;
  let view: any = null;
  let standings: any = null;
  let problem = "";
  const handedOut: { label: string; url: string }[] = [];
  const formState: RefereeFormState = {};
  const path = `/${encodeURIComponent(id)}`;

  const c: ConsoleContext = {
    id, token, view: null, editing: null,
    async act(method, sub, body) {
      try {
        const r = await desk(method, path + sub, token, body);
        problem = "";
        watcher.now();
        return r ?? {};
      } catch (e) {
        problem = deskErrorText(e);
        render();
        return undefined;
      }
    },
    handOut(label, url) { handedOut.unshift({ label, url }); render(); },
    rerender: () => render(),
  };

  function header(t: any): HTMLElement {
    const s = t.settings ?? {};
    const game = tournamentGameLabel(t.game, t.ruleset);
    return h("section", { class: "card", "data-testid": "console-head" },
      h("div", { class: "row between wrap" }, h("h2", { "data-testid": "console-name" }, t.name),
        h("span", { class: "badge" }, tt("console.organiser"))),
      h("p", { class: "muted small" }, [game, tt("console.roundsSetting", { n: s.rounds }), tt("console.tableSize", { n: s.tableSize }),
        tt(`clock.${s.clockPreset}`), tt(`pairing.${s.pairing}`), tt(`noShow.${s.noShow}`)].join(" · ")),
      problem ? h("p", { class: "error-text", role: "alert", "data-testid": "console-error" }, problem) : null,
      h("div", { class: "row wrap" },
        h("a", { class: "btn btn-small", href: href({ name: "tournament", id, role: "standings", key: "" }), "data-testid": "console-public-standings" }, tt("console.publicStandings")),
        h("a", { class: "btn btn-small btn-ghost", href: `/tournaments/${encodeURIComponent(id)}/standings.csv`, download: "" }, tt("console.csv")),
        (t.teams ?? []).length ? h("a", { class: "btn btn-small btn-ghost", href: `/tournaments/${encodeURIComponent(id)}/standings.csv?teams=1`, download: "" }, tt("console.csvTeams")) : null),
      // The organiser's own link, in plain view: the only key back to this console.
      copyLink(tt("console.organiserLink"), pageLink({ name: "tournament", id, role: "org", key: token }), "organiser-link"),
      handedOut.length ? h("div", { class: "t-handed", "data-testid": "handed-out" }, h("p", { class: "small" }, tt("console.handOutHint")),
        handedOut.map((l, i) => copyLink(l.label, l.url, `handed-${i}`))) : null);
  }

  function refereesSection(): HTMLElement {
    const name = h("input", { maxlength: 32, placeholder: tt("console.refereeName"), "aria-label": tt("console.refereeName"), "data-testid": "referee-name" }) as HTMLInputElement;
    const form = refereeForm(view, id, token, formState, () => watcher.now());
    const log = refereeLog(view);
    return h("section", { class: "card", "data-testid": "console-referees" },
      h("h3", {}, tt("console.referees")),
      (view.referees ?? []).length ? h("p", { "data-testid": "referee-list" }, (view.referees as string[]).join(", ")) : h("p", { class: "muted small" }, tt("console.noReferees")),
      h("form", { class: "row wrap t-inline-form", onsubmit: async (ev: Event) => {
        ev.preventDefault();
        const v = name.value.trim();
        if (!v) return;
        const r = await c.act("POST", "/referees", { name: v });
        if (r?.token) c.handOut(tt("console.refereeLinkFor", { name: v }), pageLink({ name: "tournament", id, role: "ref", key: String(r.token) }));
      } }, name, h("button", { class: "btn", type: "submit", "data-testid": "add-referee" }, tt("console.addReferee"))),
      form, log ? h("h4", {}, tt("ref.log")) : null, log);
  }

  function render() {
    const box = h("div", { class: "t-page t-console", "data-testid": "t-console" });
    root.replaceChildren(box);
    if (!view) { box.append(h("div", { class: "card" }, problem ? h("p", { class: "error-text", role: "alert" }, problem) : h("p", { class: "muted" }, tt("loading")))); return; }
    c.view = view;
    const t = view.tournament;
    box.append(header(t),
      h("div", { class: "t-columns" }, h("div", {}, roundsSection(c), refereesSection()), h("div", {}, entrantsSection(c))),
      h("section", { class: "card", "data-testid": "console-standings" },
        h("div", { class: "row between" }, h("h3", {}, tt("standings")), standings?.final ? h("span", { class: "badge badge-live", "data-testid": "console-final" }, tt("st.final")) : null),
        standings ? standingsTables(standings) : h("p", { class: "muted" }, tt("loading"))));
  }

  const idle = idleRenderer(root, render);
  const watcher = poll(path, token, async (body) => {
    view = body;
    remembered.set(id, "org", token, String(body?.tournament?.name ?? ""));
    try { standings = await desk("GET", `${path}/standings`); } catch { /* shown on the next revision */ }
    if (!disposed) idle.request();
  }, (e) => { problem = deskErrorText(e); render(); });
  render();
  const off = onLang(render);
  return () => { disposed = true; watcher.stop(); idle.dispose(); off(); };
}
