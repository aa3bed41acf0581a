// Hash routes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseRoute, href, roomList } from "../src/app/router";
import { teamsFromText } from "../src/room/teams";

test("hash routes parse and print back", () => {
  assert.deepEqual(parseRoute(""), { name: "lobby" });
  assert.deepEqual(parseRoute("#/"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/room/9c9249da"), { name: "room", room: "9c9249da" });
  assert.deepEqual(parseRoute("#/join/AbC-_12"), { name: "join", invite: "AbC-_12" });
  assert.deepEqual(parseRoute("#/replay/9c9249da"), { name: "replay", room: "9c9249da" });
  assert.deepEqual(parseRoute("#/replay/9c9249da/Xy-_9"), { name: "replay", room: "9c9249da", invite: "Xy-_9" });
  assert.deepEqual(parseRoute("#/room/"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/nonsense/x"), { name: "lobby" });
  for (const r of [{ name: "room", room: "ab" }, { name: "join", invite: "x y" }, { name: "replay", room: "cd" }, { name: "replay", room: "cd", invite: "a/b c" }] as const)
    assert.deepEqual(parseRoute(href(r)), r);
  assert.deepEqual(parseRoute("#/standings"), { name: "standings", rooms: [] });
  assert.deepEqual(parseRoute("#/standings/9c9249da,77aa0c1e"), { name: "standings", rooms: ["9c9249da", "77aa0c1e"] });
  const s = { name: "standings", rooms: ["9c9249da", "77aa0c1e"] } as const;
  assert.deepEqual(parseRoute(href(s)), s);
  const withTeams = { name: "standings", rooms: ["9c9249da"], teams: "Owls (youth): Ann, Bob/Jr\nCats: Cy" } as const;
  assert.deepEqual(parseRoute(href(withTeams)), withTeams);
});

test("room lists: ids, room links and record URLs, once each", () => {
  assert.deepEqual(roomList("9c9249da, 77aa0c1e\n9c9249da"), ["9c9249da", "77aa0c1e"]);
  assert.deepEqual(roomList("http://h:8080/#/room/9c9249da http://h/games/77aa0c1e/record #/replay/0badcafe"),
    ["9c9249da", "77aa0c1e", "0badcafe"]);
  assert.deepEqual(roomList("hello NOT-HEX 12"), []);
});

test("team lists: one per line, the division in brackets is optional", () => {
  assert.deepEqual(teamsFromText("Owls (secondary & youth): Ann, Bob\n\nCats: Cy ,Dee,\nno colon here\nEmpty:"), [
    { name: "Owls", division: "secondary & youth", members: ["Ann", "Bob"] },
    { name: "Cats", division: "", members: ["Cy", "Dee"] },
  ]);
  assert.deepEqual(teamsFromText("貓頭鷹（中學及青年組）：阿明、小美，Cy"), [
    { name: "貓頭鷹", division: "中學及青年組", members: ["阿明", "小美", "Cy"] },
  ]);
  assert.deepEqual(teamsFromText("Bots (open): heuristic (bot at seat 0), heuristic (bot at seat 2)"), [
    { name: "Bots", division: "open", members: ["heuristic (bot at seat 0)", "heuristic (bot at seat 2)"] },
  ]);
});

test("tournament routes parse and print back", () => {
  assert.deepEqual(parseRoute("#/tournaments/new"), { name: "tournamentNew" });
  assert.deepEqual(parseRoute("#/t/t5c1af6b3/org/c3bf0c"), { name: "tournament", id: "t5c1af6b3", role: "org", key: "c3bf0c" });
  assert.deepEqual(parseRoute("#/t/t5c1af6b3/join/nPLU-_9"), { name: "tournament", id: "t5c1af6b3", role: "join", key: "nPLU-_9" });
  assert.deepEqual(parseRoute("#/t/t5c1af6b3/standings"), { name: "tournament", id: "t5c1af6b3", role: "standings", key: "" });
  // a role without its token, or an unknown role, is the lobby
  assert.deepEqual(parseRoute("#/t/t5c1af6b3/org"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/t/t5c1af6b3/boss/x"), { name: "lobby" });
  for (const r of [{ name: "tournament", id: "t1", role: "me", key: "ab12" }, { name: "tournament", id: "t1", role: "ref", key: "x y" },
    { name: "tournament", id: "t1", role: "standings", key: "" }, { name: "tournamentNew" }] as const)
    assert.deepEqual(parseRoute(href(r)), r);
});

test("account, player and leaderboard routes parse and print back", () => {
  assert.deepEqual(parseRoute("#/account"), { name: "account" });
  assert.deepEqual(parseRoute("#/players/Ann%20Lee"), { name: "player", player: "Ann Lee" });
  assert.deepEqual(parseRoute("#/players/"), { name: "lobby" });
  assert.deepEqual(parseRoute("#/leaderboard"), { name: "leaderboard" });
  for (const r of [{ name: "account" }, { name: "player", player: "A.nn Lee" }, { name: "leaderboard" },
    { name: "leaderboard", game: "catan" }, { name: "leaderboard", game: "catan", ruleset: "hk2024" }] as const)
    assert.deepEqual(parseRoute(href(r)), r);
});
