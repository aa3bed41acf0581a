// Rematch (issue 18): the createRoom message repeats the finished room's options with a new seed
// and board, and names the old room; the same bots go back in the same seats.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rematchBots, rematchMessage } from "../src/room/rematch";
import { roomFromMessage } from "../src/room/room-state";

const push = {
  type: "room", v: 1, room: "0123456789abcdef", game: "catan",
  options: { players: 4, map: "random", numbers: "spiral", ruleset: "hk2024", vp: 10, boardSeed: 77 },
  private: true, invite: "abcdefghijklmnop", host: 0, spectators: 1, spectatorsAllowed: false, clock: "hk2024", grace: 30,
  started: true, over: true, fixedSeed: false,
  seats: [{ kind: "human", name: "Ann", connected: true }, { kind: "bot", name: "heuristic", connected: true },
    null, { kind: "bot", name: "search", connected: true }],
};

test("the rematch repeats the room's options, with a new board, and names the old room", () => {
  const r = roomFromMessage(push, true);
  assert.deepEqual(rematchMessage(r), {
    type: "createRoom", game: "catan", players: 4, map: "random", numbers: "spiral", ruleset: "hk2024", vp: 10,
    rematchOf: "0123456789abcdef", private: true, spectators: false, grace: 30, clock: "hk2024",
  });
  assert.deepEqual(rematchBots(r), [[1, "heuristic"], [3, "search"]]);
});

test("a public room without a clock: nothing more than its options", () => {
  const r = roomFromMessage({ ...push, game: "carcassonne", options: { players: 2, preset: "base" }, private: false,
    spectatorsAllowed: true, clock: "none", grace: undefined }, true);
  assert.deepEqual(rematchMessage(r), { type: "createRoom", game: "carcassonne", players: 2, preset: "base", rematchOf: "0123456789abcdef" });
});

test("the room push's rematch reaches the room state", () => {
  assert.equal(roomFromMessage(push, true).rematch, undefined);
  assert.deepEqual(roomFromMessage({ ...push, rematch: { room: "fedcba9876543210", invite: "qrstuvwxyzabcdef" } }, true).rematch,
    { room: "fedcba9876543210", invite: "qrstuvwxyzabcdef" });
});
