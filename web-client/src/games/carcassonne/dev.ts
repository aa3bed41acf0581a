// Dev harness (not part of the app): renders recorded frames without a server.
// Frames: web-client/tools/carcassonne-fixtures.cpp prints [{version, view, legal, events}…] of one seat.
// Bundle: npx esbuild src/games/carcassonne/dev.ts --bundle --format=esm --outdir=<dir>; copy dev.html
// there with frames.json (?replay=<room> fetches /games/<room>/replay instead). Query: ?seat=0&i=42&lang=zh-Hant&frames=frames4.json&players=4
import { mountGame, mountReplay } from "./index";
import type { GameFrame, Lang, RoomInfo } from "../../app/contract";

const q = new URLSearchParams(location.search);
const lang = (q.get("lang") ?? "en") as Lang;
const root = document.getElementById("root")!;
const bar = document.getElementById("dev-bar")!;
if (q.get("replay")) mountReplay(root, q.get("replay")!, () => lang);
else await live();

async function live(): Promise<void> {
  const seat = Number(q.get("seat") ?? 0);
  const frames: GameFrame[] = await (await fetch(q.get("frames") ?? "frames.json")).json();
  const n = frames[0]?.view?.players?.length ?? 2;
  const room: RoomInfo = { room: "dev00001", host: 0, started: true, over: false, options: {}, clock: "none",
    seats: ["Ann", "Bo", "Chen", "Dee", "Eve"].slice(0, n).map((name, i) => ({ seat: i, kind: "human", name, connected: true })) };
  const g = mountGame(root, { seat, room: () => room, lang: () => lang,
    act: (intent) => { console.log("act", JSON.stringify(intent)); (window as any).lastIntent = intent; return Promise.resolve(); } });
  let i = 0;
  const target = Number(q.get("i") ?? 0);
  const label = document.createElement("span");
  bar.append(label);
  const show = () => { label.textContent = ` frame ${i} / ${frames.length - 1} `; };
  for (; i <= Math.min(target, frames.length - 1); ++i) g.frame(frames[i]);
  i = Math.min(target, frames.length - 1);
  show();
  const next = document.createElement("button");
  next.textContent = "next frame";
  next.onclick = () => { if (i < frames.length - 1) { g.frame(frames[++i]); show(); } };
  bar.append(next);
  (window as any).devNext = () => next.click();
}
