// A tournament changed from a node that does not run it (issue 28, docs/decisions/030-tournaments-
// on-several-nodes.md; run by tests/browser/cluster.mjs): a Catan event is made on node 0, which runs
// it (Ann and three house bots registered over HTTP). The organiser's console is opened on node 1.
// There the organiser closes registration, seats round 1 and starts it: each change goes to node 1
// first, is answered 409 `moved` with node 0's URL, and the page sends it again there (CORS, the
// bearer token kept). The console (reading from node 1) shows each change; node 0's copy has them.
import { check, openPage, problems, tid } from "../../../../tests/browser/lib.mjs";

const DESKTOP = { width: 1280, height: 800 };

/** The desk's HTTP API from the test itself (no redirect followed). */
async function api(base, method, path, body, token = "") {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: "manual" });
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  return { status: res.status, json, text };
}

export default async function clusterTournamentConsole({ browser, nodes }) {
  const notes = [];
  const [A, B] = nodes;
  const made = await api(A.base, "POST", "/tournaments",
    { name: "Cluster open", game: "catan", settings: { rounds: 1, clockPreset: "untimed", noShowAfterS: 3600 } });
  check(made.status === 201, `node 0 made the tournament (${made.status} ${made.text})`);
  const { id, organiserToken, invite } = made.json;
  const ann = await api(A.base, "POST", `/tournaments/${id}/entrants`, { name: "Ann", invite });
  check(ann.status === 201, `Ann registered (${ann.status} ${ann.text})`);
  for (let i = 1; i <= 3; i++) {
    const bot = await api(A.base, "POST", `/tournaments/${id}/entrants`, { name: `Bot ${i}`, bot: "heuristic" }, organiserToken);
    check(bot.status === 201, `house bot ${i} added (${bot.status} ${bot.text})`);
  }
  // Node 1 does not run it: a change sent there with an Origin is answered 409 moved to node 0.
  const direct = await fetch(`${B.base}/tournaments/${id}/close`, {
    method: "POST", headers: { Authorization: `Bearer ${organiserToken}`, Origin: B.base }, redirect: "manual" });
  const directBody = await direct.json();
  check(direct.status === 409 && directBody.error === "moved" && new URL(directBody.url).port === String(A.port),
    `node 1 answers a change with 409 moved to node 0 (${direct.status} ${JSON.stringify(directBody)})`);

  // The organiser's console, served by node 1.
  const O = await openPage(browser, `${B.base}/#/t/${id}/org/${organiserToken}`, DESKTOP, "Organiser");
  const changes = [];  // "status port path" of every change the page sent
  O.page.on("response", (r) => {
    const u = new URL(r.url());
    if (r.request().method() === "POST" && u.pathname.startsWith("/tournaments/")) changes.push(`${r.status()} ${u.port} ${u.pathname}`);
  });
  await O.page.waitForFunction(() => document.querySelectorAll('[data-testid^="entrant-e"]').length === 4, null, { timeout: 15000 });
  await O.page.click(tid("close-registration"));
  await O.page.waitForSelector(tid("registration-closed"), { timeout: 15000 });
  await O.page.click(tid("seat-round"));
  await O.page.waitForSelector(tid("table-1-1"), { timeout: 15000 });
  await O.page.click(tid("start-round-1"));
  // Ann has not checked in (no-show time an hour): the started round's table waits for her.
  await O.page.waitForSelector(`${tid("table-1-1")}[data-state="waiting"]`, { timeout: 15000 });

  // Node 0 ran each change: its copy has registration closed and round 1 started.
  const v = await api(A.base, "GET", `/tournaments/${id}`);
  check(v.status === 200 && v.json.run?.[0]?.status === "started", `node 0 shows round 1 started (${JSON.stringify(v.json?.run)})`);
  for (const path of [`/tournaments/${id}/close`, `/tournaments/${id}/rounds`, `/tournaments/${id}/rounds/1/start`]) {
    const tried = changes.filter((c) => c.endsWith(" " + path));
    check(tried.includes(`409 ${B.port} ${path}`), `the page sent ${path} to node 1 first, answered 409 (${changes.join(", ")})`);
    check(tried.some((c) => /^20[01] /.test(c) && c.split(" ")[1] === String(A.port)), `the page sent ${path} again to node 0, which made it (${changes.join(", ")})`);
  }
  const left = problems(O).filter((m) => !/^409 \/tournaments\//.test(m));
  check(left.length === 0, `no other errors on the console page: ${left.join("; ")}`);
  notes.push(`console on node 1 (${B.base}); changes: ${changes.join(", ")}`);
  await O.context.close();
  return notes;
}
