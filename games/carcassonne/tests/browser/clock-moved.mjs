// Carcassonne's "your time ran out" notice (tests/browser/scenario-notices.mjs): it goes with the
// player's next action, and the player's own action never brings it back.
import { check, tid, waitFrame } from "../../../../tests/browser/lib.mjs";

export async function dismiss({ page, notice, who }) {
  const f = await waitFrame(page, (g) => Array.isArray(g.legal) && g.legal.some((a) => a.type === "pass"),
    `${who}'s follower decision after the takeover placed the tile`, 20000);
  await page.click(`${tid("car-no-follower")}:not([disabled])`);
  await waitFrame(page, (g) => g.version > f.version, `${who}'s No follower applied`);
  check(!(await page.$(`${notice}:not([hidden])`)), "carcassonne: the notice is gone after the player's own action");
  return `the notice went with ${who}'s next action (No follower)`;
}
