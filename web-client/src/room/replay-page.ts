// #/replay/<room>: the replay viewer of the room's game for a finished game. The replay names its
// game; the game's UI is loaded by that name (src/games/index.ts) and shows it.
import { loadGame } from "../games";
import { h } from "../app/dom";
import { lang } from "../i18n";

async function gameOf(roomId: string): Promise<string> {
  try {
    const r = await fetch(`/games/${encodeURIComponent(roomId)}/replay`);
    if (!r.ok) return "catan";
    const body = await r.json() as { game?: unknown };
    return typeof body.game === "string" ? body.game : "catan";
  } catch {
    return "catan";
  }
}

export function mountReplayPage(root: HTMLElement, roomId: string): () => void {
  const box = h("div", { class: "replay-root", "data-testid": "replay-root" });
  root.replaceChildren(box);
  let destroy: (() => void) | null = null;
  let gone = false;
  void gameOf(roomId).then((game) => loadGame(game) ?? loadGame("catan")!).then((ui) => {
    if (gone || !ui.mountReplay) return;
    const r = ui.mountReplay(box, roomId, lang);
    destroy = () => r.destroy();
  });
  return () => { gone = true; destroy?.(); };
}
