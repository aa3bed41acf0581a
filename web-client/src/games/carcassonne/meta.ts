// Carcassonne's descriptor for the shell (eager; no UI code): the edition (CAR-9.1's preset: the
// tiny-city, pennant and field-scoring switches of the 2nd or 3rd edition rules) and a turn clock;
// the server's defaults otherwise.
import type { GameMeta } from "../game-meta";
import { carcassonneWords } from "./words";

export const carcassonneMeta: GameMeta = {
  name: "carcassonne",
  words: carcassonneWords,
  bots: ["heuristic", "random", "search"],
  tournament: [{ ruleset: "base", label: "tournament.base" }],
  seats: [2, 5],
  defaultSeats: 2,
  fields: [
    { key: "preset", kind: "radio", label: "opt.edition", default: "second-edition",
      choices: [{ value: "second-edition", label: "opt.edition.second" }, { value: "third-edition", label: "opt.edition.third" }] },
  ],
  // A turn clock per decision (placing a tile, then a follower); the seconds show in the game's status line.
  clocks: ["none", "relaxed", "standard", "fast"],
  message: (v) => (v.preset === "third-edition" ? { preset: "third-edition" } : {}),
  summary: (o) => (o.preset === "third-edition" ? ["opt.edition.third"] : []),
};
