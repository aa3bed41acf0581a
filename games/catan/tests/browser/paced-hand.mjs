// Catan's hand and the pacing of other seats' actions (issue 27), watched in a page during a game.
import { check } from "../../../../tests/browser/lib.mjs";

/**
 * Your hand never runs ahead of what is shown (issue 27): whenever the hand's cards change on the
 * screen while other seats' actions still wait their turn, they are the hand as of the action shown
 * last (the caption that says why), not the newest state's. Read with `handReport`.
 */
export async function watchHand(page) {
  await page.evaluate(() => {
    const room = window.hexhall.room, seat = room.seat(), R = ["lumber", "wool", "grain", "brick", "ore"];
    const w = window.__hand = { hands: [], changes: 0, paced: 0, bad: [] };
    const key = (hand) => R.map((r) => hand?.[r] ?? 0).join(",");
    // (the hand of every version, as the frames arrive)
    const handle = room.game.handle, orig = handle.frame.bind(handle);
    handle.frame = (f) => { w.hands.push([f.version, key(f.view?.players?.[seat]?.hand)]); orig(f); };
    const game = document.querySelector('[data-testid="game"]');
    let last = R.map((r) => document.querySelector(`[data-testid="hand-${r}"]`)?.getAttribute("data-count") ?? "0").join(",");
    new MutationObserver(() => {
      const cards = R.map((r) => document.querySelector(`[data-testid="hand-${r}"]`)?.getAttribute("data-count") ?? "0").join(",");
      if (cards === last) return;
      last = cards;
      w.changes++;
      const shown = Number(game.getAttribute("data-shown-version")), pending = Number(game.getAttribute("data-pending") ?? 0);
      if (!(pending > 0)) return;
      w.paced++;
      const at = w.hands.filter(([v]) => v <= shown).at(-1);
      if (at && at[1] !== cards) w.bad.push(`cards ${cards} while v${shown} is shown (${pending} waiting): its hand is ${at[1]}, the newest v${w.hands.at(-1).join(" ")}`);
    }).observe(document.querySelector(".hx-hand-slot"), { childList: true, subtree: true });
  });
}

export async function handReport(page) {
  const w = await page.evaluate(() => window.__hand);
  check(w.changes > 0, "the hand changed during the game");
  check(w.bad.length === 0, `the hand ran ahead of the paced actions: ${w.bad.slice(0, 3).join("; ")}`);
  return `hand: ${w.changes} changes on screen, ${w.paced} of them while other seats' actions waited, each the shown action's hand`;
}
