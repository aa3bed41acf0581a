// Seat names as every game shows them (issue 18): a built-in bot by its kind in the player's
// language ("Heuristic bot"), an empty seat by its number, equal names told apart by seat number
// ("Heuristic bot 3"). Plain data and functions: the games and the unit tests use it as is. A bot's
// name comes from its game's words (src/games/<name>/words.ts, "bot.<kind>").
import type { Lang } from "./contract";
import { botWord } from "../games/words";

/** A built-in bot's kind in `lang` ("heuristic" → "Heuristic bot"), from `game`'s words when given, else
 *  from the first game that names it; null for a kind no game names. */
export function botName(lang: Lang, kind: string, game?: string): string | null {
  return botWord(lang, kind, game);
}

export interface NamedSeat { name: string; kind?: string | null }

/** One display name per seat (at least `count`); `seatWord(n)` names empty seat n (1-based). */
export function seatDisplayNames(seats: (NamedSeat | null | undefined)[] | undefined, count: number, lang: Lang,
                                 seatWord: (n: number) => string, game?: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(count, seats?.length ?? 0); ++i) {
    const seat = seats?.[i];
    out.push((seat?.kind === "bot" && seat.name ? botName(lang, seat.name, game) : null) || seat?.name || seatWord(i + 1));
  }
  return out.map((n, i) => (out.filter((m) => m === n).length > 1 ? `${n} ${i + 1}` : n));
}
