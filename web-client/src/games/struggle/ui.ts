// The Struggle for Catan table: opponents' rows, the shared middle (market, deck, discard, destiny,
// stacks, cost card), your rows and hand, the turn steps and the action panel. Every control comes
// from the server's legal list; the UI holds only the current selection of hand cards.
import { seatDisplayNames } from "../../app/seat-names";
import { Pacer } from "../../app/pacer";
import { soundToggle } from "../../app/sound-toggle";
import { rematchButton } from "../../app/rematch-button";
import { turnClock } from "../../app/turn-clock";
import type { GameContext, GameFrame, GameHandle, HistoryEntry, Lang } from "../../app/contract";
import { tr, type StringKey } from "./strings";
import {
  RESOURCES, BUILDINGS, EXPANSIONS, legalList, ofType, total, sameCards, matchCards, payOptions, payKind, costOf,
  stepOf, cardsText, eventText, isNotice, type Action, type Cards, type Resource,
} from "./model";
import "./struggle.css";

type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;
function h(tag: string, attrs: Attrs = {}, ...kids: (Node | string | null | undefined | false)[]): HTMLElement {
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

interface LogLine { text: string; fresh: boolean; notice: boolean }

export function mountStruggle(root: HTMLElement, ctx: GameContext): GameHandle {
  const el = h("div", { class: "sfc", "data-testid": "sfc-table" });
  root.append(el);
  let lang: Lang = ctx.lang();
  let frame: GameFrame | null = null;
  let sel: Cards = {};
  let chooser: { building: string; expansion?: string } | null = null;
  let library = false;
  let tradeCount = 1;
  let busy = false;
  let error = "";
  let log: LogLine[] = [];
  let notices: string[] = [];
  let noticeFrom = -1;
  // Other seats' actions are shown one at a time, ~400 ms apart (issue 18, app/pacer.ts): the table
  // is drawn at once, their log lines and notices follow in turn; "Skip »" shows them all.
  let shownVersion = -1;
  const pacer = new Pacer<{ v: number; events: any[] }>((item) => {
    for (const e of item.events) raw.push({ v: item.v, e });
    if (raw.length > 200) raw.splice(0, raw.length - 200);
    shownVersion = item.v;
    relog();
    render();
  });
  pacer.onChange = () => render();
  // The turn clock (when the room has one): the seat it runs for and the seconds left (app/turn-clock.ts).
  const clock = turnClock({ frame: () => frame ?? undefined, over: () => frame?.view.phase === "over", name: (s) => name(s),
    className: "sfc-clock", testId: "sfc-clock" });
  const t = (k: StringKey, p?: Record<string, string | number>) => tr(lang, k, p);

  const name = (s: number): string => {
    if (s === ctx.seat) return t("you");
    const seats = ctx.room().seats ?? [];
    return seatDisplayNames(seats, frame?.view?.playerStates?.length ?? seats.length, lang, (n) => t("seat", { n }), "struggle")[s] ?? t("seat", { n: s + 1 });
  };

  function act(intent: Action) {
    if (busy) return;
    pacer.skip();  // acting: what happened before is shown first
    busy = true; error = "";
    const at = frame?.version ?? -1;
    ctx.act(intent).then(() => { sel = {}; chooser = null; library = false; noticeFrom = Math.max(noticeFrom, at); },
      (e: any) => { error = `${e?.rule ? e.rule + ": " : ""}${e?.message ?? e}`; })
      .finally(() => { busy = false; render(); });
    render();
  }

  function card(res: string, extra: Attrs = {}, ...kids: (Node | string)[]) {
    return h("div", { class: `sfc-card res-${res}`, ...extra }, h("span", { class: "sfc-card-name" }, t(res as StringKey)), ...kids);
  }
  function chips(c: Cards | undefined) {
    const box = h("span", { class: "sfc-chips" });
    for (const r of RESOURCES) for (let i = 0; i < (c?.[r] ?? 0); i++) box.append(h("span", { class: `sfc-chip res-${r}`, title: t(r) }, t(r).slice(0, lang === "en" ? 2 : 1)));
    if (!total(c)) box.append(t("none"));
    return box;
  }
  function counts(c: Cards | undefined) {
    const box = h("span", { class: "sfc-chips" });
    for (const r of RESOURCES) if ((c?.[r] ?? 0) > 0)
      box.append(h("span", { class: `sfc-chip res-${r}`, title: t(r) }, `${t(r).slice(0, lang === "en" ? 2 : 1)} ${c![r]}`));
    return box;
  }
  function row(kind: "roads" | "knights", sides: string, who: number) {
    const r = h("div", { class: `sfc-row sfc-${kind}`, "data-testid": `sfc-${kind}-${who}`, "aria-label": `${t(kind)}: ${sides || t("none")}` },
      h("span", { class: "sfc-row-label" }, t(kind)));
    if (!sides) r.append(h("span", { class: "sfc-muted" }, t("none")));
    [...sides].forEach((s, i) => r.append(h("span", { class: `sfc-side side-${s}${i === sides.length - 1 ? " top" : ""}`,
      title: s === "A" ? "A" : "B: 1 VP" }, s === "A" ? "A" : "B★")));
    return r;
  }
  function buildings(p: any) {
    const b = h("div", { class: "sfc-buildings" });
    b.append(h("span", { class: "sfc-bld settlement" }, `${t("settlements")} ${p.settlements}`));
    b.append(h("span", { class: "sfc-bld city" }, `${t("cities")} ${p.cities}`));
    for (const x of p.expansions ?? []) b.append(h("span", { class: "sfc-bld expansion" }, t(x)));
    return b;
  }

  function playerPanel(p: any, v: any) {
    const me = p.seat === ctx.seat;
    const active = v.turn === p.seat && v.phase !== "over";
    const known = v.known?.[String(p.seat)];
    return h("section", { class: `sfc-player${me ? " me" : ""}${active ? " active" : ""}`, "data-testid": `sfc-player-${p.seat}` },
      h("header", {},
        h("b", {}, name(p.seat)),
        h("span", { class: "sfc-vp", "data-testid": `sfc-vp-${p.seat}` }, `${p.vp} ${t("vp")}`),
        h("span", { class: "sfc-handcount", title: t("cards") }, `🂠 ${p.handCount}`),
        p.discardDue > 0 ? h("span", { class: "sfc-due" }, `−${p.discardDue}`) : null),
      row("roads", p.roads ?? "", p.seat), row("knights", p.knights ?? "", p.seat), buildings(p),
      known && total(known) ? h("div", { class: "sfc-known" }, t("known", { cards: cardsText(lang, known) })) : null);
  }

  function middle(v: any, legal: Action[]) {
    const m = h("section", { class: "sfc-middle" });
    const market = h("div", { class: "sfc-market", "data-testid": "sfc-market" }, h("h3", {}, t("market")));
    const cards = h("div", { class: "sfc-cards" });
    const mk = ofType(legal, "tradeMarket");
    const give = total(sel) === 1 ? RESOURCES.find((r) => (sel[r] ?? 0) === 1) : undefined;
    for (const r of RESOURCES) for (let i = 0; i < (v.market?.[r] ?? 0); i++) {
      const a = give ? mk.find((x) => x.give === give && x.take === r) : undefined;
      cards.append(card(r, { role: "button", tabindex: a ? 0 : -1, "aria-disabled": a ? undefined : "true",
        class: `sfc-card res-${r}${a ? " can" : ""}`, "data-testid": `sfc-market-${r}`,
        onclick: () => { if (a) act(a); } }));
    }
    market.append(cards);
    if (mk.length) market.append(h("p", { class: "sfc-hint" }, t("tradeMarketHint")));
    m.append(market);
    const d = v.destiny;
    const piles = h("div", { class: "sfc-piles" },
      h("div", { class: "sfc-pile", "data-testid": "sfc-deck" }, h("b", {}, t("deck")), ` ${v.deckCount}`),
      h("div", { class: "sfc-pile", "data-testid": "sfc-discardpile", title: cardsText(lang, v.discard) },
        h("b", {}, t("discardPile")), ` ${v.discardCount} `, v.discardCount ? counts(v.discard) : ""),
      h("div", { class: `sfc-pile sfc-destiny${d ? " dir-" + d.direction : ""}`, "data-testid": "sfc-destiny" },
        h("b", {}, t("destiny")), " ",
        d ? h("span", { class: "sfc-arrow", "aria-hidden": "true" }, d.direction === "clockwise" ? "↻" : "↺") : null,
        d ? ` ${t(d.direction)} (${t(d.side === "whiteArrow" ? "whiteArrow" : "otherSide")})` : t("noDestiny")));
    m.append(piles);
    const st = v.stacks ?? {};
    m.append(h("div", { class: "sfc-stacks" }, h("b", {}, t("stacks") + ": "),
      `${t("roads")} ${st.roads ?? 0} · ${t("knights")} ${st.knights ?? 0} · ${t("settlements")} ${st.settlements ?? 0} · `,
      EXPANSIONS.filter((x) => (st.expansions?.[x] ?? 0) > 0).map((x) => `${t(x)} ${st.expansions[x]}`).join(" · ")));
    const cost = h("details", { class: "sfc-cost", "data-testid": "sfc-cost", open: window.innerWidth > 700 },
      h("summary", {}, t("costCard")));
    const tbl = h("table", {});
    for (const b of BUILDINGS) tbl.append(h("tr", {}, h("th", {}, t(b)), h("td", {}, chips(costOf(v.ruleset, b)))));
    tbl.append(h("tr", {}, h("th", {}, t("townHall")), h("td", {}, chips(costOf(v.ruleset, "expansion", "townHall")))));
    // The table in force is a host's note under the costs, not a label on them (issue 27).
    cost.append(tbl, h("p", { class: "sfc-hint", "data-testid": "sfc-card-table" }, t("cardTable", { name: String(v.ruleset?.name ?? "?") })));
    m.append(cost);
    return m;
  }

  function steps(v: any) {
    const cur = stepOf(v.phase);
    const box = h("ol", { class: "sfc-steps", "data-testid": "sfc-steps" });
    for (const [s, k] of [["trade", "stepTrade"], ["build", "stepBuild"], ["draw", "stepDraw"]] as const)
      box.append(h("li", { class: cur === s ? "now" : "", "aria-current": cur === s ? "step" : undefined }, t(k)));
    return box;
  }

  function handPanel(v: any, legal: Action[]) {
    const hand: Cards = v.hand ?? {};
    const box = h("section", { class: "sfc-hand", "data-testid": "sfc-hand" },
      h("h3", {}, `${t("hand")} (${total(hand)})`));
    const cards = h("div", { class: "sfc-cards" });
    const selectable = legal.length > 0;
    for (const r of RESOURCES) {
      const n = hand[r] ?? 0;
      if (!n) continue;
      const k = sel[r] ?? 0;
      cards.append(card(r, { role: "button", tabindex: 0, "aria-pressed": k > 0 ? "true" : "false",
        class: `sfc-card res-${r}${k ? " selected" : ""}`, "data-testid": `sfc-hand-${r}`,
        onclick: () => { if (!selectable) return; sel = { ...sel, [r]: k >= n ? 0 : k + 1 }; chooser = null; render(); } },
        h("span", { class: "sfc-count" }, `×${n}`), k ? h("span", { class: "sfc-sel" }, `✓${k}`) : ""));
    }
    box.append(cards);
    if (total(sel)) box.append(h("div", { class: "sfc-selline" }, t("selected", { cards: cardsText(lang, sel) }), " ",
      h("button", { class: "sfc-btn small", "data-testid": "sfc-clear", onclick: () => { sel = {}; render(); } }, t("clearSel"))));
    return box;
  }

  function btn(label: string, id: string, action: Action | null | (() => void), cls = "") {
    return h("button", { class: `sfc-btn ${cls}`, "data-testid": id, disabled: !action || busy,
      onclick: () => { if (typeof action === "function") action(); else if (action) act(action); } }, label);
  }

  function actions(v: any, legal: Action[]) {
    const box = h("section", { class: "sfc-actions", "data-testid": "sfc-actions" });
    if (error) box.append(h("p", { class: "sfc-error", role: "alert" }, error));
    if (v.phase === "over") {
      const w = v.winner;
      box.append(h("h2", { class: "sfc-winner", "data-testid": "sfc-winner" }, w === null || w === undefined ? t("over")
        : t("winner", { name: name(w), vp: v.playerStates?.[w]?.vp ?? "" })));
      const again = rematchButton(ctx, "sfc-btn primary");
      if (again) box.append(again);
      return box;
    }
    const mine = legal.length > 0;
    if (!mine) {
      if (v.phase === "discard") {
        const due = (v.playerStates ?? []).filter((p: any) => p.discardDue > 0).map((p: any) => name(p.seat));
        box.append(h("p", {}, t("waitingDiscard", { names: due.join(", ") })));
      } else box.append(h("p", {}, t("turnOf", { name: name(v.turn) })));
      return box;
    }
    if (v.phase === "trade") {
      box.append(h("p", { class: "sfc-allow", "data-testid": "sfc-allowance" }, v.deckOnly ? t("deckOnly") : t("tradesLeft", { n: v.tradesLeft })));
      if (ofType(legal, "tradeDeck").length && !total(sel)) box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      box.append(btn(t("tradeDeck"), "sfc-trade-deck", matchCards(legal, "tradeDeck", "give", sel)));
      const tp = ofType(legal, "tradePlayer");
      if (tp.length) {
        const maxK = Math.max(...tp.map((a) => a.count));
        if (tradeCount > maxK) tradeCount = maxK;
        const hasLib = tp.some((a) => a.library);
        const ctl = h("div", { class: "sfc-line" });
        if (maxK > 1) {
          const s = h("select", { "data-testid": "sfc-trade-count", "aria-label": "count",
            onchange: (e: Event) => { tradeCount = Number((e.target as HTMLSelectElement).value); render(); } }) as HTMLSelectElement;
          for (let k = 1; k <= maxK; k++) s.append(h("option", { value: k, selected: k === tradeCount }, String(k)));
          ctl.append(s);
        }
        if (hasLib) ctl.append(h("label", { class: "sfc-check" }, h("input", { type: "checkbox", "data-testid": "sfc-library",
          checked: library, onchange: (e: Event) => { library = (e.target as HTMLInputElement).checked; render(); } }), t("useLibrary")));
        box.append(ctl);
        const seats = [...new Set(tp.map((a) => a.opponent as number))];
        for (const o of seats) {
          const a = tp.find((x) => x.opponent === o && x.count === tradeCount && !!x.library === library);
          box.append(btn(t("drawFrom", { k: tradeCount, name: name(o) }), `sfc-draw-${o}`, a ?? null));
        }
      }
      guild(box, legal);
      box.append(btn(t("endTrade"), "sfc-end-trade", ofType(legal, "endTrade")[0] ?? null, "primary"));
    } else if (v.phase === "giveBack") {
      const tr_ = v.trade ?? {};
      box.append(h("h3", {}, t("giveBackTitle", { n: tr_.count ?? "?", name: name(tr_.opponent) })));
      if (tr_.drawn) box.append(h("p", { class: "sfc-drawn", "data-testid": "sfc-drawn" }, t("drawn", { cards: cardsText(lang, tr_.drawn) })));
      box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      box.append(btn(t("giveBack"), "sfc-giveback", matchCards(legal, "giveBack", "cards", sel), "primary"));
    } else if (v.phase === "libraryPick") {
      const tr_ = v.trade ?? {};
      box.append(h("h3", {}, t("libraryTitle", { name: name(tr_.opponent) })));
      const cards = h("div", { class: "sfc-cards" });
      for (const a of ofType(legal, "libraryPick"))
        cards.append(card(a.resource, { role: "button", tabindex: 0, class: `sfc-card res-${a.resource} can`,
          "data-testid": `sfc-library-${a.resource}`, onclick: () => act(a) }, h("span", { class: "sfc-count" }, `×${tr_.look?.[a.resource] ?? ""}`)));
      box.append(cards);
    } else if (v.phase === "build") {
      const grid = h("div", { class: "sfc-buildgrid" });
      for (const b of BUILDINGS) {
        const opts = payOptions(legal, b);
        grid.append(btn(t("build", { b: (lang === "en" ? " " : "") + t(b) }).trim(), `sfc-build-${b}`,
          opts.length ? () => { chooser = { building: b }; render(); } : null, chooser?.building === b ? "on" : ""));
      }
      box.append(grid);
      if (chooser) box.append(payChooser(v, legal, chooser.building));
      guild(box, legal);
      box.append(btn(t("endBuild"), "sfc-end-build", ofType(legal, "endBuild")[0] ?? null, "primary"));
    } else if (v.phase === "discard") {
      const due = v.playerStates?.[ctx.seat]?.discardDue ?? 0;
      box.append(h("h3", { class: "sfc-alarm" }, t("discardTitle", { n: due })));
      box.append(h("p", { class: "sfc-hint" }, t("selectHint")));
      box.append(btn(t("discard"), "sfc-discard", matchCards(legal, "discard", "cards", sel), "primary"));
    }
    return box;
  }

  function guild(box: HTMLElement, legal: Action[]) {
    for (const a of ofType(legal, "merchantGuild"))
      box.append(btn(t("guild", { name: name(a.opponent) }), `sfc-guild-${a.opponent}`, a));
  }

  function payChooser(v: any, legal: Action[], building: string) {
    const box = h("div", { class: "sfc-pay", "data-testid": "sfc-pay" });
    const kinds = building === "expansion" ? EXPANSIONS.filter((x) => payOptions(legal, building, x).length) : [undefined];
    let i = 0;
    for (const x of kinds) {
      const label = x ? t(x) : t(building as StringKey);
      box.append(h("div", { class: "sfc-paytitle" }, t("payWith", { b: (lang === "en" ? " " : "") + label }).trim(),
        " ", h("span", { class: "sfc-muted" }, cardsText(lang, costOf(v.ruleset, building, x)))));
      for (const a of payOptions(legal, building, x)) {
        const kind = payKind(a.pay, costOf(v.ruleset, building, x));
        const matches = sameCards(a.pay, sel);
        box.append(h("button", { class: `sfc-btn pay${matches ? " on" : ""}`, "data-testid": `sfc-pay-${i++}`, disabled: busy,
          "data-building": building, "data-expansion": x ?? "", "data-kind": kind, onclick: () => act(a) },
          chips(a.pay), kind === "exact" ? "" : h("span", { class: "sfc-tag" }, t(kind === "substitute" ? "substitute" : "universityPay")),
          a.flipDestiny ? h("span", { class: "sfc-tag destiny" }, t("flipDestiny")) : ""));
      }
    }
    box.append(btn(t("cancel"), "sfc-pay-cancel", () => { chooser = null; render(); }, "small"));
    return box;
  }

  function render() {
    if (!frame) return;
    const v = frame.view;
    const legal = legalList(frame.legal);
    const players: any[] = v.playerStates ?? [];
    const me = players.find((p) => p.seat === ctx.seat);
    const others = players.filter((p) => p.seat !== ctx.seat);
    // Opponents in play order after me (to my left first).
    if (me) others.sort((a, b) => ((a.seat - me.seat + players.length) % players.length) - ((b.seat - me.seat + players.length) % players.length));
    const yourTurn = v.turn === ctx.seat && v.phase !== "over";
    el.replaceChildren(...[
      h("div", { class: `sfc-status${yourTurn ? " mine" : ""}`, "data-testid": "sfc-status" },
        h("b", {}, v.phase === "over" ? t("over") : yourTurn ? t("yourTurn") : t("turnOf", { name: name(v.turn) })),
        h("span", { class: "sfc-muted" }, t("turnNo", { n: v.turnNumber ?? 1 })), steps(v), clock.el, soundToggle("sfc-btn small sfc-sound")),
      notices.length ? h("div", { class: "sfc-notices", role: "status", "aria-live": "polite", "data-testid": "sfc-notices" },
        ...notices.map((n) => h("div", { class: "sfc-notice" }, n)),
        // They lie over the table (nothing moves) and stay until read: "Got it" or the player's next action.
        btn(t("gotIt"), "sfc-notices-ok", () => { noticeFrom = Math.max(noticeFrom, shownVersion); relog(); render(); }, "small")) : null,
      h("div", { class: "sfc-opponents" }, ...others.map((p) => playerPanel(p, v))),
      middle(v, legal),
      me ? playerPanel(me, v) : null,
      me ? handPanel(v, legal) : null,
      actions(v, legal),
      h("section", { class: "sfc-log", "data-testid": "sfc-log", "data-pending": pacer.pending, "data-log-step": shownVersion }, h("h3", {}, t("log"),
        pacer.pending ? btn(t("skip"), "sfc-skip", () => pacer.skip(), "small") : null),
        h("ul", { tabindex: 0, "aria-label": t("log") }, ...log.slice(-30).reverse().map((l) => h("li", { class: `${l.fresh ? "fresh" : ""}${l.notice ? " notice" : ""}` }, l.text))))].filter((x): x is HTMLElement => x !== null));
  }

  function relog() {
    // Events are kept raw so a language change rewrites them.
    log = raw.map((r) => ({ text: eventText(lang, r.e, name), fresh: r.v === shownVersion, notice: isNotice(r.e, ctx.seat) }));
    // Notices stay up from my last action on (bots may play several frames in a row), newest four.
    notices = raw.filter((r) => r.v > noticeFrom && isNotice(r.e, ctx.seat)).slice(-4).map((r) => theft(r.e, raw.indexOf(r)) ?? eventText(lang, r.e, name));
  }
  const raw: { v: number; e: any }[] = [];
  function theft(e: any, at: number): string | null {
    if (e.from !== ctx.seat || ctx.seat < 0) return null;
    if (e.type === "tookCard") return t("theftYou", { seat: name(e.seat), what: t(e.building) });
    // A blind draw is an exchange: once the drawer gives cards back, the notice says both (issue 27:
    // not "took your Wool!" when it came back).
    const back = e.type === "drewFromPlayer" ? raw.slice(at + 1).find((x) => x.e?.type === "gaveBack" && x.e.seat === e.seat && x.e.to === ctx.seat) : undefined;
    if (back) return t("swapYou", { seat: name(e.seat), what: e.cards ? cardsText(lang, e.cards) : `${e.count} ${t("cards")}`,
      back: back.e.cards ? cardsText(lang, back.e.cards) : `${back.e.count} ${t("cards")}` });
    if (e.type === "drewFromPlayer" || e.type === "merchantGuild")
      return t("theftYou", { seat: name(e.seat), what: e.cards ? cardsText(lang, e.cards) : `${e.count} ${t("cards")}` });
    return null;
  }

  return {
    frame(f) {
      const prev = frame;
      frame = f;
      const events: any[] = f.events ?? [];
      if (events.length) {
        const actor = events.find((e) => typeof e?.seat === "number")?.seat;
        // (the end shows everything at once)
        pacer.push({ v: f.version, events }, !f.snapshot && typeof actor === "number" && actor !== ctx.seat && f.view?.phase !== "over");
      }
      // A new phase or turn clears the selection (it was for the old choice).
      if (!prev || prev.view.phase !== f.view.phase || prev.view.turn !== f.view.turn) { sel = {}; chooser = null; }
      // Keep the selection within the hand.
      const hand: Cards = f.view.hand ?? {};
      for (const r of RESOURCES) if ((sel[r] ?? 0) > (hand[r] ?? 0)) sel = { ...sel, [r]: hand[r] ?? 0 };
      relog();
      render();
      clock.update();
      // On a phone, bring the hand and the controls into view when a choice becomes mine.
      const was = prev ? legalList(prev.legal).length > 0 : false;
      if (!was && legalList(f.legal).length > 0 && window.innerWidth < 900)
        el.querySelector(".sfc-hand, .sfc-actions")?.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
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
    destroy() { clock.destroy(); pacer.stop(); el.remove(); },
  };
}

export type { Resource };
