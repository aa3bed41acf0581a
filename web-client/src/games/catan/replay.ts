// mountReplay: steps through a finished game's spectator stream (GET /games/<room>/replay):
// the shared replay bar (app/replay-bar.ts), the board, the players and the events up to each step.
import "./game.css";
import { h, s, clear } from "./dom";
import { replayLayout } from "../../app/replay-bar";
import { renderBoard, noHighlights } from "./board";
import { renderPlayers } from "./players";
import { renderDice } from "./dice";
import { eventText } from "./log";
import { histogram, vpChart, statsFromReplay } from "./charts";
import { loadReplay, ReplayData } from "./replaydata";
import { t, Key } from "./strings";
import { UI, initialsOf, seatNames } from "./state";
import { hexLabel } from "./aids";
import type { Lang } from "../../app/contract";

export function mountReplay(root: HTMLElement, roomId: string, lang: () => Lang, query = ""): { destroy(): void } {
  // The shared bar (app/replay-bar.ts) above; the board, players, log and charts in the stage below.
  const layout = replayLayout(root, lang, (i) => go(i));
  const app = h("div", { class: "hx-game hx-replay", "data-testid": "replay" });
  layout.stage.append(app);
  app.append(h("p", { class: "hx-muted" }, t(lang(), "loading")));
  let data: ReplayData | null = null;
  let step = 0;
  let destroyed = false;

  const svg = s("svg", { xmlns: "http://www.w3.org/2000/svg" }) as SVGSVGElement;
  const head = h("header", { class: "hx-status" });
  const playersSlot = h("div", {});
  const eventsList = h("ol", { class: "hx-log-list", "data-testid": "replay-events", tabindex: 0 });  // (it scrolls: reachable by the keyboard)
  const statsSlot = h("div", { class: "hx-charts" });

  const names = () => {
    const ps = data?.players ?? [];
    const n = data?.views[0]?.players?.length ?? ps.length;
    // The record's seats ({seat, name, kind}): bots by their kind in the reader's language, equal names numbered.
    const seats = Array.from({ length: n }, (_, i) => ps.find((p: any) => p?.seat === i) ?? null);
    return seatNames({ seats }, n, (k) => t(lang(), "seat", { n: k }), lang());
  };

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
    const u: UI = { lang: L, seat: -1, view, legal: {}, names: nm, initials: initialsOf(nm), act: () => {} };
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
    // The newest step whose events the log shows (the browser scenario checks it is in step with the board).
    let logStep = -1;
    for (let i = step; i >= 1 && logStep < 0; --i) if ((data.events[i] ?? []).length) logStep = i;
    eventsList.dataset.logStep = String(logStep);
    eventsList.scrollTop = eventsList.scrollHeight;
  }

  loadReplay(roomId, query).then((r) => {
    if (destroyed) return;
    clear(app);
    if (!("views" in r) || r.views.length === 0) {
      app.append(h("p", { class: "hx-error shown", "data-testid": "replay-error" }, t(lang(), "replayMissing", { status: "views" in r ? "empty" : r.status })));
      return;
    }
    data = r;
    const stats = statsFromReplay(r.views, r.events);
    statsSlot.append(histogram(lang(), stats.dice), vpChart(lang(), stats.vp, names()));
    app.append(head, h("div", { class: "hx-main" }, h("div", { class: "hx-board-col" }, h("div", { class: "hx-stage" }, h("div", { class: "hx-board-wrap" }, svg))),
      h("aside", { class: "hx-side", tabindex: 0, "aria-label": t(lang(), "replay") }, playersSlot, h("section", { class: "hx-log", "data-testid": "log" }, eventsList), statsSlot)));
    layout.setCount(r.views.length, 0);
    render();
  });

  return { destroy(): void { destroyed = true; layout.destroy(); app.remove(); } };
}
