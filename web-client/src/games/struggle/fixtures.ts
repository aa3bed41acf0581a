// Hand-written frames for the dev page and the unit tests, built from the examples of
// games/struggle/docs/protocol.md (a 3- and a 4-player game, seat 0's view).
import type { GameFrame } from "../../app/contract";

export const PROVISIONAL = {
  name: "provisional",
  costs: { road: { lumber: 1, brick: 1 }, knight: { ore: 1, wool: 1, grain: 1 },
    settlement: { lumber: 1, brick: 1, wool: 1, grain: 1 }, city: { ore: 3, grain: 2 },
    expansion: { brick: 1, lumber: 1, ore: 1, wool: 1, grain: 1 }, townHallExtra: { ore: 2 } },
  roads: { unmarked: 5, mark3: 2, mark4: 2 }, knights: { unmarked: 3, mark3: 1, mark4: 1 },
  settlements: { unmarked: { none: 0, marketDay: 5, brigandAttack: 4 }, mark3: { none: 0, marketDay: 1, brigandAttack: 2 },
    mark4: { none: 0, marketDay: 2, brigandAttack: 1 } },
  expansions: { castle: 2, church: 2, townHall: 1, library: 1, university: 1, merchantGuild: 2 },
};

// (a player's VP are what the server would count from the rest, SFC-11.1, whatever `o` says)
const ps = (seat: number, o: Record<string, unknown> = {}) => {
  const p = { seat, handCount: 3, roads: "A", knights: "", settlements: 1, cities: 0, expansions: [] as string[], vp: 1, discardDue: 0, ...o };
  const b = (row: string) => [...row].filter((x) => x === "B").length;
  p.vp = p.settlements + 2 * p.cities + b(p.roads) + b(p.knights) + p.expansions.reduce((n, x) => n + (x === "townHall" ? 4 : 3), 0);
  return p;
};

function base(o: Record<string, unknown> = {}) {
  return { game: "struggle", seat: 0, players: 4, firstSeat: 0, ruleset: PROVISIONAL, phase: "trade", awaiting: [0],
    turn: 0, turnNumber: 9, tradesLeft: 2, deckOnly: false, builtThisTurn: [] as string[],
    usedThisTurn: { library: false, university: false, merchantGuild: false },
    destiny: { side: "whiteArrow", direction: "clockwise" }, deckCount: 31, discard: { ore: 2, wool: 3, brick: 1 }, discardCount: 6,
    market: { grain: 1, lumber: 2, wool: 1, ore: 1 },
    stacks: { roads: 2, knights: 1, settlements: 7, expansions: { castle: 2, church: 1, townHall: 1, library: 0, university: 1, merchantGuild: 2 } },
    playerStates: [ps(0, { handCount: 5, roads: "ABA", knights: "AB", settlements: 1, cities: 1, expansions: ["library"], vp: 7 }),
      ps(1, { handCount: 4, roads: "AB", knights: "A", cities: 1, vp: 5 }),
      ps(2, { handCount: 9, roads: "A", vp: 2 }), ps(3, { handCount: 2, roads: "ABAB", knights: "ABA", settlements: 2, vp: 6 })],
    winner: null, hand: { brick: 1, ore: 2, wool: 2 }, known: { "1": { ore: 1 }, "2": {}, "3": {} }, ...o };
}

const tradeLegal = [
  { type: "endTrade" },
  ...[{ brick: 1 }, { ore: 1 }, { wool: 1 }, { ore: 2 }, { wool: 2 }, { brick: 1, ore: 1 }].map((give) => ({ type: "tradeDeck", give })),
  ...["brick", "ore", "wool"].flatMap((give) => ["grain", "lumber", "wool", "ore"].filter((t) => t !== give).map((take) => ({ type: "tradeMarket", give, take }))),
  ...[1, 2, 3].flatMap((opponent) => [1, 2].flatMap((count) => [{ type: "tradePlayer", opponent, count }, { type: "tradePlayer", opponent, count, library: true }])),
];

const buildLegal = [
  { type: "build", building: "road", pay: { brick: 1, ore: 3 } },
  { type: "build", building: "road", pay: { brick: 1, wool: 3 } },
  { type: "build", building: "knight", pay: { ore: 1, wool: 1, grain: 1 } },
  { type: "build", building: "city", pay: { ore: 3, grain: 2 } },
  { type: "build", building: "expansion", expansion: "castle", pay: { brick: 1, lumber: 1, ore: 1, wool: 1, grain: 1 } },
  { type: "build", building: "expansion", expansion: "church", pay: { brick: 1, lumber: 1, ore: 1, wool: 1, grain: 1 } },
  { type: "endBuild" },
];

export const FIXTURES: Record<string, GameFrame[]> = {
  trade: [{ version: 40, snapshot: false, view: base(), legal: tradeLegal, clock: { seat: 0, deadline: Date.now() + 75000, kind: "turn" },
    events: [{ type: "turnStarted", seat: 0, turnNumber: 9 }, { type: "tookCard", seat: 3, from: 0, building: "knight", side: "A" }] }],
  giveBack: [{ version: 41, snapshot: false,
    view: base({ phase: "giveBack", tradesLeft: 0, players: 3, turnNumber: 1, destiny: { side: "whiteArrow", direction: "clockwise" },
      deckCount: 53, discard: {}, discardCount: 0, market: { grain: 1, lumber: 2, wool: 2 },
      playerStates: [ps(0, { handCount: 4 }), ps(1, { handCount: 2 }), ps(2, { handCount: 3 })],
      trade: { opponent: 1, count: 1, drawn: { brick: 1 } }, hand: { brick: 1, wool: 3 }, known: { "1": {}, "2": {} } }),
    legal: [{ type: "giveBack", cards: { brick: 1 } }, { type: "giveBack", cards: { wool: 1 } }],
    events: [{ type: "drewFromPlayer", seat: 0, from: 1, count: 1, library: false, cards: { brick: 1 } }] }],
  build: [{ version: 50, snapshot: false,
    view: base({ phase: "build", tradesLeft: 0, hand: { brick: 1, ore: 4, wool: 4, grain: 2 },
      playerStates: [ps(0, { handCount: 11, roads: "ABA", knights: "AB", cities: 1, expansions: [], vp: 6 }), ps(1, { vp: 5 }), ps(2), ps(3, { vp: 6 })] }),
    legal: buildLegal, events: [{ type: "tradedWithMarket", seat: 0, gave: "wool", took: "lumber" }] }],
  discard: [{ version: 60, snapshot: false,
    view: base({ phase: "discard", turn: 2, awaiting: [0, 2], hand: { brick: 2, ore: 3, wool: 3, grain: 1 },
      destiny: { side: "other", direction: "counterclockwise" },
      playerStates: [ps(0, { handCount: 9, discardDue: 2, roads: "ABA", vp: 5 }), ps(1, { vp: 4 }), ps(2, { handCount: 11, discardDue: 4, cities: 1, vp: 4 }), ps(3, { vp: 6 })] }),
    legal: [{ ore: 2 }, { wool: 2 }, { brick: 2 }, { ore: 1, wool: 1 }, { brick: 1, grain: 1 }, { ore: 1, grain: 1 }].map((cards) => ({ type: "discard", cards })),
    events: [{ type: "built", seat: 2, building: "city", paid: { ore: 3, grain: 2 } }, { type: "cityEvent", seat: 2, event: "brigandAttack" },
      { type: "brigandAttack", discards: { "0": 2, "2": 4 } }, { type: "destinyFlipped", direction: "counterclockwise" }] }],
  watch: [{ version: 70, snapshot: false,
    view: base({ phase: "trade", turn: 1, awaiting: [1], tradesLeft: 1 }), legal: [],
    events: [{ type: "built", seat: 3, building: "city", paid: { ore: 3, grain: 2 } }, { type: "cityEvent", seat: 3, event: "marketDay" },
      { type: "marketDay", market: { grain: 1, lumber: 2, wool: 1, ore: 1 } }, { type: "drew", seat: 3, count: 3, step: "draw" },
      { type: "turnStarted", seat: 1, turnNumber: 10 }, { type: "merchantGuild", seat: 1, from: 0, count: 1, cards: { wool: 1 } }] }],
  over: [{ version: 90, snapshot: false,
    view: base({ phase: "over", awaiting: [], winner: 3, playerStates: [ps(0, { cities: 1, expansions: ["library"], roads: "ABAB", knights: "AB", vp: 9 }),
      ps(1, { settlements: 2, cities: 1, roads: "AB", vp: 5 }), ps(2), ps(3, { vp: 10, cities: 2, roads: "AB", expansions: ["townHall"] })] }),
    legal: [], events: [{ type: "built", seat: 3, building: "expansion", expansion: "townHall", paid: { brick: 1, lumber: 1, ore: 3, wool: 1, grain: 1 } }, { type: "won", seat: 3, vp: 10 }] }],
};
