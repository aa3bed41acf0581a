// The dice-roll histogram and the VP-over-time chart of the victory screen (SVG, no library).
import { s, h } from "./dom";
import { SEAT_COLORS, SEAT_DASH, seatIcon } from "./pieces";
import { t } from "./strings";
import type { Lang } from "../../app/contract";

export interface GameStats {
  dice: number[];        // counts by sum, index 2..12
  vp: number[][];        // vp[step][seat]
}

export function emptyStats(): GameStats { return { dice: new Array(13).fill(0), vp: [] }; }

export function histogram(lang: Lang, counts: number[]): HTMLElement {
  const W = 330, H = 150, max = Math.max(1, ...counts.slice(2));
  const svg = s("svg", { viewBox: `0 -16 ${W} ${H + 46}`, class: "hx-chart", role: "img",
    "aria-label": `${t(lang, "diceHistogram")}: ${counts.slice(2).map((c, i) => `${i + 2}:${c}`).join(", ")}` });
  for (let n = 2; n <= 12; ++n) {
    const c = counts[n] ?? 0, bh = (c / max) * H, x = (n - 2) * 30 + 3;
    svg.append(s("rect", { x, y: H - bh, width: 24, height: bh, fill: n === 7 ? "#555" : n === 6 || n === 8 ? "#c62828" : "#1565c0", "data-sum": n, "data-count": c }));
    svg.append(s("text", { x: x + 12, y: H + 14, "text-anchor": "middle", "font-size": 12 }, String(n)));
    if (c) svg.append(s("text", { x: x + 12, y: H - bh - 3, "text-anchor": "middle", "font-size": 10 }, String(c)));
  }
  return h("figure", { class: "hx-figure", "data-testid": "dice-histogram" }, h("figcaption", {}, t(lang, "diceHistogram")), svg);
}

export function vpChart(lang: Lang, vp: number[][], names: string[]): HTMLElement {
  const W = 330, H = 150;
  const seats = Math.max(0, ...vp.map((r) => r.length));
  const maxVp = Math.max(2, ...vp.flat());
  const n = Math.max(1, vp.length - 1);
  const svg = s("svg", { viewBox: `-24 -6 ${W + 30} ${H + 24}`, class: "hx-chart", role: "img", "aria-label": t(lang, "vpChart") });
  for (let v = 0; v <= maxVp; v += Math.max(1, Math.ceil(maxVp / 5))) {
    const y = H - (v / maxVp) * H;
    svg.append(s("line", { x1: 0, y1: y, x2: W, y2: y, stroke: "#ddd" }), s("text", { x: -6, y: y + 4, "text-anchor": "end", "font-size": 10 }, String(v)));
  }
  for (let seat = 0; seat < seats; ++seat) {
    const pts = vp.map((r, i) => `${((i / n) * W).toFixed(1)},${(H - ((r[seat] ?? 0) / maxVp) * H).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points: pts, fill: "none", stroke: seat === 3 ? "#777" : SEAT_COLORS[seat], "stroke-width": 2.5,
      "stroke-dasharray": SEAT_DASH[seat] || null, "data-seat": seat }));
  }
  const legend = h("div", { class: "hx-legend" });
  for (let seat = 0; seat < seats; ++seat) legend.append(h("span", {}, seatIcon(seat, 14), ` ${names[seat] ?? seat} `));
  return h("figure", { class: "hx-figure", "data-testid": "vp-chart" }, h("figcaption", {}, t(lang, "vpChart")), svg, legend);
}

/** Statistics from the replay endpoint's messages (spectator snapshot + patches). */
export function statsFromReplay(views: any[], events: any[][]): GameStats {
  const st = emptyStats();
  for (const evs of events) for (const e of evs) if (e?.type === "diceRolled" && Array.isArray(e.dice)) st.dice[e.dice[0] + e.dice[1]]++;
  st.vp = views.map((v, i) => (v?.players ?? []).map((p: any) => (i === views.length - 1 && typeof p.totalVp === "number" ? p.totalVp : p.publicVp ?? 0)));
  return st;
}
