// Catan's development cards from the keyboard only (issue 27: every action reachable from the
// keyboard): buy one (the D hotkey and the button), play a Knight, Road Building, Year of Plenty
// ("pick two" in its dialog) and Monopoly (its dialog); and build a settlement (2) and a city (3),
// trade with the bank (B) and compose an offer to chosen players (T) — by Tab, Enter and Space, never
// a click.
// Which cards a seat holds depends on the shuffled deck, so a real game rarely deals all four in a
// scenario's time: the table is taken from a real game instead (Kim's main phase, view and legal
// list as the server sent them), her hand given one card of each kind and the legal list the plays
// and the purchase, and shown in the game UI's dev harness (src/games/catan/dev.ts, bundled here),
// which records what the UI would send. Each intent is checked to be one of the legal actions: a
// button or dialog Tab cannot reach, or one that sends the wrong action, fails. (What follows a
// Knight or Road Building, the robber's hex and the free roads, is the board by keys, played in
// `keyboard-catan` against the server.)
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { check, enterName, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { keyOn, tabTo } from "../../../../tests/browser/keyboard.mjs";
import { step } from "../../../../tests/browser/driver.mjs";

const DESKTOP = { width: 1280, height: 800 };
const RESOURCES = ["lumber", "wool", "grain", "brick", "ore"];
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** A real frame of Kim's main phase (after her roll), from a game against three bots (seed 5). */
async function realMainPhase(browser, base) {
  const P = await openPage(browser, base + "/", DESKTOP, "Kim");
  const page = P.page;
  await enterName(page, "Kim");
  await page.waitForSelector(tid("room-list"));
  await page.selectOption(tid("opt-botFill"), "heuristic");
  await page.click(".advanced summary");
  await page.fill(tid("opt-seed"), "5");  // (the game of keyboard-catan: a fixed table)
  await page.click(tid("create-submit"));
  await page.waitForURL(/#\/room\/[0-9a-f]+$/, { timeout: 10000 });
  await page.waitForSelector(`${tid("seat-0")}[data-kind="human"]`, { timeout: 10000 });
  await page.click(tid("start-game"));
  await waitFrame(page, (f) => f.seat === 0 && (f.legal.actions?.length ?? 0) > 0, "Kim's first placement");
  const goals = { built: 1 };
  const t0 = Date.now();
  for (;;) {
    const f = await frame(page);
    if (f.view.active === 0 && (f.legal.actions ?? []).some((a) => a.type === "endTurn")) {
      check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
      await P.context.close();
      return f;
    }
    check(Date.now() - t0 < 60000, "Kim reaches her main phase within 60 s");
    if (!(await step({ page, seat: 0 }, goals, null))) await sleep(40);
  }
}

/** The real frame with one development card of each kind in Kim's hand and their plays legal. */
function withCards(f) {
  const g = structuredClone(f);
  const me = g.view.players[g.seat];
  me.devCards = { ...(me.devCards ?? {}), knight: 1, roadBuilding: 1, yearOfPlenty: 1, monopoly: 1 };
  const plays = [{ type: "buyDevCard" }, { type: "playKnight" }, { type: "playRoadBuilding" }];
  for (let i = 0; i < RESOURCES.length; i++) for (let j = i; j < RESOURCES.length; j++) {
    const cards = {};
    cards[RESOURCES[i]] = (cards[RESOURCES[i]] ?? 0) + 1;
    cards[RESOURCES[j]] = (cards[RESOURCES[j]] ?? 0) + 1;
    plays.push({ type: "playYearOfPlenty", cards });
  }
  for (const resource of RESOURCES) plays.push({ type: "playMonopoly", resource });
  // …and the turn's other actions a real hand rarely allows all at once: a settlement on a free
  // intersection, a city on one of her settlements, a 4:1 trade with the bank.
  const taken = new Set([...Object.keys(g.view.settlements ?? {}), ...Object.keys(g.view.cities ?? {})].map(Number));
  const mine = Object.entries(g.view.settlements ?? {}).filter(([, o]) => o === g.seat).map(([i]) => Number(i));
  plays.push({ type: "buildSettlement", intersection: [...Array(54).keys()].find((i) => !taken.has(i)) });
  if (mine.length) plays.push({ type: "buildCity", intersection: mine[0] });
  plays.push({ type: "bankTrade", give: { wool: 4 }, get: { ore: 1 } });
  g.legal.bankRate = { lumber: 4, wool: 4, grain: 4, brick: 4, ore: 4, ...(g.legal.bankRate ?? {}) };
  const kept = (g.legal.actions ?? []).filter((a) => !plays.some((p) => p.type === a.type));
  g.legal = { ...g.legal, actions: [...kept, ...plays] };
  g.snapshot = true;
  g.events = [];
  return g;
}

export async function keyboardCatanCards({ browser, base, shots }) {
  const notes = [];
  const real = await realMainPhase(browser, base);
  const f = withCards(real);
  // The dev harness, bundled from the sources and served from memory on a made-up origin.
  const dir = mkdtempSync(join(tmpdir(), "hexhall-dev-"));
  const { build } = await import(pathToFileURL(join(root, "web-client/node_modules/esbuild/lib/main.js")).href);
  await build({ entryPoints: [join(root, "web-client/src/games/catan/dev.ts")], bundle: true, format: "esm", outdir: dir,
    loader: { ".svg": "text" }, logLevel: "error" });
  writeFileSync(join(dir, "dev.html"), readFileSync(join(root, "web-client/src/games/catan/dev.html")));
  writeFileSync(join(dir, "frames.json"), JSON.stringify([f]));
  const P = await openPage(browser, "about:blank", DESKTOP, "Kim (dev harness)");
  const page = P.page;
  const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
  await page.route("http://dev.hexhall.test/**", (route) => {
    const name = new URL(route.request().url()).pathname.slice(1) || "dev.html";
    try { route.fulfill({ body: readFileSync(join(dir, name)), contentType: types[name.slice(name.lastIndexOf("."))] ?? "text/plain" }); }
    catch { route.fulfill({ status: 404, body: "" }); }
  });
  await page.goto("http://dev.hexhall.test/dev.html?seat=" + f.seat);
  await page.waitForSelector(tid("action-play-knight"), { timeout: 10000 });

  const legal = f.legal.actions;
  const isLegal = (a) => legal.some((x) => JSON.stringify(x) === JSON.stringify(a));
  const sent = async (what) => {
    const a = await page.waitForFunction(() => window.lastIntent, null, { timeout: 3000 }).then((h) => h.jsonValue());
    await page.evaluate(() => { window.lastIntent = undefined; });
    check(isLegal(a), `${what} sends a legal action (${JSON.stringify(a)})`);
    return a;
  };
  const out = [];
  // Buy: the hotkey D, and the button by Tab and Space.
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.keyboard.press("d");
  out.push((await sent("the D hotkey")).type);
  let tabs = await keyOn(page, tid("action-buy-dev"), "Buy development card", " ");
  out.push((await sent("Buy development card")).type);
  // Knight and Road Building: their buttons.
  tabs += await keyOn(page, tid("action-play-knight"), "Play Knight");
  out.push((await sent("Play Knight")).type);
  tabs += await keyOn(page, tid("action-play-road-building"), "Play Road Building");
  out.push((await sent("Play Road Building")).type);
  // Year of Plenty: the dialog by keys, Brick and Ore picked, Take.
  tabs += await keyOn(page, tid("action-play-year-of-plenty"), "Play Year of Plenty");
  await page.waitForSelector(tid("yop-dialog"), { timeout: 3000 });
  tabs += await keyOn(page, tid("yop-pick-brick"), "Year of Plenty: Brick");
  tabs += await keyOn(page, tid("yop-pick-ore"), "Year of Plenty: Ore", " ");
  // (the picks are now disabled: the focus has moved on to Take, not fallen off the dialog)
  check(await page.evaluate(() => document.activeElement?.getAttribute("data-testid")) === "yop-take", "after the second pick the focus is on Take");
  await page.screenshot({ path: join(shots, "keyboard-catan-yop.png") });
  tabs += await keyOn(page, tid("yop-take"), "Year of Plenty: Take");
  const yop = await sent("Year of Plenty's Take");
  check(yop.cards.brick === 1 && yop.cards.ore === 1, `Year of Plenty takes the two picked by keys (${JSON.stringify(yop.cards)})`);
  out.push(`${yop.type} ${JSON.stringify(yop.cards)}`);
  // (the harness does not answer: the dialog stays open until Escape closes it)
  if (await page.$(tid("yop-dialog"))) { await page.keyboard.press("Escape"); await page.waitForSelector(tid("yop-dialog"), { state: "detached", timeout: 3000 }); }
  // Monopoly: the dialog by keys, Wool.
  tabs += await keyOn(page, tid("action-play-monopoly"), "Play Monopoly");
  await page.waitForSelector(tid("monopoly-dialog"), { timeout: 3000 });
  tabs += await keyOn(page, tid("monopoly-wool"), "Monopoly: Wool");
  const mono = await sent("Monopoly's Wool");
  check(mono.resource === "wool", `Monopoly names the resource chosen by keys (${mono.resource})`);
  out.push(`${mono.type} ${mono.resource}`);
  // Build by the hotkeys and Tab: 2 a settlement, 3 a city; B the bank, a trade in its dialog.
  await page.keyboard.press("Escape");
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.keyboard.press("2");
  tabs += await keyOn(page, '[data-testid^="intersection-"][data-legal="1"]', "a legal intersection for a settlement");
  out.push(`${(await sent("a settlement by keys")).type}`);
  if (legal.some((a) => a.type === "buildCity")) {
    await page.evaluate(() => document.activeElement?.blur?.());
    await page.keyboard.press("3");
    tabs += await keyOn(page, '[data-testid^="intersection-"][data-legal="1"]', "her settlement for a city");
    out.push(`${(await sent("a city by keys")).type}`);
  }
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.keyboard.press("b");
  await page.waitForSelector(tid("bank-dialog"), { timeout: 3000 });
  tabs += await keyOn(page, tid("bank-wool-ore"), "4 Wool for 1 Ore in the bank dialog");
  const bank = await sent("the bank trade");
  check(bank.give.wool === 4 && bank.get.ore === 1, `the bank trade chosen by keys (${JSON.stringify(bank)})`);
  out.push(`${bank.type} 4 wool → 1 ore`);
  if (await page.$(tid("bank-dialog"))) { await page.keyboard.press("Escape"); await page.waitForSelector(tid("bank-dialog"), { state: "detached", timeout: 3000 }); }
  // An offer to the other players (the server's legal list allows it by a flag, offerTrade): T, one
  // card given and one asked for by their + buttons, one addressee unticked by Space, Send.
  const hand = f.view.players[f.seat].hand ?? {};
  const giveR = RESOURCES.find((r) => (hand[r] ?? 0) > 0), getR = RESOURCES.find((r) => r !== giveR);
  check(f.legal.offerTrade && giveR, `Kim may offer a trade on her real table (${JSON.stringify(hand)})`);
  const others = f.view.players.map((_, i) => i).filter((i) => i !== f.seat);
  await page.evaluate(() => document.activeElement?.blur?.());
  await page.keyboard.press("t");
  await page.waitForSelector(tid("trade-dialog"), { timeout: 3000 });
  tabs += await keyOn(page, tid(`trade-give-${giveR}-plus`), `the offer's + ${giveR}`);
  tabs += await keyOn(page, tid(`trade-get-${getR}-plus`), `the offer's + ${getR}`, " ");
  tabs += await keyOn(page, tid(`offer-to-${others[0]}`), "an addressee's box", " ");
  tabs += await keyOn(page, tid("trade-send"), "the offer's Send");
  const offer = await page.waitForFunction(() => window.lastIntent, null, { timeout: 3000 }).then((h) => h.jsonValue());
  await page.evaluate(() => { window.lastIntent = undefined; });
  check(offer.type === "offerTrade" && offer.give[giveR] === 1 && offer.get[getR] === 1 && Object.keys(offer.give).length === 1
    && JSON.stringify(offer.to) === JSON.stringify(others.slice(1)), `the offer composed by keys (${JSON.stringify(offer)})`);
  out.push(`offerTrade 1 ${giveR} for 1 ${getR} to seats ${offer.to.join(", ")}`);
  if (await page.$(tid("trade-dialog"))) { await page.keyboard.press("Escape"); await page.waitForSelector(tid("trade-dialog"), { state: "detached", timeout: 3000 }); }
  await tabTo(page, tid("action-play-knight"), "the Knight button again");
  const ring = await page.evaluate(() => { const cs = getComputedStyle(document.activeElement); return cs.outlineStyle !== "none" && parseFloat(cs.outlineWidth) >= 2; });
  check(ring, "the focused card button shows a focus ring");
  notes.push(`development cards, building and the bank by keyboard only (on Kim's real main-phase table, seat ${f.seat}, v${f.version}): ${out.join(", ")}; ${tabs} Tab presses`);
  check(problems(P).length === 0, `console errors or failed requests: ${problems(P).slice(0, 3).join(" | ")}`);
  await P.context.close();
  rmSync(dir, { recursive: true, force: true });
  return notes;
}
