// Pacing of what other seats did (issue 18): the state is applied at once, but the visual effects
// of other seats' actions (log lines, highlights, notices) are shown one action at a time, `gap` ms
// apart, so a bot's whole turn can be followed. Your own actions, snapshots and "skip" show
// everything queued at once. Shared by the game UIs (no game rules here).
export interface Timers { now(): number; set(fn: () => void, ms: number): number; clear(id: number): void; }

const browserTimers: Timers = {
  now: () => performance.now(),
  set: (fn, ms) => window.setTimeout(fn, ms),
  clear: (id) => window.clearTimeout(id),
};

export class Pacer<T> {
  private queue: T[] = [];
  private timer = 0;
  private last = -Infinity;
  /** Called whenever the number of pending items changes (to show or hide a skip control). */
  onChange: (pending: number) => void = () => {};

  /** `gap`: ms between two paced items; `busyGap` once more than `busy` items wait (catching up). */
  constructor(private show: (item: T) => void, private gap = 400, private busyGap = 300, private busy = 8,
              private timers: Timers = browserTimers) {}

  get pending(): number { return this.queue.length; }

  /** Shows `item` now (`paced` false: after everything queued) or in its turn. */
  push(item: T, paced: boolean): void {
    if (!paced) { this.skip(); this.emit(item); return; }
    this.queue.push(item);
    this.onChange(this.queue.length);
    this.pump();
  }

  /** Shows everything queued, now. */
  skip(): void {
    this.timers.clear(this.timer);
    this.timer = 0;
    const items = this.queue;
    if (!items.length) return;
    this.queue = [];
    for (const it of items) this.emit(it);
    this.onChange(0);
  }

  /** Drops everything queued without showing it (the UI is going away). */
  stop(): void {
    this.timers.clear(this.timer);
    this.timer = 0;
    this.queue = [];
  }

  private emit(item: T): void {
    this.last = this.timers.now();
    this.show(item);
  }

  private pump(): void {
    if (this.timer || !this.queue.length) return;
    const gap = this.queue.length > this.busy ? this.busyGap : this.gap;
    const wait = Math.max(0, this.last + gap - this.timers.now());
    if (wait === 0) { this.emit(this.queue.shift()!); this.onChange(this.queue.length); this.pump(); return; }
    this.timer = this.timers.set(() => {
      this.timer = 0;
      const it = this.queue.shift();
      if (it !== undefined) { this.emit(it); this.onChange(this.queue.length); }
      this.pump();
    }, wait);
  }
}
