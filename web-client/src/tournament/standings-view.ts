// The standings tables (GET /tournaments/{id}/standings): individuals with match points, game
// points and PoP (a decimal, the exact fraction on hover and in print; HK-1), then the teams by division (HK-1.12, HK-1.13).
import { h } from "../app/dom";
import { tt } from "./strings";

export function standingsTables(s: any): HTMLElement {
  // (a region that scrolls sideways on a phone: reachable by the keyboard, axe-core's scrollable-region-focusable)
  const box = h("div", { class: "t-standings", "data-testid": "t-standings", role: "region", tabindex: "0", "aria-label": tt("standings") });
  const rows: any[] = Array.isArray(s?.individual) ? s.individual : [];
  const hasTeams = rows.some((r) => r.team);
  box.append(h("table", { class: "standings-table", "data-testid": "t-standings-table" },
    h("thead", {}, h("tr", {}, [tt("st.rank"), tt("st.name"), hasTeams ? tt("st.team") : null, tt("st.games"),
      tt("st.matchPoints"), tt("st.gamePoints"), tt("st.pop"), tt("st.status")].filter(Boolean).map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, rows.map((r) => h("tr", { "data-testid": "t-standings-row" },
      h("td", {}, r.rank === null || r.rank === undefined ? "–" : String(r.rank)),
      h("th", { scope: "row" }, String(r.name)),
      hasTeams ? h("td", {}, String(r.team ?? "")) : null,
      h("td", {}, String(r.games) + (r.forfeits ? ` (${tt("st.forfeits", { n: r.forfeits })})` : "")),
      h("td", {}, String(r.matchPoints)),
      h("td", {}, String(r.gamePoints)),
      popCell(r.pop, "t-pop"),
      h("td", {}, r.status ? tt(`status.${r.status}`) : ""))))));
  const teams: any[] = Array.isArray(s?.teams) ? s.teams : [];
  for (const d of [...new Set(teams.map((r) => String(r.division ?? "")))]) box.append(
    h("h3", {}, d ? tt("st.teamsOf", { division: d }) : tt("st.teams")),
    h("table", { class: "standings-table", "data-testid": "t-team-table" },
      h("thead", {}, h("tr", {}, [tt("st.rank"), tt("st.team"), tt("st.memberRanks"), tt("st.average")].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, teams.filter((r) => String(r.division ?? "") === d).map((r) => h("tr", {},
        h("td", {}, String(r.rank)), h("th", { scope: "row" }, String(r.name)),
        h("td", {}, (r.memberRanks ?? []).join(", ")), popCell(r.average, "t-average"))))));
  return box;
}

/** A share shown as a decimal (3 places), its exact fraction as the title and in print. */
function popCell(f: any, testid: string): HTMLElement {
  const exact = fraction(f);
  return h("td", { class: "t-num", title: exact, "data-testid": testid, "data-exact": exact },
    h("span", { class: "t-pop-dec" }, decimal(f)), h("span", { class: "t-pop-frac" }, exact));
}

/** An exact fraction ({num, den}) as a decimal with `places` places: "0.483", "0", "1"; "–" for den 0. */
export function decimal(f: any, places = 3): string {
  const num = Number(f?.num ?? 0), den = Number(f?.den ?? 1);
  if (!den) return "–";
  if (num === 0) return "0";
  if (num % den === 0) return String(num / den);
  return (num / den).toFixed(places);
}

/** An exact fraction as the server sends it ({num, den}), reduced: "67/216", "0", "1". */
export function fraction(f: any): string {
  const num = Number(f?.num ?? 0), den = Number(f?.den ?? 1);
  if (!den) return "–";
  if (num === 0) return "0";
  const g = gcd(Math.abs(num), Math.abs(den));
  return den / g === 1 ? String(num / g) : `${num / g}/${den / g}`;
}

function gcd(a: number, b: number): number { return b ? gcd(b, a % b) : a; }
