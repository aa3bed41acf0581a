// The replay page's controls, the same for every game (issue 27): first / back / play-pause /
// forward / last, a speed choice, a slider and "step i / n". The page is a column: the bar on top
// (never under the board: the game's stage below it is its own stacking and painting context, see
// base.css "Replay"), the game's replay view in the stage. Arrow keys step, Home / End jump, Space
// plays or pauses (not while typing). The game says how many steps there are and shows step i.
import { h } from "./dom";
import type { Lang } from "./contract";

const WORDS: Record<Lang, Record<"first" | "back" | "play" | "pause" | "forward" | "last" | "speed" | "step" | "controls", string>> = {
  en: { first: "First", back: "Back", play: "Play", pause: "Pause", forward: "Forward", last: "Last", speed: "Speed",
    step: "Step {i} / {n}", controls: "Replay controls" },
  "zh-Hant": { first: "開頭", back: "上一步", play: "播放", pause: "暫停", forward: "下一步", last: "結尾", speed: "速度",
    step: "第 {i} / {n} 步", controls: "重播控制" },
  "zh-Hans": { first: "开头", back: "上一步", play: "播放", pause: "暂停", forward: "下一步", last: "结尾", speed: "速度",
    step: "第 {i} / {n} 步", controls: "回放控制" },
};

/** Milliseconds between two steps while playing, per speed. */
export const SPEEDS: Record<string, number> = { "0.5": 1200, "1": 600, "2": 300, "4": 150 };

export interface ReplayLayout {
  /** Where the game draws its replay view (below the bar). */
  stage: HTMLElement;
  /** The number of steps is known (0 while loading); the bar shows step `at`. */
  setCount(n: number, at: number): void;
  /** The game moved to step `i` by itself (a click on its log, …). */
  shown(i: number): void;
  destroy(): void;
}

/**
 * Builds the bar and the stage inside `root`; `go(i)` asks the game to show step i (0 ≤ i < count),
 * in step: the game draws the board and its log for step i before returning.
 */
export function replayLayout(root: HTMLElement, lang: () => Lang, go: (i: number) => void): ReplayLayout {
  let count = 0, step = 0, timer: number | undefined, speed = "1";
  const w = () => WORDS[lang()] ?? WORDS.en;
  const btn = (id: string, glyph: string, f: () => void) =>
    h("button", { type: "button", class: "replay-btn", "data-testid": `replay-${id}`, onclick: f }, h("span", { "aria-hidden": "true" }, glyph));
  const first = btn("first", "«", () => to(0));
  const back = btn("back", "‹", () => to(step - 1));
  const play = btn("play", "▶", () => (timer !== undefined ? stop() : start()));
  const fwd = btn("forward", "›", () => to(step + 1));
  const last = btn("last", "»", () => to(count - 1));
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, class: "replay-slider", "data-testid": "replay-slider" }) as HTMLInputElement;
  const speedSel = h("select", { class: "replay-speed", "data-testid": "replay-speed" },
    Object.keys(SPEEDS).map((k) => h("option", { value: k }, `${k}×`))) as HTMLSelectElement;
  speedSel.value = speed;
  const label = h("span", { class: "replay-step", "data-testid": "replay-step", "aria-live": "polite" });
  const bar = h("div", { class: "replay-bar", role: "toolbar", "data-testid": "replay-bar" },
    h("div", { class: "replay-buttons" }, first, back, play, fwd, last),
    slider, speedSel, label);
  const stage = h("div", { class: "replay-stage", "data-testid": "replay-stage" });
  root.classList.add("replay-page");
  root.append(bar, stage);

  function to(i: number): void {
    if (!count) return;
    step = Math.max(0, Math.min(count - 1, i));
    go(step);
    paint();
  }
  function stop(): void { if (timer !== undefined) window.clearTimeout(timer); timer = undefined; paint(); }
  // Each next step is scheduled after the previous one is drawn, so a slow step never piles up
  // steps and a tap on Pause is always handled.
  function tick(): void {
    timer = window.setTimeout(() => {
      if (step >= count - 1) { stop(); return; }
      to(step + 1);
      if (timer !== undefined) tick();
    }, SPEEDS[speed] ?? 600);
  }
  function start(): void {
    if (!count) return;
    if (step >= count - 1) to(0);
    tick();
    paint();
  }
  function paint(): void {
    const W = w();
    const label1 = (b: HTMLElement, text: string) => { b.setAttribute("aria-label", text); b.title = text; };
    label1(first, W.first); label1(back, W.back); label1(fwd, W.forward); label1(last, W.last);
    label1(play, timer !== undefined ? W.pause : W.play);
    play.setAttribute("aria-pressed", String(timer !== undefined));
    play.dataset.playing = String(timer !== undefined);
    (play.firstChild as HTMLElement).textContent = timer !== undefined ? "❚❚" : "▶";
    first.toggleAttribute("disabled", step <= 0); back.toggleAttribute("disabled", step <= 0);
    fwd.toggleAttribute("disabled", step >= count - 1); last.toggleAttribute("disabled", step >= count - 1);
    slider.max = String(Math.max(0, count - 1));
    slider.value = String(step);
    const text = W.step.replace("{i}", String(step)).replace("{n}", String(Math.max(0, count - 1)));
    slider.setAttribute("aria-label", text);
    speedSel.setAttribute("aria-label", W.speed); speedSel.title = W.speed;
    bar.setAttribute("aria-label", W.controls);
    label.textContent = text;
    bar.dataset.step = String(step);
  }
  // A drag asks for many steps: the newest is drawn once per animation frame, so the page keeps up
  // with the finger (a long redraw per move would otherwise make touch drags stall).
  let pendingFrame = 0;
  slider.addEventListener("input", () => {
    if (pendingFrame) return;
    pendingFrame = requestAnimationFrame(() => { pendingFrame = 0; to(Number(slider.value)); });
  });
  speedSel.addEventListener("change", () => { speed = speedSel.value; if (timer !== undefined) { stop(); start(); } });
  const keys = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (e.key === "ArrowLeft") to(step - 1);
    else if (e.key === "ArrowRight") to(step + 1);
    else if (e.key === "Home") to(0);
    else if (e.key === "End") to(count - 1);
    else if (e.key === " " && tag !== "BUTTON") timer !== undefined ? stop() : start();
    else return;
    // (the replay's keys, not also the game view's: a game's arrow keys could pan its board)
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener("keydown", keys, { capture: true });
  paint();
  return {
    stage,
    setCount(n, at) { count = n; step = Math.max(0, Math.min(n - 1, at)); paint(); },
    shown(i) { step = i; paint(); },
    destroy() { stop(); cancelAnimationFrame(pendingFrame); window.removeEventListener("keydown", keys, { capture: true }); bar.remove(); stage.remove(); root.classList.remove("replay-page"); },
  };
}
