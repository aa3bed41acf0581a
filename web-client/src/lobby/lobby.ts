// The lobby page: display name, the live list of public rooms, create a room with every option,
// join by invite code or link.
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { seatMark } from "../app/seats";
import { errorText, type Shell } from "../app/shell";
import { t, onLang } from "../i18n";
import { tournamentsCard } from "../tournament/lobby-card";
import { playNowCard } from "../account/play-now";
import { myGamesCard } from "./my-games";
import { createForm } from "./create-form";
import { createRoomMessage, defaultOptions, listSummary, type CreateOptions } from "./options";

const POLL_MS = 3000;

export function mountLobby(root: HTMLElement, shell: Shell): () => void {
  let rooms: any[] = [];
  let listError = "";
  let timer = 0;
  let disposed = false;
  const form: CreateOptions = defaultOptions();

  const listBox = h("div", { class: "room-list", "data-testid": "room-list", "aria-live": "polite" });

  let inflight = false;
  async function refresh() {
    window.clearTimeout(timer);
    if (disposed || inflight) return;
    inflight = true;
    try {
      const reply = await shell.conn.request({ type: "listRooms" });
      rooms = Array.isArray(reply.rooms) ? reply.rooms : [];
      listError = "";
    } catch (e) {
      listError = errorText(e);
    }
    inflight = false;
    if (disposed) return;
    renderList();
    timer = window.setTimeout(refresh, POLL_MS);
  }

  function renderList() {
    clear(listBox);
    if (listError) listBox.append(h("p", { class: "muted" }, listError));
    const visible = rooms.filter((r) => !r.over);
    if (!visible.length) {
      listBox.append(h("p", { class: "empty-note" }, t("lobby.noRooms")));
      return;
    }
    const table = h("ul", { class: "rooms" });
    for (const r of visible) {
      const seats: any[] = Array.isArray(r.seats) ? r.seats : [];
      const free = seats.filter((s) => s === null).length;
      const state = r.started ? t("lobby.playing") : t("lobby.waiting");
      table.append(h("li", { class: "room-row", "data-testid": `room-${r.room}` },
        h("div", { class: "room-main" },
          h("div", { class: "room-title" }, h("span", { class: "room-id" }, r.room),
            h("span", { class: `badge ${r.started ? "badge-live" : ""}` }, state),
            r.fixedSeed ? h("span", { class: "badge" }, t("room.fixedSeed")) : null,
            r.rated ? h("span", { class: "badge" }, t("room.rated")) : null),
          h("div", { class: "muted small" }, listSummary(r.options ?? {}, r.clock, r.game))),
        h("div", { class: "room-seats", "aria-label": t("room.seats") },
          seats.map((s, i) => h("span", { class: `mini-seat ${s ? "" : "empty"}`, title: s ? s.name : t("room.emptySeat") },
            s ? seatMark(i, s.name) : h("span", { class: "seat-hole" })))),
        h("div", { class: "room-actions" },
          h("span", { class: "muted small" }, t("lobby.free", { n: free })),
          h("a", { class: "btn btn-small", href: `#/room/${r.room}`, "data-testid": `open-${r.room}` },
            !r.started && free > 0 ? t("lobby.join") : t("lobby.watch")))));
    }
    listBox.append(table);
  }

  // --- display name
  const nameInput = h("input", { id: "name-input", "data-testid": "name-input", maxlength: 32, autocomplete: "nickname", value: session.name() }) as HTMLInputElement;
  const nameCard = () => h("section", { class: "card" },
    h("h2", {}, t("lobby.you")),
    h("form", { class: "row", onsubmit: (e: Event) => { e.preventDefault(); saveName(); } },
      h("label", { for: "name-input", class: "sr-only" }, t("lobby.displayName")),
      nameInput,
      h("button", { class: "btn", type: "submit", "data-testid": "name-save" }, t("lobby.saveName"))),
    h("p", { class: "muted small" }, t("lobby.nameHint")));

  function saveName() {
    const n = nameInput.value.trim();
    if (!n || new TextEncoder().encode(n).length > 32) { shell.toast(t("lobby.nameInvalid"), "error"); return; }
    if (n === session.name() && shell.conn.ready) return;
    session.setName(n);
    shell.conn.connect();  // hello again with the same token and the new name
    shell.toast(t("lobby.nameSaved", { name: n }));
  }

  // --- create a room
  const createCard = () => createForm(form, create);

  async function create() {
    await shell.ensureName();
    try {
      const created = await shell.conn.request(createRoomMessage(form));
      const room = String(created.room);
      if (created.invite) shell.invites.set(room, String(created.invite));
      if (Array.isArray(created.seatTokens)) shell.seatTokens.set(room, created.seatTokens);
      const joinMsg: Record<string, unknown> = { type: "joinRoom", room, seat: 0 };
      if (form.password) joinMsg.password = form.password;
      await shell.conn.request(joinMsg);
      session.setSeat(room, 0);
      go({ name: "room", room });
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
    }
  }

  // --- join by code
  const codeInput = h("input", { id: "join-code", "data-testid": "join-code", autocomplete: "off", placeholder: t("lobby.codeHint") }) as HTMLInputElement;
  const joinCard = () => h("section", { class: "card" },
    h("h2", {}, t("lobby.joinByCode")),
    h("form", { class: "row", onsubmit: (e: Event) => {
      e.preventDefault();
      const v = codeInput.value.trim();
      const m = v.match(/#\/join\/([^/?#\s]+)/);
      const code = m ? decodeURIComponent(m[1]) : v;
      if (code) go({ name: "join", invite: code });
    } },
      h("label", { for: "join-code", class: "sr-only" }, t("lobby.joinByCode")),
      codeInput,
      h("button", { class: "btn", type: "submit", "data-testid": "join-code-submit" }, t("lobby.joinButton"))));

  // A session that holds a seat is re-seated by the server after hello: offer the way back.
  const backBox = h("div", { "data-testid": "return-to-table" });
  function renderBack() {
    clear(backBox);
    const j = shell.joined;
    if (!j || j.seat < 0) return;
    backBox.append(h("section", { class: "card return-card row between wrap" },
      h("span", {}, t("lobby.haveSeat", { id: j.room })),
      h("a", { class: "btn btn-primary btn-small", href: `#/room/${j.room}` }, t("lobby.returnToTable"))));
  }

  function render() {
    clear(root);
    renderBack();
    root.append(backBox, h("div", { class: "lobby" },
      h("div", { class: "lobby-main" },
        myGames.el,
        playNow.el,
        h("section", { class: "card lobby-rooms" },
          h("div", { class: "row between" }, h("h2", {}, t("lobby.rooms")),
            h("button", { class: "btn btn-ghost btn-small", onclick: refresh, "data-testid": "rooms-refresh" }, t("lobby.refresh"))),
          listBox),
        joinCard(),
        h("section", { class: "card" },
          h("h2", {}, t("lobby.standings")),
          h("p", { class: "muted small" }, t("lobby.standingsHint")),
          h("a", { class: "btn btn-small", href: "#/standings", "data-testid": "standings-link" }, t("standings.show"))),
        tournamentsCard()),
      h("div", { class: "lobby-side" }, nameCard(), createCard())));
    renderList();
  }

  const playNow = playNowCard(shell);
  const myGames = myGamesCard(shell);
  render();
  const offLang = onLang(render);
  const offJoined = shell.conn.on("joined", () => window.setTimeout(renderBack, 0));
  const offReady = shell.conn.on("ready", () => { if (!nameInput.value) nameInput.value = session.name(); refresh(); });
  if (shell.conn.ready) refresh();
  else shell.ensureName();  // the first visit asks for a display name
  return () => { disposed = true; window.clearTimeout(timer); offLang(); offReady(); offJoined(); playNow.dispose(); myGames.dispose(); };
}
