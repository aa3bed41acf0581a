// What the organiser's console and the referee's page both show of a round: its tables, who sits
// where (seat letters A–E, HK-0.3), each table's state, absentees, results and a watch link.
import { h } from "../app/dom";
import { href } from "../app/router";
import { tt } from "./strings";

export const SEAT_LETTERS = "ABCDE";

export function entrantNames(view: any): Map<string, string> {
  const m = new Map<string, string>();
  for (const e of view?.tournament?.entrants ?? []) m.set(String(e.id), String(e.name));
  return m;
}

export type TableState = "seated" | "waiting" | "running" | "paused" | "finished";

/** One table's state from the run (`run[].tables[]`): "seated" until the round starts. */
export function tableState(run: any | undefined, roundStatus = ""): TableState {
  if (!run || roundStatus === "seated") return "seated";
  if (run.over || run.result) return "finished";
  if (run.clockPaused) return "paused";
  if (run.started) return "running";
  return "waiting";
}

export function roundRun(view: any, round: number): any | undefined {
  return (view?.run ?? []).find((r: any) => r.round === round);
}

/** The tables of round `round`: seats with letters, state, absentees, result, a watch link. */
export function roundTables(view: any, round: number, invites: Record<string, string> = {}): HTMLElement {
  const names = entrantNames(view);
  const r = (view?.tournament?.rounds ?? []).find((x: any) => x.number === round);
  const run = roundRun(view, round);
  const box = h("div", { class: "t-tables", "data-testid": `round-${round}-tables` });
  for (const table of r?.tables ?? []) {
    const tr = (run?.tables ?? []).find((x: any) => x.table === table.number);
    const state = tableState(tr, String(run?.status ?? r?.status ?? ""));
    const absent = new Set<string>((tr?.absent ?? []).map(String));
    const result = tr?.result;
    const seats: string[] = (table.seats ?? []).map(String);
    const score = (i: number) => seatScore(result, seats, absent, i);
    const invite = invites[`${round}.${table.number}`];
    box.append(h("article", { class: `t-table t-${state}`, "data-testid": `table-${round}-${table.number}`, "data-state": state },
      h("header", { class: "row between" },
        h("h4", {}, tt("table", { n: table.number })),
        h("span", { class: `badge t-state-${state}`, "data-testid": `table-state-${round}-${table.number}` }, tt(`state.${state}`))),
      h("ol", { class: "t-seats" }, seats.map((id, i) => h("li", { class: absent.has(id) ? "t-absent" : "" },
        h("span", { class: "t-letter", "aria-label": tt("seatLetter", { letter: SEAT_LETTERS[i] ?? "?" }) }, SEAT_LETTERS[i] ?? "?"),
        h("span", { class: "t-who" }, names.get(id) ?? id),
        absent.has(id) ? h("span", { class: "badge t-absent-badge" }, tt("absent")) : null,
        score(i) ? h("span", { class: "t-score" }, score(i)!.won ? `★ ${score(i)!.points}` : String(score(i)!.points)) : null))),
      tr?.room && invite && state !== "finished"
        ? h("a", { class: "btn btn-small", href: href({ name: "join", invite }), target: "_blank", rel: "noopener", title: tt("newTab"),
            "data-testid": `watch-${round}-${table.number}` }, tt("watch"))
        : tr?.room && state === "finished"
          ? h("a", { class: "btn btn-small btn-ghost", href: href({ name: "replay", room: String(tr.room), invite }), target: "_blank", rel: "noopener",
              title: tt("newTab"), "data-testid": `replay-${round}-${table.number}` }, tt("replay"))
          : null));
  }
  return box;
}

/** The game result shown against seat `i` of a table (`seats`: entrant ids in seat order), or
 *  undefined. The result is over the game as played: when its seats are not the table's (an absent
 *  entrant left out) nothing is shown per seat; an absent entrant's seat was played by a stand-in
 *  bot, whose score is not the entrant's (they forfeit, docs/tournaments.md), so none is shown. */
export function seatScore(result: any, seats: string[], absent: Set<string>, i: number): { points: number; won: boolean } | undefined {
  if (!result || !Array.isArray(result.scores) || result.scores.length !== seats.length || absent.has(seats[i])) return undefined;
  return { points: Number(result.scores[i]), won: Array.isArray(result.winners) && result.winners.includes(i) };
}

/** "Round 2 · running · no-show at 14:05" for a round. */
export function roundSummary(view: any, round: number): string {
  const r = (view?.tournament?.rounds ?? []).find((x: any) => x.number === round);
  const run = roundRun(view, round);
  const parts = [tt("round", { n: round }), tt(`roundState.${String(run?.status ?? r?.status ?? "seated")}`)];
  if (run?.startAtMs && run.status === "seated") parts.push(tt("startsAt", { time: clock(run.startAtMs) }));
  if (run?.noShowAtMs && run.status === "started" && Date.now() < run.noShowAtMs) parts.push(tt("noShowAt", { time: clock(run.noShowAtMs) }));
  return parts.join(" · ");
}

export function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}
