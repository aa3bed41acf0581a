// loggedOut (docs/protocol.md, "Accounts"): a push that the session's log-in was revoked elsewhere
// makes the browser a guest (no account) and tells the page why; every reason has words in every
// language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Connection } from "../src/net/connection";  // reads window and WebSocket only when used
import { FakeSocket, installFakeSocket, tick } from "./fake-socket";
import { account, trackAccount, type LoggedOutReason } from "../src/account/state";
import { strings } from "../src/i18n/strings";

installFakeSocket();

test("a loggedOut push makes the browser a guest and says why", async () => {
  FakeSocket.all = [];
  const c = new Connection("ws://server/ws", () => ({ name: "Guest 7", token: "t".repeat(64) }), () => {});
  const told: Array<[LoggedOutReason, string | null]> = [];
  trackAccount(c, (reason, name) => told.push([reason, name]));
  c.connect();
  const s = FakeSocket.all[0];
  s.onopen?.();
  s.receive({ type: "welcome", v: 1, id: s.sent[0].id, session: "t".repeat(64), name: "Ann",
              account: { id: "0123456789abcdef", name: "Ann" } });
  await tick();
  assert.deepEqual(account(), { id: "0123456789abcdef", name: "Ann" });
  s.receive({ type: "loggedOut", v: 1, reason: "passwordChanged", name: "Guest 7" });
  await tick();
  assert.equal(account(), null);
  assert.deepEqual(told, [["passwordChanged", "Guest 7"]]);
  s.receive({ type: "loggedOut", v: 1, reason: "something new" });  // a reason this client does not know
  await tick();
  assert.deepEqual(told[1], ["revoked", null]);
});

test("every loggedOut reason and the claim note have words in every language", () => {
  const reasons: LoggedOutReason[] = ["logout", "logoutAll", "passwordChanged", "accountDeleted", "revoked"];
  for (const [lang, table] of Object.entries(strings)) {
    for (const r of reasons) assert.ok((table as any)[`account.loggedOut.${r}`], `${lang}: account.loggedOut.${r}`);
    assert.match((table as any)["account.loggedOut"], /\{why\}/, lang);
    assert.match((table as any)["account.claimed"], /\{n\}/, lang);
  }
});
