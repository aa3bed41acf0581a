#!/usr/bin/env node
// An example Hexhall bot that plays a full game over the WebSocket protocol (docs/bots.md).
//
//   node bot.mjs --url ws://127.0.0.1:8080/ws                        # own room, 3 built-in heuristic bots
//   node bot.mjs --url ws://HOST:PORT/ws --room R --seat N --seat-token T   # a seat reserved for this bot
//
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

class Connection {
  constructor(ws) {
    this.ws = ws;
    this.tokens = BURST;
    this.refilled = performance.now();
    this.nextId = 1;
    this.inbox = [];
    this.waiting = null;
    this.closed = false;
    ws.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()));
      this.wake();
    });
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
  async receive() {
    while (this.inbox.length === 0) {
      if (this.closed) throw new Error('connection closed');
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
      if (this.closed) throw new Error('connection closed');
      await new Promise((resolve) => (this.waiting = resolve));
    }
  }
}

// hello, then either join the reserved seat or create a room, sit, add bots and start.
async function lobby(conn, args) {
  await conn.request({ type: 'hello', name: args.name });
  if (args.room) {
    const joined = await conn.request({ type: 'joinRoom', room: args.room, seat: Number(args.seat), seatToken: args['seat-token'] });
    // Several nodes: another node serves the room (docs/protocol.md, `moved`): join there.
    if (joined.type === 'moved') return { movedTo: joined.url };
    console.log(`joined room ${joined.room} in seat ${joined.seat}`);
    return joined.seat;
  }
  const options = { players: 4 };
  if (args.seed !== undefined) options.seed = Number(args.seed);
  const { room } = await conn.request({ type: 'createRoom', ...options });
  await conn.request({ type: 'joinRoom', room, seat: 0 });
  for (const seat of [1, 2, 3]) await conn.request({ type: 'addBot', room, seat, bot: args.opponents });
  await conn.request({ type: 'start', room });
  console.log(`created room ${room}, seat 0 against 3 ${args.opponents} bots`);
  return 0;
}

// The game loop: keep the view in sync, act whenever the legal actions ask us to.
async function play(conn) {
  let view = null, legal = null, version = -1;
  let pending = null;   // {id, version it was decided at} of our action in flight; never two at once
  let resyncId = null;  // id of our resync in flight (patches are ignored until its snapshot)
  const stats = { actions: 0, patches: 0, resyncs: 0, refused: 0, stale: 0 };
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
    } else if (msg.type === 'patch') {
      if (resyncId !== null || msg.to <= version) continue;
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

    if (view.phase === 'gameOver') return { view, stats };
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
      url: { type: 'string', default: 'ws://127.0.0.1:8080/ws' },
      room: { type: 'string' },
      seat: { type: 'string', default: '0' },
      'seat-token': { type: 'string' },
      seed: { type: 'string' },
      opponents: { type: 'string', default: 'heuristic' },
      name: { type: 'string', default: 'js-example' },
      timeout: { type: 'string', default: '600' },
    },
  });
  const timer = setTimeout(() => { console.error('error: timed out'); process.exit(1); }, Number(args.timeout) * 1000);
  let url = args.url, ws, conn, seat;
  for (let hops = 0; ; hops++) {  // follows `moved` to the node that serves the room
    ws = new WebSocket(url, { maxPayload: 4 << 20 });
    await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
    conn = new Connection(ws);
    seat = await lobby(conn, args);
    if (seat?.movedTo === undefined) break;
    if (hops >= 5) throw new Error('moved too many times');
    ws.close();
    url = seat.movedTo;
  }
  const { view, stats } = await play(conn);
  clearTimeout(timer);
  ws.close();
  const me = view.players[seat];
  console.log(`game over: winner seat ${view.winner}, we were seat ${seat} with ${me.totalVp} VP ` +
              `after ${view.turn} turns (${view.winner === seat ? 'won' : 'lost'})`);
  console.log(`actions ${stats.actions}, patches ${stats.patches}, resyncs ${stats.resyncs}, refused ${stats.refused}, overtaken ${stats.stale}`);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
