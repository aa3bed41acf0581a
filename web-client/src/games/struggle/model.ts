// Pure helpers over the Struggle view and the server-listed legal actions (no DOM, no rules:
// the UI only offers what `legal` lists).
import type { Lang } from "../../app/contract";
import { tr } from "./strings";

export const RESOURCES = ["brick", "lumber", "ore", "wool", "grain"] as const;
export type Resource = (typeof RESOURCES)[number];
export type Cards = Partial<Record<Resource, number>>;
export const BUILDINGS = ["road", "knight", "settlement", "city", "expansion"] as const;
export const EXPANSIONS = ["castle", "church", "townHall", "library", "university", "merchantGuild"] as const;

export interface Action { type: string; [k: string]: any }

/** The legal actions as a list (the generic protocol sends an array; anything else is no action). */
export function legalList(legal: unknown): Action[] {
  return Array.isArray(legal) ? (legal as Action[]) : [];
}

export function ofType(legal: Action[], type: string): Action[] {
  return legal.filter((a) => a.type === type);
}

export function total(c: Cards | undefined): number {
  let n = 0;
  for (const r of RESOURCES) n += c?.[r] ?? 0;
  return n;
}

/** Card sets compare by counts; zero counts and missing members are the same. */
export function sameCards(a: Cards | undefined, b: Cards | undefined): boolean {
  return RESOURCES.every((r) => (a?.[r] ?? 0) === (b?.[r] ?? 0));
}

/** The first legal action of `type` whose `member` card set equals `sel`, or null. */
export function matchCards(legal: Action[], type: string, member: string, sel: Cards): Action | null {
  return ofType(legal, type).find((a) => sameCards(a[member], sel)) ?? null;
}

/** The build payments the server lists for a building (expansion: per type), distinct, cheapest first. */
export function payOptions(legal: Action[], building: string, expansion?: string): Action[] {
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const a of ofType(legal, "build")) {
    if (a.building !== building || (expansion !== undefined && a.expansion !== expansion)) continue;
    const key = JSON.stringify([RESOURCES.map((r) => a.pay?.[r] ?? 0), !!a.flipDestiny, a.expansion ?? ""]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out.sort((x, y) => total(x.pay) - total(y.pay));
}

/** How a payment differs from the cost: "exact", "substitute" (3-for-1 groups) or "university" (1 other card). */
export function payKind(pay: Cards, cost: Cards): "exact" | "substitute" | "university" {
  if (sameCards(pay, cost)) return "exact";
  return total(pay) > total(cost) ? "substitute" : "university";
}

/** The cost of a building from the ruleset table (a town hall adds townHallExtra). */
export function costOf(ruleset: any, building: string, expansion?: string): Cards {
  const c: Cards = { ...(ruleset?.costs?.[building] ?? {}) };
  if (building === "expansion" && expansion === "townHall") {
    for (const [r, n] of Object.entries(ruleset?.costs?.townHallExtra ?? {}))
      c[r as Resource] = (c[r as Resource] ?? 0) + (n as number);
  }
  return c;
}

/** The turn step a phase belongs to (giveBack and libraryPick are inside the trade step). */
export function stepOf(phase: string): "trade" | "build" | "draw" | "discard" | "over" {
  if (phase === "trade" || phase === "giveBack" || phase === "libraryPick") return "trade";
  if (phase === "build") return "build";
  if (phase === "discard") return "discard";
  if (phase === "over") return "over";
  return "draw";
}

export function cardsText(lang: Lang, c: Cards | undefined): string {
  const parts = RESOURCES.filter((r) => (c?.[r] ?? 0) > 0).map((r) => `${c![r]}× ${tr(lang, r)}`);
  return parts.length ? parts.join(", ") : tr(lang, "none");
}

/** One event as a sentence, names from `name(seat)`. */
export function eventText(lang: Lang, e: any, name: (s: number) => string): string {
  const c = (x: Cards | undefined) => cardsText(lang, x);
  const opt = (x: Cards | undefined) => (x ? ` (${c(x)})` : "");
  const seat = name(e.seat);
  switch (e.type) {
    case "turnStarted": return tr(lang, "ev_turnStarted", { seat, n: e.turnNumber });
    case "tradedWithDeck": return tr(lang, "ev_tradedWithDeck", { seat, gave: c(e.gave) });
    case "drew": return tr(lang, "ev_drew", { seat, count: e.count, cards: opt(e.cards) });
    case "tradedWithMarket": return tr(lang, "ev_tradedWithMarket", { seat, gave: tr(lang, e.gave), took: tr(lang, e.took) });
    case "libraryLook": return tr(lang, "ev_libraryLook", { seat, from: name(e.opponent), cards: opt(e.hand) });
    case "drewFromPlayer": return tr(lang, "ev_drewFromPlayer", { seat, from: name(e.from), count: e.count, cards: opt(e.cards) });
    case "gaveBack": return tr(lang, "ev_gaveBack", { seat, to: name(e.to), count: e.count, cards: opt(e.cards) });
    case "merchantGuild": return tr(lang, "ev_merchantGuild", { seat, from: name(e.from), count: e.count, cards: opt(e.cards) });
    case "built": return tr(lang, "ev_built", { seat, b: tr(lang, e.building),
      x: e.expansion ? ` (${tr(lang, e.expansion)})` : "", paid: c(e.paid) });
    case "tookCard": return tr(lang, "ev_tookCard", { seat, from: name(e.from), b: tr(lang, e.building), side: e.side });
    case "destinyFlipped": return tr(lang, "ev_destinyFlipped", { dir: tr(lang, e.direction) });
    case "cityEvent": return tr(lang, "ev_cityEvent", { seat, event: tr(lang, (`ev_${e.event}Name`) as any) });
    case "marketDay": return tr(lang, "ev_marketDay", { market: c(e.market) });
    case "brigandAttack": return tr(lang, "ev_brigandAttack", { owed: Object.entries(e.discards ?? {})
      .map(([s, n]) => `${name(Number(s))} ${n}`).join(", ") || tr(lang, "none") });
    case "discarded": return tr(lang, "ev_discarded", { seat, cards: c(e.cards) });
    case "reshuffled": return tr(lang, "ev_reshuffled", { count: e.count });
    case "won": return tr(lang, "ev_won", { seat, vp: e.vp });
    default: return e.type;
  }
}

/** Events that hit `me` hard enough for a notice: a card taken from my rows, cards drawn from my hand, discards owed. */
export function isNotice(e: any, me: number): boolean {
  if (e.type === "tookCard" || e.type === "drewFromPlayer" || e.type === "merchantGuild") return e.from === me;
  return e.type === "marketDay" || e.type === "brigandAttack" || e.type === "cityEvent" || e.type === "won"
    || e.type === "reshuffled" || e.type === "destinyFlipped";
}
