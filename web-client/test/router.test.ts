// Hash routes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRoute, href, roomList } from "../src/app/router";

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
  assert.deepEqual(parseRoute("#/standings"), { name: "standings", rooms: [] });
  assert.deepEqual(parseRoute("#/standings/9c9249da,77aa0c1e"), { name: "standings", rooms: ["9c9249da", "77aa0c1e"] });
  const s = { name: "standings", rooms: ["9c9249da", "77aa0c1e"] } as const;
  assert.deepEqual(parseRoute(href(s)), s);
});

test("room lists: ids, room links and record URLs, once each", () => {
  assert.deepEqual(roomList("9c9249da, 77aa0c1e\n9c9249da"), ["9c9249da", "77aa0c1e"]);
  assert.deepEqual(roomList("http://h:8080/#/room/9c9249da http://h/games/77aa0c1e/record #/replay/0badcafe"),
    ["9c9249da", "77aa0c1e", "0badcafe"]);
  assert.deepEqual(roomList("hello NOT-HEX 12"), []);
});
