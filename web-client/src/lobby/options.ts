// Room options: the create-room form's values, its createRoom message, and the one-line summary
// shown in lists. The game's own options come from its descriptor (src/games/<name>/meta.ts).
import { t } from "../i18n";
import { gt } from "../i18n/game-words";
import { defaultGame, gameMeta, gameMetas } from "../games";
import type { FieldValue, GameMeta } from "../games/game-meta";

export interface CreateOptions {
  game: string; players: number; seed: string; private: boolean; password: string; spectators: boolean;
  clock: string; botFill: string; grace: number; externalBots: string;
  /** Per game: the values of its own option fields (kept when another game is chosen). */
  values: Record<string, Record<string, FieldValue>>;
}

/** A new form: the default game with its default seats, every game's fields at their defaults. */
export function defaultOptions(): CreateOptions {
  const values: CreateOptions["values"] = {};
  for (const g of gameMetas) values[g.name] = Object.fromEntries(g.fields.map((f) => [f.key, f.default]));
  return {
    game: defaultGame, players: gameMetas[0].defaultSeats, seed: "", private: false, password: "", spectators: true,
    clock: "none", botFill: "", grace: 60, externalBots: "", values,
  };
}

/** The createRoom message for the form's values; defaults are left out. */
export function createRoomMessage(o: CreateOptions, meta: GameMeta | undefined = gameMeta(o.game)): Record<string, unknown> {
  const m: Record<string, unknown> = { type: "createRoom", game: o.game, players: o.players, ...meta?.message?.(o.values[o.game] ?? {}) };
  if (/^\d+$/.test(o.seed.trim())) m.seed = Number(o.seed.trim());
  if (o.private) m.private = true;
  if (o.password) m.password = o.password;
  if (!o.spectators) m.spectators = false;
  // none: the server's default (the game's own); a preset only where the game offers it
  if (o.clock !== "none" && meta?.clocks?.includes(o.clock)) m.clock = o.clock;
  if (o.botFill) m.botFill = o.botFill;
  if (o.grace !== 60) m.grace = o.grace;
  const external = [...new Set(o.externalBots.split(/[\s,]+/).filter((x) => /^\d$/.test(x)).map((x) => Number(x) - 1))]
    .filter((s) => s >= 0 && s < o.players).sort();
  if (external.length) m.externalBots = external;
  return m;
}

/** The room's options in one line: players, the game's own options, the clock. */
export function optionsSummary(options: Record<string, any>, clock?: string, game?: string): string {
  const parts: string[] = [];
  if (options.players) parts.push(t("sum.players", { n: options.players }));
  const meta = gameMeta(game ?? defaultGame);
  for (const p of meta?.summary?.(options) ?? []) parts.push(typeof p === "string" ? gt(meta, p) : gt(meta, p[0], p[1]));
  if (clock && clock !== "none") parts.push(gt(meta, `opt.clock.${clock}`));
  return parts.join(" · ");
}

/** A room list's line: the game's title (but for the default game's rooms), then the summary. */
export function listSummary(options: Record<string, any>, clock?: string, game?: string): string {
  const meta = gameMeta(game);
  const title = meta && meta.name !== defaultGame ? gt(meta, "title") : "";
  return [title, optionsSummary(options, clock, game)].filter((s) => s).join(" · ");
}
