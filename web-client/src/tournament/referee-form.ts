// The referee's form (also in the organiser's console): a warning naming the player and the rule
// (HK-10.6), pause or resume a table's clocks, or a ruling / correction note (HK-6.5), for one
// table of the current round; the desk's answer is shown under it.
import { h } from "../app/dom";
import { desk, deskErrorText } from "./api";
import { entrantNames, SEAT_LETTERS } from "./tables";
import { tt } from "./strings";

const KINDS = ["warning", "pause", "resume", "ruling", "correction"] as const;

/** What the form keeps across re-renders: the desk's last answer. */
export interface RefereeFormState { answer?: HTMLElement }

export function refereeForm(view: any, id: string, token: string, state: RefereeFormState, after: () => void): HTMLElement | null {
  const rounds: any[] = view?.tournament?.rounds ?? [];
  const round = [...rounds].reverse().find((r) => r.status !== "seated") ?? null;
  if (!round) return null;
  const names = entrantNames(view);
  const answer = h("div", { class: "t-answer", "aria-live": "polite", "data-testid": "ref-answer" }, state.answer ?? null);
  const show = (el: HTMLElement) => { state.answer = el; answer.replaceChildren(el); };
  const table = h("select", { id: "ref-table", "data-testid": "ref-table", onchange: () => fillEntrants() },
    (round.tables ?? []).map((t: any) => h("option", { value: String(t.number) }, tt("table", { n: t.number })))) as HTMLSelectElement;
  const kind = h("select", { id: "ref-kind", "data-testid": "ref-kind", onchange: () => showFields() },
    KINDS.map((k) => h("option", { value: k }, tt(`ref.kind.${k}`)))) as HTMLSelectElement;
  const entrant = h("select", { id: "ref-entrant", "data-testid": "ref-entrant" }) as HTMLSelectElement;
  const rule = h("input", { id: "ref-rule", maxlength: 20, value: "HK-10.2", "data-testid": "ref-rule" }) as HTMLInputElement;
  const note = h("textarea", { id: "ref-note", rows: 2, maxlength: 500, "data-testid": "ref-note", placeholder: tt("ref.notePlaceholder") }) as HTMLTextAreaElement;
  const entrantField = h("div", { class: "field" }, h("label", { for: "ref-entrant", class: "field-label" }, tt("ref.player")), entrant);
  const ruleField = h("div", { class: "field" }, h("label", { for: "ref-rule", class: "field-label" }, tt("ref.rule")), rule);

  function fillEntrants() {
    const t = (round.tables ?? []).find((x: any) => String(x.number) === table.value);
    entrant.replaceChildren(...(t?.seats ?? []).map((e: string, i: number) => h("option", { value: e }, `${SEAT_LETTERS[i]} · ${names.get(e) ?? e}`)));
  }
  // The rule a warning or a correction names (HK-10.2 slow play, HK-6.5 an illegal building) until
  // the referee types another.
  const DEFAULT_RULE: Record<string, string> = { warning: "HK-10.2", correction: "HK-6.5" };
  function showFields() {
    entrantField.hidden = kind.value !== "warning";
    ruleField.hidden = !(kind.value in DEFAULT_RULE);
    if (!ruleField.hidden && (!rule.value || Object.values(DEFAULT_RULE).includes(rule.value))) rule.value = DEFAULT_RULE[kind.value];
  }
  fillEntrants();
  showFields();

  async function submit(e: Event) {
    e.preventDefault();
    const body: Record<string, unknown> = { round: round.number, table: Number(table.value), kind: kind.value };
    if (kind.value === "warning") body.entrant = entrant.value;
    if (!ruleField.hidden && rule.value.trim()) body.rule = rule.value.trim();
    if (note.value.trim()) body.note = note.value.trim();
    answer.replaceChildren(h("p", { class: "muted" }, tt("ref.sending")));
    try {
      const r = await desk("POST", `/${encodeURIComponent(id)}/referee`, token, body);
      const lines = [tt("ref.recorded", { kind: tt(`ref.kind.${kind.value}`), table: table.value }),
        r.atTable === "applied" ? tt("ref.applied") : tt("ref.notApplied", { why: String(r.atTable) })];
      if (typeof r.warnings === "number") lines.push(tt("ref.warnings", { n: r.warnings }));
      if (r.disqualified) lines.push(tt("ref.disqualified"));
      show(h("p", { class: "t-ok", "data-testid": "ref-ok" }, lines.join(" · ")));
      note.value = "";
      after();
    } catch (err) {
      show(h("p", { class: "error-text", role: "alert", "data-testid": "ref-error" }, deskErrorText(err)));
    }
  }

  return h("form", { class: "stack t-ref-form", "data-testid": "ref-form", onsubmit: submit },
    h("h3", {}, tt("ref.actTitle", { n: round.number })),
    h("div", { class: "grid2" },
      h("div", { class: "field" }, h("label", { for: "ref-table", class: "field-label" }, tt("ref.table")), table),
      h("div", { class: "field" }, h("label", { for: "ref-kind", class: "field-label" }, tt("ref.kind")), kind),
      entrantField, ruleField),
    h("div", { class: "field" }, h("label", { for: "ref-note", class: "field-label" }, tt("ref.note")), note),
    h("div", {}, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "ref-submit" }, tt("ref.submit"))),
    answer);
}

/** The referee log: who did what at which table, newest first. */
export function refereeLog(view: any): HTMLElement | null {
  const log: any[] = view?.tournament?.refereeLog ?? [];
  if (!log.length) return null;
  const names = entrantNames(view);
  return h("ol", { class: "t-log", reversed: true, "data-testid": "ref-log" }, [...log].reverse().map((a) => h("li", {},
    h("span", { class: "muted small" }, new Date(Number(a.atMs)).toLocaleTimeString()), " ",
    tt("ref.logLine", { who: String(a.referee), kind: tt(`ref.kind.${a.kind}`), round: a.round, table: a.table }),
    a.entrant ? ` · ${names.get(String(a.entrant)) ?? a.entrant}` : "", a.rule ? ` · ${a.rule}` : "", a.note ? ` — ${a.note}` : "")));
}
