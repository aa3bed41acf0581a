// Dev page (not part of the app): renders the hand-written fixture frames without a server.
// Bundle: npx esbuild src/games/struggle/dev.ts --bundle --format=esm --outdir=<dir>; copy dev.html
// there and serve the directory. Query: ?f=trade|giveBack|build|discard|watch|over&lang=zh-Hant&seat=0,
// or ?frames=frames.json&i=42: recorded frames [{version, view, legal, events}…] of one seat, fed up to i,
// or ?replay=<room> (mountReplay, GET /games/<room>/replay), or ?live=1: a local bridge answers GET /start and POST /act (intent) with {frames} or {error, message}.
import { mountGame, mountReplay } from "./index";
import { FIXTURES } from "./fixtures";
import type { GameFrame, Lang, RoomInfo } from "../../app/contract";

const q = new URLSearchParams(location.search);
const lang = (q.get("lang") ?? "en") as Lang;
if (q.get("replay")) mountReplay(document.getElementById("root")!, q.get("replay")!, () => lang);
else await table();

async function table() {
  const seat = Number(q.get("seat") ?? 0);
  const recorded: GameFrame[] | null = q.get("frames") ? await (await fetch(q.get("frames")!)).json() : null;
  const frames = recorded ? recorded.slice(0, Number(q.get("i") ?? recorded.length - 1) + 1) : FIXTURES[q.get("f") ?? "trade"] ?? FIXTURES.trade;
  const room: RoomInfo = { room: "dev00001", host: 0, started: true, over: false, options: {}, clock: "none",
    seats: ["Ann", "Bo", "Chen", "Dee"].map((name, i) => ({ seat: i, kind: i ? "bot" : "human", name, connected: true })) };
  let frameNow: GameFrame | null = null;
  (window as any).hexhall = { room: { seat: () => seat, game: { get frameNow() { return frameNow; } } } };
  const feed = (fs: GameFrame[]) => { for (const f of fs) { frameNow = f; g.frame(f); } };
  const live = q.get("live") !== null;
  const g = mountGame(document.getElementById("root")!, { seat, room: () => room, lang: () => lang,
    act: async (intent) => {
      console.log("act", JSON.stringify(intent));
      (window as any).lastIntent = intent;
      if (!live) return;
      const r = await (await fetch("act", { method: "POST", body: JSON.stringify(intent) })).json();
      if (r.error !== undefined) throw { code: "illegal_action", rule: r.error, message: r.message };
      setTimeout(() => feed(r.frames), 0);
    } });
  feed(live ? (await (await fetch("start")).json()).frames : frames);
}
