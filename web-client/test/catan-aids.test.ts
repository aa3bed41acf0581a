// Issue 18, player aids: why a greyed button is greyed, what is missing for a purchase, the place a
// player finished, hexes named as on the table, bots named in the player's language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { COSTS, botName, finishingPlace, hexLabel, missing, placeText, whyNot } from "../src/games/catan/aids";
import { seatNames } from "../src/games/catan/state";
import { seatDisplayNames } from "../src/app/seat-names";

const hand = (o: Record<string, number>) => ({ lumber: 0, wool: 0, grain: 0, brick: 0, ore: 0, ...o });
const player = (o: Record<string, unknown> = {}) => ({ hand: hand({}), roadsLeft: 15, settlementsLeft: 5, citiesLeft: 4, discardOwed: 0, ...o });
const view = (o: Record<string, unknown> = {}, me: Record<string, unknown> = {}) =>
  ({ phase: "main", active: 0, rolled: true, devPlayed: false, deckSize: 25, players: [player(me), player(), player()], ...o });

test("missing cards: only the resources short, by how many", () => {
  assert.deepEqual(missing(hand({ ore: 1, grain: 2 }), COSTS.city), { ore: 2 });
  assert.deepEqual(missing(hand({ brick: 1, lumber: 3 }), COSTS.road), {});
  assert.deepEqual(missing(undefined, COSTS.devCard), { wool: 1, grain: 1, ore: 1 });
});

test("a greyed button says why, in the order a player would look", () => {
  assert.equal(whyNot("en", view({ active: 1 }), 0, "road"), "Not your turn");
  assert.equal(whyNot("en", view({ phase: "gameOver" }), 0, "endTurn"), "The game is over");
  assert.equal(whyNot("en", view({ phase: "preRoll", rolled: false }), 0, "settlement"), "Roll the dice first");
  assert.equal(whyNot("en", view({ phase: "preRoll", rolled: false }), 0, "roll"), "");
  assert.equal(whyNot("en", view(), 0, "roll"), "Already rolled this turn");
  assert.equal(whyNot("en", view({ phase: "moveRobber" }), 0, "endTurn"), "Move the robber first");
  assert.equal(whyNot("en", view({ phase: "setupSettlement" }), 0, "road"), "Set-up: place on the board");
  assert.equal(whyNot("en", view({}, { hand: hand({ ore: 2, grain: 2 }) }), 0, "city"), "need 1 Ore");
  assert.equal(whyNot("en", view({}, { hand: hand({ ore: 3, grain: 2 }), citiesLeft: 0 }), 0, "city"), "No City left");
  assert.equal(whyNot("en", view({}, { hand: hand({ brick: 1, lumber: 1 }) }), 0, "road"), "No legal spot on the board");
  assert.equal(whyNot("en", view({ deckSize: 0 }, { hand: hand({ ore: 1, grain: 1, wool: 1 }) }), 0, "devCard"), "No development cards left");
  assert.equal(whyNot("en", view({ phase: "build" }, { hand: hand({ ore: 4 }) }), 0, "bank"), "Trading is over for this turn");
  assert.equal(whyNot("en", view({}), 0, "offer"), "You have no cards");
  assert.equal(whyNot("en", view({ devPlayed: true }), 0, "playDev"), "A development card was already played this turn");
  assert.equal(whyNot("zh-Hant", view({}, { hand: hand({ ore: 2, grain: 2 }) }), 0, "city"), "還差 1 鐵礦");
  assert.equal(whyNot("en", view(), -1, "road"), "", "a spectator has no buttons to explain");
  // Another seat's discard: the player who owes nothing waits.
  assert.equal(whyNot("en", view({ phase: "discard", active: 1 }), 0, "endTurn"), "Waiting for discards");
});

test("the place a player finished: ties share a place, the named winner first", () => {
  const v = (vps: number[], winner: number) => ({ winner, players: vps.map((totalVp) => ({ totalVp })) });
  assert.equal(finishingPlace(v([10, 7, 7, 4], 0), 0), 1);
  assert.equal(finishingPlace(v([10, 7, 7, 4], 0), 1), 2);
  assert.equal(finishingPlace(v([10, 7, 7, 4], 0), 2), 2);
  assert.equal(finishingPlace(v([10, 7, 7, 4], 0), 3), 4);
  assert.equal(finishingPlace(v([10, 10, 3], 1), 0), 2, "equal VP at the top: the winner the server named is first");
  assert.equal(placeText("en", 4), "You finished 4th");
  assert.equal(placeText("en", 2), "You finished 2nd");
  assert.equal(placeText("zh-Hans", 3), "你得到第 3 名");
});

test("hexes are named as on the table", () => {
  const v = { board: { terrain: ["hills", "desert"], numbers: [9, 0] } };
  assert.equal(hexLabel("en", v, 0), "the 9 Hills");
  assert.equal(hexLabel("en", v, 1), "the Desert");
  assert.equal(hexLabel("zh-Hant", v, 0), "9 點丘陵");
  assert.equal(hexLabel("en", {}, 5), "hex 5");
});

test("built-in bots are named in the player's language and told apart, in every game (app/seat-names.ts)", () => {
  const room = { seats: [{ name: "Ann", kind: "human" }, { name: "heuristic", kind: "bot" }, { name: "heuristic", kind: "bot" }, null] };
  assert.deepEqual(seatNames(room, 4, (n) => `Seat ${n}`, "en"), ["Ann", "Heuristic bot 2", "Heuristic bot 3", "Seat 4"]);
  assert.deepEqual(seatNames(room, 4, (n) => `座位 ${n}`, "zh-Hant").slice(1, 3), ["策略機器人 2", "策略機器人 3"]);
  assert.deepEqual(seatDisplayNames(room.seats, 4, "zh-Hans", (n) => `座位 ${n}`), ["Ann", "策略机器人 2", "策略机器人 3", "座位 4"]);
  // A person who calls themselves "heuristic" keeps the name.
  assert.equal(seatNames({ seats: [{ name: "heuristic", kind: "human" }] }, 1, String, "en")[0], "heuristic");
  assert.equal(botName("en", "somethingNew"), null);
});
