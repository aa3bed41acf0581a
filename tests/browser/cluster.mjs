// Browser tests on several nodes (issue 28, docs/operations.md "Several nodes"): starts three
// build/server/hexhall-server nodes on the PostgreSQL that tests/pg/with-postgres.sh started
// (HEXHALL_TEST_PG), each on its own loopback port serving web-client/dist, and runs the cluster
// scenarios with Debian's chromium through playwright-core.
// Usage: tests/pg/with-postgres.sh node tests/browser/cluster.mjs [scenario-name…]
// Without HEXHALL_TEST_PG it fails (never a silent skip). Scenarios are found by name, none is listed
// here: each game's cluster scenarios are games/<game>/tests/browser/cluster-<name>.mjs (named
// cluster-<name>); one exports an async function ({browser, nodes, shots}) → notes (its default
// export). A node in `nodes` is {id, port, base (http URL), ws (its public WebSocket URL), log(),
// kill(signal) → exited promise, start() → listening promise}.
// Every node's log is checked at the end: an "[error]" line fails the run.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launch } from "./lib.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const serverBin = process.env.HEXHALL_SERVER ?? join(root, "build/server/hexhall-server");
const webRoot = join(root, "web-client/dist");
const shots = join(root, "build/screenshots");
const store = process.env.HEXHALL_TEST_PG;
const NODES = 3;
const LEASE_MS = 3000;

const started = Date.now();
if (!store) fail("HEXHALL_TEST_PG is not set: run under tests/pg/with-postgres.sh, which starts PostgreSQL");
if (!existsSync(serverBin)) fail(`no server binary at ${serverBin} (run scripts/build release)`);
if (!existsSync(join(webRoot, "index.html"))) fail(`no web client at ${webRoot} (cd web-client && npm run build)`);
mkdirSync(shots, { recursive: true });
const scenarios = await findScenarios();
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenarios);
if (!chosen.length) fail("no cluster scenarios found (games/<game>/tests/browser/cluster-<name>.mjs)");
for (const name of chosen) if (!scenarios[name]) fail(`no cluster scenario named ${name}`);

let failed = 0;
const browser = await launch();
for (const name of chosen) {
  const t0 = Date.now();
  const nodes = [];
  try {
    for (let i = 0; i < NODES; i++) nodes.push(node(`b${i}`, await freePort()));
    await Promise.all(nodes.map((n) => n.start()));
    const notes = await scenarios[name]({ browser, nodes, shots });
    await Promise.all(nodes.map((n) => n.kill("SIGTERM")));
    const errors = nodes.flatMap((n) => n.log().split("\n").filter((l) => l.includes("[error]")).map((l) => `${n.id}: ${l}`));
    if (errors.length) throw new Error("the nodes logged errors:\n" + errors.join("\n"));
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${notes ? "\n     " + notes.join("\n     ") : ""}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.stack ?? e}`);
    for (const n of nodes) console.log(`---- node ${n.id} log (last 30 lines)\n` + n.log().split("\n").slice(-30).join("\n"));
  } finally {
    await Promise.all(nodes.map((n) => n.kill("SIGKILL")));
  }
}
await browser.close();
console.log(`cluster browser tests: ${chosen.length - failed}/${chosen.length} scenarios passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);

/** One node on `port` (its URL stays the same over restarts, so `moved` replies name it). */
function node(id, port) {
  let proc = null, text = "";
  const n = {
    id, port, base: `http://127.0.0.1:${port}`, ws: `ws://127.0.0.1:${port}/ws`,
    log: () => text,
    start() {
      const args = ["--port", String(port), "--address", "127.0.0.1", "--web-root", webRoot, "--threads", "1",
        "--store", store, "--node-id", id, "--lease-ms", String(LEASE_MS), "--public-url", n.ws];
      text += `---- ${new Date().toISOString()} start\n`;
      const p = spawn(serverBin, args, { stdio: ["ignore", "pipe", "pipe"] });
      proc = p;
      return new Promise((ok, bad) => {
        const from = text.length;
        const onData = (d) => {
          text += d;
          if (/listening on /.test(text.slice(from))) ok();
        };
        p.stdout.on("data", onData);
        p.stderr.on("data", onData);
        p.on("exit", (code, sig) => { if (proc === p) proc = null; bad(new Error(`node ${id} exited (${code ?? sig})`)); });
        setTimeout(() => bad(new Error(`node ${id} did not report listening in 20 s`)), 20000);
      });
    },
    kill(signal) {  // a node still running 20 s after the signal is killed (and its log says so)
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return Promise.resolve();
      return new Promise((ok) => {
        const late = setTimeout(() => { text += `[error] node ${id} still running 20 s after ${signal}\n`; p.kill("SIGKILL"); }, 20000);
        p.on("exit", () => { clearTimeout(late); ok(); });
        p.kill(signal);
      });
    },
  };
  return n;
}

function freePort() {
  return new Promise((ok, bad) => {
    const s = createServer();
    s.on("error", bad);
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

function fail(msg) {
  console.error("cluster browser tests: FAILED: " + msg);
  process.exit(1);
}

// name → scenario function: games/<game>/tests/browser/cluster-<name>.mjs, named cluster-<name>.
async function findScenarios() {
  const out = {};
  for (const game of readdirSync(join(root, "games")).sort()) {
    const dir = join(root, "games", game, "tests/browser");
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      const m = f.match(/^(cluster-.+)\.mjs$/);
      if (!m) continue;
      if (m[1] in out) fail(`two cluster scenarios named ${m[1]} (${join(dir, f)})`);
      const mod = await import(pathToFileURL(join(dir, f)).href);
      if (typeof mod.default !== "function") fail(`${join(dir, f)}: no scenario function (export default)`);
      out[m[1]] = mod.default;
    }
  }
  return out;
}
