// The SVG board, drawn from catan.view: hexes (terrain colour + pattern), number tokens with
// probability pips, harbors with their rates, the robber, roads / settlements / cities, and the
// spots the player may click (given by the caller from catan.legal).
import { s, clear } from "./dom";
import { GEO, px, Pt } from "./geometry";
import { building, SEAT_COLORS, SEAT_DASH } from "./pieces";
import { t, Key } from "./strings";
import { BOARD } from "./zoom";
import type { Lang } from "../../app/contract";

const SIZE = 60;
const TERRAIN_FILL: Record<string, string> = {
  forest: "#2e7d32", pasture: "#9ccc65", fields: "#f2c230", hills: "#c1602b", mountains: "#8a8f98", desert: "#e6d5a2",
};
export const RESOURCE_FILL: Record<string, string> = {
  lumber: "#2e7d32", wool: "#9ccc65", grain: "#f2c230", brick: "#c1602b", ore: "#8a8f98", generic: "#ffffff",
};
const TERRAIN_RESOURCE: Record<string, string> = { forest: "lumber", pasture: "wool", fields: "grain", hills: "brick", mountains: "ore" };

export interface Highlights {
  intersections: Map<number, () => void>;
  edges: Map<number, () => void>;
  robberHexes: Map<number, () => void>;
  producing?: Set<number>;  // the hexes the last roll made produce (lit for a moment)
  selected?: { kind: SpotKind; id: number } | null;  // a spot tapped, waiting for the player's confirmation
  flash?: { intersections: number[]; edges: number[]; hexes: number[]; age?: number } | null;  // where another seat just acted
}

export type SpotKind = "intersection" | "edge";

/** Hit areas (issue 18, issue 27): invisible, larger than the drawing, in board units: a circle round
 *  each intersection and round each road's middle, 92 units across. The board is at least 0.52 CSS px
 *  per unit (a 360-px phone at zoom 1; zooming in only grows it), so every target is ≥ 47 CSS px both
 *  ways at every zoom; the sea leaves room for the outer ones (≥ 49 units on every side). Only the
 *  legal spots of one kind take a pointer at a time (a build mode, a setup step), and where
 *  neighbouring areas overlap a click goes to the nearest legal spot, so a tap is never ambiguous. */
export const HIT = { intersectionR: 46, edgeR: 46 } as const;

/** The spot of `ids` nearest to the board point (x, y): intersections by their point, edges by their middle. */
export function nearestSpot(kind: SpotKind, ids: Iterable<number>, x: number, y: number): number | null {
  let best: number | null = null, bestD = Infinity;
  for (const id of ids) {
    const q = kind === "intersection" ? P(GEO.intersection[id])
      : (() => { const [a, b] = GEO.edgeEnds[id].map((i) => P(GEO.intersection[i])); return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }; })();
    const d = (q.x - x) ** 2 + (q.y - y) ** 2;
    if (d < bestD) { bestD = d; best = id; }
  }
  return best;
}

export function noHighlights(): Highlights {
  return { intersections: new Map(), edges: new Map(), robberHexes: new Map() };
}

const P = (p: Pt) => px(p, SIZE);

function patterns(): SVGElement {
  const defs = s("defs");
  const pat = (id: string, w: number, hgt: number, ...kids: SVGElement[]) => {
    const p = s("pattern", { id, width: w, height: hgt, patternUnits: "userSpaceOnUse" });
    kids.forEach((k) => p.append(k));
    defs.append(p);
  };
  pat("pat-forest", 18, 18, s("polygon", { points: "9,2 15,14 3,14", fill: "#1b5e20" }), s("rect", { x: 8, y: 14, width: 2, height: 3, fill: "#4e342e" }));
  pat("pat-pasture", 14, 14, s("path", { d: "M3 10 l2 -5 l2 5 M9 12 l1.5 -4 l1.5 4", stroke: "#558b2f", "stroke-width": 1.3, fill: "none" }));
  pat("pat-fields", 10, 10, s("path", { d: "M0 10 L10 0", stroke: "#c69214", "stroke-width": 2 }));
  pat("pat-hills", 20, 10, s("path", { d: "M0 0.5 H20 M0 5.5 H20 M5 0 V5 M15 5 V10", stroke: "#8d3a14", "stroke-width": 1 }));
  pat("pat-mountains", 22, 16, s("path", { d: "M1 15 L8 4 L15 15 M10 15 L15 8 L21 15", stroke: "#5f6368", "stroke-width": 1.5, fill: "none" }));
  pat("pat-desert", 12, 12, s("circle", { cx: 3, cy: 3, r: 1, fill: "#bfa970" }), s("circle", { cx: 9, cy: 8, r: 1, fill: "#bfa970" }));
  return defs;
}

function hexPoints(h: number): string {
  return GEO.hexCorners[h].map((i) => { const q = P(GEO.intersection[i]); return `${q.x.toFixed(1)},${q.y.toFixed(1)}`; }).join(" ");
}

function pips(n: number): number { return n ? 6 - Math.abs(7 - n) : 0; }

function numberToken(n: number, c: Pt): SVGElement {
  const hot = n === 6 || n === 8;
  const g = s("g", { class: hot ? "token hot" : "token" });
  g.append(s("circle", { cx: c.x, cy: c.y, r: 17, fill: "#fbf3dc", stroke: "#5d4a1f", "stroke-width": 1.5 }));
  g.append(s("text", { x: c.x, y: c.y - 1, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": hot ? 17 : 15,
    "font-weight": hot ? 800 : 600, fill: hot ? "#c62828" : "#222" }, String(n)));
  const k = pips(n);
  for (let i = 0; i < k; ++i) {
    g.append(s("circle", { cx: c.x + (i - (k - 1) / 2) * 4.2, cy: c.y + 10, r: 1.5, fill: hot ? "#c62828" : "#222" }));
  }
  return g;
}

function harbor(slot: number, type: string, lang: Lang): SVGElement {
  const e = GEO.harborEdge[slot];
  const [a, b] = GEO.edgeEnds[e].map((i) => P(GEO.intersection[i]));
  const c = P(GEO.hexCenter[GEO.harborHex[slot]]);
  const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const out = { x: m.x + (m.x - c.x) * 0.75, y: m.y + (m.y - c.y) * 0.75 };
  const g = s("g", { class: "harbor", "data-testid": `harbor-${slot}`, "data-type": type });
  for (const q of [a, b]) g.append(s("line", { x1: q.x, y1: q.y, x2: out.x, y2: out.y, stroke: "#6d4c41", "stroke-width": 4, "stroke-linecap": "round" }));
  g.append(s("circle", { cx: out.x, cy: out.y, r: 22, fill: RESOURCE_FILL[type] ?? "#fff", stroke: "#333", "stroke-width": 1.5 }));
  const rate = type === "generic" ? "3:1" : "2:1";
  g.append(s("text", { x: out.x, y: out.y - (type === "generic" ? 0 : 5), "text-anchor": "middle", "dominant-baseline": "middle",
    "font-size": 12, "font-weight": 700, fill: "#111", class: "harbor-rate" }, rate));
  if (type !== "generic") {
    const label = t(lang, type as Key);
    g.append(s("text", { x: out.x, y: out.y + 8, "text-anchor": "middle", "dominant-baseline": "middle", "font-size": lang === "en" ? 8.5 : 9.5, fill: "#111" },
      label));
  }
  g.append(s("title", {}, type === "generic" ? t(lang, "generic") : t(lang, "harbor2", { res: t(lang, type as Key) })));
  return g;
}

function robber(c: Pt, desert: boolean): SVGElement {
  const x = desert ? c.x : c.x - 30, y = c.y + 2;
  const g = s("g", { class: "robber", "data-testid": "robber" });
  g.append(s("ellipse", { cx: x, cy: y + 12, rx: 9, ry: 3, fill: "#000", opacity: 0.3 }));
  g.append(s("path", { d: `M${x - 8} ${y + 12} Q${x - 9} ${y - 4} ${x} ${y - 6} Q${x + 9} ${y - 4} ${x + 8} ${y + 12} Z`, fill: "#262626", stroke: "#eee", "stroke-width": 1 }));
  g.append(s("circle", { cx: x, cy: y - 10, r: 6, fill: "#262626", stroke: "#eee", "stroke-width": 1 }));
  return g;
}

function activate(el: SVGElement, label: string, onClick: (e?: MouseEvent) => void): void {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.setAttribute("data-legal", "1");
  el.classList.add("legal");
  el.addEventListener("click", (e) => { e.preventDefault(); onClick(e as MouseEvent); });
  el.addEventListener("keydown", (e: Event) => {
    const k = (e as KeyboardEvent).key;
    if (k === "Enter" || k === " ") { e.preventDefault(); onClick(); }
  });
}

export interface BoardOptions {
  lang: Lang; initials: string[]; names: string[];
  viewBox?: string;  // zoomed in: the part of the board shown
  /** A legal spot was clicked or tapped (`id` already the nearest legal spot to the pointer). */
  pick?: (kind: SpotKind, id: number, fn: () => void, e?: MouseEvent) => void;
}

/** The board point under a mouse event. */
function boardPoint(svg: SVGSVGElement, e: MouseEvent): { x: number; y: number } | null {
  const m = svg.getScreenCTM();
  if (!m || !e.detail) return null;  // a keyboard or scripted click: no pointer position
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/** Draws `view` into `svg` (replacing what was there) with `hl` as the clickable spots. */
export function renderBoard(svg: SVGSVGElement, view: any, hl: Highlights, o: BoardOptions): void {
  clear(svg);
  svg.setAttribute("viewBox", o.viewBox ?? `${BOARD.x} ${BOARD.y} ${BOARD.w} ${BOARD.h}`);
  svg.setAttribute("class", "board");
  svg.setAttribute("data-testid", "board");
  svg.setAttribute("role", "group");
  svg.append(patterns());
  svg.append(s("rect", { x: BOARD.x, y: BOARD.y, width: BOARD.w, height: BOARD.h, fill: "#4f8fc0", rx: 18, class: "sea" }));
  const board = view?.board ?? {};
  const land = s("g", { class: "land" });
  for (let h = 0; h < 19; ++h) {
    const terrain: string = board.terrain?.[h] ?? "desert";
    const num: number = board.numbers?.[h] ?? 0;
    const c = P(GEO.hexCenter[h]);
    const lit = hl.producing?.has(h) ?? false;
    const g = s("g", { class: `hex terrain-${terrain}${lit ? " producing" : ""}`, "data-testid": `hex-${h}`, "data-terrain": terrain, "data-number": num });
    g.append(s("polygon", { points: hexPoints(h), fill: TERRAIN_FILL[terrain] ?? "#ccc", stroke: "#f3e6c0", "stroke-width": 3 }));
    g.append(s("polygon", { points: hexPoints(h), fill: `url(#pat-${terrain})`, opacity: 0.55 }));
    const res = TERRAIN_RESOURCE[terrain];
    g.append(s("title", {}, `${t(o.lang, terrain as Key)}${res ? " → " + t(o.lang, res as Key) : ""}${num ? " · " + num : ""}`));
    if (num) g.append(numberToken(num, c));
    if (lit) g.append(s("polygon", { points: hexPoints(h), class: "hex-producing", fill: "none", stroke: "#ffd54f", "stroke-width": 7, "data-testid": `producing-${h}` }));
    land.append(g);
  }
  svg.append(land);
  const harbors = s("g", { class: "harbors" });
  (board.harbors ?? []).forEach((type: string, slot: number) => harbors.append(harbor(slot, type, o.lang)));
  svg.append(harbors);

  // Robber target overlays (under the pieces, above the land).
  const robberLayer = s("g", { class: "robber-targets" });
  for (const [h, fn] of hl.robberHexes) {
    const poly = s("polygon", { points: hexPoints(h), class: "robber-target", "data-testid": `robber-hex-${h}` });
    activate(poly, `${t(o.lang, "moveRobber")} — ${t(o.lang, "hexName", { id: h })}`, fn);
    robberLayer.append(poly);
  }
  svg.append(robberLayer);

  // Roads.
  const roads = s("g", { class: "roads" });
  for (const [id, owner] of Object.entries(view?.roads ?? {})) {
    const [a, b] = GEO.edgeEnds[Number(id)].map((i) => P(GEO.intersection[i]));
    const seat = Number(owner);
    const sx = a.x + (b.x - a.x) * 0.18, sy = a.y + (b.y - a.y) * 0.18, ex = a.x + (b.x - a.x) * 0.82, ey = a.y + (b.y - a.y) * 0.82;
    const g = s("g", { class: "piece road", "data-testid": `road-${id}`, "data-owner": seat });
    g.append(s("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: "#111", "stroke-width": 11, "stroke-linecap": "round" }));
    g.append(s("line", { x1: sx, y1: sy, x2: ex, y2: ey, stroke: SEAT_COLORS[seat], "stroke-width": 7, "stroke-linecap": "butt",
      "stroke-dasharray": SEAT_DASH[seat] || null }));
    g.append(s("title", {}, `${t(o.lang, "road")} — ${o.names[seat] ?? seat}`));
    roads.append(g);
  }
  svg.append(roads);

  // A click on a legal spot goes to the nearest legal spot of its kind (hit areas overlap).
  const picker = (kind: SpotKind, id: number, spots: Map<number, () => void>) => (e?: MouseEvent) => {
    const at = e ? boardPoint(svg, e) : null;
    const near = at ? nearestSpot(kind, spots.keys(), at.x, at.y) ?? id : id;
    const fn = spots.get(near)!;
    if (o.pick) o.pick(kind, near, fn, e); else fn();
  };
  const sel = hl.selected ?? null;

  // Edge spots: the drawn mark, and an invisible hit area around it.
  const edgeLayer = s("g", { class: "edge-spots" });
  GEO.edgeEnds.forEach(([i, j], e) => {
    const a = P(GEO.intersection[i]), b = P(GEO.intersection[j]);
    // The mark: a quadrilateral rather than a line (a vertical line has an empty bounding box).
    const quad = (half: number, from: number, to: number) => {
      const len = Math.hypot(b.x - a.x, b.y - a.y), nx = -(b.y - a.y) / len * half, ny = (b.x - a.x) / len * half;
      const p1 = { x: a.x + (b.x - a.x) * from, y: a.y + (b.y - a.y) * from }, p2 = { x: a.x + (b.x - a.x) * to, y: a.y + (b.y - a.y) * to };
      return [[p1.x + nx, p1.y + ny], [p2.x + nx, p2.y + ny], [p2.x - nx, p2.y - ny], [p1.x - nx, p1.y - ny]].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
    };
    const selected = sel?.kind === "edge" && sel.id === e;
    const g = s("g", { class: `spot edge-spot${selected ? " selected" : ""}`, "data-testid": `edge-${e}` });
    g.append(s("circle", { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, r: HIT.edgeR, class: "hit" }), s("polygon", { points: quad(6, 0.2, 0.8), class: "mark" }));
    if (hl.edges.has(e)) activate(g, `${t(o.lang, "road")} ${e}`, picker("edge", e, hl.edges));
    edgeLayer.append(g);
  });
  svg.append(edgeLayer);

  // Robber.
  if (typeof view?.robber === "number") {
    svg.append(robber(P(GEO.hexCenter[view.robber]), (board.terrain?.[view.robber] ?? "") === "desert"));
  }

  // Settlements and cities.
  const pieces = s("g", { class: "buildings" });
  const put = (obj: Record<string, number> | undefined, city: boolean) => {
    for (const [id, owner] of Object.entries(obj ?? {})) {
      const q = P(GEO.intersection[Number(id)]);
      const g = building(Number(owner), q.x, q.y, city, o.initials[Number(owner)] ?? String(Number(owner) + 1));
      g.setAttribute("data-testid", `${city ? "city" : "settlement"}-${id}`);
      g.append(s("title", {}, `${t(o.lang, city ? "city" : "settlement")} — ${o.names[Number(owner)] ?? owner}`));
      pieces.append(g);
    }
  };
  put(view?.settlements, false);
  put(view?.cities, true);
  svg.append(pieces);

  // Where another seat just acted: a ring that fades (issue 18).
  if (hl.flash) {
    const fl = s("g", { class: "flashes", "data-testid": "flashes", style: `--age:-${Math.round(hl.flash.age ?? 0)}ms` });
    for (const i of hl.flash.intersections) { const q = P(GEO.intersection[i]); fl.append(s("circle", { cx: q.x, cy: q.y, r: 22, class: "flash", "data-testid": `flash-intersection-${i}` })); }
    for (const e of hl.flash.edges) {
      const [a, b] = GEO.edgeEnds[e].map((i) => P(GEO.intersection[i]));
      fl.append(s("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "flash", "data-testid": `flash-edge-${e}` }));
    }
    for (const h of hl.flash.hexes) fl.append(s("polygon", { points: hexPoints(h), class: "flash", "data-testid": `flash-hex-${h}` }));
    svg.append(fl);
  }

  // Intersection spots (on top so they can be clicked over a settlement to build a city).
  const spotLayer = s("g", { class: "intersection-spots" });
  GEO.intersection.forEach((p, i) => {
    const q = P(p);
    const selected = sel?.kind === "intersection" && sel.id === i;
    const c = s("g", { class: `spot intersection-spot${selected ? " selected" : ""}`, "data-testid": `intersection-${i}` },
      s("circle", { cx: q.x, cy: q.y, r: HIT.intersectionR, class: "hit" }), s("circle", { cx: q.x, cy: q.y, r: 12, class: "mark" }));
    if (hl.intersections.has(i)) activate(c, `${t(o.lang, "settlement")} / ${t(o.lang, "city")} ${i}`, picker("intersection", i, hl.intersections));
    spotLayer.append(c);
  });
  svg.append(spotLayer);
}
