// Hosts the game UI (src/game, imported as "@game") in the room page: feeds it GameFrames from the
// snapshot/patch stream, room changes, language changes and the seed reveal, and carries its
// intents to the server as `action` requests.
import { mountGame } from "@game";
import type { ActionError, GameFrame, GameHandle, RoomInfo, SeedReveal } from "./contract";
import type { Connection } from "../net/connection";
import { GameStream } from "../net/game-stream";
import { lang, onLang } from "../i18n";

export class GameHost {
  private handle: GameHandle | null = null;
  private stream: GameStream;
  private offs: (() => void)[] = [];
  private lastFrame: GameFrame | null = null;

  constructor(private root: HTMLElement, private conn: Connection, roomId: string,
              private seat: () => number, private room: () => RoomInfo) {
    this.stream = new GameStream((f) => this.frame(f), () => conn.request({ type: "resync" }));
    this.offs.push(
      conn.on("snapshot", (m) => this.stream.snapshot(m)),
      conn.on("patch", (m) => this.stream.patch(m)),
      conn.on("seedReveal", (m) => { if (m.room === roomId) this.handle?.seedRevealed(m as unknown as SeedReveal); }),
      onLang((l) => this.handle?.langChanged(l)),
    );
  }

  get mounted(): boolean { return this.handle !== null; }
  get frameNow(): GameFrame | null { return this.lastFrame; }
  get stats() { return this.stream.stats; }

  roomChanged(r: RoomInfo): void { this.handle?.roomChanged(r); }

  /** A new seat (joined, reconnected): the next snapshot starts the stream again. */
  reset(): void {
    this.stream.reset();
    this.handle?.destroy();
    this.handle = null;
  }

  destroy(): void {
    this.offs.forEach((f) => f());
    this.handle?.destroy();
    this.handle = null;
  }

  private frame(f: GameFrame): void {
    this.lastFrame = f;
    if (!this.handle) {
      this.root.replaceChildren();
      this.handle = mountGame(this.root, {
        seat: this.seat(),
        room: this.room,
        lang,
        act: (intent: object) => this.conn.request({ type: "action", game: "catan", catan: intent }).then(
          () => undefined,
          (e: ActionError) => { throw e; }),
      });
      this.handle.roomChanged(this.room());
    }
    this.handle.frame(f);
  }
}
