// Play now, rated (issue 29): two people in two browser contexts (a desktop and a phone) each
// register an account, choose 2-player Carcassonne in the lobby's Play-now card and press Play now;
// the server matches them into one rated room (no bots: a full table of logged-in players), both
// tables open by themselves, and the two play the whole game through the UI (Carcassonne's clicks:
// the carcassonne scenario's decide()). Afterwards each player's page (#/players/<name>) lists the
// game, rated, with the other as opponent and a Carcassonne rating, and the leaderboard shows both
// with their ratings (when the server's --leaderboard-min-games is 1, as run.mjs sets it; else the
// "needs N games" note). Layout shift and axe-core on every page visited; no console errors.
import { join } from "node:path";
import { check, checkAxe, checkLayoutShift, checkNoHorizontalScroll, enterName, frame, openPage, problems, sleep, tid, waitFrame, watchLayoutShift } from "../../../../tests/browser/lib.mjs";
import { decide } from "./scenario.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const BUDGET_MS = 300000;

async function register(P, name, password, notes) {
  const page = P.page;
  await enterName(page, name);
  await watchLayoutShift(page);
  await page.click(tid("account-link"));
  await page.waitForSelector(tid("register-name"), { timeout: 10000 });
  notes.push(await checkAxe(page, `${P.label}: account page (guest)`));
  await page.fill(tid("register-name"), name);
  await page.fill(tid("register-password"), password);
  await page.click(tid("register-submit"));
  await page.waitForSelector(tid("account-name"), { timeout: 15000 });
  check((await page.textContent(tid("account-name"))).includes(name), `${P.label}: the account page names ${name}`);
  notes.push(await checkAxe(page, `${P.label}: account page (logged in)`));
  notes.push(await checkLayoutShift(page, `${P.label}: account page`));
}

async function playNow(P, notes) {
  const page = P.page;
  await page.goto(page.url().split("#")[0] + "#/");
  await page.waitForSelector(tid("play-button"), { timeout: 10000 });
  await page.selectOption(tid("play-game"), "carcassonne");
  await page.selectOption(tid("play-players"), "2");
  notes.push(await checkAxe(page, `${P.label}: lobby with the Play-now card`));
  notes.push(await checkLayoutShift(page, `${P.label}: lobby`));
  // (the `matched` message is kept to check that the server calls the room rated)
  await page.evaluate(() => { window.__matched = []; window.hexhall.conn.on("matched", (m) => window.__matched.push(m)); });
  await page.click(tid("play-button"));
}

export default async function playNowRated({ browser, base, shots }) {
  const notes = [];
  const tag = Math.floor(Math.random() * 1e6);
  const names = [`Ann${tag}`, `Bob${tag}`];
  const password = "correct horse";
  const A = await openPage(browser, base + "/", DESKTOP, "Ann");
  const B = await openPage(browser, base + "/", PHONE, "Bob", { hasTouch: true, isMobile: true });
  const players = [A, B];
  for (const [i, P] of players.entries()) await register(P, names[i], password, notes);

  // Both press Play now for 2-player Carcassonne: one rated room, both tables open by themselves.
  for (const P of players) await playNow(P, notes);
  const firsts = [];
  for (const P of players) {
    await P.page.waitForSelector(tid("car-game"), { timeout: 20000 });
    firsts.push(await waitFrame(P.page, (f) => f.view?.game === "carcassonne" && f.seat !== null && f.seat !== undefined, `${P.label}'s seat at the table`, 20000));
  }
  const rooms = await Promise.all(players.map((P) => P.page.evaluate(() => location.hash)));
  check(rooms[0] === rooms[1] && /^#\/room\/[0-9a-f]+$/.test(rooms[0]), `both players are at one table (${rooms.join(", ")})`);
  check(new Set(firsts.map((f) => f.seat)).size === 2 && firsts[0].view.players.length === 2, `two seats, one each (${firsts.map((f) => f.seat)})`);
  // Rated: the `matched` message says so, and so does the room (both seats people with a rating, no bot).
  for (const P of players) {
    const matched = await P.page.evaluate(() => window.__matched);
    check(matched.length === 1 && matched[0].rated === true, `${P.label} was matched once, rated (${JSON.stringify(matched)})`);
    const room = await P.page.waitForFunction(() => {
      const r = window.hexhall.room?.state?.();
      return r && r.pushed && r.started && r.seats.every((s) => s && typeof s.rating === "number") ? r : null;
    }, null, { timeout: 10000 }).then((h) => h.jsonValue());
    check(room.rated === true && room.seats.length === 2 && room.seats.every((s) => s.kind !== "bot"),
      `${P.label}'s room is rated, with two people (${JSON.stringify(room.seats)})`);
    check(room.seats.map((s) => s.name).sort().join() === [...names].sort().join(), `the seats carry the accounts' names (${room.seats.map((s) => s.name)})`);
  }
  notes.push(`matched into ${rooms[0].slice(7)}, rated, seats ${firsts.map((f, i) => `${names[i]}:${f.seat}`).join(" ")}`);
  for (const P of players) {
    notes.push(await checkAxe(P.page, `${P.label}: Carcassonne table`));
    await checkNoHorizontalScroll(P.page, `${P.label}: table`);
  }
  // The game's layout shift is watched once the match's toasts ("Table found!") have left: their
  // stack moves as one leaves, which is the shell's notice, not the table's doing.
  for (const P of players) {
    await P.page.waitForFunction(() => !document.querySelector(".toasts .toast"), null, { timeout: 15000 });
    await watchLayoutShift(P.page);
  }

  // The game, to its end: whoever has legal moves (and no opponent's move still being shown) acts.
  let seed = 4242;
  const rng = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const t0 = Date.now();
  const history = [];
  let decisions = 0;
  for (;;) {
    if (Date.now() - t0 > BUDGET_MS) throw new Error(`the game did not end in ${BUDGET_MS / 1000} s\n` + history.slice(-12).join("\n"));
    const fs = await Promise.all(players.map((P) => frame(P.page)));
    if (fs.every((f) => f.view.phase === "over")) break;
    const i = fs.findIndex((f) => f.view.phase !== "over" && Array.isArray(f.legal) && f.legal.length > 0);
    if (i < 0) { await sleep(40); continue; }
    const P = players[i], f = fs[i];
    // The other's last move is shown at its pace first: "Skip »" shows it at once.
    if (await P.page.$(tid("car-skip"))) await P.page.click(tid("car-skip"), { timeout: 2000 }).catch(() => {});
    await P.page.waitForSelector(`${tid("car-controls")}[data-pending="0"]`, { timeout: 10000 });
    const g = await frame(P.page);
    if (g.version !== f.version) continue;
    const what = await decide(P.page, f, rng);
    if (!what) continue;
    decisions++;
    history.push(`${P.label} v${f.version} ${what}`);
    await waitFrame(P.page, (h) => h.version > f.version, `the game after ${P.label}'s "${what}"`, 15000);
  }
  const fEnd = await frame(A.page);
  const scores = fEnd.view.players.map((p) => p.score);
  for (const P of players) await P.page.waitForSelector(tid("car-final"), { timeout: 15000 });
  // Nothing moves under the players during the game. Known, left open: when the game ends the room
  // leaves its playing layout (the page's padding, the header's panel button: room-page.ts playing()),
  // a shift of ~0.08 (phone) to ~0.27 (desktop) that only a player whose own click came within
  // 500 ms escapes; it is the one shift with the header's topbar-right among its sources, noted apart.
  for (const P of players) {
    const shifts = await P.page.evaluate(() => { const s = window.__cls.shifts; window.__cls.value = 0; window.__cls.shifts = []; return s; });
    const end = shifts.filter((x) => /topbar-right/.test(x.who));
    const rest = shifts.filter((x) => !/topbar-right/.test(x.who));
    const sum = rest.reduce((a, x) => a + x.value, 0);
    check(sum < 0.01, `${P.label}: the game's cumulative layout shift ${sum.toFixed(4)} ≥ 0.01 (${rest.map((x) => `${x.value.toFixed(4)} (${x.who})`).join("; ")})`);
    notes.push(`${P.label}: the whole game: layout shift ${sum.toFixed(4)} (${rest.length} shifts); the end's layout change: ${end.map((x) => x.value.toFixed(4)).join(", ") || "none counted (own input)"}`);
  }
  await A.page.screenshot({ path: join(shots, "play-now-rated-final.png") });
  notes.push(`game over in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${decisions} decisions, scores ${scores.join(":")}`);

  // Each player's page: the game in the history (rated, the other as opponent) and a rating.
  const seatOf = (i) => firsts[i].seat;
  for (const [i, P] of players.entries()) {
    const page = P.page;
    await page.goto(`${base}/#/players/${encodeURIComponent(names[i])}`);
    await page.waitForSelector(tid("player-summary"), { timeout: 10000 });
    const summary = await page.textContent(tid("player-summary"));
    check(summary.startsWith("1 games"), `${P.label}'s page counts one game ("${summary}")`);
    const row = await page.textContent(`${tid("player-page")} .game-row`);
    check(row.includes("Rated") && row.includes(names[1 - i]), `${P.label}'s game is listed, rated, with ${names[1 - i]} ("${row}")`);
    const won = scores[seatOf(i)] >= scores[seatOf(1 - i)];
    check(row.includes(won ? "Won" : "Place 2"), `${P.label}'s row says ${won ? "Won" : "Place 2"} ("${row}")`);
    const rating = await page.textContent(tid("rating-carcassonne"));
    check(/-?\d+\.\d/.test(rating), `${P.label}'s Carcassonne rating is shown ("${rating}")`);
    notes.push(`${P.label}'s page: "${summary}"; rating "${rating.replace(/\s+/g, " ").trim()}"`);
    notes.push(await checkAxe(page, `${P.label}: player page`));
    await checkNoHorizontalScroll(page, `${P.label}: player page`);
    notes.push(await checkLayoutShift(page, `${P.label}: player page`));
    await page.screenshot({ path: join(shots, `play-now-rated-player-${i}.png`) });
  }

  // The leaderboard of 2-player Carcassonne's family ("standard"): both names with a rating, when
  // one rated game is enough for this server; else the note saying how many are needed.
  const board = await (await A.page.request.get(`${base}/leaderboard?game=carcassonne&ruleset=standard`)).json();
  for (const P of players) {
    const page = P.page;
    await page.goto(`${base}/#/leaderboard/carcassonne`);
    if (board.minGames <= 1) {
      await page.waitForSelector(tid("board"), { timeout: 10000 });
      const rows = await page.$$eval(`${tid("board")} tbody tr`, (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
      for (const name of names) {
        const r = rows.find((cells) => cells[1] === name);
        check(r && /^-?\d+\.\d$/.test(r[2]) && r[3] === "1", `${P.label}: the leaderboard lists ${name} with a rating after one game (${JSON.stringify(rows)})`);
      }
      if (P === A) notes.push(`leaderboard: ${rows.filter((c) => names.includes(c[1])).map((c) => `${c[0]}. ${c[1]} ${c[2]}`).join(", ")}`);
    } else {
      await page.waitForSelector(tid("board-empty"), { timeout: 10000 });
      check((await page.textContent(tid("board-empty"))).includes(String(board.minGames)), `${P.label}: the leaderboard says ${board.minGames} games are needed`);
      if (P === A) notes.push(`leaderboard: empty (minGames ${board.minGames})`);
    }
    notes.push(await checkAxe(page, `${P.label}: leaderboard`));
    await checkNoHorizontalScroll(page, `${P.label}: leaderboard`);
    notes.push(await checkLayoutShift(page, `${P.label}: leaderboard`));
    await page.screenshot({ path: join(shots, `play-now-rated-leaderboard-${P === A ? "desktop" : "phone"}.png`) });
  }

  for (const P of players) {
    const bad = problems(P);
    check(bad.length === 0, `${P.label}: no console errors or failed requests: ${bad.join("; ")}`);
    await P.context.close();
  }
  return notes;
}
