// Zoom and pan of the board (issue 18): pinch with two fingers, Ctrl + wheel (and a trackpad's
// pinch), drag with one finger or the mouse once zoomed in, and the +/−/fit buttons. Only the SVG's
// viewBox changes: the board is redrawn as usual, its hit areas grow with it. A drag never clicks.

/** The part of the board shown: its viewBox origin and the zoom factor (1: the whole board). */
export interface Zoom { x: number; y: number; s: number; }

/** The whole board with its sea, in board units (the land spans x 0…520, y 0…480). */
export const BOARD = { x: -49, y: -49, w: 638, h: 578 } as const;
export const MAX_ZOOM = 4;
export const FIT: Zoom = { x: BOARD.x, y: BOARD.y, s: 1 };

/** Keeps the zoom within 1…MAX_ZOOM and the view inside the board. */
export function clampZoom(z: Zoom): Zoom {
  const s = Math.min(MAX_ZOOM, Math.max(1, z.s));
  const w = BOARD.w / s, h = BOARD.h / s;
  const x = Math.min(BOARD.x + BOARD.w - w, Math.max(BOARD.x, z.x));
  const y = Math.min(BOARD.y + BOARD.h - h, Math.max(BOARD.y, z.y));
  return { x, y, s };
}

/** Zooms by `factor` keeping the board point (px, py) where it is on the screen. */
export function zoomAt(z: Zoom, factor: number, px: number, py: number): Zoom {
  const s = Math.min(MAX_ZOOM, Math.max(1, z.s * factor));
  const fx = (px - z.x) / (BOARD.w / z.s), fy = (py - z.y) / (BOARD.h / z.s);
  return clampZoom({ x: px - fx * (BOARD.w / s), y: py - fy * (BOARD.h / s), s });
}

/** Moves the view by (dx, dy) board units. */
export function panBy(z: Zoom, dx: number, dy: number): Zoom {
  return clampZoom({ x: z.x + dx, y: z.y + dy, s: z.s });
}

export function viewBoxOf(z: Zoom): string {
  const r = (n: number) => Math.round(n * 100) / 100;
  return `${r(z.x)} ${r(z.y)} ${r(BOARD.w / z.s)} ${r(BOARD.h / z.s)}`;
}

/**
 * Pointer and wheel gestures on `svg`; `get`/`set` read and store the zoom (set redraws).
 * Returns a function that removes the listeners.
 */
export function attachZoom(svg: SVGSVGElement, get: () => Zoom, set: (z: Zoom) => void): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let moved = 0;          // CSS px moved since the first finger went down
  let pinch: { d: number } | null = null;
  const unitsPerPx = () => { const r = svg.getBoundingClientRect(); return r.width ? Math.max(BOARD.w / r.width, BOARD.h / r.height) / get().s : 1; };
  const toBoard = (cx: number, cy: number) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: BOARD.x + BOARD.w / 2, y: BOARD.y + BOARD.h / 2 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const dist = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a.x - b.x, a.y - b.y); };
  const mid = () => { const [a, b] = [...pointers.values()]; return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; };

  const down = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) moved = 0;
    if (pointers.size === 2) pinch = { d: dist() };
  };
  const move = (e: PointerEvent) => {
    const prev = pointers.get(e.pointerId);
    if (!prev) return;
    const now = { x: e.clientX, y: e.clientY };
    if (pointers.size >= 2 && pinch) {
      const before = mid();
      pointers.set(e.pointerId, now);
      const d = dist();
      if (pinch.d > 0 && d > 0) {
        const m = mid();
        let z = zoomAt(get(), d / pinch.d, ...Object.values(toBoard(m.x, m.y)) as [number, number]);
        const k = unitsPerPx() * (get().s / z.s);
        z = panBy(z, -(m.x - before.x) * k, -(m.y - before.y) * k);
        set(z);
      }
      pinch.d = d;
      moved += 10;
      e.preventDefault();
      return;
    }
    pointers.set(e.pointerId, now);
    moved += Math.hypot(now.x - prev.x, now.y - prev.y);
    if (get().s > 1 && moved > 6) {
      const k = unitsPerPx();
      set(panBy(get(), -(now.x - prev.x) * k, -(now.y - prev.y) * k));
      e.preventDefault();
    }
  };
  const up = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  // A drag or a pinch is not a click on what lies under the finger.
  const click = (e: MouseEvent) => { if (moved > 6) { e.stopPropagation(); e.preventDefault(); moved = 0; } };
  const wheel = (e: WheelEvent) => {
    if (!e.ctrlKey && get().s === 1) return;  // a plain wheel scrolls the page until zoomed in
    e.preventDefault();
    const p = toBoard(e.clientX, e.clientY);
    if (e.ctrlKey) set(zoomAt(get(), Math.exp(-e.deltaY / 200), p.x, p.y));
    else { const k = unitsPerPx(); set(panBy(get(), e.deltaX * k, e.deltaY * k)); }
  };
  svg.addEventListener("pointerdown", down);
  svg.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  svg.addEventListener("click", click, true);
  svg.addEventListener("wheel", wheel, { passive: false });
  return () => {
    svg.removeEventListener("pointerdown", down);
    svg.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    svg.removeEventListener("click", click, true);
    svg.removeEventListener("wheel", wheel);
  };
}
