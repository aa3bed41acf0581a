// The Struggle for Catan table, drawn as a card game in fixed regions that never move (issue 27):
// the status line, the opponents' rows, the market and piles, the action panel (its own scroll),
// your rows, your hand fanned at the bottom and the log line. The table fills the window below the
// header on a phone and on a desktop, so the page never scrolls; notices, the log, the cost card and
// the explanations (tap a player, the piles or the ⓘ) lie over it. Every control comes from the
// server's legal list; the UI holds only the current selection of hand cards.
import { seatDisplayNames } from "../../app/seat-names";
import { Pacer } from "../../app/pacer";
import { soundToggle } from "../../app/sound-toggle";
import { rematchButton } from "../../app/rematch-button";
import { turnClock } from "../../app/turn-clock";
import { ClockMoved } from "../../app/clock-moved";
import type { GameContext, GameFrame, GameHandle, HistoryEntry, Lang } from "../../app/contract";
import { tr, type StringKey } from "./strings";
import {
  RESOURCES, BUILDINGS, EXPANSIONS, legalList, ofType, total, sameCards, matchCards, payOptions, payKind, costOf,
  stepOf, cardsText, eventText, noticesOf, noticeText, finalTable, vpBySource, sides, expansionVp, type Action, type Cards, type Resource, type Shown,
} from "./model";
import { art } from "./icons";
import "./struggle.css";

type Kid = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;
function h(tag: string, attrs: Attrs = {}, ...kids: Kid[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === "function") el.addEventListener(k.replace(/^on/, ""), v);
    else if (k === "class") el.className = String(v);
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, String(v));
  }
  for (const c of kids) if (c !== null && c !== undefined && c !== false) el.append(c);
  // Cards acting as buttons answer Enter and Space like buttons.
  if (attrs.role === "button") el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); el.click(); }
  });
  return el;
}

/** A control's content: what a screen reader says (`said`), and what the eye sees (hidden from
 *  the reader), so the accessible name is a sentence and no label contradicts the visible text. */
function spoken(said: string, ...seen: Kid[]): HTMLElement[] {
  return [h("span", { class: "sfc-sr" }, said), h("span", { class: "sfc-seen", "aria-hidden": "true" }, ...seen)];
}

interface LogLine { text: string; fresh: boolean; notice: boolean }
/** The table as of one version (a copy: the stream patches its view in place). */
interface Table { version: number; view: any }
type Info = { kind: "player"; seat: number } | { kind: "table" } | null;

export function mountStruggle(root: HTMLElement, ctx: GameContext): GameHandle {
  // The host is the size container the table's layout asks (its width, not the window's: at the
  // end the room's panel takes a column beside it).
  const host = h("div", { class: "sfc-host" });
  const el = h("div", { class: "sfc", "data-testid": "sfc-table" });
  host.append(el);
  root.append(host);
  let lang: Lang = ctx.lang();
  let frame: GameFrame | null = null;
  let sel: Cards = {};
  let chooser: { building: string } | null = null;
  let library = false;
  let tradeCount = 1;
  let busy = false;
  let error = "";
  let log: LogLine[] = [];
  let notices: string[] = [];
  let noticeFrom = -1;
  // The clock ran out and the server's bot moved for me (app/clock-moved.ts): a notice until "Got it"
  // or my next action (issue 27).
  const clockMoved = new ClockMoved(ctx.seat);
  let timedOut = false;
  let info: Info = null;
  let logOpen = false;
  let costsOpen = false;
  let focusAfter: string | null = null;
  // Other seats' actions are shown one at a time, ~400 ms apart (issue 18, app/pacer.ts), each with
  // the table as it was after it (issue 27: what happened is shown with the state change, never after
  // it): a paced action keeps a copy of its frame's view, and while actions wait their turn the table,
  // your hand included, is drawn from the one whose log line is shown. "Skip »" shows them all.
  let shownVersion = -1;
  let shownTable: Table | null = null;
  const raw: Shown[] = [];
  const pacer = new Pacer<{ v: number; events: any[]; table: Table }>((item) => {
    for (const e of item.events) raw.push({ v: item.v, e });
    if (raw.length > 200) raw.splice(0, raw.length - 200);
    shownVersion = item.v;
    shownTable = item.table;
    relog();
    render();
  });
  pacer.onChange = () => render();
  // The turn clock (when the room has one): the seat it runs for and the seconds left (app/turn-clock.ts).
  const clock = turnClock({ frame: () => frame ?? undefined, over: () => frame?.view.phase === "over", name: (s) => name(s),
    className: "sfc-clock", testId: "sfc-clock" });
  const t = (k: StringKey, p?: Record<string, string | number>) => tr(lang, k, p);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    if (info) closeInfo(); else if (logOpen || costsOpen) { logOpen = false; costsOpen = false; render(); }
  };
  document.addEventListener("keydown", onKey);

  const name = (s: number): string => {
    if (s === ctx.seat) return t("you");
    const seats = ctx.room().seats ?? [];
    return seatDisplayNames(seats, frame?.view?.playerStates?.length ?? seats.length, lang, (n) => t("seat", { n }), "struggle")[s] ?? t("seat", { n: s + 1 });
  };

  function act(intent: Action) {
    if (busy) return;
    pacer.skip();  // acting: what happened before is shown first
    busy = true; error = ""; timedOut = false;
    const at = frame?.version ?? -1;
    clockMoved.sent(ctx.act(intent)).then(() => { sel = {}; chooser = null; library = false; noticeFrom = Math.max(noticeFrom, at); },
      (e: any) => { error = `${e?.rule ? e.rule + ": " : ""}${e?.message ?? e}`; })
      .finally(() => { busy = false; relog(); render(); });
    render();
  }

  // ---- cards

  /** A resource card: its picture and name (a market or hand card, a library pick). */
  function card(res: string, extra: Attrs = {}, ...kids: Kid[]) {
    return h("div", { class: `sfc-card res-${res}`, ...extra }, art(res), h("span", { class: "sfc-card-name" }, t(res as StringKey)), ...kids);
  }
  function chips(c: Cards | undefined) {
    const box = h("span", { class: "sfc-chips" });
    for (const r of RESOURCES) for (let i = 0; i < (c?.[r] ?? 0); i++)
      box.append(h("span", { class: `sfc-chip res-${r}`, title: t(r), "aria-label": t(r), role: "img" }, art(r, "sfc-chip-art")));
    if (!total(c)) box.append(t("none"));
    return box;
  }
  /** A road or knight row as small cards, each showing its side: A (ability) or B★ (1 VP). */
  function row(kind: "road" | "knight", sidesUp: string, big = false) {
    const r = h("span", { class: `sfc-row sfc-${kind}s${big ? " big" : ""}` }, art(kind, "sfc-row-art"));
    if (!sidesUp) r.append(h("span", { class: "sfc-muted" }, "–"));
    [...sidesUp].forEach((s, i) => r.append(h("span", { class: `sfc-side side-${s}${i === sidesUp.length - 1 ? " top" : ""}` },
      s === "A" ? "A" : "B★", big ? h("small", {}, s === "A" ? "+1" : "1") : null)));
    return r;
  }
  function rowLabel(kind: "road" | "knight", sidesUp: string) {
    const { a, b } = sides(sidesUp);
    return `${t(kind === "road" ? "roads" : "knights")}: ${sidesUp.length ? `${a}× A, ${b}× B★` : t("none")}`;
  }
  function buildings(p: any) {
    const b = h("span", { class: "sfc-buildings" });
    if (p.settlements) b.append(h("span", { class: "sfc-bld settlement", title: t("settlements") }, art("settlement", "sfc-bld-art"), `${p.settlements}`));
    if (p.cities) b.append(h("span", { class: "sfc-bld city", title: t("cities") }, art("city", "sfc-bld-art"), `${p.cities}`));
    for (const x of p.expansions ?? []) b.append(h("span", { class: "sfc-bld expansion", title: t(x) }, art(x, "sfc-bld-art")));
    return b;
  }
  function buildingsLabel(p: any) {
    return [`${t("settlements")} ${p.settlements}`, `${t("cities")} ${p.cities}`, ...(p.expansions ?? []).map((x: string) => t(x as StringKey))].join(", ");
  }

  // ---- regions

  function status(v: any) {
    const yourTurn = v.turn === ctx.seat && v.phase !== "over";
    const cur = stepOf(v.phase);
    const steps = h("ol", { class: "sfc-steps", "data-testid": "sfc-steps" });
    for (const [s, k] of [["trade", "stepTrade"], ["build", "stepBuild"], ["draw", "stepDraw"]] as const) {
      // "1 Trade": on a phone the steps not under way show their number only.
      const [num, ...word] = t(k).split(" ");
      steps.append(h("li", { class: cur === s ? "now" : "", "aria-current": cur === s ? "step" : undefined },
        num, h("span", { class: "sfc-step-word" }, ` ${word.join(" ")}`)));
    }
    return h("div", { class: `sfc-status${yourTurn ? " mine" : ""}`, "data-testid": "sfc-status" },
      h("b", { class: "sfc-whose" }, v.phase === "over" ? t("over") : yourTurn ? t("yourTurn") : t("turnOf", { name: name(v.turn) })),
      h("span", { class: "sfc-muted sfc-turnno" }, t("turnNo", { n: v.turnNumber ?? 1 })), steps, clock.el,
      soundToggle("sfc-btn small sfc-sound"));
  }

  function playerTile(p: any, v: any) {
    const me = p.seat === ctx.seat;
    const active = v.turn === p.seat && v.phase !== "over";
    const known = v.known?.[String(p.seat)];
    const label = `${name(p.seat)}: ${p.vp} ${t("vp")}, ${p.handCount} ${t("cards")}. ${rowLabel("road", p.roads ?? "")}. ${rowLabel("knight", p.knights ?? "")}. ${buildingsLabel(p)}.${known && total(known) && !me ? ` ${t("known", { cards: cardsText(lang, known) })}.` : ""} ${t("tapInfo")}`;
    return h("button", { type: "button", class: `sfc-player${me ? " me" : ""}${active ? " active" : ""}`, "data-testid": `sfc-player-${p.seat}`,
      onclick: () => openInfo({ kind: "player", seat: p.seat }) }, ...spoken(label,
      h("span", { class: "sfc-player-head" },
        active ? h("span", { class: "sfc-active-dot" }, "▶") : null,
        h("b", { class: "sfc-name" }, name(p.seat))),
      h("span", { class: "sfc-player-stats" },
        h("span", { class: "sfc-vp", "data-testid": `sfc-vp-${p.seat}` }, art("star", "sfc-star"), `${p.vp}`),
        h("span", { class: "sfc-handcount" }, art("deck", "sfc-deck-art"), `${p.handCount}`),
        p.discardDue > 0 ? h("span", { class: "sfc-due" }, `−${p.discardDue}`) : null, buildings(p)),
      row("road", p.roads ?? "", me), row("knight", p.knights ?? "", me),
      known && total(known) && !me ? h("span", { class: "sfc-known" }, t("known", { cards: cardsText(lang, known) })) : null));
  }

  function middle(v: any, legal: Action[]) {
    const market = h("div", { class: "sfc-market", "data-testid": "sfc-market", role: "group", "aria-label": t("market") });
    const mk = ofType(legal, "tradeMarket");
    const give = total(sel) === 1 ? RESOURCES.find((r) => (sel[r] ?? 0) === 1) : undefined;
    for (const r of RESOURCES) for (let i = 0; i < (v.market?.[r] ?? 0); i++) {
      const a = give ? mk.find((x) => x.give === give && x.take === r) : undefined;
      market.append(card(r, { role: "button", tabindex: a ? 0 : -1, "aria-disabled": a ? undefined : "true",
        class: `sfc-card res-${r}${a ? " can" : ""}`, "data-testid": `sfc-market-${r}`,
        onclick: () => { if (a) act(a); } }));
    }
    const d = v.destiny;
    const piles = h("button", { type: "button", class: "sfc-piles", "data-testid": "sfc-piles", onclick: () => openInfo({ kind: "table" }) },
      ...spoken(`${t("tableInfo")}: ${t("deck")} ${v.deckCount}, ${t("discardPile")} ${v.discardCount}, ${t("destiny")} ${d ? t(d.direction) : "–"}. ${t("tapInfo")}`,
      h("span", { class: "sfc-pile", "data-testid": "sfc-deck" }, art("deck", "sfc-deck-art"), h("span", {}, `${t("deck")} ${v.deckCount}`)),
      h("span", { class: "sfc-pile", "data-testid": "sfc-discardpile" }, h("span", {}, `${t("discardPile")} ${v.discardCount}`)),
      h("span", { class: `sfc-pile sfc-destiny${d ? " dir-" + d.direction : ""}`, "data-testid": "sfc-destiny" },
        d ? h("span", { class: "sfc-arrow", "aria-hidden": "true" }, d.direction === "clockwise" ? "↻" : "↺") : null,
        h("span", {}, d ? t(d.direction) : t("destiny") + " –"))));
    return h("section", { class: "sfc-middle", "aria-label": t("market") }, h("h3", { class: "sfc-market-title" }, t("market")), market, piles);
  }

  function costs(v: any) {
    const tbl = h("table", {});
    for (const b of BUILDINGS) tbl.append(h("tr", {}, h("th", {}, art(b, "sfc-bld-art"), t(b)), h("td", {}, chips(costOf(v.ruleset, b)))));
    tbl.append(h("tr", {}, h("th", {}, art("townHall", "sfc-bld-art"), t("townHall")), h("td", {}, chips(costOf(v.ruleset, "expansion", "townHall")))));
    // On a phone a button opens the card over the table; from 900 px it stands in the side column.
    const box = h("section", { class: `sfc-cost${costsOpen ? " open" : ""}`, "data-testid": "sfc-cost", "aria-label": t("costCard") },
      h("button", { type: "button", class: "sfc-cost-toggle", "data-testid": "sfc-cost-toggle", "aria-expanded": String(costsOpen),
        onclick: () => { costsOpen = !costsOpen; render(); } }, t("costCard"), h("span", { "aria-hidden": "true" }, costsOpen ? " ▾" : " ▴")),
      h("div", { class: "sfc-cost-body" }, h("h3", { class: "sfc-cost-title", "data-testid": "sfc-cost-title" }, t("costCard")), tbl,
        // The table in force is a host's note under the costs, not a label on them (issue 27).
        h("p", { class: "sfc-hint", "data-testid": "sfc-card-table" }, t("cardTable", { name: String(v.ruleset?.name ?? "?") }))));
    return box;
  }

  function handPanel(v: any, legal: Action[]) {
    const hand: Cards = v.hand ?? {};
    const fan = h("div", { class: "sfc-fan", role: "group", "aria-label": `${t("hand")} (${total(hand)})` });
    const selectable = legal.length > 0;
    const held = RESOURCES.filter((r) => (hand[r] ?? 0) > 0);
    held.forEach((r, i) => {
      const n = hand[r] ?? 0;
      const k = Math.min(sel[r] ?? 0, n);
      const c = card(r, { role: "button", tabindex: 0, "aria-pressed": k > 0 ? "true" : "false",
        class: `sfc-card res-${r}${k ? " selected" : ""}${n > 1 ? " stack" : ""}`, "data-testid": `sfc-hand-${r}`, "data-count": n,
        onclick: () => { if (!selectable) return; sel = { ...sel, [r]: k >= n ? 0 : k + 1 }; chooser = null; render(); } },
        h("span", { class: "sfc-count" }, `×${n}`), k ? h("span", { class: "sfc-sel" }, `✓${k}`) : "");
      // Fanned: each card turned a little about a point below the hand.
      c.style.setProperty("--fan", String(i - (held.length - 1) / 2));
      fan.append(c);
    });
    if (!held.length) fan.append(h("p", { class: "sfc-muted" }, t("handEmpty")));
    return h("section", { class: "sfc-hand", "data-testid": "sfc-hand", "aria-label": t("hand") },
      h("h3", { class: "sfc-sr" }, `${t("hand")} (${total(hand)})`), fan);
  }

  function btn(label: Kid | Kid[], id: string, action: Action | null | (() => void), cls = "", extra: Attrs = {}) {
    return h("button", { type: "button", class: `sfc-btn ${cls}`, "data-testid": id, disabled: !action || busy, ...extra,
      onclick: () => { if (typeof action === "function") action(); else if (action) act(action); } }, ...(Array.isArray(label) ? label : [label]));
  }

  /** A building drawn as a card: its picture, name, cost and effect (a build button or a pay chooser's head). */
  function buildingCard(v: any, b: string, x?: string) {
    const what = x ?? b;
    return [h("span", { class: "sfc-bcard-head" }, art(what, "sfc-bcard-art"), h("b", {}, t(what as StringKey)),
      x ? h("span", { class: "sfc-bcard-vp" }, art("star", "sfc-star"), String(expansionVp(x))) : null),
    h("span", { class: "sfc-bcard-cost" }, chips(costOf(v.ruleset, b, x))),
    h("span", { class: "sfc-bcard-eff" }, t(`eff_${what}` as StringKey))];
  }

  function actions(v: any, legal: Action[]) {
    const box = h("section", { class: "sfc-actions", "data-testid": "sfc-actions", "aria-label": t("yourTurn") });
    if (error) box.append(h("p", { class: "sfc-error", role: "alert" }, error));
    if (v.phase === "over") return endScreen(v, box);
    const mine = legal.length > 0;
    if (total(sel)) box.append(h("div", { class: "sfc-selline" }, h("span", {}, t("selected", { cards: cardsText(lang, sel) })),
      btn(t("clearSel"), "sfc-clear", () => { sel = {}; render(); }, "small")));
    if (!mine) {
      if (v.phase === "discard") {
        const due = (v.playerStates ?? []).filter((p: any) => p.discardDue > 0).map((p: any) => name(p.seat));
        box.append(h("p", { class: "sfc-wait" }, t("waitingDiscard", { names: due.join(", ") })));
      } else box.append(h("p", { class: "sfc-wait" }, t("turnOf", { name: name(v.turn) })));
      // While others play, the panel shows what they just did.
      box.append(h("ul", { class: "sfc-recent" }, ...log.slice(-4).reverse().map((l) => h("li", { class: l.fresh ? "fresh" : "" }, l.text))));
      return box;
    }
    if (v.phase === "trade") {
      box.append(h("p", { class: "sfc-allow", "data-testid": "sfc-allowance" }, v.deckOnly ? t("deckOnly") : t("tradesLeft", { n: v.tradesLeft })));
      if (ofType(legal, "tradeMarket").length) box.append(h("p", { class: "sfc-hint" }, t("tradeMarketHint")));
      else if (ofType(legal, "tradeDeck").length && !total(sel)) box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      const grid = h("div", { class: "sfc-btngrid" });
      grid.append(btn(t("tradeDeck"), "sfc-trade-deck", matchCards(legal, "tradeDeck", "give", sel)));
      const tp = ofType(legal, "tradePlayer");
      if (tp.length) {
        const maxK = Math.max(...tp.map((a) => a.count));
        if (tradeCount > maxK) tradeCount = maxK;
        const hasLib = tp.some((a) => a.library);
        if (maxK > 1 || hasLib) {
          const ctl = h("div", { class: "sfc-line" });
          if (maxK > 1) {
            const s = h("select", { "data-testid": "sfc-trade-count", "aria-label": t("cards"),
              onchange: (e: Event) => { tradeCount = Number((e.target as HTMLSelectElement).value); render(); } }) as HTMLSelectElement;
            for (let k = 1; k <= maxK; k++) s.append(h("option", { value: k, selected: k === tradeCount }, String(k)));
            ctl.append(s);
          }
          if (hasLib) ctl.append(h("label", { class: "sfc-check" }, h("input", { type: "checkbox", "data-testid": "sfc-library",
            checked: library, onchange: (e: Event) => { library = (e.target as HTMLInputElement).checked; render(); } }),
            h("span", { class: "sfc-box", "aria-hidden": "true" }), t("useLibrary")));
          box.append(ctl);
        }
        for (const o of [...new Set(tp.map((a) => a.opponent as number))]) {
          const a = tp.find((x) => x.opponent === o && x.count === tradeCount && !!x.library === library);
          grid.append(btn(t("drawFrom", { k: tradeCount, name: name(o) }), `sfc-draw-${o}`, a ?? null));
        }
      }
      for (const a of ofType(legal, "merchantGuild")) grid.append(btn(t("guild", { name: name(a.opponent) }), `sfc-guild-${a.opponent}`, a));
      box.append(grid, btn(t("endTrade"), "sfc-end-trade", ofType(legal, "endTrade")[0] ?? null, "primary wide"));
    } else if (v.phase === "giveBack") {
      const tr_ = v.trade ?? {};
      box.append(h("h3", {}, t("giveBackTitle", { n: tr_.count ?? "?", name: name(tr_.opponent) })));
      if (tr_.drawn) box.append(h("p", { class: "sfc-drawn", "data-testid": "sfc-drawn" }, t("drawn", { cards: cardsText(lang, tr_.drawn) })));
      box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      box.append(btn(t("giveBack"), "sfc-giveback", matchCards(legal, "giveBack", "cards", sel), "primary wide"));
    } else if (v.phase === "libraryPick") {
      const tr_ = v.trade ?? {};
      box.append(h("h3", {}, t("libraryTitle", { name: name(tr_.opponent) })));
      const cards = h("div", { class: "sfc-cards" });
      for (const a of ofType(legal, "libraryPick"))
        cards.append(card(a.resource, { role: "button", tabindex: 0, class: `sfc-card res-${a.resource} can`,
          "data-testid": `sfc-library-${a.resource}`, onclick: () => act(a) }, h("span", { class: "sfc-count" }, `×${tr_.look?.[a.resource] ?? ""}`)));
      box.append(cards);
    } else if (v.phase === "build") {
      if (chooser) box.append(payChooser(v, legal, chooser.building));
      else {
        const grid = h("div", { class: "sfc-buildgrid" });
        for (const b of BUILDINGS) {
          const opts = payOptions(legal, b);
          grid.append(btn(spoken(`${t("build", { b: (lang === "en" ? " " : "") + t(b) }).trim()}: ${cardsText(lang, costOf(v.ruleset, b))}. ${t(`eff_${b}` as StringKey)}`,
            ...buildingCard(v, b)), `sfc-build-${b}`, opts.length ? () => { chooser = { building: b }; render(); } : null, "sfc-bcard"));
        }
        box.append(grid);
        const g = h("div", { class: "sfc-btngrid" });
        for (const a of ofType(legal, "merchantGuild")) g.append(btn(t("guild", { name: name(a.opponent) }), `sfc-guild-${a.opponent}`, a));
        if (g.childElementCount) box.append(g);
      }
      box.append(btn(t("endBuild"), "sfc-end-build", ofType(legal, "endBuild")[0] ?? null, "primary wide"));
    } else if (v.phase === "discard") {
      const due = v.playerStates?.[ctx.seat]?.discardDue ?? 0;
      box.append(h("h3", { class: "sfc-alarm" }, t("discardTitle", { n: due })));
      box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      box.append(btn(t("discard"), "sfc-discard", matchCards(legal, "discard", "cards", sel), "primary wide"));
    }
    return box;
  }

  function payChooser(v: any, legal: Action[], building: string) {
    const box = h("div", { class: "sfc-pay", "data-testid": "sfc-pay" });
    const kinds = building === "expansion" ? EXPANSIONS.filter((x) => payOptions(legal, building, x).length) : [undefined];
    let i = 0;
    for (const x of kinds) {
      box.append(h("div", { class: "sfc-bcard sfc-paytitle" }, ...buildingCard(v, building, x)));
      for (const a of payOptions(legal, building, x)) {
        const kind = payKind(a.pay, costOf(v.ruleset, building, x));
        const matches = sameCards(a.pay, sel);
        box.append(h("button", { type: "button", class: `sfc-btn pay${matches ? " on" : ""}`, "data-testid": `sfc-pay-${i++}`, disabled: busy,
          "data-building": building, "data-expansion": x ?? "", "data-kind": kind, onclick: () => act(a) },
          ...spoken([`${t("payWith", { b: (lang === "en" ? " " : "") + t((x ?? building) as StringKey) }).trim()} ${cardsText(lang, a.pay)}`,
            kind === "exact" ? "" : t(kind === "substitute" ? "substitute" : "universityPay"), a.flipDestiny ? t("flipDestiny") : ""].filter(Boolean).join(", "),
          chips(a.pay), kind === "exact" ? "" : h("span", { class: "sfc-tag" }, t(kind === "substitute" ? "substitute" : "universityPay")),
          a.flipDestiny ? h("span", { class: "sfc-tag destiny" }, t("flipDestiny")) : "")));
      }
    }
    box.append(btn(t("cancel"), "sfc-pay-cancel", () => { chooser = null; render(); }, "small"));
    return box;
  }

  /** The end: the winner, every player's VP by source (SFC-11.1) and the rematch. */
  function endScreen(v: any, box: HTMLElement) {
    const w = v.winner;
    box.classList.add("over");
    box.append(h("h2", { class: "sfc-winner", "data-testid": "sfc-winner" }, w === null || w === undefined ? t("over")
      : t("winner", { name: name(w), vp: v.playerStates?.[w]?.vp ?? "" })));
    const again = rematchButton(ctx, "sfc-btn primary wide");
    if (again) box.append(again);
    const rows = finalTable(v);
    const other = rows.some((r) => r.other !== 0);
    const cols: [string, StringKey, string][] = [["settlements", "settlements", "settlement"], ["cities", "cities", "city"],
      ["expansions", "expansions", "expansion"], ["roads", "colRoadsB", "road"], ["knights", "colKnightsB", "knight"]];
    const head = h("tr", {}, h("th", { scope: "col" }, t("player")),
      ...cols.map(([c, k, a]) => h("th", { scope: "col", title: t(k) }, art(a, "sfc-th-art"),
        c === "roads" || c === "knights" ? h("span", { class: "sfc-th-star", "aria-hidden": "true" }, "B★") : null, h("span", { class: "sfc-th-text" }, t(k)))),
      other ? h("th", { scope: "col" }, t("colOther")) : null, h("th", { scope: "col" }, t("total")));
    const body = rows.map((r) => h("tr", { class: r.winner ? "winner" : "", "data-testid": `sfc-vp-row-${r.seat}` },
      h("th", { scope: "row" }, r.winner ? art("star", "sfc-star") : "", name(r.seat)),
      ...cols.map(([c]) => h("td", { "data-source": c }, String((r as any)[c]))),
      other ? h("td", {}, String(r.other)) : null, h("td", { class: "sfc-total", "data-source": "total" }, String(r.total))));
    box.append(h("div", { class: "sfc-vpwrap" }, h("table", { class: "sfc-vptable", "data-testid": "sfc-vp-table" }, h("caption", {}, t("vpTitle")),
      h("thead", {}, head), h("tbody", {}, ...body))),
      // (on a phone the column heads are pictures: their words below)
      h("p", { class: "sfc-vplegend", "aria-hidden": "true" }, ...cols.map(([, k, a]) => h("span", {}, art(a, "sfc-bld-art"), t(k)))));
    return box;
  }

  function logBar() {
    const latest = log[log.length - 1];
    return h("section", { class: `sfc-log${logOpen ? " open" : ""}`, "data-testid": "sfc-log", "data-pending": pacer.pending, "data-log-step": shownVersion },
      h("h3", { class: "sfc-log-title" }, t("log")),
      h("button", { type: "button", class: "sfc-ticker", "data-testid": "sfc-log-toggle", "aria-expanded": String(logOpen),
        onclick: () => { logOpen = !logOpen; render(); } },
        h("span", { class: "sfc-sr" }, `${t("log")}: `), h("span", { class: "sfc-ticker-text" }, latest?.text ?? t("log")), h("span", { "aria-hidden": "true" }, logOpen ? "▾" : "▴")),
      pacer.pending ? btn(t("skip"), "sfc-skip", () => pacer.skip(), "small") : null,
      h("ul", { tabindex: 0, "aria-label": t("log") }, ...log.slice(-30).reverse().map((l) => h("li", { class: `${l.fresh ? "fresh" : ""}${l.notice ? " notice" : ""}` }, l.text))),
      logOpen ? btn(t("close"), "sfc-log-close", () => { logOpen = false; render(); }, "small sfc-log-close") : null);
  }

  /** "Settlements 1 · Cities 2 · … = 3 VP": a player's VP by source in one line. */
  function vpLine(p: any) {
    const x = vpBySource(p);
    const parts = [[t("settlements"), x.settlements], [t("cities"), x.cities], [t("expansions"), x.expansions],
      [t("colRoadsB"), x.roads], [t("colKnightsB"), x.knights], ...(x.other ? [[t("colOther"), x.other]] : [])];
    return `${parts.map(([k, n]) => `${k} ${n}`).join(" · ")} = ${x.total} ${t("vp")}`;
  }
  let infoFrom: string | null = null;
  function openInfo(i: Info) { infoFrom = document.activeElement?.getAttribute("data-testid") ?? null; info = i; focusAfter = "sfc-info-close"; render(); }
  /** Closes the explanation, the keyboard's focus back on what opened it. */
  function closeInfo() { info = null; focusAfter = infoFrom; render(); }

  /** The explanation lying over the table: a player's rows (A/B★ sides), buildings and VP, or the piles. */
  function infoDialog(v: any) {
    if (!info) return null;
    const body = h("div", { class: "sfc-info-body" });
    let title = "";
    if (info.kind === "player") {
      const p = (v.playerStates ?? []).find((x: any) => x.seat === (info as any).seat);
      if (!p) return null;
      title = `${name(p.seat)} · ${p.vp} ${t("vp")}`;
      const known = v.known?.[String(p.seat)];
      body.append(
        h("p", {}, row("road", p.roads ?? "", true), " ", rowLabel("road", p.roads ?? "")),
        h("p", {}, row("knight", p.knights ?? "", true), " ", rowLabel("knight", p.knights ?? "")),
        h("p", { class: "sfc-hint" }, t("sidesHelp")),
        h("p", {}, buildings(p), " ", buildingsLabel(p)),
        ...(p.expansions ?? []).map((x: string) => h("p", { class: "sfc-hint" }, h("b", {}, t(x as StringKey)), ": ", t(`eff_${x}` as StringKey))),
        h("p", { class: "sfc-hint" }, t("buildingsHelp")),
        h("p", { "data-testid": "sfc-info-vp" }, h("b", {}, `${t("vpTitle")}: `), vpLine(p)),
        h("p", {}, `${p.handCount} ${t("cards")}`, known && total(known) && p.seat !== ctx.seat ? ` · ${t("known", { cards: cardsText(lang, known) })}` : ""));
    } else {
      title = t("tableInfo");
      const d = v.destiny;
      const st = v.stacks ?? {};
      body.append(
        h("p", {}, h("b", {}, t("deck")), ` ${v.deckCount}`),
        h("p", {}, h("b", {}, t("discardPile")), ` ${v.discardCount}: ${cardsText(lang, v.discard)}`),
        h("p", {}, h("b", {}, t("destiny")), " ", d ? `${d.direction === "clockwise" ? "↻" : "↺"} ${t(d.direction)} (${t(d.side === "whiteArrow" ? "whiteArrow" : "otherSide")})` : t("noDestiny")),
        h("p", {}, h("b", {}, t("stacks")), `: ${t("roads")} ${st.roads ?? 0} · ${t("knights")} ${st.knights ?? 0} · ${t("settlements")} ${st.settlements ?? 0}`),
        h("p", {}, h("b", {}, t("expansions")), ": ", EXPANSIONS.map((x) => `${t(x)} ${st.expansions?.[x] ?? 0}`).join(" · ")),
        ...EXPANSIONS.map((x) => h("p", { class: "sfc-hint" }, h("b", {}, t(x)), ": ", t(`eff_${x}` as StringKey))));
    }
    return h("div", { class: "sfc-overlay", onclick: (e: Event) => { if (e.target === e.currentTarget) closeInfo(); } },
      h("div", { class: "sfc-info", role: "dialog", "aria-modal": "true", "aria-labelledby": "sfc-info-title", "data-testid": "sfc-info" },
        h("div", { class: "sfc-info-head" }, h("h3", { id: "sfc-info-title" }, title),
          btn(t("close"), "sfc-info-close", () => closeInfo(), "small")),
        body));
  }

  function render() {
    if (!frame) return;
    // Behind the newest state while other seats' actions wait: that action's table, and no choices
    // yet (they are the newest state's; acting or "Skip »" shows everything first).
    const behind = pacer.pending > 0 && shownTable !== null && shownTable.version < frame.version ? shownTable : null;
    const v = behind ? behind.view : frame.view;
    const legal = behind ? [] : legalList(frame.legal);
    el.dataset.shownVersion = String(behind ? behind.version : frame.version);
    el.dataset.pending = String(pacer.pending);
    const players: any[] = v.playerStates ?? [];
    const me = players.find((p) => p.seat === ctx.seat);
    const others = players.filter((p) => p.seat !== ctx.seat);
    // Opponents in play order after me (to my left first).
    if (me) others.sort((a, b) => ((a.seat - me.seat + players.length) % players.length) - ((b.seat - me.seat + players.length) % players.length));
    el.classList.toggle("spectator", !me);
    el.classList.toggle("over", v.phase === "over");
    el.dataset.players = String(others.length);
    // The table is drawn anew on every change: the keyboard's focus stays on the control it was on
    // (the same data-testid) when that is drawn again, rather than falling back to the page's top
    // (issue 27: choosing how many cards to draw from a player, by the arrow keys, lost it).
    const at = document.activeElement;
    const keep = !focusAfter && at instanceof HTMLElement && el.contains(at) ? at.getAttribute("data-testid") : null;
    el.replaceChildren(...[
      status(v),
      h("section", { class: "sfc-opponents", "aria-label": t("opponents") }, ...others.map((p) => playerTile(p, v))),
      middle(v, legal),
      actions(v, legal),
      me ? h("div", { class: "sfc-me" }, playerTile(me, v)) : null,
      me ? handPanel(v, legal) : null,
      logBar(),
      costs(v),
      // Notices lie over the table (nothing moves) and stay until read: "Got it" or the player's next action.
      notices.length || timedOut ? h("div", { class: "sfc-notices", role: "status", "aria-live": "polite", "data-testid": "sfc-notices" },
        timedOut ? h("div", { class: "sfc-notice", "data-testid": "sfc-timed-out", "data-notice": "clock-moved" }, t("timedOutYou")) : null,
        ...notices.map((n) => h("div", { class: "sfc-notice" }, n)),
        btn(t("gotIt"), "sfc-notices-ok", () => { noticeFrom = Math.max(noticeFrom, shownVersion); timedOut = false; relog(); render(); }, "small")) : null,
      infoDialog(v)].filter((x): x is HTMLElement => x !== null && x !== undefined));
    if (focusAfter) { (el.querySelector(`[data-testid="${focusAfter}"]`) as HTMLElement | null)?.focus(); focusAfter = null; }
    else if (keep) (el.querySelector(`[data-testid="${keep}"]`) as HTMLElement | null)?.focus({ preventScroll: true });
  }

  function relog() {
    // Events are kept raw so a language change rewrites them.
    log = raw.map((r) => ({ text: eventText(lang, r.e, name), fresh: r.v === shownVersion, notice: noticesOf([r], ctx.seat, -1).length > 0 }));
    // Notices stay up from my last action on (bots may play several frames in a row), newest four.
    // (a seated player's: a spectator, and the replay, read the log; nothing lies over their table)
    notices = ctx.seat < 0 ? [] : noticesOf(raw, ctx.seat, noticeFrom).map((n) => noticeText(lang, n, ctx.seat, name));
  }

  return {
    frame(f) {
      const prev = frame;
      frame = f;
      if (clockMoved.frame(f)) timedOut = true;
      const events: any[] = f.events ?? [];
      if (events.length) {
        const actor = events.find((e) => typeof e?.seat === "number")?.seat;
        // (the end shows everything at once)
        const paced = !f.snapshot && typeof actor === "number" && actor !== ctx.seat && f.view?.phase !== "over";
        pacer.push({ v: f.version, events, table: { version: f.version, view: JSON.parse(JSON.stringify(f.view)) } }, paced);
      }
      // A new phase or turn clears the selection (it was for the old choice).
      if (!prev || prev.view.phase !== f.view.phase || prev.view.turn !== f.view.turn) { sel = {}; chooser = null; }
      // Keep the selection within the hand.
      const hand: Cards = f.view.hand ?? {};
      for (const r of RESOURCES) if ((sel[r] ?? 0) > (hand[r] ?? 0)) sel = { ...sel, [r]: hand[r] ?? 0 };
      relog();
      render();
      clock.update();
      // (No scrolling when a choice becomes mine: the table is one fixed screen, issue 27.)
    },
    history(entries: HistoryEntry[]) {
      // A returning seat's earlier events, before what this page saw itself (versions not held yet).
      const have = new Set(raw.map((r) => r.v));
      const earlier = entries.filter((en) => !have.has(en.to)).flatMap((en) => (en.events ?? []).map((e) => ({ v: en.to, e })));
      if (!earlier.length) return;
      const merged = [...earlier, ...raw].sort((a, b) => a.v - b.v).slice(-200);
      raw.splice(0, raw.length, ...merged);
      relog();
      render();
    },
    roomChanged() { relog(); render(); },
    langChanged(l) { lang = l; relog(); render(); },
    seedRevealed() {},
    destroy() { clock.destroy(); pacer.stop(); document.removeEventListener("keydown", onKey); host.remove(); },
  };
}

export type { Resource };
