// Keyboard only (issue 27: every action reachable from the keyboard): Tab moves the focus until it
// reaches an element, keys act on it. No mouse and no element.click(): a target Tab never reaches
// fails the check.
import { check, tid } from "./lib.mjs";

/** Presses Tab until the focused element matches `selector` (within `max` presses); returns how many. */
export async function tabTo(page, selector, what, max = 400) {
  // A target the page is still drawing (a table shows its choices once others' moves have been shown)
  // is waited for first; one never drawn still fails below, by Tab.
  await page.waitForSelector(selector, { state: "attached", timeout: 15000 }).catch(() => {});
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

/**
 * From a fresh page to a started table, by keys only: the player names herself in the name dialog;
 * in the lobby's create form she chooses the game (`game`; the form's own choice when not given) and
 * heuristic bots to fill the seats, and a seed under the advanced options (`seed`, when given);
 * creates the room and, once her seat is hers, starts it. Waiting for the game's table is the caller's.
 */
export async function startTableByKeys(page, { name, game, seed }) {
  await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await typeInto(page, tid("name-dialog-input"), name, "the name dialog");
  await keyOn(page, tid("name-dialog-save"), "the name dialog's Save");
  await page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 10000 });
  await page.waitForSelector(tid("room-list"));
  if (game !== undefined) await chooseByKeys(page, tid("opt-game"), game, "the lobby's game");
  await chooseByKeys(page, tid("opt-botFill"), "heuristic", "the lobby's bot fill");
  if (seed !== undefined) {
    await keyOn(page, ".advanced summary", "the lobby's advanced options");
    await typeInto(page, tid("opt-seed"), String(seed), "the seed field");
  }
  await keyOn(page, tid("create-submit"), "the lobby's Create");
  await page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await keyOn(page, tid("start-game"), "Start");
}

/**
 * Every visible, enabled control on the page (inside `scope`) is reached by Tab and shows its focus
 * (issue 27): Tab is pressed from the top of the page until the focus comes round again; each element
 * it lands on is marked and its focus ring read (an outline of 2 px or more, or a box shadow; an SVG
 * target, such as a board square, must look different focused than once the focus has left it). Radio
 * buttons count as reached when one of their group is (the arrow keys move within a group).
 * Returns a note; fails naming the controls never reached or reached without a visible focus.
 */
export async function checkEveryControlReachable(page, where, scope = "body", max = 400) {
  await page.evaluate(() => {
    document.querySelectorAll("[data-kb-reached]").forEach((e) => e.removeAttribute("data-kb-reached"));
    window.__kbNoRing = [];
    window.__kbPrev = null;
    document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  let first = null, presses = 0;
  for (; presses < max; presses++) {
    await page.keyboard.press("Tab");
    const r = await page.evaluate(() => {
      // An SVG target (a board square, a spot) shows its focus by its drawing (stroke, fill), on itself
      // or its parts: it is compared with itself once the focus has moved on.
      const look = (el) => [el, ...el.querySelectorAll("*")].slice(0, 8).map((x) => {
        const cs = getComputedStyle(x);
        return [cs.outlineStyle, cs.outlineWidth, cs.boxShadow, cs.stroke, cs.strokeWidth, cs.fill, cs.backgroundColor, cs.r].join("|");
      }).join(";");
      const prev = window.__kbPrev;
      window.__kbPrev = null;
      if (prev && prev.el !== document.activeElement && look(prev.el) === prev.focused) window.__kbNoRing.push(prev.name);
      const e = document.activeElement;
      if (!e || e === document.body) return { id: null };
      if (e.hasAttribute("data-kb-reached")) return { id: e.getAttribute("data-kb-reached"), again: true };
      const id = String(document.querySelectorAll("[data-kb-reached]").length + 1);
      e.setAttribute("data-kb-reached", id);
      const name = e.getAttribute("data-testid") ?? `${e.tagName.toLowerCase()} "${(e.textContent ?? "").trim().slice(0, 20)}"`;
      if (e instanceof SVGElement) { window.__kbPrev = { el: e, focused: look(e), name }; return { id, again: false }; }
      const cs = getComputedStyle(e);
      const ring = (cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2) || (cs.boxShadow && cs.boxShadow !== "none");
      if (!ring) window.__kbNoRing.push(name);
      return { id, again: false };
    });
    if (r.again && r.id === first) break;
    if (r.id && !first) first = r.id;
  }
  const res = await page.evaluate((scope) => {
    const sel = 'a[href], button:not(:disabled), input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';
    const missed = [];
    let count = 0;
    for (const e of document.querySelector(scope)?.querySelectorAll(sel) ?? []) {
      if (!e.checkVisibility({ visibilityProperty: true }) || e.closest("[inert]")) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      count++;
      if (e.hasAttribute("data-kb-reached")) continue;
      if (e.type === "radio" && e.name && document.querySelector(`input[type=radio][name="${e.name}"][data-kb-reached]`)) continue;
      missed.push(e.getAttribute("data-testid") ?? `${e.tagName.toLowerCase()} "${(e.textContent ?? e.value ?? "").trim().slice(0, 20)}"`);
    }
    return { count, missed, noRing: window.__kbNoRing };
  }, scope);
  check(res.count > 0, `${where}: controls found`);
  check(res.missed.length === 0, `${where}: Tab never reached ${res.missed.join(", ")}`);
  check(res.noRing.length === 0, `${where}: no visible focus on ${res.noRing.join(", ")}`);
  return `${where}: all ${res.count} controls reached by Tab in ${presses} presses, each with a visible focus`;
}

/**
 * Tabs to an offer's button and presses `key`, for an offer the game may close meanwhile (another
 * seat's trade confirmed first, a newer offer): when Tab cannot reach the button and the page's
 * offer (the view's `offer`: who offers what for what) is no longer the one in `seenView`, the race
 * is no failure: returns null (decide again); a button missing from an offer still open fails as in
 * `keyOn`.
 */
export async function keyOnOffer(page, selector, what, seenView, key = "Enter") {
  const terms = (v) => (v?.offer ? JSON.stringify([v.offer.from, v.offer.give, v.offer.get]) : null);
  try {
    return await keyOn(page, selector, what, key);
  } catch (e) {
    const now = await page.evaluate(() => window.hexhall?.room?.game?.frameNow?.view ?? null);
    if (terms(now) !== terms(seenView)) return null;
    throw e;
  }
}
