// mountReplay: steps through a finished game's spectator stream (GET /games/<room>/replay) on the
// same card table, seen as a spectator: back / forward / play and a slider; the log shows the
// events of the last steps.
import type { GameFrame, Lang, RoomInfo } from "../../app/contract";
import { mountStruggle } from "./ui";
import { tr } from "./strings";
import { buildReplay, type StruggleReplay } from "./replaydata";

export function mountReplay(root: HTMLElement, roomId: string, lang: () => Lang, query = ""): { destroy(): void } {
  const box = document.createElement("div");
  box.className = "sfc-replay";
  box.setAttribute("data-testid", "replay");
  root.append(box);
  const bar = document.createElement("div");
  bar.className = "sfc-replaybar";
  const table = document.createElement("div");
  box.append(bar, table);
  let data: StruggleReplay | null = null;
  let step = 0;
  let timer: number | undefined;
  let handle: { destroy(): void; frame(f: GameFrame): void } | null = null;

  const room = (): RoomInfo => ({ room: roomId, host: null, started: true, over: true, options: {}, clock: "none",
    seats: (data?.players ?? []).map((p: any, i: number) => ({ seat: i, kind: p?.kind ?? "human", name: p?.name ?? "", connected: true })) });

  function show() {
    if (!data) return;
    handle?.destroy();
    handle = mountStruggle(table, { seat: -1, room, lang, act: () => Promise.reject({ code: "replay", message: "replay" }) });
    for (let i = Math.max(0, step - 12); i <= step; i++)
      handle.frame({ version: i, view: data.views[i], legal: [], events: data.events[i], snapshot: i === 0 });
    slider.value = String(step);
    label.textContent = ` ${step} / ${data.views.length - 1} `;
  }
  const btn = (text: string, id: string, f: () => void) => {
    const b = document.createElement("button");
    b.className = "sfc-btn small"; b.textContent = text; b.setAttribute("data-testid", id); b.onclick = f;
    return b;
  };
  const go = (i: number) => { if (data) { step = Math.max(0, Math.min(data.views.length - 1, i)); show(); } };
  const slider = document.createElement("input");
  slider.type = "range"; slider.min = "0"; slider.setAttribute("data-testid", "replay-slider");
  slider.oninput = () => go(Number(slider.value));
  const label = document.createElement("span");
  const play = btn("▶", "replay-play", () => {
    if (timer !== undefined) { clearInterval(timer); timer = undefined; return; }
    timer = window.setInterval(() => { if (!data || step >= data.views.length - 1) { clearInterval(timer); timer = undefined; } else go(step + 1); }, 600);
  });
  bar.append(btn("|◀", "replay-first", () => go(0)), btn("◀", "replay-back", () => go(step - 1)), play,
    btn("▶|", "replay-forward", () => go(step + 1)), slider, label);

  fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`).then(async (res) => {
    if (!res.ok) throw new Error(String(res.status));
    data = buildReplay(await res.json());
    if (!data.views.length) throw new Error("empty");
    slider.max = String(data.views.length - 1);
    go(data.views.length - 1);
  }).catch((e) => { table.textContent = `${tr(lang(), "log")}: ${String(e?.message ?? e)}`; });

  return { destroy() { if (timer !== undefined) clearInterval(timer); handle?.destroy(); box.remove(); } };
}
