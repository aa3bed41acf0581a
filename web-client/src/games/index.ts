// The registry of game UIs: one lazily loaded module per game the server hosts, by the game's name
// (the room's "game"). A page downloads only the game it shows.
import type { Lang, MountGame } from "../app/contract";

export interface GameUI {
  mountGame: MountGame;
  // query: appended to GET /games/<room>/replay ("?invite=…" for a private room's members; else "").
  mountReplay?: (root: HTMLElement, roomId: string, lang: () => Lang, query?: string) => { destroy(): void };
}

const games: Record<string, () => Promise<GameUI>> = {
  catan: () => import("./catan/index"),
  carcassonne: () => import("./carcassonne/index"),
  struggle: () => import("./struggle/index"),
};

/** The names of the games this client can show. */
export const gameNames = (): string[] => Object.keys(games);

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
