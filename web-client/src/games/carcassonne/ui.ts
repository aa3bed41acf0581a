// The Carcassonne game UI (plain DOM + SVG): board, current tile with rotation, follower step,
// score track and panel, scoring explanations, final scoring table. No rules here: everything
// comes from the view, the seat's legal actions and the events (games/carcassonne/docs/protocol.md).
import { seatDisplayNames } from "../../app/seat-names";
import { rematchButton } from "../../app/rematch-button";
import { Pacer } from "../../app/pacer";
import { tileName } from "./tile-names";
import { soundToggle } from "../../app/sound-toggle";
import { ignoredKey } from "../../app/keys";
import { turnClock } from "../../app/turn-clock";
import { ClockMoved } from "../../app/clock-moved";
import type { GameContext, GameFrame, GameHandle, HistoryEntry, Lang, RoomInfo, SeedReveal } from "../../app/contract";
import { SEAT_COLORS, seatMark } from "../../app/seats";
import { Board, type BoardScene, type Cell } from "./board";
import { SVG_NS, cloisterSymbol, s, tileSymbol } from "./art";
import { TILES } from "./tiles";
import { featureName, fmt, role, strings, type Strings } from "./strings";
import { finalRows, type FinalRow } from "./scoring";
import "./carcassonne.css";


const COLORS = [...SEAT_COLORS, "#2e7d32"];

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | number | boolean> = {},
  ...children: (Node | string | null | false)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false) continue;
    if (k === "class") el.className = String(v); else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== false) el.append(c);
  return el;
}

interface LogEntry { v: number; raw?: any; text: string; points?: number[]; why?: string; tiles?: [number, number][]; kind: string }
type PlaceAction = { type: "place"; x: number; y: number; rotation: number };

export class CarcassonneUI implements GameHandle {
  private view: any = null;
  private lastFrame: GameFrame | undefined;
  // The room's turn clock, when it has one (app/turn-clock.ts).
  private clock = turnClock({ frame: () => this.lastFrame, over: () => this.view?.phase === "over", name: (s) => this.name(s),
    className: "car-clock", testId: "car-clock" });
  private legal: any[] = [];
  private rot = 0;
  private pending: Cell | null = null;
  private tileKey = "";
  private highlight: [number, number][] = [];
  private log: LogEntry[] = [];
  private logged = new Set<number>();   // versions whose events the log holds
  private final: FinalRow[] = [];
  private gameOver: { scores: number[]; winners: number[] } | null = null;
  private busy = false;
  private error = "";
  // The clock ran out and the server's bot moved for this seat (app/clock-moved.ts): said until the
  // player's next action, so a player who looked away reads it when back (issue 27).
  private clockMoved: ClockMoved;
  private timedOut = false;
  private logOpen = false;
  private board: Board;
  private el: HTMLElement;
  private hud: HTMLElement;
  private controls: HTMLElement;
  private logEl: HTMLElement;
  // The final scoring lies over the board (closable), so nothing around the board moves at the end.
  private finalEl: HTMLElement;
  private finalOpen = true;
  private keys = (e: KeyboardEvent) => this.key(e);
  // Other players' moves are explained one at a time, ~400 ms apart (issue 18, app/pacer.ts): the
  // state is applied at once, but each move's board, scores, log lines and scoring highlights are
  // shown in turn, together; "Skip »".
  private logStep = -1;   // the newest version whose events the log shows (the replay checks it is in step)
  // The board and the scores are those of the newest action shown (issue 27: what happened is shown
  // with the state change, never after it): while other seats' actions wait, the table is that
  // action's, with no choices yet; acting or "Skip »" shows everything.
  private shown: { v: number; view: any } | null = null;
  private pacer = new Pacer<{ v: number; events: any[]; view: any }>((item) => {
    for (const e of item.events) this.event(e, item.v);
    this.logStep = Math.max(this.logStep, item.v);
    this.shown = { v: item.v, view: item.view };
    this.render();
  });

  constructor(private root: HTMLElement, private ctx: GameContext) {
    this.clockMoved = new ClockMoved(ctx.seat);
    this.board = new Board((c) => this.tapCell(c), (spot) => this.send({ type: "follower", spot }));
    const zoom = h("div", { class: "car-zoom" });
    this.el = h("div", { class: "car", "data-testid": "car-game" });
    this.hud = h("div", { class: "car-hud", "data-testid": "car-hud" });
    this.controls = h("div", { class: "car-controls", "data-testid": "car-controls" });
    // (a scrollable region: reachable by the keyboard even when no entry in it is, axe-core's scrollable-region-focusable)
    this.logEl = h("div", { class: "car-log", "data-testid": "car-log", role: "region", tabindex: "0", "aria-label": this.t.log });
    this.finalEl = h("div", { class: "car-final-box", "data-testid": "car-final-box", hidden: true });
    const wrap = h("div", { class: "car-boardwrap" }, this.board.el, zoom, this.finalEl);
    this.el.append(wrap, this.hud, this.controls, this.logEl);
    root.append(this.el);
    this.zoomButtons(zoom);
    this.pacer.onChange = () => { if (this.view) this.render(); };
    window.addEventListener("keydown", this.keys);
    this.render();
  }

  private get t(): Strings { return strings(this.ctx.lang()); }
  private name(seat: number): string {
    // Bots by kind in the player's language, equal names numbered (app/seat-names.ts).
    const seats = this.ctx.room().seats;
    return seatDisplayNames(seats, this.view?.players?.length ?? seats.length, this.ctx.lang(), (n) => `#${n}`, "carcassonne")[seat] ?? `#${seat + 1}`;
  }

  private zoomButtons(box: HTMLElement): void {
    box.replaceChildren(
      h("button", { type: "button", class: "car-zbtn", "data-act": "in", "data-testid": "car-zoom-in", title: this.t.zoomIn, "aria-label": this.t.zoomIn }, "+"),
      h("button", { type: "button", class: "car-zbtn", "data-act": "out", "data-testid": "car-zoom-out", title: this.t.zoomOut, "aria-label": this.t.zoomOut }, "−"),
      h("button", { type: "button", class: "car-zbtn", "data-act": "fit", "data-testid": "car-fit", title: this.t.fit, "aria-label": this.t.fit }, "⤢"),
      h("button", { type: "button", class: "car-zbtn car-logbtn", "data-act": "log", "data-testid": "car-logbtn", title: this.t.log, "aria-label": this.t.log }, "☰"),
    );
    box.onclick = (e) => {
      const a = (e.target as HTMLElement).closest("button")?.getAttribute("data-act");
      if (a === "in") this.board.zoomBy(1.3);
      else if (a === "out") this.board.zoomBy(1 / 1.3);
      else if (a === "fit") this.board.fit();
      else if (a === "log") { this.logOpen = !this.logOpen; this.render(); }
    };
  }

  // ---- frames -------------------------------------------------------------------------------
  frame(f: GameFrame): void {
    this.lastFrame = f;
    if (this.clockMoved.frame(f)) this.timedOut = true;
    this.view = f.view;
    this.legal = Array.isArray(f.legal) ? f.legal : [];
    const events: any[] = f.events ?? [];
    if (events.length) {
      this.logged.add(f.version);
      const actor = events.find((e) => typeof e?.player === "number")?.player;
      // the end shows everything at once (the final scoring screen explains it all)
      const paced = !f.snapshot && typeof actor === "number" && actor !== this.ctx.seat && f.view?.phase !== "over";
      this.pacer.push({ v: f.version, events, view: f.view }, paced);
    }
    const key = `${this.view?.turn}:${this.view?.phase}:${this.view?.tile}`;
    if (key !== this.tileKey) {
      this.tileKey = key;
      this.pending = null;
      const rots = this.placeRotations();
      if (!rots.includes(this.rot)) this.rot = rots[0] ?? 0;
      this.error = "";
    }
    if (this.view?.phase === "over" && !this.gameOver) {
      const sc = (this.view.players ?? []).map((p: any) => p.score as number);
      const best = Math.max(...sc);
      this.gameOver = { scores: sc, winners: sc.map((v: number, i: number) => (v === best ? i : -1)).filter((i: number) => i >= 0) };
    }
    this.render();  this.clock.update();
  }

  /** A returning seat's earlier events: log lines (and the final scoring's rows) before what this
   *  page saw itself; no highlight, no game-over effects. */
  history(entries: HistoryEntry[]): void {
    const live = this.log;
    this.log = [];
    for (const en of entries) {
      if (this.logged.has(en.to)) continue;
      this.logged.add(en.to);
      for (const e of en.events ?? []) this.event(e, en.to, false);
      if ((en.events ?? []).length) this.logStep = Math.max(this.logStep, en.to);
    }
    if (!this.log.length) { this.log = live; return; }
    this.log = [...this.log, ...live].sort((a, b) => a.v - b.v).slice(-80);
    this.render();
  }

  private event(e: any, v: number, live = true): void {
    const t = this.t;
    switch (e?.type) {
      case "scored":
      case "fieldScored":
        if (e.final) { this.final.push(...finalRows([e])); break; }
        this.log.push({ v, kind: "scored", text: this.scoredText(e), points: e.points, why: this.explain(e), tiles: e.tiles, raw: e });
        if (live) this.highlight = e.tiles ?? [];
        break;
      case "tileDiscarded": this.log.push({ v, kind: "info", text: fmt(t.discarded, { tile: tileName(this.ctx.lang(), e.tile) }) }); break;
      case "followerPlaced": this.log.push({ v, kind: "info", text: fmt(t.deployed, { name: this.name(e.player), role: role(t, e.feature) }) }); break;
      case "noFollower": this.log.push({ v, kind: "info", text: fmt(t.deployedNone, { name: this.name(e.player) }) }); break;
      case "tilePlaced": this.log.push({ v, kind: "info", text: fmt(t.placed, { name: this.name(e.player), tile: tileName(this.ctx.lang(), e.tile) }) }); if (live && !this.highlightSticky()) this.highlight = []; break;
      case "gameOver": if (live) this.gameOver = { scores: e.scores ?? [], winners: e.winners ?? [] }; break;
    }
    if (this.log.length > 80) this.log.splice(0, this.log.length - 80);
  }
  private highlightSticky(): boolean { return false; }

  /** Why, in the reader's language: the rule, the feature's size, pennants or cities, who had how many
   *  followers on it; in English also the server's own sentence. */
  private explain(e: any): string {
    const t = this.t;
    const parts = [e.rule ? String(e.rule) : "", fmt(t.tiles, { n: (e.tiles ?? []).length })];
    if (e.pennants) parts.push(fmt(t.pennants, { n: e.pennants }));
    if (Array.isArray(e.cities)) parts.push(fmt(t.cities, { n: e.cities.length }));
    const on = (e.followers ?? []).map((n: number, i: number) => (n > 0 ? `${this.name(i)} ×${n}` : "")).filter(Boolean).join(", ");
    if (on) parts.push(fmt(t.followersOn, { list: on }));
    const line = parts.filter(Boolean).join(" · ");
    // The engine's English explanation names seats ("player 0"); the table shows their names.
    const why = typeof e.why === "string" ? e.why.replace(/\bplayer (\d+)/g, (_: string, n: string) => this.name(Number(n))) : "";
    return this.ctx.lang() === "en" && why ? (on ? `${why} (${fmt(t.followersOn, { list: on })})` : why) : line;
  }

  private scoredText(e: any): string {
    const t = this.t;
    const who = (e.points ?? []).map((p: number, i: number) => (p > 0 ? `${this.name(i)} +${p}` : "")).filter(Boolean).join(", ") || t.nobody;
    return fmt(t.scored, { who, feature: featureName(t, e.feature), tiles: (e.tiles ?? []).length, state: e.complete ? t.completed : t.unfinished });
  }

  roomChanged(_r: RoomInfo): void { this.render(); }
  langChanged(_l: Lang): void { this.zoomButtons(this.el.querySelector(".car-zoom") as HTMLElement); this.render(); }
  seedRevealed(_r: SeedReveal): void { /* the shell shows the seed */ }
  destroy(): void { window.removeEventListener("keydown", this.keys); this.clock.destroy(); this.pacer.stop(); this.board.destroy(); this.el.remove(); }

  // ---- placement ----------------------------------------------------------------------------
  private places(): PlaceAction[] { return this.legal.filter((a) => a?.type === "place"); }
  private placeRotations(cell?: Cell): number[] {
    const set = new Set<number>();
    for (const a of this.places()) if (!cell || (a.x === cell.x && a.y === cell.y)) set.add(a.rotation);
    return [...set].sort((a, b) => a - b);
  }
  private rotate(dir: 1 | -1): void {
    const rots = this.pending ? this.placeRotations(this.pending) : this.placeRotations();
    if (!rots.length) { this.rot = (this.rot + dir + 4) % 4; this.render(); return; }
    for (let k = 1; k <= 4; ++k) {
      const r = (this.rot + dir * k + 8) % 4;
      if (rots.includes(r)) { this.rot = r; break; }
    }
    this.render();
  }
  private tapCell(c: Cell): void {
    const rots = this.placeRotations(c);
    if (!rots.length) return;
    if (this.pending && this.pending.x === c.x && this.pending.y === c.y) { this.rotate(1); return; }
    this.pending = c;
    if (!rots.includes(this.rot)) this.rot = rots[0];
    this.render();
  }
  private confirm(): void {
    if (!this.pending) return;
    const ok = this.places().some((a) => a.x === this.pending!.x && a.y === this.pending!.y && a.rotation === this.rot);
    if (ok) this.send({ type: "place", x: this.pending.x, y: this.pending.y, rotation: this.rot });
  }
  private send(intent: object): void {
    if (this.busy) return;
    this.pacer.skip();  // acting: what happened before is shown first
    this.busy = true; this.error = ""; this.timedOut = false;
    this.clockMoved.sent(this.ctx.act(intent)).then(() => { this.busy = false; }, (err: any) => {
      this.busy = false; this.error = err?.rule ? `${err.rule}: ${err.message}` : String(err?.message ?? err);
      this.render();
    });
  }
  private key(e: KeyboardEvent): void {
    if (ignoredKey(e)) return;
    const tag = (e.target as HTMLElement | null)?.tagName;
    if (!this.el.isConnected) return;
    const cell = (e.target as Element | null)?.getAttribute?.("data-cell");
    if (cell && (e.key === "Enter" || e.key === " ")) {
      const [x, y] = cell.split(",").map(Number);
      this.tapCell({ x, y }); e.preventDefault(); return;
    }
    if (e.key === "r" || e.key === "R") { this.rotate(e.shiftKey ? -1 : 1); e.preventDefault(); }
    else if (e.key === "Enter" && this.pending && tag !== "BUTTON") { this.confirm(); e.preventDefault(); }
    else if (e.key === "Escape") { this.pending = null; this.render(); }
    else if (e.key === "+" || e.key === "=") this.board.zoomBy(1.3);
    else if (e.key === "-") this.board.zoomBy(1 / 1.3);
    else if (e.key === "0") this.board.fit();
    else if (e.key.startsWith("Arrow") && tag !== "BUTTON") {
      const d = 60;
      this.board.panBy(e.key === "ArrowLeft" ? -d : e.key === "ArrowRight" ? d : 0, e.key === "ArrowUp" ? -d : e.key === "ArrowDown" ? d : 0);
      e.preventDefault();
    }
  }

  // ---- rendering ----------------------------------------------------------------------------
  private render(): void {
    const behind = this.pacer.pending > 0 && this.shown !== null && this.shown.v < (this.lastFrame?.version ?? -1) ? this.shown : null;
    this.el.dataset.shownVersion = String(behind ? behind.v : this.lastFrame?.version ?? -1);
    if (!behind) { this.renderNow(); return; }
    const newest = { view: this.view, legal: this.legal };
    this.view = behind.view; this.legal = [];
    try { this.renderNow(); } finally { this.view = newest.view; this.legal = newest.legal; }
  }

  private renderNow(): void {
    const v = this.view;
    this.el.classList.toggle("log-open", this.logOpen);
    if (!v) { this.hud.replaceChildren(); this.controls.replaceChildren(); return; }
    // the follower step zooms onto the placed tile so its spots are big enough to tap (≥ 44 px on a phone)
    const placed = v.placed;
    const zoomIn = v.phase === "follower" && placed && this.legal.some((a) => a?.type === "follower");
    this.board.setFocus(zoomIn ? { x: placed.x, y: placed.y } : null, this.root.clientWidth < 700 ? 1.9 : 1.3);
    this.board.el.setAttribute("aria-label", this.t.title);
    this.renderHud();
    this.renderControls();
    // on a phone the status and the controls float over the board: fit the board between them
    const overlay = this.root.clientWidth < 700;
    this.board.setInsets(overlay ? this.hud.offsetHeight + 8 : 0, overlay ? this.controls.offsetHeight + 8 : 0);
    this.board.render(this.scene());
    this.renderLog();
  }

  private scene(): BoardScene {
    const v = this.view;
    const t = this.t;
    const places = this.places();
    const cells = new Map<string, { x: number; y: number; ok: boolean }>();
    for (const a of places) {
      const k = `${a.x},${a.y}`;
      const c = cells.get(k) ?? { x: a.x, y: a.y, ok: false };
      if (a.rotation === this.rot) c.ok = true;
      cells.set(k, c);
    }
    const followerSpots = new Set(this.legal.filter((a) => a?.type === "follower").map((a) => a.spot as number));
    const placed = v.placed;
    const spots = placed && followerSpots.size ? (v.spots ?? []).filter((sp: any) => followerSpots.has(sp.spot)).map((sp: any) => ({
      x: placed.x, y: placed.y, tile: placed.tile, rotation: placed.rotation, spot: sp.spot, feature: sp.feature,
      label: `${featureName(t, sp.feature)} — ${role(t, sp.feature)}`,
    })) : [];
    const board: any[] = v.board ?? [];
    const last = placed ?? (board.length > 1 ? board[board.length - 1] : null);
    return {
      board, followers: v.followers ?? [], candidates: [...cells.values()],
      ghost: this.pending && v.tile ? { ...this.pending, tile: v.tile, rotation: this.rot } : null,
      spots, highlight: this.highlight, lastPlaced: last ? { x: last.x, y: last.y } : null, colors: COLORS,
      badge: (p: number) => seatMark(p, this.name(p)),
    };
  }

  private renderHud(): void {
    const v = this.view, t = this.t;
    const players: any[] = v.players ?? [];
    const rows = players.map((p, i) => h("div", { class: `car-player${v.current === i ? " current" : ""}${i === this.ctx.seat ? " me" : ""}`, "data-testid": `car-player-${i}` },
      seatMark(i, this.name(i)),
      h("span", { class: "car-pname" }, this.name(i)),
      h("span", { class: "car-supply", title: `${p.supply} ${t.followersLeft}` }, meepleIcon(COLORS[i % COLORS.length]), `×${p.supply}`),
      h("span", { class: "car-pscore", "data-testid": `car-score-${i}` }, String(p.score))));
    const turn = v.phase === "over" ? t.gameOver : v.current === this.ctx.seat ? t.yourTurn : fmt(t.turnOf, { name: this.name(v.current) });
    this.hud.replaceChildren(
      h("div", { class: "car-status" },
        h("span", { class: `car-turn${v.current === this.ctx.seat && v.phase !== "over" ? " mine" : ""}`, "data-testid": "car-turn" }, turn),
        h("span", { class: "car-bag", "data-testid": "car-bag", title: t.tilesLeft }, tileIcon(), ` ${v.bagCount ?? 0}`),
        this.clock.el,
        soundToggle("car-btn car-sound")),
      h("div", { class: "car-players" }, ...rows),
      scoreTrack(players.map((p) => p.score as number), t.scoreTrack, (i) => this.name(i)),
    );
  }

  private renderControls(): void {
    const v = this.view, t = this.t;
    const box: (Node | string)[] = [];
    const over = v.phase === "over" || !!this.gameOver;
    this.el.classList.toggle("over", over);
    if (over) {
      box.push(h("p", { class: "car-over-line" }, t.gameOver),
        h("button", { type: "button", class: "car-btn car-primary", "data-testid": "car-final-toggle", "aria-expanded": String(this.finalOpen) }, t.finalScoring));
      this.finalEl.replaceChildren(
        h("button", { type: "button", class: "car-btn car-final-close", "data-testid": "car-final-close", "aria-label": t.close, title: t.close }, "×"),
        this.finalPanel());
      (this.finalEl.querySelector(".car-final-close") as HTMLElement).onclick = () => { this.finalOpen = false; this.render(); };
      this.finalEl.hidden = !this.finalOpen;
    } else if (v.phase === "place") {
      const mine = this.places().length > 0;
      const preview = tilePreview(v.tile, this.rot);
      box.push(h("div", { class: "car-tilebox" },
        h("button", { type: "button", class: "car-btn car-rot", "data-testid": "car-rot-left", title: `${t.rotateLeft} (Shift+R)`, "aria-label": t.rotateLeft, disabled: !v.tile }, "⟲"),
        h("div", { class: "car-preview", "data-testid": "car-preview", "data-tile": v.tile ?? "", "data-rotation": this.rot }, preview),
        h("button", { type: "button", class: "car-btn car-rot", "data-testid": "car-rot-right", title: `${t.rotateRight} (R)`, "aria-label": t.rotateRight, disabled: !v.tile }, "⟳"),
        mine ? h("button", { type: "button", class: "car-btn car-primary", "data-testid": "car-confirm", disabled: !this.pending || this.busy }, t.confirm) : null));
      box.push(h("p", { class: "car-hint" }, mine ? t.placeHint : this.ctx.seat < 0 ? t.spectating : fmt(t.turnOf, { name: this.name(v.current) })));
    } else if (v.phase === "follower") {
      const mine = this.legal.some((a) => a?.type === "pass");
      if (mine) {
        box.push(h("p", { class: "car-hint" }, t.followerHint));
        const spots: any[] = (v.spots ?? []).filter((sp: any) => this.legal.some((a) => a?.type === "follower" && a.spot === sp.spot));
        box.push(h("div", { class: "car-tilebox car-spotbtns" },
          ...spots.map((sp) => {
            const b = h("button", { type: "button", class: "car-btn", "data-spot-btn": sp.spot, "data-testid": `spot-btn-${sp.spot}`, disabled: this.busy },
              `${role(t, sp.feature)} · ${featureName(t, sp.feature)}`);
            b.onmouseenter = b.onfocus = () => document.getElementById(`car-spot-${sp.spot}`)?.classList.add("hot");
            b.onmouseleave = b.onblur = () => document.getElementById(`car-spot-${sp.spot}`)?.classList.remove("hot");
            return b;
          }),
          h("button", { type: "button", class: "car-btn car-primary", "data-testid": "car-no-follower", disabled: this.busy }, t.noFollower)));
      } else box.push(h("p", { class: "car-hint" }, fmt(t.turnOf, { name: this.name(v.current) })));
    }
    if (this.timedOut) box.push(h("p", { class: "car-notice", role: "status", "data-testid": "car-timed-out", "data-notice": "clock-moved" }, t.timedOutYou));
    if (this.error) box.push(h("p", { class: "car-error", role: "alert" }, this.error));
    if (this.pacer.pending) box.push(h("button", { type: "button", class: "car-btn", "data-testid": "car-skip" }, t.skip));
    this.controls.dataset.pending = String(this.pacer.pending);
    this.controls.replaceChildren(...box);
    this.controls.onclick = (e) => {
      const b = (e.target as HTMLElement).closest("button");
      const id = b?.getAttribute("data-testid");
      if (!b || b.disabled) return;
      if (id === "car-rot-left") this.rotate(-1);
      else if (id === "car-rot-right") this.rotate(1);
      else if (id === "car-confirm") this.confirm();
      else if (id === "car-no-follower") this.send({ type: "pass" });
      else if (id === "car-skip") this.pacer.skip();
      else if (id === "car-final-toggle") { this.finalOpen = !this.finalOpen; this.render(); }
      else if (b.hasAttribute("data-spot-btn")) this.send({ type: "follower", spot: Number(b.getAttribute("data-spot-btn")) });
    };
  }

  private renderLog(): void {
    const t = this.t;
    this.logEl.setAttribute("aria-label", t.log);
    const items = this.log.slice().reverse().map((e, i) => {
      const li = h("li", { class: `car-log-${e.kind}`, "data-testid": e.kind === "scored" ? "car-log-scored" : "car-log-info" }, e.raw ? this.scoredText(e.raw) : e.text);
      const why = e.raw ? this.explain(e.raw) : e.why;
      if (why) li.append(h("div", { class: "car-why", title: e.raw?.why ?? "" }, why));
      if (e.tiles) {
        li.tabIndex = 0; li.classList.add("clickable");
        li.onclick = () => { this.highlight = e.tiles!; this.render(); };
      }
      if (i === 0 && e.kind === "scored") li.classList.add("latest");
      return li;
    });
    this.logEl.replaceChildren(
      h("div", { class: "car-log-head" }, h("strong", {}, t.log),
        h("button", { type: "button", class: "car-btn car-log-close", "aria-label": t.close }, "×")),
      h("ol", {}, ...items));
    this.logEl.dataset.logStep = String(this.logStep);
    (this.logEl.querySelector(".car-log-close") as HTMLElement).onclick = () => { this.logOpen = false; this.render(); };
  }

  private finalPanel(): HTMLElement {
    const t = this.t;
    const n = (this.view.players ?? []).length;
    const seats = [...Array(n).keys()];
    const scores: number[] = this.gameOver?.scores ?? (this.view.players ?? []).map((p: any) => p.score);
    const finalSum = seats.map((i) => this.final.reduce((a, r) => a + (r.points[i] ?? 0), 0));
    const head = h("tr", {}, h("th", {}, t.featureCol), ...seats.map((i) => h("th", {}, seatMark(i, this.name(i)))));
    const body = this.final.map((r) => {
      const tr = h("tr", { class: "clickable", tabindex: 0, "data-testid": `car-final-${r.feature}` },
        h("td", {}, h("div", {}, this.finalLabel(r)), h("div", { class: "car-why", title: r.why }, this.explain(r.raw))),
        ...seats.map((i) => h("td", { class: "num" }, r.points[i] ? `+${r.points[i]}` : "·")));
      tr.onclick = () => { this.highlight = r.tiles; this.render(); };
      return tr;
    });
    const during = h("tr", { class: "sub" }, h("td", {}, t.duringPlay), ...seats.map((i) => h("td", { class: "num" }, String(scores[i] - finalSum[i]))));
    const total = h("tr", { class: "total" }, h("td", {}, t.total), ...seats.map((i) => h("td", { class: "num", "data-testid": `car-total-${i}` }, String(scores[i] ?? 0))));
    const winners = this.gameOver?.winners ?? [];
    return h("div", { class: "car-final", "data-testid": "car-final" },
      h("h2", {}, t.finalScoring),
      h("p", { class: "car-winner", "data-testid": "car-winner" }, fmt(winners.length > 1 ? t.winners : t.winner, { names: winners.map((i) => this.name(i)).join(", ") })),
      rematchButton(this.ctx, "car-btn primary"),
      h("div", { class: "car-final-scroll" }, h("table", {}, h("thead", {}, head), h("tbody", {}, during, ...body, total))));
  }

  private finalLabel(r: FinalRow): string {
    const t = this.t;
    return r.feature === "field" ? t.field : `${featureName(t, r.feature)} (${t.unfinished})`;
  }

}

function tilePreview(letter: string | null, rot: number): SVGElement {
  const svg = s("svg", { viewBox: "0 0 100 100", class: "car-preview-svg", "aria-hidden": "true" });
  if (!letter) return svg;
  const sym = tileSymbol(letter, `car-prev-${letter}`);
  const g = s("g", { transform: `rotate(${rot * 90},50,50)` });
  g.append(...Array.from(sym.childNodes));
  svg.append(g);
  if (TILES[letter]?.cloister) svg.append(...Array.from(cloisterSymbol("x").childNodes));
  return svg;
}

function meepleIcon(color: string): SVGElement {
  const svg = s("svg", { viewBox: "-12 -14 24 28", class: "car-icon", "aria-hidden": "true" });
  svg.append(s("circle", { cx: 0, cy: -8, r: 4.6, fill: color, stroke: "#1d1a16", "stroke-width": 1.3 }));
  svg.append(s("path", { d: "M-3.5,-4 h7 l8,3.5 q1.5,2.5 -0.5,4 l-5,-1 l3,8.5 h-5.5 l-2.5,-4.5 l-2.5,4.5 h-5.5 l3,-8.5 l-5,1 q-2,-1.5 -0.5,-4 Z", fill: color, stroke: "#1d1a16", "stroke-width": 1.3 }));
  return svg;
}
function tileIcon(): SVGElement {
  const svg = s("svg", { viewBox: "0 0 24 24", class: "car-icon", "aria-hidden": "true" });
  svg.append(s("rect", { x: 5, y: 3, width: 14, height: 14, rx: 2, fill: "#8d6e4a", stroke: "#3b3228" }));
  svg.append(s("rect", { x: 3, y: 6, width: 14, height: 14, rx: 2, fill: "#b89466", stroke: "#3b3228" }));
  return svg;
}

/** The score track: 0…50 (then laps), one marker per seat. */
function scoreTrack(scores: number[], label: string, name: (i: number) => string): SVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 520 34");
  svg.setAttribute("class", "car-track");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${label}: ${scores.map((v, i) => `${name(i)} ${v}`).join(", ")}`);
  svg.append(s("rect", { x: 5, y: 10, width: 510, height: 12, rx: 6, class: "car-track-bar" }));
  for (let k = 0; k <= 50; k += 5) {
    svg.append(s("line", { x1: 10 + k * 10, x2: 10 + k * 10, y1: 10, y2: 22, class: k % 10 ? "car-tick" : "car-tick major" }));
    if (k % 10 === 0) { const tx = s("text", { x: 10 + k * 10, y: 33, class: "car-track-num" }); tx.textContent = String(k); svg.append(tx); }
  }
  scores.forEach((v, i) => {
    const pos = v % 50, lap = Math.floor(v / 50);
    const g = s("g", { transform: `translate(${10 + pos * 10 - 6 + (i % 2) * 3},${2 + (i % 3) * 2})` });
    g.append(s("rect", { width: 12, height: 12, rx: 3, fill: COLORS[i % COLORS.length], stroke: "#1d1a16" }));
    if (lap) { const tx = s("text", { x: 6, y: 9.5, class: "car-lap" }); tx.textContent = String(lap); g.append(tx); }
    svg.append(g);
  });
  return svg;
}


