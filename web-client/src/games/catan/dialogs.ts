// Modal dialogs: discard, robber victim, Year of Plenty, Monopoly, bank trade, offer and
// counter-offer composers. Choices come from catan.legal (concrete actions, or the families
// discard / offerTrade / counterOffer / bankTradeBundles with bankRate).
import { h, button } from "./dom";
import { RESOURCE_FILL } from "./board";
import { t, cardsText, RESOURCES, Resource, Key } from "./strings";
import { UI, legalOf, sumCards } from "./state";
import { bankTradeOk, cardsFor, rateSets } from "./bank";

export interface Dialog { el: HTMLElement; kind: string; }

function shell(ui: UI, kind: string, titleKey: Key, params: Record<string, string | number>, onClose: (() => void) | null): { el: HTMLElement; body: HTMLElement } {
  const title = t(ui.lang, titleKey, params);
  const id = `hx-dlg-${kind}`;
  const el = h("div", { class: `hx-dialog hx-dialog-${kind}`, role: "dialog", "aria-modal": "true", "aria-labelledby": id, "data-testid": `${kind}-dialog` });
  el.append(h("h3", { id }, title));
  const body = h("div", { class: "hx-dialog-body" });
  el.append(body);
  if (onClose) {
    const c = button(t(ui.lang, "cancel"), { class: "hx-btn hx-dialog-close", "data-testid": `${kind}-cancel` }, onClose);
    el.append(h("div", { class: "hx-dialog-foot" }, c));
    el.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); onClose(); } });
  }
  return { el, body };
}

/** A row of −/count/+ steppers, one per resource; returns the live counts. */
function steppers(ui: UI, prefix: string, counts: Record<string, number>, max: (r: Resource) => number, step: (r: Resource) => number,
                  onChange: () => void, only?: Resource[], have?: Record<string, number>): HTMLElement {
  const box = h("div", { class: "hx-steppers" });
  for (const r of only ?? RESOURCES) {
    const out = h("output", { class: "hx-step-count", "data-testid": `${prefix}-${r}-count` }, String(counts[r] ?? 0));
    const minus = button("−", { class: "hx-btn small", "data-testid": `${prefix}-${r}-minus`, "aria-label": `− ${t(ui.lang, r)}` }, () => {
      counts[r] = Math.max(0, (counts[r] ?? 0) - step(r)); refresh(); onChange();
    });
    const plus = button("+", { class: "hx-btn small", "data-testid": `${prefix}-${r}-plus`, "aria-label": `+ ${t(ui.lang, r)}` }, () => {
      counts[r] = Math.min(max(r), (counts[r] ?? 0) + step(r)); refresh(); onChange();
    });
    const refresh = () => {
      out.textContent = String(counts[r] ?? 0);
      minus.disabled = (counts[r] ?? 0) <= 0;
      plus.disabled = (counts[r] ?? 0) + step(r) > max(r);
    };
    refresh();
    box.append(h("div", { class: "hx-step", style: `--res:${RESOURCE_FILL[r]}` }, h("span", { class: "hx-step-name" }, t(ui.lang, r), have ? h("small", { class: "hx-muted" }, ` (${have[r] ?? 0})`) : null), minus, out, plus));
  }
  return box;
}

function nonZero(c: Record<string, number>): Record<string, number> {
  const o: Record<string, number> = {};
  for (const r of RESOURCES) if ((c[r] ?? 0) > 0) o[r] = c[r];
  return o;
}

export function discardDialog(ui: UI, n: number): Dialog {
  const { el, body } = shell(ui, "discard", "discardTitle", { n }, null);
  const hand = ui.view?.players?.[ui.seat]?.hand ?? {};
  const counts: Record<string, number> = {};
  const status = h("p", { class: "hx-muted", "aria-live": "polite" });
  const confirm = button(t(ui.lang, "confirm"), { class: "hx-btn primary", "data-testid": "discard-confirm" }, () => ui.act({ type: "discard", cards: nonZero(counts) }));
  const update = () => {
    const k = sumCards(counts);
    status.textContent = t(ui.lang, "discardChosen", { k, n });
    confirm.disabled = k !== n;
  };
  body.append(steppers(ui, "discard", counts, (r) => hand[r] ?? 0, () => 1, update, undefined, hand), status, confirm);
  update();
  return { el, kind: "discard" };
}

export function victimDialog(ui: UI, options: any[], onClose: () => void): Dialog {
  const { el, body } = shell(ui, "victim", "victimTitle", {}, onClose);
  for (const a of options) {
    const v = a.victim;
    const has = typeof v === "number";
    const label = has ? `${ui.names[v] ?? v} (${t(ui.lang, "nCards", { n: ui.view?.players?.[v]?.resourceCount ?? "?" })})` : t(ui.lang, "nobody");
    body.append(button(label, { class: "hx-btn", "data-testid": has ? `victim-${v}` : "victim-none" }, () => ui.act(a)));
  }
  return { el, kind: "victim" };
}

/** Year of Plenty as "pick two" (issue 18): tap two resources (one twice is fine), then take them.
 *  A resource can be tapped only while some legal choice still contains what is picked. */
export function yearOfPlentyDialog(ui: UI, onClose: () => void): Dialog {
  const { el, body } = shell(ui, "yop", "yopTitle", {}, onClose);
  const options = legalOf(ui, "playYearOfPlenty");
  const picked: Record<string, number> = {};
  const fits = (a: any, p: Record<string, number>) => RESOURCES.every((r) => (p[r] ?? 0) <= (a.cards?.[r] ?? 0));
  const exact = () => options.find((a) => fits(a, picked) && sumCards(a.cards) === sumCards(picked));
  const grid = h("div", { class: "hx-choice-grid" });
  const status = h("p", { class: "hx-muted", "aria-live": "polite" });
  const take = button("", { class: "hx-btn primary", "data-testid": "yop-take" }, () => { const a = exact(); if (a) ui.act(a); });
  const clearBtn = button(t(ui.lang, "yopClear"), { class: "hx-btn", "data-testid": "yop-clear" }, () => { for (const r of RESOURCES) delete picked[r]; refresh(); });
  const picks = RESOURCES.map((r) => {
    const b = button(t(ui.lang, r), { class: "hx-btn", "data-testid": `yop-pick-${r}`, style: `--res:${RESOURCE_FILL[r]}` }, () => {
      picked[r] = (picked[r] ?? 0) + 1; refresh();
    });
    grid.append(b);
    return [r, b] as const;
  });
  function refresh(): void {
    const n = sumCards(picked);
    for (const [r, b] of picks) {
      b.disabled = n >= 2 || !options.some((a) => fits(a, { ...picked, [r]: (picked[r] ?? 0) + 1 }));
      b.setAttribute("aria-pressed", String((picked[r] ?? 0) > 0));
      b.dataset.count = String(picked[r] ?? 0);
    }
    status.textContent = n ? cardsText(ui.lang, picked) : "";
    const a = exact();
    take.disabled = !a;
    take.textContent = t(ui.lang, "yopTake", { cards: a ? cardsText(ui.lang, a.cards) : "…" });
    clearBtn.disabled = n === 0;
    // The keyboard's focus never falls off a button that just got disabled (issue 27): on to Take,
    // or back to the first resource that can still be picked.
    const at = document.activeElement;
    if (at instanceof HTMLButtonElement && at.disabled && el.contains(at)) (take.disabled ? picks.find(([, b]) => !b.disabled)?.[1] : take)?.focus();
  }
  body.append(h("p", {}, t(ui.lang, "yopPick")), grid, status, h("div", { class: "hx-row" }, take, clearBtn));
  refresh();
  return { el, kind: "yop" };
}

export function monopolyDialog(ui: UI, onClose: () => void): Dialog {
  const { el, body } = shell(ui, "monopoly", "monopolyTitle", {}, onClose);
  for (const a of legalOf(ui, "playMonopoly")) {
    body.append(button(t(ui.lang, a.resource as Key), { class: "hx-btn", "data-testid": `monopoly-${a.resource}`, style: `--res:${RESOURCE_FILL[a.resource]}` }, () => ui.act(a)));
  }
  return { el, kind: "monopoly" };
}

export function bankDialog(ui: UI, onClose: () => void): Dialog {
  const { el, body } = shell(ui, "bank", "bankTitle", {}, onClose);
  const rate = ui.legal?.bankRate ?? {};
  const rates = h("p", { class: "hx-rates" });
  for (const r of RESOURCES) if (rate[r] > 0) rates.append(h("span", { class: "hx-rate", "data-testid": `bank-rate-${r}` }, `${t(ui.lang, r)} ${t(ui.lang, "rate", { n: rate[r] })}`), " ");
  body.append(rates);
  // The concrete single trades, grouped by what is given.
  const byGive = new Map<string, any[]>();
  for (const a of legalOf(ui, "bankTrade")) {
    const g = Object.keys(a.give ?? {})[0] ?? "";
    if (!byGive.has(g)) byGive.set(g, []);
    byGive.get(g)!.push(a);
  }
  for (const [g, list] of byGive) {
    const row = h("div", { class: "hx-bank-row" }, h("span", { class: "hx-bank-give" }, `${t(ui.lang, "give")}: ${cardsText(ui.lang, list[0].give)} →`));
    for (const a of list) {
      const getR = Object.keys(a.get ?? {})[0] ?? "";
      row.append(button(cardsText(ui.lang, a.get), { class: "hx-btn small", "data-testid": `bank-${g}-${getR}` }, () => ui.act(a)));
    }
    body.append(row);
  }
  // Several trades at once (CAT-9.14) when the server says bundles are allowed.
  // Rates may be mixed (4:1 is always there beside a harbor's rate): "give" steps one card at a time,
  // up to what the player holds, and the dialog says how many cards that buys (bank.ts).
  if (ui.legal?.bankTradeBundles) {
    const give: Record<string, number> = {}, get: Record<string, number> = {};
    const sets = rateSets(rate);
    const hand: Record<string, number> = ui.view?.players?.[ui.seat]?.hand ?? {};
    const sendBtn = button(t(ui.lang, "send"), { class: "hx-btn primary", "data-testid": "bank-bundle-send" }, () =>
      ui.act({ type: "bankTrade", give: nonZero(give), get: nonZero(get) }));
    const buys = h("p", { class: "hx-muted", "data-testid": "bank-bundle-buys" });
    const upd = () => {
      const counts = cardsFor(give, sets);
      buys.textContent = sumCards(give) === 0 ? "" : counts.length ? t(ui.lang, "bankBuys", { n: counts.join(" / ") }) : t(ui.lang, "bankBuysNothing");
      sendBtn.disabled = !bankTradeOk(give, get, sets);
    };
    body.append(h("details", { class: "hx-bundle", "data-testid": "bank-bundle" }, h("summary", {}, t(ui.lang, "bundle")),
      h("div", { class: "hx-subtitle" }, t(ui.lang, "give")), steppers(ui, "bank-give", give, (r) => hand[r] ?? 0, () => 1, upd, undefined, hand),
      buys,
      h("div", { class: "hx-subtitle" }, t(ui.lang, "get")), steppers(ui, "bank-get", get, () => 19, () => 1, upd), sendBtn));
    upd();
  }
  return { el, kind: "bank" };
}

/** Compose an offer (active player) or a counter-offer (an addressee). Both are written from the
 *  composer's own side ("you give / you get"); a counter-offer is sent from the active player's side. */
export function tradeDialog(ui: UI, counter: boolean, onClose: () => void): Dialog {
  const kind = counter ? "counter" : "trade";
  const { el, body } = shell(ui, kind, counter ? "counterTitle" : "offerTitle", {}, onClose);
  const give: Record<string, number> = {}, get: Record<string, number> = {};
  const offer = ui.view?.offer;
  if (counter && offer) { Object.assign(give, offer.get ?? {}); Object.assign(get, offer.give ?? {}); }
  const to = new Set<number>();
  const sendBtn = button(t(ui.lang, "send"), { class: "hx-btn primary", "data-testid": `${kind}-send` }, () => {
    // The counter names the offer it answers: the one open when the dialog opened (a newer offer
    // makes the server refuse it with offer_closed instead of applying it to terms never seen).
    if (counter) ui.act({ type: "counterOffer", offer: offer?.id, give: nonZero(get), get: nonZero(give) });
    else ui.act({ type: "offerTrade", give: nonZero(give), get: nonZero(get), to: [...to].sort() });
  });
  const upd = () => { sendBtn.disabled = sumCards(give) === 0 && sumCards(get) === 0 || (!counter && to.size === 0); };
  body.append(h("div", { class: "hx-subtitle" }, t(ui.lang, "give")), steppers(ui, `${kind}-give`, give, () => 19, () => 1, upd, undefined, ui.view?.players?.[ui.seat]?.hand),
    h("div", { class: "hx-subtitle" }, t(ui.lang, "get")), steppers(ui, `${kind}-get`, get, () => 19, () => 1, upd));
  if (!counter) {
    const who = h("fieldset", { class: "hx-to" }, h("legend", {}, t(ui.lang, "to")));
    (ui.view?.players ?? []).forEach((_p: any, seat: number) => {
      if (seat === ui.seat) return;
      to.add(seat);
      const cb = h("input", { type: "checkbox", checked: true, "data-testid": `offer-to-${seat}` }) as HTMLInputElement;
      cb.addEventListener("change", () => { if (cb.checked) to.add(seat); else to.delete(seat); upd(); });
      who.append(h("label", {}, cb, " ", ui.names[seat] ?? String(seat)));
    });
    body.append(who);
  }
  body.append(sendBtn);
  upd();
  return { el, kind };
}
