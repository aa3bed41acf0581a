// Turns the server's snapshot / patch messages into GameFrames: applies each RFC 6902 patch to
// the current view (fast-json-patch), checks the digest of the result, and asks for a `resync`
// snapshot when the digest differs or a patch does not start at the current version. Every snapshot
// and patch names its game; the view sits under that name (docs/protocol.md).
import { applyPatch, type Operation } from "fast-json-patch";
import type { Clock, GameFrame } from "../app/contract";
import { digestOf } from "./digest";

export interface StreamStats { patches: number; resyncs: number; mismatches: number; }

export class GameStream {
  private view: any = null;
  private version = -1;
  private resyncing = false;
  readonly stats: StreamStats = { patches: 0, resyncs: 0, mismatches: 0 };

  constructor(private emitFrame: (f: GameFrame) => void, private requestResync: () => Promise<unknown>) {}

  get current(): { version: number; view: any } | null {
    return this.view ? { version: this.version, view: this.view } : null;
  }

  snapshot(m: any): void {
    const payload = m[m.game] ?? {};
    const view = payload.view;
    if (!view) return;
    this.resyncing = false;
    if (typeof m.digest === "string" && digestOf(view) !== m.digest) {
      // A snapshot is the server's own text: a mismatch here means our canonical form is wrong.
      console.warn("hexhall: snapshot digest differs from the canonical form of its view");
      this.stats.mismatches++;
    }
    this.view = view;
    this.version = Number(m.version);
    this.emitFrame({ version: this.version, view, legal: payload.legal ?? {}, events: [], clock: clockOf(m), snapshot: true });
  }

  patch(m: any): void {
    if (this.resyncing || this.view === null) return;
    const from = Number(m.from), to = Number(m.to);
    if (to <= this.version) return;  // already applied (e.g. a patch that crossed a resync)
    if (from !== this.version) return this.resync("version gap");
    const payload = m[m.game] ?? {};
    let next: any;
    try {
      next = applyPatch(this.view, (m.ops ?? []) as Operation[], false, false).newDocument;
    } catch (e) {
      return this.resync("patch failed: " + String(e));
    }
    if (typeof m.digest === "string" && digestOf(next) !== m.digest) {
      this.stats.mismatches++;
      return this.resync("digest mismatch");
    }
    this.stats.patches++;
    this.view = next;
    this.version = to;
    this.emitFrame({ version: to, view: next, legal: payload.legal ?? {}, events: payload.events ?? [], clock: clockOf(m), snapshot: false });
  }

  reset(): void {
    this.view = null;
    this.version = -1;
    this.resyncing = false;
  }

  private resync(why: string): void {
    console.info(`hexhall: resync (${why}) at version ${this.version}`);
    this.resyncing = true;
    this.stats.resyncs++;
    // The reply is a snapshot with our id; it arrives through snapshot() like any other.
    this.requestResync().catch(() => { this.resyncing = false; });
  }
}

function clockOf(m: any): Clock | undefined {
  const c = m.clock;
  return c && typeof c === "object" ? (c as Clock) : undefined;
}
