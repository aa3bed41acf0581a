// Carcassonne UI data: the drawing table agrees with the engine's spots (CAR-1.5 tiles, CAR-5.1 spots),
// follower positions are distinct, and the final scoring rows add up (CAR-8).
import { test } from "node:test";
import assert from "node:assert/strict";
import spotsData from "./fixtures/carcassonne-spots.json";
import { TILES, cityPath, rotateEdge, sideKinds, spotPoints } from "../src/games/carcassonne/tiles";
import { finalRows, finalTotals } from "../src/games/carcassonne/scoring";

// Unique (tile, rotation, spot) → feature + rotated edges, as the engine listed them in `view.spots`
// during two recorded games (web-client/tools/carcassonne-fixtures.cpp).
const spots = spotsData as { tile: string; rotation: number; spot: number; feature: string; edges: string[] }[];

test("[CAR-1.5][CAR-5.1] every spot the engine offered matches the UI's tile table, rotated", () => {
  assert.ok(spots.length > 100);
  for (const s of spots) {
    const t = TILES[s.tile];
    assert.ok(t, `tile ${s.tile}`);
    if (s.spot === 8) { assert.equal(s.feature, "cloister"); assert.ok(t.cloister, `${s.tile} has a cloister`); continue; }
    const seg = t.segments[s.spot];
    assert.ok(seg, `${s.tile} spot ${s.spot}`);
    assert.equal(seg.feature, s.feature, `${s.tile} spot ${s.spot}`);
    const mine = seg.edges.map((e) => rotateEdge(e, s.rotation)).sort();
    assert.deepEqual(mine, [...s.edges].sort(), `${s.tile} r${s.rotation} spot ${s.spot}`);
  }
});

test("[CAR-1.5] 24 tile types; the start tile D shows city N, road E and W, field S", () => {
  assert.equal(Object.keys(TILES).length, 24);
  assert.deepEqual(sideKinds("D", 0), { N: "city", E: "road", S: "field", W: "road" });
  assert.deepEqual(sideKinds("D", 1), { N: "road", E: "city", S: "road", W: "field" });
});

test("follower positions on a tile are distinct and inside it; every city has a shape", () => {
  for (const [letter, t] of Object.entries(TILES)) {
    const pts = Object.values(spotPoints(letter));
    assert.equal(pts.length, t.segments.length + (t.cloister ? 1 : 0), letter);
    for (let i = 0; i < pts.length; ++i) {
      assert.ok(pts[i][0] >= 10 && pts[i][0] <= 90 && pts[i][1] >= 10 && pts[i][1] <= 90, `${letter} inside`);
      for (let j = i + 1; j < pts.length; ++j)
        assert.ok(Math.hypot(pts[i][0] - pts[j][0], pts[i][1] - pts[j][1]) >= 14, `${letter} spots ${i},${j} apart`);
    }
    for (const s of t.segments) if (s.feature === "city") assert.notEqual(cityPath(s.edges), "", `${letter} city ${s.edges}`);
  }
});

test("[CAR-8.2][CAR-8.5] final rows: one per unfinished feature and per field, points add up", () => {
  const events = [
    { type: "tilePlaced", player: 0 },
    { type: "scored", feature: "road", complete: false, final: true, tiles: [[0, 0], [1, 0]], points: [2, 0], followers: [1, 0], rule: "CAR-8.2", why: "unfinished road" },
    { type: "scored", feature: "city", complete: true, final: false, tiles: [[0, -1], [0, -2]], points: [0, 2], rule: "CAR-6.5", why: "during play" },
    { type: "fieldScored", final: true, tiles: [[0, 0]], cities: [{ id: 1, tiles: [] }, { id: 2, tiles: [] }], points: [6, 6], followers: [1, 1], rule: "CAR-8.5", why: "tie" },
    { type: "gameOver", scores: [8, 8], winners: [0, 1] },
  ];
  const rows = finalRows(events);
  assert.deepEqual(rows.map((r) => r.feature), ["road", "field"]);
  assert.equal(rows[1].cities, 2);
  assert.deepEqual(finalTotals(rows, 2), [8, 6]);
});
