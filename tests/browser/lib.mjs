// Helpers for the browser scenarios: launching Debian's chromium, reading the client's current
// frame (to decide what to click: the clicks themselves go through the UI), clicking and waiting,
// and a privacy monitor on every WebSocket message a page receives.
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run"];

export function launch() {
  return chromium.launch({ executablePath: process.env.HEXHALL_CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function check(cond, message) {
  if (!cond) throw new Error("assertion failed: " + message);
}

export const tid = (id) => `[data-testid="${id}"]`;

/** The page's current game frame and seat, or null before the game is shown. */
export function frame(page) {
  return page.evaluate(() => {
    const r = window.hexhall && window.hexhall.room;
    const f = r && r.game.frameNow;
    return f ? { version: f.version, view: f.view, legal: f.legal || {}, seat: r.seat() } : null;
  });
}

/** Waits until `fn(frame)` holds. */
export async function waitFrame(page, fn, what, timeout = 15000) {
  const end = Date.now() + timeout;
  for (;;) {
    const f = await frame(page);
    if (f && fn(f)) return f;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Thrown when the game moved on before a click could land (another player acted first). */
export class Raced extends Error {}

/**
 * Clicks, then waits until the page's game version moves past `version` (the action was applied).
 * The table does not wait for the test: when the element vanished or the click had no effect
 * because the game moved on (e.g. a bot closed the trade first), this throws Raced; when the game
 * did not move, the click is tried again (board spots then by a dispatched click on the element).
 */
export async function clickAndWait(page, selector, version, timeout = 6000) {
  // Board spots exist for every id but are visible only when legal (and drawn on the next animation
  // frame): Playwright's click waits for that. A spot that still does not react gets a dispatched click.
  const spot = /"(edge|intersection|robber-hex|hex)-\d+"/.test(selector);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      if (spot && attempt > 0) await page.dispatchEvent(selector, "click", undefined, { timeout: 2000 });
      else await page.click(selector, { timeout: attempt ? 2000 : timeout });
    } catch (e) {
      const f = await frame(page);
      if (f && f.version > version) throw new Raced(`game moved on before ${selector}`);
      if (attempt === 2) throw e;
      continue;
    }
    const end = Date.now() + 3000;
    while (Date.now() < end) {
      const f = await frame(page);
      if (f && f.version > version) return f;
      await sleep(40);
    }
  }
  throw new Error(`no new version after clicking ${selector} three times`);
}

/** A new browser context with a page at `size`, its console errors collected, its WebSocket watched. */
export async function openPage(browser, url, size, label, options = {}) {
  const context = await browser.newContext({ viewport: size, ...options });
  const page = await context.newPage();
  const p = { context, page, label, errors: [], missing: [], privacy: new PrivacyMonitor(label) };
  // A 404 from the record/replay endpoints (/games/…) is expected from a server without the store;
  // any other failed resource or console error fails the scenario.
  page.on("response", (r) => { if (r.status() >= 400) p.missing.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (/Failed to load resource/.test(m.text())) return;  // judged by the response listener
    p.errors.push(m.text());
  });
  page.on("pageerror", (e) => p.errors.push(String(e)));
  page.on("websocket", (ws) => {
    const socket = p.privacy.socket();
    ws.on("framereceived", (f) => socket.receive(f.payload));
  });
  await page.goto(url);
  return p;
}

/** Console errors and failed requests, except the record/replay endpoints' 404. */
export function problems(p) {
  return [...p.errors, ...p.missing.filter((m) => !/^404 \/games\//.test(m))];
}

/** Enters the display name in the first-visit dialog. */
export async function enterName(page, name) {
  await page.waitForSelector(tid("name-dialog-input"), { timeout: 10000 });
  await page.fill(tid("name-dialog-input"), name);
  await page.click(tid("name-dialog-save"));
  await page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 10000 });
}

/** No horizontal scrolling at the current viewport. */
export async function checkNoHorizontalScroll(page, where) {
  const [sw, cw] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  check(sw <= cw + 1, `${where}: page is ${sw}px wide in a ${cw}px viewport (horizontal scrolling)`);
}

/**
 * Watches every message one page receives: no other seat's hand or development cards, no stolen
 * card's type unless this seat was the thief or the victim, no bought card's type but its own
 * (until the game is over, when every hand is shown, CAT-16.5).
 */
export class PrivacyMonitor {
  constructor(label) { this.label = label; this.violations = []; this.counts = { stoleHidden: 0, stoleSeen: 0, devBoughtOthers: 0, messages: 0 }; }
  socket() {
    let seat = null;
    let over = false;
    return {
      receive: (payload) => {
        let m;
        try { m = JSON.parse(typeof payload === "string" ? payload : payload.toString()); } catch { return; }
        this.counts.messages++;
        if (m.type === "joined" && typeof m.seat === "number") seat = m.seat;
        if (m.type !== "snapshot" && m.type !== "patch") return;
        const c = m.catan || {};
        if (c.view) over = c.view.phase === "gameOver";
        for (const op of m.ops || []) if (op.path === "/phase") over = op.value === "gameOver";
        if (over) return;
        const bad = (what) => this.violations.push(`${this.label} (seat ${seat}) v${m.version ?? m.to}: ${what}`);
        (c.view?.players || []).forEach((p, i) => {
          if (i !== seat && (p.hand || p.devCards || p.devBoughtThisTurn)) bad(`snapshot shows seat ${i}'s cards`);
        });
        for (const op of m.ops || []) {
          const mm = /^\/players\/(\d+)\/(hand|devCards|devBoughtThisTurn|totalVp)/.exec(op.path);
          if (mm && Number(mm[1]) !== seat) bad(`patch ${op.op} ${op.path}`);
          if (op.path === "/players" || /^\/players\/\d+$/.test(op.path)) bad(`patch replaces ${op.path}`);
        }
        for (const e of c.events || []) {
          if (e.type === "stole") {
            const party = seat === e.seat || seat === e.victim;
            if (party) this.counts.stoleSeen++; else this.counts.stoleHidden++;
            if (!party && e.resource !== undefined) bad(`stolen card type ${e.resource} (thief ${e.seat}, victim ${e.victim})`);
          }
          if (e.type === "devCardBought" && e.seat !== seat) {
            this.counts.devBoughtOthers++;
            if (e.card !== undefined) bad(`seat ${e.seat} bought ${e.card}`);
          }
        }
      },
    };
  }
}

// ---- Replay (issue 27) -------------------------------------------------------------------------

/** Each replay step's events, from GET /games/<room>/replay (step i = the i-th snapshot or patch). */
async function replaySteps(page, base, room, invite) {
  const res = await page.request.get(`${base}/games/${room}/replay${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
  check(res.status() === 200, `GET /games/${room}/replay${invite ? "?invite=…" : " (no invite)"} answers ${res.status()}`);
  const body = await res.json();
  return body.messages.filter((m) => m.type === "snapshot" || m.type === "patch")
    .map((m) => (m.type === "patch" ? (m.catan ?? m.carcassonne ?? m.struggle ?? m.game ?? {}).events ?? [] : []).length);
}

/** Whether the element's centre (after scrolling it into view) is the element itself or inside it. */
async function onTop(page, selector) {
  return page.$eval(selector, (e) => {
    const b = e.getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    if (b.width === 0 || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return `off screen (${Math.round(x)},${Math.round(y)})`;
    const top = document.elementFromPoint(x, y);
    return top === e || e.contains(top) ? "ok" : `covered by ${top?.getAttribute?.("data-testid") ?? top?.getAttribute?.("class") ?? top?.tagName}`;
  });
}

const REPLAY_CONTROLS = ["first", "back", "play", "forward", "last", "slider", "speed"];

/**
 * The replay page of `room` (with a private room's `invite`) on a desktop (1280×800, mouse) and a
 * phone (390×844, touch): every control lies on top (elementFromPoint), also with the page scrolled
 * to its end; First / Back / Forward / Last / Play-Pause are clicked or tapped with real pointer
 * events (which fail when something covers them); the slider is dragged (mouse; touch events on the
 * phone); after every move the bar's step, the game's view and its log are in step: the log shows
 * the events of the newest step ≤ the shown step that has any (`[data-log-step]`).
 */
export async function checkReplay(browser, base, room, invite, label, shots) {
  const notes = [];
  for (const [size, touch] of [[{ width: 1280, height: 800 }, false], [{ width: 390, height: 844 }, true]]) {
    const where = `${label} replay ${size.width}×${size.height}`;
    const url = `${base}/#/replay/${room}${invite ? "/" + encodeURIComponent(invite) : ""}`;
    const P = await openPage(browser, url, size, label, touch ? { hasTouch: true, isMobile: true } : {});
    const page = P.page;
    const events = await replaySteps(page, base, room, invite);
    const n = events.length;
    const expectLog = (k) => { for (let j = k; j >= 1; --j) if (events[j] > 0) return j; return -1; };
    await page.waitForSelector(`${tid("replay-stage")} [data-log-step]`, { state: "attached", timeout: 15000 });
    const state = () => page.evaluate(() => ({
      bar: Number(document.querySelector('[data-testid="replay-bar"]').dataset.step),
      slider: Number(document.querySelector('[data-testid="replay-slider"]').value),
      max: Number(document.querySelector('[data-testid="replay-slider"]').max),
      label: document.querySelector('[data-testid="replay-step"]').textContent,
      log: Number(document.querySelector('[data-testid="replay-stage"] [data-log-step]').dataset.logStep),
    }));
    const inStep = async (what, want) => {
      // (the game draws the step before the bar repaints: no waiting should be needed, but the
      // play timer may move on between two reads, so read once)
      const s = await state();
      check(s.max === n - 1, `${where}: the slider has every step (${s.max} of ${n - 1})`);
      if (want !== undefined) check(s.bar === want, `${where}: ${what} shows step ${want} (bar at ${s.bar})`);
      check(s.slider === s.bar && s.label.includes(String(s.bar)), `${where}: ${what}: slider ${s.slider}, label "${s.label}", step ${s.bar}`);
      check(s.log === expectLog(s.bar), `${where}: ${what}: the log shows step ${s.log}'s events at step ${s.bar} (expected ${expectLog(s.bar)})`);
      return s.bar;
    };
    await page.waitForFunction((m) => Number(document.querySelector('[data-testid="replay-slider"]').max) === m, n - 1, { timeout: 10000 });
    notes.push(await checkAxe(page, where));
    // prefers-reduced-motion: nothing animates while the replay plays.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.selectOption(tid("replay-speed"), "4");
    await page.click(tid("replay-first"), { force: true });
    await page.click(tid("replay-play"), { force: true });
    await sleep(300);
    const moving = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);
    await page.click(tid("replay-play"), { force: true });
    await page.emulateMedia({ reducedMotion: "no-preference" });
    check(moving === 0, `${where}: with prefers-reduced-motion ${moving} animations run`);
    for (const scroll of [0, 1]) {
      if (scroll) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      for (const c of REPLAY_CONTROLS) {
        const top = await onTop(page, tid(`replay-${c}`));
        check(top === "ok", `${where}${scroll ? " (page scrolled to its end)" : ""}: ${c} is reachable: ${top}`);
      }
    }
    const press = (c) => (touch ? page.tap(tid(`replay-${c}`), { timeout: 10000 }) : page.click(tid(`replay-${c}`), { timeout: 10000 }));
    const start = await inStep("the start", undefined);
    if (start === n - 1) { await press("back"); await inStep("Back", n - 2); }
    await press("last"); await inStep("Last", n - 1);
    await press("back"); await inStep("Back", n - 2);
    await press("back"); await inStep("Back again", n - 3);
    await press("first"); await inStep("First", 0);
    await press("forward"); await inStep("Forward", 1);
    // Play at 4×, then pause: the steps advance by themselves and stop.
    await page.selectOption(tid("replay-speed"), "4");
    await press("play");
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="replay-bar"]').dataset.step) >= 4, null, { timeout: 10000 });
    await press("play");
    const paused = await inStep("Pause", undefined);
    await sleep(400);
    check((await state()).bar === paused, `${where}: paused at ${paused}`);
    // Drag the slider from its start to 60 % and then 30 % of its width.
    const box = await page.$eval(tid("replay-slider"), (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; });
    const y = box.y + box.h / 2;
    const xs = [box.x + 8, box.x + box.w * 0.6, box.x + box.w * 0.3];
    if (touch) {
      const cdp = await page.context().newCDPSession(page);
      const touchAt = (type, x) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      // (at a finger's pace: a move every 25 ms, as a touch screen reports them)
      await touchAt("touchStart", xs[0]);
      for (let k = 1; k <= 10; k++) { await sleep(25); await touchAt("touchMove", xs[0] + ((xs[1] - xs[0]) * k) / 10); }
      for (let k = 1; k <= 10; k++) { await sleep(25); await touchAt("touchMove", xs[1] + ((xs[2] - xs[1]) * k) / 10); }
      await sleep(25);
      await touchAt("touchEnd");
      await cdp.detach();
    } else {
      await page.mouse.move(xs[0], y);
      await page.mouse.down();
      await page.mouse.move(xs[1], y, { steps: 10 });
      await page.mouse.move(xs[2], y, { steps: 10 });
      await page.mouse.up();
    }
    // (the newest step of a drag is drawn on the next animation frame)
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-bar"]').dataset.step === document.querySelector('[data-testid="replay-slider"]').value, null, { timeout: 5000 });
    const dragged = await inStep("a drag of the slider", undefined);
    const want = 0.3 * (n - 1);
    check(Math.abs(dragged - want) <= Math.max(3, 0.08 * n), `${where}: the drag to 30 % of the slider shows step ${dragged} (about ${Math.round(want)})`);
    // The keyboard too: End, then Left.
    await page.evaluate(() => document.activeElement?.blur?.());
    await page.keyboard.press("End"); await inStep("End", n - 1);
    await page.keyboard.press("ArrowLeft"); await inStep("ArrowLeft", n - 2);
    await page.screenshot({ path: `${shots}/replay-${label.toLowerCase()}-${size.width}.png` });
    check(problems(P).length === 0, `${where}: console errors or failed requests: ${problems(P).join("; ")}`);
    notes.push(`${where}: ${n - 1} steps; every control on top; clicks, play/pause at 4×, ${touch ? "touch" : "mouse"} drag to ${dragged}, keys: log in step`);
    await P.context.close();
  }
  return notes;
}

// ---- Layout shift (issue 27) -------------------------------------------------------------------

/**
 * Starts adding up the page's layout shift: every `layout-shift` entry without recent input (the
 * Layout Instability API, as cumulative layout shift counts it), from now on (`reset`) and across
 * reloads of the page. `layoutShift(page)` reads the sum and the largest shifts' elements.
 */
export async function watchLayoutShift(page) {
  const install = () => {
    if (window.__cls) return;
    window.__cls = { value: 0, shifts: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.hadRecentInput) continue;
        window.__cls.value += e.value;
        const who = (e.sources ?? []).map((s) => {
          const n = s.node;
          const el = n && (n.nodeType === 1 ? n : n.parentElement);
          const r = (x) => `${Math.round(x.y)}+${Math.round(x.height)}`;
          const moved = s.previousRect && s.currentRect ? ` ${r(s.previousRect)}→${r(s.currentRect)}` : "";
          return (el ? (el.getAttribute("data-testid") ?? `${el.tagName.toLowerCase()}.${String(el.className?.baseVal ?? el.className ?? "").split(" ")[0]}`) : "?") + moved;
        });
        window.__cls.shifts.push({ value: e.value, t: Math.round(e.startTime), who: who.join(",") });
      }
    }).observe({ type: "layout-shift", buffered: false });
  };
  await page.addInitScript(install);
  await page.evaluate(install);
  await page.evaluate(() => { window.__cls.value = 0; window.__cls.shifts = []; });
}

/** The layout shift added up since `watchLayoutShift` (or the last reset): { value, worst: "…" }. */
export async function layoutShift(page, reset = false) {
  return page.evaluate((reset) => {
    const c = window.__cls ?? { value: 0, shifts: [] };
    const worst = c.shifts.slice().sort((a, b) => b.value - a.value).slice(0, 5)
      .map((s) => `${s.value.toFixed(4)} at ${s.t} ms (${s.who})`).join("; ");
    const out = { value: c.value, count: c.shifts.length, worst };
    if (reset) { c.value = 0; c.shifts = []; }
    return out;
  }, reset);
}

/** Asserts the layout shift since the last reset stays under `limit` (CLS < 0.01, issue 27) and resets it. */
export async function checkLayoutShift(page, where, limit = 0.01) {
  const s = await layoutShift(page, true);
  check(s.value < limit, `${where}: cumulative layout shift ${s.value.toFixed(4)} ≥ ${limit} (${s.count} shifts; largest: ${s.worst})`);
  return `${where}: layout shift ${s.value.toFixed(4)} (${s.count} shifts${s.count ? `; largest: ${s.worst}` : ""})`;
}

/**
 * Touch targets: every visible, enabled control inside `scope` (buttons, links, inputs, selects,
 * `[role=button]`, and SVG elements marked `data-target`) is at least `min` CSS px both ways.
 * Returns the offenders as "testid w×h".
 */
export function smallTargets(page, scope, min = 44) {
  return page.evaluate(([scope, min]) => {
    const out = [];
    for (const e of document.querySelectorAll(`${scope} :is(button:not(:disabled), a[href], input:not([type=hidden]):not(:disabled), select:not(:disabled), [role=button], [data-target])`)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
      if (getComputedStyle(e).visibility === "hidden") continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) out.push(`${e.getAttribute("data-testid") ?? e.textContent?.trim().slice(0, 12)} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
    }
    return out;
  }, [scope, min]);
}

/** Each of `selectors` lies wholly inside the window and nothing covers its centre (issue 27). */
export async function checkReachable(page, selectors, where) {
  for (const sel of selectors) {
    // Looked up and measured in one evaluation: a page that draws the element again meanwhile (a
    // game's end screen on each room push) would otherwise be measured detached, as 0×0.
    const r = await page.evaluate((sel) => {
      const e = document.querySelector(sel);
      if (!e) return { inside: false, box: "not on the page", onTop: false, top: null };
      const b = e.getBoundingClientRect();
      const inside = b.width > 0 && b.left >= 0 && b.top >= 0 && b.right <= innerWidth + 0.5 && b.bottom <= innerHeight + 0.5;
      const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return { inside, box: `${Math.round(b.left)},${Math.round(b.top)} ${Math.round(b.width)}×${Math.round(b.height)} in ${innerWidth}×${innerHeight}`,
        onTop: top === e || e.contains(top), top: top?.getAttribute?.("data-testid") ?? top?.tagName };
    }, sel);
    check(r.inside, `${where}: ${sel} is cut off (${r.box})`);
    check(r.onTop, `${where}: ${sel} is covered by ${r.top}`);
  }
}

// ---- Accessibility (issue 27) ------------------------------------------------------------------

let axeSource = null;

/**
 * Runs axe-core (npm, tests/browser/package.json) in the page and asserts no serious or critical
 * violation. The library's source is evaluated in the page (not a script tag: the server's CSP
 * allows no inline script). Returns a line for the notes.
 */
export async function checkAxe(page, where) {
  if (!axeSource) {
    const { readFileSync } = await import("node:fs");
    const { createRequire } = await import("node:module");
    axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  }
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}${n.any?.[0]?.message ? ` — ${n.any[0].message}` : ""}`).join(" | ")})`);
  });
  check(found.length === 0, `${where}: axe-core finds ${found.length} serious or critical violations: ${found.join("; ")}`);
  return `${where}: axe-core, 0 serious or critical violations`;
}

/**
 * Touch targets at every zoom a board reaches (issue 27), at each of `viewports` in turn (the page's
 * own size when none is given; it is put back at the end): from the fitted view the zoom-out button
 * is pressed until the zoom stops changing, then from the fitted view again the zoom-in button; at
 * each zoom every element matching `targets` (the legal spots) is measured, whether or not it is in
 * view (its size is the same), and must be at least `min` CSS px both ways. With `board` given, each
 * must also lie wholly inside it in the fitted view, where a finger can reach it. `zoom` is
 * [selector, attribute] holding the zoom. Ends at the fitted view. Fails when no target is found.
 * Resizing and zooming are no shift under a player: run it before `watchLayoutShift`.
 */
export async function checkTargetsAtEveryZoom(page, where, { targets, board, zoomIn, zoomOut, fit, zoom, viewports = [null], min = 44 }) {
  const original = page.viewportSize();
  const lines = [];
  for (const vp of viewports) {
    if (vp) {
      await page.setViewportSize(vp);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    const size = vp ? `${vp.width}×${vp.height}` : `${original.width}×${original.height}`;
    // The buttons are pressed as a player would (clicks: what follows a click is no layout shift).
    const zoomNow = () => page.getAttribute(zoom[0], zoom[1]);
    const press = async (sel) => {
      const b = await page.$(sel);
      if (!b || await b.isDisabled()) return false;
      const before = await zoomNow();
      await b.click();
      return (await zoomNow()) !== before;
    };
    const measure = async (fitted) => {
      const m = await page.evaluate(({ targets, board, min, fitted }) => {
        const area = board ? document.querySelector(board).getBoundingClientRect() : null;
        const boxes = [...document.querySelectorAll(targets)].map((e) => {
          const b = e.getBoundingClientRect();
          return { id: e.getAttribute("data-testid"), w: b.width, h: b.height,
            inside: !area || b.left >= area.left - 0.5 && b.right <= area.right + 0.5 && b.top >= area.top - 0.5 && b.bottom <= area.bottom + 0.5 };
        });
        return { count: boxes.length, least: boxes.reduce((m, b) => Math.min(m, b.w, b.h), Infinity),
          small: boxes.filter((b) => b.w < min - 0.5 || b.h < min - 0.5).slice(0, 4).map((b) => `${b.id} ${b.w.toFixed(1)}×${b.h.toFixed(1)}`),
          outside: fitted ? boxes.filter((b) => !b.inside).slice(0, 4).map((b) => b.id) : [] };
      }, { targets, board, min, fitted });
      levels.push({ zoom: await zoomNow(), ...m });
    };
    const levels = [];
    for (const dir of [zoomOut, zoomIn]) {
      await press(fit);
      await measure(true);
      for (let i = 0; i < 40 && await press(dir); i++) await measure(false);
    }
    await press(fit);
    const zooms = [...new Set(levels.map((l) => l.zoom))];
    check(levels.every((l) => l.count > 0), `${where}, ${size}: legal targets at every zoom (${levels.map((l) => `${l.zoom}: ${l.count}`).join(", ")})`);
    check(zooms.length >= 2, `${where}, ${size}: the zoom buttons change the zoom (${zooms.join(", ")})`);
    for (const l of levels) {
      check(l.small.length === 0, `${where}, ${size}, zoom ${l.zoom}: targets under ${min} CSS px: ${l.small.join(", ")}`);
      check(l.outside.length === 0, `${where}, ${size}, fitted view: targets outside the board: ${l.outside.join(", ")}`);
    }
    const least = Math.min(...levels.map((l) => l.least));
    lines.push(`${size}: ${levels[0].count} targets, smallest ${least.toFixed(1)} px over zooms ${zooms.join(" / ")}`);
  }
  if (viewports.some(Boolean)) {
    await page.setViewportSize(original);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  return `${where}: ${lines.join("; ")}`;
}
