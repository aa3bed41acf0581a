// Seat names as every game shows them (issue 18): a built-in bot by its kind in the player's
// language ("Heuristic bot"), an empty seat by its number, equal names told apart by seat number
// ("Heuristic bot 3"). Plain data and functions: the games and the unit tests use it as is.
import type { Lang } from "./contract";

const BOTS: Record<string, Record<Lang, string>> = {
  random: { en: "Random bot", "zh-Hant": "隨機機器人", "zh-Hans": "随机机器人" },
  heuristic: { en: "Heuristic bot", "zh-Hant": "策略機器人", "zh-Hans": "策略机器人" },
  search: { en: "Search bot", "zh-Hant": "搜尋機器人", "zh-Hans": "搜索机器人" },
};

/** A built-in bot's kind in `lang` ("heuristic" → "Heuristic bot"); null for a kind it does not know. */
export function botName(lang: Lang, kind: string): string | null {
  return BOTS[kind]?.[lang] ?? BOTS[kind]?.en ?? null;
}

export interface NamedSeat { name: string; kind?: string | null }

/** One display name per seat (at least `count`); `seatWord(n)` names empty seat n (1-based). */
export function seatDisplayNames(seats: (NamedSeat | null | undefined)[] | undefined, count: number, lang: Lang,
                                 seatWord: (n: number) => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(count, seats?.length ?? 0); ++i) {
    const seat = seats?.[i];
    out.push((seat?.kind === "bot" && seat.name ? botName(lang, seat.name) : null) || seat?.name || seatWord(i + 1));
  }
  return out.map((n, i) => (out.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
}
