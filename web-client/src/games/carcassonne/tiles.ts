// The 24 base tile types as drawing data (rotation 0), from games/carcassonne/docs/protocol.md:
// each segment is a feature with the sides (roads, cities) or half-sides (fields) it covers, and
// its spot number (the index in the list; the cloister is spot 8). Only used to draw; no rules.
export type Side = "N" | "E" | "S" | "W";
export type Half = "Nw" | "Ne" | "En" | "Es" | "Se" | "Sw" | "Ws" | "Wn";
export type Feature = "city" | "road" | "field" | "cloister";
export interface Segment { feature: Feature; edges: string[]; pennant?: boolean }
export interface TileType { segments: Segment[]; cloister: boolean }

const c = (edges: string, pennant = false): Segment => ({ feature: "city", edges: edges.split(" "), pennant });
const r = (edges: string): Segment => ({ feature: "road", edges: edges.split(" ") });
const f = (edges: string): Segment => ({ feature: "field", edges: edges.split(" ") });
const ALL = "Nw Ne En Es Se Sw Ws Wn";

export const TILES: Record<string, TileType> = {
  A: { segments: [r("S"), f(ALL)], cloister: true },
  B: { segments: [f(ALL)], cloister: true },
  C: { segments: [c("N E S W", true)], cloister: false },
  D: { segments: [c("N"), r("E W"), f("En Wn"), f("Es Se Sw Ws")], cloister: false },
  E: { segments: [c("N"), f("En Es Se Sw Ws Wn")], cloister: false },
  F: { segments: [c("E W", true), f("Nw Ne"), f("Se Sw")], cloister: false },
  G: { segments: [c("E W"), f("Nw Ne"), f("Se Sw")], cloister: false },
  H: { segments: [c("N"), c("S"), f("En Es Ws Wn")], cloister: false },
  I: { segments: [c("N"), c("W"), f("En Es Se Sw")], cloister: false },
  J: { segments: [c("N"), r("E S"), f("En Sw Ws Wn"), f("Es Se")], cloister: false },
  K: { segments: [c("N"), r("S W"), f("En Es Se Wn"), f("Sw Ws")], cloister: false },
  L: { segments: [c("N"), r("E"), r("S"), r("W"), f("En Wn"), f("Sw Ws"), f("Es Se")], cloister: false },
  M: { segments: [c("N E", true), f("Se Sw Ws Wn")], cloister: false },
  N: { segments: [c("N E"), f("Se Sw Ws Wn")], cloister: false },
  O: { segments: [c("N W", true), r("E S"), f("En Sw"), f("Es Se")], cloister: false },
  P: { segments: [c("N W"), r("E S"), f("En Sw"), f("Es Se")], cloister: false },
  Q: { segments: [c("N E W", true), f("Se Sw")], cloister: false },
  R: { segments: [c("N E W"), f("Se Sw")], cloister: false },
  S: { segments: [c("N E W", true), r("S"), f("Sw"), f("Se")], cloister: false },
  T: { segments: [c("N E W"), r("S"), f("Sw"), f("Se")], cloister: false },
  U: { segments: [r("N S"), f("Nw Sw Ws Wn"), f("Ne En Es Se")], cloister: false },
  V: { segments: [r("S W"), f("Sw Ws"), f("Nw Ne En Es Se Wn")], cloister: false },
  W: { segments: [r("E"), r("S"), r("W"), f("Nw Ne En Wn"), f("Es Se"), f("Sw Ws")], cloister: false },
  X: { segments: [r("N"), r("E"), r("S"), r("W"), f("Nw Wn"), f("Ne En"), f("Sw Ws"), f("Es Se")], cloister: false },
};

export const SIDES: Side[] = ["N", "E", "S", "W"];
/** Midpoint of a side in tile units (0…100, y down). */
export const SIDE_POINT: Record<Side, [number, number]> = { N: [50, 0], E: [100, 50], S: [50, 100], W: [0, 50] };
export const HALF_POINT: Record<Half, [number, number]> = {
  Nw: [25, 0], Ne: [75, 0], En: [100, 25], Es: [100, 75], Se: [75, 100], Sw: [25, 100], Ws: [0, 75], Wn: [0, 25],
};

/** Rotates a point of a tile (0…100) by `rot` quarter turns clockwise around its centre. */
export function rotatePoint(p: [number, number], rot: number): [number, number] {
  let [x, y] = p;
  for (let i = 0; i < ((rot % 4) + 4) % 4; ++i) [x, y] = [100 - y, x];
  return [x, y];
}

/** Side `s` turned `rot` quarter turns clockwise. */
export function rotateSide(s: Side, rot: number): Side { return SIDES[(SIDES.indexOf(s) + rot) % 4]; }

/** What each of the four sides shows at rotation `rot`: "city", "road" or "field". */
export function sideKinds(letter: string, rot: number): Record<Side, Feature> {
  const out: Record<Side, Feature> = { N: "field", E: "field", S: "field", W: "field" };
  for (const seg of TILES[letter]?.segments ?? [])
    if (seg.feature !== "field") for (const e of seg.edges) out[rotateSide(e as Side, rot)] = seg.feature;
  return out;
}

const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const clamp = (v: number) => Math.min(88, Math.max(12, v));

/** Where the follower of each spot stands, at rotation 0 (index = spot number; cloister = 8). */
export function spotPoints(letter: string): Record<number, [number, number]> {
  const t = TILES[letter];
  const out: Record<number, [number, number]> = {};
  if (!t) return out;
  const taken: [number, number][] = [];
  const order = [...t.segments.keys()].sort((a, b) => rank(t.segments[a].feature) - rank(t.segments[b].feature));
  if (t.cloister) { out[8] = [50, 50]; taken.push([50, 50]); }
  for (const i of order) {
    const seg = t.segments[i];
    let p: [number, number];
    if (seg.feature === "city") {
      const v = avg(seg.edges.map((e) => SIDE_POINT[e as Side]));
      p = [50 + (v[0] - 50) * 0.7, 50 + (v[1] - 50) * 0.7];
    } else if (seg.feature === "road") {
      const pts = seg.edges.map((e) => SIDE_POINT[e as Side]);
      p = pts.length === 1 ? [50 + (pts[0][0] - 50) * 0.62, 50 + (pts[0][1] - 50) * 0.62]
        : [0.25 * pts[0][0] + 25 + 0.25 * pts[1][0], 0.25 * pts[0][1] + 25 + 0.25 * pts[1][1]];
    } else {
      p = avg(seg.edges.map((e) => HALF_POINT[e as Half]));
      if (taken.some((q) => dist(q, p) < 18)) {
        const toward = HALF_POINT[seg.edges[0] as Half];
        p = [p[0] + (toward[0] - p[0]) * 0.6, p[1] + (toward[1] - p[1]) * 0.6];
      }
    }
    p = [clamp(p[0]), clamp(p[1])];
    out[i] = p;
    taken.push(p);
  }
  return out;
}

function rank(f: Feature): number { return f === "city" ? 0 : f === "road" ? 1 : 2; }
function avg(ps: [number, number][]): [number, number] {
  let x = 0, y = 0;
  for (const p of ps) { x += p[0]; y += p[1]; }
  return [x / ps.length, y / ps.length];
}

/** The SVG path of a city covering `edges` (rotation 0 sides) within a 0…100 tile. */
export function cityPath(edges: string[]): string {
  const set = SIDES.map((s) => edges.includes(s));
  const n = edges.length;
  // canonical shapes, then rotated: one side = N, two adjacent = N+E, two opposite = E+W, three = all but S
  const shapes: { has: boolean[]; d: string }[] = [
    { has: [true, false, false, false], d: "M0,0 L100,0 Q50,48 0,0 Z" },
    { has: [true, true, false, false], d: "M0,0 L100,0 L100,100 Q40,60 0,0 Z" },
    { has: [false, true, false, true], d: "M0,0 Q50,32 100,0 L100,100 Q50,68 0,100 Z" },
    { has: [true, true, false, true], d: "M0,0 L100,0 L100,100 Q50,52 0,100 Z" },
  ];
  if (n === 4) return "M0,0 H100 V100 H0 Z";
  for (const sh of shapes) {
    for (let k = 0; k < 4; ++k) {
      if (sh.has.every((_, i) => sh.has[(i - k + 4) % 4] === set[i])) return rotatePath(sh.d, k);
    }
  }
  return "";
}

/** Rotates the coordinates of a path made of M/L/Q/Z commands with absolute "x,y" pairs. */
function rotatePath(d: string, k: number): string {
  return d.replace(/(-?[\d.]+),(-?[\d.]+)/g, (_, x, y) => {
    const p = rotatePoint([Number(x), Number(y)], k);
    return `${round(p[0])},${round(p[1])}`;
  });
}
const round = (v: number) => Math.round(v * 100) / 100;

/** The SVG path of a road through `edges` (rotation 0): to the centre, or from side to side. */
export function roadPath(edges: string[]): string {
  const pts = edges.map((e) => SIDE_POINT[e as Side]);
  if (pts.length === 1) return `M${pts[0][0]},${pts[0][1]} L50,50`;
  return `M${pts[0][0]},${pts[0][1]} Q50,50 ${pts[1][0]},${pts[1][1]}`;
}

const HALVES: Half[] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
/** A side or half-side turned `rot` quarter turns clockwise (Nw→En→Se→Ws). */
export function rotateEdge(e: string, rot: number): string {
  const i = HALVES.indexOf(e as Half);
  if (i >= 0) return HALVES[(i + 2 * rot) % 8];
  return rotateSide(e as Side, rot);
}
