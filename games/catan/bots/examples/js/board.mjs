// Board geometry, computed from the rules in games/catan/docs/board.md (the view carries only terrain and numbers).
// Hexes are pointy-topped in rows of 3, 4, 5, 4, 3. Hex (row r, position p) has its centre at
// x = (5 - row length) + 2(p - 1) + 1, y = 3(r - 1) + 2; its corners, clockwise from the top, are at
// offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1). Intersections are numbered by point, top to
// bottom then left to right; edges by the sum of their two end points, the same way.
const ROWS = [3, 4, 5, 4, 3];
const CORNER_OFFSETS = [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]];

const hexPoints = [];
ROWS.forEach((length, r) => {
  for (let p = 0; p < length; ++p) {
    const cx = 5 - length + 2 * p + 1, cy = 3 * r + 2;
    hexPoints.push(CORNER_OFFSETS.map(([dx, dy]) => [cx + dx, cy + dy]));
  }
});
const key = ([x, y]) => `${x},${y}`;
const unique = new Map(hexPoints.flat().map((pt) => [key(pt), pt]));
const points = [...unique.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
const index = new Map(points.map((pt, i) => [key(pt), i]));

export const HEX_CORNERS = hexPoints.map((corners) => corners.map((pt) => index.get(key(pt))));
const sides = new Map();
for (const c of HEX_CORNERS) {
  for (let k = 0; k < 6; ++k) {
    const e = [c[k], c[(k + 1) % 6]].sort((a, b) => a - b);
    sides.set(e.join(','), e);
  }
}
const mid = ([a, b]) => [points[a][0] + points[b][0], points[a][1] + points[b][1]];
export const EDGE_ENDS = [...sides.values()].sort((e, f) => mid(e)[1] - mid(f)[1] || mid(e)[0] - mid(f)[0]);
export const INTERSECTION_HEXES = points.map((_, i) => HEX_CORNERS.flatMap((c, h) => (c.includes(i) ? [h] : [])));
export const NEIGHBOURS = points.map((_, i) => EDGE_ENDS.filter((e) => e.includes(i)).map(([a, b]) => (a === i ? b : a)));

if (EDGE_ENDS.length !== 72 || key(EDGE_ENDS[39]) !== '27,33' || HEX_CORNERS[9].join() !== '18,24,30,35,29,23')
  throw new Error('board geometry does not match games/catan/docs/board.md');

// How many of the 36 dice outcomes roll this number (0 for the desert).
export const pips = (number) => (number ? 6 - Math.abs(7 - number) : 0);

// Sum of the pips of the hexes around an intersection (its expected production).
export const spotValue = (view, i) => INTERSECTION_HEXES[i].reduce((s, h) => s + pips(view.board.numbers[h]), 0);
