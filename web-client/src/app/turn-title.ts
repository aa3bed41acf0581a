// The tab title marks when the game waits for this player (issue 18): "● Your move · Hexhall",
// so a player in another tab sees it. Game-agnostic: a seat has a move when its `legal` (the
// game's payload) holds anything — a non-empty list, a positive count, a true flag.

/** Whether a game's `legal` payload offers this seat anything to do. */
export function hasMove(legal: unknown): boolean {
  if (Array.isArray(legal)) return legal.length > 0;
  if (typeof legal === "number") return legal > 0;
  if (typeof legal === "boolean") return legal;
  if (legal && typeof legal === "object") return Object.values(legal as Record<string, unknown>).some(hasMove);
  return false;
}

const BASE = "Hexhall";

/** The page title for a frame: marked while the seat has a move. */
export function turnTitle(yourMove: boolean, label: string): string {
  return yourMove ? `● ${label} · ${BASE}` : BASE;
}

/** "Your turn" (issue 18), for every game; the game host plays it: the seat had nothing to do and
 *  now has (not on a snapshot, not for spectators). */
export function turnCue(prev: { legal: unknown } | null, f: { legal: unknown; snapshot: boolean }, seat: number): boolean {
  return seat >= 0 && !f.snapshot && !!prev && !hasMove(prev.legal) && hasMove(f.legal);
}
