// Accounts (issue 29), on a phone: the lobby's Play-now card queues and leaves; a guest registers on
// #/account, opens its page (#/players/<name>) and the leaderboard, logs out and in again. No
// horizontal scrolling, no console errors. On the lobby, the account page (logged in and out), the
// player's page and the leaderboard every control is reached by Tab with a visible focus (issue 27).
import { join } from "node:path";
import { check, checkNoHorizontalScroll, enterName, openPage, problems, tid } from "./lib.mjs";
import { checkEveryControlReachable } from "./keyboard.mjs";

const PHONE = { width: 390, height: 844 };

export async function accounts({ browser, base, shots }) {
  const name = `Tess${Math.floor(Math.random() * 1e6)}`;
  const password = "correct horse";
  const P = await openPage(browser, base + "/", PHONE, "Player");
  const page = P.page;
  await enterName(page, "Tess");
  await page.waitForSelector(tid("play-button"), { timeout: 10000 });
  const reached = [await checkEveryControlReachable(page, "lobby at 390×844")];

  // Play now: waiting is shown, leaving is instant.
  await page.click(tid("play-button"));
  await page.waitForSelector(tid("play-waiting"), { timeout: 10000 });
  await page.screenshot({ path: join(shots, "accounts-play-now.png") });
  await page.click(tid("play-leave"));
  await page.waitForSelector(tid("play-button"), { timeout: 10000 });

  // Register: the guest session becomes the account's.
  await page.click(tid("account-link"));
  await page.waitForSelector(tid("register-name"), { timeout: 10000 });
  await page.fill(tid("register-name"), name);
  await page.fill(tid("register-password"), password);
  await page.click(tid("register-submit"));
  await page.waitForSelector(tid("account-name"), { timeout: 10000 });
  check((await page.textContent(tid("account-name"))).includes(name), "the account page names the account");
  await checkNoHorizontalScroll(page, "account page");
  reached.push(await checkEveryControlReachable(page, "account page"));
  await page.screenshot({ path: join(shots, "accounts-account.png") });

  // Its page and the leaderboard.
  await page.click(tid("account-profile"));
  await page.waitForSelector(tid("player-summary"), { timeout: 10000 });
  check((await page.textContent(tid("player-summary"))).startsWith("0"), "a new player has played no games");
  await checkNoHorizontalScroll(page, "player page");
  reached.push(await checkEveryControlReachable(page, "player page"));
  await page.screenshot({ path: join(shots, "accounts-player.png") });
  await page.goto(base + "/#/leaderboard");
  await page.waitForSelector(tid("board-empty"), { timeout: 10000 });
  check(await page.inputValue(tid("board-ruleset")) === "base", "the default game's leaderboard is its default ruleset's");
  await checkNoHorizontalScroll(page, "leaderboard");
  reached.push(await checkEveryControlReachable(page, "leaderboard"));
  await page.screenshot({ path: join(shots, "accounts-leaderboard.png") });

  // A reload keeps the login (the session is the account's); logging out and in again works.
  await page.goto(base + "/#/account");
  await page.reload();
  await page.waitForSelector(tid("account-name"), { timeout: 10000 });
  await page.click(tid("logout"));
  await page.waitForSelector(tid("login-name"), { timeout: 10000 });
  reached.push(await checkEveryControlReachable(page, "account page, logged out"));
  await page.fill(tid("login-name"), name.toUpperCase());  // names are found regardless of case
  await page.fill(tid("login-password"), password);
  await page.click(tid("login-submit"));
  await page.waitForSelector(tid("account-name"), { timeout: 10000 });

  const bad = problems(P);
  check(bad.length === 0, `no console errors or failed requests: ${bad.join("; ")}`);
  await P.context.close();
  return [`registered, logged out and in as ${name}`, ...reached];
}
