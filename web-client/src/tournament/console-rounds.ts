// The console's rounds: seat the next round, swap two entrants before its start, start it now or at
// a time, and follow its tables live (waiting, running, paused, finished, absentees, watch links).
import { h } from "../app/dom";
import type { ConsoleContext } from "./console-entrants";
import { entrantNames, roundRun, roundSummary, roundTables, SEAT_LETTERS } from "./tables";
import { tt } from "./strings";

export function roundsSection(c: ConsoleContext): HTMLElement {
  const t = c.view.tournament;
  const rounds: any[] = t.rounds ?? [];
  const last = rounds[rounds.length - 1];
  const box = h("section", { class: "card", "data-testid": "console-rounds" },
    h("h3", {}, tt("console.rounds", { done: rounds.filter((r) => r.status === "finished").length, of: t.settings?.rounds ?? "?" })));
  const canSeat = rounds.length < Number(t.settings?.rounds ?? 0) && (!last || last.status === "finished");
  if (canSeat) box.append(h("div", { class: "row wrap" },
    h("button", { class: "btn btn-primary", "data-testid": "seat-round", onclick: () => c.act("POST", "/rounds") }, tt("console.seatNext", { n: rounds.length + 1 })),
    t.registrationOpen ? h("span", { class: "muted small" }, tt("console.seatWhileOpen")) : null));
  else if (!rounds.length) box.append(h("p", { class: "muted" }, tt("console.noRounds")));
  for (const r of [...rounds].reverse()) box.append(roundPart(c, r));
  return box;
}

function roundPart(c: ConsoleContext, r: any): HTMLElement {
  const run = roundRun(c.view, r.number);
  const tables: any[] = run?.tables ?? [];
  const done = tables.filter((x) => x.over || x.result).length;
  const part = h("div", { class: "t-round-part", "data-testid": `round-${r.number}` },
    h("h4", { "data-testid": `round-${r.number}-summary` }, roundSummary(c.view, r.number)),
    h("p", { class: "muted small" }, tt("console.boardSeed", { seed: String(r.boardSeed ?? "") }),
      run?.status === "started" ? ` · ${tt("console.progress", { done, of: (r.tables ?? []).length })}` : ""),
    roundTables(c.view, r.number, c.view.invites ?? {}));
  if (r.status === "seated") part.append(swapForm(c, r), startForm(c, r));
  return part;
}

function swapForm(c: ConsoleContext, r: any): HTMLElement {
  const names = entrantNames(c.view);
  const options = () => (r.tables ?? []).flatMap((t: any) => (t.seats ?? []).map((e: string, i: number) =>
    h("option", { value: e }, `${tt("table", { n: t.number })} ${SEAT_LETTERS[i]} · ${names.get(e) ?? e}`)));
  const a = h("select", { "data-testid": "swap-a", "aria-label": tt("console.swapA") }, options()) as HTMLSelectElement;
  const b = h("select", { "data-testid": "swap-b", "aria-label": tt("console.swapB") }, options()) as HTMLSelectElement;
  if (b.options.length > 1) b.selectedIndex = 1;
  return h("form", { class: "row wrap t-inline-form", onsubmit: (ev: Event) => {
    ev.preventDefault();
    if (a.value !== b.value) c.act("POST", `/rounds/${r.number}/swap`, { a: a.value, b: b.value });
  } }, h("span", { class: "field-label" }, tt("console.swap")), a, h("span", { "aria-hidden": "true" }, "⇄"), b,
    h("button", { class: "btn btn-small", type: "submit", "data-testid": "swap-submit" }, tt("console.swapButton")));
}

function startForm(c: ConsoleContext, r: any): HTMLElement {
  const at = h("input", { type: "datetime-local", "data-testid": "start-at-time", "aria-label": tt("console.startAt") }) as HTMLInputElement;
  return h("div", { class: "row wrap t-inline-form" },
    h("button", { class: "btn btn-primary", "data-testid": `start-round-${r.number}`, onclick: () => c.act("POST", `/rounds/${r.number}/start`, {}) }, tt("console.startNow")),
    h("form", { class: "row wrap", onsubmit: (ev: Event) => {
      ev.preventDefault();
      const ms = at.value ? new Date(at.value).getTime() : NaN;
      if (Number.isFinite(ms)) c.act("POST", `/rounds/${r.number}/start`, { at: ms });
    } }, at, h("button", { class: "btn", type: "submit", "data-testid": "start-at" }, tt("console.startAt"))));
}
