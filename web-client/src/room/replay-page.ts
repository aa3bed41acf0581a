// #/replay/<room>: the game UI's replay viewer for a finished game.
import { mountReplay } from "@game";
import { h } from "../app/dom";
import { lang } from "../i18n";

export function mountReplayPage(root: HTMLElement, roomId: string): () => void {
  const box = h("div", { class: "replay-root", "data-testid": "replay-root" });
  root.replaceChildren(box);
  const r = mountReplay(box, roomId, lang);
  return () => r.destroy();
}
