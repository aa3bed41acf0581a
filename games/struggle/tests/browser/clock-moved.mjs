// The Struggle's "your time ran out" notice (tests/browser/scenario-notices.mjs): the player reads it
// and puts it away from the keyboard ("Got it").
import { tid } from "../../../../tests/browser/lib.mjs";
import { keyOn } from "../../../../tests/browser/keyboard.mjs";

export async function dismiss({ page, notice }) {
  await keyOn(page, tid("sfc-notices-ok"), "The Struggle's Got it");
  await page.waitForSelector(notice, { state: "detached", timeout: 3000 });
  return "Got it (Tab, Enter) dismissed the notice";
}
