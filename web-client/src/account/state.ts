// The account this browser's session is logged in to (docs/protocol.md, "Accounts"): learned from
// `welcome` (the connection's "ready") and from the `account` reply of register / login.
import type { Connection, ServerMessage } from "../net/connection";

export interface AccountInfo { id: string; name: string }

let current: AccountInfo | null = null;
const listeners = new Set<(a: AccountInfo | null) => void>();

export function account(): AccountInfo | null { return current; }

export function setAccount(a: AccountInfo | null): void {
  current = a;
  for (const fn of [...listeners]) fn(a);
}

export function onAccount(fn: (a: AccountInfo | null) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The account named by a server message (`welcome`, `account`), or null. */
export function accountOf(m: ServerMessage): AccountInfo | null {
  const a = m.account;
  return a && typeof a.id === "string" && typeof a.name === "string" ? { id: a.id, name: a.name } : null;
}

/** A live seat the account holds (`welcome` / `account` "playing", docs/protocol.md "Seats follow the account"). */
export interface PlayingSeat { room: string; game: string; seat: number; invite: string; started: boolean }

let seats: PlayingSeat[] = [];
const seatListeners = new Set<(s: PlayingSeat[]) => void>();

export function playing(): PlayingSeat[] { return seats; }

export function setPlaying(s: PlayingSeat[]): void {
  seats = s;
  for (const fn of [...seatListeners]) fn(s);
}

export function onPlaying(fn: (s: PlayingSeat[]) => void): () => void {
  seatListeners.add(fn);
  return () => seatListeners.delete(fn);
}

/** The account's live seats named by a server message (`welcome`, `account`); [] when none. */
export function playingOf(m: ServerMessage): PlayingSeat[] {
  if (!Array.isArray(m.playing)) return [];
  return m.playing
    .filter((p: any) => p && typeof p.room === "string" && typeof p.seat === "number")
    .map((p: any) => ({ room: p.room, game: String(p.game ?? ""), seat: p.seat, invite: String(p.invite ?? ""), started: p.started === true }));
}

/** Why a `loggedOut` push says the session was logged out (docs/protocol.md, "Accounts"). */
export type LoggedOutReason = "logout" | "logoutAll" | "passwordChanged" | "accountDeleted" | "revoked";

/**
 * Follows the connection: each hello says whether the session is logged in, and a `loggedOut` push
 * that it no longer is (logged out elsewhere, the password changed, the account deleted); then the
 * browser plays on as a guest and `told` shows why.
 */
export function trackAccount(conn: Connection, told?: (reason: LoggedOutReason, name: string | null) => void): void {
  conn.on("ready", (m) => { setAccount(accountOf(m)); setPlaying(playingOf(m)); });
  conn.on("loggedOut", (m) => {
    setAccount(null);
    setPlaying([]);
    const reasons: LoggedOutReason[] = ["logout", "logoutAll", "passwordChanged", "accountDeleted", "revoked"];
    const reason = reasons.includes(m.reason) ? (m.reason as LoggedOutReason) : "revoked";
    told?.(reason, typeof m.name === "string" ? m.name : null);
  });
}
