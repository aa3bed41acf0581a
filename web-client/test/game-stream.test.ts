// GameStream: frames in order, a resync on a digest mismatch or a version gap, stale patches ignored.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameStream } from "../src/net/game-stream";
import { digestOf } from "../src/net/digest";
import type { GameFrame } from "../src/app/contract";

const view0 = { phase: "preRoll", bank: { ore: 19 }, players: [{ seat: 0 }] };
const view1 = { phase: "main", bank: { ore: 18 }, players: [{ seat: 0 }] };
const snapshot = (v: any, version: number) => ({ type: "snapshot", v: 1, game: "catan", version, catan: { view: v, legal: { actions: [] } }, digest: digestOf(v) });
const patch = (from: number, ops: any[], digest: string) => ({ type: "patch", v: 1, game: "catan", from, to: from + 1, ops, catan: { events: [{ type: "diceRolled" }], legal: {} }, digest, clock: { seat: 0, deadline: 5, kind: "turn" } });
const ops = [{ op: "replace", path: "/phase", value: "main" }, { op: "replace", path: "/bank/ore", value: 18 }];

function setup() {
  const frames: GameFrame[] = [];
  let resyncs = 0;
  const s = new GameStream((f) => frames.push(f), async () => { resyncs++; });
  return { s, frames, resyncs: () => resyncs };
}

test("a snapshot then a matching patch give two frames with the patched view, events and clock", () => {
  const { s, frames, resyncs } = setup();
  s.snapshot(snapshot(view0, 7));
  s.patch(patch(7, ops, digestOf(view1)));
  assert.equal(frames.length, 2);
  assert.equal(frames[0].snapshot, true);
  assert.deepEqual(frames[1].view, view1);
  assert.equal(frames[1].version, 8);
  assert.equal(frames[1].events.length, 1);
  assert.equal(frames[1].clock?.deadline, 5);
  assert.deepEqual(frames[0].view, view0, "the earlier frame's view is not mutated");
  assert.equal(resyncs(), 0);
});

test("a digest mismatch asks for a resync and drops patches until the snapshot", () => {
  const { s, frames, resyncs } = setup();
  s.snapshot(snapshot(view0, 7));
  s.patch(patch(7, ops, "0".repeat(64)));
  assert.equal(resyncs(), 1);
  assert.equal(frames.length, 1);
  s.patch(patch(8, [], digestOf(view1)));
  assert.equal(frames.length, 1, "patches wait for the resync snapshot");
  s.snapshot(snapshot(view1, 8));
  s.patch(patch(8, [{ op: "replace", path: "/phase", value: "build" }], digestOf({ ...view1, phase: "build" })));
  assert.equal(frames.length, 3);
  assert.equal(frames[2].view.phase, "build");
});

test("a version gap asks for a resync; an old patch is ignored", () => {
  const { s, frames, resyncs } = setup();
  s.snapshot(snapshot(view0, 7));
  s.patch(patch(6, [], digestOf(view0)));
  assert.equal(resyncs(), 0);
  assert.equal(frames.length, 1);
  s.patch(patch(9, [], digestOf(view0)));
  assert.equal(resyncs(), 1);
});
