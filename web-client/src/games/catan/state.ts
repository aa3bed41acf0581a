// What every panel of the game UI reads: the current view and legal actions, names, the
// language, and how to send an intent. Panels never decide what is legal: they look it up here.
import type { Lang } from "../../app/contract";
import { seatDisplayNames, type NamedSeat } from "../../app/seat-names";

export interface UI {
  lang: Lang;
  seat: number;               // -1: spectator
  view: any;                  // catan.view
  legal: any;                 // catan.legal ({} for spectators)
  names: string[];            // by seat
  initials: string[];         // by seat
  act(intent: object): void;  // sends; errors are shown by the caller
}

export function actions(ui: UI): any[] { return Array.isArray(ui.legal?.actions) ? ui.legal.actions : []; }
export function legalOf(ui: UI, type: string): any[] { return actions(ui).filter((a) => a?.type === type); }
export function isLegal(ui: UI, type: string): boolean { return actions(ui).some((a) => a?.type === type); }

export function playerName(ui: UI, seat: number): string { return ui.names[seat] ?? `#${seat}`; }

/** Seat names for display (app/seat-names.ts): bots by kind in the player's language, equal names numbered. */
export function seatNames(room: { seats: (NamedSeat | null)[] } | undefined, players: number, seatWord: (n: number) => string, lang: Lang = "en"): string[] {
  return seatDisplayNames(room?.seats, players, lang, seatWord, "catan");
}

export function initialOf(name: string, seat: number): string {
  const first = [...(name ?? "").trim()][0];
  return first ? first.toUpperCase() : String(seat + 1);
}

/** Every seat's mark on its pieces: its initial, with the seat's number when another seat shares
 *  it (three heuristic bots: H2, H3, H4), so no two seats' pieces read alike without colour. */
export function initialsOf(names: string[]): string[] {
  const first = names.map((x, i) => initialOf(x, i));
  return first.map((c, i) => (first.filter((d) => d === c).length > 1 && c !== String(i + 1) ? `${c}${i + 1}` : c));
}

export function sumCards(c: Record<string, number> | undefined): number {
  return Object.values(c ?? {}).reduce((a, b) => a + (Number(b) || 0), 0);
}
