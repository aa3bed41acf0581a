// Tells a game's page that the server's clock moved for this seat (docs/protocol.md "Clocks": when a
// seat's time runs out the server plays for it with the game's takeover bot). For a game whose patches
// say nothing of it, it is read from the stream: this seat's clock was running
// (a receiver sees its own deadline whenever it has one, protocol.md "clock"), a live patch that this
// page did not cause ended or restarted it. This page's own action is the patch right after its ack
// (protocol.md "action": the ack comes first, then the patch, on the same connection); other seats'
// actions leave this seat's deadline as it was. A snapshot (resync, a referee's resume) is never one.
import type { Clock, GameFrame } from "./contract";

export class ClockMoved {
  private prev: Clock | undefined;
  private ownNext = false;
  constructor(private seat: number) {}

  /** Wraps this page's action: once acknowledged, the next patch is its own. */
  sent<T>(p: Promise<T>): Promise<T> {
    return p.then((v) => { this.ownNext = true; return v; });
  }

  /** Call for every frame, in order: true when the clock ran out for this seat and the server moved for it. */
  frame(f: GameFrame): boolean {
    const prev = this.prev;
    this.prev = f.clock;
    if (f.snapshot) { this.ownNext = false; return false; }
    if (this.ownNext) { this.ownNext = false; return false; }
    if (this.seat < 0 || !prev || prev.seat !== this.seat || prev.paused) return false;
    return !f.clock || f.clock.seat !== this.seat || f.clock.deadline !== prev.deadline;
  }
}
