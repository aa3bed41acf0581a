// #/tournaments/new: the organiser's form (name, game and ruleset, rounds, table size, clock,
// seating, no-shows, teams and divisions); creating it remembers the organiser link and opens the
// console.
import { h } from "../app/dom";
import { go } from "../app/router";
import { onLang } from "../i18n";
import { desk, deskErrorText, remembered } from "./api";
import { tt } from "./strings";
import { tournamentGameLabel, tournamentGames } from "./games";

/** "Owls (youth)" → {name: "Owls", division: "youth"}; one team per line. */
export function teamsFromLines(text: string): { name: string; division?: string }[] {
  const out: { name: string; division?: string }[] = [];
  for (const line of text.split("\n")) {
    const m = line.trim().match(/^(.*?)\s*(?:\(([^()]*)\))?$/);
    if (!m || !m[1]) continue;
    out.push(m[2]?.trim() ? { name: m[1].trim(), division: m[2].trim() } : { name: m[1].trim() });
  }
  return out;
}

export function mountNewTournament(root: HTMLElement): () => void {
  let disposed = false;
  const values: Record<string, string> = {};
  const field = (id: string, label: string, input: HTMLElement, hint?: string) =>
    h("div", { class: "field" }, h("label", { for: id, class: "field-label" }, label), input, hint ? h("div", { class: "muted small" }, hint) : null);
  const remember = (e: Event) => { const el = e.target as HTMLInputElement; values[el.id] = el.value; };

  function render() {
    const v = (id: string, d: string) => values[id] ?? d;
    const select = (id: string, options: [string, string][], d: string) =>
      h("select", { id, "data-testid": id, onchange: (e: Event) => { remember(e); if (id === "t-pairing" || id === "t-clock") render(); } }, options.map(([value, label]) => h("option", { value, selected: value === v(id, d) }, label)));
    const number = (id: string, d: string, min: number, max: number) =>
      h("input", { id, type: "number", min, max, value: v(id, d), "data-testid": id, oninput: remember });
    const error = h("p", { class: "error-text", role: "alert", "data-testid": "t-new-error" });
    const form = h("form", { class: "stack t-form", "data-testid": "t-new-form", onsubmit: (e: Event) => { e.preventDefault(); submit(error); } },
      field("t-name", tt("new.name"), h("input", { id: "t-name", maxlength: 80, required: true, value: v("t-name", ""), "data-testid": "t-name", oninput: remember, placeholder: tt("new.namePlaceholder") })),
      h("div", { class: "grid2" },
        field("t-game", tt("new.game"), select("t-game", tournamentGames().map((g) => [g.value, tournamentGameLabel(g.game, g.ruleset)]), tournamentGames()[0]?.value ?? "")),
        field("t-rounds", tt("new.rounds"), number("t-rounds", "3", 1, 50)),
        field("t-table", tt("new.tableSize"), number("t-table", "4", 2, 5), tt("new.tableSizeHint")),
        field("t-clock", tt("new.clock"), select("t-clock", [["hk2024", tt("clock.hk2024")], ["casual", tt("clock.casual")], ["untimed", tt("clock.untimed")]], "hk2024"),
          tt(`clockHint.${v("t-clock", "hk2024")}`)),
        field("t-pairing", tt("new.pairing"), select("t-pairing", [["spread", tt("pairing.spread")], ["swiss", tt("pairing.swiss")]], "spread")),
        // Used only with Swiss seating: shown only then.
        v("t-pairing", "spread") === "swiss" ? field("t-swiss-from", tt("new.swissFrom"), number("t-swiss-from", "2", 2, 50)) : null,
        field("t-noshow-after", tt("new.noShowAfter"), number("t-noshow-after", "600", 0, 3600)),
        field("t-noshow", tt("new.noShow"), select("t-noshow", [["botScoresNothing", tt("noShow.botScoresNothing")], ["playWithThree", tt("noShow.playWithThree")]], "botScoresNothing"))),
      field("t-teams", tt("new.teams"), h("textarea", { id: "t-teams", rows: 3, "data-testid": "t-teams", oninput: remember, placeholder: tt("new.teamsPlaceholder") }, v("t-teams", "")), tt("new.teamsHint")),
      error,
      h("div", {}, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "t-create" }, tt("new.create"))));
    // Drawn again when the clock or the seating changes (its hint, the Swiss field): the keyboard's
    // focus stays on the field it was on (issue 27: it fell back to the page's top).
    const at = document.activeElement;
    const focusedId = at instanceof HTMLElement && root.contains(at) ? at.id : "";
    root.replaceChildren(h("section", { class: "card t-page", "data-testid": "t-new" },
      h("h2", {}, tt("new.title")), h("p", { class: "muted" }, tt("new.about")), form));
    if (focusedId) document.getElementById(focusedId)?.focus();
  }

  async function submit(error: HTMLElement) {
    const get = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? "";
    const games = tournamentGames();
    const game = games.find((g) => g.value === get("t-game")) ?? games[0];
    const teams = teamsFromLines(get("t-teams"));
    const divisions = [...new Set(teams.map((t) => t.division).filter((d): d is string => Boolean(d)))];
    const body: Record<string, unknown> = {
      name: get("t-name").trim(), game: game.game,
      settings: {
        rounds: Number(get("t-rounds")), tableSize: Number(get("t-table")), clockPreset: get("t-clock"),
        pairing: get("t-pairing"), ...(get("t-pairing") === "swiss" ? { swissFromRound: Number(get("t-swiss-from")) } : {}),
        noShow: get("t-noshow"), noShowAfterS: Number(get("t-noshow-after")),
      },
    };
    body.ruleset = game.ruleset;
    if (teams.length) body.teams = teams;
    if (divisions.length) body.divisions = divisions;
    error.textContent = "";
    try {
      const r = await desk("POST", "", "", body);
      if (disposed) return;
      remembered.set(String(r.id), "org", String(r.organiserToken), String(body.name));
      go({ name: "tournament", id: String(r.id), role: "org", key: String(r.organiserToken) });
    } catch (e) {
      if (!disposed) error.textContent = deskErrorText(e);
    }
  }

  render();
  const off = onLang(render);
  return () => { disposed = true; off(); };
}
