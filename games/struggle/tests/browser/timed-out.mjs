// The Struggle's "your time ran out" notice for the notices scenario (tests/browser/scenario-notices.mjs):
// Lou reads it and dismisses it from the keyboard (Got it by Tab, Enter).
import { tid } from "../../../../tests/browser/lib.mjs";
import { keyOn } from "../../../../tests/browser/keyboard.mjs";

export const timedOut = {
  who: "Lou",
  notice: tid("sfc-timed-out"),
  async read(page) {
    await keyOn(page, tid("sfc-notices-ok"), "The Struggle's Got it");
    await page.waitForSelector(tid("sfc-timed-out"), { state: "detached", timeout: 3000 });
    return "Got it (Tab, Enter)";
  },
};
