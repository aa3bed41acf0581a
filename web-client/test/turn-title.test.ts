// The tab title marks "your move" from any game's legal payload (issue 18).
import { test } from "node:test";
import assert from "node:assert/strict";
import { hasMove, turnTitle } from "../src/app/turn-title";

test("a seat has a move when its legal payload offers anything", () => {
  assert.equal(hasMove([]), false);
  assert.equal(hasMove([{ type: "place", x: 0, y: 1, rotation: 0 }]), true);  // a rules game's list
  // A payload of families and counts: nothing to do while every list is empty and every count 0.
  const idle = { actions: [], bankRate: { brick: 0, wool: 0 }, bankTradeBundles: false, discard: 0, offerTrade: false };
  assert.equal(hasMove(idle), false);
  assert.equal(hasMove({ ...idle, discard: 4 }), true);
  assert.equal(hasMove({ ...idle, actions: [{ type: "rollDice" }] }), true);
  assert.equal(hasMove(null), false);
  assert.equal(hasMove(undefined), false);
});

test("the title is marked only while it is your move", () => {
  assert.equal(turnTitle(true, "Your move"), "● Your move · Hexhall");
  assert.equal(turnTitle(false, "Your move"), "Hexhall");
});
