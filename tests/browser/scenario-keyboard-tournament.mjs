// The tournament pages from the keyboard only (issue 27: every action reachable from the keyboard):
// on the new-tournament form, the organiser console (before and after the round is seated), the
// registration page, the entrant page and the referee page every visible control is reached by Tab
// and shows its focus (`checkEveryControlReachable`); and the event is run by keys alone: the form
// filled and sent, three house bots added (Enter and Space), a referee added, Ann registered,
// registration closed, the round seated and started, Ann checked in and taken to her table by Play,
// a ruling recorded by the referee. Never a click: a control Tab cannot reach fails the scenario.
// (The game is the form's first; no game is named here.)
import { check, openPage, problems, tid } from "./lib.mjs";
import { checkEveryControlReachable, chooseByKeys, keyOn, typeInto } from "./keyboard.mjs";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const entrants = (page, n) =>
  page.waitForFunction((k) => document.querySelectorAll('[data-testid^="entrant-e"]').length === k, n, { timeout: 10000 });

export async function keyboardTournament({ browser, base }) {
  const notes = [];
  // ---- the organiser's form, by keys
  const O = await openPage(browser, base + "/#/tournaments/new", DESKTOP, "Organiser");
  await O.page.waitForSelector(tid("t-new-form"));
  notes.push(await checkEveryControlReachable(O.page, "new-tournament form"));
  await typeInto(O.page, tid("t-name"), "Keyboard cup", "the tournament's name");
  await typeInto(O.page, tid("t-rounds"), "1", "the number of rounds");
  await chooseByKeys(O.page, tid("t-clock"), "untimed", "the clock preset");
  await keyOn(O.page, tid("t-create"), "Create");
  await O.page.waitForURL(/#\/t\/[^/]+\/org\/[0-9a-f]+$/, { timeout: 10000 });
  const regLink = await O.page.inputValue(tid("registration-link"), { timeout: 10000 });

  // ---- the console: house bots (Enter, then Space), a referee
  for (let n = 1; n <= 3; n++) {
    await keyOn(O.page, tid("add-bot"), "Add a house bot", n === 2 ? " " : "Enter");
    await entrants(O.page, n);
  }
  await typeInto(O.page, tid("referee-name"), "Rita", "the referee's name");
  await keyOn(O.page, tid("add-referee"), "Add the referee");
  await O.page.waitForSelector(tid("handed-0"), { timeout: 10000 });
  const refLink = await O.page.inputValue(tid("handed-0"));
  notes.push(await checkEveryControlReachable(O.page, "organiser console, registration open"));

  // ---- Ann registers by keys
  const A = await openPage(browser, regLink, DESKTOP, "Ann");
  await A.page.waitForSelector(tid("t-reg-name"), { timeout: 10000 });
  notes.push(await checkEveryControlReachable(A.page, "registration page"));
  await typeInto(A.page, tid("t-reg-name"), "Ann", "the entrant's name");
  await keyOn(A.page, tid("t-reg-submit"), "Register");
  await A.page.waitForURL(/#\/t\/[^/]+\/me\/[0-9a-f]+$/, { timeout: 10000 });

  // ---- the organiser closes registration, seats and starts the round
  await entrants(O.page, 4);
  await keyOn(O.page, tid("close-registration"), "Close registration");
  await O.page.waitForSelector(tid("registration-closed"), { timeout: 10000 });
  await keyOn(O.page, tid("seat-round"), "Seat the round", " ");
  await O.page.waitForSelector(tid("table-1-1"), { timeout: 10000 });
  await keyOn(O.page, tid("start-round-1"), "Start round 1");
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="waiting"]`, { timeout: 10000 });
  notes.push(await checkEveryControlReachable(O.page, "organiser console, round 1 started"));
  await O.page.setViewportSize(PHONE);
  notes.push(await checkEveryControlReachable(O.page, "organiser console at 390×844"));
  await O.page.setViewportSize(DESKTOP);

  // ---- the referee records a ruling by keys
  const R = await openPage(browser, refLink, DESKTOP, "Rita");
  await R.page.waitForSelector(tid("ref-form"), { timeout: 10000 });
  notes.push(await checkEveryControlReachable(R.page, "referee page"));
  await chooseByKeys(R.page, tid("ref-kind"), "ruling", "the referee's kind of entry");
  await typeInto(R.page, tid("ref-note"), "Started late: agreed by all", "the referee's note");
  await keyOn(R.page, tid("ref-submit"), "Record");
  await R.page.waitForSelector(tid("ref-ok"), { timeout: 10000 });
  check((await R.page.textContent(tid("ref-ok"))).includes("1"), "the ruling, sent by keys, is recorded at table 1");

  // ---- Ann checks in and goes to her table by keys
  await A.page.waitForSelector(tid("me-checkin-1"), { timeout: 10000 });
  notes.push(await checkEveryControlReachable(A.page, "entrant page, check-in open"));
  await keyOn(A.page, tid("me-checkin-1"), "Check in");
  await A.page.waitForSelector(tid("me-play-1"), { timeout: 10000 });
  await A.page.setViewportSize(PHONE);
  notes.push(await checkEveryControlReachable(A.page, "entrant page at 390×844, checked in"));
  await A.page.setViewportSize(DESKTOP);
  await keyOn(A.page, tid("me-play-1"), "Play");
  await A.page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  notes.push("run by keys alone: form, three bots, a referee, registration, seating, start, a ruling, check-in, Play");

  for (const p of [O, A, R]) check(problems(p).length === 0, `${p.label}: no console errors: ${problems(p).join("; ")}`);
  for (const p of [O, A, R]) await p.context.close();
  return notes;
}
