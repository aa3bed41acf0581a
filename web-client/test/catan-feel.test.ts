// Issue 18, "a table that feels alive": board zoom and pan, hit areas and the nearest legal spot,
// gains and losses on your own hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BOARD, FIT, MAX_ZOOM, clampZoom, panBy, viewBoxOf, zoomAt } from "../src/games/catan/zoom";
import { HIT, nearestSpot } from "../src/games/catan/board";
import { GEO, px } from "../src/games/catan/geometry";
import { addDelta, deltaText, handDelta } from "../src/games/catan/hand";

test("zooming keeps the point under the fingers in place and stays on the board", () => {
  const z = zoomAt(FIT, 2, 100, 200);
  assert.equal(z.s, 2);
  // (100, 200) is at the same fraction of the view before and after.
  const frac = (zz: typeof z, x: number, y: number) => [(x - zz.x) / (BOARD.w / zz.s), (y - zz.y) / (BOARD.h / zz.s)];
  assert.deepEqual(frac(z, 100, 200).map((v) => v.toFixed(6)), frac(FIT, 100, 200).map((v) => v.toFixed(6)));
  assert.equal(zoomAt(FIT, 100, 0, 0).s, MAX_ZOOM);
  assert.deepEqual(zoomAt(z, 0.1, 300, 300), FIT);  // all the way out: the whole board again
  assert.equal(viewBoxOf(FIT), "-49 -49 638 578");
});

test("panning is limited to the board", () => {
  const z = zoomAt(FIT, 2, BOARD.x, BOARD.y);
  const far = panBy(z, 10000, 10000);
  assert.equal(far.x + BOARD.w / far.s, BOARD.x + BOARD.w);
  assert.equal(far.y + BOARD.h / far.s, BOARD.y + BOARD.h);
  assert.deepEqual(panBy(FIT, 50, 50), FIT);  // nothing to pan at zoom 1
  assert.deepEqual(clampZoom({ x: -999, y: -999, s: 0.2 }), FIT);
});

test("hit areas: ≥ 44 CSS px both ways for intersections and roads on a 360-px phone at zoom 1", () => {
  const scale = (360 - 2 * 12) / BOARD.w;  // the board's CSS px per unit at 360 px wide (zooming in only grows it)
  assert.ok(2 * HIT.intersectionR * scale >= 44, `intersection ${2 * HIT.intersectionR * scale} px`);
  assert.ok(2 * HIT.edgeR * scale >= 44, `road ${2 * HIT.edgeR * scale} px`);
  // The outer intersections (and so every area) stay inside the sea round the land.
  const xs = GEO.intersection.map((p) => px(p, 60));
  for (const q of xs) {
    assert.ok(q.x - HIT.intersectionR >= BOARD.x && q.x + HIT.intersectionR <= BOARD.x + BOARD.w, `x ${q.x}`);
    assert.ok(q.y - HIT.intersectionR >= BOARD.y && q.y + HIT.intersectionR <= BOARD.y + BOARD.h, `y ${q.y}`);
  }
});

test("a click between two legal spots goes to the nearer one", () => {
  const [a, b] = GEO.edgeEnds[10];
  const pa = px(GEO.intersection[a], 60), pb = px(GEO.intersection[b], 60);
  const near = (t: number) => nearestSpot("intersection", [a, b], pa.x + (pb.x - pa.x) * t, pa.y + (pb.y - pa.y) * t);
  assert.equal(near(0.3), a);
  assert.equal(near(0.7), b);
  assert.equal(nearestSpot("intersection", [], 0, 0), null);
  // Roads by their middle.
  const mid = (e: number) => { const [i, j] = GEO.edgeEnds[e].map((k) => px(GEO.intersection[k], 60)); return { x: (i.x + j.x) / 2, y: (i.y + j.y) / 2 }; };
  const m = mid(5);
  assert.equal(nearestSpot("edge", [4, 5, 6], m.x + 3, m.y - 2), 5);
});

test("gains and losses on your own hand", () => {
  const d = handDelta({ brick: 1, wool: 2, ore: 0 }, { brick: 2, wool: 1, ore: 0, grain: 3 });
  assert.deepEqual(d, { wool: -1, grain: 3, brick: 1 });
  assert.deepEqual(handDelta(undefined, { brick: 1 }), {});
  assert.deepEqual(addDelta({ brick: 1, wool: 1 }, { brick: -4, ore: 2 }), { brick: -4, wool: 1, ore: 2 });  // the newer change shows
  assert.equal(deltaText("en", "brick", 1), "+1 Brick");
  assert.equal(deltaText("en", "wool", -1), "−1 Wool");
  assert.equal(deltaText("zh-Hant", "wool", -2), "−2 羊毛");
  assert.equal(deltaText("zh-Hans", "brick", 1), "+1 砖头");
});
