// Carcassonne from the keyboard only (issue 27): Kim creates a two-player room (a bot fills the other
// seat) and starts it; on each of her turns she tabs to a candidate square, presses Enter, turns the
// tile with R to a rotation that fits, tabs to Confirm, then places a follower (its button) or none —
// by Tab, Enter and R, never a click. A target Tab cannot reach fails the scenario.
import { join } from "node:path";
import { check, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { checkEveryControlReachable, keyOn, startTableByKeys } from "../../../../tests/browser/keyboard.mjs";

const DESKTOP = { width: 1280, height: 800 };
const BUDGET_MS = 120000;

export async function keyboardCarcassonne({ shots, browser, base }) {
  const notes = [];
  const P = await openPage(browser, base + "/", DESKTOP, "Kim");
  const page = P.page;
  await startTableByKeys(page, { name: "Kim", game: "carcassonne" });
  await page.waitForSelector(tid("car-game"), { timeout: 15000 });
  await waitFrame(page, (f) => f.seat === 0 && f.view?.game === "carcassonne", "Kim's Carcassonne game");

  const done = { placed: 0, followers: 0, none: 0 };
  let tabs = 0;
  const t0 = Date.now();
  while (done.placed < 4) {
    check(Date.now() - t0 < BUDGET_MS, `keyboard play did not finish in ${BUDGET_MS / 1000} s: ${JSON.stringify(done)}`);
    const f = await frame(page);
    const legal = Array.isArray(f.legal) ? f.legal : [];
    if (f.view.phase === "over") break;
    if (!legal.length) { await sleep(40); continue; }
    if (f.view.phase === "place") {
      const places = legal.filter((a) => a.type === "place");
      const pick = places[done.placed % places.length];
      const fits = places.filter((a) => a.x === pick.x && a.y === pick.y).map((a) => a.rotation);
      // The table offers its squares once the other players' moves have been shown (the frame's legal
      // list can come first): waited for at every tile, or Tab looks for a square not drawn yet.
      await page.waitForSelector(tid(`cell-${pick.x}-${pick.y}`), { timeout: 15000 });
      if (!done.placed) {  // every control of the table, the candidate squares included, is reached by Tab (issue 27)
        notes.push(await checkEveryControlReachable(page, "Carcassonne table, Kim's first tile"));
      }
      tabs += await keyOn(page, tid(`cell-${pick.x}-${pick.y}`), `the candidate square ${pick.x},${pick.y}`);
      await page.waitForSelector(tid("car-ghost"), { timeout: 5000 });
      for (let k = 0; k < 4 && !fits.includes(Number(await page.getAttribute(tid("car-preview"), "data-rotation"))); k++) await page.keyboard.press("r");
      check(fits.includes(Number(await page.getAttribute(tid("car-preview"), "data-rotation"))), "R turned the tile to a rotation that fits");
      tabs += await keyOn(page, `${tid("car-confirm")}:not([disabled])`, "Confirm");
      await waitFrame(page, (g) => g.version > f.version, "the tile placed", 15000);
      done.placed++;
      if (done.placed === 1) await page.screenshot({ path: join(shots, "keyboard-carcassonne.png") });
    } else {
      const spots = legal.filter((a) => a.type === "follower");
      if (spots.length && done.followers < 2) {
        tabs += await keyOn(page, `[data-spot-btn]:not([disabled])`, "a follower's spot button");
        done.followers++;
      } else {
        tabs += await keyOn(page, `${tid("car-no-follower")}:not([disabled])`, "No follower");
        done.none++;
      }
      await waitFrame(page, (g) => g.version > f.version, "the follower step", 15000);
    }
  }
  check(done.placed >= 4 && done.followers >= 1, `four tiles and a follower by keyboard (${JSON.stringify(done)})`);
  notes.push(`Carcassonne by keyboard only: ${JSON.stringify(done)}, ${tabs} Tab presses to reach the targets`);
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  return notes;
}
