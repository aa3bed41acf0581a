// mountGame: the game UI of one seat (or a spectator). Everything is drawn from the frames the
// shell passes in (catan.view, catan.legal, catan.events, clock); intents go out through ctx.act.
import "./game.css";
import { h, s, clear } from "./dom";
import { renderBoard, noHighlights, Highlights, SpotKind } from "./board";
import { GEO } from "./geometry";
import { Pacer } from "../../app/pacer";
import { play, setSoundOn, soundOn } from "../../app/sound";
import { cuesFor } from "./cues";
import { attachZoom, FIT, viewBoxOf, zoomAt, BOARD, type Zoom } from "./zoom";
import { botInText, renderPlayers } from "./players";
import { renderHand, handDelta, addDelta } from "./hand";
import { renderActionBar, BuildMode } from "./actionbar";
import { renderOffer } from "./offer";
import { renderDice } from "./dice";
import { eventText } from "./log";
import { renderVictory } from "./victory";
import { emptyStats, statsFromReplay, GameStats } from "./charts";
import { loadReplay } from "./replaydata";
import * as D from "./dialogs";
import { t, cardsText, Key } from "./strings";
import { UI, actions, legalOf, seatNames, initialsOf } from "./state";
import { costCard, hexLabel, hotkeyHelp } from "./aids";
import { ignoredKey } from "../../app/keys";
import { rematchButton } from "../../app/rematch-button";
import { clockReading } from "../../app/turn-clock";
import type { GameContext, GameFrame, GameHandle, HistoryEntry, Lang, RoomInfo, SeedReveal } from "../../app/contract";

interface LogEntry { ev: any; active: number; version: number; }

export function mountGameUI(root: HTMLElement, ctx: GameContext): GameHandle {
  let frame: GameFrame | null = null;
  let room: RoomInfo | null = null;
  try { room = ctx.room(); } catch { room = null; }
  let lang: Lang = ctx.lang();
  let mode: BuildMode = null;
  let dialog: D.Dialog | null = null;
  let reveal: SeedReveal | null = null;
  let victoryClosed = false;
  let replayStats: GameStats | null = null;
  let replayNote = "";
  let replayRequested = false;
  let replayMissing = false;
  const seen = emptyStats();
  const log: LogEntry[] = [];

  // Skeleton (issue 18: nothing moves). A fixed-height status bar; the board fills its stage, and
  // the prompt, errors and notices are drawn OVER its top band, an open offer over the log; the action bar has a fixed
  // place (under the board; at the bottom of the window on phones); beside the board the players,
  // the hand, and the log and chat as tabs.
  const app = h("div", { class: "hx-game", "data-testid": "game" });
  const turnEl = h("div", { class: "hx-turn", "data-testid": "turn", "aria-live": "polite" });
  const clockEl = h("div", { class: "hx-clock", "data-testid": "clock", role: "timer" });
  const diceSlot = h("div", { class: "hx-dice-slot" });
  const bankEl = h("div", { class: "hx-bank", "data-testid": "bank" });
  const statusTools = h("div", { class: "hx-status-tools" });
  const errorEl = h("div", { class: "hx-error", "data-testid": "game-error", role: "alert" });
  const status = h("header", { class: "hx-status", "data-testid": "status" }, turnEl, clockEl, diceSlot, bankEl, statusTools);
  const svg = s("svg", { xmlns: "http://www.w3.org/2000/svg" }) as SVGSVGElement;
  const boardWrap = h("div", { class: "hx-board-wrap" }, svg);
  const promptEl = h("div", { class: "hx-prompt", "data-testid": "prompt", "aria-live": "polite" });
  // A steal you made or suffered, named (issue 18): over the board, so nothing moves; a few seconds.
  const stealEl = h("div", { class: "hx-notice", "data-testid": "steal-notice", role: "status", hidden: true });
  // The hexes the last roll made produce, lit until a few seconds after the roll (issue 18).
  let producing = new Set<number>();
  let producingTimer = 0;
  // What each seat just received from a roll ("+1 Brick"), on its panel for 3 s (issue 18).
  const gains = new Map<number, string>();
  let gainsTimer = 0;
  // What your own hand just gained or lost ("+1 Brick", "−1 Wool"), on the cards for 3 s (issue 18).
  let ownDelta: Record<string, number> = {};
  let ownDeltaTimer = 0;
  let ownDeltaAt = 0, gainsAt = 0;  // when they changed: a redraw resumes their animations
  // Your hand as of the action last shown (issue 27): while other seats' actions wait their turn in the
  // pacer, the hand does not run ahead of the caption that says why it changed.
  let shownOwn: any = null;
  let shownOwnVersion = -1;
  function showOwn(own: any, version: number, snapshot: boolean): void {
    const d = snapshot ? {} : handDelta(shownOwn?.hand, own?.hand);
    shownOwn = own;
    shownOwnVersion = version;
    handSlot.setAttribute("data-hand-version", String(version));
    if (!Object.keys(d).length) return;
    ownDelta = addDelta(ownDelta, d);
    ownDeltaAt = performance.now();
    window.clearTimeout(ownDeltaTimer);
    ownDeltaTimer = window.setTimeout(() => { ownDelta = {}; if (frame) schedule(); }, 3000);
  }
  /** A copy of the viewer's own player (the stream's view is patched in place). */
  function ownOf(f: GameFrame | null): any {
    const p = f?.view?.players?.[viewer()];
    return p ? JSON.parse(JSON.stringify(p)) : null;
  }
  const playersSlot = h("div", { class: "hx-players-slot" });
  const offerSlot = h("div", { class: "hx-offer-slot" });
  const handSlot = h("div", { class: "hx-hand-slot", tabindex: 0 });  // (it may scroll: reachable by the keyboard)
  const barSlot = h("div", { class: "hx-bar-slot" });
  const logList = h("ol", { class: "hx-log-list", tabindex: 0, "aria-labelledby": "hx-tab-log" });  // (it scrolls: reachable by the keyboard)
  const logBox = h("section", { class: "hx-log", "data-testid": "log", "aria-label": "log" }, h("h3", { class: "sr-only" }, ""), logList);
  // The log and the room's chat as two tabs (the chat comes from the shell, when it lends it).
  let tab: "log" | "chat" = "log";
  const tabLog = h("button", { type: "button", role: "tab", class: "hx-tab", id: "hx-tab-log", "data-testid": "tab-log", "aria-controls": "hx-panel-log" });
  const tabChat = h("button", { type: "button", role: "tab", class: "hx-tab", id: "hx-tab-chat", "data-testid": "tab-chat", "aria-controls": "hx-panel-chat" });
  const chatPanel = h("div", { class: "hx-chat-panel", id: "hx-panel-chat", role: "tabpanel", "aria-labelledby": "hx-tab-chat" });
  logBox.id = "hx-panel-log"; logBox.setAttribute("role", "tabpanel"); logBox.setAttribute("aria-labelledby", "hx-tab-log");
  let unreadChat = 0;
  let chatWatch: MutationObserver | null = null;
  if (ctx.chat) {
    chatPanel.append(ctx.chat);
    chatWatch = new MutationObserver((records) => {
      const added = records.reduce((n, r) => n + [...r.addedNodes].filter((x) => (x as Element).classList?.contains("chat-line")).length, 0);
      if (added && tab !== "chat") { unreadChat += added; renderTabs(); }
    });
    chatWatch.observe(ctx.chat.querySelector(".chat-log") ?? ctx.chat, { childList: true });
  }
  const tabs = h("div", { class: "hx-tabs", role: "tablist" }, tabLog, ctx.chat ? tabChat : null);
  tabLog.addEventListener("click", () => { tab = "log"; renderTabs(); });
  tabChat.addEventListener("click", () => { tab = "chat"; unreadChat = 0; renderTabs(); });
  // An open offer lies over the log and chat (issue 27: never over the board's harbours); on a phone
  // it is a panel of fixed height above the action bar, under the board (game.css).
  const tabsBox = h("div", { class: "hx-tabbox" }, tabs, logBox, ctx.chat ? chatPanel : null, offerSlot);
  const side = h("aside", { class: "hx-side" }, playersSlot, handSlot, tabsBox);
  // Another seat's action, named over the board as it is shown (issue 18).
  const tickerEl = h("div", { class: "hx-ticker", "data-testid": "action-ticker", role: "status", hidden: true });
  let tickerTimer = 0;
  let flash: Highlights["flash"] = null;
  let flashTimer = 0;
  let flashAt = 0;
  const overTop = h("div", { class: "hx-over-top" }, promptEl, errorEl, stealEl, tickerEl);
  const pacer = new Pacer<any>((item) => showItem(item));
  const skipBtn = h("button", { type: "button", class: "hx-btn small hx-skip", "data-testid": "pacing-skip", hidden: true });
  skipBtn.addEventListener("click", () => pacer.skip());
  pacer.onChange = (n) => { skipBtn.hidden = n === 0; app.setAttribute("data-pending", String(n)); };
  const soundBtn = h("button", { type: "button", class: "hx-btn small hx-sound", "data-testid": "sound-toggle" });
  soundBtn.addEventListener("click", () => { setSoundOn(!soundOn()); renderSound(); });
  function renderSound(): void {
    const on = soundOn();
    soundBtn.textContent = "♪";
    soundBtn.classList.toggle("off", !on);
    soundBtn.setAttribute("aria-pressed", String(on));
    soundBtn.setAttribute("aria-label", t(lang, on ? "soundOn" : "soundOff"));
    soundBtn.title = t(lang, on ? "soundOn" : "soundOff");
    skipBtn.textContent = t(lang, "skipPacing");
  }
  // Player aids (issue 18): the cost card and the hotkeys' help, over the board (nothing moves).
  const costBtn = h("button", { type: "button", class: "hx-btn small hx-costs-btn", "data-testid": "costs-toggle", "aria-expanded": "false" });
  const keysBtn = h("button", { type: "button", class: "hx-btn small hx-keys-btn", "data-testid": "hotkeys-toggle", "aria-expanded": "false" }, "?");
  const costPanel = h("div", { class: "hx-aid-panel", hidden: true });
  const keysPanel = h("div", { class: "hx-aid-panel", hidden: true });
  let costsOpen = false, keysOpen = false;
  costBtn.addEventListener("click", () => { costsOpen = !costsOpen; keysOpen = false; renderAids(); });
  keysBtn.addEventListener("click", () => { keysOpen = !keysOpen; costsOpen = false; renderAids(); });
  function renderAids(): void {
    costBtn.textContent = t(lang, "costsShort");
    costBtn.setAttribute("aria-expanded", String(costsOpen));
    keysBtn.setAttribute("aria-expanded", String(keysOpen));
    keysBtn.setAttribute("aria-label", t(lang, "keysTitle")); keysBtn.title = t(lang, "keysTitle");
    costPanel.hidden = !costsOpen;
    keysPanel.hidden = !keysOpen;
    clear(costPanel);
    if (costsOpen) {
      const u = frame ? ui() : null;
      costPanel.append(costCard(lang, u));
    }
    clear(keysPanel);
    if (keysOpen) keysPanel.append(hotkeyHelp(lang));
  }
  statusTools.append(costBtn, keysBtn, soundBtn);
  // Touch: a tap selects a spot, a second control confirms (issue 18); the mouse places at once.
  let selected: { kind: SpotKind; id: number; fn: () => void } | null = null;
  let lastPointer = "mouse";
  svg.addEventListener("pointerdown", (e) => { lastPointer = e.pointerType; }, true);
  const confirmEl = h("div", { class: "hx-confirm", "data-testid": "spot-confirm", hidden: true });
  // Zoom and pan (pinch, Ctrl + wheel, drag once zoomed, the buttons).
  let zoom: Zoom = FIT;
  const setZoom = (z: Zoom) => { zoom = z; boardWrap.classList.toggle("zoomed", z.s > 1); svg.setAttribute("viewBox", viewBoxOf(z)); renderZoomTools(); };
  const detachZoom = attachZoom(svg, () => zoom, setZoom);
  const zoomTools = h("div", { class: "hx-zoom-tools" });
  const zoomBtn = (label: string, testid: string, fn: () => void) => {
    const b = h("button", { type: "button", class: "hx-btn hx-zoom-btn", "data-testid": testid }, label);
    b.addEventListener("click", fn);
    return b;
  };
  const centre = () => [zoom.x + BOARD.w / zoom.s / 2, zoom.y + BOARD.h / zoom.s / 2] as [number, number];
  const zIn = zoomBtn("+", "zoom-in", () => setZoom(zoomAt(zoom, 1.5, ...centre())));
  const zOut = zoomBtn("−", "zoom-out", () => setZoom(zoomAt(zoom, 1 / 1.5, ...centre())));
  const zFit = zoomBtn("⤢", "zoom-fit", () => setZoom(FIT));
  zoomTools.append(zIn, zOut, zFit);
  function renderZoomTools(): void {
    zIn.setAttribute("aria-label", t(lang, "zoomIn")); zIn.title = t(lang, "zoomIn");
    zOut.setAttribute("aria-label", t(lang, "zoomOut")); zOut.title = t(lang, "zoomOut");
    zFit.setAttribute("aria-label", t(lang, "zoomReset")); zFit.title = t(lang, "zoomReset");
    zOut.disabled = zFit.disabled = zoom.s <= 1;
    zIn.disabled = zoom.s >= 4;
    app.setAttribute("data-zoom", zoom.s.toFixed(2));
  }
  const stage = h("div", { class: "hx-stage", "data-testid": "board-stage" }, boardWrap, overTop, confirmEl, zoomTools, skipBtn, costPanel, keysPanel);
  const overlay = h("div", { class: "hx-overlay", hidden: true });
  const victorySlot = h("div", { class: "hx-victory-slot" });
  app.append(status, h("div", { class: "hx-main" }, h("div", { class: "hx-board-col" }, stage, barSlot), side), overlay, victorySlot);
  root.append(app);
  // Where the board ends on the page (phones: the open offer stays below it, game.css).
  const boardBottom = () => app.style.setProperty("--hx-board-bottom", `${Math.ceil(stage.getBoundingClientRect().bottom + window.scrollY)}px`);
  const stageWatch = new ResizeObserver(boardBottom);
  stageWatch.observe(stage);
  stageWatch.observe(app);
  window.addEventListener("resize", boardBottom);
  renderZoomTools();
  renderSound();
  renderAids();
  function renderTabs(): void {
    tabLog.textContent = t(lang, "tabLog");
    tabChat.replaceChildren(t(lang, "tabChat"));
    if (unreadChat) tabChat.append(h("span", { class: "hx-unread", "data-testid": "chat-unread", "aria-label": t(lang, "newMessages") }, String(unreadChat)));
    tabLog.setAttribute("aria-selected", String(tab === "log"));
    tabChat.setAttribute("aria-selected", String(tab === "chat"));
    logBox.hidden = tab !== "log";
    chatPanel.hidden = tab !== "chat";
    if (tab === "log") logList.scrollTop = logList.scrollHeight;
    else { const cl = ctx.chat?.querySelector(".chat-log"); if (cl) cl.scrollTop = cl.scrollHeight; }
  }
  renderTabs();
  // Escape leaves a build mode.
  app.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && selected && !dialog) { e.preventDefault(); selected = null; render(); return; }
    if (e.key === "Escape" && mode && !dialog) { e.preventDefault(); mode = null; render(); }
  });

  const viewer = () => (typeof frame?.view?.seat === "number" ? frame.view.seat : ctx.seat);
  // Hotkeys (issue 18): R roll, E end turn, B bank, T offer, 1/2/3 road/settlement/city, D buy a
  // card, C costs, ? this list. Only what the server allows now; never while typing or in a dialog.
  const onKey = (e: KeyboardEvent) => {
    if (ignoredKey(e) || !frame || !app.isConnected) return;
    if (e.key === "Escape" && (costsOpen || keysOpen)) { costsOpen = keysOpen = false; renderAids(); return; }
    if (dialog) return;
    const u = ui();
    const send = (type: string) => { const a = legalOf(u, type)[0]; if (a) { act(a); return true; } return false; };
    const build = (m: Exclude<BuildMode, null>, type: string) => {
      if (!legalOf(u, type).length || u.view?.phase === "roadBuilding") return false;
      mode = mode === m ? null : m; render(); return true;
    };
    let used = false;
    switch (e.key.toLowerCase()) {
      case "r": used = send("rollDice"); break;
      case "e": used = send("endTurn"); break;
      case "d": used = send("buyDevCard"); break;
      case "b": if (legalOf(u, "bankTrade").length) { openNamed("bank"); used = true; } break;
      case "t": if (u.legal?.offerTrade) { openNamed("offer"); used = true; } break;
      case "1": used = build("road", "buildRoad"); break;
      case "2": used = build("settlement", "buildSettlement"); break;
      case "3": used = build("city", "buildCity"); break;
      case "c": costsOpen = !costsOpen; keysOpen = false; renderAids(); used = true; break;
      case "?": keysOpen = !keysOpen; costsOpen = false; renderAids(); used = true; break;
    }
    if (used) e.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  const names = () => seatNames(room ?? undefined, frame?.view?.players?.length ?? 4, (n) => t(lang, "seat", { n }), lang);
  /** Names for the log and the notices: the viewer's own name says so ("Ann (you)"). */
  const logNames = () => names().map((n, i) => (i === viewer() ? t(lang, "nameYou", { name: n }) : n));
  const hexName = (id: number) => hexLabel(lang, frame?.view, id);

  function showError(msg: string): void {
    errorEl.textContent = t(lang, "error", { msg });
    errorEl.classList.add("shown");
    if (dialog) {
      dialog.el.querySelector(".hx-dialog-error")?.remove();
      dialog.el.append(h("p", { class: "hx-dialog-error", role: "alert", "data-testid": "dialog-error" }, t(lang, "error", { msg })));
    }
    // It stays until read (issue 27): until the player's next action, like the notices.
  }

  function act(intent: object): void {
    pacer.skip();  // acting: everything that happened before is shown first
    // A notice (a card stolen, the clock ran out) stays until read (issue 27): until the player's next action.
    stealEl.hidden = true;
    errorEl.textContent = ""; errorEl.classList.remove("shown");
    ctx.act(intent).then(() => {
      if (dialog && dialog.kind !== "discard") closeDialog();
      mode = null;
      render();
    }, (e: any) => {
      // An answer to an offer that closed meanwhile (withdrawn, carried out, replaced): a race.
      if (e?.code === "offer_closed") { if (dialog && dialog.kind === "counter") closeDialog(); render(); showError(t(lang, "offerClosed")); return; }
      showError(e?.message ?? e?.code ?? String(e));
    });
  }

  function ui(): UI {
    const n = names();
    return { lang, seat: viewer(), view: frame?.view ?? {}, legal: frame?.legal ?? {}, names: n,
      initials: initialsOf(n), act };
  }

  let focusBeforeDialog: string | null = null;
  function openDialog(d: D.Dialog): void {
    if (!dialog) focusBeforeDialog = (document.activeElement as HTMLElement | null)?.getAttribute?.("data-testid") ?? null;
    dialog = d;
    clear(overlay);
    overlay.append(d.el);
    overlay.hidden = false;
    const first = d.el.querySelector<HTMLElement>("button:not([disabled]), input");
    first?.focus();
  }

  function closeDialog(): void {
    dialog = null;
    clear(overlay);
    overlay.hidden = true;
    const back = focusBeforeDialog ? root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focusBeforeDialog)}"]`) : null;
    focusBeforeDialog = null;
    window.setTimeout(() => { if (back?.isConnected && !(back as HTMLButtonElement).disabled) back.focus(); }, 0);
  }

  function openNamed(kind: "bank" | "offer" | "yop" | "monopoly" | "counter"): void {
    const u = ui();
    const close = () => { closeDialog(); render(); };
    if (kind === "bank") openDialog(D.bankDialog(u, close));
    else if (kind === "offer") openDialog(D.tradeDialog(u, false, close));
    else if (kind === "counter") openDialog(D.tradeDialog(u, true, close));
    else if (kind === "yop") openDialog(D.yearOfPlentyDialog(u, close));
    else openDialog(D.monopolyDialog(u, close));
  }

  function chooseRobberHex(hex: number): void {
    const opts = legalOf(ui(), "moveRobber").filter((a) => a.hex === hex);
    if (opts.length === 1) act(opts[0]);
    else if (opts.length > 1) openDialog(D.victimDialog(ui(), opts, () => { closeDialog(); render(); }));
  }

  function pick(kind: SpotKind, id: number, fn: () => void): void {
    if (lastPointer !== "touch") { selected = null; fn(); return; }
    selected = { kind, id, fn };
    render();
  }

  function renderConfirm(): void {
    confirmEl.hidden = !selected;
    clear(confirmEl);
    if (!selected) return;
    const u = ui();
    const what = selected.kind === "edge" ? t(lang, "road")
      : u.view?.settlements?.[selected.id] !== undefined ? t(lang, "city") : t(lang, "settlement");
    const go = h("button", { type: "button", class: "hx-btn primary", "data-testid": "spot-confirm-yes" }, t(lang, "confirmPlace"));
    go.addEventListener("click", () => { const s = selected; selected = null; renderConfirm(); s?.fn(); });
    const no = h("button", { type: "button", class: "hx-btn", "data-testid": "spot-confirm-no" }, t(lang, "cancel"));
    no.addEventListener("click", () => { selected = null; render(); });
    confirmEl.append(h("span", { class: "hx-confirm-text" }, t(lang, "confirmSpot", { what })), go, no);
    // Never over the spot it asks about: at the top when the spot is in the board's lower half.
    const [a, b] = selected.kind === "intersection" ? [selected.id, selected.id] : GEO.edgeEnds[selected.id];
    confirmEl.classList.toggle("at-top", (GEO.intersection[a].y + GEO.intersection[b].y) / 2 > 8);
  }

  function highlights(u: UI): Highlights {
    const hl = noHighlights();
    hl.producing = producing;
    const phase = u.view?.phase;
    for (const a of actions(u)) {
      switch (a.type) {
        case "placeSetupSettlement": hl.intersections.set(a.intersection, () => act(a)); break;
        case "placeSetupRoad": hl.edges.set(a.edge, () => act(a)); break;
        case "buildRoad": if (phase === "roadBuilding" || mode === "road") hl.edges.set(a.edge, () => act(a)); break;
        case "buildSettlement": if (mode === "settlement") hl.intersections.set(a.intersection, () => act(a)); break;
        case "buildCity": if (mode === "city") hl.intersections.set(a.intersection, () => act(a)); break;
        case "moveRobber": hl.robberHexes.set(a.hex, () => chooseRobberHex(a.hex)); break;
      }
    }
    return hl;
  }

  /** Closes a dialog whose action the server no longer allows; opens the discard dialog when owed. */
  function syncDialogs(u: UI): void {
    const still: Record<string, boolean> = {
      discard: (u.legal?.discard ?? 0) > 0, victim: legalOf(u, "moveRobber").length > 0, yop: legalOf(u, "playYearOfPlenty").length > 0,
      monopoly: legalOf(u, "playMonopoly").length > 0, bank: legalOf(u, "bankTrade").length > 0, trade: !!u.legal?.offerTrade,
      counter: !!u.legal?.counterOffer,
    };
    if (dialog && !still[dialog.kind]) closeDialog();
    if ((u.legal?.discard ?? 0) > 0 && !dialog) openDialog(D.discardDialog(u, u.legal.discard));
    if (mode === "road" && legalOf(u, "buildRoad").length === 0) mode = null;
    if (mode === "settlement" && legalOf(u, "buildSettlement").length === 0) mode = null;
    if (mode === "city" && legalOf(u, "buildCity").length === 0) mode = null;
  }

  function promptText(u: UI): string {
    const v = u.view;
    if (!v?.phase) return "";
    if (v.phase === "roadBuilding" && v.active === u.seat) return t(lang, "roadBuildingLeft", { n: v.roadBuildingLeft ?? 0 });
    if (legalOf(u, "placeSetupSettlement").length) return t(lang, "placeSettlement");
    if (legalOf(u, "placeSetupRoad").length) return t(lang, "placeRoad");
    if (legalOf(u, "moveRobber").length) return t(lang, "moveRobber");
    if (mode) return t(lang, "pickSpot");
    return "";
  }

  function renderClock(): void {
    const c = frame?.clock;
    if (!c || !frame || frame.view?.phase === "gameOver") { clockEl.textContent = ""; clockEl.removeAttribute("data-seconds"); return; }
    const { secs, warn } = clockReading(c);
    const who = c.seat === viewer() ? t(lang, "you") : names()[c.seat] ?? String(c.seat);
    clockEl.textContent = `${who}: ${t(lang, "timeLeft", { s: secs })}`;
    clockEl.setAttribute("data-seconds", String(secs));
    clockEl.classList.toggle("warn", warn);
  }
  const clockTimer = window.setInterval(() => {
    renderClock();
    for (const el of playersSlot.querySelectorAll<HTMLElement>("[data-bot-at]")) el.textContent = botInText(lang, Number(el.dataset.botAt));
  }, 250);

  function renderTurn(u: UI): void {
    const v = u.view;
    clear(turnEl);
    if (!v?.phase) return;
    const who = v.active === u.seat ? t(lang, "yourTurn") : t(lang, "turnOf", { name: u.names[v.active] ?? String(v.active) });
    if (v.phase !== "gameOver") turnEl.append(h("b", {}, who), " · ");
    turnEl.append(h("span", { "data-testid": "phase", "data-phase": v.phase }, t(lang, `ph_${v.phase}` as Key)));
    turnEl.setAttribute("data-active", String(v.active));
  }

  function renderBank(u: UI): void {
    const v = u.view;
    clear(bankEl);
    if (!v?.bank) return;
    bankEl.append(h("span", {}, `${t(lang, "bank")}: ${cardsText(lang, v.bank)}`), " · ",
      h("span", { "data-testid": "deck", "data-count": v.deckSize }, `${t(lang, "deck")}: ${v.deckSize}`));
  }

  function logLine(e: LogEntry): HTMLElement {
    const cls = e.ev.type === "diceRolled" ? "dice" : e.ev.type === "turnStarted" ? "turn" : "";
    return h("li", { class: cls, "data-type": e.ev.type }, eventText(lang, e.ev, logNames(), -1, e.active, hexName));
  }

  // The log keeps its newest 500 lines when it is drawn whole (a reconnect's history, a language
  // change); while the game is watched it only grows (issue 27): lines removed from the top while the
  // list sits at its end move every line in view up (a layout shift, not a scroll), and keeping their
  // space as padding left a blank stretch above the oldest line. Past 5,000 lines it is drawn anew.
  function trimLog(): void {
    if (log.length > 5000) renderLogAll();
  }

  function renderLogAll(): void {
    (logBox.firstChild as HTMLElement).textContent = t(lang, "log");
    if (log.length > 500) log.splice(0, log.length - 500);
    clear(logList);
    for (const e of log) logList.append(logLine(e));
    logList.scrollTop = logList.scrollHeight;
  }

  function renderVictoryIfOver(u: UI): void {
    clear(victorySlot);
    const over = u.view?.phase === "gameOver";
    if (!over) return;
    if (!replayRequested && room?.room) {
      replayRequested = true;
      const tryLoad = (attempt: number) => loadReplay(room!.room).then((r) => {
        if ("views" in r) { replayStats = statsFromReplay(r.views, r.events); replayNote = ""; render(); }
        else if (r.status === 409 && attempt < 4) window.setTimeout(() => tryLoad(attempt + 1), 1500);
        else { replayNote = `${t(lang, "replayMissing", { status: r.status })} ${t(lang, "statsLocal")}`; replayMissing = true; render(); }
      });
      tryLoad(0);
    }
    if (victoryClosed) {
      victorySlot.append(h("button", { type: "button", class: "hx-btn", "data-testid": "victory-open", onclick: null }, t(lang, "victory")));
      victorySlot.firstElementChild!.addEventListener("click", () => { victoryClosed = false; render(); });
      return;
    }
    const stats = replayStats ?? (replayNote ? seen : null);
    victorySlot.append(renderVictory({ lang, view: u.view, names: u.names, viewer: u.seat, reveal,
      commitment: room?.commitment ?? null, stats, statsNote: replayStats ? "" : replayNote },
      () => { victoryClosed = true; render(); }, room?.room && !replayMissing ? `#/replay/${room.room}` : null, rematchButton(ctx)));
  }

  // Frames may arrive in bursts (bots, resync): draw at most once per animation frame.
  let pending = false;
  function schedule(): void {
    if (pending) return;
    pending = true;
    const flush = () => { if (pending) { pending = false; render(); } };
    window.requestAnimationFrame(flush);
    window.setTimeout(flush, 100);  // background tabs get no animation frames
  }

  let lastDice = "";
  function render(): void {
    pending = false;
    const active = document.activeElement as HTMLElement | null;
    const focusId = active && root.contains(active) ? active.getAttribute("data-testid") : null;
    const u = ui();
    syncDialogs(u);
    (logBox.firstChild as HTMLElement).textContent = t(lang, "log");
    logBox.setAttribute("aria-label", t(lang, "log"));
    renderTabs();
    renderTurn(u);
    renderClock();
    const diceKey = `${frame?.version}:${u.view?.dice}`;
    clear(diceSlot);
    diceSlot.append(renderDice(lang, u.view?.dice, diceKey !== lastDice && !!frame?.events?.some((e: any) => e.type === "diceRolled")));
    lastDice = diceKey;
    renderBank(u);
    const hl = highlights(u);
    // A selection stands while its spot is still legal.
    if (selected && !(selected.kind === "intersection" ? hl.intersections : hl.edges).has(selected.id)) selected = null;
    if (selected) selected.fn = (selected.kind === "intersection" ? hl.intersections : hl.edges).get(selected.id)!;
    hl.selected = selected;
    hl.flash = flash ? { ...flash, age: performance.now() - flashAt } : null;
    renderBoard(svg, u.view, hl, { lang, initials: u.initials, names: u.names, viewBox: viewBoxOf(zoom), pick });
    renderConfirm();
    promptEl.textContent = promptText(u);
    clear(playersSlot); playersSlot.append(renderPlayers(u, room?.seats ?? [], gains, performance.now() - gainsAt));
    clear(offerSlot); const of = renderOffer(u, () => openNamed("counter")); if (of) offerSlot.append(of);
    // (nothing waits to be shown: the hand is the newest, also after frames without events)
    if (pacer.pending === 0 && frame && shownOwnVersion !== frame.version) showOwn(ownOf(frame), frame.version, !!frame.snapshot);
    clear(handSlot); const hd = renderHand(u, ownDelta, performance.now() - ownDeltaAt, shownOwn); if (hd) handSlot.append(hd);
    clear(barSlot);
    const bar = renderActionBar(u, { mode, setMode: (m) => { mode = m; render(); }, openDialog: (k) => openNamed(k) });
    if (bar) barSlot.append(bar);
    if (costsOpen) renderAids();
    renderVictoryIfOver(u);
    logList.scrollTop = logList.scrollHeight;
    if (focusId && !(dialog && overlay.contains(document.activeElement))) {
      const again = root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focusId)}"]`);
      if (again && !(again as HTMLButtonElement).disabled) again.focus();
    }
  }

  interface Paced { events: any[]; active: number; version: number; robber: number | undefined; numbers: number[]; snapshot: boolean; actor: number; own: any; }
  /** The visual effects of one action: its log lines, lit hexes, gains, a steal notice, and (for
   *  another seat's action) a caption over the board and a flash where it happened. */
  function showItem(item: Paced): void {
    showOwn(item.own, item.version, item.snapshot);
    for (const ev of item.events) {
      log.push({ ev, active: item.active, version: item.version });
      logList.append(logLine({ ev, active: item.active, version: item.version }));
      if (ev?.type === "diceRolled" && Array.isArray(ev.dice)) {
        const sum = ev.dice[0] + ev.dice[1];
        producing = new Set(item.numbers.flatMap((n, h) => (n === sum && h !== item.robber ? [h] : [])));
        window.clearTimeout(producingTimer);
        producingTimer = window.setTimeout(() => { producing = new Set(); if (frame) schedule(); }, 3000);
      }
      if (ev?.type === "diceRolled") gains.clear();
      if (ev?.type === "produced" && typeof ev.seat === "number" && ev.cards && !item.snapshot) {
        const text = Object.entries(ev.cards as Record<string, number>).filter(([, n]) => n > 0)
          .map(([r, n]) => `+${n} ${t(lang, r as Key)}`).join(" ");
        if (text) { gains.set(ev.seat, [gains.get(ev.seat), text].filter(Boolean).join(" ")); gainsAt = performance.now(); }
        window.clearTimeout(gainsTimer);
        gainsTimer = window.setTimeout(() => { gains.clear(); if (frame) schedule(); }, 3000);
      }
      if (ev?.type === "timedOut" && ev.seat === viewer() && !item.snapshot) {
        stealEl.textContent = t(lang, "timedOutYou");
        stealEl.dataset.role = "timeout";
        stealEl.dataset.notice = "clock-moved";
        stealEl.hidden = false;
      }
      // The thief and the victim learn the card (the server sends it to them only).
      if (ev?.type === "stole" && ev.resource && (ev.seat === viewer() || ev.victim === viewer()) && !item.snapshot) {
        stealEl.textContent = eventText(lang, ev, names(), viewer(), -1, hexName);
        stealEl.dataset.role = ev.seat === viewer() ? "thief" : "victim";
        delete stealEl.dataset.notice;
        stealEl.hidden = false;
      }
    }
    trimLog();
    logList.scrollTop = logList.scrollHeight;
    if (item.actor !== viewer() && !item.snapshot) {
      // What happened, readable as it happens: the action's main line over the board, and a flash.
      const main = item.events.find((e) => !["turnStarted", "produced", "placementBegan"].includes(e?.type)) ?? item.events[0];
      tickerEl.textContent = eventText(lang, main, names(), viewer(), item.active, hexName);
      tickerEl.hidden = false;
      window.clearTimeout(tickerTimer);
      tickerTimer = window.setTimeout(() => { tickerEl.hidden = true; }, 1600);
      flash = { intersections: [], edges: [], hexes: [] };
      flashAt = performance.now();
      for (const e of item.events) {
        if (typeof e?.intersection === "number") flash.intersections.push(e.intersection);
        if (typeof e?.edge === "number") flash.edges.push(e.edge);
        if (e?.type === "robberMoved" && typeof e.hex === "number") flash.hexes.push(e.hex);
      }
      window.clearTimeout(flashTimer);
      flashTimer = window.setTimeout(() => { flash = null; if (frame) schedule(); }, 1200);
    }
    app.setAttribute("data-shown-version", String(item.version));
    schedule();
  }

  return {
    frame(f: GameFrame): void {
      const prevFrame = frame;
      frame = f;
      const active = typeof f.view?.active === "number" ? f.view.active : -1;
      const events: any[] = f.events ?? [];
      for (const ev of events) if (ev?.type === "diceRolled" && Array.isArray(ev.dice)) seen.dice[ev.dice[0] + ev.dice[1]]++;
      if (events.length) {
        // Another seat's action is shown in its turn, ~400 ms after the previous one (issue 18);
        // the state itself is already drawn. Your own actions show at once (after any backlog).
        const actor = events.find((e) => typeof e?.seat === "number")?.seat ?? active;
        pacer.push({ events, active, version: f.version, robber: f.view?.robber, numbers: [...(f.view?.board?.numbers ?? [])],
          snapshot: f.snapshot, actor, own: ownOf(f) }, !f.snapshot && actor !== viewer());
      }
      for (const cue of cuesFor(prevFrame, f, viewer())) play(cue);
      seen.vp.push((f.view?.players ?? []).map((p: any) => (f.view.phase === "gameOver" && typeof p.totalVp === "number" ? p.totalVp : p.publicVp ?? 0)));
      schedule();
    },
    history(entries: HistoryEntry[]): void {
      // Earlier lines for the log of a returning seat: only versions the log does not hold yet.
      const have = new Set(log.map((e) => e.version));
      let active = -1;
      const earlier: LogEntry[] = [];
      for (const entry of entries) {
        for (const ev of entry.events ?? []) {
          if (ev?.type === "turnStarted" && typeof ev.seat === "number") active = ev.seat;
          if (!have.has(entry.to)) earlier.push({ ev, active, version: entry.to });
        }
      }
      if (!earlier.length) return;
      const merged = [...earlier, ...log].sort((a, b) => a.version - b.version).slice(-500);
      log.length = 0;
      log.push(...merged);
      renderLogAll();
    },
    roomChanged(r: RoomInfo): void { room = r; if (frame) { schedule(); renderLogAll(); } },
    langChanged(l: Lang): void { lang = l; if (dialog) closeDialog(); if (frame) render(); renderLogAll(); renderSound(); renderZoomTools(); renderAids(); },
    seedRevealed(r: SeedReveal): void { reveal = r; if (frame) schedule(); },
    destroy(): void { window.clearInterval(clockTimer); window.clearTimeout(producingTimer); window.clearTimeout(gainsTimer); window.clearTimeout(ownDeltaTimer); window.clearTimeout(tickerTimer); window.clearTimeout(flashTimer); pacer.stop(); chatWatch?.disconnect(); stageWatch.disconnect(); window.removeEventListener("resize", boardBottom); document.removeEventListener("keydown", onKey); detachZoom(); app.remove(); },
  };
}
