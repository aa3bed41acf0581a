// A game's words, looked up through its descriptor (src/games/<name>/words.ts): the shell never holds
// a game's title, option labels or bot names. Pure: the language is an argument (unit tests use it).
import type { Lang } from "../app/contract";
import type { GameMeta, WordKey } from "./game-meta";
import { gameMeta, gameMetas } from "./index";

/** Fill {name} placeholders from `params`. */
export function fill(s: string, params: Record<string, string | number> = {}): string {
  return s.replace(/\{(\w+)\}/g, (_, p) => (p in params ? String(params[p]) : `{${p}}`));
}

/** The game's word `key` in `lang` (English when the language leaves it out); undefined when the game has no such word. */
export function gameWord(meta: GameMeta | undefined, lang: Lang, key: WordKey, params?: Record<string, string | number>): string | undefined {
  const s = meta?.words[lang]?.[key] ?? meta?.words.en[key];
  return s === undefined ? undefined : fill(s, params);
}

/** The game's title in `lang` (its name when the client does not know the game). */
export function gameTitle(name: string, lang: Lang): string {
  return gameWord(gameMeta(name), lang, "title") ?? name;
}

/** A built-in bot's name in `lang` ("heuristic" → "Heuristic bot"): the game's own word; without a game,
 *  the first registered game that names this bot. Null for a bot no game names. */
export function botWord(lang: Lang, bot: string, game?: string): string | null {
  const metas = game ? [gameMeta(game), ...gameMetas] : gameMetas;
  for (const m of metas) {
    const w = gameWord(m, lang, `bot.${bot}`);
    if (w !== undefined) return w;
  }
  return null;
}
