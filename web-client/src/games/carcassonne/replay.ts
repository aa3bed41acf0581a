// Replay: GET /games/<room>/replay (the spectator's snapshot and patches), stepped with a slider;
// each step is rendered by the live game UI as a spectator.
import { applyPatch, type Operation } from "fast-json-patch";
import type { GameFrame, Lang } from "../../app/contract";
import { CarcassonneUI } from "./ui";
import { replayLayout } from "../../app/replay-bar";

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
  // The shared bar (app/replay-bar.ts) above, the table as a spectator sees it below. Every step is
  // shown at once (frames fed as snapshots are not paced), so the log is in step with the board.
  const layout = replayLayout(root, lang, (i) => show(i));
  const host = document.createElement("div");
  host.className = "car-replay";
  host.setAttribute("data-testid", "replay");
  layout.stage.append(host);
  let ui: CarcassonneUI | null = null;
  let frames: GameFrame[] = [];
  let players: any[] = [];
  let shown = -1;
  const room = () => ({ room: roomId, host: null, started: true, over: true, options: {}, clock: "none",
    seats: players.map((p: any, i: number) => ({ seat: i, kind: (p?.kind === "bot" ? "bot" : "human") as "bot" | "human", name: String(p?.name ?? `#${i + 1}`), connected: true })) });
  function show(i: number): void {
    i = Math.max(0, Math.min(frames.length - 1, i));
    if (!ui || i < shown) { ui?.destroy(); ui = new CarcassonneUI(host, { seat: -1, room, lang, act: () => Promise.resolve() }); shown = -1; }
    // The steps in between as history (log lines and final rows, one render), then step i itself.
    if (i - shown > 1) ui.history(frames.slice(shown + 1, i).map((f) => ({ to: f.version, events: f.events ?? [] })));
    ui.frame({ ...frames[i], snapshot: true });
    shown = i;
    host.dataset.step = String(i);
  }
  fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`).then((r) => (r.ok ? r.json() : Promise.reject(r.status))).then((body) => {
    players = body?.players ?? [];
    frames = replayFrames(body);
    if (frames.length) { show(frames.length - 1); layout.setCount(frames.length, frames.length - 1); }
  }).catch((e) => { host.textContent = `replay unavailable (${e})`; host.setAttribute("data-testid", "replay-error"); });
  return { destroy() { ui?.destroy(); layout.destroy(); host.remove(); } };
}
