// Board geometry for drawing: the ids of games/catan/docs/board.md, computed with the formulas documented
// there (engine/geometry.cpp). Geometry only — no game rules.
//
// Drawing units: x counts half hex widths, y counts half hex sizes. Hex (row r, pos p) has its
// centre at x = (5 - row length) + 2(p-1) + 1, y = 3(r-1) + 2; its corners, clockwise from the
// top, are at offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1). Intersections are numbered by
// their point (top to bottom, then left to right); edges by the sum of their end points.

export interface Pt { x: number; y: number; }

const ROWS = [3, 4, 5, 4, 3];
const CORNER_OFFSETS: Pt[] = [{ x: 0, y: -2 }, { x: 1, y: -1 }, { x: 1, y: 1 }, { x: 0, y: 2 }, { x: -1, y: 1 }, { x: -1, y: -1 }];
/** Harbor slots (CAT-3.4): [hex, side] with sides NE=0 E=1 SE=2 SW=3 W=4 NW=5. */
const HARBOR_SLOTS: [number, number][] = [[0, 5], [1, 0], [6, 0], [11, 1], [15, 2], [17, 2], [16, 3], [7, 3], [3, 4]];

export interface Geometry {
  hexCenter: Pt[];            // 19, drawing units
  hexCorners: number[][];     // 19 × 6 intersection ids
  hexSides: number[][];       // 19 × 6 edge ids
  intersection: Pt[];         // 54
  edgeEnds: [number, number][]; // 72
  harborEdge: number[];       // 9
  harborHex: number[];        // 9
}

function build(): Geometry {
  const hexCenter: Pt[] = [];
  ROWS.forEach((len, r) => {
    for (let p = 0; p < len; ++p) hexCenter.push({ x: (5 - len) + 2 * p + 1, y: 3 * r + 2 });
  });
  const key = (p: Pt) => `${p.x},${p.y}`;
  const points = new Map<string, Pt>();
  for (const c of hexCenter) for (const o of CORNER_OFFSETS) {
    const q = { x: c.x + o.x, y: c.y + o.y };
    points.set(key(q), q);
  }
  const intersection = [...points.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  const idOf = new Map(intersection.map((p, i) => [key(p), i]));
  const hexCorners = hexCenter.map((c) => CORNER_OFFSETS.map((o) => idOf.get(key({ x: c.x + o.x, y: c.y + o.y }))!));
  const pairs = new Map<string, [number, number]>();
  for (const corners of hexCorners) for (let k = 0; k < 6; ++k) {
    const a = Math.min(corners[k], corners[(k + 1) % 6]), b = Math.max(corners[k], corners[(k + 1) % 6]);
    pairs.set(`${a}-${b}`, [a, b]);
  }
  const sum = (e: [number, number]) => ({ x: intersection[e[0]].x + intersection[e[1]].x, y: intersection[e[0]].y + intersection[e[1]].y });
  const edgeEnds = [...pairs.values()].sort((e, f) => sum(e).y - sum(f).y || sum(e).x - sum(f).x);
  const edgeId = new Map(edgeEnds.map((e, i) => [`${e[0]}-${e[1]}`, i]));
  const hexSides = hexCorners.map((corners) => [0, 1, 2, 3, 4, 5].map((k) => {
    const a = Math.min(corners[k], corners[(k + 1) % 6]), b = Math.max(corners[k], corners[(k + 1) % 6]);
    return edgeId.get(`${a}-${b}`)!;
  }));
  const harborEdge = HARBOR_SLOTS.map(([hx, side]) => hexSides[hx][side]);
  const harborHex = HARBOR_SLOTS.map(([hx]) => hx);
  return { hexCenter, hexCorners, hexSides, intersection, edgeEnds, harborEdge, harborHex };
}

export const GEO: Geometry = build();

/** Pixel position of a drawing-unit point for hex size `size` (centre to corner). */
export function px(p: Pt, size: number): Pt {
  return { x: p.x * Math.sqrt(3) / 2 * size, y: p.y * size / 2 };
}
