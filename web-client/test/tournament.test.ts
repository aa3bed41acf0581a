// Tournament pages: exact fractions, the team lines of the new-tournament form, table states, and
// every string in all three languages.
import { test } from "node:test";
import assert from "node:assert/strict";
(globalThis as any).navigator ??= { languages: ["en"] };
(globalThis as any).localStorage ??= { getItem: () => null, setItem: () => {}, removeItem: () => {} };
(globalThis as any).document ??= { documentElement: {} };
const { fraction, decimal } = await import("../src/tournament/standings-view");
const { teamsFromLines } = await import("../src/tournament/new-page");
const { tableState, seatScore } = await import("../src/tournament/tables");
const { tournamentStrings } = await import("../src/tournament/strings");

test("PoP as the exact fraction, reduced (HK-1.6)", () => {
  assert.equal(fraction({ num: 67, den: 216 }), "67/216");
  assert.equal(fraction({ num: 10, den: 40 }), "1/4");
  assert.equal(fraction({ num: 0, den: 1 }), "0");
  assert.equal(fraction({ num: 6, den: 3 }), "2");
  assert.equal(fraction({ num: 1, den: 0 }), "–");
});

test("PoP as a decimal of 3 places, the exact fraction beside it (issue 27)", () => {
  assert.equal(decimal({ num: 374, den: 775 }), "0.483");
  assert.equal(decimal({ num: 2, den: 3 }), "0.667");
  assert.equal(decimal({ num: 1, den: 8 }), "0.125");
  assert.equal(decimal({ num: 0, den: 5 }), "0");
  assert.equal(decimal({ num: 6, den: 3 }), "2");
  assert.equal(decimal({ num: 1, den: 0 }), "–");
  assert.equal(decimal({ num: 374, den: 775 }, 4), "0.4826");
});

test("an absent entrant's row never shows the stand-in bot's result (issue 27)", () => {
  const seats = ["e1", "e2", "e3", "e4"];
  const result = { winners: [1], scores: [6, 10, 7, 4] };  // seat B (absent e2) was played by a bot that won
  const absent = new Set(["e2"]);
  assert.deepEqual(seatScore(result, seats, absent, 0), { points: 6, won: false });
  assert.equal(seatScore(result, seats, absent, 1), undefined);
  assert.deepEqual(seatScore(result, seats, new Set(), 1), { points: 10, won: true });
  // played without the absent entrant (playWithThree): the result's seats are not the table's
  assert.equal(seatScore({ winners: [0], scores: [10, 6, 7] }, seats, absent, 0), undefined);
  assert.equal(seatScore(undefined, seats, absent, 0), undefined);
});

test("team lines: name and division in brackets (HK-1.12)", () => {
  assert.deepEqual(teamsFromLines("Owls (youth)\n  Foxes  \n\nCats (open) "),
    [{ name: "Owls", division: "youth" }, { name: "Foxes" }, { name: "Cats", division: "open" }]);
});

test("a table's state: seated before the start, then waiting, running, paused, finished", () => {
  assert.equal(tableState(undefined), "seated");
  assert.equal(tableState({ started: false }, "seated"), "seated");
  assert.equal(tableState({ started: false, room: null }, "started"), "waiting");
  assert.equal(tableState({ started: true }, "started"), "running");
  assert.equal(tableState({ started: true, clockPaused: true }, "started"), "paused");
  assert.equal(tableState({ started: true, over: true }, "started"), "finished");
});

test("every tournament string exists in the three languages with the same placeholders", () => {
  const en = tournamentStrings.en as Record<string, string>;
  for (const lang of ["zh-Hant", "zh-Hans"] as const) {
    const other = tournamentStrings[lang] as Record<string, string>;
    assert.deepEqual(Object.keys(other).sort(), Object.keys(en).sort(), lang);
    for (const k of Object.keys(en)) {
      const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
      assert.equal(ph(other[k]), ph(en[k]), `${lang} ${k}`);
    }
  }
});
