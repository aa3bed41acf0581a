// mountReplay: steps through a finished game's spectator stream (GET /games/<room>/replay):
// back / forward / play, a slider, the board, the players and the events of each step.
import "./game.css";
import { h, s, button, clear } from "./dom";
import { renderBoard, noHighlights } from "./board";
import { renderPlayers } from "./players";
import { renderDice } from "./dice";
import { eventText } from "./log";
import { histogram, vpChart, statsFromReplay } from "./charts";
import { loadReplay, ReplayData } from "./replaydata";
import { t, Key } from "./strings";
import { UI, initialOf, seatNames } from "./state";
import { hexLabel } from "./aids";
import type { Lang } from "../../app/contract";

export function mountReplay(root: HTMLElement, roomId: string, lang: () => Lang, query = ""): { destroy(): void } {
  const app = h("div", { class: "hx-game hx-replay", "data-testid": "replay" });
  root.append(app);
  app.append(h("p", { class: "hx-muted" }, t(lang(), "loading")));
  let data: ReplayData | null = null;
  let step = 0;
  let timer: number | undefined;
  let destroyed = false;

  const svg = s("svg", { xmlns: "http://www.w3.org/2000/svg" }) as SVGSVGElement;
  const head = h("header", { class: "hx-status" });
  const playersSlot = h("div", {});
  const eventsList = h("ol", { class: "hx-log-list", "data-testid": "replay-events" });
  const controls = h("div", { class: "hx-replay-controls", role: "toolbar" });
  const slider = h("input", { type: "range", min: 0, value: 0, "data-testid": "replay-slider", class: "hx-slider" }) as HTMLInputElement;
  const stepEl = h("span", { "data-testid": "replay-step", "aria-live": "polite" });
  const backBtn = button("", { class: "hx-btn", "data-testid": "replay-back" }, () => go(step - 1));
  const fwdBtn = button("", { class: "hx-btn", "data-testid": "replay-forward" }, () => go(step + 1));
  const playBtn = button("", { class: "hx-btn primary", "data-testid": "replay-play" }, () => (timer ? stop() : play()));
  const statsSlot = h("div", { class: "hx-charts" });

  const names = () => {
    const ps = data?.players ?? [];
    const n = data?.views[0]?.players?.length ?? ps.length;
    // The record's seats ({seat, name, kind}): bots by their kind in the reader's language, equal names numbered.
    const seats = Array.from({ length: n }, (_, i) => ps.find((p: any) => p?.seat === i) ?? null);
    return seatNames({ seats }, n, (k) => t(lang(), "seat", { n: k }), lang());
  };

  function stop(): void { window.clearInterval(timer); timer = undefined; render(); }
  function play(): void {
    if (!data) return;
    if (step >= data.views.length - 1) step = 0;
    timer = window.setInterval(() => { if (!data || step >= data.views.length - 1) stop(); else go(step + 1); }, 600);
    render();
  }
  function go(i: number): void {
    if (!data) return;
    step = Math.max(0, Math.min(data.views.length - 1, i));
    render();
  }

  function render(): void {
    if (!data || destroyed) return;
    const L = lang();
    const view = data.views[step];
    const nm = names();
    const u: UI = { lang: L, seat: -1, view, legal: {}, names: nm, initials: nm.map((x, i) => initialOf(x, i)), act: () => {} };
    clear(head);
    head.append(h("b", {}, `${t(L, "replay")} · ${roomId}`), " · ",
      h("span", { "data-testid": "phase", "data-phase": view?.phase }, t(L, `ph_${view?.phase}` as Key)),
      renderDice(L, view?.dice, false));
    renderBoard(svg, view, noHighlights(), { lang: L, initials: u.initials, names: nm });
    clear(playersSlot); playersSlot.append(renderPlayers(u, []));
    clear(eventsList);
    for (let i = Math.max(1, step - 30); i <= step; ++i) {
      for (const ev of data.events[i] ?? []) eventsList.append(h("li", { "data-step": i }, `${i}. ${eventText(L, ev, nm, -1, data.views[i - 1]?.active ?? -1, (id) => hexLabel(L, view, id))}`));
    }
    eventsList.scrollTop = eventsList.scrollHeight;
    slider.max = String(data.views.length - 1);
    slider.value = String(step);
    slider.setAttribute("aria-label", t(L, "step", { i: step, n: data.views.length - 1 }));
    stepEl.textContent = t(L, "step", { i: step, n: data.views.length - 1 });
    backBtn.textContent = `◀ ${t(L, "back")}`; backBtn.disabled = step === 0;
    fwdBtn.textContent = `${t(L, "forward")} ▶`; fwdBtn.disabled = step >= data.views.length - 1;
    playBtn.textContent = timer ? `❚❚ ${t(L, "pause")}` : `▶ ${t(L, "play")}`;
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  app.addEventListener("keydown", (e) => {
    if ((e.target as HTMLElement)?.tagName === "INPUT") return;
    if (e.key === "ArrowLeft") { e.preventDefault(); go(step - 1); }
    if (e.key === "ArrowRight") { e.preventDefault(); go(step + 1); }
  });

  loadReplay(roomId, query).then((r) => {
    if (destroyed) return;
    clear(app);
    if (!("views" in r) || r.views.length === 0) {
      app.append(h("p", { class: "hx-error shown", "data-testid": "replay-error" }, t(lang(), "replayMissing", { status: "views" in r ? "empty" : r.status })));
      return;
    }
    data = r;
    controls.append(backBtn, playBtn, fwdBtn, slider, stepEl);
    const stats = statsFromReplay(r.views, r.events);
    statsSlot.append(histogram(lang(), stats.dice), vpChart(lang(), stats.vp, names()));
    app.append(head, controls, h("div", { class: "hx-main" }, h("div", { class: "hx-board-col" }, h("div", { class: "hx-board-wrap" }, svg)),
      h("aside", { class: "hx-side" }, playersSlot, h("section", { class: "hx-log", "data-testid": "log" }, eventsList), statsSlot)));
    render();
  });

  return { destroy(): void { destroyed = true; window.clearInterval(timer); app.remove(); } };
}
