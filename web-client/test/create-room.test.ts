// The create-room form's createRoom message, built from the game descriptors (src/games/<name>/
// meta.ts): byte for byte what the lobby sent before games had descriptors (the expected texts were
// taken from that code), and the rooms' summaries likewise. The registry's checks iterate the
// registered games (a new game needs no line here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
(globalThis as any).navigator ??= { languages: ["en"] };
(globalThis as any).localStorage ??= { getItem: () => null, setItem: () => {}, removeItem: () => {} };
(globalThis as any).document ??= { documentElement: {} };
const { createRoomMessage, defaultOptions, listSummary, optionsSummary } = await import("../src/lobby/options");
const { defaultGame, gameMeta, gameMetas, gameNames } = await import("../src/games");
const { LANGS } = await import("../src/i18n");
const { botLabel, gt } = await import("../src/i18n/game-words");
const { botName } = await import("../src/app/seat-names");
const { tournamentGameLabel, tournamentGames } = await import("../src/tournament/games");

// The form as the lobby holds it: `set` names shell options and the game's own fields alike.
function form(set: Record<string, unknown>) {
  const f: any = defaultOptions();
  if (typeof set.game === "string") f.game = set.game;
  const fields = new Set(gameMeta(f.game)?.fields.map((x) => x.key));
  for (const [k, v] of Object.entries(set)) {
    if (fields.has(k)) f.values[f.game][k] = v;
    else if (k in f) f[k] = v;
  }
  return f;
}

const cases: [string, Record<string, unknown>, string][] = [
  ["catan defaults", {}, '{"type":"createRoom","game":"catan","players":4,"map":"random","mode":"combined","vp":10}'],
  ["catan: every option changed", { players: 3, map: "starter", numbers: "random", mode: "classic", ruleset: "hk2024", vp: 12, boardSeed: " 42 ", seed: "7", private: true, password: "pw", spectators: false, clock: "hk2024", botFill: "heuristic", grace: 30, externalBots: "3, 2 3,9 x" },
    '{"type":"createRoom","game":"catan","players":3,"map":"starter","mode":"classic","vp":12,"numbers":"random","ruleset":"hk2024","boardSeed":42,"seed":7,"private":true,"password":"pw","spectators":false,"clock":"hk2024","botFill":"heuristic","grace":30,"externalBots":[1,2]}'],
  ["catan: non-numeric seeds, zero vp and grace", { boardSeed: "4a", seed: "-1", vp: 0, grace: 0, clock: "fast", externalBots: "5" },
    '{"type":"createRoom","game":"catan","players":4,"map":"random","mode":"combined","vp":0,"clock":"fast","grace":0}'],
  ["catan: starter map, zero seeds", { map: "starter", boardSeed: "0", seed: "0" },
    '{"type":"createRoom","game":"catan","players":4,"map":"starter","mode":"combined","vp":10,"boardSeed":0,"seed":0}'],
  ["catan: random numbers, bots", { numbers: "random", botFill: "random", externalBots: "4,1" },
    '{"type":"createRoom","game":"catan","players":4,"map":"random","mode":"combined","vp":10,"numbers":"random","botFill":"random","externalBots":[0,3]}'],
  ["carcassonne defaults", { game: "carcassonne" }, '{"type":"createRoom","game":"carcassonne","players":4}'],
  ["carcassonne with Catan's values in the form", { game: "carcassonne", players: 2, map: "starter", numbers: "random", mode: "classic", ruleset: "hk2024", vp: 15, boardSeed: "9", seed: "123", private: true, spectators: false, botFill: "search", grace: 10, externalBots: "1 2" },
    '{"type":"createRoom","game":"carcassonne","players":2,"seed":123,"private":true,"spectators":false,"botFill":"search","grace":10,"externalBots":[0,1]}'],
  ["carcassonne five seats", { game: "carcassonne", players: 5, password: "x y", externalBots: "5,6" },
    '{"type":"createRoom","game":"carcassonne","players":5,"password":"x y","externalBots":[4]}'],
  ["carcassonne third edition", { game: "carcassonne", players: 3, preset: "third-edition" },
    '{"type":"createRoom","game":"carcassonne","players":3,"preset":"third-edition"}'],
  ["carcassonne second edition is the server's default", { game: "carcassonne", players: 3, preset: "second-edition" },
    '{"type":"createRoom","game":"carcassonne","players":3}'],
  ["carcassonne with a turn clock", { game: "carcassonne", clock: "fast" }, '{"type":"createRoom","game":"carcassonne","players":4,"clock":"fast"}'],
  ["struggle offers no HK clock", { game: "struggle", clock: "hk2024" }, '{"type":"createRoom","game":"struggle","players":4}'],
  ["struggle with a turn clock", { game: "struggle", players: 3, clock: "standard" },
    '{"type":"createRoom","game":"struggle","players":3,"clock":"standard"}'],
  ["struggle defaults", { game: "struggle" }, '{"type":"createRoom","game":"struggle","players":4}'],
  ["struggle two players", { game: "struggle", players: 2, seed: "99", botFill: "heuristic", externalBots: "2", grace: 120, vp: 7 },
    '{"type":"createRoom","game":"struggle","players":2,"seed":99,"botFill":"heuristic","grace":120,"externalBots":[1]}'],
  ["struggle six players", { game: "struggle", players: 6, private: true, externalBots: "6 5 4" },
    '{"type":"createRoom","game":"struggle","players":6,"private":true,"externalBots":[3,4,5]}'],
];

for (const [name, set, expected] of cases)
  test(`createRoom, ${name}`, () => assert.equal(JSON.stringify(createRoomMessage(form(set))), expected));

test("a Catan value survives a detour through another game", () => {
  const f = form({ vp: 13 });
  f.game = "carcassonne";
  f.game = "catan";
  assert.equal(JSON.stringify(createRoomMessage(f)), '{"type":"createRoom","game":"catan","players":4,"map":"random","mode":"combined","vp":13}');
});

test("the registry: names unique, the first the default, every descriptor's defaults in range", () => {
  const names = gameMetas.map((g) => g.name);
  assert.ok(names.length > 0);
  assert.equal(new Set(names).size, names.length);
  assert.equal(defaultGame, names[0]);
  assert.deepEqual([...gameNames()].sort(), [...names].sort(), "every descriptor has a UI and every UI a descriptor");
  for (const g of gameMetas) {
    assert.match(g.name, /^[a-z][a-z0-9_-]*$/);
    assert.ok(g.seats[0] <= g.defaultSeats && g.defaultSeats <= g.seats[1], g.name);
    for (const f of g.fields) if (f.choices) assert.ok(f.choices.some((c) => c.value === f.default), `${g.name}.${f.key}`);
    assert.ok(g.bots.length > 0, `${g.name} names its bots`);
  }
});

test("every game's words are in its folder, in every language the shell has", () => {
  for (const g of gameMetas) {
    const keys = ["title", ...g.fields.flatMap((f) => [f.label, ...(f.hint ? [f.hint] : []), ...(f.choices ?? []).map((c) => c.label)]),
      ...g.bots.map((b) => `bot.${b}`), ...(g.tournament ?? []).map((r) => r.label)];
    for (const { lang } of LANGS)
      for (const k of keys) assert.ok(typeof g.words[lang]?.[k] === "string" && g.words[lang]![k] !== "", `${g.name}: "${k}" in ${lang}`);
    for (const { lang } of LANGS)
      for (const k of Object.keys(g.words.en)) assert.ok(k in (g.words[lang] ?? {}), `${g.name}: "${k}" translated in ${lang}`);
    // The clock presets it offers: its own word or the shell's, never the raw key.
    for (const c of g.clocks ?? []) assert.notEqual(gt(g, `opt.clock.${c}`), `opt.clock.${c}`, `${g.name}: clock ${c}`);
    // Its summary parts are its words (a room with every option set to each choice).
    for (const f of g.fields)
      for (const c of f.choices ?? [])
        for (const p of g.summary?.({ players: 2, [f.key]: c.value }) ?? []) {
          const key = typeof p === "string" ? p : p[0];
          assert.notEqual(gt(g, key, typeof p === "string" ? {} : p[1]), key, `${g.name}: summary word ${key}`);
        }
  }
});

test("each game names its own bots: the lobby and the room page offer the descriptor's, a game's own bot by its word", () => {
  for (const g of gameMetas)
    for (const b of g.bots) {
      assert.equal(botLabel(b, g.name), g.words.en[`bot.${b}`]);
      assert.equal(botName("en", b, g.name), g.words.en[`bot.${b}`]);
    }
  assert.equal(botLabel("nosuchbot", defaultGame), "nosuchbot", "an unknown bot shows its name, not a key");
  assert.equal(botName("en", "nosuchbot"), null);
});

test("tournaments offer the registry's games and rulesets, labelled by each game's words", () => {
  const offered = tournamentGames();
  assert.deepEqual(offered.map((x) => x.game + "/" + x.ruleset),
    gameMetas.flatMap((g) => (g.tournament ?? []).map((r) => `${g.name}/${r.ruleset}`)));
  assert.equal(new Set(offered.map((x) => x.value)).size, offered.length);
  for (const x of offered) assert.notEqual(tournamentGameLabel(x.game, x.ruleset), `${x.game}/${x.ruleset}`);
});

test("room summaries as before", () => {
  assert.equal(listSummary({ players: 4, map: "random", numbers: "spiral", mode: "combined", vp: 10 }, "none", "catan"), "4 players · Random map · 10 VP");
  assert.equal(listSummary({ players: 3, map: "starter", mode: "classic", vp: 12, ruleset: "hk2024", boardSeed: 4 }, "hk2024", "catan"),
    "3 players · Starter map · 12 VP · HK tournament 2024 · Trade, then build · HK 2024 timers");
  assert.equal(listSummary({ players: 4, map: "random", mode: "combined", vp: 10 }, "fast", undefined), "4 players · Random map · 10 VP · Fast (45 s/turn)");
  assert.equal(listSummary({ players: 2 }, "none", "carcassonne"), "Carcassonne · 2 players");
  assert.equal(listSummary({ players: 2, preset: "base" }, undefined, "carcassonne"), "Carcassonne · 2 players");
  assert.equal(listSummary({ players: 5 }, "none", undefined), "5 players");
  assert.equal(listSummary({ players: 3 }, "none", "struggle"), "The Struggle for Catan · 3 players");
  assert.equal(listSummary({ players: 2, firstSeat: 0, ruleset: { marks: 1 } }, "none", "struggle"), "The Struggle for Catan · 2 players");
  assert.equal(listSummary({}, undefined, "struggle"), "The Struggle for Catan");
  assert.equal(listSummary({}, undefined, "nosuchgame"), "");
  // The room page: no title.
  assert.equal(optionsSummary({ players: 4, map: "starter", vp: 10 }, "relaxed", "catan"), "4 players · Starter map · 10 VP · Relaxed (180 s/turn)");
  assert.equal(optionsSummary({ players: 2 }, "none", "carcassonne"), "2 players");
});

// The server's registry (hexhall-arena --list-games, written by scripts/test to build/registered-games.tsv):
// every game the server hosts has a descriptor with the same seats and the same built-in bots, and the
// client offers no game the server does not host. Skipped (and said so) without the file.
test("the web registry matches the server's (HEXHALL_REGISTERED_GAMES)", (t) => {
  const file = process.env.HEXHALL_REGISTERED_GAMES;
  if (!file) { t.skip("HEXHALL_REGISTERED_GAMES not set (scripts/test sets it)"); return; }
  const rows = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => l.split("\t"));
  assert.ok(rows.length > 0, `${file} lists no game`);
  assert.deepEqual(gameMetas.map((g) => g.name), rows.map((r) => r[0]), "the same games in the same order (the first is the default)");
  for (const [name, fewest, most, bots] of rows) {
    const g = gameMeta(name)!;
    assert.deepEqual(g.seats, [Number(fewest), Number(most)], `${name}: seats`);
    assert.deepEqual([...g.bots].sort(), bots.split(",").sort(), `${name}: the server module's bots`);
  }
});
