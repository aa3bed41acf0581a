// The Carcassonne game UI: the entry points the shell's game registry loads by name.
import type { MountGame } from "../../app/contract";
import { CarcassonneUI } from "./ui";
export { mountReplay } from "./replay";

export const mountGame: MountGame = (root, ctx) => new CarcassonneUI(root, ctx);
