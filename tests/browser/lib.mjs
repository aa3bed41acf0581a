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
