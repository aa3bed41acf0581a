// #/replay/<room>[/<invite>]: the replay viewer of the room's game for a finished game. The replay
// names its game; the game's UI is loaded by that name (src/games/index.ts) and shows it. A private
// (or password) room's replay is served to its members only: the URL carries the room's invite.
import { defaultGame, loadGame } from "../games";
import { h } from "../app/dom";
import { lang } from "../i18n";

/** The query a replay request needs: a private room's invite, else nothing. */
export const replayQuery = (invite?: string): string => (invite ? `?invite=${encodeURIComponent(invite)}` : "");

// The replay's game (the server names it); the registry's default when the replay is not to be had
// (that game's viewer then shows why).
async function gameOf(roomId: string, query: string): Promise<string> {
  try {
    const r = await fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`);
    if (!r.ok) return defaultGame;
    const body = await r.json() as { game?: unknown };
    return typeof body.game === "string" ? body.game : defaultGame;
  } catch {
    return defaultGame;
  }
}

export function mountReplayPage(root: HTMLElement, roomId: string, invite?: string): () => void {
  const query = replayQuery(invite);
  const box = h("div", { class: "replay-root", "data-testid": "replay-root" });
  root.replaceChildren(box);
  let destroy: (() => void) | null = null;
  let gone = false;
  void gameOf(roomId, query).then((game) => loadGame(game) ?? loadGame(defaultGame)!).then((ui) => {
    if (gone || !ui.mountReplay) return;
    const r = ui.mountReplay(box, roomId, lang, query);
    destroy = () => r.destroy();
  });
  return () => { gone = true; destroy?.(); };
}
