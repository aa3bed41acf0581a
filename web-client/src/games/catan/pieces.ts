// Seat colours and per-seat shapes: colour is never the only cue (each seat also has its own
// shape and the player's initial is written on settlements and cities).
import { s } from "./dom";

export const SEAT_COLORS = ["#c62828", "#1565c0", "#ef6c00", "#f5f5f5"];
export const SEAT_TEXT = ["#fff", "#fff", "#000", "#000"];
export const SEAT_DASH = ["", "10 4", "3 3", "12 3 3 3"];
export const SEAT_SHAPE_NAMES = ["square", "circle", "triangle", "diamond"];

/** The seat's shape centred on (x, y) with "radius" r. */
export function seatShape(seat: number, x: number, y: number, r: number, attrs: Record<string, string | number> = {}): SVGElement {
  const fill = SEAT_COLORS[seat] ?? "#999";
  const common = { fill, stroke: "#111", "stroke-width": 2, ...attrs };
  switch (seat) {
    case 0: return s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: 2, ...common });
    case 1: return s("circle", { cx: x, cy: y, r: r * 1.1, ...common });
    case 2: return s("polygon", { points: `${x},${y - r * 1.35} ${x + r * 1.25},${y + r * 0.9} ${x - r * 1.25},${y + r * 0.9}`, ...common });
    default: return s("polygon", { points: `${x},${y - r * 1.35} ${x + r * 1.35},${y} ${x},${y + r * 1.35} ${x - r * 1.35},${y}`, ...common });
  }
}

/** A settlement (small shape) or city (large shape with a ring) with the owner's initial. */
export function building(seat: number, x: number, y: number, city: boolean, initial: string): SVGElement {
  const g = s("g", { class: city ? "piece city" : "piece settlement", "data-owner": seat });
  const r = city ? 15 : 10;
  if (city) g.append(seatShape(seat, x, y, r + 4, { fill: "none", "stroke-width": 3 }));
  g.append(seatShape(seat, x, y, r));
  const tx = s("text", { x, y: y + (seat === 2 ? 4 : 1), class: "piece-initial", fill: SEAT_TEXT[seat] ?? "#000",
    "font-size": city ? 14 : 11, "text-anchor": "middle", "dominant-baseline": "middle" }, initial);
  g.append(tx);
  return g;
}

/** A small legend icon (an inline SVG) of the seat's shape and colour. */
export function seatIcon(seat: number, size = 16): SVGElement {
  const svg = s("svg", { width: size, height: size, viewBox: "-12 -12 24 24", class: "seat-icon", "aria-hidden": "true" });
  svg.append(seatShape(seat, 0, 0, 8));
  return svg;
}
