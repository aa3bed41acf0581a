// Carcassonne's descriptor for the shell (eager; no UI code). The lobby offers no options of its
// own: the server's defaults.
import type { GameMeta } from "../game-meta";

export const carcassonneMeta: GameMeta = {
  name: "carcassonne",
  title: "game.carcassonne",
  seats: [2, 5],
  defaultSeats: 2,
  fields: [],
};
