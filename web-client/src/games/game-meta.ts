// What the shell knows of a game before its UI loads: the game's eager descriptor (src/games/<name>/
// meta.ts, listed in src/games/index.ts). Plain data and small pure functions only: a descriptor
// must not import its game's UI, which stays in its own lazily loaded chunk.
import type { Key } from "../i18n/strings";

/** A create-room form value: a number field's number, else the control's text. */
export type FieldValue = string | number;

/** One of the game's own create-room options; the lobby draws it as the control `opt-<key>`. */
export interface OptionField {
  key: string;
  /** radio: a row of segments (one `opt-<key>-<value>` per choice); select: a drop-down. */
  kind: "radio" | "select" | "number" | "text";
  label: Key;
  choices?: { value: string; label: Key }[];
  min?: number;
  max?: number;
  /** text: digits only (a numeric keyboard); the placeholder. */
  numeric?: boolean;
  hint?: Key;
  /** Shown under the form's "Advanced". */
  advanced?: boolean;
  default: FieldValue;
}

/** A piece of a room's one-line summary: a string key, or a key with its {placeholders}. */
export type SummaryPart = Key | [Key, Record<string, string | number>];

export interface GameMeta {
  /** The server's name of the game: createRoom's and the room's "game", the payload key. */
  name: string;
  title: Key;
  seats: [number, number];
  /** The players a new form starts with when this game is the first one offered. */
  defaultSeats: number;
  fields: OptionField[];
  /** The clock presets the lobby offers ("none" first; labels opt.clock.<preset>); none: no clock choice. */
  clocks?: string[];
  /** The createRoom members of the game's own options (after "players"); defaults may be left out. */
  message?(values: Readonly<Record<string, FieldValue>>): Record<string, unknown>;
  /** The room's options (its listRooms / room "options") as summary parts, after the player count. */
  summary?(options: Record<string, any>): SummaryPart[];
}
