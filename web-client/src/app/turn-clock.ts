// A room's turn clock for a game's page: "<seat>: <n> s" for the seat the clock runs for, updated
// every second, marked "warn" in its last 10 seconds (or from the server's warnAt); empty when the
// room has no clock or the game is over. Shared by the games that show the clock as a line.
import { h } from "./dom";
import type { Clock, GameFrame } from "./contract";

/** The whole seconds left on `c` now, and whether they are in the warning (the server's warnAt, or
 *  the last 10 seconds). */
export function clockReading(c: Clock, now = Date.now()): { secs: number; warn: boolean } {
  const secs = Math.max(0, Math.ceil((c.deadline - now) / 1000));
  return { secs, warn: (c.warnAt !== undefined && now >= c.warnAt) || secs <= 10 };
}

export interface TurnClock {
  el: HTMLElement;
  /** Redraws at once (a new frame); the clock also redraws itself every second. */
  update(): void;
  destroy(): void;
}

/** `frame`: the latest frame (its `clock`); `over`: the game has ended; `name`: a seat's name. */
export function turnClock(opts: { frame: () => GameFrame | undefined; over: () => boolean; name: (seat: number) => string;
  className: string; testId: string }): TurnClock {
  const el = h("span", { class: opts.className, "data-testid": opts.testId, role: "timer" });
  const update = () => {
    const c = opts.frame()?.clock;
    if (!c || opts.over()) {
      el.textContent = "";
      el.classList.remove("warn");
      return;
    }
    const { secs, warn } = clockReading(c);
    el.textContent = `${opts.name(c.seat)}: ${secs} s`;
    el.classList.toggle("warn", warn);
  };
  const ticker = window.setInterval(update, 1000);
  return { el, update, destroy: () => window.clearInterval(ticker) };
}
