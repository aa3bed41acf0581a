// The viewer's own hand and development cards.
import { h } from "./dom";
import { RESOURCE_FILL } from "./board";
import { t, RESOURCES, DEV_CARDS, type Key } from "./strings";
import type { UI } from "./state";
import type { Lang } from "../../app/contract";

/** What changed in a hand, per resource (only the resources that changed). */
export function handDelta(prev: Record<string, number> | undefined, next: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  if (!prev || !next) return out;
  for (const r of RESOURCES) {
    const d = (next[r] ?? 0) - (prev[r] ?? 0);
    if (d) out[r] = d;
  }
  return out;
}

/** The deltas shown after `d` arrives: within one frame changes add up (several `produced`), a newer
 *  frame's change of a resource replaces the older one ("+1 Wool" then a trade: "−4 Wool"). */
export function addDelta(acc: Record<string, number>, d: Record<string, number>): Record<string, number> {
  return { ...acc, ...d };
}

/** "+1 Brick" or "−1 Wool". */
export function deltaText(lang: Lang, r: string, n: number): string {
  return t(lang, n > 0 ? "handGain" : "handLoss", { n: Math.abs(n), res: t(lang, r as any) });
}

/** `delta`: what the hand just gained (+) or lost (−), shown on the cards for a moment (issue 18). */
/** `age`: ms since the delta arrived, so that a redraw resumes its animation instead of restarting it. */
/** `shown`: the viewer's own player as of the action last shown (default: the current view's). */
export function renderHand(ui: UI, delta: Record<string, number> = {}, age = 0, shown: any = null): HTMLElement | null {
  const resume = `animation-delay:-${Math.round(age)}ms`;
  const me = shown ?? ui.view?.players?.[ui.seat];
  if (!me || !me.hand) return null;
  const box = h("section", { class: "hx-hand", "aria-label": t(ui.lang, "yourHand") });
  const summary = RESOURCES.filter((r) => delta[r]).map((r) => deltaText(ui.lang, r, delta[r])).join(" ");
  box.append(h("h3", {}, t(ui.lang, "yourHand"),
    summary ? h("span", { class: "hx-hand-delta", "data-testid": "hand-delta", "aria-live": "polite", style: resume }, summary) : null));
  const row = h("div", { class: "hx-cards" });
  for (const r of RESOURCES) {
    const n = me.hand[r] ?? 0;
    const d = delta[r] ?? 0;
    row.append(h("div", { class: `hx-card res-${r}${n ? "" : " zero"}${d > 0 ? " gain" : d < 0 ? " loss" : ""}`, "data-testid": `hand-${r}`, "data-count": n,
      style: `--res:${RESOURCE_FILL[r]}` }, h("span", { class: "hx-card-name" }, t(ui.lang, r)), h("b", { class: "hx-card-count", style: d ? resume : null }, String(n)),
      d ? h("span", { class: `hx-card-delta ${d > 0 ? "up" : "down"}`, "data-testid": `hand-gain-${r}`, title: deltaText(ui.lang, r, d), style: resume }, `${d > 0 ? "+" : "−"}${Math.abs(d)}`) : null));
  }
  box.append(row);
  const dev = h("div", { class: "hx-devcards", "data-testid": "devcards-own" });
  dev.append(h("h4", {}, t(ui.lang, "yourDevCards")));
  let any = false;
  for (const d of DEV_CARDS) {
    const n = me.devCards?.[d] ?? 0;
    if (!n) continue;
    any = true;
    const fresh = me.devBoughtThisTurn?.[d] ?? 0;
    const desc = t(ui.lang, `desc_${d}` as Key);  // what the card does (issue 18)
    dev.append(h("span", { class: "hx-devcard", "data-testid": `devcard-${d}`, "data-count": n, title: desc },
      `${t(ui.lang, d)} ×${n}`, fresh ? h("small", {}, ` (${t(ui.lang, "newThisTurn", { n: fresh })})`) : null,
      h("small", { class: "hx-devdesc", "data-testid": `devcard-${d}-desc` }, desc)));
  }
  if (!any) dev.append(h("span", { class: "hx-muted" }, t(ui.lang, "noDevCards")));
  box.append(dev);
  return box;
}
