// The digest's canonical form against hand-made cases and against the server's own digests:
// every snapshot in the messages file must hash to its digest, and applying every patch of each
// stream in order (with fast-json-patch, as the client does) must give the patch's digest.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { applyPatch } from "fast-json-patch";
import { canonicalJson, digestOf } from "../src/net/digest";

// test/run.mjs runs the bundled tests with test/ as the working directory.
const here = process.cwd();

test("canonical form: keys sorted bytewise at every depth, no whitespace, arrays in order", () => {
  assert.equal(canonicalJson({ b: 1, a: [3, { z: null, Z: true, a_: false }], "": "x" }),
    '{"":"x","a":[3,{"Z":true,"a_":false,"z":null}],"b":1}');
  assert.equal(canonicalJson({ roads: { "10": 1, "9": 0, "100": 2 } }), '{"roads":{"10":1,"100":2,"9":0}}');
  assert.equal(canonicalJson([-12, 0, 9007199254740991]), "[-12,0,9007199254740991]");
  assert.equal(canonicalJson({ s: 'quote " and \\ and \n' }), '{"s":"quote \\" and \\\\ and \\n"}');
  assert.throws(() => canonicalJson({ x: 1.5 }));
});

test("digest of the empty object is SHA-256 of '{}'", () => {
  assert.equal(digestOf({}), "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a");
});

function messagesFile(): string {
  const env = process.env.HEXHALL_MESSAGES;
  if (env && existsSync(env)) return env;
  return join(here, "fixtures", "messages.jsonl");
}

test("digests of server snapshots and patched views match the server's", () => {
  const lines = readFileSync(messagesFile(), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  // protocol_examples writes, per game: one snapshot per stream, then for every action an ack
  // followed by one patch per stream (same order), and sometimes a resync snapshot for stream 0.
  let views: any[] = [];
  let versions: number[] = [];
  let nextStream = 0;
  let snapshots = 0, patches = 0;
  let inHeader = false;
  let previous = "";
  for (const m of lines) {
    const afterResync = previous === "resync";
    previous = m.type;
    if (m.type === "snapshot") {
      assert.equal(digestOf(m.catan.view), m.digest, `snapshot digest at version ${m.version}`);
      snapshots++;
      if (!afterResync) {
        if (!inHeader) { views = []; versions = []; inHeader = true; }
        views.push(m.catan.view);
        versions.push(m.version);
      } else {
        views[0] = m.catan.view;  // a resync reply for stream 0
        versions[0] = m.version;
      }
    } else if (m.type === "ack") {
      inHeader = false;
      nextStream = 0;
    } else if (m.type === "patch") {
      inHeader = false;
      const i = nextStream++;
      assert.equal(m.from, versions[i], `stream ${i} patch starts at its version`);
      const next = applyPatch(views[i], m.ops, false, false).newDocument;
      assert.equal(digestOf(next), m.digest, `stream ${i} digest after patch ${m.from}->${m.to}`);
      views[i] = next;
      versions[i] = m.to;
      patches++;
    }
  }
  assert.ok(snapshots >= 4 && patches >= 40, `checked ${snapshots} snapshots and ${patches} patches`);
});

test("a corrupted view does not match its digest", () => {
  const first = readFileSync(messagesFile(), "utf8").split("\n").find((l) => l.includes('"snapshot"'))!;
  const m = JSON.parse(first);
  m.catan.view.bank.ore += 1;
  assert.notEqual(digestOf(m.catan.view), m.digest);
});
