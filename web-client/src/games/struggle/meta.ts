// The Struggle for Catan's descriptor for the shell (eager; no UI code): a turn clock (the seat's
// seconds show on its card table); the server's defaults otherwise.
import type { GameMeta } from "../game-meta";
import { struggleWords } from "./words";

export const struggleMeta: GameMeta = {
  name: "struggle",
  words: struggleWords,
  bots: ["heuristic", "random", "search"],
  tournament: [{ ruleset: "base", label: "tournament.base" }],
  seats: [2, 6],
  defaultSeats: 2,
  fields: [],
  clocks: ["none", "relaxed", "standard", "fast"],
};
