// A game's words in the current language, through its descriptor (src/games/<name>/words.ts); a
// word the game does not have falls back to the shell's (e.g. the common clock presets).
import { gameMeta } from "../games";
import type { GameMeta, WordKey } from "../games/game-meta";
import { botWord, gameWord } from "../games/words";
import { lang, t } from "./index";
import type { Key } from "./strings";

/** The word `key` of `game` (a descriptor or a game's name) in the current language, else the shell's. */
export function gt(game: GameMeta | string | undefined, key: WordKey, params: Record<string, string | number> = {}): string {
  const meta = typeof game === "string" ? gameMeta(game) : game;
  return gameWord(meta, lang(), key, params) ?? t(key as Key, params);
}

/** The game's title in the current language. */
export const gameTitleNow = (game: GameMeta | string | undefined): string => gt(game, "title");

/** A built-in bot of `game` in the current language ("Heuristic bot"); the raw name when no game names it. */
export const botLabel = (bot: string, game?: string): string => botWord(lang(), bot, game) ?? bot;
