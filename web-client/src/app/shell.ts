// What the pages share: the connection, toasts, the remembered name, and cross-page hand-offs.
import type { Connection } from "../net/connection";

export interface Shell {
  conn: Connection;
  toast(text: string, kind?: "info" | "error"): void;
  /** Resolves once the player has a display name and the session is up. */
  ensureName(): Promise<void>;
  /** Invite codes learned from roomCreated / room pushes / invite links, by room id (remembered). */
  invites: { get(room: string): string | undefined; set(room: string, code: string): void };
  /** The room and seat this connection is in (from `joined`), reset when the connection is renewed. */
  joined: { room: string; seat: number } | null;
  /** The latest `room` push per room (it may arrive before the room page is mounted). */
  roomPushes: Map<string, any>;
  /** Seat tokens for external bot seats of rooms this browser created (shown to the host). */
  seatTokens: Map<string, { seat: number; token: string }[]>;
  /** A place in the header for the current page's controls (the room drawer's button). */
  headerSlot?: HTMLElement;
}

export function errorText(e: unknown): string {
  if (e && typeof e === "object" && "code" in e) {
    const err = e as { code: string; message?: string };
    return err.message && err.message !== err.code ? `${err.message} (${err.code})` : err.code;
  }
  return String(e);
}
