// Issue 18: other seats' actions shown ~400 ms apart (never your own), skippable; which sounds a
// frame calls for; the sound preference is remembered and off by default.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Pacer, type Timers } from "../src/app/pacer";
import { cuesFor } from "../src/games/catan/cues";
import { turnCue } from "../src/app/turn-title";

function fakeClock() {
  let now = 0, next = 1;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    now: () => now,
    set: (fn, ms) => { const id = next++; pending.set(id, { at: now + ms, fn }); return id; },
    clear: (id) => { pending.delete(id); },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = end;
  };
  return { timers, advance, now: () => now };
}

test("other seats' actions are shown one at a time, 400 ms apart", () => {
  const c = fakeClock();
  const shown: [string, number][] = [];
  const p = new Pacer<string>((x) => shown.push([x, c.now()]), 400, 300, 8, c.timers);
  p.push("a", true); p.push("b", true); p.push("c", true);
  assert.deepEqual(shown, [["a", 0]]);  // the first at once
  assert.equal(p.pending, 2);
  c.advance(399);
  assert.equal(shown.length, 1);
  c.advance(1);
  assert.deepEqual(shown.map((s) => s[0]), ["a", "b"]);
  c.advance(400);
  assert.deepEqual(shown, [["a", 0], ["b", 400], ["c", 800]]);
  assert.equal(p.pending, 0);
  c.advance(1000);
  p.push("d", true);  // after a quiet moment: at once
  assert.deepEqual(shown.at(-1), ["d", 1800]);
});

test("your own action shows at once, after everything queued; skip shows all now", () => {
  const c = fakeClock();
  const shown: string[] = [];
  const counts: number[] = [];
  const p = new Pacer<string>((x) => shown.push(x), 400, 300, 8, c.timers);
  p.onChange = (n) => counts.push(n);
  p.push("bot1", true); p.push("bot2", true); p.push("bot3", true);
  p.push("mine", false);
  assert.deepEqual(shown, ["bot1", "bot2", "bot3", "mine"]);
  assert.equal(p.pending, 0);
  assert.equal(counts.at(-1), 0);
  p.push("x", true); p.push("y", true);
  p.skip();
  assert.deepEqual(shown.slice(-2), ["x", "y"]);
  c.advance(5000);
  assert.equal(shown.length, 6);  // nothing shown twice
});

test("a long backlog catches up at 300 ms", () => {
  const c = fakeClock();
  const at: number[] = [];
  const p = new Pacer<number>(() => at.push(c.now()), 400, 300, 8, c.timers);
  for (let i = 0; i < 12; i++) p.push(i, true);
  c.advance(10000);
  assert.equal(at.length, 12);
  const gaps = at.slice(1).map((t, i) => t - at[i]);
  assert.ok(gaps.every((g) => g === 300 || g === 400), JSON.stringify(gaps));
  assert.equal(gaps.at(-1), 400);  // calm again at the end
});

test("sounds: your turn (every game), an offer to you, a steal by or from you", () => {
  const f = (legal: any, view: any = {}, events: any[] = [], snapshot = false) => ({ version: 1, view, legal, events, snapshot });
  const idle = { actions: [] };
  const roll = { actions: [{ type: "rollDice" }] };
  assert.equal(turnCue(f(idle), f(roll), 1), true);
  assert.equal(turnCue(f(roll), f(roll), 1), false);
  assert.equal(turnCue(f(idle), f(roll, {}, [], true), 1), false);  // a snapshot: silence
  assert.equal(turnCue(f(idle), f(roll), -1), false);  // spectators: silence
  assert.equal(turnCue(f([]), f([{ type: "place", x: 0, y: 1, rotation: 0 }]), 0), true);  // Carcassonne's legal list
  assert.deepEqual(cuesFor(f(idle), f(roll), 1), []);  // Catan's own cues leave it to the host
  assert.deepEqual(cuesFor(f(roll), f(roll), 1), []);
  const offer = { offer: { id: 4, from: 0, to: [1, 2] } };
  assert.deepEqual(cuesFor(f(idle), f(idle, offer), 1), ["offer"]);
  assert.deepEqual(cuesFor(f(idle, offer), f(idle, offer), 1), []);  // the same offer: once
  assert.deepEqual(cuesFor(f(idle), f(idle, offer), 3), []);  // not to seat 3
  assert.deepEqual(cuesFor(f(idle), f(idle, {}, [{ type: "stole", seat: 0, victim: 2 }]), 2), ["steal"]);
  assert.deepEqual(cuesFor(f(idle), f(idle, {}, [{ type: "stole", seat: 0, victim: 2 }]), 3), []);
  assert.deepEqual(cuesFor(f(idle), f(roll, {}, [], true), 1), []);  // a snapshot: silence
  assert.deepEqual(cuesFor(f(idle), f(roll), -1), []);  // spectators: silence
});

test("the sound preference: off by default, remembered", async () => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) };
  const { soundOn, setSoundOn } = await import("../src/app/sound");
  assert.equal(soundOn(), false);
  (globalThis as any).window = {};  // no AudioContext: playing is silent
  setSoundOn(true);
  assert.equal(store.get("hexhall.sound"), "on");
  assert.equal(soundOn(), true);
  setSoundOn(false);
  assert.equal(soundOn(), false);
});
