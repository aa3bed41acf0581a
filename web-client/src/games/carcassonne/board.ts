// The board: an SVG of placed tiles (one <use> per tile), pannable and zoomable with the mouse
// wheel, drag, pinch (pointer events) and buttons. Taps are hit-tested by the board itself so a
// drag never counts as a tap.
import { TILES, rotatePoint, spotPoints } from "./tiles";
import { SVG_NS, cloisterSymbol, meeple, s, tileSymbol } from "./art";

export const U = 100;                         // one tile = 100 SVG units
/** The smallest zoom the board chooses by itself: a candidate cell (92 units) is then ≥ 44 CSS px
 *  (issue 27: touch targets at every zoom the game reaches; a bigger board is panned, not shrunk). */
export const MIN_FIT_ZOOM = 44 / 92 + 0.005;
/** The zooms a player reaches with the buttons, the wheel or a pinch: never below 44-px cells either
 *  (issue 27: "touch targets ≥ 44 px at every zoom a game reaches"; a bigger board is panned). */
export const MIN_ZOOM = MIN_FIT_ZOOM, MAX_ZOOM = 3;
/** A follower spot's invisible hit circle, in board units: 46 units, ≥ 44 CSS px from zoom 1 up, the
 *  least zoom while spots are offered (they are ≥ 14 units apart: a tap goes to the nearest spot). */
export const SPOT_HIT_R = 23, SPOT_MIN_ZOOM = 1;
export interface Cell { x: number; y: number }
export interface BoardScene {
  board: { x: number; y: number; tile: string; rotation: number }[];
  followers: { player: number; x: number; y: number; spot: number; feature: string }[];
  candidates: { x: number; y: number; ok: boolean }[];   // ok: legal for the chosen rotation
  ghost: { x: number; y: number; tile: string; rotation: number } | null;
  spots: { x: number; y: number; tile: string; rotation: number; spot: number; feature: string; label: string }[];
  highlight: [number, number][];
  lastPlaced: Cell | null;
  colors: readonly string[];
  /** The seat's mark (shape and initial, app/seats.ts) drawn on its followers: colour is never the only cue. */
  badge?: (player: number) => SVGSVGElement;
}

export class Board {
  readonly el: SVGSVGElement;
  private defs: SVGElement;
  private layers: Record<string, SVGElement> = {};
  private cx = 50; private cy = 50; private zoom = 1;   // zoom: CSS px per SVG unit
  private minZoom = MIN_ZOOM;                          // SPOT_MIN_ZOOM while follower spots are offered
  private clampZoom(z: number): number { return Math.max(this.minZoom, Math.min(MAX_ZOOM, z)); }
  private userMoved = false;
  private pointers = new Map<number, { x: number; y: number; sx: number; sy: number }>();
  private pinch: { d: number; zoom: number } | null = null;
  private dragged = false;
  private symbols = new Set<string>();
  private bounds = { x0: 0, y0: 0, x1: 1, y1: 1 };
  private ro: ResizeObserver | null = null;

  constructor(private onCell: (c: Cell) => void, private onSpot: (spot: number) => void) {
    this.el = document.createElementNS(SVG_NS, "svg") as SVGSVGElement;
    this.el.setAttribute("class", "car-board");
    this.el.setAttribute("data-testid", "car-board");
    // A group (not an image): it holds the focusable candidate cells and follower spots (axe-core:
    // nested-interactive); its name is set by the UI in the reader's language.
    this.el.setAttribute("role", "group");
    this.defs = s("defs");
    this.el.append(this.defs);
    for (const name of ["tiles", "hl", "cands", "ghost", "followers", "spothits", "spots"]) {
      this.layers[name] = s("g", { class: `car-layer-${name}` });
      this.el.append(this.layers[name]);
    }
    this.el.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    // A cell reached by the keyboard (Tab) is brought into view when the board is larger than the window.
    this.el.addEventListener("focusin", (e) => {
      const cell = (e.target as Element | null)?.getAttribute?.("data-cell");
      if (cell) { const [x, y] = cell.split(",").map(Number); this.reveal({ x, y }); }
    });
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    this.el.addEventListener("pointermove", (e) => this.move(e));
    this.el.addEventListener("pointerup", (e) => this.up(e));
    this.el.addEventListener("pointercancel", (e) => { this.pointers.delete(e.pointerId); this.pinch = null; });
    if (typeof ResizeObserver !== "undefined") {
      this.ro = new ResizeObserver(() => { if (!this.userMoved) this.fit(); else this.apply(); });
      this.ro.observe(this.el);
    }
  }

  destroy(): void { this.ro?.disconnect(); }

  private sym(letter: string): string {
    const id = `car-tile-${letter}`;
    if (!this.symbols.has(letter) && TILES[letter]) { this.defs.append(tileSymbol(letter, id)); this.symbols.add(letter); }
    return `#${id}`;
  }

  private use(letter: string, x: number, y: number, rot: number, cls: string): SVGElement {
    const u = s("use", { href: this.sym(letter), width: U, height: U,
      transform: `rotate(${rot * 90},50,50)` });
    const g = s("g", { class: cls, transform: `translate(${x * U},${y * U})` });
    g.append(u);
    if (TILES[letter]?.cloister) {
      if (!this.symbols.has("cloister")) { this.defs.append(cloisterSymbol("car-cloister")); this.symbols.add("cloister"); }
      g.append(s("use", { href: "#car-cloister", width: U, height: U }));
    }
    return g;
  }

  render(sc: BoardScene): void {
    for (const l of Object.values(this.layers)) l.replaceChildren();
    const L = this.layers;
    let x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    const grow = (x: number, y: number) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
    const byCell = new Map<string, { tile: string; rotation: number }>();
    for (const t of sc.board) {
      L.tiles.append(this.use(t.tile, t.x, t.y, t.rotation, "car-tile"));
      byCell.set(`${t.x},${t.y}`, t);
      grow(t.x, t.y);
    }
    if (sc.lastPlaced) L.hl.append(s("rect", { x: sc.lastPlaced.x * U + 2, y: sc.lastPlaced.y * U + 2, width: U - 4, height: U - 4, class: "car-last" }));
    for (const [x, y] of sc.highlight)
      L.hl.append(s("rect", { x: x * U + 3, y: y * U + 3, width: U - 6, height: U - 6, class: "car-hl", "data-testid": "car-hl" }));
    for (const c of sc.candidates) {
      grow(c.x, c.y);
      const r = s("rect", { x: c.x * U + 4, y: c.y * U + 4, width: U - 8, height: U - 8, rx: 8,
        class: c.ok ? "car-cand ok" : "car-cand", "data-cell": `${c.x},${c.y}`, "data-testid": `cell-${c.x}-${c.y}`,
        tabindex: 0, role: "button", "aria-label": `${c.x}, ${c.y}` });
      L.cands.append(r);
    }
    if (sc.ghost) {
      const g = sc.ghost;
      L.ghost.append(this.use(g.tile, g.x, g.y, g.rotation, "car-ghost"));
      L.ghost.append(s("rect", { x: g.x * U + 1, y: g.y * U + 1, width: U - 2, height: U - 2, class: "car-ghost-frame",
        "data-cell": `${g.x},${g.y}`, "data-testid": "car-ghost" }));
    }
    for (const f of sc.followers) {
      const t = byCell.get(`${f.x},${f.y}`);
      if (!t) continue;
      const p = rotatePoint(spotPoints(t.tile)[f.spot] ?? [50, 50], t.rotation);
      const m = meeple(sc.colors[f.player % sc.colors.length], f.feature === "field");
      // (a third larger than drawn: the seat's shape and initial on it stay readable on a phone, issue 27)
      m.setAttribute("transform", `translate(${f.x * U + p[0]},${f.y * U + p[1]}) scale(1.3)`);
      if (sc.badge) {
        const b = sc.badge(f.player);
        for (const [k, v] of Object.entries({ x: -7.5, y: -6, width: 15, height: 15, class: "car-meeple-badge" })) b.setAttribute(k, String(v));
        m.append(b);
        m.setAttribute("data-player", String(f.player));
      }
      L.followers.append(m);
    }
    for (const sp of sc.spots) {
      const p = rotatePoint(spotPoints(sp.tile)[sp.spot] ?? [50, 50], sp.rotation);
      const g = s("g", { class: `car-spot car-spot-${sp.feature}`, "data-spot": sp.spot, "data-testid": `spot-${sp.spot}`, id: `car-spot-${sp.spot}`,
        transform: `translate(${sp.x * U + p[0]},${sp.y * U + p[1]})` });
      const t = s("title"); t.textContent = sp.label; g.append(t);
      // (the hit circles lie under every spot's ring: each ring's centre stays its own to click)
      L.spothits.append(s("circle", { r: SPOT_HIT_R, class: "car-spot-hit", "data-spot": sp.spot,
        transform: `translate(${sp.x * U + p[0]},${sp.y * U + p[1]})` }));
      g.append(s("circle", { r: 12, class: "car-spot-ring" }));   // spots are ≥ 14 apart: no ring hides another's centre
      g.append(s("circle", { r: 4, class: "car-spot-dot" }));
      L.spots.append(g);
    }
    this.bounds = { x0, y0, x1: x1 + 1, y1: y1 + 1 };
    this.minZoom = sc.spots.length ? SPOT_MIN_ZOOM : MIN_ZOOM;
    this.zoom = this.clampZoom(this.zoom);
    if (!this.userMoved) this.fit(); else this.apply();
  }

  /** Shows the whole board (and the legal cells) at a size clamped to stay readable. */
  fit(): void {
    const { width: fullW, height: full } = this.size();
    const right = fullW > 300 ? 60 : 0;                   // the zoom buttons' column
    const width = fullW - right;
    const height = Math.max(80, full - this.inset.top - this.inset.bottom);
    const b = this.bounds;
    const w = (b.x1 - b.x0) * U, h = (b.y1 - b.y0) * U;
    this.zoom = Math.max(MIN_FIT_ZOOM, Math.min(1.1, Math.min(width / (w + 40), height / (h + 40))));
    this.cx = b.x0 * U + w / 2; this.cy = b.y0 * U + h / 2;
    if (this.focusOn) {
      this.zoom = Math.max(this.zoom, this.focusOn.zoom);
      this.cx = this.focusOn.cell.x * U + U / 2; this.cy = this.focusOn.cell.y * U + U / 2;
    }
    if (height < full) this.cy += (this.inset.bottom - this.inset.top) / 2 / this.zoom;
    this.cx += right / 2 / this.zoom;
    this.userMoved = false;
    this.apply();
  }

  /** Centres on a cell, zooming in to at least `minZoom` (so the follower spots are ≥ 44 px apart on a phone). */
  setFocus(c: Cell | null, minZoom: number): void {
    const same = c && this.focusOn && c.x === this.focusOn.cell.x && c.y === this.focusOn.cell.y;
    this.focusOn = c ? { cell: c, zoom: minZoom } : null;
    if (c && !same) this.userMoved = false;
  }
  private focusOn: { cell: Cell; zoom: number } | null = null;
  private inset = { top: 0, bottom: 0 };
  /** Screen pixels at the top and bottom covered by floating panels (phone layout). */
  setInsets(top: number, bottom: number): void { this.inset = { top, bottom }; }

  /** Pans (without zooming) so that cell `c` lies inside the visible part of the board. */
  reveal(c: Cell): void {
    const { width, height } = this.size();
    const w = width / this.zoom, h = (height - this.inset.top - this.inset.bottom) / this.zoom;
    const midY = this.cy + (this.inset.top - this.inset.bottom) / 2 / this.zoom;
    const x0 = c.x * U, y0 = c.y * U, m = 20;
    let dx = 0, dy = 0;
    if (x0 - m < this.cx - w / 2) dx = x0 - m - (this.cx - w / 2);
    else if (x0 + U + m > this.cx + w / 2 - 60 / this.zoom) dx = x0 + U + m - (this.cx + w / 2 - 60 / this.zoom);
    if (y0 - m < midY - h / 2) dy = y0 - m - (midY - h / 2);
    else if (y0 + U + m > midY + h / 2) dy = y0 + U + m - (midY + h / 2);
    if (!dx && !dy) return;
    this.cx += dx; this.cy += dy; this.userMoved = true; this.apply();
  }

  zoomBy(f: number): void { this.zoom = this.clampZoom(this.zoom * f); this.userMoved = true; this.apply(); }
  panBy(dx: number, dy: number): void { this.cx += dx / this.zoom; this.cy += dy / this.zoom; this.userMoved = true; this.apply(); }

  private size(): { width: number; height: number } {
    const r = this.el.getBoundingClientRect();
    return { width: Math.max(1, r.width), height: Math.max(1, r.height) };
  }

  private apply(): void {
    const { width, height } = this.size();
    const w = width / this.zoom, h = height / this.zoom;
    this.el.setAttribute("viewBox", `${this.cx - w / 2} ${this.cy - h / 2} ${w} ${h}`);
    this.el.setAttribute("data-zoom", this.zoom.toFixed(3));
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    const f = Math.exp(-e.deltaY * 0.0015);
    this.zoomAt(e.clientX, e.clientY, f);
  }

  private zoomAt(clientX: number, clientY: number, f: number): void {
    const r = this.el.getBoundingClientRect();
    const px = clientX - r.left - r.width / 2, py = clientY - r.top - r.height / 2;
    const wx = this.cx + px / this.zoom, wy = this.cy + py / this.zoom;
    this.zoom = this.clampZoom(this.zoom * f);
    this.cx = wx - px / this.zoom; this.cy = wy - py / this.zoom;
    this.userMoved = true;
    this.apply();
  }

  private down(e: PointerEvent): void {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, sx: e.clientX, sy: e.clientY });
    if (this.pointers.size === 1) this.dragged = false;
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), zoom: this.zoom };
      this.dragged = true;
    }
    try { this.el.setPointerCapture(e.pointerId); } catch { /* synthetic pointers */ }
  }

  private move(e: PointerEvent): void {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    const dx = e.clientX - p.x, dy = e.clientY - p.y;
    p.x = e.clientX; p.y = e.clientY;
    if (this.pointers.size === 1) {
      if (Math.hypot(p.x - p.sx, p.y - p.sy) > 8) this.dragged = true;
      if (this.dragged) { this.cx -= dx / this.zoom; this.cy -= dy / this.zoom; this.userMoved = true; this.apply(); }
    } else if (this.pointers.size === 2 && this.pinch) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const target = this.clampZoom(this.pinch.zoom * d / Math.max(1, this.pinch.d));
      this.zoomAt((a.x + b.x) / 2, (a.y + b.y) / 2, target / this.zoom);
      this.cx -= dx / 2 / this.zoom; this.cy -= dy / 2 / this.zoom;
      this.apply();
    }
  }

  /** The offered spot whose centre is nearest to a screen point (hit circles overlap). */
  private nearestSpot(x: number, y: number): number | null {
    let best: number | null = null, bestD = Infinity;
    for (const g of this.layers.spots.querySelectorAll("[data-spot]")) {  // (the rings, not the hit circles)
      const b = (g.querySelector(".car-spot-dot") ?? g).getBoundingClientRect();
      const d = (b.x + b.width / 2 - x) ** 2 + (b.y + b.height / 2 - y) ** 2;
      if (d < bestD) { bestD = d; best = Number(g.getAttribute("data-spot")); }
    }
    return best;
  }

  private up(e: PointerEvent): void {
    const had = this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!had || this.dragged || this.pointers.size > 0) return;
    const hit = document.elementsFromPoint(e.clientX, e.clientY);
    for (const el of hit) {
      const spot = el.closest("[data-spot]");
      if (spot) { this.onSpot(this.nearestSpot(e.clientX, e.clientY) ?? Number(spot.getAttribute("data-spot"))); return; }
      const cell = el.closest("[data-cell]");
      if (cell) {
        const [x, y] = cell.getAttribute("data-cell")!.split(",").map(Number);
        this.onCell({ x, y });
        return;
      }
    }
  }
}
