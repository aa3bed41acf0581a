// The Struggle for Catan from the keyboard only (issue 27): Kim chooses the game in the lobby,
// creates a room the server fills with bots and starts it; through her turns she picks hand cards,
// trades at the market, builds with a listed payment, discards, gives back and picks from a library
// when the game asks, and ends her trade and build phases — by Tab, Enter and Space, never a click,
// with prefers-reduced-motion set (no animation runs on the table).
// A target Tab cannot reach fails the scenario.
import { join } from "node:path";
import { check, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { chooseByKeys, keyOn, typeInto } from "../../../../tests/browser/keyboard.mjs";

const DESKTOP = { width: 1280, height: 800 };
const RES = ["brick", "lumber", "ore", "wool", "grain"];
const BUDGET_MS = 150000;

export async function keyboardStruggle({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", DESKTOP, "Kim");
  const page = P.page;
  await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await typeInto(page, tid("name-dialog-input"), "Kim", "the name dialog");
  await keyOn(page, tid("name-dialog-save"), "the name dialog's Save");
  await page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 10000 });
  await page.waitForSelector(tid("room-list"));
  await chooseByKeys(page, tid("opt-game"), "struggle", "the lobby's game");
  await chooseByKeys(page, tid("opt-botFill"), "heuristic", "the lobby's bot fill");
  await keyOn(page, tid("create-submit"), "the lobby's Create");
  await page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await keyOn(page, tid("start-game"), "Start");
  await page.waitForSelector(tid("sfc-table"), { timeout: 15000 });
  const me = (await waitFrame(page, (f) => f.seat >= 0 && f.view?.phase, "Kim's Struggle game")).seat;
  // prefers-reduced-motion (issue 27): no animation runs on the Struggle table.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const moving = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);
  check(moving === 0, `with prefers-reduced-motion no animation runs on the Struggle table (${moving})`);

  const done = { turns: 0, market: 0, builds: 0, discard: 0, giveBack: 0, library: 0, ends: 0 };
  let tabs = 0;
  const pickCards = async (cards) => {
    if (await page.$(`${tid("sfc-clear")}:not([disabled])`)) tabs += await keyOn(page, `${tid("sfc-clear")}:not([disabled])`, "Clear");
    for (const r of RES) for (let i = 0; i < (cards?.[r] ?? 0); i++) tabs += await keyOn(page, tid(`sfc-hand-${r}`), `the hand's ${r}`);
  };
  const t0 = Date.now();
  let lastVersion = -1;
  while (done.ends < 6) {
    check(Date.now() - t0 < BUDGET_MS, `keyboard play did not finish in ${BUDGET_MS / 1000} s: ${JSON.stringify(done)}`);
    const f = await frame(page);
    const v = f.view, legal = Array.isArray(f.legal) ? f.legal : [];
    if (v.phase === "over" || v.phase === "gameOver") break;
    if (!legal.length || f.version === lastVersion) { await sleep(40); continue; }
    // While the bots' moves are shown one at a time the table shows no choices yet: wait until it
    // has caught up with this state (what a player sees before acting).
    await page.waitForFunction((v) => Number(document.querySelector('[data-testid="sfc-table"]')?.dataset.shownVersion) >= v, f.version, { timeout: 20000 });
    if (await page.$(`${tid("sfc-notices-ok")}`)) tabs += await keyOn(page, tid("sfc-notices-ok"), "the notices' OK");
    lastVersion = f.version;
    const of = (t) => legal.filter((a) => a.type === t);
    if (v.phase === "discard") {
      await pickCards(of("discard")[0].cards);
      tabs += await keyOn(page, tid("sfc-discard"), "Discard");
      done.discard++;
    } else if (v.phase === "giveBack") {
      await pickCards(of("giveBack")[0].cards);
      tabs += await keyOn(page, tid("sfc-giveback"), "Give back");
      done.giveBack++;
    } else if (v.phase === "libraryPick") {
      tabs += await keyOn(page, tid(`sfc-library-${of("libraryPick")[0].resource}`), "a library card");
      done.library++;
    } else if (v.phase === "trade") {
      const market = of("tradeMarket");
      if (market.length && done.market < 2) {
        const a = market[0];
        await pickCards({ [a.give]: 1 });
        tabs += await keyOn(page, tid(`sfc-market-${a.take}`), "a market card");
        done.market++;
      } else {
        tabs += await keyOn(page, tid("sfc-end-trade"), "End trading");
        done.ends++;
      }
    } else if (v.phase === "build") {
      const b = ["city", "expansion", "settlement", "knight", "road"].find((x) => of("build").some((a) => a.building === x));
      if (b) {
        tabs += await keyOn(page, tid(`sfc-build-${b}`), `Build ${b}`);
        await page.waitForSelector(tid("sfc-pay-0"), { timeout: 5000 });
        tabs += await keyOn(page, tid("sfc-pay-0"), "a payment");
        done.builds++;
      } else {
        tabs += await keyOn(page, tid("sfc-end-build"), "End building");
        done.ends++;
        done.turns++;
        if (done.turns === 1) await page.screenshot({ path: join(shots, "keyboard-struggle.png") });
      }
    } else { await sleep(40); continue; }
    await waitFrame(page, (g) => g.version > f.version || g.view.phase === "over", `Kim's move in ${v.phase}`, 15000);
  }
  const movingLater = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);
  check(movingLater === 0, `with prefers-reduced-motion no animation runs after three turns (${movingLater})`);
  check(done.ends >= 6 && done.market >= 1, `three turns by keyboard, a market trade among them (${JSON.stringify(done)}; seat ${me})`);
  notes.push(`The Struggle by keyboard only: ${JSON.stringify(done)}, ${tabs} Tab presses to reach the targets`);
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  return notes;
}
