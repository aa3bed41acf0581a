// The registry of games: the one place that lists them. Each game's small descriptor (meta.ts: title,
// seats, create-room options) is loaded with the shell; its UI is one lazily loaded module by the
// game's name (the room's "game"), so a page downloads only the game it shows.
import type { Lang, MountGame } from "../app/contract";
import type { GameMeta } from "./game-meta";
import { catanMeta } from "./catan/meta";
import { carcassonneMeta } from "./carcassonne/meta";
import { struggleMeta } from "./struggle/meta";

export interface GameUI {
  mountGame: MountGame;
  // query: appended to GET /games/<room>/replay ("?invite=…" for a private room's members; else "").
  mountReplay?: (root: HTMLElement, roomId: string, lang: () => Lang, query?: string) => { destroy(): void };
}

/** The games the lobby offers, in its order; the first is the default. */
export const gameMetas: readonly GameMeta[] = [catanMeta, carcassonneMeta, struggleMeta];

/** The game assumed where none is named (the server's default for createRoom without "game"). */
export const defaultGame: string = gameMetas[0].name;

const games: Record<string, () => Promise<GameUI>> = {
  catan: () => import("./catan/index"),
  carcassonne: () => import("./carcassonne/index"),
  struggle: () => import("./struggle/index"),
};

/** The names of the games this client can show. */
export const gameNames = (): string[] => Object.keys(games);

/** The descriptor of `name`; undefined for a game this client does not know. */
export const gameMeta = (name: string | undefined): GameMeta | undefined => gameMetas.find((g) => g.name === name);

/** The UI of `name` (loaded once); null for a game this client does not know. */
export function loadGame(name: string): Promise<GameUI> | null {
  const load = games[name];
  if (!load) return null;
  linkStyles(name);
  return load();
}

// The game's stylesheet (build.mjs lists each game's CSS chunk in index.html), linked once.
function linkStyles(name: string): void {
  const map = document.getElementById("game-css")?.textContent;
  const href = map ? (JSON.parse(map) as Record<string, string>)[name] : undefined;
  if (!href || document.querySelector(`link[data-game-css="${name}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.gameCss = name;
  document.head.append(link);
}
