// Polls one desk endpoint while a page shows it, calling `show` when the answer's `rev` (or, without
// one, its text) changed, and `fail` on a refusal; stops on dispose.
import { desk, DeskError } from "./api";

export const POLL_MS = 2000;

export function poll(path: string, token: string, show: (body: any) => void, fail: (e: DeskError | Error) => void): { stop(): void; now(): void } {
  let stopped = false;
  let timer = 0;
  let last = "";
  async function tick() {
    window.clearTimeout(timer);
    try {
      const body = await desk("GET", path, token);
      if (stopped) return;
      const mark = body && typeof body.rev === "number" ? `rev ${body.rev}` : JSON.stringify(body);
      if (mark !== last) { last = mark; show(body); }
    } catch (e) {
      if (stopped) return;
      fail(e as Error);
    }
    if (!stopped) timer = window.setTimeout(tick, POLL_MS);
  }
  tick();
  return {
    stop() { stopped = true; window.clearTimeout(timer); },
    /** Fetch again at once (after an action), re-rendering even when nothing changed. */
    now() { last = ""; tick(); },
  };
}

/** Re-renders a page now, or, while the user types in one of its fields, once they leave it: a
 *  new revision never throws away what is being typed. */
export function idleRenderer(root: HTMLElement, render: () => void): { request(): void; dispose(): void } {
  let pending = false;
  const busy = () => root.contains(document.activeElement) && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName ?? "");
  const onFocusOut = () => window.setTimeout(() => { if (pending && !busy()) { pending = false; render(); } }, 0);
  root.addEventListener("focusout", onFocusOut);
  return {
    request() { if (busy()) pending = true; else { pending = false; render(); } },
    dispose() { root.removeEventListener("focusout", onFocusOut); },
  };
}
