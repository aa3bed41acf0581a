// Turns catan.events into log lines with player names. Private details (the stolen card, a
// bought card) appear only when the server sent them to this seat.
import { t, cardsText, Key, hasKey } from "./strings";
import type { Lang } from "../../app/contract";

/** `hex` names a hex as on the table ("the 9 Hills"); without it, by number. */
export function eventText(lang: Lang, ev: any, names: string[], viewer: number, active = -1,
                          hex: (id: number) => string = (id) => t(lang, "hexName", { id })): string {
  const nm = (s: number) => (s === viewer ? t(lang, "you") : names[s] ?? `#${s}`);
  const name = typeof ev.seat === "number" && ev.seat >= 0 ? nm(ev.seat) : "";
  const dice = Array.isArray(ev.dice) ? `${ev.dice.join(" + ")} = ${ev.dice.reduce((a: number, b: number) => a + b, 0)}` : "";
  const p: Record<string, string | number> = { name, dice, count: ev.count ?? "", turn: ev.turn ?? "",
    length: ev.length ?? "", knights: ev.knights ?? "", warnings: ev.warnings ?? "", type: String(ev.type) };
  switch (ev.type) {
    case "startingResources": case "produced": case "yearOfPlentyTook":
      return t(lang, `ev_${ev.type}` as Key, { ...p, cards: cardsText(lang, ev.cards) });
    case "discarded":
      return ev.cards ? t(lang, "ev_discarded", { ...p, cards: cardsText(lang, ev.cards) }) : t(lang, "ev_discardedN", p);
    case "productionBlocked": return t(lang, "ev_productionBlocked", { res: t(lang, ev.resource as Key) });
    case "robberMoved": return t(lang, "ev_robberMoved", { ...p, hex: hex(ev.hex) });
    case "stole": return t(lang, "ev_stole", { ...p, victim: nm(ev.victim),
      what: ev.resource ? `${ev.count ?? 1} ${t(lang, ev.resource as Key)}` : t(lang, "ev_stoleCard") });
    case "bankTraded": case "tradeOffered":
      return t(lang, `ev_${ev.type}` as Key, { ...p, give: cardsText(lang, ev.give), get: cardsText(lang, ev.get) });
    case "tradeCountered": return t(lang, "ev_tradeCountered", { ...p, active: active >= 0 ? nm(active) : "", give: cardsText(lang, ev.give), get: cardsText(lang, ev.get) });
    case "tradeExecuted": return t(lang, "ev_tradeExecuted", { ...p, partner: nm(ev.partner), give: cardsText(lang, ev.give), get: cardsText(lang, ev.get) });
    case "devCardBought": return ev.card ? t(lang, "ev_devCardBoughtCard", { ...p, card: t(lang, ev.card as Key) }) : t(lang, "ev_devCardBought", p);
    case "devCardPlayed": return t(lang, "ev_devCardPlayed", { ...p, card: hasKey(ev.card) ? t(lang, ev.card) : String(ev.card) });
    case "monopolyTook": return t(lang, "ev_monopolyTook", { ...p, victim: nm(ev.victim), res: t(lang, ev.resource as Key) });
    case "longestRoad": return ev.seat >= 0 ? t(lang, "ev_longestRoad", p) : t(lang, "ev_longestRoadNone");
    default: {
      const k = `ev_${ev.type}`;
      return hasKey(k) ? t(lang, k, p) : t(lang, "ev_unknown", p);
    }
  }
}
