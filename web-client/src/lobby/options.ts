// Room options: the create-room form's fields and the one-line summary shown in lists.
import { t } from "../i18n";

export interface CreateOptions {
  game: string; players: number; map: string; numbers: string; mode: string; ruleset: string; vp: number;
  boardSeed: string; seed: string; private: boolean; password: string; spectators: boolean;
  clock: string; botFill: string; grace: number; externalBots: string;
}

/** The games the lobby offers: name (the server's "game"), title and seat range. */
export const GAMES: { name: string; title: string; seats: [number, number] }[] = [
  { name: "catan", title: "Catan", seats: [3, 4] },
  { name: "carcassonne", title: "Carcassonne", seats: [2, 5] },
  { name: "struggle", title: "The Struggle for Catan", seats: [2, 6] },
];

export const DEFAULT_OPTIONS: CreateOptions = {
  game: "catan", players: 4, map: "random", numbers: "spiral", mode: "combined", ruleset: "base", vp: 10,
  boardSeed: "", seed: "", private: false, password: "", spectators: true, clock: "none", botFill: "", grace: 60,
  externalBots: "",
};

/** The createRoom message for the form's values; defaults are left out. */
export function createRoomMessage(o: CreateOptions): Record<string, unknown> {
  const catan = o.game === "catan";
  const m: Record<string, unknown> = catan
    ? { type: "createRoom", game: "catan", players: o.players, map: o.map, mode: o.mode, vp: o.vp }
    : { type: "createRoom", game: o.game, players: o.players };
  if (catan && o.numbers !== "spiral") m.numbers = o.numbers;
  if (catan && o.ruleset !== "base") m.ruleset = o.ruleset;
  if (catan && /^\d+$/.test(o.boardSeed.trim())) m.boardSeed = Number(o.boardSeed.trim());
  if (/^\d+$/.test(o.seed.trim())) m.seed = Number(o.seed.trim());
  if (o.private) m.private = true;
  if (o.password) m.password = o.password;
  if (!o.spectators) m.spectators = false;
  if (o.clock !== "none") m.clock = o.clock;  // none: the server's default (HK-2 timers for hk2024)
  if (o.botFill) m.botFill = o.botFill;
  if (o.grace !== 60) m.grace = o.grace;
  const external = [...new Set(o.externalBots.split(/[\s,]+/).filter((x) => /^\d$/.test(x)).map((x) => Number(x) - 1))]
    .filter((s) => s >= 0 && s < o.players).sort();
  if (external.length) m.externalBots = external;
  return m;
}

export function optionsSummary(options: Record<string, any>, clock?: string, game?: string): string {
  const parts: string[] = [];
  const g = GAMES.find((x) => x.name === game);
  if (g && g.name !== "catan") parts.push(t(`game.${g.name}` as any));
  if (options.players) parts.push(t("sum.players", { n: options.players }));
  if (options.map) parts.push(options.map === "starter" ? t("opt.map.starter") : t("opt.map.random"));
  if (options.vp) parts.push(t("sum.vp", { n: options.vp }));
  if (options.ruleset === "hk2024") parts.push(t("opt.ruleset.hk2024"));
  if (options.mode === "classic") parts.push(t("opt.mode.classic"));
  if (clock && clock !== "none") parts.push(t(`opt.clock.${clock}` as any));
  return parts.join(" · ");
}
