// The Struggle's table and the pacing of other seats' actions (issue 27), watched in a page during a
// game: while other seats' actions wait their turn, the table (your hand included) is the state of
// the action shown last, the one whose log line says why, never the newest state's.
import { check } from "../../../../tests/browser/lib.mjs";

const R = ["lumber", "wool", "grain", "brick", "ore"];

/** Records the hand of every version as the frames arrive and checks every hand drawn on the screen
 *  while actions wait against the hand at the version the table shows. Read with `handReport`. */
export async function watchHand(page) {
  await page.evaluate((R) => {
    const room = window.hexhall.room;
    const w = window.__hand = { hands: [], changes: 0, paced: 0, bad: [] };
    const key = (hand) => R.map((r) => hand?.[r] ?? 0).join(",");
    const handle = room.game.handle, orig = handle.frame.bind(handle);
    handle.frame = (f) => { w.hands.push([f.version, key(f.view?.hand)]); orig(f); };
    const onScreen = () => R.map((r) => document.querySelector(`[data-testid="sfc-hand-${r}"]`)?.getAttribute("data-count") ?? "0").join(",");
    const table = document.querySelector('[data-testid="sfc-table"]');
    let last = onScreen();
    new MutationObserver(() => {
      const cards = onScreen();
      // (the move whose log line is shown, as the log says: not the table's own word)
      const log = document.querySelector('[data-testid="sfc-log"]');
      const pending = Number(log?.getAttribute("data-pending") ?? 0);
      if (cards === last && !(pending > 0)) return;
      const changed = cards !== last;
      last = cards;
      if (changed) w.changes++;
      if (!(pending > 0)) return;
      if (changed) w.paced++;
      const shown = Number(log.getAttribute("data-log-step"));
      const at = w.hands.filter(([v]) => v <= shown).at(-1);
      if (at && at[1] !== cards) w.bad.push(`cards ${cards} while v${shown} is shown (${pending} waiting): its hand is ${at[1]}, the newest v${w.hands.at(-1).join(" ")}`);
    }).observe(table, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-log-step", "data-pending", "data-count"] });
  }, R);
}

export async function handReport(page) {
  const w = await page.evaluate(() => window.__hand);
  check(w.changes > 0, "the hand changed during the game");
  check(w.paced > 0, `the hand changed on the screen at least once while other seats' actions waited (${w.changes} changes)`);
  check(w.bad.length === 0, `the hand ran ahead of the paced actions: ${w.bad.slice(0, 3).join("; ")}`);
  return `hand: ${w.changes} changes on screen, ${w.paced} of them while other seats' actions waited, each the shown action's hand`;
}
