// The Struggle for Catan UI's pure helpers: which controls the legal list enables, payment kinds
// (3-for-1 substitute, university), costs from the ruleset table, turn steps, event sentences in
// three languages. Rule IDs name what the UI shows, not what it enforces (the server does).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  legalList, matchCards, payOptions, payKind, costOf, stepOf, eventText, isNotice, sameCards, total,
  noticesOf, noticeText, vpBySource, finalTable, sides, expansionVp,
} from "../src/games/struggle/model";
import { STRINGS, tr } from "../src/games/struggle/strings";
import { FIXTURES, PROVISIONAL } from "../src/games/struggle/fixtures";

const names = (s: number) => ["Ann", "Bo", "Chen", "Dee"][s] ?? `#${s}`;

test("legal list: an array of actions is used as is, anything else enables nothing", () => {
  assert.equal(legalList([{ type: "endTrade" }]).length, 1);
  assert.deepEqual(legalList({}), []);
  assert.deepEqual(legalList(undefined), []);
});

test("[SFC-5.6] give back: the selection enables only a listed card set, zero counts ignored", () => {
  const legal = legalList(FIXTURES.giveBack[0].legal);
  assert.deepEqual(matchCards(legal, "giveBack", "cards", { wool: 1, ore: 0 }), { type: "giveBack", cards: { wool: 1 } });
  assert.equal(matchCards(legal, "giveBack", "cards", { wool: 2 }), null);
  assert.equal(matchCards(legal, "giveBack", "cards", {}), null);
});

test("[SFC-5.4] deck trade: the selected cards must equal a listed give", () => {
  const legal = legalList(FIXTURES.trade[0].legal);
  assert.deepEqual(matchCards(legal, "tradeDeck", "give", { brick: 1, ore: 1 })?.give, { brick: 1, ore: 1 });
  assert.equal(matchCards(legal, "tradeDeck", "give", { brick: 1, ore: 2 }), null);
});

test("[SFC-8.7] brigand attack discard: exactly a listed set", () => {
  const legal = legalList(FIXTURES.discard[0].legal);
  assert.ok(matchCards(legal, "discard", "cards", { ore: 2 }));
  assert.equal(matchCards(legal, "discard", "cards", { ore: 3 }), null);
});

test("[SFC-6.2] [SFC-9.9] payment kinds: exact, 3-for-1 substitute, university", () => {
  const road = costOf(PROVISIONAL, "road");
  assert.equal(payKind({ lumber: 1, brick: 1 }, road), "exact");
  assert.equal(payKind({ brick: 1, ore: 3 }, road), "substitute");
  assert.equal(payKind({ brick: 1, ore: 1 }, road), "university");
  const opts = payOptions(legalList(FIXTURES.build[0].legal), "road");
  assert.equal(opts.length, 2);
  assert.ok(opts.every((a) => payKind(a.pay, road) === "substitute"));
});

test("[SFC-6.2] pay options: distinct, cheapest first, per expansion type", () => {
  const legal = [
    { type: "build", building: "road", pay: { brick: 1, ore: 3 } },
    { type: "build", building: "road", pay: { brick: 1, lumber: 1 } },
    { type: "build", building: "road", pay: { lumber: 1, brick: 1 } },
    { type: "build", building: "expansion", expansion: "castle", pay: { brick: 1 } },
  ];
  const road = payOptions(legal, "road");
  assert.equal(road.length, 2);
  assert.ok(sameCards(road[0].pay, { brick: 1, lumber: 1 }));
  assert.equal(payOptions(legal, "expansion", "church").length, 0);
  assert.equal(payOptions(legal, "expansion", "castle").length, 1);
});

test("[SFC-8.3] settlement options with and without turning the destiny card stay distinct", () => {
  const pay = { lumber: 1, brick: 1, wool: 1, grain: 1 };
  const legal = [{ type: "build", building: "settlement", pay }, { type: "build", building: "settlement", pay, flipDestiny: true }];
  assert.equal(payOptions(legal, "settlement").length, 2);
});

test("[SFC-12.2] [SFC-9.7] costs come from the table in force; the town hall adds townHallExtra", () => {
  assert.deepEqual(costOf(PROVISIONAL, "city"), { ore: 3, grain: 2 });
  assert.equal(total(costOf(PROVISIONAL, "expansion", "townHall")), 7);
  assert.equal(costOf(PROVISIONAL, "expansion", "townHall").ore, 3);
  const other = { ...PROVISIONAL, costs: { ...PROVISIONAL.costs, road: { lumber: 2 } } };
  assert.deepEqual(costOf(other, "road"), { lumber: 2 });
});

test("[SFC-4.1] turn steps: trade (with give back and library pick), build, then draw", () => {
  assert.equal(stepOf("trade"), "trade");
  assert.equal(stepOf("giveBack"), "trade");
  assert.equal(stepOf("libraryPick"), "trade");
  assert.equal(stepOf("build"), "build");
  assert.equal(stepOf("discard"), "discard");
  assert.equal(stepOf("over"), "over");
});

test("every event of every fixture reads as a sentence in all three languages, no placeholder left", () => {
  const all = Object.values(FIXTURES).flatMap((fs) => fs.flatMap((f) => f.events));
  const types = new Set(all.map((e) => e.type));
  for (const t of ["turnStarted", "tookCard", "drewFromPlayer", "built", "cityEvent", "brigandAttack", "marketDay", "destinyFlipped", "merchantGuild", "won"])
    assert.ok(types.has(t), t);
  const extra = [{ type: "tradedWithDeck", seat: 1, gave: { ore: 1 } }, { type: "libraryLook", seat: 0, opponent: 1 },
    { type: "gaveBack", seat: 0, to: 1, count: 1 }, { type: "discarded", seat: 2, cards: { ore: 2 } }, { type: "reshuffled", count: 30 }];
  for (const lang of ["en", "zh-Hant", "zh-Hans"] as const)
    for (const e of [...all, ...extra]) {
      const s = eventText(lang, e, names);
      assert.ok(!/\{\w+\}/.test(s) && !s.includes("undefined"), `${lang} ${e.type}: ${s}`);
    }
  assert.equal(eventText("en", { type: "tookCard", seat: 3, from: 0, building: "road", side: "A" }, names), "Dee took a Road (A side) from Ann");
  assert.equal(eventText("zh-Hant", { type: "marketDay", market: { ore: 1 } }, names), "市場日！新市場：1× 礦石");
});

test("hidden cards stay out of the sentence when the event is redacted", () => {
  const s = eventText("en", { type: "drewFromPlayer", seat: 0, from: 1, count: 1, library: false }, names);
  assert.equal(s, "Ann drew 1 card(s) blind from Bo");
});

test("notices: thefts from me, city events, market day, brigand attack; not others' quiet trades", () => {
  assert.ok(isNotice({ type: "tookCard", seat: 3, from: 0 }, 0));
  assert.ok(!isNotice({ type: "tookCard", seat: 3, from: 1 }, 0));
  assert.ok(isNotice({ type: "drewFromPlayer", seat: 1, from: 0 }, 0));
  assert.ok(isNotice({ type: "brigandAttack", discards: {} }, 0));
  assert.ok(isNotice({ type: "marketDay", market: {} }, 2));
  assert.ok(!isNotice({ type: "tradedWithMarket", seat: 1 }, 0));
});

test("seed terms: the Chinese tables use the seed's names for resources, buildings and expansions", () => {
  assert.deepEqual(["brick", "lumber", "ore", "wool", "grain"].map((k) => tr("zh-Hant", k as any)), ["磚頭", "木材", "礦石", "綿羊", "稻草"]);
  assert.equal(STRINGS["zh-Hant"].merchantGuild, "商會老闆");
  assert.equal(STRINGS["zh-Hant"].townHall, "會堂");
  assert.equal(STRINGS["zh-Hans"].ev_brigandAttackName, "强盗攻击");
  assert.equal(STRINGS["zh-Hans"].ev_marketDayName, "市场日");
  for (const lang of ["zh-Hant", "zh-Hans"] as const)
    assert.deepEqual(Object.keys(STRINGS[lang]).sort(), Object.keys(STRINGS.en).sort(), `${lang} has every string`);
});

test("replay: spectator snapshot then patches give one view per action with its events", async () => {
  const { buildReplay } = await import("../src/games/struggle/replaydata");
  const v0 = { phase: "trade", turn: 0, deckCount: 50 };
  const r = buildReplay({ players: [{ name: "Ann" }], messages: [
    { type: "snapshot", struggle: { view: v0 } },
    { type: "patch", ops: [{ op: "replace", path: "/phase", value: "build" }], struggle: { events: [{ type: "tradedWithMarket", seat: 0, gave: "ore", took: "wool" }] } },
    { type: "patch", ops: [{ op: "replace", path: "/deckCount", value: 48 }], struggle: { events: [{ type: "drew", seat: 0, count: 2, step: "draw" }] } },
  ] });
  assert.equal(r.views.length, 3);
  assert.equal(r.views[1].phase, "build");
  assert.equal(r.views[2].deckCount, 48);
  assert.equal(v0.phase, "trade", "the snapshot view is not changed in place");
  assert.deepEqual(r.events.map((e) => e.length), [0, 1, 1]);
});

test("[SFC-5.6] a blind draw from my hand is a notice only with its give-back, naming both halves (never 'took your Wool!')", () => {
  const drew = { type: "drewFromPlayer", seat: 1, from: 0, count: 1, library: false, cards: { wool: 1 } };
  const back = { type: "gaveBack", seat: 1, to: 0, count: 1, cards: { wool: 1 } };
  // The draw shown, the give-back still to come: nothing is said yet.
  assert.deepEqual(noticesOf([{ v: 5, e: drew }], 0, -1), []);
  // Both shown (the give-back in the next patch): one notice, the exchange.
  const n = noticesOf([{ v: 5, e: drew }, { v: 6, e: { type: "turnStarted", seat: 2, turnNumber: 3 } }, { v: 6, e: back }], 0, -1);
  assert.equal(n.length, 1);
  const text = noticeText("en", n[0], 0, names);
  assert.equal(text, "Bo traded with you: took 1× Wool, gave you 1× Wool");
  assert.ok(!/took your/.test(text));
  for (const lang of ["zh-Hant", "zh-Hans"] as const) assert.ok(!/\{\w+\}/.test(noticeText(lang, n[0], 0, names)));
  // A give-back to somebody else, or by somebody else, does not complete my exchange.
  assert.deepEqual(noticesOf([{ v: 5, e: drew }, { v: 6, e: { ...back, to: 2 } }, { v: 7, e: { ...back, seat: 3 } }], 0, -1), []);
  // Read notices ("Got it" up to version 6) stay read.
  assert.deepEqual(noticesOf([{ v: 5, e: drew }, { v: 6, e: back }], 0, 6), []);
});

test("[SFC-9.10] [SFC-7.5] a merchant guild's take and a taken road or knight are thefts from me; others' are not", () => {
  const guild = { type: "merchantGuild", seat: 2, from: 0, count: 1, cards: { ore: 1 } };
  const took = { type: "tookCard", seat: 3, from: 0, building: "knight", side: "B" };
  const n = noticesOf([{ v: 1, e: guild }, { v: 2, e: took }, { v: 3, e: { ...took, from: 1 } }], 0, -1);
  assert.deepEqual(n.map((x) => noticeText("en", x, 0, names)), ["Chen took your 1× Ore!", "Dee took your Knight (B★ side)!"]);
  // Seen by a spectator (seat -1) or the thief, the same events read as log sentences.
  assert.equal(noticesOf([{ v: 1, e: guild }], 2, -1).length, 0);
  assert.equal(noticeText("en", { v: 1, e: guild }, -1, names), eventText("en", guild, names));
  // Newest four at most.
  const many = Array.from({ length: 6 }, (_, i) => ({ v: i + 1, e: { type: "marketDay", market: { ore: i } } }));
  assert.deepEqual(noticesOf(many, 0, -1).map((x) => x.v), [3, 4, 5, 6]);
});

test("[SFC-11.1] [SFC-9.4] VP by source from a player's view: settlements, cities, expansions, B-side roads and knights", () => {
  assert.deepEqual(sides("ABAB"), { a: 2, b: 2 });
  assert.deepEqual(sides(""), { a: 0, b: 0 });
  assert.equal(expansionVp("castle"), 3);
  assert.equal(expansionVp("townHall"), 4);
  // The seed's example (SFC-11.2): two settlements + a city + a city under a 3-VP expansion + three B sides = 10.
  const p = { seat: 1, settlements: 2, cities: 1, expansions: ["church"], roads: "ABAB", knights: "AB", vp: 10 };
  assert.deepEqual(vpBySource(p), { settlements: 2, cities: 2, expansions: 3, roads: 2, knights: 1, other: 0, total: 10 });
  // The server's vp is the total; a difference is shown, never hidden.
  assert.equal(vpBySource({ ...p, vp: 11 }).other, 1);
  // A view without `vp` (never sent by the server) adds up its sources.
  assert.equal(vpBySource({ settlements: 1, cities: 0, expansions: ["townHall"], roads: "AB", knights: "" }).total, 6);
});

test("[SFC-11.3] the end table: the winner first, then by VP, every seat once", () => {
  const over = FIXTURES.over[0].view;
  const rows = finalTable(over);
  assert.equal(rows.length, over.playerStates.length);
  assert.equal(rows[0].seat, over.winner);
  assert.ok(rows[0].winner && rows.slice(1).every((r) => !r.winner));
  for (let i = 2; i < rows.length; i++) assert.ok(rows[i - 1].total >= rows[i].total);
  assert.equal(rows[0].total, 10);
  assert.equal(rows[0].expansions, 4, "a town hall is 4 VP");
});

test("card faces: every building and expansion has its effect written in all three languages", () => {
  for (const lang of ["en", "zh-Hant", "zh-Hans"] as const)
    for (const k of ["road", "knight", "settlement", "city", "expansion", "castle", "church", "townHall", "library", "university", "merchantGuild"])
      assert.ok((STRINGS[lang] as any)[`eff_${k}`]?.length > 0, `${lang} eff_${k}`);
  // The card table in force is named in a note, never as a label on costs (issue 27).
  for (const lang of ["en", "zh-Hant", "zh-Hans"] as const) assert.ok(!/provisional/i.test(STRINGS[lang].costCard));
});
