// The replay page names the stretches a stand-in bot played a present player's seat (issue 27; the
// record's `standIns`, docs/protocol.md): Ann plays the lobby's first game (grace 0: a bot takes an
// away player's seat at once) while Vic watches; her connection stops, the stand-in plays her seat, she comes back and
// the bot stops; then she leaves for good and the bot plays her seat to the end. The replay page lists
// both stretches with the steps the server recorded (from step to step, then to the end), in English,
// Traditional and Simplified Chinese.
import { join } from "node:path";
import { check, checkAxe, enterName, frame, openPage, problems, tid, waitFrame } from "./lib.mjs";

const DESKTOP = { width: 1280, height: 800 };

const seatInfo = (page, n) => page.evaluate((n) => window.hexhall.room.state().seats[n] ?? null, n);

export async function standIns({ browser, base, shots }) {
  const notes = [];
  const A = await openPage(browser, base + "/", DESKTOP, "Ann");
  await enterName(A.page, "Ann");
  await A.page.waitForSelector(tid("room-list"));
    await A.page.selectOption(tid("opt-botFill"), "heuristic");
  await A.page.click(".advanced summary");
  await A.page.fill(tid("opt-seed"), "11");
  await A.page.fill(tid("opt-grace"), "0");
  await A.page.click(tid("create-submit"));
  await A.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 30000 });
  const roomId = A.page.url().split("/").pop();
  await A.page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 30000 });
  await A.page.click(tid("start-game"));
  await waitFrame(A.page, (f) => f.seat === 0, "Ann's game");

  // Vic watches (a public room's link: a spectator's place).
  const V = await openPage(browser, `${base}/#/room/${roomId}`, DESKTOP, "Vic");
  await enterName(V.page, "Vic");
  await waitFrame(V.page, (f) => f.view?.players?.length === 4, "Vic watching");

  // Ann's connection stops: with grace 0 a stand-in bot plays her seat at once, and moves while Vic
  // watches (a game of bots only stands still while nobody watches: Vic then steps out, so the game
  // waits for Ann's return rather than racing to its end).
  // The test server's bots move every millisecond, so a game of bots ends within a second: Vic's page
  // steps out by itself (polling in the page, not from here) at the first move made while the stand-in
  // plays, before the game can race to its end.
  const before = await frame(V.page);
  await V.page.evaluate((v0) => {
    window.__standInMoves = new Promise((done, fail) => {
      const limit = window.setTimeout(() => { window.clearInterval(poll); fail(new Error("no stand-in move within 30 s")); }, 30000);
      const poll = window.setInterval(() => {
        const r = window.hexhall.room;
        const f = r && r.game.frameNow;
        if (!f || f.version <= v0 || !r.state().seats[0]?.botPlaying) return;
        window.clearInterval(poll);
        window.clearTimeout(limit);
        window.hexhall.conn.close();
        done(f.version);
      }, 1);
    });
  }, before.version);
  await A.page.evaluate(() => window.hexhall.conn.close());
  const steppedOut = await V.page.evaluate(() => window.__standInMoves);
  check(steppedOut > before.version, `the stand-in moved for Ann while Vic watched (version ${before.version} → ${steppedOut})`);
  // She comes back (the same session): the bot stops; Vic watches again.
  await A.page.evaluate(() => window.hexhall.conn.connect());
  await A.page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 30000 });
  await A.page.waitForFunction(() => { const s = window.hexhall.room.state().seats[0]; return s && s.connected && !s.botPlaying; }, null, { timeout: 30000 });
  const back = await frame(A.page);
  check(back.view.phase !== "gameOver", `the game is still on when Ann is back (version ${back.version})`);
  await V.page.evaluate(() => window.hexhall.conn.connect());
  await V.page.waitForSelector('[data-testid="conn-state"][data-state="open"]', { timeout: 30000 });
  // She leaves for good: the stand-in plays her seat to the end.
  await A.context.close();
  await V.page.waitForFunction(() => !!window.hexhall.room.state().seats[0]?.botPlaying, null, { timeout: 30000 });
  const over = await waitFrame(V.page, (f) => f.view.phase === "gameOver", "the game's end", 120000);
  notes.push(`game over at version ${over.version}; Ann came back at version ${back.version}`);
  check(problems(V).length === 0, `Vic: console errors or failed requests: ${problems(V).slice(0, 3).join(" | ")}`);
  await V.context.close();

  // The record says which steps the bot played; the replay page shows them.
  const rec = await (await fetch(`${base}/games/${roomId}/record`)).json();
  const list = rec.standIns ?? [];
  check(list.length === 2 && list.every((e) => e.seat === 0 && e.name === "Ann" && e.bot === "heuristic"),
    `two stand-in stretches at Ann's seat in the record (${JSON.stringify(list)})`);
  const [first, last] = list;
  check(Number.isInteger(first.fromAction) && Number.isInteger(first.toAction) && first.fromAction <= first.toAction && first.toAction <= back.version,
    `the first stretch has its steps, ending before Ann was back (${JSON.stringify(first)}, back at ${back.version})`);
  check(first.toAction - first.fromAction >= 1, `the stand-in made moves in the first stretch (${JSON.stringify(first)})`);
  check(Number.isInteger(last.fromAction) && last.fromAction >= first.toAction && last.toAction === null,
    `the last stretch runs from the step Ann left to the end (${JSON.stringify(last)})`);
  const replay = await (await fetch(`${base}/games/${roomId}/replay`)).json();
  check(JSON.stringify(replay.standIns) === JSON.stringify(list), "the replay carries the record's standIns");

  const R = await openPage(browser, `${base}/#/replay/${roomId}`, DESKTOP, "Reader");
  await R.page.waitForSelector(tid("replay-stand-ins"), { timeout: 15000 });
  await R.page.waitForSelector(tid("replay-slider"), { timeout: 15000 });
  const lines = () => R.page.$$eval(`${tid("replay-stand-ins")} li`, (lis) => lis.map((li) => li.textContent));
  const en = await lines();
  check(en.length === 2, `two lines on the replay page (${en.join(" | ")})`);
  check(en[0].includes("Ann") && en[0].includes(`step ${first.fromAction + 1} to step ${first.toAction}`),
    `the first line names Ann and the steps ${first.fromAction + 1}–${first.toAction} ("${en[0]}")`);
  check(en[1].includes("Ann") && en[1].includes(`step ${last.fromAction + 1} to the end`), `the second line runs to the end ("${en[1]}")`);
  notes.push(...en.map((l) => `en: ${l}`));
  notes.push(await checkAxe(R.page, "replay with stand-ins"));
  await R.page.screenshot({ path: join(shots, "replay-stand-ins.png") });
  for (const [l, word] of [["zh-Hant", "代打機器人"], ["zh-Hans", "代打机器人"]]) {
    await R.page.selectOption(tid("lang-select"), l);
    await R.page.waitForFunction((w) => document.querySelector('[data-testid="replay-stand-ins"]')?.textContent.includes(w), word, { timeout: 5000 });
    const zh = await lines();
    check(zh.length === 2 && zh[0].includes(`第 ${first.fromAction + 1} 步至第 ${first.toAction} 步`) && zh[1].includes("Ann"),
      `the lines in ${l} (${zh.join(" | ")})`);
    notes.push(`${l}: ${zh[0]}`);
  }
  await R.page.selectOption(tid("lang-select"), "en");
  check(problems(R).length === 0, `Reader: console errors or failed requests: ${problems(R).slice(0, 3).join(" | ")}`);
  await R.context.close();
  return notes;
}
