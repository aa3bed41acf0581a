// The Struggle for Catan on a desktop (1280×800, mouse), a whole game (issue 27: fixed regions that
// never move, cumulative layout shift < 0.01 over a whole game, measured by a PerformanceObserver):
// Sue plays every one of her turns by clicking (the phone scenario's moves, `play` in scenario.mjs)
// against three heuristic bots until somebody reaches 10 VP, the bots' moves shown at their pace (and
// skipped now and then); the layout shift of the whole game and its end is asserted, and axe-core
// runs on the table and on the end screen.
import { check, checkAxe, checkLayoutShift, enterName, frame, openPage, problems, Raced, tid, waitFrame, watchLayoutShift } from "../../../../tests/browser/lib.mjs";
import { checkOneScreen, play } from "./scenario.mjs";

const DESKTOP = { width: 1280, height: 800 };
const BUDGET_MS = Number(process.env.HEXHALL_STRUGGLE_BUDGET_MS ?? 300000);

export async function struggleDesktop({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", DESKTOP, "Sue");
  const page = P.page;
  await enterName(page, "Sue");
  await page.waitForSelector(tid("room-list"));
  const room = await page.evaluate(async () => {
    const conn = window.hexhall.conn;
    const created = await conn.request({ type: "createRoom", game: "struggle", players: 4, firstSeat: 0, botFill: "heuristic", private: true, seed: 16 });
    await conn.request({ type: "joinRoom", room: String(created.room), seat: 0 });
    return String(created.room);
  });
  await page.goto(`${base}/#/room/${room}`);
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await page.click(tid("start-game"));
  await page.waitForSelector(tid("sfc-table"), { timeout: 15000 });
  await waitFrame(page, (f) => f.seat === 0 && f.view?.phase, "Sue's Struggle game");
  notes.push(await checkAxe(page, "Struggle table, desktop, at the start"));
  await watchLayoutShift(page);

  const seen = { tradeMarket: 0, tradeDeck: 0, tradePlayer: 0, giveBack: 0, build: 0, substitute: 0, discard: 0, libraryPick: 0 };
  const shot = new Set(["trade", "discard", "give-back", "library", "substitute"]);  // (the phone scenario's screenshots)
  const started = Date.now();
  let f, lastTurn = -1;
  for (;;) {
    check(Date.now() - started < BUDGET_MS, `game not over within ${BUDGET_MS / 1000} s (${JSON.stringify(seen)})`);
    f = await waitFrame(page, (x) => x.view.phase === "over" || (Array.isArray(x.legal) && x.legal.length > 0), "Sue's turn or the end", 60000);
    if (f.view.phase === "over") break;
    if (await page.$(tid("sfc-skip"))) {
      if (f.version % 3 === 0) {
        await page.click(tid("sfc-skip"), { timeout: 2000 }).catch(() => {});
        seen.skipped = (seen.skipped ?? 0) + 1;
      }
      await page.waitForSelector(`${tid("sfc-log")}[data-pending="0"]`, { timeout: 20000 });
    }
    if (f.view.turn === f.seat && f.view.turnNumber !== lastTurn && f.view.phase === "trade") {
      lastTurn = f.view.turnNumber;
      await checkOneScreen(page, `struggle at 1280×800, Sue's turn ${f.view.turnNumber}`);
      seen.turns = (seen.turns ?? 0) + 1;
    }
    if (await page.$(tid("sfc-notices-ok"))) await page.click(tid("sfc-notices-ok"), { timeout: 3000 }).catch(() => {});
    try {
      await play(page, f, seen, shots, shot);
    } catch (e) {
      if (!(e instanceof Raced)) throw e;
    }
  }
  await page.waitForSelector(tid("sfc-winner"), { timeout: 10000 });
  await page.waitForSelector(tid("sfc-vp-table"), { timeout: 10000 });
  notes.push(await checkLayoutShift(page, "Struggle, desktop 1280×800, the whole game and its end"));
  check((seen.turns ?? 0) >= 3 && seen.build > 0, `a whole game: Sue's turns played and built (${JSON.stringify(seen)})`);
  notes.push(await checkAxe(page, "Struggle game over, desktop"));
  const bad = problems(P);
  check(bad.length === 0, `console errors / failed requests: ${bad.join("; ")}`);
  notes.push(`desktop game over at turn ${f.view.turnNumber}, winner seat ${f.view.winner}; clicked ${JSON.stringify(seen)}`);
  await P.context.close();
  return notes;
}
