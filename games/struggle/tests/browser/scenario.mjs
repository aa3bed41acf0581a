// The Struggle for Catan at 390×844 portrait, touch: a player creates a 4-seat room of game
// "struggle" whose other seats the server fills with heuristic bots, starts it and plays every one
// of her turns by clicking the card table until somebody reaches 10 VP: market, deck and player
// trades (drawing blind, then choosing what to give back), builds with the listed payments (3-for-1
// substitutes included), brigand-attack discards. The frame is read only to decide what to click.
// The table is one still screen (issue 27): at every one of her turns the market, the opponents and
// her hand lie inside the window with no page scrolling; the layout shift over the whole game stays
// under 0.01; every control (hand cards included) is at least 44 px; a tap on a player explains the
// A/B★ sides; the end screen has every player's VP by source; the desktop (1280×800) is checked too.
import { join } from "node:path";
import { watchHand, handReport } from "./paced-hand.mjs";
import { check, checkAxe, checkLayoutShift, watchLayoutShift, checkReplay, problems, checkNoHorizontalScroll, clickAndWait, enterName, frame, openPage, Raced, sleep, smallTargets, tid, waitFrame } from "../../../../tests/browser/lib.mjs";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// The table's regions that must be on the one screen at the player's turn.
const ON_SCREEN = [tid("sfc-market"), ".sfc-opponents", tid("sfc-hand"), tid("sfc-actions"), tid("sfc-status")];

/** The page does not scroll (nor need to): the document fits the window, it stands at the top, and
 *  each of `regions` lies wholly inside the window. `fits: false`: the page may be taller (at the
 *  end the room's panel unfolds below the table, with the replay link), but it stands at the top and
 *  the regions are in view. */
export async function checkOneScreen(page, where, regions = ON_SCREEN, fits = true) {
  const r = await page.evaluate((regions) => ({
    sh: document.documentElement.scrollHeight, ih: innerHeight, y: scrollY,
    out: regions.map((sel) => {
      const e = document.querySelector(sel);
      if (!e) return `${sel} missing`;
      const b = e.getBoundingClientRect();
      return b.top >= -0.5 && b.left >= -0.5 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5 && b.height > 0 ? ""
        : `${sel} at ${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}×${Math.round(b.height)}`;
    }).filter(Boolean),
  }), regions);
  if (fits) check(r.sh <= r.ih + 1, `${where}: the page is ${r.sh}px tall in a ${r.ih}px window (it would scroll)`);
  check(r.y === 0, `${where}: the page scrolled to ${r.y}px`);
  check(r.out.length === 0, `${where}: outside the window: ${r.out.join("; ")}`);
}
const BUDGET_MS = Number(process.env.HEXHALL_STRUGGLE_BUDGET_MS ?? 300000);
// The createRoom message (the game's options are members of the request, beside the room's);
// HEXHALL_STRUGGLE_CREATE overrides it with a JSON object should the envelope differ.
const CREATE = process.env.HEXHALL_STRUGGLE_CREATE ? JSON.parse(process.env.HEXHALL_STRUGGLE_CREATE)
  : { type: "createRoom", game: "struggle", players: 4, firstSeat: 0, botFill: "heuristic", private: true, seed: 16 };
const RES = ["brick", "lumber", "ore", "wool", "grain"];
const same = (a = {}, b = {}) => RES.every((r) => (a[r] ?? 0) === (b[r] ?? 0));

/** Secrets in events that seat `me` may not see: others' draws, blind draws and give-backs between others. (A library
 * look lays the opponent's hand face up for the whole table, SFC-9.8: every seat may see that hand.) */
export function leaks(events, me) {
  const out = [];
  for (const e of events ?? []) {
    const two = [e.seat, e.from, e.to, e.opponent];
    if (e.type === "drew" && e.cards !== undefined && e.seat !== me) out.push(`seat ${e.seat}'s drawn cards`);
    if (["drewFromPlayer", "gaveBack", "merchantGuild"].includes(e.type) && e.cards !== undefined && !two.includes(me)) out.push(`${e.type} cards between others`);
  }
  return out;
}

export async function struggle({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", PHONE, "Sue", { hasTouch: true });
  const page = P.page;
  // Every game message this page receives is checked for what seat 0 may not know.
  const leaked = [];
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => {
    let m;
    try { m = JSON.parse(typeof payload === "string" ? payload : payload.toString()); } catch { return; }
    if (m.type === "history") { for (const en of m.entries ?? []) leaked.push(...leaks(en.events, 0)); return; }
    if (m.type !== "snapshot" && m.type !== "patch") return;
    const g = m.struggle ?? m.payload ?? {};
    leaked.push(...leaks(g.events, 0));
    if (g.view && Object.keys(g.view.known ?? {}).includes("0")) leaked.push("seat 0 listed among the others in known");
  }));
  await enterName(page, "Sue");
  await page.waitForSelector(tid("room-list"));
  const { room, invite } = await page.evaluate(async (msg) => {
    const conn = window.hexhall.conn;
    const created = await conn.request(msg);
    await conn.request({ type: "joinRoom", room: String(created.room), seat: 0 });
    return { room: String(created.room), invite: created.invite ? String(created.invite) : null };
  }, CREATE);
  await page.goto(`${base}/#/room/${room}`);
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await page.click(tid("start-game"));
  await page.waitForSelector(tid("sfc-table"), { timeout: 15000 });
  notes.push(await checkAxe(page, "Struggle table, phone"));
  // The card table in force is a note under the costs, not a label on them (issue 27).
  check(!/provisional/.test(await page.textContent(tid("sfc-cost-title")) + await page.textContent(tid("sfc-cost-toggle"))), "the costs' heading names no card table");
  check(!/provisional/.test(await page.textContent(tid("sfc-table")).then((x) => x.replace(/Card table in force: provisional/, ""))),
    "\"provisional\" is said once, in the card table's note, nowhere else on the table");
  const tableName = (await frame(page)).view.ruleset?.name;
  check(tableName && (await page.textContent(tid("sfc-card-table"))).includes(tableName), `the card table in force (${tableName}) is shown`);
  await page.setViewportSize(DESKTOP);
  notes.push(await checkAxe(page, "Struggle table, desktop"));
  await checkOneScreen(page, "struggle table at 1280×800");
  await checkNoHorizontalScroll(page, "struggle table at 1280×800");
  await page.screenshot({ path: join(shots, "struggle-desktop.png") });
  await page.setViewportSize(PHONE);
  await checkOneScreen(page, "struggle table on a phone");
  // Explanations by tap (no tooltips on touch): a player's rows, their A/B★ sides, and the piles.
  if (await page.$(tid("sfc-notices-ok"))) await page.tap(tid("sfc-notices-ok"));
  await page.tap(tid("sfc-player-1"));
  await page.waitForSelector(tid("sfc-info"));
  check(/B★/.test(await page.textContent(tid("sfc-info"))), "a tap on a player explains the A/B★ sides");
  const vp1 = (await frame(page)).view.playerStates[1].vp;
  check((await page.textContent(tid("sfc-info-vp"))).endsWith(`= ${vp1} VP`), `the explanation adds up the player's ${vp1} VP`);
  notes.push(await checkAxe(page, "Struggle player explained, phone"));
  await page.screenshot({ path: join(shots, "struggle-explained.png") });
  await page.tap(tid("sfc-info-close"));
  await page.tap(tid("sfc-piles"));
  check(/↻|↺/.test(await page.textContent(tid("sfc-info"))), "a tap on the piles explains the destiny card");
  await page.tap(tid("sfc-info-close"));
  await page.waitForSelector(tid("sfc-info"), { state: "detached" });
  // Nothing moves under Sue over the game (issue 27): layout shift added up, asserted at the end.
  await watchLayoutShift(page);
  // The table never runs ahead of the bots' paced moves (issue 27): the hand shown is the shown move's.
  await watchHand(page);
  await checkNoHorizontalScroll(page, "struggle table on a phone");
  await page.screenshot({ path: join(shots, "struggle-start.png") });

  // Touch targets: every enabled control of the table, the hand's cards included, is at least 44 px both ways.
  const small = await smallTargets(page, ".sfc");
  check(small.length === 0, `touch targets under 44 px: ${small.join(", ")}`);
  const hand = await page.$$eval(`${tid("sfc-hand")} [role=button]`, (els) => els.map((e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; }));
  check(hand.length > 0 && hand.every(([w, h]) => w >= 44 && h >= 44), `hand cards at least 44 px (${JSON.stringify(hand)})`);

  const seen = { tradeMarket: 0, tradeDeck: 0, tradePlayer: 0, giveBack: 0, build: 0, substitute: 0, discard: 0, libraryPick: 0 };
  const shot = new Set();
  const started = Date.now();
  let f;
  let lastTurn = -1;
  for (;;) {
    check(Date.now() - started < BUDGET_MS, `game not over within ${BUDGET_MS / 1000} s (${JSON.stringify(seen)})`);
    f = await waitFrame(page, (x) => x.view.phase === "over" || (Array.isArray(x.legal) && x.legal.length > 0), "my turn or the end", 60000);
    if (f.view.phase === "over") break;
    // The bots' moves are shown one at a time (issue 18): "Skip »" shows the rest at once.
    // (every third time: otherwise the moves are shown at their pace, as a player would watch them,
    // and the layout shift of what they show counts: a click's next 500 ms do not)
    if (await page.$(tid("sfc-skip"))) {
      if (f.version % 3 === 0) {
        await page.click(tid("sfc-skip"), { timeout: 2000 }).catch(() => {});  // (it may have just finished by itself)
        seen.skipped = (seen.skipped ?? 0) + 1;
      }
      await page.waitForSelector(`${tid("sfc-log")}[data-pending="0"]`, { timeout: 20000 });
    }
    // Nothing another seat may not know reaches this page: no other hand, no drawn cards of others' trades.
    check(!f.view.trade || f.view.trade.drawn === undefined || f.view.turn === f.seat || f.view.trade.opponent === f.seat,
      "a blind draw between two other players is hidden");
    // Her turn starts: the page has not scrolled and needs no scrolling; market, opponents and hand are in view.
    if (f.view.turn === f.seat && f.view.turnNumber !== lastTurn && f.view.phase === "trade") {
      lastTurn = f.view.turnNumber;
      await checkOneScreen(page, `struggle, Sue's turn ${f.view.turnNumber}`);
      seen.turnsInView = (seen.turnsInView ?? 0) + 1;
      if (seen.turnsInView === 3) {
        const tiny = await smallTargets(page, ".sfc");
        check(tiny.length === 0, `touch targets under 44 px at turn ${f.view.turnNumber}: ${tiny.join(", ")}`);
      }
    }
    // Notices lie over the table until read (issue 27): Sue reads them ("Got it") before she acts.
    // A card drawn blind from her hand is told with what came back, never as taken.
    const told = await page.$$eval(`${tid("sfc-notices")} .sfc-notice`, (els) => els.map((e) => e.textContent));
    if (told.some((x) => /traded with you/.test(x))) seen.exchangesTold = (seen.exchangesTold ?? 0) + 1;
    if (await page.$(tid("sfc-notices-ok"))) {
      await page.click(tid("sfc-notices-ok"), { timeout: 3000 }).catch(() => {});  // (her last action may have just cleared them)
      seen.noticesRead = (seen.noticesRead ?? 0) + 1;
    }
    try {
      await play(page, f, seen, shots, shot);
    } catch (e) {
      if (!(e instanceof Raced)) throw e;
    }
  }
  await page.waitForSelector(tid("sfc-winner"), { timeout: 10000 });
  notes.push(await checkLayoutShift(page, "Struggle, phone, the whole game"));
  notes.push(await handReport(page));
  const winner = f.view.winner;
  check(typeof winner === "number" && f.view.playerStates[winner].vp >= 10, `the winner has 10 VP (${JSON.stringify(f.view.playerStates.map((p) => p.vp))})`);
  check((await page.textContent(tid("sfc-winner"))).length > 0, "the winner is announced");
  await checkNoHorizontalScroll(page, "struggle game over");
  // The end screen: every player's VP by source, adding up to the VP the server counts.
  await checkVpTable(page, f.view);
  await page.screenshot({ path: join(shots, "struggle-over.png") });
  await checkOneScreen(page, "struggle game over on a phone", [tid("sfc-vp-table"), tid("sfc-winner")], false);
  notes.push(await checkAxe(page, "Struggle game over, phone"));
  await page.setViewportSize(DESKTOP);
  await checkOneScreen(page, "struggle game over at 1280×800", [tid("sfc-vp-table"), tid("sfc-winner")], false);
  await page.screenshot({ path: join(shots, "struggle-over-desktop.png") });
  await page.setViewportSize(PHONE);
  check(seen.tradeMarket + seen.tradeDeck + seen.tradePlayer > 0 && seen.build > 0, `traded and built by clicking (${JSON.stringify(seen)})`);
  check((seen.skipped ?? 0) > 0, `the bots' moves were paced and skipped at least once (${JSON.stringify(seen)})`);
  // A reload after the end: the log comes back from the server's event history (issue 18).
  const logBefore = await page.$$eval(`${tid("sfc-log")} li`, (els) => els.map((e) => e.textContent));
  await page.reload();
  await page.waitForSelector(tid("sfc-winner"), { timeout: 15000 });
  await page.waitForFunction(([sel, want]) => JSON.stringify([...document.querySelectorAll(sel)].map((e) => e.textContent)) === want,
    [`${tid("sfc-log")} li`, JSON.stringify(logBefore)], { timeout: 5000 });
  notes.push(`log back after a reload (${logBefore.length} lines)`);
  // The replay (with the private room's invite): controls by mouse and by touch, the log in step (issue 27).
  notes.push(...await checkReplay(browser, base, room, invite, "Struggle", shots));
  check(leaked.length === 0, `secrets reached seat 0: ${[...new Set(leaked)].join("; ")}`);
  const bad = problems(P);
  check(bad.length === 0, `console errors / failed requests: ${bad.join("; ")}`);
  notes.push(`game over at turn ${f.view.turnNumber}, winner seat ${winner}; clicked ${JSON.stringify(seen)}`);
  await P.context.close();
  return notes;
}

/** The end screen's table: a row per seat whose sources add up to that seat's VP in the view. */
async function checkVpTable(page, view) {
  await page.waitForSelector(tid("sfc-vp-table"));
  const rows = await page.$$eval(`${tid("sfc-vp-table")} tbody tr`, (trs) => trs.map((tr) => ({
    seat: Number(tr.dataset.testid.replace("sfc-vp-row-", "")),
    cells: Object.fromEntries([...tr.querySelectorAll("td[data-source]")].map((td) => [td.dataset.source, Number(td.textContent)])),
  })));
  check(rows.length === view.playerStates.length, `the VP table has a row per player (${rows.length})`);
  check(rows[0].seat === view.winner, "the winner's row comes first");
  for (const r of rows) {
    const p = view.playerStates[r.seat];
    const { total, ...src } = r.cells;
    check(total === p.vp, `seat ${r.seat}: the table's total ${total} is the view's ${p.vp} VP`);
    check(Object.values(src).reduce((a, b) => a + b, 0) === total, `seat ${r.seat}: the sources add up (${JSON.stringify(r.cells)})`);
    check(src.settlements === p.settlements && src.cities === 2 * p.cities, `seat ${r.seat}: settlements and cities (${JSON.stringify(r.cells)})`);
  }
}

async function select(page, cards) {
  if (await page.$(tid("sfc-clear"))) await page.click(tid("sfc-clear"));
  for (const r of RES) for (let i = 0; i < (cards?.[r] ?? 0); i++) await page.click(tid(`sfc-hand-${r}`));
}

export async function play(page, f, seen, shots, shot) {
  const v = f.view;
  const legal = f.legal;
  const of = (t) => legal.filter((a) => a.type === t);
  const snap = async (name) => { if (!shot.has(name)) { shot.add(name); await checkNoHorizontalScroll(page, `struggle ${name}`); await page.screenshot({ path: join(shots, `struggle-${name}.png`), fullPage: true }); } };
  if (v.phase === "discard") {
    const a = of("discard")[0];
    await snap("discard");
    await select(page, a.cards);
    await clickAndWait(page, tid("sfc-discard"), f.version);
    seen.discard++;
  } else if (v.phase === "giveBack") {
    await snap("give-back");
    // Give back what the hand has most of (a card drawn is allowed too).
    const a = of("giveBack").sort((x, y) => Math.max(...RES.map((r) => (v.hand[r] ?? 0) - (x.cards[r] ?? 0))) - Math.max(...RES.map((r) => (v.hand[r] ?? 0) - (y.cards[r] ?? 0))))[0];
    await select(page, a.cards);
    await clickAndWait(page, tid("sfc-giveback"), f.version);
    seen.giveBack++;
  } else if (v.phase === "libraryPick") {
    await snap("library");
    await clickAndWait(page, tid(`sfc-library-${of("libraryPick")[0].resource}`), f.version);
    seen.libraryPick++;
  } else if (v.phase === "trade") {
    await snap("trade");
    const kind = (v.turnNumber + v.tradesLeft) % 3;
    const market = of("tradeMarket"), deck = of("tradeDeck").filter((a) => Object.values(a.give).reduce((s, n) => s + n, 0) === 1),
      player = of("tradePlayer").filter((a) => a.count === 1 && !a.library);
    if (kind === 0 && market.length) {
      const a = market[(v.turnNumber * 7) % market.length];
      await select(page, { [a.give]: 1 });
      await clickAndWait(page, tid(`sfc-market-${a.take}`), f.version);
      seen.tradeMarket++;
    } else if (kind === 1 && player.length) {
      const a = player[v.turnNumber % player.length];
      if (await page.$(tid("sfc-trade-count"))) await page.selectOption(tid("sfc-trade-count"), "1");
      // With a library, look first (then pick a card, SFC-9.8).
      const lib = of("tradePlayer").some((x) => x.library && x.opponent === a.opponent && x.count === 1);
      if (await page.$(tid("sfc-library"))) await page.setChecked(tid("sfc-library"), lib);
      await clickAndWait(page, tid(`sfc-draw-${a.opponent}`), f.version);
      seen.tradePlayer++;
    } else if (kind === 2 && deck.length) {
      await select(page, deck[0].give);
      await clickAndWait(page, tid("sfc-trade-deck"), f.version);
      seen.tradeDeck++;
    } else {
      await clickAndWait(page, tid("sfc-end-trade"), f.version);
    }
  } else if (v.phase === "build") {
    const builds = of("build");
    const order = ["city", "expansion", "settlement", "knight", "road"];
    const b = order.find((x) => builds.some((a) => a.building === x));
    if (b) {
      await page.click(tid(`sfc-build-${b}`));
      await page.waitForSelector(tid("sfc-pay-0"));
      // Expansions: the library first (its look-first trade is played later), else the first listed.
      const libraryPay = `${tid("sfc-pay")} button[data-expansion="library"]`;
      const pay = b === "expansion" && await page.$(libraryPay) ? libraryPay : tid("sfc-pay-0");
      const kind = await page.getAttribute(pay, "data-kind");
      if (kind === "substitute") { seen.substitute++; await snap("substitute"); }
      await clickAndWait(page, pay, f.version);
      seen.build++;
    } else {
      await clickAndWait(page, tid("sfc-end-build"), f.version);
    }
  } else {
    await sleep(50);
  }
}
