// Hash routes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRoute, href } from "../src/app/router";

test("hash routes parse and print back", () => {
  assert.deepEqual(parseRoute(""), { name: "lobby" });
  assert.deepEqual(parseRoute("#/"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/room/9c9249da"), { name: "room", room: "9c9249da" });
  assert.deepEqual(parseRoute("#/join/AbC-_12"), { name: "join", invite: "AbC-_12" });
  assert.deepEqual(parseRoute("#/replay/9c9249da"), { name: "replay", room: "9c9249da" });
  assert.deepEqual(parseRoute("#/room/"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/nonsense/x"), { name: "lobby" });
  for (const r of [{ name: "room", room: "ab" }, { name: "join", invite: "x y" }, { name: "replay", room: "cd" }] as const)
    assert.deepEqual(parseRoute(href(r)), r);
});
