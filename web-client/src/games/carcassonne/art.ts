// Tile art: one <symbol> per tile letter, drawn from its segments (fields, roads, cities, pennants,
// cloister), reused by <use> so a board of 100+ tiles stays light.
import { TILES, cityPath, roadPath, spotPoints } from "./tiles";

export const SVG_NS = "http://www.w3.org/2000/svg";
export function s(tag: string, attrs: Record<string, string | number> = {}): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

export function tileSymbol(letter: string, id: string): SVGElement {
  const sym = s("symbol", { id, viewBox: "0 0 100 100" });
  const t = TILES[letter];
  sym.append(s("rect", { x: 0, y: 0, width: 100, height: 100, class: "car-field" }));
  if (!t) return sym;
  const roads = t.segments.filter((g) => g.feature === "road");
  for (const g of roads) {
    sym.append(s("path", { d: roadPath(g.edges), class: "car-road-edge" }));
  }
  for (const g of roads) sym.append(s("path", { d: roadPath(g.edges), class: "car-road" }));
  if (roads.filter((g) => g.edges.length === 1).length >= 3) {        // a crossroads: L, W, X
    sym.append(s("rect", { x: 40, y: 40, width: 20, height: 20, rx: 3, class: "car-junction" }));
  }
  const pts = spotPoints(letter);
  t.segments.forEach((g, i) => {
    if (g.feature !== "city") return;
    sym.append(s("path", { d: cityPath(g.edges), class: "car-city" }));
    if (g.pennant) {
      const [x, y] = pts[i];
      const px = x + (x >= 50 ? -16 : 16), py = y - 6;
      sym.append(s("path", { d: `M${px - 6},${py - 7} h12 v7 q0,7 -6,10 q-6,-3 -6,-10 z`, class: "car-pennant" }));
      sym.append(s("path", { d: `M${px - 6},${py - 2} h12`, class: "car-pennant-band" }));
    }
  });
  return sym;
}

/** The cloister building, drawn upright whatever the tile's rotation. */
export function cloisterSymbol(id: string): SVGElement {
  const sym = s("symbol", { id, viewBox: "0 0 100 100" });
  sym.append(s("path", { d: "M36,64 V44 L50,32 L64,44 V64 Z", class: "car-cloister" }));
  sym.append(s("path", { d: "M47,64 v-9 a3,3 0 0 1 6,0 v9 Z", class: "car-cloister-door" }));
  sym.append(s("path", { d: "M50,24 v8 M46.5,27 h7", class: "car-cloister-cross" }));
  return sym;
}

/** A follower: standing for knight/thief/monk, lying for a farmer. Drawn around (0,0), ~20 units. */
export function meeple(color: string, lying: boolean): SVGElement {
  const g = s("g", { class: "car-meeple" });
  const body = s("g", { fill: color, stroke: "#1d1a16", "stroke-width": 1.3, "stroke-linejoin": "round" });
  body.append(s("path", { d: "M-3.5,-4 h7 l8,3.5 q1.5,2.5 -0.5,4 l-5,-1 l3,8.5 h-5.5 l-2.5,-4.5 l-2.5,4.5 h-5.5 l3,-8.5 l-5,1 q-2,-1.5 -0.5,-4 Z" }));
  body.append(s("circle", { cx: 0, cy: -8, r: 4.6 }));
  if (lying) body.setAttribute("transform", "rotate(-90)");
  g.append(body);
  return g;
}
