// Error alerts and the keyboard's focus (issue 27). An alert (role="alert") announces itself; the
// ARIA practices' Alert pattern says it must not move the focus (it would interrupt what the user
// is doing, e.g. typing), so a new alert never takes the focus — and never drops it either:
// - Kim, typing in the lobby's name field, saves an empty name: the alert appears, the focus stays
//   in the field and her next keys go on into it; another error arriving while she types too.
// - She Tabs to the alert's ×; the same error arrives again (a retried request failing twice): the
//   focus is still on a × of that alert (it was dropped to the page's top when the old copy was
//   replaced), and one copy is shown.
// - Escape dismisses the newest alert, the focus moving to the next ×; Enter on the last × leaves
//   no alert and the focus inside the page; after a click on the page's text Escape dismisses a new
//   one too. axe-core finds nothing serious with alerts up. Phone too.
import { check, checkAxe, openPage, problems, tid } from "./lib.mjs";
import { keyOn, tabTo, typeInto } from "./keyboard.mjs";

const SIZES = [{ width: 1280, height: 800 }, { width: 390, height: 844 }];
const active = (page) => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.id ?? document.activeElement?.tagName);

export async function alerts({ browser, base }) {
  const notes = [];
  for (const size of SIZES) {
    const where = `${size.width}×${size.height}`;
    const P = await openPage(browser, base + "/", size, "Kim", size.width < 500 ? { hasTouch: true, isMobile: true } : {});
    const page = P.page;
    await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
    await typeInto(page, tid("name-dialog-input"), "Kim", "the name dialog");
    await keyOn(page, tid("name-dialog-save"), "the name dialog's Save");
    await page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 10000 });
    await page.waitForSelector(tid("room-list"));
    // An empty name, saved by Enter in the field: an alert, the focus still in the field.
    await typeInto(page, tid("name-input"), "", "the lobby's name field");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Enter");
    await page.waitForSelector(`${tid("toast-error")}[role="alert"]`, { timeout: 5000 });
    check(await active(page) === "name-input", `${where}: the alert left the focus in the name field (on ${await active(page)})`);
    await page.keyboard.type("Ki");
    // Another error arrives while she types (as a failed request's does): the focus stays, her keys go on.
    await page.evaluate(() => window.hexhall.shell.toast("Could not reach the table: try again", "error"));
    await page.keyboard.type("m");
    check(await page.inputValue(tid("name-input")) === "Kim", `${where}: typing went on into the field across two alerts (${await page.inputValue(tid("name-input"))})`);
    check(await active(page) === "name-input", `${where}: a second alert left the focus in the name field`);
    check(await page.locator(tid("toast-error")).count() === 2, `${where}: two alerts shown`);
    notes.push(await checkAxe(page, `lobby with two alerts, ${where}`));
    // The first alert's × by Tab; the same error again: the focus stays on its ×, one copy shown.
    const text = await page.getAttribute(tid("toast-error"), "data-text");
    await tabTo(page, `${tid("toast-error")}[data-text="${text}"] ${tid("toast-close")}`, "the first alert's ×");
    await page.evaluate((t) => window.hexhall.shell.toast(t, "error"), text);
    check(await active(page) === "toast-close", `${where}: the same alert again kept the focus on its × (on ${await active(page)})`);
    check(await page.locator(`${tid("toast-error")}[data-text="${text}"]`).count() === 1, `${where}: the same alert is shown once`);
    // Escape: the newest goes, the focus on the remaining ×; Enter on it: no alert left, focus in the page.
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast-error"]').length === 1, null, { timeout: 3000 });
    check(await active(page) === "toast-close", `${where}: after Escape the focus is on the remaining alert's ×`);
    await page.keyboard.press("Enter");
    await page.waitForSelector(tid("toast-error"), { state: "detached", timeout: 3000 });
    check(await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null), `${where}: the last ×'s Enter left the focus inside the page`);
    // A click on the page's text (not a control) leaves the focus on the page: Escape still dismisses the newest alert.
    await page.evaluate(() => window.hexhall.shell.toast("Could not reach the table: try again", "error"));
    await page.click("main h2");
    await page.keyboard.press("Escape");
    await page.waitForSelector(tid("toast-error"), { state: "detached", timeout: 3000 });
    check(problems(P).length === 0, `${where}: console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
    notes.push(`${where}: alerts kept the focus where it was (the name field, an alert's ×) and went by Escape and ×`);
    await P.context.close();
  }
  return notes;
}
