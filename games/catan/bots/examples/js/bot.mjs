#!/usr/bin/env node
// An example Hexhall bot that plays a full game over the WebSocket protocol (docs/bots.md).
//
//   node bot.mjs --url ws://127.0.0.1:8080/ws                        # own room, 3 built-in heuristic bots
//   node bot.mjs --url ws://HOST:PORT/ws --room R --seat N --seat-token T   # a seat reserved for this bot
//   node bot.mjs --url ws://A:8080/ws,ws://B:8080/ws,ws://C:8080/ws …        # several nodes (docs/bots.md)
//
// Several nodes: it follows `moved` (at the join or at any point of the game) to the node that serves
// the room, and when its connection is lost it connects again (the next --url, or the one `moved`
// named) with its session token and resumes from the fresh snapshot, for --reconnect-s at most.
// Needs Node 18+ and `ws` (npm ci). Exits 0 after a finished game, 1 on any failure.
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { choose } from './policy.mjs';
import { applyPatch, digest } from './view_sync.mjs';

// Request/reply over one WebSocket: every request gets a fresh id; messages that are not the awaited
// reply (pushes, snapshots, patches) stay queued for the game loop. Sends are paced to at most RATE
// per second (bursts of BURST): the server refuses messages beyond a per-connection rate
// (hexhall-server --msgs-per-second, 20 by default, bursts of 40), and against built-in bots a
// program would otherwise answer faster than that.
const RATE = 15, BURST = 30;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The connection is gone (its node died, or it could not be opened): resume on another node.
class Lost extends Error {}
// `moved` (docs/protocol.md): connect to `url`, or without one to another node, and resume there.
class Moved extends Error {
  constructor(url) {
    super(url ?? 'moved');
    this.url = url;
  }
}

class Connection {
  constructor(ws) {
    this.ws = ws;
    this.tokens = BURST;
    this.refilled = performance.now();
    this.nextId = 1;
    this.inbox = [];
    this.waiting = null;
    this.closed = false;
    this.moved = null;  // a `moved` message: nothing after it matters on this connection
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'moved') this.moved ??= msg;
      else this.inbox.push(msg);
      this.wake();
    });
    ws.on('error', () => {});  // 'close' follows
    ws.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }
  wake() {
    const w = this.waiting;
    this.waiting = null;
    if (w) w();
  }
  async pace() {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(BURST, this.tokens + ((now - this.refilled) / 1000) * RATE);
      this.refilled = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(((1 - this.tokens) / RATE) * 1000);
    }
  }
  async send(msg) {
    await this.pace();
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ v: 1, id, ...msg }));
    return id;
  }
  check() {
    if (this.moved) throw new Moved(this.moved.url);
    if (this.closed) throw new Lost('connection closed');
  }
  async receive() {
    while (this.inbox.length === 0) {
      this.check();
      await new Promise((resolve) => (this.waiting = resolve));
    }
    return this.inbox.shift();
  }
  async request(msg) {
    const id = await this.send(msg);
    for (;;) {
      const i = this.inbox.findIndex((m) => m.id === id && m.type !== 'snapshot' && m.type !== 'patch');
      if (i >= 0) {
        const [reply] = this.inbox.splice(i, 1);
        if (reply.type === 'error') throw new Error(`${msg.type} failed: ${reply.code}: ${reply.message}`);
        return reply;
      }
      this.check();
      await new Promise((resolve) => (this.waiting = resolve));
    }
  }
}

// hello, then either join the reserved seat or create a room, sit, add bots and start. Once seated, a
// new connection only says hello with the session token: the server answers `joined` and a fresh
// snapshot of the seat (or `moved`).
async function lobby(conn, args, me) {
  const hello = { type: 'hello', name: args.name };
  if (me.session) hello.token = me.session;
  me.session = (await conn.request(hello)).session;
  if (me.seat !== null) return;
  if (args.room) {
    const joined = await conn.request({ type: 'joinRoom', room: args.room, seat: Number(args.seat), seatToken: args['seat-token'] });
    console.log(`joined room ${joined.room} in seat ${joined.seat}`);
    me.seat = joined.seat;
    return;
  }
  const options = { players: 4 };
  if (args.seed !== undefined) options.seed = Number(args.seed);
  const { room } = await conn.request({ type: 'createRoom', ...options });
  await conn.request({ type: 'joinRoom', room, seat: 0 });
  for (const seat of [1, 2, 3]) await conn.request({ type: 'addBot', room, seat, bot: args.opponents });
  await conn.request({ type: 'start', room });
  console.log(`created room ${room}, seat 0 against 3 ${args.opponents} bots`);
  me.seat = 0;
}

// The game loop: keep the view in sync, act whenever the legal actions ask us to. On a new connection
// it starts afresh: patches are ignored until the seat's snapshot (after a resume, the one that
// follows `joined`).
async function play(conn, stats, me, resuming) {
  let view = null, legal = null, version = -1;
  let pending = null;   // {id, version it was decided at} of our action in flight; never two at once
  let resyncId = null;  // id of our resync in flight (patches are ignored until its snapshot)
  let tradesTurn = -1, trades = 0;
  const resync = async () => {
    stats.resyncs += 1;
    resyncId = await conn.send({ type: 'resync' });
  };

  for (;;) {
    const msg = await conn.receive();
    if (msg.type === 'snapshot') {
      if (resyncId !== null && msg.id !== resyncId) continue;  // an older snapshot; ours is coming
      resyncId = null;
      ({ view, legal } = msg.catan);
      version = msg.version;
      if (digest(view) !== msg.digest) throw new Error('snapshot digest mismatch: the canonical form is wrong');
      me.lostAt = null;
      if (resuming) {  // back in the game on a new connection
        stats.resumed += 1;
        resuming = false;
        console.log(`resumed at version ${version}`);
      }
    } else if (msg.type === 'patch') {
      if (view === null || resyncId !== null || msg.to <= version) continue;
      if (msg.from !== version) { await resync(); continue; }
      view = applyPatch(view, msg.ops);
      legal = msg.catan.legal;
      version = msg.to;
      stats.patches += 1;
      if (digest(view) !== msg.digest) {
        console.error(`digest mismatch at version ${version}: resync`);
        await resync();
        continue;
      }
    } else if (msg.type === 'ack' && msg.id === pending?.id) {
      pending = null;
      continue;  // the patch of our action follows
    } else if (msg.type === 'error' && msg.code === 'rate_limited') {
      // Our last message was dropped unread (its id is unknown): wait, then start afresh.
      console.error('rate limited: slowing down');
      await sleep(1000);
      pending = null;
      await resync();
      continue;
    } else if (msg.type === 'error' && msg.id === pending?.id) {
      const decidedAt = pending.version;
      pending = null;
      if (version !== decidedAt) {
        // Someone acted first (e.g. the offer we answered was withdrawn: offer_closed): a normal race.
        // The patches that came meanwhile are applied; decide again below.
        stats.stale += 1;
      } else {
        console.error(`action refused: ${msg.code} ${msg.message}`);
        if (++stats.refused > 20) throw new Error('too many refused actions');
        await resync();  // our view may be wrong; act again on a fresh snapshot
        continue;
      }
    } else {
      continue;  // room, chat, seedReveal … pushes: not needed to play
    }

    if (view.phase === 'gameOver') return view;
    if (pending === null && resyncId === null) {
      if (view.turn !== tradesTurn) [tradesTurn, trades] = [view.turn, 0];
      const intent = choose(view, legal, trades);
      if (intent) {
        if (intent.type === 'bankTrade') trades += 1;
        pending = { id: await conn.send({ type: 'action', game: 'catan', catan: intent }), version };
        stats.actions += 1;
      }
    }
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      url: { type: 'string', default: 'ws://127.0.0.1:8080/ws' },  // a node's URL, or several, comma-separated
      room: { type: 'string' },
      seat: { type: 'string', default: '0' },
      'seat-token': { type: 'string' },
      seed: { type: 'string' },
      opponents: { type: 'string', default: 'heuristic' },
      name: { type: 'string', default: 'js-example' },
      timeout: { type: 'string', default: '600' },
      'reconnect-s': { type: 'string', default: '60' },  // give up after this long without the room
    },
  });
  const timer = setTimeout(() => { console.error('error: timed out'); process.exit(1); }, Number(args.timeout) * 1000);
  const { view, stats, seat } = await run(args);
  clearTimeout(timer);
  const me = view.players[seat];
  console.log(`game over: winner seat ${view.winner}, we were seat ${seat} with ${me.totalVp} VP ` +
              `after ${view.turn} turns (${view.winner === seat ? 'won' : 'lost'})`);
  console.log(`actions ${stats.actions}, patches ${stats.patches}, resyncs ${stats.resyncs}, refused ${stats.refused}, ` +
              `overtaken ${stats.stale}, resumed ${stats.resumed}`);
}

// Connects, takes the seat and plays; on several nodes (docs/bots.md "Several nodes") follows `moved`
// and resumes on another node after a lost connection, until the game is over.
async function run(args) {
  const urls = args.url.split(',');
  const me = { session: null, seat: null, lostAt: null };
  const stats = { actions: 0, patches: 0, resyncs: 0, refused: 0, stale: 0, resumed: 0 };
  let url = urls[0], turn = 0, followed = false;  // followed: url is the node a `moved` named
  for (;;) {
    const ws = new WebSocket(url, { maxPayload: 4 << 20 });
    let error;
    try {
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', (e) => reject(new Lost(e.message)));
      });
      const conn = new Connection(ws);
      const resuming = me.seat !== null;
      await lobby(conn, args, me);
      const view = await play(conn, stats, me, resuming);
      ws.close();
      return { view, stats, seat: me.seat };
    } catch (e) {
      ws.terminate();
      // Never seated: nothing to resume (but a node `moved` named may have died since: back to --url).
      if (e instanceof Lost && me.seat === null && !followed) throw e;
      if (!(e instanceof Lost) && !(e instanceof Moved)) throw e;
      error = e;
    }
    followed = error instanceof Moved && Boolean(error.url);
    me.lostAt ??= performance.now();
    if (performance.now() - me.lostAt > Number(args['reconnect-s']) * 1000)
      throw new Error(`no connection to the room for ${args['reconnect-s']} s (${error.message})`);
    if (error instanceof Moved && error.url) {  // straight to the node that serves the room
      url = error.url;
      console.log(`moved: connecting to ${url}`);
      continue;
    }
    // Lost, or `moved` without a URL (that node stopped serving the room; another takes it over).
    url = urls[++turn % urls.length];
    console.log(`connection lost (${error.constructor.name}): resuming at ${url}`);
    await sleep(300);
  }
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
