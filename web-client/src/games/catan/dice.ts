// Two dice drawn with pips.
import { h, s } from "./dom";
import { t } from "./strings";
import type { Lang } from "../../app/contract";

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function die(n: number): SVGElement {
  const svg = s("svg", { width: 34, height: 34, viewBox: "-17 -17 34 34", class: "hx-die", "aria-hidden": "true" });
  svg.append(s("rect", { x: -15, y: -15, width: 30, height: 30, rx: 6, fill: "#fffdf6", stroke: "#333", "stroke-width": 1.5 }));
  for (const [x, y] of PIPS[n] ?? []) svg.append(s("circle", { cx: x * 8, cy: y * 8, r: 3, fill: n === 1 ? "#c62828" : "#222" }));
  return svg;
}

export function renderDice(lang: Lang, dice: number[] | undefined, fresh: boolean): HTMLElement {
  const d = Array.isArray(dice) && dice.length === 2 && dice[0] > 0 ? dice : null;
  const sum = d ? d[0] + d[1] : 0;
  const box = h("div", { class: `hx-dice${fresh ? " fresh" : ""}`, "data-testid": "dice", "data-sum": sum || null,
    "aria-label": d ? `${t(lang, "dice")}: ${d[0]} + ${d[1]} = ${sum}` : t(lang, "dice"), role: "img" });
  if (d) { box.append(die(d[0]), die(d[1]), h("b", { class: "hx-dice-sum" }, String(sum))); }
  else box.append(h("span", { class: "hx-muted" }, "–"));
  return box;
}
