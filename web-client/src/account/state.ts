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

/** Why a `loggedOut` push says the session was logged out (docs/protocol.md, "Accounts"). */
export type LoggedOutReason = "logout" | "logoutAll" | "passwordChanged" | "accountDeleted" | "revoked";

/**
 * Follows the connection: each hello says whether the session is logged in, and a `loggedOut` push
 * that it no longer is (logged out elsewhere, the password changed, the account deleted); then the
 * browser plays on as a guest and `told` shows why.
 */
export function trackAccount(conn: Connection, told?: (reason: LoggedOutReason, name: string | null) => void): void {
  conn.on("ready", (m) => setAccount(accountOf(m)));
  conn.on("loggedOut", (m) => {
    setAccount(null);
    const reasons: LoggedOutReason[] = ["logout", "logoutAll", "passwordChanged", "accountDeleted", "revoked"];
    const reason = reasons.includes(m.reason) ? (m.reason as LoggedOutReason) : "revoked";
    told?.(reason, typeof m.name === "string" ? m.name : null);
  });
}
