// The Catan game UI (plain DOM + SVG): the entry points the shell imports as "@game".
import type { MountGame } from "../../app/contract";
import { mountGameUI } from "./game";
export { mountReplay } from "./replay";

export const mountGame: MountGame = (root, ctx) => mountGameUI(root, ctx);
