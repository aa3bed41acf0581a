// mountReplay: steps through a finished game's spectator stream (GET /games/<room>/replay) on the
// same card table, seen as a spectator: back / forward / play and a slider; the log shows the
// events of the last steps.
import type { GameFrame, Lang, RoomInfo } from "../../app/contract";
import { mountStruggle } from "./ui";
import { tr } from "./strings";
import { buildReplay, type StruggleReplay } from "./replaydata";
import { replayLayout } from "../../app/replay-bar";

export function mountReplay(root: HTMLElement, roomId: string, lang: () => Lang, query = ""): { destroy(): void } {
  // The shared bar (app/replay-bar.ts) above, the card table as a spectator sees it below. A step's
  // frames are fed as snapshots (not paced), so the log is in step with the table.
  const layout = replayLayout(root, lang, (i) => go(i));
  const box = document.createElement("div");
  box.className = "sfc-replay";
  box.setAttribute("data-testid", "replay");
  layout.stage.append(box);
  const table = document.createElement("div");
  box.append(table);
  let data: StruggleReplay | null = null;
  let step = 0;
  let handle: { destroy(): void; frame(f: GameFrame): void } | null = null;

  const room = (): RoomInfo => ({ room: roomId, host: null, started: true, over: true, options: {}, clock: "none",
    seats: (data?.players ?? []).map((p: any, i: number) => ({ seat: i, kind: p?.kind ?? "human", name: p?.name ?? "", connected: true })) });

  let shown = -1;
  function show() {
    if (!data) return;
    const feed = (i: number) => handle!.frame({ version: i, view: data!.views[i], legal: [], events: data!.events[i], snapshot: true });
    if (handle && step === shown + 1) feed(step);  // one step on: the table as it is, one frame more
    else {
      handle?.destroy();
      handle = mountStruggle(table, { seat: -1, room, lang, act: () => Promise.reject({ code: "replay", message: "replay" }) });
      for (let i = Math.max(0, step - 12); i <= step; i++) feed(i);
    }
    shown = step;
    box.dataset.step = String(step);
  }
  function go(i: number) { if (data) { step = Math.max(0, Math.min(data.views.length - 1, i)); show(); } }

  fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`).then(async (res) => {
    if (!res.ok) throw new Error(String(res.status));
    data = buildReplay(await res.json());
    if (!data.views.length) throw new Error("empty");
    go(data.views.length - 1);
    layout.setCount(data.views.length, data.views.length - 1);
  }).catch((e) => { table.textContent = `${tr(lang(), "log")}: ${String(e?.message ?? e)}`; table.setAttribute("data-testid", "replay-error"); });

  return { destroy() { handle?.destroy(); layout.destroy(); box.remove(); } };
}
