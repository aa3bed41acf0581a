// The Struggle for Catan game UI: the entry point the game registry loads by name.
import type { MountGame } from "../../app/contract";
import { mountStruggle } from "./ui";
export { mountReplay } from "./replay";

export const mountGame: MountGame = (root, ctx) => mountStruggle(root, ctx);
