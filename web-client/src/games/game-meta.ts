// What the shell knows of a game before its UI loads: the game's eager descriptor (src/games/<name>/
// meta.ts, listed in src/games/index.ts). Plain data and small pure functions only: a descriptor
// must not import its game's UI, which stays in its own lazily loaded chunk. Its words (title, option
// labels, bot names, …) live in the game's folder (<name>/words.ts), in every language the shell has.
import type { Lang } from "../app/contract";

/** A word of the game's own (src/games/<name>/words.ts): "title", "opt.…", "bot.<name>", "tournament.<ruleset>". */
export type WordKey = string;

/** The game's words per language; a language may leave a word out (English is used). */
export type GameWords = { en: Record<WordKey, string> } & Partial<Record<Lang, Record<WordKey, string>>>;

/** A create-room form value: a number field's number, else the control's text. */
export type FieldValue = string | number;

/** One of the game's own create-room options; the lobby draws it as the control `opt-<key>`. */
export interface OptionField {
  key: string;
  /** radio: a row of segments (one `opt-<key>-<value>` per choice); select: a drop-down. */
  kind: "radio" | "select" | "number" | "text";
  label: WordKey;
  choices?: { value: string; label: WordKey }[];
  min?: number;
  max?: number;
  /** text: digits only (a numeric keyboard); the placeholder. */
  numeric?: boolean;
  hint?: WordKey;
  /** Shown under the form's "Advanced". */
  advanced?: boolean;
  default: FieldValue;
}

/** A piece of a room's one-line summary: a word key, or a key with its {placeholders}. */
export type SummaryPart = WordKey | [WordKey, Record<string, string | number>];

/** A ruleset a tournament may be created for (the server's tournament registry says how it is ranked). */
export interface TournamentRuleset {
  ruleset: string;
  /** Its label among the words ("tournament.<ruleset>"). */
  label: WordKey;
}

export interface GameMeta {
  /** The server's name of the game: createRoom's and the room's "game", the payload key. */
  name: string;
  /** Every word the shell shows for this game: "title", the fields' labels, "bot.<name>" for each bot, … */
  words: GameWords;
  /** The built-in bots, as the server's module names them (addBot, botFill); the first is offered first. */
  bots: string[];
  /** The rulesets a tournament may use, in the order offered (none: the game is not offered for tournaments). */
  tournament?: TournamentRuleset[];
  seats: [number, number];
  /** The players a new form starts with when this game is the first one offered. */
  defaultSeats: number;
  fields: OptionField[];
  /** The clock presets the lobby offers ("none" first; labels opt.clock.<preset>, the game's words first); none: no clock choice. */
  clocks?: string[];
  /** The createRoom members of the game's own options (after "players"); defaults may be left out. */
  message?(values: Readonly<Record<string, FieldValue>>): Record<string, unknown>;
  /** The room's options (its listRooms / room "options") as summary parts, after the player count. */
  summary?(options: Record<string, any>): SummaryPart[];
}
