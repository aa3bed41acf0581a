// Plays a human seat through the UI: reads the page's legal actions, then clicks the element that
// performs one (an intersection, an edge, a hex, a button, a dialog). `goals` steers what it tries
// (build, bank trade, offer a trade to the other human, buy a card) and records what happened.
import { check, clickAndWait, frame, Raced, sleep, tid } from "./lib.mjs";

const RESOURCES = ["lumber", "wool", "grain", "brick", "ore"];
const sum = (o) => Object.values(o || {}).reduce((a, b) => a + b, 0);

/** One decision for the player on `p.page`; returns a short description of what it did, or "". */
export async function step(p, goals, other) {
  try {
    return await decide(p, goals, other);
  } catch (e) {
    if (e instanceof Raced) { await closeDialogs(p.page); return "raced: " + e.message; }
    // A dialog that vanished because the game moved on is a race too.
    const before = goals.lastVersion;
    const f = await frame(p.page);
    if (f && before !== undefined && f.version > before && /Timeout|detached|not attached/.test(String(e))) {
      await closeDialogs(p.page);
      return "raced: " + String(e).split("\n")[0];
    }
    throw e;
  }
}

/** After answering offer `id` (CAT-9.8): while it is still open, `legal` lists no answer for this
 *  seat and the offer box shows no accept / reject / counter buttons. */
async function answeredOnce(page, after, id, goals) {
  const stillOpen = (f) => f && f.view.offer && f.view.offer.id === id;
  // The first newer frame may be another seat's move: wait for the one that records our answer.
  const answered = (f) => { const r = f.view.offer.responses?.[f.seat]; return r !== undefined && r !== null && r !== "none" && r !== "pending"; };
  for (const end = Date.now() + 5000; stillOpen(after) && !answered(after) && Date.now() < end;) {
    await sleep(20);
    after = await frame(page);
  }
  if (!stillOpen(after)) return;
  const answers = (after.legal.actions || []).filter((a) => a.type === "acceptOffer" || a.type === "rejectOffer");
  check(answers.length === 0 && !after.legal.counterOffer, `legal still lists answers to offer ${id} after answering it`);
  const end = Date.now() + 3000;
  for (;;) {
    const f = await frame(page);
    if (!stillOpen(f)) return;
    const buttons = await page.$$(`${tid("offer-accept")}, ${tid("offer-reject")}, ${tid("offer-counter")}`);
    if (buttons.length === 0) break;
    check(Date.now() < end, `answer buttons still shown for offer ${id} after answering it`);
    await sleep(50);
  }
  goals.answeredOnce = (goals.answeredOnce || 0) + 1;
}

async function closeDialogs(page) {
  for (const kind of ["bank", "trade", "counter", "yop", "monopoly"]) {
    const b = await page.$(tid(`${kind}-cancel`));
    if (b) await b.click().catch(() => {});
  }
}

async function decide(p, goals, other) {
  const page = p.page;
  const f = await frame(page);
  if (!f || f.seat < 0) return "";
  const v = f.view, L = f.legal, acts = L.actions || [];
  const of = (type) => acts.filter((a) => a.type === type);
  const me = v.players[f.seat];
  goals.lastVersion = f.version;
  if (v.phase === "gameOver") return "";

  if (L.discard > 0) {
    await page.waitForSelector(tid("discard-dialog"), { timeout: 5000 });
    let left = L.discard;
    for (const r of RESOURCES) {
      for (let i = 0; i < (me.hand[r] || 0) && left > 0; i++, left--) await page.click(tid(`discard-${r}-plus`));
    }
    await clickAndWait(page, tid("discard-confirm"), f.version);
    goals.discarded = (goals.discarded || 0) + 1;
    return `discarded ${L.discard}`;
  }
  if (of("placeSetupSettlement").length) {
    const a = pick(of("placeSetupSettlement"), f.version);
    await clickAndWait(page, tid(`intersection-${a.intersection}`), f.version);
    return `setup settlement ${a.intersection}`;
  }
  if (of("placeSetupRoad").length) {
    const a = of("placeSetupRoad")[0];
    await clickAndWait(page, tid(`edge-${a.edge}`), f.version);
    return `setup road ${a.edge}`;
  }
  if (of("moveRobber").length) {
    const options = of("moveRobber");
    // Prefer a hex where somebody can be robbed.
    const a = options.find((x) => typeof x.victim === "number") || options[0];
    await page.click(tid(`robber-hex-${a.hex}`));
    const sameHex = options.filter((x) => x.hex === a.hex);
    if (sameHex.length > 1 || typeof a.victim === "number") {
      const victim = typeof a.victim === "number" ? `victim-${a.victim}` : "victim-none";
      const got = await Promise.race([
        page.waitForSelector(tid(victim), { timeout: 3000 }).then(() => true, () => false),
        waitVersion(page, f.version, 3000).then(() => false),
      ]);
      if (got) {
        await clickAndWait(page, tid(victim), f.version);
        // The thief is told which card was taken, over the board (issue 18).
        if (typeof a.victim === "number" && !goals.stealNotice) {
          const notice = await page.waitForSelector(`${tid("steal-notice")}[data-role="thief"]:not([hidden])`, { timeout: 3000 }).catch(() => null);
          if (notice) {
            const text = await notice.textContent();
            check(/lumber|wool|grain|brick|ore/i.test(text), `the steal notice names the card ("${text}")`);
            goals.stealNotice = text;
          }
        }
      }
    } else await waitVersion(page, f.version, 5000);
    goals.robbed = (goals.robbed || 0) + 1;
    return `robber to ${a.hex}, victim ${a.victim}`;
  }
  if (v.offer && v.offer.from !== f.seat) {
    // An offer to this seat: accept the other human's offer; counter a bot's offer once (goals.counter),
    // else reject bots' offers. Answers name the offer they answer (its id).
    const fromHuman = other && v.offer.from === other.seat;
    if (fromHuman && of("acceptOffer").length) {
      const after = await clickAndWait(page, tid("offer-accept"), f.version);
      await answeredOnce(page, after, v.offer.id, goals);
      return "accepted the offer";
    }
    if (!fromHuman && goals.counter && !goals.countered && L.counterOffer && of("acceptOffer").length) {
      // The composer opens with the offer's terms seen from this side; sending them is a counter.
      await page.click(tid("offer-counter"));
      await page.waitForSelector(tid("counter-dialog"), { timeout: 3000 });
      const after = await clickAndWait(page, tid("counter-send"), f.version);
      if (after.view.offer && after.view.offer.id === v.offer.id) {
        check(after.view.offer.responses[f.seat] === "countered", "the counter-offer was recorded against the offer it answers");
        goals.countered = true;
      }
      await answeredOnce(page, after, v.offer.id, goals);
      return `countered offer ${v.offer.id}`;
    }
    if (of("rejectOffer").length) {
      const after = await clickAndWait(page, tid("offer-reject"), f.version);
      await answeredOnce(page, after, v.offer.id, goals);
      return "rejected an offer";
    }
    return "";
  }
  if (of("confirmTrade").length) {
    const a = of("confirmTrade")[0];
    await clickAndWait(page, tid(`offer-confirm-${a.with}`), f.version);
    goals.domestic = true;
    return `confirmed the trade with seat ${a.with}`;
  }
  if (v.offer && v.offer.from === f.seat) {
    const answered = Object.entries(v.offer.responses || {}).filter(([s]) => v.offer.to.includes(Number(s)));
    if (answered.every(([, r]) => r === "rejected") && of("withdrawOffer").length) {
      await clickAndWait(page, tid("offer-withdraw"), f.version);
      goals.offerTries = (goals.offerTries || 0) + 1;
      return "withdrew the offer";
    }
    return "";  // waiting for answers
  }
  if (of("rollDice").length) {
    const after = await clickAndWait(page, tid("action-roll"), f.version);
    const d = after.view.dice;
    goals.rolls = (goals.rolls || 0) + 1;
    if (d && d[0] + d[1] === 7) goals.sevens = (goals.sevens || 0) + 1;
    // The hexes that produce light up after the roll (issue 18): exactly those with the number rolled.
    if (d && d[0] + d[1] !== 7 && !goals.producingShown) {
      const sum = d[0] + d[1];
      const expected = (after.view.board?.numbers ?? []).flatMap((n, h) => (n === sum && h !== after.view.robber ? [h] : []));
      if (expected.length) {
        await page.waitForSelector(tid(`producing-${expected[0]}`), { timeout: 2000 });
        const lit = await page.$$eval('[data-testid^="producing-"]', (els) => els.map((e) => Number(e.getAttribute("data-testid").split("-")[1])).sort((a, b) => a - b));
        check(JSON.stringify(lit) === JSON.stringify(expected), `the producing hexes are lit (${lit} vs ${expected})`);
        goals.producingShown = lit.length;
      }
    }
    // What this seat received shows on its panel ("+1 Brick").
    const total = (hand) => Object.values(hand || {}).reduce((a, b) => a + b, 0);
    if (d && d[0] + d[1] !== 7 && !goals.gainShown && total(after.view.players[f.seat].hand) > total(me.hand)) {
      const badge = await page.waitForSelector(tid(`gain-${f.seat}`), { timeout: 2000 });
      const text = await badge.textContent();
      check(/^\+\d/.test(text), `the gain is shown on the panel ("${text}")`);
      goals.gainShown = text;
      // …and on the hand's cards ("+1 Brick" over the hand, a "+1" badge on the card).
      const delta = await page.waitForSelector(tid("hand-delta"), { timeout: 2000 });
      check(/\+\d/.test(await delta.textContent()), `the gain is shown on the hand ("${await delta.textContent()}")`);
      check((await page.$$('[data-testid^="hand-gain-"]')).length > 0, "a gained card carries a badge");
      if (process.env.DEBUG_GAIN) console.log("gain shown", text);
    }
    return `rolled ${d}`;
  }
  if (v.active !== f.seat) return "";

  // Main phase, this seat's turn.
  if (!goals.built || goals.keepBuilding) {
    for (const [kind, type, key] of [["city", "buildCity", "intersection"], ["settlement", "buildSettlement", "intersection"], ["road", "buildRoad", "edge"]]) {
      const list = of(type);
      if (!list.length) continue;
      await page.click(tid(`action-build-${kind}`));
      const prefix = key === "intersection" ? "intersection" : "edge";
      await clickAndWait(page, tid(`${prefix}-${list[0][key]}`), f.version);
      goals.built = (goals.built || 0) + 1;
      return `built a ${kind}`;
    }
  }
  if (!goals.bank && of("bankTrade").length) {
    await page.click(tid("bank-trade"));
    await page.waitForSelector(tid("bank-dialog"), { timeout: 3000 });
    const a = of("bankTrade").find((x) => Object.keys(x.give).length === 1 && Object.keys(x.get).length === 1 && sum(x.get) === 1);
    const g = Object.keys(a.give)[0], r = Object.keys(a.get)[0];
    await clickAndWait(page, tid(`bank-${g}-${r}`), f.version);
    // What the trade cost shows on the hand ("−4 Wool"), and what it bought ("+1 Ore").
    const lost = await page.waitForSelector(`${tid(`hand-gain-${g}`)}.down`, { timeout: 2000 });
    check((await lost.textContent()).startsWith("−"), `the loss is shown on the ${g} card`);
    goals.bankLossShown = await page.textContent(tid("hand-delta"));
    goals.bank = true;
    return `bank trade ${JSON.stringify(a.give)} for ${r}`;
  }
  // A bundle through the steppers (one card per step, CAT-9.14): 4 of a kind at 4:1, which stays
  // available beside any harbor's rate (CAT-9.9); the dialog says what the bundle buys.
  if (goals.bank && !goals.bankBundle && L.bankTradeBundles && (goals.bankBundleTries || 0) < 2) {
    const x = RESOURCES.find((r) => (me.hand[r] || 0) >= 4);
    const y = RESOURCES.find((r) => r !== x && (v.bank?.[r] ?? 1) > 0);
    if (x && y) {
      goals.bankBundleTries = (goals.bankBundleTries || 0) + 1;
      await page.click(tid("bank-trade"));
      await page.waitForSelector(tid("bank-dialog"), { timeout: 3000 });
      await page.click(`${tid("bank-bundle")} > summary`);
      for (let i = 0; i < 4; i++) await page.click(tid(`bank-give-${x}-plus`));
      const buys = await page.textContent(tid("bank-bundle-buys"));
      check(/\b1\b/.test(buys), `4 ${x} buy one card (${buys})`);
      await page.click(tid(`bank-get-${y}-plus`));
      await clickAndWait(page, tid("bank-bundle-send"), f.version);
      goals.bankBundle = true;
      return `bank bundle 4 ${x} for 1 ${y}`;
    }
  }
  if (goals.offerTo !== undefined && !goals.domestic && (goals.offerTries || 0) < 4 && L.offerTrade && other) {
    const theirs = await frame(other.page);
    const theirHand = theirs?.view.players[theirs.seat].hand || {};
    const give = RESOURCES.find((r) => (me.hand[r] || 0) > 0);
    const want = RESOURCES.find((r) => (theirHand[r] || 0) > 0 && r !== give);
    if (give && want) {
      await page.click(tid("trade-offer"));
      await page.waitForSelector(tid("trade-dialog"), { timeout: 3000 });
      for (const s of [0, 1, 2, 3]) {
        const box = await page.$(tid(`offer-to-${s}`));
        if (box && (await box.isChecked()) !== (s === goals.offerTo)) await box.click();
      }
      await page.click(tid(`trade-give-${give}-plus`));
      await page.click(tid(`trade-get-${want}-plus`));
      await clickAndWait(page, tid("trade-send"), f.version);
      goals.offered = { give, want };
      return `offered 1 ${give} for 1 ${want} to seat ${goals.offerTo}`;
    }
  }
  // Year of Plenty as "pick two" (issue 18), when a bought card allows it: tap the two resources, take.
  if (!goals.yop && of("playYearOfPlenty").length) {
    const list = of("playYearOfPlenty");
    const a = list.find((x) => Object.keys(x.cards).length === 2) ?? list[0];
    await page.click(tid("action-play-year-of-plenty"));
    await page.waitForSelector(tid("yop-dialog"), { timeout: 3000 });
    for (const [r, n] of Object.entries(a.cards)) for (let i = 0; i < n; i++) await page.click(tid(`yop-pick-${r}`));
    check(await page.$eval(tid("yop-take"), (b) => !b.disabled), "two resources picked: Take is enabled");
    const after = await clickAndWait(page, tid("yop-take"), f.version);
    for (const [r, n] of Object.entries(a.cards))
      check((after.view.players[f.seat].hand[r] ?? 0) >= (me.hand[r] ?? 0) + n, `Year of Plenty gave ${n} ${r}`);
    goals.yop = JSON.stringify(a.cards);
    return `Year of Plenty: ${goals.yop}`;
  }
  if (goals.buyDev && !goals.bought && of("buyDevCard").length) {
    await clickAndWait(page, tid("action-buy-dev"), f.version);
    goals.bought = true;
    return "bought a development card";
  }
  if (of("endTurn").length) {
    await clickAndWait(page, tid("action-end"), f.version);
    goals.turns = (goals.turns || 0) + 1;
    return "ended the turn";
  }
  return "";
}

function pick(list, salt) {
  return list[(salt * 7) % list.length];
}

async function waitVersion(page, version, timeout) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const f = await frame(page);
    if (f && f.version > version) return f;
    await sleep(40);
  }
  return null;
}
