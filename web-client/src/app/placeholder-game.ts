// Stands in for the game UI (src/game) until it exists: shows the phase and offers every
// concrete legal action as a button, so the shell can be exercised end to end.
import type { GameContext, GameFrame, Lang, MountGame } from "./contract";
import { h, clear } from "./dom";

export const mountGame: MountGame = (root: HTMLElement, ctx: GameContext) => {
  const box = h("div", { class: "card placeholder-game", "data-testid": "placeholder-game" });
  root.append(box);
  return {
    frame(f: GameFrame) {
      clear(box);
      const v = f.view;
      box.append(h("h2", {}, `Version ${f.version} · ${v.phase} · active seat ${v.active}`),
        h("p", { class: "muted" }, ctx.seat >= 0 ? `You are seat ${ctx.seat}` : "Spectating"));
      const actions: any[] = f.legal?.actions ?? [];
      const list = h("div", { class: "row wrap" });
      for (const a of actions.slice(0, 80))
        list.append(h("button", { class: "btn btn-small", onclick: () => ctx.act(a).catch((e) => alert(e.message)) }, JSON.stringify(a)));
      box.append(list);
    },
    roomChanged() {},
    langChanged(_: Lang) {},
    seedRevealed() {},
    destroy() { box.remove(); },
  };
};

export function mountReplay(root: HTMLElement, roomId: string, _lang: () => Lang): { destroy(): void } {
  const el = h("div", { class: "card" }, `Replay of room ${roomId}: the replay viewer is not built yet.`);
  root.append(el);
  return { destroy: () => el.remove() };
}
