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

/** One shown event with the version of the patch that brought it. */
export interface Shown { v: number; e: any }
/** A notice: the event, and for a blind draw from my hand the give-back that completed the exchange. */
export interface Notice { v: number; e: any; back?: any }

/**
 * The notices for seat `me` among the shown events after version `after`, newest `max`. A blind
 * draw from my hand (SFC-5.6) is one exchange with its give-back: it is a notice only once the
 * give-back is shown, and then names both halves, so "took your Wool!" is never said of a card that
 * came back (issue 27). A merchant guild's take and a road or knight taken are thefts.
 */
export function noticesOf(shown: Shown[], me: number, after: number, max = 4): Notice[] {
  const out: Notice[] = [];
  shown.forEach((r, i) => {
    if (r.v <= after || !isNotice(r.e, me)) return;
    if (r.e.type === "drewFromPlayer") {
      const back = shown.slice(i + 1).find((x) => x.e?.type === "gaveBack" && x.e.seat === r.e.seat && x.e.to === me);
      if (back) out.push({ v: back.v, e: r.e, back: back.e });
      return;  // (the give-back is still to come: nothing is lost yet)
    }
    out.push({ v: r.v, e: r.e });
  });
  return out.slice(-max);
}

/** A notice as a sentence for seat `me` (thefts and exchanges addressed to "you"). */
export function noticeText(lang: Lang, n: Notice, me: number, name: (s: number) => string): string {
  const e = n.e;
  const what = (c: Cards | undefined, count: number) => (c ? cardsText(lang, c) : `${count} ${tr(lang, "cards")}`);
  if (e.from === me && me >= 0) {
    if (e.type === "tookCard") return tr(lang, "theftCard", { seat: name(e.seat), b: tr(lang, e.building), side: e.side === "B" ? "B★" : "A" });
    if (e.type === "drewFromPlayer" && n.back)
      return tr(lang, "swapYou", { seat: name(e.seat), what: what(e.cards, e.count), back: what(n.back.cards, n.back.count) });
    if (e.type === "merchantGuild") return tr(lang, "theftYou", { seat: name(e.seat), what: what(e.cards, e.count) });
  }
  return eventText(lang, e, name);
}

/** The sides of a road or knight row ("ABA"): how many show A (ability) and B (1 VP each, SFC-11.1). */
export function sides(row: string | undefined): { a: number; b: number } {
  let a = 0, b = 0;
  for (const s of row ?? "") if (s === "A") a++; else if (s === "B") b++;
  return { a, b };
}

export const EXPANSION_VP: Record<string, number> = { townHall: 4 };
/** An expansion's VP (SFC-9.4): 3, the town hall 4. */
export function expansionVp(x: string): number { return EXPANSION_VP[x] ?? 3; }

/** A player's VP by source, from the view's playerStates entry (SFC-11.1). `other` is what the
 *  server's `vp` holds beyond these sources (0 when the view adds up). */
export interface VpBySource { settlements: number; cities: number; expansions: number; roads: number; knights: number; other: number; total: number }
export function vpBySource(p: any): VpBySource {
  const settlements = Number(p?.settlements ?? 0);
  const cities = 2 * Number(p?.cities ?? 0);
  const expansions = (p?.expansions ?? []).reduce((s: number, x: string) => s + expansionVp(x), 0);
  const roads = sides(p?.roads).b;
  const knights = sides(p?.knights).b;
  const sum = settlements + cities + expansions + roads + knights;
  const total = typeof p?.vp === "number" ? p.vp : sum;
  return { settlements, cities, expansions, roads, knights, other: total - sum, total };
}

/** The final table: every seat's VP by source, the winner first, then by VP (ties keep seat order). */
export function finalTable(view: any): (VpBySource & { seat: number; winner: boolean })[] {
  const rows = (view?.playerStates ?? []).map((p: any) => ({ seat: p.seat as number, winner: p.seat === view.winner, ...vpBySource(p) }));
  return rows.sort((a: any, b: any) => Number(b.winner) - Number(a.winner) || b.total - a.total || a.seat - b.seat);
}
