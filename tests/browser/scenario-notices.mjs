// Notices that stay on screen until read (issue 27), in every game and on every page.
// - The clock ran out: a player sits at a fast-clock table (45 s a decision; the server has no
//   shorter clock) with bots in every game that has a games/<name>/tests/browser/timed-out.mjs (who
//   sits there, the notice's selector, and how the player reads it, if the game has a way), started
//   together so one wait serves them all. Nobody moves; when the server's bot has moved for them, each
//   table says so ("Your time ran out: a bot moved for you"), in a live region, and still says so a
//   while later; then each game's player reads it the game's way (her next action, Got it by keys),
//   and a game without one keeps it up.
// - Meanwhile, site-wide: Ann removes Bob from her table. "The host removed you from the table." is
//   an alert that outlives the old 5.6 s fade, until Bob dismisses it by Tab and Enter on its ×
//   (a 44 px target). A short confirmation ("Invite link copied.") still fades by itself.
import { join, dirname, resolve } from "node:path";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { check, checkAxe, openPage, problems, sleep, tid, waitFrame } from "./lib.mjs";
import { keyOn } from "./keyboard.mjs";

const DESKTOP = { width: 1280, height: 800 };
const CLOCK_WAIT_MS = 120000;  // 45 s of clock, bots' turns before it, a loaded machine
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every game's timed-out notice: [game, { who, notice, read? }] from games/<game>/tests/browser/timed-out.mjs. */
async function timedOutNotices() {
  const out = [];
  for (const game of readdirSync(join(root, "games")).sort()) {
    const file = join(root, "games", game, "tests/browser/timed-out.mjs");
    if (existsSync(file)) out.push([game, (await import(pathToFileURL(file).href)).timedOut]);
  }
  return out;
}

async function openTable(browser, base, who, game, notice) {
  const P = await openPage(browser, base + "/", DESKTOP, who);
  const page = P.page;
  await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await page.fill(tid("name-dialog-input"), who);
  await page.click(tid("name-dialog-save"));
  await page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 10000 });
  await page.waitForSelector(tid("room-list"));
  await page.selectOption(tid("opt-game"), game);
  await page.selectOption(tid("opt-botFill"), "heuristic");
  await page.selectOption(tid("opt-clock"), "fast");
  await page.click(tid("create-submit"));
  await page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await page.click(tid("start-game"));
  await waitFrame(page, (f) => f.seat === 0, `${who}'s ${game} game`);
  return { P, page, game, notice };
}

/** The notice is shown, inside a live region (role status/alert or aria-live). */
async function noticeShown(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el || el.hidden || !el.getClientRects().length) return null;
    const live = el.closest('[aria-live], [role="status"], [role="alert"]');
    return { text: el.textContent, live: !!live };
  }, selector);
}

export async function notices({ browser, base, shots }) {
  const notes = [];
  // Three tables, their clocks running from the start.
  const games = await timedOutNotices();
  check(games.length >= 1, "games with a timed-out notice found");
  const tables = await Promise.all(games.map(async ([game, n]) => ({ ...(await openTable(browser, base, n.who, game, n.notice)), read: n.read })));
  for (const T of tables) check(!(await noticeShown(T.page, T.notice)), `${T.game}: no "time ran out" notice before the clock ran out`);

  // ---- site-wide messages, while the clocks run
  const A = await openPage(browser, base + "/", DESKTOP, "Ann");
  await A.page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await A.page.fill(tid("name-dialog-input"), "Ann");
  await A.page.click(tid("name-dialog-save"));
  await A.page.waitForSelector(tid("room-list"));
  await A.page.click(tid("create-submit"));
  await A.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  const link = await (await A.page.waitForSelector(tid("invite-link"), { timeout: 10000 })).inputValue();
  // A short confirmation fades by itself.
  await A.page.click(tid("copy-invite"));
  await A.page.waitForSelector(`${tid("toasts")} ${tid("toast")}`, { timeout: 5000 });
  await A.page.waitForSelector(`${tid("toasts")} ${tid("toast")}`, { state: "detached", timeout: 10000 });
  notes.push("a confirmation toast (invite link copied) faded by itself");

  const B = await openPage(browser, link, DESKTOP, "Bob");
  await B.page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await B.page.fill(tid("name-dialog-input"), "Bob");
  await B.page.click(tid("name-dialog-save"));
  await B.page.waitForSelector(`${tid("seat-1")}.me`, { timeout: 10000 });
  A.page.once("dialog", (d) => d.accept());
  await A.page.click(tid("kick-1"));
  await B.page.waitForURL(/#\/$/, { timeout: 10000 });
  const kicked = `${tid("toasts")} ${tid("toast-error")}`;
  await B.page.waitForSelector(kicked, { timeout: 5000 });
  const shown = await B.page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return { text: el.textContent, role: el.getAttribute("role"), live: el.parentElement.getAttribute("aria-live") };
  }, kicked);
  check(/removed you/.test(shown.text) && shown.role === "alert" && shown.live === "polite", `Bob is told he was removed, as an alert (${JSON.stringify(shown)})`);
  // Longer than the old fade (5.6 s): it is still there, unread.
  await sleep(7000);
  check(await B.page.isVisible(kicked), "the removal message is still shown 7 s later");
  await B.page.screenshot({ path: join(shots, "notices-removed.png") });
  notes.push(await checkAxe(B.page, "the lobby with the removal message"));
  const box = await B.page.locator(`${kicked} ${tid("toast-close")}`).boundingBox();
  check(box && box.width >= 44 && box.height >= 44, `the × is a 44 px target (${JSON.stringify(box)})`);
  const tabs = await keyOn(B.page, `${kicked} ${tid("toast-close")}`, "the removal message's ×");
  await B.page.waitForSelector(kicked, { state: "detached", timeout: 3000 });
  notes.push(`the removal message stayed until Bob dismissed it by keyboard (${tabs} Tab presses to its ×)`);
  check(problems(A).length === 0 && problems(B).length === 0, `console errors or failed requests: ${[...problems(A), ...problems(B)].slice(0, 3).join(" | ")}`);
  await A.context.close();
  await B.context.close();

  // ---- the clocks run out: the server's bot moves for each of them
  const t0 = Date.now();
  for (const T of tables) {
    const left = Math.max(1000, CLOCK_WAIT_MS - (Date.now() - t0));
    await T.page.waitForSelector(T.notice, { timeout: left });
    const n = await noticeShown(T.page, T.notice);
    check(n && n.live && /time ran out/.test(n.text), `${T.game}: the notice says the time ran out, in a live region (${JSON.stringify(n)})`);
  }
  notes.push(`all ${tables.length} tables said "time ran out" within ${((Date.now() - t0) / 1000).toFixed(0)} s of the last check`);
  // Still there a while later: nobody has read it yet (no fixed sleep decides a pass: it only gives the notice time to go wrongly).
  await sleep(3000);
  for (const T of tables) {
    check(await noticeShown(T.page, T.notice), `${T.game}: the notice stays until read`);
    await T.page.screenshot({ path: join(shots, `notices-timed-out-${T.game}.png`) });
  }
  // Each player reads it the game's way (her next action, a Got it by keys): then it is gone.
  for (const T of tables) {
    if (!T.read) { notes.push(`${T.game}: the notice stays (the game has no read action)`); continue; }
    const how = await T.read(T.page);
    check(!(await noticeShown(T.page, T.notice)), `${T.game}: the notice is gone after ${how}`);
    notes.push(`${T.game}: the notice went with ${how}`);
  }
  for (const T of tables) {
    check(problems(T.P).length === 0, `${T.game}: console errors or failed requests: ${problems(T.P).slice(0, 3).join(" | ")}`);
    await T.P.context.close();
  }
  return notes;
}
