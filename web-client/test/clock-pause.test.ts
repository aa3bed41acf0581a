// A referee's pause (tournament tables, issue 27): the clock every game shows (app/turn-clock.ts's
// clockReading) stands still at the server's leftMs, whatever the time, and counts down again from
// the moved deadline after the resume.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockReading } from "../src/app/turn-clock";

test("a running clock counts down to its deadline", () => {
  const c = { seat: 1, deadline: 100_000, kind: "turn" };
  assert.deepEqual(clockReading(c, 58_000), { secs: 42, warn: false, paused: false });
  assert.deepEqual(clockReading(c, 95_000), { secs: 5, warn: true, paused: false });
});

test("a paused clock shows the time left, standing still, and never the stale deadline", () => {
  const c = { seat: 1, deadline: 100_000, kind: "turn", paused: true, leftMs: 41_500 };
  for (const now of [58_000, 99_000, 150_000, 1_000_000]) assert.deepEqual(clockReading(c, now), { secs: 42, warn: false, paused: true });
  assert.equal(clockReading({ ...c, leftMs: 9_000 }, 0).warn, true);  // its last 10 seconds are still marked
  assert.equal(clockReading({ ...c, leftMs: undefined }, 0).secs, 0);
});

test("after the resume the moved deadline counts on from where the pause held it", () => {
  const paused = { seat: 1, deadline: 100_000, kind: "turn", paused: true, leftMs: 42_000 };
  const resumedAt = 300_000;
  const resumed = { seat: 1, deadline: resumedAt + 42_000, kind: "turn" };
  assert.equal(clockReading(resumed, resumedAt).secs, clockReading(paused, resumedAt).secs);
});
