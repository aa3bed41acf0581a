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

/** Follows the connection: each hello says whether the session is logged in. */
export function trackAccount(conn: Connection): void {
  conn.on("ready", (m) => setAccount(accountOf(m)));
}
