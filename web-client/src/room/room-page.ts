// The room page (#/room/<id>): joins (or rejoins) the room, shows the seats with names, colours,
// shapes and connection state, host controls, spectators, the invite link, chat, and the game.
import { h, clear, append } from "../app/dom";
import { go, href, inviteLink } from "../app/router";
import { session } from "../app/session";
import { seatMark } from "../app/seats";
import { errorText, type Shell } from "../app/shell";
import { GameHost } from "../app/game-host";
import { t, onLang } from "../i18n";
import { botLabel } from "../i18n/game-words";
import { defaultGame, gameMeta } from "../games";
import { optionsSummary } from "../lobby/options";
import { chatPanel } from "./chat";
import { emptyRoom, isHost, roomFromMessage, type RoomState } from "./room-state";
import { createRematch, joinRematch } from "./rematch";

const REJOIN_WAIT_MS = 400;
const FALLBACK_POLL_MS = 2500;

/** The seed badge: a tournament table's shared board (a game's boardSeed option), a tournament's table
 *  (its seed is the tournament's; a link to the standings), or any other fixed seed. */
function seedBadge(room: RoomState): HTMLElement | null {
  const board = room.options.boardSeed;
  if (room.tournament && board !== undefined && board !== null)
    return h("span", { class: "badge", "data-testid": "room-board-seed", title: t("room.boardSeedHint") }, t("room.boardSeed", { seed: String(board) }));
  if (room.tournament)
    return h("a", { class: "badge", "data-testid": "room-tournament", title: t("room.tournamentHint"),
      href: href({ name: "tournament", id: room.tournament, role: "standings", key: "" }) }, t("room.tournament"));
  return room.fixedSeed ? h("span", { class: "badge", title: t("room.fixedSeedHint") }, t("room.fixedSeed")) : null;
}

export function mountRoom(root: HTMLElement, shell: Shell, roomId: string): () => void {
  let room: RoomState = emptyRoom(roomId);
  let mySeat = -2;  // -2: not joined yet, -1: spectator
  let joinError = "";
  let needPassword = false;
  let disposed = false;
  let pollTimer = 0;
  let rejoinTimer = 0;
  const offs: (() => void)[] = [];

  const gameRoot = h("div", { class: "game-root", "data-testid": "game-root" });
  const panel = h("aside", { class: "room-panel", id: "room-panel", "data-testid": "room-panel" });
  const seatsBox = h("section", { class: "card seats-card" });
  const chat = chatPanel(shell, roomId);
  const waitBox = h("div", { class: "card waiting", "data-testid": "waiting" });
  // Once the game starts the room panel folds into a drawer (issue 18): the game takes the window.
  const drawerHead = h("div", { class: "drawer-head" });
  const drawerButton = h("button", { class: "btn btn-small drawer-button", type: "button", "data-testid": "room-drawer-button",
    "aria-controls": "room-panel", "aria-expanded": "false", onclick: () => setDrawer(!drawerOpen) });
  const layout = h("div", { class: "room-layout" }, gameRoot, panel);
  let drawerOpen = false;
  let unread = 0;
  panel.append(drawerHead, seatsBox, chat.el);
  root.replaceChildren(layout);
  gameRoot.append(waitBox);
  const onKey = (e: KeyboardEvent) => { if (e.key === "Escape" && drawerOpen) { setDrawer(false); drawerButton.focus(); } };
  document.addEventListener("keydown", onKey);
  offs.push(() => document.removeEventListener("keydown", onKey), () => root.classList.remove("room-playing"));

  const game = new GameHost(gameRoot, shell.conn, roomId, () => mySeat < 0 ? -1 : mySeat, () => room,
    { el: chat.el, giveBack: () => { if (!panel.contains(chat.el)) panel.append(chat.el); } }, () => void rematch());

  // ---- rematch (issue 18): start it, or join the one another player started, in the same seat
  let rematching = false;
  async function rematch() {
    if (mySeat < 0 || !room.over || rematching) return;
    rematching = true;
    try {
      let target = room.rematch;
      if (target) {
        if (await joinRematch(shell.conn, target, mySeat)) session.setSeat(target.room, mySeat);
      } else {
        target = await createRematch(shell.conn, room, mySeat);
        session.setSeat(target.room, mySeat);
      }
      if (target.invite) shell.invites.set(target.room, target.invite);
      go({ name: "room", room: target.room });
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
    } finally {
      rematching = false;
    }
  }
  // For the browser tests (which read the legal actions to decide what to click) and the curious.
  const debug = (window as any).hexhall;
  if (debug) debug.room = { game, seat: () => mySeat, state: () => room };

  // ---- joining
  async function join(seat: number | null, password?: string) {
    // A private room is found by its invite; the room id serves for public rooms and members.
    const invite = shell.invites.get(roomId);
    const msg: Record<string, unknown> = invite ? { type: "joinRoom", invite, seat } : { type: "joinRoom", room: roomId, seat };
    if (password) msg.password = password;
    try {
      await shell.conn.request(msg);
      joinError = "";
      needPassword = false;
    } catch (e: any) {
      if (e?.code === "bad_password") { needPassword = true; joinError = password ? t("room.badPassword") : ""; }
      else if (e?.code === "no_spectators" && seat === null) { return sitAnywhere(); }
      else if (e?.code === "disconnected") return;
      else joinError = e?.code === "no_room" ? t("room.notFound") : e?.code === "kicked" ? t("room.kicked")
        : t("error.generic", { what: errorText(e) });
      render();
    }
  }

  async function sitAnywhere() {
    for (let s = 0; s < seatCount(); s++) {  // every seat the game has (5- and 6-player rooms too)
      try { await shell.conn.request({ type: "joinRoom", room: roomId, seat: s }); return; } catch (e: any) {
        if (e?.code !== "seat_taken" && e?.code !== "seat_reserved") { joinError = t("error.generic", { what: errorText(e) }); break; }
      }
    }
    if (!joinError) joinError = t("room.full");
    render();
  }

  function rejoinIfNeeded() {
    window.clearTimeout(rejoinTimer);
    // After hello the server re-seats a session that holds a seat by itself (an unrequested
    // `joined`); give it a moment, then join explicitly (spectators, first visits, restarts).
    rejoinTimer = window.setTimeout(() => {
      if (disposed || shell.joined?.room === roomId) return;
      const seat = session.seatIn(roomId);
      join(seat !== undefined && seat >= 0 ? seat : null);
    }, shell.joined === null ? REJOIN_WAIT_MS : 0);
  }

  async function sit(seat: number) {
    try { await shell.conn.request({ type: "joinRoom", room: roomId, seat }); if (!room.pushed) startFallbackPoll(200); }
    catch (e) { shell.toast(t("error.generic", { what: errorText(e) }), "error"); }
  }

  async function hostRequest(msg: Record<string, unknown>) {
    try {
      await shell.conn.request({ ...msg, room: roomId });
      if (!room.pushed) startFallbackPoll(200);  // look again at once
    }
    catch (e) { shell.toast(t("error.generic", { what: errorText(e) }), "error"); }
  }

  async function leave() {
    try { await shell.conn.request({ type: "leaveRoom", room: roomId }); } catch { /* older servers: just go */ }
    session.setSeat(roomId, null);
    if (shell.joined?.room === roomId) shell.joined = null;
    go({ name: "lobby" });
  }

  // ---- server messages
  offs.push(
    shell.conn.on("joined", (m) => {
      if (m.room !== roomId) return;
      const seat = typeof m.seat === "number" ? m.seat : -1;
      if (seat !== mySeat && mySeat !== -2) game.reset();
      mySeat = seat;
      session.setSeat(roomId, seat);
      joinError = "";
      render();
      if (!room.pushed) startFallbackPoll();
    }),
    shell.conn.on("room", (m) => {
      if (m.room !== roomId) return;
      window.clearTimeout(pollTimer);
      setRoom(roomFromMessage(m, true));
    }),
    shell.conn.on("started", (m) => {
      if (m.room !== roomId) return;
      room = { ...room, started: true, commitment: m.commitment ?? room.commitment };
      render();
    }),
    shell.conn.on("chat", (m) => {
      const before = chat.el.querySelectorAll(".chat-line").length;
      chat.add(m);
      // A line the player cannot see (the chat is in the folded drawer): counted on the drawer's button.
      if (playing() && !drawerOpen && panel.contains(chat.el) && chat.el.querySelectorAll(".chat-line").length > before) { unread++; renderDrawer(); }
    }),
    shell.conn.on("kicked", (m) => {
      if (m.room !== roomId) return;
      session.setSeat(roomId, null);
      if (shell.joined?.room === roomId) shell.joined = null;
      shell.toast(t("room.kicked"), "error");
      go({ name: "lobby" });
    }),
    shell.conn.on("snapshot", () => { if (!room.started) { room = { ...room, started: true }; render(); } }),
    shell.conn.on("ready", () => { mySeat = mySeat >= -1 ? mySeat : -2; rejoinIfNeeded(); }),
    onLang(() => { chat.relabel(); render(); }),
  );

  function setRoom(r: RoomState) {
    if (r.invite) shell.invites.set(roomId, r.invite);
    room = r;
    game.roomChanged(r);
    render();
  }

  /** Servers without `room` pushes: follow the public room list instead. */
  function startFallbackPoll(delay?: number) {
    window.clearTimeout(pollTimer);
    pollTimer = window.setTimeout(async () => {
      if (disposed || room.pushed) return;
      try {
        const reply = await shell.conn.request({ type: "listRooms" });
        const entry = (reply.rooms ?? []).find((r: any) => r.room === roomId);
        if (entry && !room.pushed) setRoom({ ...roomFromMessage(entry, false), invite: room.invite });
      } catch { /* try again */ }
      startFallbackPoll();
    }, delay ?? (room.seats.length ? FALLBACK_POLL_MS : 300));
  }

  // ---- rendering
  // The room's game's built-in bots, in its descriptor's order (the first is preselected).
  const roomBots = (): string[] => gameMeta(room.game ?? defaultGame)?.bots ?? [];

  function seatCount(): number {
    return room.seats.length || Number(room.options.players ?? 4);
  }

  function connectionText(s: NonNullable<RoomState["seats"][number]>): [string, string] {
    if (s.botPlaying) return ["bot", t("room.botPlaying")];
    if (s.kind === "bot") return ["bot", t("room.bot", { kind: botLabel(s.name, room.game) })];
    if (s.kind === "external") return [s.connected ? "on" : "off", t("room.external")];
    return s.connected ? ["on", t("room.online")] : ["off", t("room.offline")];
  }

  function renderSeats() {
    clear(seatsBox);
    const host = isHost(room, mySeat);
    const invite = room.invite ?? shell.invites.get(roomId);
    seatsBox.append(
      h("div", { class: "row between" },
        h("h2", {}, t("room.title", { id: roomId })),
        h("div", { class: "badges" },
          room.private ? h("span", { class: "badge" }, t("room.private")) : null,
          seedBadge(room),
          room.rated ? h("span", { class: "badge", "data-testid": "room-rated" }, t("room.rated")) : null,
          h("span", { class: `badge ${room.started && !room.over ? "badge-live" : ""}`, "data-testid": "room-state" },
            room.over ? t("room.over") : room.started ? t("lobby.playing") : t("lobby.waiting")))),
      h("p", { class: "muted small" }, optionsSummary(room.options, room.clock, room.game)));

    if (invite) {
      const link = inviteLink(invite);
      const linkInput = h("input", { class: "invite-link", readonly: true, value: link, "data-testid": "invite-link", "aria-label": t("room.inviteLink"), onfocus: (e: Event) => (e.target as HTMLInputElement).select() }) as HTMLInputElement;
      seatsBox.append(h("div", { class: "invite" },
        h("div", { class: "field-label" }, t("room.invite")),
        h("div", { class: "row" }, linkInput,
          h("button", { class: "btn btn-small", "data-testid": "copy-invite", onclick: () => copy(link, linkInput) }, t("room.copyLink"))),
        h("div", { class: "muted small" }, t("room.code"), " ", h("code", { "data-testid": "invite-code" }, invite))));
    }

    const tokens = shell.seatTokens.get(roomId);
    if (tokens?.length) {
      seatsBox.append(h("details", { class: "invite", "data-testid": "seat-tokens" },
        h("summary", { class: "field-label" }, t("room.seatTokens")),
        h("p", { class: "muted small" }, t("room.seatTokensHint")),
        tokens.map((x) => h("div", { class: "small" }, t("room.seatN", { n: x.seat + 1 }), " ", h("code", {}, x.token)))));
    }

    const list = h("ul", { class: "seats", "data-testid": "seats" });
    for (let i = 0; i < seatCount(); i++) {
      const s = room.seats[i] ?? null;
      const row = h("li", { class: `seat-row ${s ? "" : "empty"} ${i === mySeat ? "me" : ""}`, "data-testid": `seat-${i}`,
        "data-kind": s?.kind ?? "empty", "data-connected": s ? String(s.connected) : undefined });
      if (s) {
        const [cls, text] = connectionText(s);
        row.append(seatMark(i, s.name),
          h("div", { class: "seat-who" },
            h("div", { class: "seat-name" }, s.kind === "bot" ? botLabel(s.name, room.game) : s.name,
              s.rating !== undefined ? h("span", { class: "seat-rating muted small", "data-testid": `seat-rating-${i}`, title: t("board.rating") }, ` ${s.rating.toFixed(1)}`) : null,
              i === mySeat ? h("span", { class: "you" }, t("room.you")) : null,
              room.host === i ? h("span", { class: "host", title: t("room.host") }, "♛ ", t("room.host")) : null),
            h("div", { class: `conn conn-${cls} small` }, h("span", { class: "dot", "aria-hidden": "true" }), text)));
        const actions = h("div", { class: "seat-actions" });
        if (host && !room.started && s.kind === "bot")
          actions.append(h("button", { class: "btn btn-small btn-ghost", "data-testid": `remove-bot-${i}`, onclick: () => hostRequest({ type: "removeBot", seat: i }) }, t("room.removeBot")));
        if (host && room.hostKnown && s.kind === "human" && i !== mySeat && !room.over) {
          actions.append(h("button", { class: "btn btn-small btn-ghost", "data-testid": `kick-${i}`, onclick: () => {
            if (confirm(t("room.kickConfirm", { name: s.name }))) hostRequest({ type: "kick", seat: i });
          } }, t("room.kick")));
          if (s.connected) actions.append(h("button", { class: "btn btn-small btn-ghost", "data-testid": `transfer-host-${i}`, onclick: () => hostRequest({ type: "transferHost", seat: i }) }, t("room.makeHost")));
        }
        row.append(actions);
      } else {
        row.append(seatMark(i), h("div", { class: "seat-who" }, h("div", { class: "seat-name muted" }, t("room.emptySeat"))));
        const actions = h("div", { class: "seat-actions" });
        if (!room.started && mySeat < 0 && mySeat !== -2)
          actions.append(h("button", { class: "btn btn-small btn-primary", "data-testid": `sit-${i}`, onclick: () => sit(i) }, t("room.sit")));
        if (!room.started && host) {
          const kind = h("select", { class: "small", "data-testid": `bot-kind-${i}`, "aria-label": t("room.botKind") },
            roomBots().map((b) => h("option", { value: b }, botLabel(b, room.game)))) as HTMLSelectElement;
          actions.append(kind, h("button", { class: "btn btn-small", "data-testid": `add-bot-${i}`, onclick: () => hostRequest({ type: "addBot", seat: i, bot: kind.value }) }, t("room.addBot")));
        }
        row.append(actions);
      }
      list.append(row);
    }
    seatsBox.append(list);

    const footer = h("div", { class: "row between wrap" },
      h("span", { class: "muted small", "data-testid": "spectators" },
        room.spectatorsAllowed ? t("room.spectators", { n: room.spectators }) : t("room.noSpectators"),
        mySeat === -1 ? ` · ${t("room.youWatch")}` : ""),
      h("div", { class: "row" },
        room.over ? h("a", { class: "btn btn-small btn-ghost", href: href({ name: "replay", room: roomId, invite: room.invite ?? shell.invites.get(roomId) }), "data-testid": "open-replay" }, t("room.replay")) : null,
        h("button", { class: "btn btn-small btn-ghost", "data-testid": "leave-room", onclick: leave }, t("room.leave")),
        !room.started && host ? h("button", { class: "btn btn-primary", "data-testid": "start-game", onclick: () => hostRequest({ type: "start" }) }, t("room.start")) : null));
    seatsBox.append(footer);
  }

  function renderWaiting() {
    if (game.mounted) { waitBox.remove(); return; }
    if (!waitBox.isConnected) gameRoot.append(waitBox);
    clear(waitBox);
    if (needPassword) {
      const pw = h("input", { id: "room-password", type: "password", maxlength: 64, "data-testid": "password-input", autocomplete: "current-password" }) as HTMLInputElement;
      append(waitBox, [h("h2", {}, t("room.passwordTitle")),
        joinError ? h("p", { class: "error-text", role: "alert" }, joinError) : null,
        h("form", { class: "row", onsubmit: (e: Event) => { e.preventDefault(); join(session.seatIn(roomId) ?? null, pw.value); } },
          h("label", { for: "room-password", class: "sr-only" }, t("opt.password")), pw,
          h("button", { class: "btn btn-primary", type: "submit", "data-testid": "password-submit" }, t("lobby.joinButton")))]);
      setTimeout(() => pw.focus(), 0);
      return;
    }
    if (joinError) {
      waitBox.append(h("h2", {}, t("room.cannotJoin")), h("p", { class: "error-text", role: "alert", "data-testid": "join-error" }, joinError),
        h("a", { class: "btn", href: "#/" }, t("room.backToLobby")));
      return;
    }
    const host = isHost(room, mySeat);
    const filled = room.seats.filter(Boolean).length;
    append(waitBox, [
      h("div", { class: "hex-deco", "aria-hidden": "true" }, "⬢ ⬡ ⬢"),
      h("h2", {}, room.started ? t("room.loading") : t("room.waitingTitle")),
      h("p", { class: "muted" }, room.started ? "" : mySeat === -2 ? t("room.joining")
        : host ? t("room.hostHint") : mySeat >= 0 ? t("room.waitHost") : t("room.spectatorHint")),
      room.seats.length ? h("p", { class: "muted small" }, t("room.filled", { n: filled, total: seatCount() })) : null]);
  }

  /** The game is on: the room panel is a drawer. At the end it unfolds again (replay, leave). */
  function playing(): boolean { return (room.started || game.mounted) && !room.over; }

  function setDrawer(open: boolean) {
    drawerOpen = open;
    if (open) unread = 0;
    renderDrawer();
    if (open) window.setTimeout(() => panel.querySelector<HTMLElement>(".drawer-close")?.focus(), 0);
  }

  function renderDrawer() {
    const on = playing();
    layout.classList.toggle("playing", on);
    root.classList.toggle("room-playing", on);
    panel.classList.toggle("drawer", on);
    panel.classList.toggle("open", on && drawerOpen);
    panel.toggleAttribute("inert", on && !drawerOpen);
    panel.setAttribute("aria-label", t("room.panelHint"));
    if (!on) { drawerButton.remove(); drawerHead.replaceChildren(); return; }
    drawerButton.setAttribute("aria-expanded", String(drawerOpen));
    drawerButton.title = t("room.panelHint");
    drawerButton.replaceChildren(h("span", { "aria-hidden": "true" }, "☰ "), t("room.panel"));
    if (unread) drawerButton.append(h("span", { class: "drawer-unread", "data-testid": "room-drawer-unread" }, String(unread)));
    if (shell.headerSlot && !drawerButton.isConnected) shell.headerSlot.append(drawerButton);
    drawerHead.replaceChildren(h("button", { class: "btn btn-small btn-ghost drawer-close", type: "button", "data-testid": "room-drawer-close",
      onclick: () => { setDrawer(false); drawerButton.focus(); } }, "✕ ", t("room.closePanel")));
  }

  // A referee's pause (tournament tables): one notice for every game, fixed over the page so the
  // game's layout does not move; the games' clocks stand still meanwhile (app/turn-clock.ts).
  const pausedNotice = h("div", { class: "paused-notice", role: "status", "data-testid": "paused-notice", hidden: true });
  layout.append(pausedNotice);
  function renderPaused() {
    const on = room.clockPaused && !room.over;
    pausedNotice.hidden = !on;
    pausedNotice.replaceChildren(...(on ? [h("b", {}, h("span", { "aria-hidden": "true" }, "‖ "), t("room.pausedByReferee")), " ", h("span", { class: "small" }, t("room.pausedHint"))] : []));
  }

  function render() {
    if (disposed) return;
    renderPaused();
    renderSeats();
    renderWaiting();
    renderDrawer();
  }

  async function copy(text: string, input: HTMLInputElement) {
    try {
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(text);
      else { input.select(); if (!document.execCommand("copy")) throw new Error("copy refused"); }
      shell.toast(t("room.copied"));
    } catch {
      input.select();
      shell.toast(t("room.copyManually"));
    }
  }

  // The lobby or the join page may have joined already (their `joined` and `room` came before us).
  const pushed = shell.roomPushes.get(roomId);
  if (pushed) room = roomFromMessage(pushed, true);
  if (shell.joined?.room === roomId) {
    mySeat = shell.joined.seat;
    if (!room.pushed) startFallbackPoll();
    // Back from another page on the same connection: ask for a snapshot to show the game again.
    if (room.started || !room.pushed) shell.conn.request({ type: "resync" }).catch(() => { /* not started */ });
  }
  render();
  shell.ensureName().then(() => { if (!disposed && shell.conn.ready) rejoinIfNeeded(); });
  return () => {
    disposed = true;
    window.clearTimeout(pollTimer);
    window.clearTimeout(rejoinTimer);
    offs.forEach((f) => f());
    game.destroy();
    drawerButton.remove();
  };
}
