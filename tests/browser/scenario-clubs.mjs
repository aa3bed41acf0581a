// Clubs (issue 29, docs/decisions/028-clubs.md), on a phone: Ann registers, founds a club on
// #/clubs and sees its page with her invite link; Bob registers and opens the link, which joins him
// and shows the club with both members; Ann's page then lists Bob with a Remove button, and the
// ladder is empty (no club games yet). The pages in the three languages; axe-core finds no serious
// or critical violations; no horizontal scrolling, no console errors.
import { join } from "node:path";
import { check, checkAxe, checkNoHorizontalScroll, enterName, openPage, problems, tid } from "./lib.mjs";
import { checkEveryControlReachable } from "./keyboard.mjs";

const PHONE = { width: 390, height: 844 };

async function register(page, base, name) {
  await page.goto(base + "/#/account");
  await page.waitForSelector(tid("register-name"), { timeout: 10000 });
  await page.fill(tid("register-name"), name);
  await page.fill(tid("register-password"), "correct horse");
  await page.click(tid("register-submit"));
  await page.waitForSelector(tid("account-name"), { timeout: 10000 });
}

export async function clubs({ browser, base, shots }) {
  const n = Math.floor(Math.random() * 1e5);
  const ann = `Ann${n}`, bob = `Bob${n}`, club = `Club${n}`;
  const notes = [];
  const A = await openPage(browser, base + "/", PHONE, "Ann");
  await enterName(A.page, "Ann");
  await register(A.page, base, ann);
  await A.page.click(tid("account-clubs"));
  await A.page.waitForSelector(tid("club-name"), { timeout: 10000 });
  notes.push(await checkAxe(A.page, "clubs page"));
  notes.push(await checkEveryControlReachable(A.page, "clubs page"));  // issue 27: every control by Tab, focus shown
  await checkNoHorizontalScroll(A.page, "clubs page");
  await A.page.fill(tid("club-name"), club);
  await A.page.click(tid("club-name-submit"));
  await A.page.waitForSelector(tid("club-invite-link"), { timeout: 10000 });
  const link = await A.page.inputValue(tid("club-invite-link"));
  check(link.includes("#/club-join/"), `the owner sees the club's invite link (${link})`);
  check((await A.page.textContent("h1")) === club, "the club page is the club's");
  await A.page.waitForSelector(tid("club-no-games"), { timeout: 10000 });
  notes.push(await checkAxe(A.page, "club page (owner)"));
  notes.push(await checkEveryControlReachable(A.page, "club page (owner)"));  // issue 27: every control by Tab, focus shown
  await checkNoHorizontalScroll(A.page, "club page");

  const B = await openPage(browser, base + "/", PHONE, "Bob");
  await enterName(B.page, "Bob");
  await register(B.page, base, bob);
  await B.page.goto(link);
  await B.page.waitForSelector(tid("club-page"), { timeout: 10000 });
  await B.page.waitForFunction((names) => {
    const list = document.querySelector('[data-testid="club-members"]');
    return !!list && names.every((x) => list.textContent.includes(x));
  }, [ann, bob], { timeout: 10000 });
  check(!(await B.page.$(tid("club-invite-link"))), "a member sees no invite link");
  await B.page.waitForSelector(tid("club-leave"), { timeout: 10000 });
  notes.push(await checkAxe(B.page, "club page (member)"));
  notes.push(await checkEveryControlReachable(B.page, "club page (member)"));  // issue 27: every control by Tab, focus shown
  await B.page.screenshot({ path: join(shots, "clubs-member.png") });

  // The owner sees the new member with a Remove button; the page in the three languages.
  await A.page.reload();
  await A.page.waitForSelector(tid(`club-remove-${bob}`), { timeout: 10000 });
  for (const [lang, title] of [["zh-Hant", "天梯"], ["zh-Hans", "天梯"], ["en", "Ladder"]]) {
    await A.page.selectOption(tid("lang-select"), lang);
    await A.page.waitForFunction((t) => [...document.querySelectorAll("h2")].some((e) => e.textContent === t), title, { timeout: 10000 });
    await checkNoHorizontalScroll(A.page, `club page (${lang})`);
  }
  notes.push(await checkAxe(A.page, "club page (owner, a member to remove)"));
  notes.push(await checkEveryControlReachable(A.page, "club page (owner, a member to remove)"));  // issue 27: every control by Tab, focus shown
  await A.page.screenshot({ path: join(shots, "clubs-owner.png") });

  for (const P of [A, B]) {
    const bad = problems(P);
    check(bad.length === 0, `no console errors or failed requests: ${bad.join("; ")}`);
    await P.context.close();
  }
  notes.push(`${ann} founded ${club}; ${bob} joined by its link`);
  return notes;
}
