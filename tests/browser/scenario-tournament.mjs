// A small tournament run from the browser (issue 17): the organiser creates a one-round
// Carcassonne event on #/tournaments/new, adds three house bots and a referee in the console; Ann
// registers through the registration link; the organiser closes registration, seats the round
// (the seating shows every entrant once with seat letters) and starts it; Ann checks in on her
// page and Play takes her into her reserved seat; the referee records a ruling at her table (and
// sees the table refuse a pause: no clock runs in an untimed event); Ann plays her game to the
// end; the console shows the table finished and the standings final, the public standings page
// says "Final" and ranks all four, Ann's page shows her result. Then a timed Catan event (issue 27):
// Bea's page shows her personal link and check-in deadline, her table names the round's shared
// board seed, and when the referee pauses her table her page says "Paused by the referee" and her
// clock stands still (watched over a span, not slept through) until the resume, when it counts on.
// Screenshots go to build/screenshots and, for docs/tournaments.md, to docs/images/tournament-*.png
// (HEXHALL_DOC_SHOTS=1 node tests/browser/run.mjs tournament).
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { check, checkAxe, checkNoHorizontalScroll, checkReplay, frame, openPage, problems, sleep, tid, waitFrame } from "./lib.mjs";
import { decide } from "../../games/carcassonne/tests/browser/scenario.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const BUDGET_MS = 240000;
const docImages = resolve(dirname(fileURLToPath(import.meta.url)), "../../docs/images");

/** A screenshot at 1280 px wide; `tall` makes the window taller first (a whole console without the
 *  sticky header painted mid-page, as a full-page capture would). */
async function shot(page, shots, name, tall = 0) {
  const size = page.viewportSize();
  if (tall) await page.setViewportSize({ width: size.width, height: tall });
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(150);
  await page.screenshot({ path: join(shots, `${name}.png`) });
  if (process.env.HEXHALL_DOC_SHOTS === "1") await page.screenshot({ path: join(docImages, `${name}.png`) });
  if (tall) await page.setViewportSize(size);
}

const entrantRows = (page) => page.$$eval('[data-testid^="entrant-e"]', (rows) => rows.length);

export async function tournament({ browser, base, shots }) {
  const notes = [];
  // ---- the organiser creates the event
  const O = await openPage(browser, base + "/#/tournaments/new", DESKTOP, "Organiser");
  await O.page.waitForSelector(tid("t-new-form"));
  await O.page.fill(tid("t-name"), "Spring open");
  await O.page.selectOption(tid("t-game"), "carcassonne");
  await O.page.fill(tid("t-rounds"), "1");
  await O.page.selectOption(tid("t-clock"), "untimed");
  await shot(O.page, shots, "tournament-new");
  notes.push(await checkAxe(O.page, "tournament: new-tournament form"));  // issue 27: axe-core on the tournament pages
  await O.page.click(tid("t-create"));
  await O.page.waitForURL(/#\/t\/[^/]+\/org\/[0-9a-f]+$/, { timeout: 10000 });
  const id = O.page.url().split("/t/")[1].split("/")[0];
  const regLink = await O.page.inputValue(tid("registration-link"), { timeout: 10000 });
  check(regLink.includes(`#/t/${id}/join/`), `the console shows the registration link (${regLink})`);

  // three house bots and a referee
  for (let n = 1; n <= 3; n++) {
    await O.page.click(tid("add-bot"));
    await O.page.waitForFunction((k) => document.querySelectorAll('[data-testid^="entrant-e"]').length === k, n, { timeout: 10000 });
  }
  await O.page.fill(tid("referee-name"), "Rita");
  await O.page.click(tid("add-referee"));
  await O.page.waitForSelector(tid("handed-0"), { timeout: 10000 });
  const refLink = await O.page.inputValue(tid("handed-0"));
  check(refLink.includes(`#/t/${id}/ref/`), `the console hands out the referee's link (${refLink})`);

  // ---- Ann registers through the link
  const A = await openPage(browser, regLink, DESKTOP, "Ann");
  await A.page.waitForSelector(tid("t-reg-name"), { timeout: 10000 });
  await A.page.fill(tid("t-reg-name"), "Ann");
  await A.page.click(tid("t-reg-submit"));
  await A.page.waitForURL(/#\/t\/[^/]+\/me\/[0-9a-f]+$/, { timeout: 10000 });
  const meLink = A.page.url();
  await A.page.waitForSelector(tid("me-no-round"), { timeout: 10000 });
  check((await A.page.textContent(tid("me-name"))).includes("Ann"), "Ann's page names her");

  // ---- the organiser sees her, closes registration, seats and starts the round
  await O.page.waitForFunction(() => document.querySelectorAll('[data-testid^="entrant-e"]').length === 4, null, { timeout: 10000 });
  await O.page.click(tid("close-registration"));
  await O.page.waitForSelector(tid("registration-closed"), { timeout: 10000 });
  await O.page.click(tid("seat-round"));
  await O.page.waitForSelector(tid("table-1-1"), { timeout: 10000 });
  const seating = await O.page.$$eval(`${tid("table-1-1")} .t-seats li`, (lis) => lis.map((li) => li.textContent));
  check(seating.length === 4 && seating.some((s) => s.includes("Ann")), `table 1 seats all four: ${seating.join(" | ")}`);
  check(["A", "B", "C", "D"].every((l, i) => seating[i].startsWith(l)), "seat letters A–D in order");
  notes.push(`seating: ${seating.join(" | ")}`);
  await shot(O.page, shots, "tournament-seating", 1000);
  await O.page.click(tid("start-round-1"));
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="waiting"]`, { timeout: 10000 });

  // ---- Ann checks in and plays her reserved seat
  await A.page.waitForSelector(tid("me-checkin-1"), { timeout: 10000 });
  const seatLine = await A.page.textContent(tid("me-seat-1"));
  check(/1/.test(seatLine) && /[A-D]/.test(seatLine), `Ann's page says her table and seat ("${seatLine}")`);
  const hash = (u) => u.split("#")[1];
  check(hash(await A.page.inputValue(tid("me-link"))) === hash(meLink), "Ann's page shows her personal link to copy");
  const deadline = await A.page.textContent(tid("me-checkin-by-1"));
  check(/\d{1,2}:\d{2}/.test(deadline), `Ann's page says until when to check in ("${deadline}")`);
  await A.page.click(tid("me-checkin-1"));
  await A.page.waitForSelector(tid("me-play-1"), { timeout: 10000 });
  await shot(A.page, shots, "tournament-entrant");
  const letter = seatLine.trim().slice(-1);
  await A.page.click(tid("me-play-1"));
  await A.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  const f0 = await waitFrame(A.page, (f) => f.view?.game === "carcassonne" && f.seat >= 0, "Ann's seat at her tournament table", 20000);
  check(f0.seat === "ABCD".indexOf(letter), `Ann sits in the seat her page named (${letter} = game seat ${f0.seat})`);
  // A Carcassonne table has no shared board: it says it is the tournament's table (and links its standings).
  check(/#\/t\/[^/]+\/standings$/.test(await A.page.getAttribute(tid("room-tournament"), "href", { timeout: 10000 }) ?? ""),
    "Ann's table says it is a tournament table, linking the standings");
  const seatName = await A.page.evaluate((s) => window.hexhall.room.state().seats[s]?.name, f0.seat);
  check(seatName === "Ann", `her seat carries her name ("${seatName}")`);
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="running"]`, { timeout: 15000 });

  // ---- the referee at Ann's table
  const R = await openPage(browser, refLink, DESKTOP, "Rita");
  await R.page.waitForSelector(tid("ref-form"), { timeout: 10000 });
  check(await R.page.$(tid("watch-1-1")) !== null, "the referee has a link to watch table 1");
  // Watching a table opens it in a new tab: the referee page stays where it is (issue 27).
  check(await R.page.getAttribute(tid("watch-1-1"), "target") === "_blank" && /noopener/.test(await R.page.getAttribute(tid("watch-1-1"), "rel") ?? ""),
    "the watch link opens a new tab (target=_blank, rel=noopener)");
  const [watchTab] = await Promise.all([R.context.waitForEvent("page", { timeout: 10000 }), R.page.click(tid("watch-1-1"))]);
  await watchTab.waitForURL(/#\/(join|room)\//, { timeout: 10000 });
  check(R.page.url() === refLink, `the referee page stays open (${R.page.url()})`);
  await watchTab.close();
  await R.page.selectOption(tid("ref-kind"), "pause");
  await R.page.click(tid("ref-submit"));
  await R.page.waitForSelector(tid("ref-error"), { timeout: 10000 });
  const refusal = await R.page.textContent(tid("ref-error"));
  check(/clock/i.test(refusal), `an untimed table refuses a pause, with the server's reason ("${refusal}")`);
  await R.page.selectOption(tid("ref-kind"), "ruling");
  await R.page.fill(tid("ref-note"), "Table 1 started 5 minutes late: agreed by all players");
  await R.page.click(tid("ref-submit"));
  await R.page.waitForSelector(tid("ref-ok"), { timeout: 10000 });
  check((await R.page.textContent(tid("ref-ok"))).includes("1"), "the ruling is recorded at table 1");
  await R.page.waitForSelector(tid("ref-log"), { timeout: 10000 });
  check((await R.page.textContent(tid("ref-log"))).includes("Rita"), "the referee log names the referee");
  await shot(R.page, shots, "tournament-referee", 1100);
  notes.push(await checkAxe(R.page, "tournament: referee page"));  // issue 27: axe-core on the tournament pages
  // the ruling reaches the table as a chat line from the referee
  await A.page.waitForFunction(() => /started 5 minutes late/.test(document.body.textContent ?? ""), null, { timeout: 10000 });

  // ---- Ann plays her game to the end
  let seed = 777;
  const rng = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const t0 = Date.now();
  let lastVersion = -1, decisions = 0;
  for (;;) {
    if (Date.now() - t0 > BUDGET_MS) throw new Error(`the game did not end in ${BUDGET_MS / 1000} s`);
    const f = await frame(A.page);
    if (f.view.phase === "over") break;
    if (!(Array.isArray(f.legal) && f.legal.length > 0 && f.version !== lastVersion)) { await sleep(40); continue; }
    lastVersion = f.version;
    if (await decide(A.page, f, rng)) decisions++;
    await waitFrame(A.page, (g) => g.version > f.version, "the game after Ann's move", 15000);
  }
  notes.push(`Ann's game over after ${decisions} decisions in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // ---- results: the console, the public standings, Ann's page
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="finished"]`, { timeout: 15000 });
  await O.page.waitForSelector(tid("console-final"), { timeout: 15000 });
  check(await O.page.$(tid("seat-round")) === null, "no further round to seat after the last one");
  await checkInsideCards(O.page, '[data-testid^="entrant-e"] button', "the entrants' buttons at 1280 px");
  await shot(O.page, shots, "tournament-console", 1500);
  notes.push(await checkAxe(O.page, "tournament: organiser console, final"));  // issue 27: axe-core on the tournament pages
  // The finished table's replay link carries the table's invite (a tournament table is members
  // only) and the replay works by mouse and by touch (issue 27).
  const replayHref = await O.page.getAttribute(tid("replay-1-1"), "href");
  const rm = /#\/replay\/([0-9a-f]+)\/([^/]+)$/.exec(replayHref ?? "");
  check(rm, `the finished table's replay link carries its invite ("${replayHref}")`);
  notes.push(...await checkReplay(browser, base, rm[1], decodeURIComponent(rm[2]), "Tournament", shots));
  // …and so do the referee's link and Ann's own at her finished table.
  await R.page.reload();
  await R.page.waitForSelector(tid("replay-1-1"), { timeout: 10000 });
  check(await R.page.getAttribute(tid("replay-1-1"), "href") === replayHref, "the referee's replay link carries the invite too");
  await A.page.waitForSelector(tid("open-replay"), { state: "attached", timeout: 10000 });
  const annHref = await A.page.getAttribute(tid("open-replay"), "href");
  check(annHref === replayHref, `Ann's replay link at her table carries the invite ("${annHref}")`);
  const S = await openPage(browser, `${base}/#/t/${id}/standings`, DESKTOP, "Public");
  await S.page.waitForSelector(tid("standings-final"), { timeout: 10000 });
  const rows = await S.page.$$eval(tid("t-standings-row"), (trs) => trs.map((tr) => [...tr.children].map((c) => c.innerText)));
  const pops = await S.page.$$eval(tid("t-pop"), (tds) => tds.map((td) => [td.innerText, td.title]));
  check(pops.length === 4 && pops.every(([shown, exact]) => /^(0|1|0\.\d{3})$/.test(shown) && /^\d+(\/\d+)?$/.test(exact)
    && Math.abs(Number(shown) - eval(exact)) <= 0.0005 + 1e-9), `PoP shown as a decimal, the exact fraction on hover: ${pops.map((p) => p.join(" = ")).join(", ")}`);
  check(rows.length === 4, `four entrants ranked (${rows.length})`);
  check(rows[0][0] === "1" && rows[0][3] === "1", `the winner ranks first with 1 match point (${rows[0].join(" ")})`);
  check(rows.some((r) => r[1] === "Ann"), "Ann is ranked");
  notes.push(`standings: ${rows.map((r) => `${r[0]}. ${r[1]} ${r[3]} MP ${r[4]} GP PoP ${r[5]}`).join("; ")}`);
  await shot(S.page, shots, "tournament-standings");
  notes.push(await checkAxe(S.page, "tournament: public standings"));  // issue 27: axe-core on the tournament pages
  await A.page.goto(meLink);
  await A.page.waitForSelector(tid("me-result-1"), { timeout: 10000 });
  notes.push(`Ann's page: ${await A.page.textContent(tid("me-result-1"))}`);
  notes.push(await checkAxe(A.page, "tournament: entrant page"));  // issue 27: axe-core on the tournament pages

  // ---- phone: the entrant's page and the console have no horizontal scrolling
  await A.page.setViewportSize(PHONE);
  await sleep(100);
  await checkNoHorizontalScroll(A.page, "entrant page at 390 px");
  await O.page.setViewportSize(PHONE);
  await sleep(100);
  await checkNoHorizontalScroll(O.page, "console at 390 px");
  await checkInsideCards(O.page, '[data-testid^="entrant-e"] button', "the entrants' buttons at 390 px");
  await shot(O.page, shots, "tournament-console-phone");
  notes.push(await checkAxe(O.page, "tournament: organiser console, phone"));  // issue 27: axe-core on the tournament pages

  // the refused pause is the one expected failed request (409 from the desk)
  const unexpected = (p) => problems(p).filter((m) => !(p === R && /^409 \/tournaments\/[^/]+\/referee$/.test(m)));
  for (const p of [O, A, R, S]) check(unexpected(p).length === 0, `${p.label}: no console errors: ${unexpected(p).join("; ")}`);
  for (const p of [O, A, R, S]) await p.context.close();
  notes.push(...await pausedTable(browser, base, shots));
  return notes;
}

/** Every element matching `selector` lies within its card's box (nothing spills past the card). */
async function checkInsideCards(page, selector, where) {
  const spills = await page.$$eval(selector, (els) => els.flatMap((el) => {
    const card = el.closest(".card");
    if (!card) return [];
    const a = el.getBoundingClientRect(), b = card.getBoundingClientRect();
    return a.left < b.left - 0.5 || a.right > b.right + 0.5 ? [`${el.textContent} (${Math.round(a.left)}–${Math.round(a.right)} in ${Math.round(b.left)}–${Math.round(b.right)})`] : [];
  }));
  check(spills.length === 0, `${where}: inside their card: ${spills.join("; ")}`);
}

/** The data-seconds the page's clock shows, sampled in the page every 100 ms over `spanMs` (waited
 *  for in the page, as a condition on its own time): every distinct value seen. */
function clockValuesOver(page, spanMs) {
  return page.evaluate((span) => new Promise((done) => {
    const seen = new Set(); const t0 = performance.now();
    const tick = () => {
      seen.add(document.querySelector('[data-testid="clock"]')?.getAttribute("data-seconds") ?? "none");
      if (performance.now() - t0 >= span) done([...seen]); else setTimeout(tick, 100);
    };
    tick();
  }), spanMs);
}

/** A timed Catan event: Bea's table paused and resumed by the referee (issue 27). */
async function pausedTable(browser, base, shots) {
  const notes = [];
  const O = await openPage(browser, base + "/#/tournaments/new", DESKTOP, "Organiser 2");
  await O.page.waitForSelector(tid("t-new-form"));
  check(await O.page.$(tid("t-swiss-from")) === null, "the Swiss field is hidden while seating is spread");
  await O.page.selectOption(tid("t-pairing"), "swiss");
  await O.page.waitForSelector(tid("t-swiss-from"), { timeout: 5000 });
  await O.page.selectOption(tid("t-pairing"), "spread");
  await O.page.fill(tid("t-name"), "Timed night");
  await O.page.selectOption(tid("t-game"), "catan/base");
  await O.page.fill(tid("t-rounds"), "1");
  await O.page.fill(tid("t-table"), "3");
  await O.page.selectOption(tid("t-clock"), "casual");
  await O.page.click(tid("t-create"));
  await O.page.waitForURL(/#\/t\/[^/]+\/org\/[0-9a-f]+$/, { timeout: 10000 });
  check((await O.page.inputValue(tid("organiser-link"), { timeout: 10000 })).split("#")[1] === O.page.url().split("#")[1], "the console shows the organiser's own link, unfolded");
  const regLink = await O.page.inputValue(tid("registration-link"), { timeout: 10000 });
  for (let n = 1; n <= 2; n++) {
    await O.page.click(tid("add-bot"));
    await O.page.waitForFunction((k) => document.querySelectorAll('[data-testid^="entrant-e"]').length === k, n, { timeout: 10000 });
  }
  await O.page.fill(tid("referee-name"), "Rex");
  await O.page.click(tid("add-referee"));
  await O.page.waitForSelector(tid("handed-0"), { timeout: 10000 });
  const refLink = await O.page.inputValue(tid("handed-0"));

  const B = await openPage(browser, regLink, DESKTOP, "Bea");
  await B.page.waitForSelector(tid("t-reg-name"), { timeout: 10000 });
  await B.page.fill(tid("t-reg-name"), "Bea");
  await B.page.click(tid("t-reg-submit"));
  await B.page.waitForURL(/#\/t\/[^/]+\/me\/[0-9a-f]+$/, { timeout: 10000 });
  await O.page.waitForFunction(() => document.querySelectorAll('[data-testid^="entrant-e"]').length === 3, null, { timeout: 10000 });
  await O.page.click(tid("close-registration"));
  await O.page.waitForSelector(tid("registration-closed"), { timeout: 10000 });
  await O.page.click(tid("seat-round"));
  await O.page.waitForSelector(tid("table-1-1"), { timeout: 10000 });
  await O.page.click(tid("start-round-1"));
  await B.page.waitForSelector(tid("me-checkin-1"), { timeout: 10000 });
  await B.page.click(tid("me-checkin-1"));
  await B.page.waitForSelector(tid("me-play-1"), { timeout: 10000 });
  await B.page.click(tid("me-play-1"));
  await B.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  const f0 = await waitFrame(B.page, (f) => f.seat >= 0 && f.view?.phase, "Bea's seat at her timed table", 20000);
  // The table says what its seed is: the round's shared board, not a bare "fixed seed".
  const seedBadge = await B.page.textContent(tid("room-board-seed"), { timeout: 10000 });
  check(/Same board on every table of this round: seed \d+/.test(seedBadge), `the table names the round's board seed ("${seedBadge}")`);

  // Her clock runs while it is her turn: it counts down (so the check below can fail).
  await waitFrame(B.page, (f) => f.view.active === f0.seat, "Bea's turn", 30000);
  await B.page.waitForSelector('[data-testid="clock"][data-seconds]', { timeout: 10000 });
  const running = await clockValuesOver(B.page, 2300);
  check(running.length >= 2, `a running clock counts down (${running.join(", ")})`);

  // The referee pauses her table.
  const R = await openPage(browser, refLink, DESKTOP, "Rex");
  await R.page.waitForSelector(tid("ref-form"), { timeout: 10000 });
  await R.page.selectOption(tid("ref-kind"), "pause");
  await R.page.click(tid("ref-submit"));
  await R.page.waitForSelector(tid("ref-ok"), { timeout: 10000 });
  await B.page.waitForSelector(`${tid("paused-notice")}:not([hidden])`, { timeout: 10000 });
  check(/Paused by the referee/.test(await B.page.textContent(tid("paused-notice"))), "Bea's page says the table is paused by the referee");
  await B.page.waitForFunction(() => window.hexhall.room.game.frameNow?.clock?.paused === true, null, { timeout: 10000 });
  const frozen = await clockValuesOver(B.page, 3000);
  check(frozen.length === 1 && frozen[0] !== "none", `the paused clock stands still (${frozen.join(", ")})`);
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="paused"]`, { timeout: 10000 });
  await shot(B.page, shots, "tournament-paused");
  await B.page.setViewportSize(PHONE);
  const box = await B.page.locator(tid("paused-notice")).boundingBox();
  check(box && box.x >= 0 && box.x + box.width <= PHONE.width, `the notice fits a phone's width (${JSON.stringify(box)})`);
  await B.page.screenshot({ path: join(shots, "tournament-paused-phone.png") });
  await B.page.setViewportSize(DESKTOP);

  // Resumed: the notice goes and the clock counts on from where it stood (no jump back up).
  await R.page.selectOption(tid("ref-kind"), "resume");
  await R.page.click(tid("ref-submit"));
  await B.page.waitForSelector(`${tid("paused-notice")}[hidden]`, { state: "attached", timeout: 10000 });
  await B.page.waitForFunction(() => window.hexhall.room.game.frameNow?.clock && !window.hexhall.room.game.frameNow.clock.paused, null, { timeout: 10000 });
  const resumed = await clockValuesOver(B.page, 2300);
  const held = Number(frozen[0]);
  check(resumed.length >= 2 && resumed.every((v) => Number(v) <= held + 1), `after the resume the clock counts on from ${held} s (${resumed.join(", ")})`);
  notes.push(`paused table: running ${running.join(",")} · paused ${frozen.join(",")} · resumed ${resumed.join(",")}`);
  for (const p of [O, B, R]) check(problems(p).length === 0, `${p.label}: no console errors: ${problems(p).join("; ")}`);
  for (const p of [O, B, R]) await p.context.close();
  return notes;
}
