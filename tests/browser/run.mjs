// Browser tests: starts build/server/hexhall-server on a free port serving web-client/dist (with a
// temporary --db when the server has that flag), drives Debian's chromium through playwright-core
// in each scenario, kills the server, saves screenshots under build/screenshots/, prints the time.
// Usage: node tests/browser/run.mjs [scenario-name…]   (HEXHALL_SERVER=path overrides the binary;
//        HEXHALL_LIST_SCENARIOS=1 prints the names found and exits)
// Scenarios are found by name, none is listed here: the shell's are tests/browser/scenario-<name>.mjs,
// each game's live in its own folder, games/<game>/tests/browser/scenario.mjs (named <game>) or
// scenario-<name>.mjs (named <name>). A scenario module exports one async function ({browser, base,
// shots}) → notes (its default export, else the export named after the scenario in camelCase).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launch } from "./lib.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const serverBin = process.env.HEXHALL_SERVER ?? join(root, "build/server/hexhall-server");
const webRoot = join(root, "web-client/dist");
const shots = join(root, "build/screenshots");
const scenarios = await findScenarios();
if (process.env.HEXHALL_LIST_SCENARIOS) { console.log(Object.keys(scenarios).join("\n")); process.exit(0); }
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenarios);

const started = Date.now();
if (!existsSync(serverBin)) fail(`no server binary at ${serverBin} (run scripts/build release)`);
if (!existsSync(join(webRoot, "index.html"))) fail(`no web client at ${webRoot} (cd web-client && npm run build)`);
mkdirSync(shots, { recursive: true });

const help = spawnSync(serverBin, ["--help"], { encoding: "utf8" });
const tmp = mkdtempSync(join(tmpdir(), "hexhall-browser-"));
const args = ["--port", "0", "--address", "127.0.0.1", "--web-root", webRoot];
if (/--db\b/.test((help.stdout ?? "") + (help.stderr ?? ""))) args.push("--db", join(tmp, "hexhall.db"));
// The scenarios watch whole games of bots (a spectator's replay, a tournament's house bots): bot games
// at full speed here. The server's pace for bot games (docs/operations.md, "Bot games") is its own test's.
if (/--bot-move-ms\b/.test(help.stdout ?? "")) args.push("--bot-move-ms", "1");
// One rated game puts its players on the leaderboards (the play-now-rated scenario checks its rows).
if (/--leaderboard-min-games\b/.test(help.stdout ?? "")) args.push("--leaderboard-min-games", "1");
// Every scenario's browser comes from 127.0.0.1: the per-address cap on bot games (4, fair share for
// strangers) would count the earlier scenarios' bot games still open against the next one's. The cap
// itself is tested by server_tests (test_botshare.cpp); each session keeps its own cap here.
if (/--bot-rooms-per-address\b/.test(help.stdout ?? "")) args.push("--bot-rooms-per-address", "64");
const server = spawn(serverBin, args, { stdio: ["ignore", "pipe", "pipe"] });
let serverLog = "";
const port = await new Promise((resolvePort, reject) => {
  const onData = (d) => {
    serverLog += d;
    const m = /listening on [^\s:]+:(\d+)/.exec(serverLog);
    if (m) resolvePort(Number(m[1]));
  };
  server.stdout.on("data", onData);
  server.stderr.on("data", onData);
  server.on("exit", (code) => reject(new Error(`server exited (${code}):\n${serverLog}`)));
  setTimeout(() => reject(new Error("server did not report its port:\n" + serverLog)), 10000);
});
const base = `http://127.0.0.1:${port}`;
console.log(`browser tests: server on ${base}, chromium ${"/usr/bin/chromium"}`);

const browser = await launch();
let failed = 0;
for (const name of chosen) {
  const t0 = Date.now();
  try {
    const notes = await scenarios[name]({ browser, base, shots });
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${notes ? "\n     " + notes.join("\n     ") : ""}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s): ${e.stack ?? e}`);
  }
}
await browser.close();
server.kill("SIGTERM");
if (failed || process.env.HEXHALL_SERVER_LOG) console.log("---- server log (last 40 lines)\n" + serverLog.split("\n").slice(-40).join("\n"));
rmSync(tmp, { recursive: true, force: true });
console.log(`browser tests: ${chosen.length - failed}/${chosen.length} scenarios passed in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in build/screenshots/`);
process.exit(failed ? 1 : 0);

function fail(msg) {
  console.error("browser tests: " + msg);
  process.exit(1);
}

// name → scenario function, from the shell's folder and every game's (see the top of this file).
async function findScenarios() {
  const files = [];
  const here = join(root, "tests/browser");
  for (const f of readdirSync(here).sort()) {
    const m = f.match(/^scenario-(.+)\.mjs$/);
    if (m) files.push([m[1], join(here, f)]);
  }
  for (const game of readdirSync(join(root, "games")).sort()) {
    const dir = join(root, "games", game, "tests/browser");
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      const m = f.match(/^scenario(?:-(.+))?\.mjs$/);
      if (m) files.push([m[1] ?? game, join(dir, f)]);
    }
  }
  const out = {};
  for (const [name, file] of files) {
    if (name in out) fail(`two browser scenarios named ${name} (${file})`);
    const mod = await import(pathToFileURL(file).href);
    const fn = mod.default ?? mod[name.replace(/-(\w)/g, (_, c) => c.toUpperCase())];
    if (typeof fn !== "function") fail(`${file}: no scenario function (export default, or export ${name})`);
    out[name] = fn;
  }
  return out;
}
