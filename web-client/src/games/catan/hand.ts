// The viewer's own hand and development cards.
import { h } from "./dom";
import { RESOURCE_FILL } from "./board";
import { t, RESOURCES, DEV_CARDS } from "./strings";
import type { UI } from "./state";

export function renderHand(ui: UI): HTMLElement | null {
  const me = ui.view?.players?.[ui.seat];
  if (!me || !me.hand) return null;
  const box = h("section", { class: "hx-hand", "aria-label": t(ui.lang, "yourHand") });
  box.append(h("h3", {}, t(ui.lang, "yourHand")));
  const row = h("div", { class: "hx-cards" });
  for (const r of RESOURCES) {
    const n = me.hand[r] ?? 0;
    row.append(h("div", { class: `hx-card res-${r}${n ? "" : " zero"}`, "data-testid": `hand-${r}`, "data-count": n,
      style: `--res:${RESOURCE_FILL[r]}` }, h("span", { class: "hx-card-name" }, t(ui.lang, r)), h("b", { class: "hx-card-count" }, String(n))));
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
    dev.append(h("span", { class: "hx-devcard", "data-testid": `devcard-${d}`, "data-count": n },
      `${t(ui.lang, d)} ×${n}`, fresh ? h("small", {}, ` (${t(ui.lang, "newThisTurn", { n: fresh })})`) : null));
  }
  if (!any) dev.append(h("span", { class: "hx-muted" }, t(ui.lang, "noDevCards")));
  box.append(dev);
  return box;
}
