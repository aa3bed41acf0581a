// Hosts the room's game UI (loaded by the room's game name from src/games/index.ts) in the room
// page: feeds it GameFrames from the snapshot/patch stream, room changes, language changes and the
// seed reveal, and carries its intents to the server as `action` requests.
import { defaultGame, loadGame, type GameUI } from "../games";
import type { ActionError, GameFrame, GameHandle, HistoryEntry, RoomInfo, SeedReveal } from "./contract";
import type { Connection } from "../net/connection";
import { GameStream } from "../net/game-stream";
import { lang, onLang, t } from "../i18n";
import { hasMove, turnCue, turnTitle } from "./turn-title";
import { play } from "./sound";

export class GameHost {
  private handle: GameHandle | null = null;
  private stream: GameStream;
  private offs: (() => void)[] = [];
  private lastFrame: GameFrame | null = null;
  private loading: Promise<GameUI> | null = null;
  private ui: GameUI | null = null;
  private revealed: SeedReveal | null = null;
  private history: HistoryEntry[] | null = null;

  constructor(private root: HTMLElement, private conn: Connection, roomId: string,
              private seat: () => number, private room: () => RoomInfo,
              private chat?: { el: HTMLElement; giveBack(): void }, private rematch?: () => void) {
    this.stream = new GameStream((f) => this.frame(f), () => conn.request({ type: "resync" }));
    this.offs.push(
      conn.on("snapshot", (m) => this.stream.snapshot(m)),
      conn.on("patch", (m) => this.stream.patch(m)),
      conn.on("seedReveal", (m) => {
        if (m.room !== roomId) return;
        this.revealed = m as unknown as SeedReveal;
        this.handle?.seedRevealed(this.revealed);
      }),
      conn.on("history", (m) => {
        if (m.room !== roomId || !Array.isArray(m.entries)) return;
        this.history = m.entries as HistoryEntry[];
        this.handle?.history?.(this.history);
      }),
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
    this.history = null;
    this.handle?.destroy();
    this.handle = null;
    this.chat?.giveBack();
  }

  destroy(): void {
    document.title = turnTitle(false, "");
    this.offs.forEach((f) => f());
    this.handle?.destroy();
    this.handle = null;
    this.chat?.giveBack();
  }

  // The server names every room's game; the registry's default for a room pushed without one.
  private game(): string { return this.room().game ?? defaultGame; }

  private frame(f: GameFrame): void {
    if (turnCue(this.lastFrame, f, this.seat())) play("turn");  // every game's "your turn" (issue 18)
    this.lastFrame = f;
    document.title = turnTitle(this.seat() >= 0 && hasMove(f.legal), t("game.yourMove"));
    if (this.handle) { this.handle.frame(f); return; }
    if (this.ui) { this.mount(this.ui); return; }
    if (this.loading) return;  // the newest frame is shown once the UI has loaded
    const game = this.game();
    const loading = loadGame(game);
    if (!loading) {
      this.root.replaceChildren(Object.assign(document.createElement("p"), {
        className: "error", textContent: `This client cannot show the game "${game}".` }));
      return;
    }
    this.loading = loading;
    loading.then((ui) => {
      this.ui = ui;
      this.loading = null;
      if (this.lastFrame && !this.handle) this.mount(ui);
    }, (e) => {
      this.loading = null;
      console.error("game UI failed to load", e);
    });
  }

  private mount(ui: GameUI): void {
    const game = this.game();
    this.root.replaceChildren();
    this.handle = ui.mountGame(this.root, {
      seat: this.seat(),
      room: this.room,
      lang,
      act: (intent: object) => this.conn.request({ type: "action", game, [game]: intent }).then(
        () => undefined,
        (e: ActionError) => { throw e; }),
      chat: this.chat?.el,
      rematch: this.rematch,
    });
    this.handle.roomChanged(this.room());
    if (this.lastFrame) this.handle.frame(this.lastFrame);
    if (this.history) this.handle.history?.(this.history);
    if (this.revealed) this.handle.seedRevealed(this.revealed);
  }
}
