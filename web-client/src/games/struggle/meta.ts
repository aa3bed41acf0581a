// The Struggle for Catan's descriptor for the shell (eager; no UI code). The lobby offers no options
// of its own: the server's defaults.
import type { GameMeta } from "../game-meta";

export const struggleMeta: GameMeta = {
  name: "struggle",
  title: "game.struggle",
  seats: [2, 6],
  defaultSeats: 2,
  fields: [],
};
