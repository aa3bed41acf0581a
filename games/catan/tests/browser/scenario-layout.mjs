// Issue 18, "a table that feels alive", measured at 1280×800: once the game starts the room panel
// folds into a drawer and the board takes the window; the board's top and the End-turn button stay
// put (within 1 px) while the prompt banner, an error and an open offer come and go (the offer beside the board);
// the log and the chat (tabs beside the hand) are inside the window; the hand shows what a roll gave.
import { join } from "node:path";
import { check, checkAxe, checkLayoutShift, watchLayoutShift, smallTargets, clickAndWait, enterName, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { checkHarboursClear } from "./overlays.mjs";
import { checkPiecesWithoutColour } from "./pieces.mjs";
import { checkBoardTargets } from "./targets.mjs";
import { step } from "../../../../tests/browser/driver.mjs";

const DESKTOP = { width: 1280, height: 800 };
const RESOURCES = ["lumber", "wool", "grain", "brick", "ore"];

/** Bounding boxes of the board, the board stage and the End-turn button. */
function boxes(page) {
  return page.evaluate(() => {
    const r = (sel) => { const b = document.querySelector(sel)?.getBoundingClientRect(); return b ? { x: b.x, y: b.y, w: b.width, h: b.height } : null; };
    return { board: r('[data-testid="board"]'), stage: r('[data-testid="board-stage"]'), end: r('[data-testid="action-end"]'),
      roll: r('[data-testid="action-roll"]'), scrollY: window.scrollY };
  });
}

function same(a, b, what, dims = { board: ["x", "y", "w", "h"], end: ["x", "y", "w", "h"], roll: ["x", "y", "w", "h"] }) {
  for (const k of ["board", "end", "roll"]) {
    check(a[k] && b[k], `${what}: ${k} is on the page`);
    for (const d of dims[k]) {
      const va = d === "r" ? a[k].x + a[k].w : a[k][d], vb = d === "r" ? b[k].x + b[k].w : b[k][d];
      check(Math.abs(va - vb) <= 1, `${what}: ${k}.${d} moved from ${va} to ${vb}`);
    }
  }
}

export async function layout({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", DESKTOP, "Lea");
  const page = P.page;
  await enterName(page, "Lea");
  await page.waitForSelector(tid("room-list"));
  notes.push(await checkAxe(page, "lobby, desktop"));
  await page.selectOption(tid("opt-botFill"), "heuristic");
  await page.fill(tid("opt-vp"), "20");
  await page.click(".advanced summary");
  await page.fill(tid("opt-seed"), "31");
  await page.click(tid("create-submit"));
  await page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  const before = await page.evaluate(() => document.querySelector('[data-testid="game-root"]').getBoundingClientRect().width);
  check(await page.isVisible(tid("room-panel")), "before the start the room panel is shown beside the table");
  check(await page.$(tid("room-drawer-button")) === null, "no drawer button before the start");

  await page.click(tid("start-game"));
  await waitFrame(page, (f) => f.seat === 0 && (f.legal.actions?.length ?? 0) > 0, "Lea's first placement");
  await page.waitForSelector(tid("room-drawer-button"), { timeout: 5000 });
  await page.waitForSelector(tid("room-panel"), { state: "hidden", timeout: 5000 });
  await page.waitForSelector(`${tid("prompt")}:not(:empty)`, { timeout: 5000 });
  const withPrompt = await boxes(page);
  notes.push(await checkAxe(page, "Catan table, desktop"));
  const after = await page.evaluate(() => document.querySelector('[data-testid="game-root"]').getBoundingClientRect().width);
  check(after > before + 200, `the game grows when the room panel folds (${before} → ${after} px wide)`);
  // The drawn board: the SVG fills the stage, the board keeps its shape inside it (viewBox 638×578).
  const drawn = (b) => { const k = Math.min(b.w / 638, b.h / 578); return `${Math.round(638 * k)}×${Math.round(578 * k)}`; };
  check(Math.min(withPrompt.board.w / 638, withPrompt.board.h / 578) * 578 >= 560, `the board takes the window (${drawn(withPrompt.board)}; it was 512×483)`);
  check(withPrompt.end.y + withPrompt.end.h <= DESKTOP.height && withPrompt.scrollY === 0, `End turn is inside the window without scrolling (${JSON.stringify(withPrompt.end)})`);
  notes.push(`game root ${Math.round(before)} → ${Math.round(after)} px wide; board drawn ${drawn(withPrompt.board)} (stage ${Math.round(withPrompt.board.w)}×${Math.round(withPrompt.board.h)}) at y ${Math.round(withPrompt.board.y)}; End turn at y ${Math.round(withPrompt.end.y)}`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForFunction(() => document.querySelector('[data-testid="board"]').getBoundingClientRect().height > 800, null, { timeout: 5000 });
  const big = await boxes(page);
  notes.push(`at 1920×1080: board drawn ${drawn(big.board)} (it was 592×558), End turn at y ${Math.round(big.end.y)}`);
  await page.setViewportSize(DESKTOP);
  await page.waitForFunction((h) => Math.abs(document.querySelector('[data-testid="board"]').getBoundingClientRect().height - h) < 1, withPrompt.board.h, { timeout: 5000 });
  await page.screenshot({ path: join(shots, "layout-prompt.png") });
  // Touch targets at every zoom the board reaches (issue 27): the legal intersections of Lea's first
  // settlement, then the legal edges of her first road, on the desktop and on two phones.
  notes.push(await checkBoardTargets(page, "Lea's first settlement"));
  const meFirst = { page, seat: 0 };
  for (const t1 = Date.now(); !(await frame(page)).legal.actions?.some((a) => a.type === "placeSetupRoad");) {
    check(Date.now() - t1 < 20000, "Lea comes to her first road within 20 s");
    if (!(await step(meFirst, { built: 1 }, null))) await sleep(40);
  }
  notes.push(await checkBoardTargets(page, "Lea's first road"));

  // The drawer opens over the game (the board does not move) and closes again; Escape closes it.
  await page.click(tid("room-drawer-button"));
  await page.waitForSelector(tid("room-panel"), { state: "visible", timeout: 3000 });
  check(await page.isVisible(tid("invite-link")) || await page.isVisible(tid("seats")), "the drawer holds the seats");
  same(withPrompt, await boxes(page), "drawer open");
  await page.screenshot({ path: join(shots, "layout-drawer.png") });
  await page.keyboard.press("Escape");
  await page.waitForSelector(tid("room-panel"), { state: "hidden", timeout: 3000 });

  // Nothing moves under Lea from here on (issue 27): layout shift added up, asserted at the end.
  await watchLayoutShift(page);
  // Play the setup and on to Lea's first main phase.
  const me = { page, seat: 0 };
  const goals = { built: 1 };  // no building: keep the turn simple
  const t0 = Date.now();
  let main = null;
  for (;;) {
    const f = await frame(page);
    if (f.view.active === 0 && (f.legal.actions ?? []).some((a) => a.type === "endTurn") && f.legal.offerTrade) { main = f; break; }
    check(Date.now() - t0 < 60000, "Lea reaches her main phase within 60 s");
    const did = await step(me, goals, null);
    if (!did) await sleep(40);
  }
  // Awards and tags never make a player's panel taller nor move the hand and the log (issue 27):
  // every seat given both awards' stars and the widest tags at once, in one synchronous layout pass.
  notes.push(await checkAwardsStill(page));
  // The hand shows what the roll gave ("+1 Brick") when it gave anything.
  if (goals.gainShown) {
    const handGain = await page.$$eval('[data-testid^="hand-gain-"]', (els) => els.map((e) => e.textContent));
    notes.push(`roll: panel "${goals.gainShown}", hand ${JSON.stringify(handGain)}`);
  }
  await page.waitForFunction(() => !document.querySelector('[data-testid="prompt"]')?.textContent, null, { timeout: 5000 });
  const plain = await boxes(page);
  same(withPrompt, plain, "prompt banner gone");

  // Player aids (issue 18). A greyed button says why; the cost card (key C) says per purchase
  // whether it can be made now, as the server's legal list says, or why not; the help (key ?) lists
  // the hotkeys; T opens the trade dialog. None of it moves the board or the buttons.
  check(await page.getAttribute(tid("action-roll"), "data-why") === "Already rolled this turn",
    `the greyed Roll button says why ("${await page.getAttribute(tid("action-roll"), "title")}")`);
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.keyboard.press("c");
  await page.waitForSelector(tid("cost-card"), { state: "visible", timeout: 3000 });
  const fc = await frame(page);
  const legalTypes = new Set((fc.legal.actions ?? []).map((a) => a.type));
  for (const [p, type] of [["road", "buildRoad"], ["settlement", "buildSettlement"], ["city", "buildCity"], ["devCard", "buyDevCard"]]) {
    const ok = await page.getAttribute(tid(`cost-${p}`), "data-ok");
    const why = await page.textContent(tid(`cost-${p}-why`));
    check(ok === String(legalTypes.has(type)), `cost card: ${p} ${ok} as the server says (${legalTypes.has(type)})`);
    check(why.length > 0, `cost card: ${p} says "${why}"`);
  }
  notes.push(`cost card: ${(await page.$$eval(`${tid("cost-card")} tr`, (rows) => rows.map((r) => r.textContent))).join(" | ")}`);
  same(plain, await boxes(page), "cost card open");
  await page.screenshot({ path: join(shots, "layout-costs.png") });
  await page.keyboard.press("?");
  await page.waitForSelector(tid("hotkey-help"), { state: "visible", timeout: 3000 });
  check(await page.$(tid("cost-card")) === null, "one aid panel at a time");
  await page.keyboard.press("Escape");
  await page.waitForSelector(tid("hotkey-help"), { state: "detached", timeout: 3000 });
  await page.keyboard.press("t");
  await page.waitForSelector(tid("trade-dialog"), { timeout: 3000 });
  await page.click(tid("trade-cancel"));
  await page.waitForSelector(tid("trade-dialog"), { state: "detached", timeout: 3000 });
  notes.push("aids: Roll says why it is greyed, C cost card, ? help, T trade dialog");

  // An error (an offer of cards Lea does not hold, refused by the server) is shown over the board.
  const hand = main.view.players[0].hand;
  const missing = RESOURCES.find((r) => !(hand[r] > 0));
  const held = RESOURCES.find((r) => hand[r] > 0);
  check(missing && held, `Lea holds some resources and lacks one (${JSON.stringify(hand)})`);
  await page.click(tid("trade-offer"));
  await page.waitForSelector(tid("trade-dialog"));
  await page.click(tid(`trade-give-${missing}-plus`));
  await page.click(tid(`trade-get-${held}-plus`));
  await page.click(tid("trade-send"));
  await page.waitForSelector(`${tid("game-error")}.shown`, { timeout: 5000 });
  await page.click(tid("trade-cancel"));
  same(plain, await boxes(page), "error shown");
  notes.push(await checkHarboursClear(page, "an error shown, desktop"));
  await page.screenshot({ path: join(shots, "layout-error.png") });

  // An open offer lies over the log beside the board (on a phone above the action bar): never over a harbour.
  const f1 = await frame(page);
  await page.click(tid("trade-offer"));
  await page.waitForSelector(tid("trade-dialog"));
  await page.click(tid(`trade-give-${held}-plus`));
  await page.click(tid(`trade-get-${missing}-plus`));
  await clickAndWait(page, tid("trade-send"), f1.version);
  await page.waitForSelector(tid("offer"), { timeout: 5000 });
  const withOffer = await boxes(page);
  same(plain, withOffer, "offer open");
  const offerBox = await page.$eval(tid("offer"), (e) => { const b = e.getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width, h: b.height }; });
  check(offerBox.y >= 0 && offerBox.y + offerBox.h <= DESKTOP.height, `the offer is inside the window (offer ${JSON.stringify(offerBox)})`);
  notes.push(await checkHarboursClear(page, "an open offer, desktop"));
  notes.push(await checkPiecesWithoutColour(page, "after the setup, desktop"));
  const offerSmall = await smallTargets(page, tid("offer"));
  check(offerSmall.length === 0, `the offer's buttons are at least 44 px (${offerSmall.join(", ")})`);
  await page.screenshot({ path: join(shots, "layout-offer.png") });
  // The same open offer on phones, a tall one (390×844) and short ones (375×667, 360×640): above the
  // action bar, under the board, never over a harbour or the board's bottom row. (The window is
  // resized for this look only; its reflow is no shift under the player, so it is left out of the sum.)
  const clsSaved = await page.evaluate(() => JSON.stringify(window.__cls));
  const phoneOffers = [];
  for (const phone of [{ width: 390, height: 844 }, { width: 375, height: 667 }, { width: 360, height: 640 }]) {
    const size = `${phone.width}×${phone.height}`;
    await page.setViewportSize(phone);
    await page.waitForFunction((w) => document.querySelector('[data-testid="board"]').getBoundingClientRect().width <= w, phone.width, { timeout: 5000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    notes.push(await checkHarboursClear(page, `an open offer, phone ${size}`));
    const offerSmallPhone = await smallTargets(page, tid("offer"));
    check(offerSmallPhone.length === 0, `the offer's buttons are at least 44 px on a phone ${size} (${offerSmallPhone.join(", ")})`);
    // The panel (its text scrolls inside) lies between the board and the action bar; its buttons are in sight in it.
    const o = await page.$eval(".hx-offer-slot", (e) => { const b = e.getBoundingClientRect();
      const btns = [...e.querySelectorAll(".hx-offer-buttons button")].map((x) => x.getBoundingClientRect());
      return { top: Math.round(b.top), bottom: Math.round(b.bottom), h: innerHeight, buttons: btns.length,
        buttonsInside: btns.every((x) => x.top >= b.top - 0.5 && x.bottom <= b.bottom + 0.5) }; });
    check(o.top >= 0 && o.bottom <= o.h - 60 && o.buttons > 0 && o.buttonsInside, `the offer panel and its buttons are inside the window, above the action bar, at ${size} (${JSON.stringify(o)})`);
    phoneOffers.push(`${size} y ${o.top}..${o.bottom}`);
    await page.screenshot({ path: join(shots, phone.height === 844 ? "layout-offer-phone.png" : `layout-offer-phone-${phone.width}x${phone.height}.png`) });
  }
  const phoneOffer = phoneOffers.join("; ");
  await page.setViewportSize(DESKTOP);
  await page.waitForFunction((h) => Math.abs(document.querySelector('[data-testid="board"]').getBoundingClientRect().height - h) < 1, plain.board.h, { timeout: 5000 });
  await page.evaluate((s) => { window.__cls.value = JSON.parse(s).value; window.__cls.shifts = JSON.parse(s).shifts; }, clsSaved);
  same(plain, await boxes(page), "back from the phone size, offer open");
  notes.push(`open offer: desktop ${JSON.stringify(offerBox)} (over the log), phone ${phoneOffer}`);
  notes.push(`board top ${withPrompt.board.y} / ${plain.board.y} / ${withOffer.board.y} and End turn y ${withPrompt.end.y} / ${plain.end.y} / ${withOffer.end.y} (prompt / none / error+offer)`);
  // Withdraw it (or it was already carried out by a bot's answer and Lea confirms nothing).
  const f2 = await frame(page);
  if ((f2.legal.actions ?? []).some((a) => a.type === "withdrawOffer")) await clickAndWait(page, tid("offer-withdraw"), f2.version).catch(() => {});

  // The log's newest line and the chat are inside the window.
  const inside = (sel) => page.$eval(sel, (e) => { const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= window.innerHeight && b.height > 0 ? "ok" : `${b.top}..${b.bottom}`; });
  await page.waitForSelector(`${tid("log")} li`, { timeout: 5000 });
  check(await inside(`${tid("log")} li:last-child`) === "ok", `the newest log line is inside the window (${await inside(`${tid("log")} li:last-child`)})`);
  await page.click(tid("tab-chat"));
  await page.fill(tid("chat-input"), "hello table");
  await page.click(tid("chat-send"));
  await page.waitForSelector(`${tid("chat-log")} >> text=hello table`, { timeout: 5000 });
  check(await inside(`${tid("chat-log")} .chat-line:last-child`) === "ok", "the newest chat line is inside the window");
  check(await inside(tid("chat-input")) === "ok", "the chat input is inside the window");
  same(plain, await boxes(page), "chat tab");
  await page.screenshot({ path: join(shots, "layout-chat.png") });
  await page.click(tid("tab-log"));

  // The same in Traditional and Simplified Chinese: the tabs and the drawer button are translated.
  for (const [l, word] of [["zh-Hant", "紀錄"], ["zh-Hans", "记录"]]) {
    await page.selectOption(tid("lang-select"), l);
    await page.waitForSelector(`${tid("tab-log")} >> text=${word}`, { timeout: 3000 });
    // Labels differ in width: the buttons keep their row (y, height) and End turn its right edge.
    same(plain, await boxes(page), `language ${l}`, { board: ["x", "y", "w", "h"], end: ["y", "h", "r"], roll: ["x", "y", "h"] });
  }
  await page.screenshot({ path: join(shots, "layout-zh.png") });
  await page.selectOption(tid("lang-select"), "en");

  // Sounds: off by default; the toggle turns them on and is remembered across a reload.
  check(await page.getAttribute(tid("sound-toggle"), "aria-pressed") === "false", "sounds are off by default");
  await page.click(tid("sound-toggle"));
  check(await page.getAttribute(tid("sound-toggle"), "aria-pressed") === "true", "the toggle turns sounds on");
  check(await page.evaluate(() => localStorage.getItem("hexhall.sound")) === "on", "the choice is stored");

  // Pacing: Lea ends her turn; the bots' actions arrive at once but are shown one at a time, at
  // least 300 ms apart (never delayed state: the frame is already applied), named over the board;
  // "skip" shows everything queued at once.
  await page.evaluate(() => {
    const game = document.querySelector('[data-testid="game"]');
    window.__shown = [];
    new MutationObserver(() => window.__shown.push([performance.now(), Number(game.getAttribute("data-shown-version"))]))
      .observe(game, { attributes: true, attributeFilter: ["data-shown-version"] });
  });
  const f3 = await frame(page);
  await clickAndWait(page, tid("action-end"), f3.version);
  await page.waitForSelector(tid("pacing-skip"), { state: "visible", timeout: 10000 });
  await page.waitForSelector(tid("action-ticker"), { state: "visible", timeout: 5000 });
  const ticker = await page.textContent(tid("action-ticker"));
  check(/Heuristic bot/.test(ticker), `the caption names the bot that acted, in the player's language ("${ticker}")`);
  await page.waitForFunction((v) => window.__shown.filter(([, x]) => x > v).length >= 3, f3.version, { timeout: 10000 });
  const [all, applied, pending] = await page.evaluate(() => [window.__shown.slice(), window.hexhall.room.game.frameNow.version,
    Number(document.querySelector('[data-testid="game"]').getAttribute("data-pending"))]);
  // From Lea's own End turn on (anything queued before it was shown at once when she acted).
  const shown = all.slice(all.findIndex(([, v]) => v > f3.version));
  check(shown.length >= 3, `the bots' actions were shown (${JSON.stringify(all)})`);
  const gaps = shown.slice(1).map(([t], i) => t - shown[i][0]);
  check(gaps.every((g) => g >= 280), `paced actions are at least 300 ms apart (${gaps.map(Math.round)})`);
  check(pending === 0 || applied > shown.at(-1)[1], `the state runs ahead of the display (applied v${applied}, shown v${shown.at(-1)[1]}, ${pending} waiting)`);
  notes.push(await checkHarboursClear(page, "the bots' paced turn, desktop"));
  await page.screenshot({ path: join(shots, "layout-pacing.png") });
  const afterSkip = await page.evaluate(() => {
    document.querySelector('[data-testid="pacing-skip"]').click();
    const game = document.querySelector('[data-testid="game"]');
    return { pending: game.getAttribute("data-pending"), hidden: document.querySelector('[data-testid="pacing-skip"]').hidden };
  });
  check(afterSkip.pending === "0" && afterSkip.hidden, `skip shows everything at once (${JSON.stringify(afterSkip)})`);
  notes.push(`pacing: gaps ${gaps.map(Math.round).join(", ")} ms; caption "${ticker}"`);
  notes.push(await checkLayoutShift(page, "Catan, desktop, setup to the bots' paced turn"));
  await page.reload();
  await page.waitForSelector(`${tid("sound-toggle")}[aria-pressed="true"]`, { timeout: 10000 });
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  return notes;
}

/**
 * Gives every player's panel, for one layout pass, what an award or a tag adds (the Longest Road and
 * Largest Army stars held, "Discard 12" and "⚠ 2" at the stats row's end), then puts it back; checks
 * that no panel grows, the hand and the log stay where they were, each stats row stays one line with
 * every value and tag inside its panel. Fails when the stars or the tag slot are missing.
 */
async function checkAwardsStill(page) {
  const r = await page.evaluate(() => {
    const rect = (el) => el.getBoundingClientRect();
    const cards = [...document.querySelectorAll('[data-testid="players"] .hx-player')];
    const hand = document.querySelector(".hx-hand-slot"), log = document.querySelector(".hx-tabbox");
    const before = { cards: cards.map((c) => rect(c).height), hand: rect(hand).top, log: rect(log).top };
    const stars = cards.flatMap((c) => [...c.querySelectorAll(".hx-award-star")]);
    const slots = cards.map((c) => c.querySelector(".hx-player-tags")).filter(Boolean);
    const added = [];
    for (const st of stars) { st.classList.add("held"); st.parentElement.classList.add("awarded"); }
    for (const slot of slots) for (const text of ["Discard 12", "⚠ 2"]) {
      const tag = Object.assign(document.createElement("span"), { className: "hx-tag warn", textContent: text });
      slot.append(tag); added.push(tag);
    }
    const problems = [];
    cards.forEach((c, i) => {
      const cr = rect(c), row = c.querySelector(".hx-player-stats"), rr = rect(row);
      if (Math.abs(cr.height - before.cards[i]) > 0.5) problems.push(`panel ${i} ${before.cards[i]} → ${cr.height} px tall`);
      for (const el of [...row.querySelectorAll("b, .hx-tag, .hx-award-star")]) {
        const b = rect(el);
        if (b.top < rr.top - 0.5 || b.bottom > rr.bottom + 0.5 || b.left < cr.left || b.right > cr.right)
          problems.push(`panel ${i}: "${el.textContent}" outside its one-line row or panel`);
      }
    });
    const after = { hand: rect(hand).top, log: rect(log).top };
    if (Math.abs(after.hand - before.hand) > 0.5 || Math.abs(after.log - before.log) > 0.5)
      problems.push(`hand ${before.hand} → ${after.hand}, log ${before.log} → ${after.log}`);
    for (const st of stars) { st.classList.remove("held"); st.parentElement.classList.remove("awarded"); }
    for (const tag of added) tag.remove();
    return { cards: cards.length, stars: stars.length, slots: slots.length, problems, heights: before.cards };
  });
  check(r.cards >= 2 && r.stars === 2 * r.cards && r.slots === r.cards,
    `every player's panel has both awards' stars and a tag slot (${r.cards} panels, ${r.stars} stars, ${r.slots} slots)`);
  check(r.problems.length === 0, `awards and tags move nothing: ${r.problems.join("; ")}`);
  return `awards and tags on all ${r.cards} panels: heights ${r.heights.map((h) => h.toFixed(1)).join(", ")} px unchanged, hand and log still`;
}
