// Keyboard only (issue 27: every action reachable from the keyboard): Tab moves the focus until it
// reaches an element, keys act on it. No mouse and no element.click(): a target Tab never reaches
// fails the check.
import { check } from "./lib.mjs";

/** Presses Tab until the focused element matches `selector` (within `max` presses); returns how many. */
export async function tabTo(page, selector, what, max = 400) {
  for (let n = 0; n <= max; n++) {
    if (await page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)) return n;
    await page.keyboard.press("Tab");
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  check(false, `${what}: Tab never reached ${selector} in ${max} presses (focus on ${at})`);
}

/** Tabs to `selector` and presses `key` (Enter by default). */
export async function keyOn(page, selector, what, key = "Enter", max = 400) {
  const n = await tabTo(page, selector, what, max);
  await page.keyboard.press(key);
  return n;
}

/** Focuses a <select> by Tab and moves its choice with the arrow keys until its value is `value`. */
export async function chooseByKeys(page, selector, value, what) {
  await tabTo(page, selector, what);
  for (let i = 0; i < 20; i++) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) && document.activeElement.value, selector) === value) return;
    await page.keyboard.press("ArrowDown");
  }
  check(false, `${what}: the arrow keys never chose ${value}`);
}

/** Tabs to a text field and types `text` into it (its old content selected and replaced). */
export async function typeInto(page, selector, text, what) {
  await tabTo(page, selector, what);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}
