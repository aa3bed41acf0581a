// Carcassonne on three nodes sharing one PostgreSQL (issue 28; run by tests/browser/cluster.mjs):
// Ann's page is served by node 0, where she creates a room; Bob's page is served by node 1 and he
// joins by the invite link, so node 1 answers `moved` and his page follows it to node 0. Both play
// through the UI. Then node 0 is killed with SIGKILL mid-game:
// - Bob's page reconnects to its own node (1), which takes the room over once node 0's lease ran out
//   (or, when node 2 adopted the dead node's room first, answers `moved` to node 2);
// - node 0 is started again; Ann's page reconnects to it, is answered `moved` (another node serves
//   the room now) and follows it with her session token.
// Both tables come back at the version they left (no acknowledged move lost) with the same board and
// the same log; a reload of Bob's page gets the same log again from the server that took the room
// over; then both keep playing. The frame (lib.mjs frame()) is read only to choose what to click.
import { join } from "node:path";
import { check, enterName, frame, openPage, problems, sleep, tid, waitFrame } from "../../../../tests/browser/lib.mjs";
import { decide } from "./scenario.mjs";

const DESKTOP = { width: 1280, height: 800 };
const SEED = 20261127;
const MOVES = 3;  // decisions each player makes before the kill and again after the failover

export default async function clusterFailover({ browser, nodes, shots }) {
  const notes = [];
  const [A, B, C] = nodes;
  let seed = 4242;
  const rng = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

  const ann = await player(browser, A, "Ann");
  const { room, invite } = await ann.page.evaluate(async (seed) => {
    const conn = window.hexhall.conn;
    const created = await conn.request({ type: "createRoom", game: "carcassonne", players: 2, private: true, seed });
    await conn.request({ type: "joinRoom", room: created.room, seat: 0 });
    return { room: created.room, invite: created.invite };
  }, SEED);
  await ann.page.goto(`${A.base}/#/room/${room}`);
  await ann.page.waitForSelector(`${tid("seat-0")}.me`, { timeout: 10000 });

  const bob = await player(browser, B, "Bob");
  await bob.page.goto(`${B.base}/#/join/${encodeURIComponent(invite)}`);
  await bob.page.waitForURL(new RegExp(`#/room/${room}$`), { timeout: 15000 });
  await bob.page.waitForSelector(`${tid("seat-1")}.me`, { timeout: 15000 });
  check(bob.moved.some((m) => m.url === A.ws), `node 1 answered Bob's join with moved to node 0 (${JSON.stringify(bob.moved)})`);
  check(await connUrl(bob) === A.ws, "Bob's page followed moved to node 0");
  notes.push(`Bob joined on node 1, was moved to node 0 (${A.ws})`);

  await ann.page.waitForSelector(`${tid("seat-1")}[data-kind="human"]`, { timeout: 10000 });
  await ann.page.click(tid("start-game"));
  for (const p of [ann, bob]) await p.page.waitForSelector(tid("car-game"), { timeout: 15000 });

  await play([ann, bob], MOVES, rng);
  const before = await settled([ann, bob]);
  check(before[0].board.length > 1, "tiles were placed before the kill");
  await ann.page.screenshot({ path: join(shots, "cluster-failover-before.png") });

  // Node 0, which serves the room, dies.
  const snaps = { ann: await snapshots(ann), bob: await snapshots(bob) };
  const killedAt = Date.now();
  await A.kill("SIGKILL");
  const owner = await resumed(bob, [B.ws, C.ws], snaps.bob, 20000);
  const bobBack = Date.now() - killedAt;
  const ownerName = owner === B.ws ? "node 1" : "node 2 (moved there by node 1)";
  notes.push(`node 0 killed at v${before[0].version}: Bob's page resumed on ${ownerName} after ${(bobBack / 1000).toFixed(1)} s (lease ${3000} ms)`);

  // Node 0 comes back: Ann's page reconnects to it and is sent on to node 1.
  await A.start();
  const annMoved = ann.moved.length;
  await resumed(ann, [owner], snaps.ann, 45000);
  check(ann.moved.slice(annMoved).some((m) => m.url === owner), `the restarted node 0 answered Ann's resume with moved to ${owner} (${JSON.stringify(ann.moved)})`);
  notes.push(`node 0 restarted: Ann's page resumed there, followed moved to ${ownerName.split(" (")[0]} after ${((Date.now() - killedAt) / 1000).toFixed(1)} s in all`);

  // The history is intact: the same version, board and log on both pages, and after a reload.
  const after = await settled([ann, bob]);
  same(after, before, "after the failover");
  await bob.page.reload();
  await bob.page.waitForSelector(tid("car-game"), { timeout: 15000 });
  await waitFrame(bob.page, (f) => f.version === before[1].version, "Bob's table after the reload");
  same(await settled([bob]), [before[1]], "after Bob's reload (the log from the node that took the room over)");
  notes.push(`v${before[0].version}, ${before[0].board.length} tiles and ${before[0].log.length} log lines intact after the failover and after a reload`);

  // And the game goes on.
  await play([ann, bob], MOVES, rng);
  const [end] = await settled([ann, bob]);
  check(end.version > before[0].version && end.board.length > before[0].board.length, `play went on after the failover (v${before[0].version} → v${end.version})`);
  check(end.log.length > before[0].log.length, "the log grew after the failover");
  await bob.page.screenshot({ path: join(shots, "cluster-failover-after.png") });
  notes.push(`play went on: v${end.version}, ${end.board.length} tiles`);

  for (const p of [ann, bob]) {
    const bad = problems(p).filter((e) => !/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed/.test(e));
    check(bad.length === 0, `no console errors on ${p.label}'s page but the lost connection's: ${bad.join("; ")}`);
    await p.context.close();
  }
  notes.push(`room ${room}`);
  return notes;
}

/** A page served by `node` with a name, its received `moved` messages collected in `.moved`. */
async function player(browser, node, name) {
  const p = await openPage(browser, node.base + "/", DESKTOP, name);
  p.moved = [];
  p.page.on("websocket", (ws) => ws.on("framereceived", (f) => {
    if (typeof f.payload !== "string" || !f.payload.includes('"moved"')) return;
    const m = JSON.parse(f.payload);
    if (m.type === "moved") p.moved.push(m);
  }));
  await enterName(p.page, name);
  await p.page.evaluate(() => { window.__snapshots = 0; window.hexhall.conn.on("snapshot", () => { window.__snapshots++; }); });
  return p;
}

const connUrl = (p) => p.page.evaluate(() => window.hexhall.conn.currentUrl);
const snapshots = (p) => p.page.evaluate(() => window.__snapshots);

/** Waits until `p`'s connection is open to one of `urls` again and a new snapshot arrived there;
 *  returns that URL. */
async function resumed(p, urls, snapsBefore, timeout) {
  const end = Date.now() + timeout;
  for (;;) {
    const s = await p.page.evaluate(() => ({ state: window.hexhall.conn.state, url: window.hexhall.conn.currentUrl, snaps: window.__snapshots }));
    if (s.state === "open" && urls.includes(s.url) && s.snaps > snapsBefore) return s.url;
    if (Date.now() > end) throw new Error(`${p.label}'s page did not resume on ${urls.join(" or ")} in ${timeout / 1000} s (${JSON.stringify(s)})`);
    await sleep(100);
  }
}

/** Each player in turn makes decisions through the UI until each made `n` more. */
async function play(players, n, rng) {
  const made = players.map(() => 0);
  const end = Date.now() + 120000;
  while (made.some((m) => m < n)) {
    if (Date.now() > end) throw new Error(`the players did not make ${n} decisions each in 120 s (${made})`);
    let acted = false;
    for (const [i, p] of players.entries()) {
      const f = await frame(p.page);
      if (!f || !Array.isArray(f.legal) || !f.legal.length || f.version === p.last) continue;
      check(f.view.phase !== "over", "the game is not over yet");
      if (await p.page.$(tid("car-skip"))) await p.page.click(tid("car-skip"), { timeout: 2000 }).catch(() => {});
      await p.page.waitForSelector(`${tid("car-controls")}[data-pending="0"]`, { timeout: 10000 });
      p.last = f.version;
      const what = await decide(p.page, f, rng);
      if (!what) continue;
      await waitFrame(p.page, (g) => g.version > f.version, `${p.label}'s game after "${what}"`);
      made[i]++;
      acted = true;
    }
    if (!acted) await sleep(40);
  }
}

/** Once every page shows the same version with nothing left to show: each page's version, board and
 *  log (a log names its own reader "(you)"), one entry per player. */
async function settled(players) {
  const end = Date.now() + 15000;
  for (;;) {
    const states = [];
    for (const p of players) {
      await p.page.waitForSelector(`${tid("car-controls")}[data-pending="0"]`, { timeout: 10000 });
      const f = await frame(p.page);
      const log = await p.page.$$eval(`${tid("car-log")} li`, (els) => els.map((e) => e.textContent));
      states.push({ version: f.version, board: f.view.board, log });
    }
    if (states.every((s) => s.version === states[0].version && s.log.length === states[0].log.length)) return states;
    if (Date.now() > end) throw new Error(`the pages did not settle on one version and log: ${JSON.stringify(states.map((s) => [s.version, s.log.length]))}`);
    await sleep(100);
  }
}

function same(nows, befores, when) {
  nows.forEach((now, i) => sameOne(now, befores[i], when));
}

function sameOne(now, before, when) {
  check(now.version === before.version, `${when}: version ${now.version}, was ${before.version} (no acknowledged move lost, none made meanwhile)`);
  check(JSON.stringify(now.board) === JSON.stringify(before.board), `${when}: the board is the one before the kill`);
  check(JSON.stringify(now.log) === JSON.stringify(before.log), `${when}: the log is the one before the kill\nbefore: ${before.log.join(" | ")}\nnow: ${now.log.join(" | ")}`);
}
