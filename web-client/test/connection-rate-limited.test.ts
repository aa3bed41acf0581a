// An action the server answers without id (docs/protocol.md "error"): dropped unread by its rate
// limit (`rate_limited`) or not handled (`bad_request`); no ack will come. The pending action is
// refused at once, so a table waiting for its answer (the Struggle's `busy`, its buttons disabled)
// is free again instead of after the request's 15-s timeout. Other pending requests (not actions)
// still wait for their replies.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../src/net/connection";
import { FakeSocket, installFakeSocket, tick } from "./fake-socket";

installFakeSocket();

for (const code of ["rate_limited", "bad_request"]) test(`a ${code} error without id refuses the pending action; a pending listRooms still gets its reply`, async () => {
  FakeSocket.all = [];
  const c = new Connection("ws://h/ws", () => ({ name: "Ann" }), () => {});
  c.connect();
  const s = FakeSocket.all[0];
  s.onopen?.();
  s.receive({ type: "welcome", v: 1, id: s.sent[0].id, session: "t".repeat(64), name: "Ann" });
  await tick();
  const action = c.request({ type: "action", game: "struggle", struggle: { type: "endTrade" } });
  const list = c.request({ type: "listRooms" });
  await tick();
  let settled: string = "pending";
  action.then(() => { settled = "acked"; }, (e) => { settled = e.code; });
  s.receive({ type: "error", v: 1, id: null, code, message: "too many messages" });
  await tick();
  assert.equal(settled, code);
  s.receive({ type: "rooms", v: 1, id: s.sent[2].id, rooms: [] });
  assert.deepEqual((await list).rooms, []);
  c.close();
});
