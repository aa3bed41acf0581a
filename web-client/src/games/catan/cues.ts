// Which sounds a frame calls for (issue 18), from what changed for this seat: it became your move
// (every game: app/turn-title.ts turnCue, played by the game host), an offer was made to you, a steal by you or from you.
import type { GameFrame } from "../../app/contract";
import type { Cue } from "../../app/sound";

/** Catan's own cues beside it: an offer made to you, a steal by or from you. */
export function cuesFor(prev: GameFrame | null, f: GameFrame, seat: number): Cue[] {
  if (seat < 0 || f.snapshot) return [];
  const out: Cue[] = [];
  const o = f.view?.offer;
  if (o && Array.isArray(o.to) && o.to.includes(seat) && o.id !== prev?.view?.offer?.id) out.push("offer");
  if ((f.events ?? []).some((e: any) => e?.type === "stole" && (e.victim === seat || e.seat === seat))) out.push("steal");
  return out;
}
