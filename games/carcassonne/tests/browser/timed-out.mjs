// Carcassonne's "your time ran out" notice for the notices scenario (tests/browser/scenario-notices.mjs):
// Kim's next action (No follower, after the takeover bot placed her tile) takes it away; her own
// action never brings it back.
import { tid, waitFrame } from "../../../../tests/browser/lib.mjs";

export const timedOut = {
  who: "Kim",
  notice: tid("car-timed-out"),
  async read(page) {
    const f = await waitFrame(page, (g) => Array.isArray(g.legal) && g.legal.some((a) => a.type === "pass"), "Kim's follower decision after the takeover placed her tile", 20000);
    await page.click(`${tid("car-no-follower")}:not([disabled])`);
    await waitFrame(page, (g) => g.version > f.version, "Kim's No follower applied");
    return "Kim's next action (No follower)";
  },
};
