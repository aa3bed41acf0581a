// Dev harness (not part of the app): renders recorded frames without a server.
// Bundle: npx esbuild src/games/catan/dev.ts --bundle --format=esm --outdir=<dir>; copy dev.html there with
// frames.json = [{version, view, legal, events, clock?}…] of one seat (from games/catan/tools/protocol_examples
// --jsonl, patches applied). Query: ?seat=0&i=42&lang=zh-Hant&replay=<room> (replay: mountReplay).
import { mountGame, mountReplay } from "./index";
import type { GameFrame, Lang, RoomInfo } from "../../app/contract";

const q = new URLSearchParams(location.search);
const lang = (q.get("lang") ?? "en") as Lang;
const root = document.getElementById("root")!;
const bar = document.getElementById("dev-bar")!;

if (q.get("replay")) {
  mountReplay(root, q.get("replay")!, () => lang);
} else {
  const seat = Number(q.get("seat") ?? 0);
  const frames: GameFrame[] = await (await fetch(q.get("frames") ?? "frames.json")).json();
  const room: RoomInfo = { room: "dev00001", host: 0, started: true, over: false, options: {}, clock: "none",
    commitment: "a".repeat(64),
    seats: ["Ann", "Bo", "Chen", "Dee"].map((name, i) => ({ seat: i, kind: "human", name, connected: i !== 2 })) };
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
  if (q.get("reveal")) g.seedRevealed({ seed: "12345", salt: "0".repeat(32), commitment: "a".repeat(64), record: "/games/dev00001/record" });
  (window as any).devNext = () => next.click();
}
