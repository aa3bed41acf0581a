// Several nodes (docs/protocol.md, `moved`): the connection follows a `moved` reply to the node it
// names with the same token and sends the joinRoom (or createRoom) again there; a `moved` without URL, or a node
// that cannot be reached, sends it back to the URL it started from (the load balancer), and a request
// carried to a node that cannot be reached is sent again there (at once the first time), until its deadline.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../src/net/connection";  // reads window and WebSocket only when used
import { FakeSocket, installFakeSocket, tick } from "./fake-socket";

installFakeSocket();

// A connection to the load balancer's URL, its first socket open and welcomed.
async function welcomed(token?: string) {
  FakeSocket.all = [];
  const c = new Connection("ws://proxy/ws", () => ({ name: "Ann", token }), () => {});
  c.connect();
  const a = FakeSocket.all[0];
  a.open();
  a.welcome();
  await tick();
  return { c, a };
}

test("a joinRoom answered `moved` is sent again on the node it names, with the same token", async () => {
  const { c, a } = await welcomed("t".repeat(64));
  const joined = c.request({ type: "joinRoom", room: "0123456789abcdef", seat: 1 });
  await tick();
  const join = a.sent[1];
  a.receive({ type: "moved", v: 1, id: join.id, room: "0123456789abcdef", url: "ws://node2:8080/ws" });
  assert.equal(a.closed, true);
  const b = FakeSocket.all[1];
  assert.equal(b.url, "ws://node2:8080/ws");
  assert.equal(c.currentUrl, "ws://node2:8080/ws");
  b.open();
  assert.equal(b.sent[0].type, "hello");
  assert.equal(b.sent[0].token, "t".repeat(64));
  b.welcome();
  await tick();
  const again = b.sent[1];
  assert.equal(again.type, "joinRoom");
  assert.equal(again.room, "0123456789abcdef");
  assert.equal(again.seat, 1);
  b.receive({ type: "joined", v: 1, id: again.id, room: "0123456789abcdef", seat: 1 });
  assert.equal((await joined).type, "joined");
  c.close();
});

test("a createRoom answered `moved` without a room (a busier node) is sent again on the node it names", async () => {
  const { c, a } = await welcomed("t".repeat(64));
  const created = c.request({ type: "createRoom", players: 4 });
  await tick();
  const create = a.sent[1];
  a.receive({ type: "moved", v: 1, id: create.id, url: "ws://node2:8080/ws" });  // docs/protocol.md: placement
  const b = FakeSocket.all[1];
  assert.equal(b.url, "ws://node2:8080/ws");
  b.open();
  assert.equal(b.sent[0].token, "t".repeat(64));
  b.welcome();
  await tick();
  const again = b.sent[1];
  assert.equal(again.type, "createRoom");
  assert.equal(again.players, 4);
  b.receive({ type: "roomCreated", v: 1, id: again.id, room: "0123456789abcdef", invite: "i".repeat(22) });
  assert.equal((await created).room, "0123456789abcdef");
  c.close();
});

test("a `moved` push without URL (the node stopped serving the room) goes back to the start URL", async () => {
  const { c, a } = await welcomed("t".repeat(64));
  a.receive({ type: "moved", v: 1, room: "0123456789abcdef", url: "ws://node3:8080/ws" });  // after a resuming hello
  const b = FakeSocket.all[1];
  assert.equal(b.url, "ws://node3:8080/ws");
  b.open();
  b.welcome();
  await tick();
  b.receive({ type: "moved", v: 1, room: "0123456789abcdef" });
  const home = FakeSocket.all[2];
  assert.equal(home.url, "ws://proxy/ws");
  assert.equal(c.currentUrl, "ws://proxy/ws");
  c.close();
});

test("a named node that cannot be reached: the next attempt goes to the start URL", async () => {
  const { c, a } = await welcomed();
  a.receive({ type: "moved", v: 1, room: "0123456789abcdef", url: "ws://dead:8080/ws" });
  const b = FakeSocket.all[1];
  b.onclose?.();  // refused
  assert.equal(c.currentUrl, "ws://proxy/ws");
  c.close();
});

// A request's outcome so far: "pending", or the reply's type, or the error's code.
function outcome(reply: Promise<{ type: string }>) {
  const o = { now: "pending" };
  reply.then((m) => { o.now = m.type; }, (e) => { o.now = `error ${e.code}`; });
  return o;
}

for (const [request, answer] of [
  [{ type: "createRoom", players: 4 }, { type: "roomCreated", room: "0123456789abcdef", invite: "i".repeat(22) }],
  [{ type: "joinRoom", room: "0123456789abcdef", seat: 1 }, { type: "joined", room: "0123456789abcdef", seat: 1 }],
] as const) {
  for (const how of ["refused", "closed before its welcome"]) {
    test(`a ${request.type} carried by \`moved\` to a node that cannot be reached (${how}) is sent again at the start URL at once`, async () => {
      const { c, a } = await welcomed("t".repeat(64));
      const reply = outcome(c.request({ ...request }));
      await tick();
      a.receive({ type: "moved", v: 1, id: a.sent[1].id, url: "ws://dead:8080/ws" });  // a node that died since
      const b = FakeSocket.all[1];
      assert.equal(b.url, "ws://dead:8080/ws");
      if (how !== "refused") b.open();  // it takes the connection, never welcomes, and closes it
      b.onclose?.();
      await tick();
      assert.equal(reply.now, "pending");  // before: "error disconnected", or sent only after a back-off
      const home = FakeSocket.all[2];
      assert.ok(home, "the start URL is tried at once");
      assert.equal(home.url, "ws://proxy/ws");
      home.open();
      assert.equal(home.sent[0].token, "t".repeat(64));
      home.welcome();
      await tick();
      const again = home.sent[1];
      assert.deepEqual({ ...again, id: 0 }, { ...request, v: 1, id: 0 });
      home.receive({ ...answer, v: 1, id: again.id });
      await tick();
      assert.equal(reply.now, answer.type);
      assert.equal(FakeSocket.all.length, 3);
      c.close();
    });
  }
}

// Waits (a condition, bounded) until `n` sockets were made: the back-off's timer fires.
async function sockets(n: number) {
  for (let i = 0; i < 500 && FakeSocket.all.length < n; ++i) await new Promise((r) => setTimeout(r, 10));
  assert.equal(FakeSocket.all.length, n);
}

test("a request carried again to the node that cannot be reached goes back to the start URL after the back-off", async () => {
  const { c, a } = await welcomed("t".repeat(64));
  const reply = outcome(c.request({ type: "createRoom", players: 4 }));
  await tick();
  a.receive({ type: "moved", v: 1, id: a.sent[1].id, url: "ws://dead:8080/ws" });
  FakeSocket.all[1].onclose?.();
  const home = FakeSocket.all[2];
  home.open();
  home.welcome();
  await tick();
  home.receive({ type: "moved", v: 1, id: home.sent[1].id, url: "ws://dead:8080/ws" });  // still placed there
  FakeSocket.all[3].onclose?.();
  await tick();
  assert.equal(reply.now, "pending");
  assert.equal(FakeSocket.all.length, 4);  // not at once: the start URL is not asked in a tight loop
  await sockets(5);
  const later = FakeSocket.all[4];
  assert.equal(later.url, "ws://proxy/ws");
  later.open();
  later.welcome();
  await tick();
  assert.equal(later.sent[1].type, "createRoom");
  later.receive({ type: "roomCreated", v: 1, id: later.sent[1].id, room: "0123456789abcdef", invite: "i".repeat(22) });
  await tick();
  assert.equal(reply.now, "roomCreated");
  c.close();
});

test("a carried request past its deadline fails (timeout) when its node cannot be reached", async (t) => {
  t.mock.timers.enable({ apis: ["Date"], now: 1_000_000 });
  const { c, a } = await welcomed("t".repeat(64));
  const reply = outcome(c.request({ type: "createRoom", players: 4 }));
  await tick();
  a.receive({ type: "moved", v: 1, id: a.sent[1].id, url: "ws://dead:8080/ws" });
  FakeSocket.all[1].onclose?.();
  const home = FakeSocket.all[2];
  home.open();
  home.welcome();
  await tick();
  home.receive({ type: "moved", v: 1, id: home.sent[1].id, url: "ws://dead:8080/ws" });
  t.mock.timers.tick(15_001);  // the request's 15 s have passed
  FakeSocket.all[3].onclose?.();
  await tick();
  assert.equal(reply.now, "error timeout");
  c.close();
});

test("a request carried by `moved` to a node that is reached is sent only there", async () => {
  const { c, a } = await welcomed("t".repeat(64));
  const reply = outcome(c.request({ type: "createRoom", players: 4 }));
  await tick();
  a.receive({ type: "moved", v: 1, id: a.sent[1].id, url: "ws://node2:8080/ws" });
  const b = FakeSocket.all[1];
  b.open();
  b.welcome();
  await tick();
  assert.equal(b.sent[1].type, "createRoom");
  assert.equal(a.sent.length, 2);
  b.receive({ type: "roomCreated", v: 1, id: b.sent[1].id, room: "0123456789abcdef", invite: "i".repeat(22) });
  await tick();
  assert.equal(reply.now, "roomCreated");
  assert.equal(FakeSocket.all.length, 2);
  c.close();
});
