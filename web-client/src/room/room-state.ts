// The room as the shell knows it: the latest `room` push, normalised to the contract's RoomInfo.
import type { RoomInfo, SeatInfo } from "../app/contract";

export interface RoomState extends RoomInfo {
  private: boolean;
  invite?: string;
  spectators: number;
  spectatorsAllowed: boolean;
  grace?: number;
  fixedSeed: boolean;
  /** a referee has paused the game's clocks (tournament tables; protocol.md "room" clockPaused) */
  clockPaused: boolean;
  /** the tournament's id when this room is a tournament's table */
  tournament?: string;
  /** a rated room (accounts only, rated at the end; docs/protocol.md "Accounts") */
  rated?: boolean;
  /** false until the server sent a `room` push (older servers only list public rooms). */
  pushed: boolean;
  /** whether the server names a host (older servers do not: anyone seated may use the controls). */
  hostKnown: boolean;
}

export function emptyRoom(room: string): RoomState {
  return { room, host: null, seats: [], started: false, over: false, options: {}, clock: "none",
    private: false, spectators: 0, spectatorsAllowed: true, fixedSeed: false, clockPaused: false, pushed: false, hostKnown: false };
}

/** From a `room` push or a `rooms` list entry. */
export function roomFromMessage(m: any, pushed: boolean): RoomState {
  const seats: (SeatInfo | null)[] = (Array.isArray(m.seats) ? m.seats : []).map((s: any, i: number) =>
    s ? { seat: i, kind: s.kind ?? "human", name: String(s.name ?? ""), connected: s.kind === "bot" ? true : Boolean(s.connected),
          botPlaying: s.botPlaying ?? undefined, botAt: typeof s.botAt === "number" ? s.botAt : undefined,
          rating: typeof s.rating?.ordinal === "number" ? s.rating.ordinal : undefined } : null);
  return {
    room: String(m.room), host: typeof m.host === "number" ? m.host : null, hostKnown: "host" in m,
    seats, started: Boolean(m.started), over: Boolean(m.over), game: typeof m.game === "string" ? m.game : undefined, options: m.options ?? {}, clock: m.clock ?? "none",
    commitment: m.commitment, private: Boolean(m.private), invite: m.invite, spectators: Number(m.spectators ?? 0),
    spectatorsAllowed: m.spectatorsAllowed !== false, grace: m.grace, fixedSeed: Boolean(m.fixedSeed), clockPaused: m.clockPaused === true,
    tournament: typeof m.tournament === "string" ? m.tournament : undefined, rated: Boolean(m.rated), pushed,
    rematch: m.rematch && typeof m.rematch.room === "string" ? { room: String(m.rematch.room), invite: String(m.rematch.invite ?? "") } : undefined,
  };
}

/** Host controls: the host's seat, or anyone when the server does not name a host (older servers). */
export function isHost(r: RoomState, mySeat: number): boolean {
  if (!r.hostKnown) return mySeat >= 0;
  return r.host !== null && r.host === mySeat;
}
