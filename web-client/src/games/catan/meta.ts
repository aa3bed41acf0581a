// Catan's descriptor for the shell (eager; no UI code): seats, the create-room options and how they
// become createRoom members, and the summary of a room's options.
import type { GameMeta, SummaryPart } from "../game-meta";
import { catanWords } from "./words";

export const catanMeta: GameMeta = {
  name: "catan",
  words: catanWords,
  bots: ["heuristic", "random", "search"],
  // Both rulesets are ranked by HK-1 (the server's tournament registry, games/catan's module).
  tournament: [{ ruleset: "hk2024", label: "tournament.hk2024" }, { ruleset: "base", label: "tournament.base" }],
  seats: [3, 4],
  defaultSeats: 4,
  fields: [
    { key: "vp", kind: "number", label: "opt.vp", min: 3, max: 20, default: 10 },
    { key: "map", kind: "radio", label: "opt.map", default: "random",
      choices: [{ value: "starter", label: "opt.map.starter" }, { value: "random", label: "opt.map.random" }] },
    { key: "numbers", kind: "radio", label: "opt.numbers", default: "spiral",
      choices: [{ value: "spiral", label: "opt.numbers.spiral" }, { value: "random", label: "opt.numbers.random" }] },
    { key: "mode", kind: "radio", label: "opt.mode", default: "combined",
      choices: [{ value: "combined", label: "opt.mode.combined" }, { value: "classic", label: "opt.mode.classic" }] },
    { key: "ruleset", kind: "radio", label: "opt.ruleset", default: "base",
      choices: [{ value: "base", label: "opt.ruleset.base" }, { value: "hk2024", label: "opt.ruleset.hk2024" }] },
    { key: "boardSeed", kind: "text", label: "opt.boardSeed", numeric: true, hint: "opt.boardSeedHint", advanced: true, default: "" },
  ],
  // none: the server's default (HK-2 timers for hk2024)
  clocks: ["none", "relaxed", "standard", "fast", "hk2024"],
  message(v) {
    const m: Record<string, unknown> = { map: v.map, mode: v.mode, vp: v.vp };
    if (v.numbers !== "spiral") m.numbers = v.numbers;
    if (v.ruleset !== "base") m.ruleset = v.ruleset;
    const boardSeed = String(v.boardSeed).trim();
    if (/^\d+$/.test(boardSeed)) m.boardSeed = Number(boardSeed);
    return m;
  },
  summary(o) {
    const parts: SummaryPart[] = [];
    if (o.map) parts.push(o.map === "starter" ? "opt.map.starter" : "opt.map.random");
    if (o.vp) parts.push(["sum.vp", { n: o.vp }]);
    if (o.ruleset === "hk2024") parts.push("opt.ruleset.hk2024");
    if (o.mode === "classic") parts.push("opt.mode.classic");
    return parts;
  },
};
