// #/standings/<room>,<room>,…[/<teams>]: the HK 2024 standings (HK-1) over finished games, as the
// server ranks them (GET /standings); an organiser pastes the tables' room ids or links, and
// optionally the teams, one per line, to rank the teams of each division (HK-1.12).
import { h, clear } from "../app/dom";
import { go, roomList } from "../app/router";
import { t } from "../i18n";
import { teamsFromText } from "./teams";

export function mountStandingsPage(root: HTMLElement, rooms: string[], teamText = ""): () => void {
  let disposed = false;
  const input = h("textarea", { id: "standings-rooms", rows: 3, "data-testid": "standings-rooms",
    placeholder: t("standings.hint") }) as HTMLTextAreaElement;
  input.value = rooms.join("\n");
  const teamsInput = h("textarea", { id: "standings-teams", rows: 3, "data-testid": "standings-teams",
    placeholder: t("standings.teamsHint") }) as HTMLTextAreaElement;
  teamsInput.value = teamText;
  const result = h("div", { "data-testid": "standings-result", "aria-live": "polite" });

  root.replaceChildren(h("section", { class: "card standings" },
    h("h2", {}, t("standings.title")),
    h("p", { class: "muted" }, t("standings.about")),
    h("form", { class: "stack", onsubmit: (e: Event) => {
      e.preventDefault();
      const teams = teamsInput.value.trim();
      go(teams ? { name: "standings", rooms: roomList(input.value), teams } : { name: "standings", rooms: roomList(input.value) });
    } },
      h("label", { for: "standings-rooms", class: "field-label" }, t("standings.rooms")),
      input,
      h("label", { for: "standings-teams", class: "field-label" }, t("standings.teams")),
      teamsInput,
      h("div", {}, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "standings-submit" }, t("standings.show")))),
    result));

  async function load() {
    if (!rooms.length) return;
    result.replaceChildren(h("p", { class: "muted" }, t("standings.loading")));
    let body: any;
    try {
      const teams = teamsFromText(teamText);
      const res = await fetch(`/standings?rooms=${rooms.map(encodeURIComponent).join(",")}` +
        (teams.length ? `&teams=${encodeURIComponent(JSON.stringify(teams))}` : ""));
      body = await res.json();
      if (!res.ok) throw new Error(body?.message ?? String(res.status));
    } catch (e) {
      if (!disposed) result.replaceChildren(h("p", { class: "error-note" }, t("error.generic", { what: String((e as Error).message ?? e) })));
      return;
    }
    if (disposed) return;
    clear(result);
    const rows: any[] = Array.isArray(body.standings) ? body.standings : [];
    if (!rows.length) result.append(h("p", { class: "empty-note" }, t("standings.none")));
    else result.append(h("table", { class: "standings-table", "data-testid": "standings-table" },
      h("thead", {}, h("tr", {},
        [t("standings.rank"), t("standings.player"), t("standings.games"), t("standings.matchPoints"),
          t("standings.gamePoints"), t("standings.pop")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows.map((r) => h("tr", { "data-testid": "standings-row" },
        h("td", {}, String(r.rank)), h("th", { scope: "row" }, String(r.player)), h("td", {}, String(r.games)),
        h("td", {}, String(r.matchPoints)), h("td", {}, String(r.gamePoints)),
        h("td", { title: `${r.pop?.num}/${r.pop?.den}` }, `${(100 * Number(r.popPerGame)).toFixed(1)} %`))))));
    const teamRows: any[] = Array.isArray(body.teams) ? body.teams : [];
    const divisions = [...new Set(teamRows.map((r) => String(r.division)))];
    for (const d of divisions) result.append(
      h("h3", {}, d ? t("standings.teamsOf", { division: d }) : t("standings.teamRanking")),
      h("table", { class: "standings-table", "data-testid": "team-table" },
        h("thead", {}, h("tr", {}, [t("standings.rank"), t("standings.team"), t("standings.memberRanks"), t("standings.average")]
          .map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, teamRows.filter((r) => String(r.division) === d).map((r) => h("tr", { "data-testid": "team-row" },
          h("td", {}, String(r.rank)), h("th", { scope: "row" }, String(r.name)),
          h("td", {}, (r.memberRanks ?? []).join(", ")),
          h("td", { title: `${r.average?.num}/${r.average?.den}` }, Number(r.averageValue).toFixed(2)))))));
    const games: any[] = Array.isArray(body.games) ? body.games : [];
    result.append(h("p", { class: "muted small" }, t("standings.counted", { n: games.length })));
    const skipped: any[] = Array.isArray(body.skipped) ? body.skipped : [];
    if (skipped.length) result.append(h("ul", { class: "muted small", "data-testid": "standings-skipped" },
      skipped.map((s) => h("li", {}, t("standings.skipped", { room: String(s.room), why: String(s.reason) })))));
  }
  load();
  return () => { disposed = true; };
}
