// A room's turn clock for a game's page: "<seat>: <n> s" for the seat the clock runs for, updated
// every second, marked "warn" in its last 10 seconds (or from the server's warnAt); empty when the
// room has no clock or the game is over. Shared by the games that show the clock as a line.
import { h } from "./dom";
import type { Clock, GameFrame } from "./contract";

/** The whole seconds left on `c` now, and whether they are in the warning (the server's warnAt, or
 *  the last 10 seconds). While a referee has paused the clock (`paused`, `leftMs`) the time left
 *  stands still whatever `now` is: the stale deadline is never counted down. */
export function clockReading(c: Clock, now = Date.now()): { secs: number; warn: boolean; paused: boolean } {
  if (c.paused) {
    const secs = Math.max(0, Math.ceil(Number(c.leftMs ?? 0) / 1000));
    return { secs, warn: secs <= 10, paused: true };
  }
  const secs = Math.max(0, Math.ceil((c.deadline - now) / 1000));
  return { secs, warn: (c.warnAt !== undefined && now >= c.warnAt) || secs <= 10, paused: false };
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
      el.classList.remove("warn", "paused");
      return;
    }
    const { secs, warn, paused } = clockReading(c);
    el.textContent = `${paused ? "‖ " : ""}${opts.name(c.seat)}: ${secs} s`;
    el.classList.toggle("warn", warn && !paused);
    el.classList.toggle("paused", paused);
  };
  const ticker = window.setInterval(update, 1000);
  return { el, update, destroy: () => window.clearInterval(ticker) };
}
