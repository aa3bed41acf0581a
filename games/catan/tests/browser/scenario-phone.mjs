// At 390×844 portrait: the lobby and the room fit without horizontal scrolling; a player creates a
// room (3 victory points, fixed seed, the relaxed 3-minute clock, empty seats filled with bots at the
// start), adds a bot, sees her turn clock count down, plays the setup placements and a turn by
// clicking, then plays on until the game ends: the victory screen is captured.
import { join } from "node:path";
import { check, checkAxe, checkLayoutShift, watchLayoutShift, checkReachable, checkReplay, clickAndWait, problems, checkNoHorizontalScroll, enterName, openPage, sleep, tid, waitFrame, frame } from "../../../../tests/browser/lib.mjs";
import { step } from "../../../../tests/browser/driver.mjs";
import { handReport, watchHand } from "./paced-hand.mjs";
import { checkHarboursClear } from "./overlays.mjs";

const PHONE = { width: 390, height: 844 };
const BUDGET_MS = 60000;

export async function phone({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", PHONE, "Mia", { hasTouch: true });
  await enterName(P.page, "Mia");
  await P.page.waitForSelector(tid("room-list"));
  await checkNoHorizontalScroll(P.page, "phone lobby");
  notes.push(await checkAxe(P.page, "lobby, phone"));
  await P.page.screenshot({ path: join(shots, "phone-lobby.png"), fullPage: true });

  // Keyboard focus is visible: tab to a few controls, each shows an outline.
  for (let i = 0; i < 4; i++) {
    await P.page.keyboard.press("Tab");
    const [tag, outline] = await P.page.evaluate(() => {
      const el = document.activeElement;
      const cs = getComputedStyle(el);
      return [el.tagName, cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2 ? "yes" : cs.boxShadow !== "none" ? "yes" : "no"];
    });
    check(outline === "yes", `focused ${tag} shows a focus ring`);
  }

  // Language switch: remembered across a reload.
  await P.page.selectOption(tid("lang-select"), "zh-Hant");
  await P.page.waitForSelector(`${tid("create-submit")} >> text=建立牌桌`);
  await P.page.reload();
  await P.page.waitForSelector(`${tid("create-submit")} >> text=建立牌桌`);
  await checkNoHorizontalScroll(P.page, "phone lobby in Traditional Chinese");
  await P.page.selectOption(tid("lang-select"), "en");

  await P.page.fill(tid("opt-vp"), "3");
  await P.page.selectOption(tid("opt-botFill"), "heuristic");
  await P.page.selectOption(tid("opt-clock"), "relaxed");
  await P.page.click(".advanced summary");
  await P.page.fill(tid("opt-seed"), "7");
  await P.page.click(tid("create-submit"));
  await P.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await P.page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  // One bot by hand; the room's bot fill takes the other two seats at the start.
  await P.page.click(tid("add-bot-1"));
  await P.page.waitForSelector(`${tid("seat-1")}[data-kind="bot"]`, { timeout: 10000 });
  await checkNoHorizontalScroll(P.page, "phone room");
  await P.page.click(tid("start-game"));
  await waitFrame(P.page, (f) => f.seat === 0, "the phone game");
  await P.page.waitForSelector(`${tid("seat-3")}[data-kind="bot"]`, { timeout: 5000, state: "attached" });  // (in the folded room drawer)

  // Her first placement: the clock shows her 3 minutes (CAT-17.1) counting down while she thinks.
  await waitFrame(P.page, (f) => f.seat === 0 && (f.legal.actions?.length ?? 0) > 0, "Mia's first placement");
  const seconds = async () => Number(await P.page.getAttribute(tid("clock"), "data-seconds"));
  await P.page.waitForSelector(`${tid("clock")}[data-seconds]`, { timeout: 5000 });
  const s1 = await seconds();
  await sleep(1300);
  const s2 = await seconds();
  check(s1 > 170 && s1 <= 180, `the turn clock starts near 3:00 (${s1} s)`);
  check(s2 < s1 && s2 >= s1 - 3, `the turn clock counts down (${s1} s, then ${s2} s)`);
  check(/Mia|You|you/.test(await P.page.textContent(tid("clock"))), "the clock names whose time it is");

  // The public room is listed, live, in another visitor's lobby.
  const roomId = P.page.url().split("/").pop();
  const V = await openPage(browser, base + "/", { width: 1280, height: 800 }, "Visitor");
  await enterName(V.page, "Vic");
  await V.page.waitForSelector(tid(`room-${roomId}`), { timeout: 8000 });
  await V.page.screenshot({ path: join(shots, "lobby-with-tables.png") });
  await V.context.close();

  // Touch (issue 18): the room panel is a folded drawer; every legal intersection's hit area is at
  // least 44×44 CSS px; a tap only selects (the nearest legal spot), a second tap on the confirm bar
  // places; the action bar stays at the bottom of the window, 44 px tall, while the page scrolls.
  await P.page.waitForSelector(tid("room-panel"), { state: "hidden", timeout: 5000 });
  const placing = await waitFrame(P.page, (f) => (f.legal.actions ?? []).some((a) => a.type === "placeSetupSettlement"), "Mia's first settlement");
  await P.page.waitForSelector('[data-testid^="intersection-"].legal', { timeout: 5000 });
  // (clipped to the board: what lies outside it cannot be tapped)
  const spots = await P.page.$$eval('[data-testid^="intersection-"].legal', (els) => els.map((e) => {
    const b = e.getBoundingClientRect(), c = e.ownerSVGElement.getBoundingClientRect();
    const w = Math.min(b.right, c.right) - Math.max(b.left, c.left), h = Math.min(b.bottom, c.bottom) - Math.max(b.top, c.top);
    return { id: e.getAttribute("data-testid"), w, h, x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }));
  const legalCount = placing.legal.actions.filter((a) => a.type === "placeSetupSettlement").length;
  check(spots.length === legalCount, `every legal intersection is shown (${spots.length} of ${legalCount})`);
  const smallest = spots.reduce((m, s) => Math.min(m, s.w, s.h), Infinity);
  check(smallest >= 44, `intersection hit areas are at least 44×44 CSS px (smallest ${smallest.toFixed(1)})`);
  const roads = await P.page.$$eval('[data-testid^="edge-"] .hit', (els) => els.map((e) => {
    const svg = e.ownerSVGElement, k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return 2 * e.r.baseVal.value * k;  // a road's area, across, in CSS px
  }));
  check(Math.min(...roads) >= 44, `road hit areas are at least 44 CSS px across (${Math.min(...roads).toFixed(1)})`);
  notes.push(`phone: ${spots.length} intersection hit areas ≥ ${smallest.toFixed(1)} px, roads ${Math.min(...roads).toFixed(1)} px across`);
  // Accessibility (issue 27): axe-core on the table; prefers-reduced-motion stops every animation
  // (the legal spots pulse otherwise).
  notes.push(await checkAxe(P.page, "Catan table, phone"));
  const running = () => P.page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);
  check(await running() > 0, "the legal spots pulse (animations run)");
  await P.page.emulateMedia({ reducedMotion: "reduce" });
  check(await running() === 0, `with prefers-reduced-motion no animation runs (${await running()})`);
  await P.page.emulateMedia({ reducedMotion: "no-preference" });
  const target = spots[0];
  await P.page.touchscreen.tap(target.x + 6, target.y + 4);  // a tap a little off the centre
  await P.page.waitForSelector(tid("spot-confirm"), { state: "visible", timeout: 3000 });
  const sel = await P.page.$eval('[data-testid^="intersection-"].selected', (e) => e.getAttribute("data-testid"));
  check(sel === target.id, `the tap selected the nearest legal spot (${sel}, expected ${target.id})`);
  check((await frame(P.page)).version === placing.version, "a tap alone places nothing");
  const bar1 = await P.page.$eval(tid("action-end"), (e) => { const b = e.getBoundingClientRect(); return { y: b.y, h: b.height, bottom: b.bottom }; });
  await P.page.screenshot({ path: join(shots, "phone-tap-select.png") });
  await P.page.tap(tid("spot-confirm-yes"));
  await waitFrame(P.page, (f) => f.version > placing.version, "the confirmed settlement");
  check(await P.page.$(`${tid(`settlement-${target.id.split("-")[1]}`)}`) !== null || (await frame(P.page)).view.settlements[target.id.split("-")[1]] === 0,
    "the confirmed settlement is on the board");
  await P.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await P.page.waitForFunction(() => window.scrollY > 0, null, { timeout: 3000 });
  const bar2 = await P.page.$eval(tid("action-end"), (e) => { const b = e.getBoundingClientRect(); return { y: b.y, h: b.height, bottom: b.bottom }; });
  check(Math.abs(bar1.y - bar2.y) <= 1 && bar2.bottom <= PHONE.height, `the action bar stays at the bottom while the page scrolls (${bar1.y} → ${bar2.y})`);
  check(bar1.h >= 44, `the action bar's buttons are 44 px tall (${bar1.h})`);
  await P.page.evaluate(() => window.scrollTo(0, 0));
  // Zoom: the + button doubles nothing but the board's scale; the fit button brings it back.
  const roadBox = async () => P.page.$eval('[data-testid="board"]', (svg) => svg.viewBox.baseVal.width);
  await P.page.tap(tid("zoom-in"));
  await P.page.waitForSelector('[data-testid="game"][data-zoom="1.50"]', { timeout: 3000 });
  check(Math.abs(await roadBox() - 638 / 1.5) < 1, `zoomed in: the board shows two thirds of its width (${await roadBox()})`);
  await P.page.tap(tid("zoom-fit"));
  await P.page.waitForSelector('[data-testid="game"][data-zoom="1.00"]', { timeout: 3000 });
  notes.push(`phone: End turn at y ${bar1.y.toFixed(0)}, ${bar1.h.toFixed(0)} px tall, before and after scrolling`);

  // Nothing moves under Mia from here to the end (issue 27): layout shift added up, asserted at the end.
  await watchLayoutShift(P.page);
  await watchHand(P.page);
  const goals = {};
  const me = { page: P.page, seat: 0 };
  const t0 = Date.now();
  let shot = false;
  for (;;) {
    const f = await frame(P.page);
    if (f?.view.phase === "gameOver") break;
    if (Date.now() - t0 > BUDGET_MS) throw new Error(`phone game did not end in ${BUDGET_MS / 1000} s: ${JSON.stringify(goals)}`);
    const did = await step(me, goals, null);
    if (!shot && (goals.turns ?? 0) >= 1) {
      await checkNoHorizontalScroll(P.page, "phone game");
      await P.page.screenshot({ path: join(shots, "phone-game.png") });
      notes.push(await checkHarboursClear(P.page, "phone game"));
      notes.push(`setup and one turn at phone size in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      goals.keepBuilding = true;  // now race for the 3 points
      shot = true;
    }
    if (!did) await sleep(40);
  }
  await P.page.waitForSelector(tid("victory"), { timeout: 10000 });
  notes.push(await checkLayoutShift(P.page, "Catan, phone, the whole game"));
  notes.push(await handReport(P.page));
  await checkNoHorizontalScroll(P.page, "phone victory screen");
  // The end dialog's Rematch / Replay / Close are inside the window, on the phone and at 1280×800 (issue 27).
  const endButtons = [`${tid("victory")} ${tid("rematch")}`, tid("victory-close")];
  if (await P.page.$(tid("replay-link"))) endButtons.push(tid("replay-link"));
  check(await P.page.$(`${tid("victory")} ${tid("rematch")}`) !== null, "the end dialog offers a rematch");
  await checkReachable(P.page, endButtons, "victory dialog at 390×844");
  await P.page.setViewportSize({ width: 1280, height: 800 });
  await sleep(100);
  await checkReachable(P.page, endButtons, "victory dialog at 1280×800");
  // Fair dice: the revealed seed and salt hash to the commitment shown at the start (checked in the page).
  await P.page.waitForSelector(`${tid("seed-check")}[data-ok="true"]`, { timeout: 5000 });
  check((await P.page.textContent(tid("seed-value"))).trim() === "7", "the revealed seed is the room's seed");
  let record;
  for (let i = 0; i < 30; i++) {  // the store writes on its own thread: give it a moment
    record = await P.page.request.get(`${base}/games/${roomId}/record`);
    if (record.status() === 200) break;
    await sleep(100);
  }
  check(record.status() === 200, `GET /games/${roomId}/record answers ${record.status()}: ${await record.text()}`);
  const rec = await record.json();
  check(rec.seed === "7" && rec.actions.length > 0, "the record holds the seed and the actions");
  await sleep(300);
  await P.page.screenshot({ path: join(shots, "victory.png") });
  const f = await frame(P.page);
  notes.push(`game over at version ${f.version}, winner seat ${f.view.winner}`);
  // "You finished Nth" (issue 18): the place from the final scores the server revealed.
  const vp = (p) => (typeof p.totalVp === "number" ? p.totalVp : p.publicVp);
  const mine = vp(f.view.players[f.seat]);
  let place = 1 + f.view.players.filter((p) => vp(p) > mine).length;
  if (f.view.winner !== f.seat && place === 1) place = 2;
  const placeEl = await P.page.getAttribute(tid("finished-place"), "data-place");
  check(Number(placeEl) === place, `the victory screen says the player's place (${placeEl}, expected ${place})`);
  notes.push(`victory screen: "${await P.page.textContent(tid("finished-place"))}"`);
  // Rematch (issue 18): a new room with the same options, the player in the same seat, the same bots.
  const old = await P.page.evaluate(() => window.hexhall.room.state());
  await P.page.click(tid("rematch"));
  await P.page.waitForURL(new RegExp(`#/room/(?!${roomId})[0-9a-f]+$`), { timeout: 10000 });
  const newRoom = P.page.url().split("/").pop();
  for (let s = 1; s < 4; s++) await P.page.waitForSelector(`${tid(`seat-${s}`)}[data-kind="bot"]`, { timeout: 10000 });
  await P.page.waitForSelector(`${tid(`seat-${f.seat}`)}[data-kind="human"]`, { timeout: 10000 });
  const fresh = await P.page.evaluate(() => window.hexhall.room.state());
  check(fresh.room === newRoom && !fresh.started && fresh.options.vp === old.options.vp && fresh.options.players === old.options.players
    && fresh.clock === old.clock, `the rematch has the finished room's options (${JSON.stringify(fresh.options)} ${fresh.clock})`);
  check(fresh.seats.every((x, i) => (old.seats[i]?.kind === "bot") === (x?.kind === "bot")), "the same seats have bots");
  notes.push(`rematch: room ${newRoom} with ${JSON.stringify(fresh.options)}`);

  // Standings (HK-1): a 10-VP game of four bots, played out over a WebSocket from the page, counts;
  // this 3-VP game does not (a tournament win needs 10 VP) and is listed with the reason.
  const botRoom = await P.page.evaluate(() => new Promise((resolve, reject) => {
    const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
    let room = null;
    const send = (m) => ws.send(JSON.stringify({ v: 1, ...m }));
    ws.onopen = () => send({ type: "hello", id: 1, name: "Organiser" });
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "welcome") send({ type: "createRoom", id: 2, players: 4, botFill: "heuristic" });
      else if (m.type === "roomCreated") { room = m.room; send({ type: "joinRoom", id: 3, room }); }
      else if (m.type === "joined") send({ type: "start", id: 4, room });
      else if (m.type === "seedReveal") { ws.close(); resolve(room); }
      else if (m.type === "error") reject(new Error(JSON.stringify(m)));
    };
    setTimeout(() => reject(new Error("the bot game did not finish in 30 s")), 30000);
  }));
  // The replay of the bots' game: controls by mouse and by touch, the log in step (issue 27).
  notes.push(...await checkReplay(browser, base, botRoom, null, "Catan", shots));
  await P.page.goto(`${base}/#/standings/${botRoom},${roomId}`);
  await P.page.waitForSelector(tid("standings-table"), { timeout: 10000 });
  const rows = await P.page.$$eval(`${tid("standings-row")}`, (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  check(rows.length === 4, `four ranked players (${JSON.stringify(rows)})`);
  check(rows[0][0] === "1" && rows[0][3] === "1", `the winner ranks first with the match point (${JSON.stringify(rows[0])})`);
  check(rows.every((r) => r[1].includes("(bot at seat")), "bots are told apart by seat");
  const skippedText = await P.page.textContent(tid("standings-skipped"));
  check(skippedText.includes(roomId) && skippedText.includes("10"), `the 3-VP game is listed as not counted: ${skippedText}`);
  // Teams of one division (HK-1.12): ranked by their members' average rank.
  await P.page.fill(tid("standings-teams"),
    "Even (open): heuristic (bot at seat 0), heuristic (bot at seat 2)\nOdd (open): heuristic (bot at seat 1), heuristic (bot at seat 3)");
  await P.page.click(tid("standings-submit"));
  await P.page.waitForSelector(tid("team-table"), { timeout: 10000 });
  const teamRows = await P.page.$$eval(tid("team-row"), (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  check(teamRows.length === 2 && teamRows[0][0] === "1", `two teams ranked (${JSON.stringify(teamRows)})`);
  const avg = (r) => r[2].split(", ").reduce((a, x) => a + Number(x), 0) / 2;
  check(avg(teamRows[0]) <= avg(teamRows[1]) && Math.abs(Number(teamRows[0][3]) - avg(teamRows[0])) < 0.01,
    `the lower average member rank comes first (${JSON.stringify(teamRows)})`);
  await P.page.screenshot({ path: join(shots, "standings.png") });
  notes.push(`standings page: ${rows.map((r) => `${r[0]}. ${r[1]} ${r[3]} MP ${r[4]} GP`).join("; ")}; teams ${teamRows.map((r) => `${r[0]}. ${r[1]} (${r[2]})`).join("; ")}`);
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  return notes;
}
