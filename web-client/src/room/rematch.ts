// Rematch (issue 18), for every game: the first seated player to ask creates a new room with the
// finished room's options (a new secret seed and board), names the old room in it (`rematchOf`, so
// the server tells the others: the room push's "rematch"), takes the same seat and puts the same
// bots in the same seats. The others then join it in their own seats by its invite.
import type { RoomState } from "./room-state";

/** The createRoom message of a rematch of `r` (plain data: the unit tests check it). */
export function rematchMessage(r: RoomState): Record<string, unknown> {
  const m: Record<string, unknown> = { type: "createRoom", ...(r.game ? { game: r.game } : {}), ...r.options, rematchOf: r.room };
  delete m.boardSeed;  // a new board, as a new game gets
  if (r.private) m.private = true;
  if (!r.spectatorsAllowed) m.spectators = false;
  if (typeof r.grace === "number") m.grace = r.grace;
  if (r.clock && r.clock !== "none") m.clock = r.clock;
  return m;
}

/** The bots to add to the rematch: seat → bot kind, as in the finished room. */
export function rematchBots(r: RoomState): [number, string][] {
  return r.seats.flatMap((s, i) => (s && s.kind === "bot" && s.name ? [[i, s.name] as [number, string]] : []));
}

export interface RematchConn { request(m: Record<string, unknown>): Promise<any>; }

/** Creates the rematch of `r` and takes `seat` there; returns the new room and its invite. */
export async function createRematch(conn: RematchConn, r: RoomState, seat: number): Promise<{ room: string; invite: string }> {
  const created = await conn.request(rematchMessage(r));
  const room = String(created.room), invite = String(created.invite ?? "");
  await conn.request({ type: "joinRoom", room, seat });
  for (const [s, bot] of rematchBots(r))
    await conn.request({ type: "addBot", room, seat: s, bot }).catch(() => { /* e.g. a tournament's house bot: the seat stays open */ });
  return { room, invite };
}

/** Joins the rematch someone created, in `seat` when it is free (else as a visitor of its page). */
export async function joinRematch(conn: RematchConn, rematch: { room: string; invite: string }, seat: number): Promise<boolean> {
  try {
    await conn.request({ type: "joinRoom", invite: rematch.invite, seat });
    return true;
  } catch {
    return false;
  }
}
