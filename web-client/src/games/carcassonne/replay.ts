// Replay: GET /games/<room>/replay (the spectator's snapshot and patches), stepped with a slider;
// each step is rendered by the live game UI as a spectator.
import { applyPatch, type Operation } from "fast-json-patch";
import type { GameFrame, Lang } from "../../app/contract";
import { CarcassonneUI } from "./ui";

export function replayFrames(body: any): GameFrame[] {
  const frames: GameFrame[] = [];
  let view: any = null;
  const payload = (m: any) => m?.carcassonne ?? m?.game ?? m?.catan ?? {};
  for (const m of body?.messages ?? []) {
    if (m?.type === "snapshot") { view = payload(m).view ?? null; }
    else if (m?.type === "patch" && view) view = applyPatch(view, (m.ops ?? []) as Operation[], false, false).newDocument;
    else continue;
    frames.push({ version: frames.length, view, legal: [], events: m.type === "patch" ? payload(m).events ?? [] : [], snapshot: m.type === "snapshot" });
  }
  return frames;
}

export function mountReplay(root: HTMLElement, roomId: string, lang: () => Lang, query = ""): { destroy(): void } {
  const bar = document.createElement("div");
  bar.className = "car-replay-bar";
  const host = document.createElement("div");
  root.append(bar, host);
  let ui: CarcassonneUI | null = null;
  let frames: GameFrame[] = [];
  let players: any[] = [];
  let shown = -1;
  const room = () => ({ room: roomId, host: null, started: true, over: true, options: {}, clock: "none",
    seats: players.map((p: any, i: number) => ({ seat: i, kind: "human" as const, name: String(p?.name ?? `#${i + 1}`), connected: true })) });
  const show = (i: number) => {
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (!ui || i < shown) { ui?.destroy(); ui = new CarcassonneUI(host, { seat: -1, room, lang, act: () => Promise.resolve() }); shown = -1; }
    for (let k = shown + 1; k <= i; ++k) ui.frame(frames[k]);
    shown = i;
    slider.value = String(i);
    label.textContent = ` ${i} / ${frames.length - 1} `;
  };
  const slider = document.createElement("input");
  slider.type = "range"; slider.min = "0"; slider.setAttribute("data-testid", "car-replay-slider");
  const label = document.createElement("span");
  const btn = (text: string, f: () => void) => { const b = document.createElement("button"); b.type = "button"; b.className = "car-btn"; b.textContent = text; b.onclick = f; return b; };
  bar.append(btn("«", () => show(0)), btn("◀", () => show(shown - 1)), slider, btn("▶", () => show(shown + 1)), btn("»", () => show(frames.length - 1)), label);
  slider.oninput = () => show(Number(slider.value));
  fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`).then((r) => (r.ok ? r.json() : Promise.reject(r.status))).then((body) => {
    players = body?.players ?? [];
    frames = replayFrames(body);
    slider.max = String(Math.max(0, frames.length - 1));
    if (frames.length) show(frames.length - 1);
  }).catch((e) => { label.textContent = ` replay unavailable (${e}) `; });
  return { destroy() { ui?.destroy(); bar.remove(); host.remove(); } };
}
