// Issue 27: Catan pieces are told apart without colour: each seat's mark is its own, the initial
// with the seat's number when another seat shares the initial.
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialsOf } from "../src/games/catan/state";

test("distinct initials stay single letters", () => {
  assert.deepEqual(initialsOf(["Ann", "bob", "Carl", "dora"]), ["A", "B", "C", "D"]);
});

test("shared initials carry the seat's number, so no two seats read alike", () => {
  assert.deepEqual(initialsOf(["Lea", "Heuristic bot 2", "Heuristic bot 3", "Heuristic bot 4"]), ["L", "H2", "H3", "H4"]);
  assert.deepEqual(initialsOf(["ann", "Anna", "Bo"]), ["A1", "A2", "B"]);
  const marks = initialsOf(["", "", "X", "x"]);
  assert.equal(new Set(marks).size, 4, marks.join(","));
});
