// The lobby's "your games in progress" (issue 29), on a phone: Ann registers and sits down at a new
// table on her first device; on a second device she logs in to the same account, and the lobby lists
// that table (game, table, seat, state) with a Resume button, in the three languages; one tap takes
// the seat over there. axe-core finds no serious or critical violations; no horizontal scrolling;
// no console errors on the second device.
import { join } from "node:path";
import { check, checkAxe, checkNoHorizontalScroll, enterName, openPage, problems, tid } from "./lib.mjs";

const PHONE = { width: 390, height: 844 };

export async function myGames({ browser, base, shots }) {
  const name = `Ann${Math.floor(Math.random() * 1e6)}`, password = "correct horse";
  const notes = [];
  const A = await openPage(browser, base + "/", PHONE, "first device");
  await enterName(A.page, "Ann");
  await A.page.goto(base + "/#/account");
  await A.page.waitForSelector(tid("register-name"), { timeout: 10000 });
  await A.page.fill(tid("register-name"), name);
  await A.page.fill(tid("register-password"), password);
  await A.page.click(tid("register-submit"));
  await A.page.waitForSelector(tid("account-name"), { timeout: 10000 });
  await A.page.goto(base + "/#/");
  await A.page.click(tid("create-submit"));  // a table with the default options; Ann takes seat 1
  await A.page.waitForFunction(() => location.hash.startsWith("#/room/"), null, { timeout: 10000 });
  const room = (await A.page.evaluate(() => location.hash)).slice("#/room/".length);
  check(room.length > 0, "the first device sits at a new table");

  // The second device: log in, and the lobby lists the table.
  const B = await openPage(browser, base + "/", PHONE, "second device");
  await enterName(B.page, "Ann");
  await B.page.goto(base + "/#/account");
  await B.page.waitForSelector(tid("login-name"), { timeout: 10000 });
  await B.page.fill(tid("login-name"), name);
  await B.page.fill(tid("login-password"), password);
  await B.page.click(tid("login-submit"));
  await B.page.waitForSelector(tid("account-name"), { timeout: 10000 });
  await B.page.goto(base + "/#/");
  await B.page.waitForSelector(tid(`my-game-${room}`), { timeout: 10000 });
  const row = await B.page.textContent(tid(`my-game-${room}`));
  check(row.includes(room), `the row names the table (${row})`);
  await checkNoHorizontalScroll(B.page, "lobby with games in progress");
  notes.push(await checkAxe(B.page, "lobby with games in progress"));
  for (const [lang, title] of [["zh-Hant", "你進行中的遊戲"], ["zh-Hans", "你进行中的游戏"], ["en", "Your games in progress"]]) {
    await B.page.selectOption(tid("lang-select"), lang);
    await B.page.waitForFunction((t) => [...document.querySelectorAll("h2")].some((e) => e.textContent === t), title, { timeout: 10000 });
    await checkNoHorizontalScroll(B.page, `lobby with games in progress (${lang})`);
  }
  await B.page.screenshot({ path: join(shots, "my-games.png") });

  // One tap: the seat is taken over on this device.
  const box = await B.page.locator(tid(`resume-${room}`)).boundingBox();
  check(box && box.height >= 32, "the Resume button is a comfortable tap target");
  await B.page.click(tid(`resume-${room}`));
  await B.page.waitForFunction((r) => location.hash === `#/room/${r}`, room, { timeout: 10000 });
  const bad = problems(B);
  check(bad.length === 0, `no console errors or failed requests on the second device: ${bad.join("; ")}`);
  for (const P of [A, B]) await P.context.close();
  notes.push(`${name}'s table ${room} listed on a second device and resumed there`);
  return notes;
}
