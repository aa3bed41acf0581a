// Catan's development cards and a trade accepted, from the keyboard only, in a LIVE game (issue 27):
// Kim names herself, creates a room in the lobby (seed 5, heuristic bots fill the seats) and starts
// it, all by keys, and plays against the real server until she has bought a development card with
// the Buy button and played one she held from an earlier turn (Knight, Road Building, Year of Plenty
// or Monopoly, each with what follows it: the robber's hex and victim, the two free roads, the
// dialog's picks) — and a trade with another seat has been accepted by keyboard: a bot's offer she
// accepts (Accept), or her own offer (T, + buttons, Send) a bot accepts and she confirms ("Confirm
// with …"). On the way she gathers Ore, Wool and Grain by offers to the table and 4:1 trades with the
// bank (B); she rolls (R), discards, moves the robber and ends her turns (E). Tab, Enter, Space and the
// table's hotkeys only, never a click: a target Tab cannot reach fails the scenario. Each action is
// checked to have been applied by the server (a new version; the card bought in her hand, the card
// played gone from it). axe-core runs on the live table with the cards in hand.
// (`keyboard-catan-cards` covers every card's dialog on a table given all four in the dev harness.)
import { join } from "node:path";
import { check, checkAxe, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { keyOn, keyOnOffer, startTableByKeys } from "../../../../tests/browser/keyboard.mjs";

const DESKTOP = { width: 1280, height: 800 };
const RESOURCES = ["lumber", "wool", "grain", "brick", "ore"];
const DEV = ["ore", "wool", "grain"];  // a development card's cost (CAT-12.1)
const PLAYS = { playKnight: "action-play-knight", playRoadBuilding: "action-play-road-building",
  playYearOfPlenty: "action-play-year-of-plenty", playMonopoly: "action-play-monopoly" };
const BUDGET_MS = 300000;
const held = (p) => Object.values(p.devCards ?? {}).reduce((a, b) => a + b, 0);

export async function keyboardCatanLive({ browser, base, shots }) {
  const notes = [];
  const P = await openPage(browser, base + "/", DESKTOP, "Kim");
  const page = P.page;
  await startTableByKeys(page, { name: "Kim", seed: 5 });
  const me = (await waitFrame(page, (f) => f.seat >= 0 && f.view?.players, "Kim's game")).seat;
  await page.waitForSelector(tid("game"));

  const done = { bought: 0, played: [], accepted: [], offered: 0, bank: 0, rolled: 0, ended: 0, robber: 0, discarded: 0 };
  let tabs = 0, axed = false, offeredAt = -1, playing = null, retries = 0;
  const t0 = Date.now();
  const moved = (f, what) => waitFrame(page, (g) => g.version > f.version, what, 15000);
  const blur = () => page.evaluate(() => document.activeElement?.blur?.());
  // (a played Knight's robber and Road Building's roads are part of playing it)
  const followed = () => !playing || (playing.card === "playKnight" ? typeof playing.robber === "number"
    : playing.card === "playRoadBuilding" ? (playing.roads ?? 0) >= 2 : true);
  while (!done.bought || !done.played.length || !done.accepted.length || !followed()) {
    check(Date.now() - t0 < BUDGET_MS, `keyboard play did not finish in ${BUDGET_MS / 1000} s: ${JSON.stringify(done)}`);
    const f = await frame(page);
    if (f.view.phase === "gameOver") break;
    const acts = f.legal.actions ?? [];
    const has = (type) => acts.some((a) => a.type === type);
    const mine = f.view.players[me];
    const hand = mine.hand ?? {};
    const o = f.view.offer;
    if (f.legal.discard > 0) {
      await page.waitForSelector(tid("discard-dialog"), { timeout: 5000 });
      let left = f.legal.discard;
      // (keep what a development card costs as long as possible)
      const order = [...RESOURCES.filter((r) => !DEV.includes(r)), ...DEV];
      for (const r of order) for (let i = 0; i < (hand[r] || 0) && left > 0; i++, left--) tabs += await keyOn(page, tid(`discard-${r}-plus`), "a discard +");
      tabs += await keyOn(page, tid("discard-confirm"), "the discard's Confirm");
      await moved(f, "the discard");
      done.discarded++;
    } else if (has("placeSetupSettlement") || has("placeSetupRoad") || (f.view.phase === "roadBuilding" && has("buildRoad"))) {
      const kind = has("placeSetupSettlement") ? "intersection" : "edge";
      tabs += await keyOn(page, `[data-testid^="${kind}-"][data-legal="1"]`, `a legal ${kind} on the board`);
      await moved(f, `the ${kind}`);
      if (f.view.phase === "roadBuilding") playing.roads = (playing.roads ?? 0) + 1;
    } else if (has("moveRobber")) {
      const withVictim = acts.find((a) => a.type === "moveRobber" && a.victim !== undefined && a.victim !== null);
      const hex = (withVictim ?? acts.find((a) => a.type === "moveRobber")).hex;
      tabs += await keyOn(page, tid(`robber-hex-${hex}`), `hex ${hex} for the robber`);
      if (acts.filter((a) => a.type === "moveRobber" && a.hex === hex).length > 1) {
        await page.waitForSelector(tid("victim-dialog"), { timeout: 5000 });
        tabs += await keyOn(page, '[data-testid="victim-dialog"] [data-testid^="victim-"]:not([data-testid="victim-none"])', "a victim to rob");
      }
      const g = await moved(f, "the robber's move");
      check(g.view.robber === hex, `the robber stands on hex ${hex} chosen by keyboard (it is on ${g.view.robber})`);
      if (playing?.card === "playKnight") playing.robber = hex;
      done.robber++;
    } else if (o && o.from !== me && has("acceptOffer")) {
      // A bot's offer Kim can meet: Accept, by keys; the offerer then confirms (or trades with another).
      const n = await keyOnOffer(page, tid("offer-accept"), "the offer's Accept", f.view);
      if (n === null) continue;  // (the offer closed before Tab reached its button)
      tabs += n;
      // (other seats' answers may come first: until Kim's is in, or the offer is closed. While the
      // table still shows the bots' earlier moves its Accept may answer an offer already replaced,
      // which the server refuses (offer_closed): then she answers again, three times at most.)
      const g = await waitFrame(page, (x) => !x.view.offer || x.view.offer.responses?.[me] !== "none", "Kim's acceptance", 6000).catch(() => null);
      if (!g) { check(++retries <= 3, "Kim's Accept reached the server within three tries"); continue; }
      // Counted when the server shows her answer "accepted", or the cards changed hands with her;
      // an offer closed meanwhile (another seat's trade confirmed first) counts for nothing.
      const traded = !g.view.offer && RESOURCES.every((r) => (g.view.players[me].hand[r] ?? 0) === (hand[r] ?? 0) + (o.give[r] ?? 0) - (o.get[r] ?? 0));
      if (g.view.offer) check(g.view.offer.responses[me] === "accepted", `Kim's Accept reached the server (${JSON.stringify(g.view.offer.responses)})`);
      if (g.view.offer || traded) done.accepted.push(`accepted seat ${o.from}'s offer ${JSON.stringify(o.give)} for ${JSON.stringify(o.get)}${traded ? ", traded" : ""}`);
    } else if (o && o.from !== me && has("rejectOffer")) {
      const n = await keyOnOffer(page, tid("offer-reject"), "the offer's Reject", f.view);
      if (n === null) continue;
      tabs += n;
      await moved(f, "the answer to an offer");
    } else if (o && o.from === me && has("confirmTrade")) {
      // Her own offer, accepted by a bot: Confirm with it, by keys; the cards change hands.
      const c = acts.find((a) => a.type === "confirmTrade");
      tabs += await keyOn(page, tid(`offer-confirm-${c.with}`), "Confirm with the accepting seat");
      const g = await moved(f, "the confirmed trade");
      const got = RESOURCES.filter((r) => (o.get[r] ?? 0) > 0);
      check(got.every((r) => (g.view.players[me].hand[r] ?? 0) === (hand[r] ?? 0) + o.get[r]), `the trade confirmed by keys gave Kim ${JSON.stringify(o.get)}`);
      done.accepted.push(`seat ${c.with} accepted Kim's offer ${JSON.stringify(o.give)} for ${JSON.stringify(o.get)}, confirmed`);
    } else if (o && o.from === me && has("withdrawOffer")) {
      // Nobody accepted (every addressee answered): Withdraw, by keys.
      if ((o.to ?? []).every((s) => o.responses?.[s] && o.responses[s] !== "none")) {
        tabs += await keyOn(page, tid("offer-withdraw"), "the offer's Withdraw");
        await moved(f, "the withdrawal");
      } else await sleep(40);
    } else if (has("rollDice")) {
      await blur();
      await page.keyboard.press("r");
      await moved(f, "the roll");
      done.rolled++;
    } else if (!done.played.length && Object.keys(PLAYS).some(has)) {
      // A card she held from an earlier turn: its button by Tab and Enter, then what it asks.
      const type = Object.keys(PLAYS).find(has);
      if (!axed) { notes.push(await checkAxe(page, "Catan live table, Kim holding a development card")); axed = true; }
      const before = mine.devCards ?? {};
      tabs += await keyOn(page, tid(PLAYS[type]), `the ${type} button`);
      playing = { card: type };
      if (type === "playYearOfPlenty") {
        await page.waitForSelector(tid("yop-dialog"), { timeout: 3000 });
        const [a, b] = DEV.filter((r) => !(hand[r] > 0)).concat(DEV).slice(0, 2);
        tabs += await keyOn(page, tid(`yop-pick-${a}`), `Year of Plenty: ${a}`);
        tabs += await keyOn(page, tid(`yop-pick-${b}`), `Year of Plenty: ${b}`, " ");
        tabs += await keyOn(page, tid("yop-take"), "Year of Plenty: Take");
        playing.took = [a, b];
      } else if (type === "playMonopoly") {
        await page.waitForSelector(tid("monopoly-dialog"), { timeout: 3000 });
        tabs += await keyOn(page, tid("monopoly-wool"), "Monopoly: Wool");
        playing.named = "wool";
      }
      const g = await moved(f, `the ${type}`);
      const card = { playKnight: "knight", playRoadBuilding: "roadBuilding", playYearOfPlenty: "yearOfPlenty", playMonopoly: "monopoly" }[type];
      check((g.view.players[me].devCards?.[card] ?? 0) === (before[card] ?? 0) - 1, `the ${card} card left Kim's hand (${JSON.stringify(g.view.players[me].devCards)})`);
      if (type === "playYearOfPlenty") {
        const want = {}; for (const r of playing.took) want[r] = (want[r] ?? 0) + 1;
        check(Object.entries(want).every(([r, n]) => (g.view.players[me].hand[r] ?? 0) === (hand[r] ?? 0) + n), `Year of Plenty gave Kim ${playing.took.join(" and ")}`);
      }
      done.played.push(card);
      await page.screenshot({ path: join(shots, "keyboard-catan-live-played.png") });
    } else if (has("buyDevCard") && (!done.bought || (!done.played.length && held(mine) < 3))) {
      // Buy by the button (Tab, Enter): the card is in her hand, not playable this turn.
      const before = held(mine);
      tabs += await keyOn(page, tid("action-buy-dev"), "Buy development card");
      const g = await moved(f, "the purchase");
      check(held(g.view.players[me]) === before + 1, `the bought card is in Kim's hand (${JSON.stringify(g.view.players[me].devCards)})`);
      done.bought++;
    } else if (has("endTurn") && f.legal.offerTrade && offeredAt !== done.rolled && !o
               && DEV.some((r) => !(hand[r] > 0)) && RESOURCES.some((r) => (hand[r] ?? 0) > (DEV.includes(r) ? 1 : 0))) {
      // An offer to the table for what a card still needs: T, one card given and one asked for, Send.
      const getR = DEV.find((r) => !(hand[r] > 0));
      const giveR = RESOURCES.filter((r) => (hand[r] ?? 0) > (DEV.includes(r) ? 1 : 0)).sort((x, y) => hand[y] - hand[x])[0];
      offeredAt = done.rolled;
      await blur();
      await page.keyboard.press("t");
      await page.waitForSelector(tid("trade-dialog"), { timeout: 3000 });
      tabs += await keyOn(page, tid(`trade-give-${giveR}-plus`), `the offer's + ${giveR}`);
      tabs += await keyOn(page, tid(`trade-get-${getR}-plus`), `the offer's + ${getR}`, " ");
      tabs += await keyOn(page, tid("trade-send"), "the offer's Send");
      const g = await moved(f, "the offer");
      check(g.view.offer?.from === me || g.version > f.version + 1, `Kim's offer reached the table (${JSON.stringify(g.view.offer)})`);
      done.offered++;
    } else if (has("endTurn") && DEV.some((r) => !(hand[r] > 0))
               && acts.some((a) => a.type === "bankTrade" && DEV.includes(Object.keys(a.get)[0]) && !(hand[Object.keys(a.get)[0]] > 0)
                 && Object.keys(a.give).every((r) => !DEV.includes(r) || hand[r] - a.give[r] >= 1))) {
      // The bank (B): a trade for a missing card, paid with what a card does not need.
      const a = acts.find((x) => x.type === "bankTrade" && DEV.includes(Object.keys(x.get)[0]) && !(hand[Object.keys(x.get)[0]] > 0)
        && Object.keys(x.give).every((r) => !DEV.includes(r) || hand[r] - x.give[r] >= 1));
      await blur();
      await page.keyboard.press("b");
      await page.waitForSelector(tid("bank-dialog"), { timeout: 3000 });
      tabs += await keyOn(page, tid(`bank-${Object.keys(a.give)[0]}-${Object.keys(a.get)[0]}`), "a trade in the bank dialog");
      await moved(f, "the bank trade");
      if (await page.$(tid("bank-dialog"))) await page.keyboard.press("Escape");
      done.bank++;
    } else if (has("endTurn") && f.view.active === me) {
      await page.keyboard.press("Escape");
      await page.keyboard.press("e");
      await moved(f, "the end of the turn");
      done.ended++;
    } else await sleep(40);
  }
  check(done.bought >= 1 && done.played.length >= 1, `a development card bought and one played by keyboard in a live game (${JSON.stringify(done)})`);
  check(done.accepted.length >= 1, `a trade accepted by keyboard in a live game (${JSON.stringify(done)})`);
  if (playing?.card === "playKnight") check(typeof playing.robber === "number", "the Knight's robber was moved by keys");
  if (playing?.card === "playRoadBuilding") check(playing.roads >= 2, "Road Building's two roads were placed by keys");
  check(axed, "axe-core ran on the live table");
  notes.push(`live game by keyboard only: ${JSON.stringify(done)}${playing ? `; played ${JSON.stringify(playing)}` : ""}; ${tabs} Tab presses`);
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  return notes;
}
