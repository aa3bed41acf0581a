// Player aids (issue 18): the building-cost card, why a greyed button is greyed, the hotkeys, the
// place a player finished, hexes named as on the table ("the 9 Hills"). The reasons and places are
// pure functions of the view, so unit tests check them; the two small panels are drawn over the board.
import { h } from "./dom";
import { t, cardsText, RESOURCES, Key } from "./strings";
import type { Lang } from "../../app/contract";
import { isLegal, type UI } from "./state";

export const COSTS = {
  road: { brick: 1, lumber: 1 },
  settlement: { brick: 1, lumber: 1, wool: 1, grain: 1 },
  city: { grain: 2, ore: 3 },
  devCard: { wool: 1, grain: 1, ore: 1 },
} as const;
export type Purchase = keyof typeof COSTS;
export const PURCHASES: Purchase[] = ["road", "settlement", "city", "devCard"];

/** The cards still missing from `hand` to pay `cost` (only the resources short). */
export function missing(hand: Record<string, number> | undefined, cost: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of RESOURCES) {
    const short = (cost[r] ?? 0) - (hand?.[r] ?? 0);
    if (short > 0) out[r] = short;
  }
  return out;
}

export type Control = Purchase | "roll" | "endTurn" | "bank" | "offer" | "playDev";

/** Why the control is greyed for this seat, from what the view shows; "" when the view does not
 *  explain it (the server's legal list stays the only judge of what is enabled). */
export function whyNot(lang: Lang, view: any, seat: number, what: Control): string {
  const me = view?.players?.[seat];
  if (seat < 0 || !me) return "";
  const phase: string = view.phase ?? "";
  if (phase === "gameOver") return t(lang, "why_over");
  if (phase === "discard" && (me.discardOwed ?? 0) === 0) return t(lang, "why_discard");
  if (view.active !== seat) return t(lang, "why_notYourTurn");
  if (phase === "setupSettlement" || phase === "setupRoad") return t(lang, "why_setup");
  if (phase === "mapStudy") return t(lang, "why_mapStudy");
  if (phase === "moveRobber") return t(lang, "why_robber");
  if (phase === "discard") return t(lang, "why_discard");
  if (what === "roll") return view.rolled ? t(lang, "why_rolled") : "";
  if (what === "playDev") return view.devPlayed ? t(lang, "why_devPlayed") : t(lang, "why_devNew");
  if (!view.rolled && phase === "preRoll") return t(lang, "why_rollFirst");
  if (what === "endTurn") return "";
  if (what === "bank" || what === "offer") {
    if (phase === "build") return t(lang, "why_tradeOver");
    const held = RESOURCES.reduce((n, r) => n + (me.hand?.[r] ?? 0), 0);
    if (held === 0) return t(lang, "why_noCards");
    return what === "bank" ? t(lang, "why_bankNeed") : "";
  }
  const left = what === "road" ? me.roadsLeft : what === "settlement" ? me.settlementsLeft : what === "city" ? me.citiesLeft : undefined;
  if (left === 0) return t(lang, "why_noPieces", { what: t(lang, what as Key) });
  if (what === "devCard" && view.deckSize === 0) return t(lang, "why_deckEmpty");
  const short = missing(me.hand, COSTS[what]);
  if (Object.keys(short).length) return t(lang, "why_need", { cards: cardsText(lang, short) });
  return what === "devCard" ? "" : t(lang, "why_noSpot");
}

/** 1 for the winner; players with equal VP share a place (the final scores the server revealed). */
export function finishingPlace(view: any, seat: number): number {
  const vp = (p: any) => (typeof p?.totalVp === "number" ? p.totalVp : p?.publicVp ?? 0);
  const players: any[] = view?.players ?? [];
  if (!players[seat]) return 0;
  const mine = vp(players[seat]);
  let place = 1 + players.filter((p) => vp(p) > mine).length;
  // Equal VP: the winner the server named comes first (a tie at the top is broken by the rules).
  if (typeof view?.winner === "number" && view.winner !== seat && vp(players[view.winner]) === mine && place === 1) place = 2;
  return place;
}

export function placeText(lang: Lang, place: number): string {
  const ord = lang === "en" ? (place === 1 ? "1st" : place === 2 ? "2nd" : place === 3 ? "3rd" : `${place}th`) : String(place);
  return t(lang, "finishedPlace", { place: ord });
}

/** "the 9 Hills" for a hex of the board; "the Desert". */
export function hexLabel(lang: Lang, view: any, hex: number): string {
  const terrain: string | undefined = view?.board?.terrain?.[hex];
  const number: number | undefined = view?.board?.numbers?.[hex];
  if (!terrain) return t(lang, "hexName", { id: hex });
  const name = t(lang, terrain as Key);
  return number ? t(lang, "hexLabel", { n: number, terrain: name }) : t(lang, "hexLabelBare", { terrain: name });
}

const ACTION_OF: Record<Purchase, string> = { road: "buildRoad", settlement: "buildSettlement", city: "buildCity", devCard: "buyDevCard" };

/** The cost card: what each purchase costs and, for a seated player, whether it can be made now
 *  (the server's legal list) or why not. */
export function costCard(lang: Lang, u: UI | null): HTMLElement {
  const seated = !!u && u.seat >= 0 && !!u.view?.players?.[u.seat];
  const rows = PURCHASES.map((p) => {
    const ok = seated && isLegal(u!, ACTION_OF[p]);
    const short = seated ? missing(u!.view.players[u!.seat].hand, COSTS[p]) : {};
    const why = !seated || ok ? "" : whyNot(lang, u!.view, u!.seat, p)
      || (Object.keys(short).length ? t(lang, "why_need", { cards: cardsText(lang, short) }) : "");
    return h("tr", { "data-testid": `cost-${p}`, "data-ok": seated ? String(ok) : null },
      h("th", {}, t(lang, p as Key)), h("td", {}, cardsText(lang, COSTS[p])),
      h("td", { class: ok ? "hx-ok" : "hx-muted", "data-testid": `cost-${p}-why` }, ok ? t(lang, "canBuy") : why));
  });
  return h("section", { class: "hx-costcard", "data-testid": "cost-card", role: "dialog", "aria-label": t(lang, "costs") },
    h("h3", {}, t(lang, "costs")), h("table", {}, h("tbody", {}, ...rows)));
}

/** The hotkeys, as listed in their help panel; `key` is KeyboardEvent.key (lower case). */
export const HOTKEYS: { key: string; label: Key }[] = [
  { key: "r", label: "roll" }, { key: "e", label: "endTurn" }, { key: "b", label: "bankTrade" }, { key: "t", label: "offerTrade" },
  { key: "1", label: "buildRoad" }, { key: "2", label: "buildSettlement" }, { key: "3", label: "buildCity" }, { key: "d", label: "buyDev" },
  { key: "c", label: "costs" }, { key: "?", label: "keysTitle" },
];

export function hotkeyHelp(lang: Lang): HTMLElement {
  return h("section", { class: "hx-keyhelp", "data-testid": "hotkey-help", role: "dialog", "aria-label": t(lang, "keysTitle") },
    h("h3", {}, t(lang, "keysTitle")),
    h("dl", {}, ...HOTKEYS.flatMap((k) => [h("dt", {}, h("kbd", {}, k.key.toUpperCase())), h("dd", {}, t(lang, k.label))])),
    h("p", { class: "hx-muted" }, t(lang, "keysEsc")));
}

export { botName } from "../../app/seat-names";
