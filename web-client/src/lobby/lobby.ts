// The lobby page: display name, the live list of public rooms, create a room with every option,
// join by invite code or link.
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { seatMark } from "../app/seats";
import { errorText, type Shell } from "../app/shell";
import { t, onLang } from "../i18n";
import { tournamentsCard } from "../tournament/lobby-card";
import { createRoomMessage, DEFAULT_OPTIONS, GAMES, optionsSummary, type CreateOptions } from "./options";

const POLL_MS = 3000;

export function mountLobby(root: HTMLElement, shell: Shell): () => void {
  let rooms: any[] = [];
  let listError = "";
  let timer = 0;
  let disposed = false;
  const form: CreateOptions = { ...DEFAULT_OPTIONS };

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
            r.fixedSeed ? h("span", { class: "badge" }, t("room.fixedSeed")) : null),
          h("div", { class: "muted small" }, optionsSummary(r.options ?? {}, r.clock, r.game))),
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
  const createCard = () => {
    const radio = (name: keyof CreateOptions, values: [string, string][]) =>
      h("div", { class: "seg", role: "radiogroup" }, values.map(([v, label]) => h("label", { class: "seg-item" },
        h("input", { type: "radio", name: `opt-${name}`, value: v, checked: String(form[name]) === v, "data-testid": `opt-${name}-${v}`,
          onchange: () => { (form as any)[name] = typeof DEFAULT_OPTIONS[name] === "number" ? Number(v) : v; } }),
        h("span", {}, label))));
    const select = (name: keyof CreateOptions, values: [string, string][]) =>
      h("select", { id: `opt-${name}`, "data-testid": `opt-${name}`, onchange: (e: Event) => { (form as any)[name] = (e.target as HTMLSelectElement).value; } },
        values.map(([v, label]) => h("option", { value: v, selected: String(form[name]) === v }, label)));
    const field = (label: string, control: Element, forId?: string) =>
      h("div", { class: "field" }, h("label", { class: "field-label", for: forId }, label), control);
    const num = (name: keyof CreateOptions, min: number, max: number) =>
      h("input", { id: `opt-${name}`, "data-testid": `opt-${name}`, type: "number", min, max, value: String(form[name]),
        oninput: (e: Event) => { const v = (e.target as HTMLInputElement).value; (form as any)[name] = typeof DEFAULT_OPTIONS[name] === "number" ? Number(v) : v; } });
    const text = (name: keyof CreateOptions, attrs: Record<string, unknown> = {}) =>
      h("input", { id: `opt-${name}`, "data-testid": `opt-${name}`, value: String(form[name]), ...attrs,
        oninput: (e: Event) => { (form as any)[name] = (e.target as HTMLInputElement).value; } });
    const check = (name: keyof CreateOptions, label: string) =>
      h("label", { class: "check" }, h("input", { type: "checkbox", "data-testid": `opt-${name}`, checked: Boolean(form[name]),
        onchange: (e: Event) => { (form as any)[name] = (e.target as HTMLInputElement).checked; } }), h("span", {}, label));

    const game = GAMES.find((g) => g.name === form.game) ?? GAMES[0];
    const catan = game.name === "catan";
    const seatCounts: [string, string][] = [];
    for (let n = game.seats[0]; n <= game.seats[1]; n++) seatCounts.push([String(n), String(n)]);
    const gameSelect = h("select", { id: "opt-game", "data-testid": "opt-game", onchange: (e: Event) => {
      form.game = (e.target as HTMLSelectElement).value;
      const g = GAMES.find((x) => x.name === form.game) ?? GAMES[0];
      form.players = Math.min(Math.max(form.players, g.seats[0]), g.seats[1]);
      if (form.game !== "catan") form.clock = "none";
      card.replaceWith(createCard());
    } }, GAMES.map((g) => h("option", { value: g.name, selected: g.name === form.game }, t(`game.${g.name}` as any))));
    const card: Element = h("section", { class: "card", "data-testid": "create-card" },
      h("h2", {}, t("lobby.create")),
      h("form", { class: "create-form", "data-testid": "create-room", onsubmit: (e: Event) => { e.preventDefault(); create(); } },
        field(t("opt.game"), gameSelect, "opt-game"),
        h("div", { class: "grid2" },
          field(t("opt.players"), radio("players", seatCounts)),
          catan ? field(t("opt.vp"), num("vp", 3, 20), "opt-vp") : h("div", {})),
        ...(catan ? [
          field(t("opt.map"), radio("map", [["starter", t("opt.map.starter")], ["random", t("opt.map.random")]])),
          field(t("opt.numbers"), radio("numbers", [["spiral", t("opt.numbers.spiral")], ["random", t("opt.numbers.random")]])),
          field(t("opt.mode"), radio("mode", [["combined", t("opt.mode.combined")], ["classic", t("opt.mode.classic")]])),
          field(t("opt.ruleset"), radio("ruleset", [["base", t("opt.ruleset.base")], ["hk2024", t("opt.ruleset.hk2024")]]))] : []),
        h("div", { class: "grid2" },
          catan ? field(t("opt.clock"), select("clock", ["none", "relaxed", "standard", "fast", "hk2024"].map((c) => [c, t(`opt.clock.${c}` as any)])), "opt-clock") : h("div", {}),
          field(t("opt.botFill"), select("botFill", [["", t("opt.botFill.none")], ["random", t("bot.random")], ["heuristic", t("bot.heuristic")], ["search", t("bot.search")]]), "opt-botFill")),
        h("div", { class: "checks" },
          check("private", t("opt.private")),
          check("spectators", t("opt.spectators"))),
        field(t("opt.password"), text("password", { type: "password", maxlength: 64, autocomplete: "new-password", placeholder: t("opt.passwordHint") }), "opt-password"),
        h("details", { class: "advanced" },
          h("summary", {}, t("opt.advanced")),
          h("div", { class: "grid2" },
            catan ? field(t("opt.boardSeed"), text("boardSeed", { inputmode: "numeric", pattern: "\\d*", placeholder: t("opt.seedHint") }), "opt-boardSeed") : h("div", {}),
            field(t("opt.seed"), text("seed", { inputmode: "numeric", pattern: "\\d*", placeholder: t("opt.seedHint") }), "opt-seed"),
            field(t("opt.grace"), num("grace", 0, 3600), "opt-grace"),
            field(t("opt.externalBots"), text("externalBots", { placeholder: t("opt.externalBotsHint") }), "opt-externalBots"))),
        h("div", { class: "row end" }, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "create-submit" }, t("lobby.createButton")))));
    return card;
  };

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

  render();
  const offLang = onLang(render);
  const offJoined = shell.conn.on("joined", () => window.setTimeout(renderBack, 0));
  const offReady = shell.conn.on("ready", () => { if (!nameInput.value) nameInput.value = session.name(); refresh(); });
  if (shell.conn.ready) refresh();
  else shell.ensureName();  // the first visit asks for a display name
  return () => { disposed = true; window.clearTimeout(timer); offLang(); offReady(); offJoined(); };
}
