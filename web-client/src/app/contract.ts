export type Lang = "en" | "zh-Hant" | "zh-Hans";
export interface SeatInfo { seat: number; kind: "human" | "bot" | "external" | null; name: string;
  connected: boolean; botPlaying?: string;
  botAt?: number;                       // Unix ms when a bot takes an absent player's seat (protocol.md "room")
  rating?: number; }                    // rated rooms: the account's ordinal (mu - 3 sigma) when it sat down
export interface RoomInfo { room: string; game?: string; host: number | null; seats: (SeatInfo | null)[];
  started: boolean; over: boolean; options: Record<string, unknown>; clock: string;
  commitment?: string;
  rematch?: { room: string; invite: string }; }  // once a player created this finished room's rematch
export interface Clock { seat: number; deadline: number; warnAt?: number; kind: string;
  paused?: boolean; leftMs?: number; }  // paused by a tournament referee: leftMs stands still (protocol.md "clock")
export interface GameFrame {            // one per snapshot or patch, after the patch is applied
  version: number;
  view: any;                            // <game>.view as in the game's protocol doc
  legal: any;                           // <game>.legal for this seat (empty for spectators)
  events: any[];                        // <game>.events of this patch (empty on a snapshot)
  clock?: Clock;
  snapshot: boolean;                    // true when this frame came from a snapshot (resync/reconnect)
}
export interface ActionError { code: string; rule?: string; message: string; }
export interface SeedReveal { seed: string; salt: string; commitment: string; record: string; }
export interface GameContext {
  seat: number;                         // -1: spectator
  room: () => RoomInfo;
  lang: () => Lang;
  /** Sends {"type":"action","game":<game>,<game>: intent}; resolves on ack, rejects with ActionError. */
  act(intent: object): Promise<void>;
  /** The room's chat panel. A game UI may place it in its own layout (e.g. a tab beside its log);
   *  one that does not leaves it in the room drawer. Returned to the drawer when the game unmounts. */
  chat?: HTMLElement;
  /** Offered to a seated player once the game is over: starts the rematch, or joins the one
   *  another player started (RoomInfo.rematch), and goes there. */
  rematch?: () => void;
}
/** What happened before this seat (re)joined: the room's last events for this seat or the
 *  spectators, oldest first; `to` is the version the events' patch produced (issue 18). */
export interface HistoryEntry { to: number; events: any[]; }
export interface GameHandle {
  frame(f: GameFrame): void;            // every snapshot/patch, in order
  /** Sent once after a snapshot when the seat joins, returns or reconnects: earlier events for the
   *  game's log only (no pacing, sounds or animations). Entries may repeat what the log holds. */
  history?(entries: HistoryEntry[]): void;
  roomChanged(r: RoomInfo): void;
  langChanged(l: Lang): void;
  seedRevealed(r: SeedReveal): void;
  destroy(): void;
}
export type MountGame = (root: HTMLElement, ctx: GameContext) => GameHandle;
// Each game UI (web-client/src/games/<name>/index.ts, listed in src/games/index.ts) exports
// mountGame: MountGame and mountReplay(root, roomId, lang, query): { destroy(): void }, where query
// ("?invite=…" or "") is appended to GET /games/<room>/replay.
