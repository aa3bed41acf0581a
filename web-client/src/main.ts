// Entry point: the header (brand, connection state, language, name), the connection, toasts, the
// name dialog, and the hash router that mounts one page at a time.
import "./styles/base.css";
import { h } from "./app/dom";
import { parseRoute, type Route } from "./app/router";
import { session, invites } from "./app/session";
import type { Shell } from "./app/shell";
import { Connection, serverUrl, type ConnectionState } from "./net/connection";
import { LANGS, lang, onLang, setLang, t } from "./i18n";
import type { Lang } from "./app/contract";
import { played } from "./app/sound";
import { mountLobby } from "./lobby/lobby";
import { mountRoom } from "./room/room-page";
import { mountJoin } from "./room/join-page";
import { mountReplayPage } from "./room/replay-page";
import { mountStandingsPage } from "./room/standings-page";
import { mountTournamentPage } from "./tournament";
import { mountAccountPage } from "./account/account-page";
import { mountPlayerPage } from "./account/player-page";
import { mountLeaderboardPage } from "./account/leaderboard-page";
import { mountClubsPage, mountClubPage, mountClubJoinPage } from "./account/club-page";
import { onAccount, trackAccount } from "./account/state";

const conn = new Connection(serverUrl(),
  () => ({ name: session.name() || "Guest", token: session.token() }),
  (token, name) => { session.setToken(token); if (name) session.setName(name); });

// ---- toasts
// A short confirmation ("Invite link copied.") fades after a few seconds; a message that matters (an
// error, "The host removed you from the table.") stays until dismissed (issue 27): its × button is
// reachable by Tab, Escape also dismisses the newest, and it is announced assertively (role="alert").
const toasts = h("div", { class: "toasts", role: "status", "aria-live": "polite", "data-testid": "toasts" });
function toast(text: string, kind: "info" | "error" = "info") {
  if (kind === "info") {
    const el = h("div", { class: "toast toast-info", "data-testid": "toast" }, text);
    toasts.append(el);
    window.setTimeout(() => el.classList.add("leaving"), 2500);
    window.setTimeout(() => el.remove(), 3100);
    return;
  }
  // The same message twice (a retried request) is one notice. A new alert never takes the focus
  // (ARIA APG, Alert: it must not interrupt typing) nor drops it: the copy the focus is on stays.
  for (const old of toasts.querySelectorAll<HTMLElement>(".toast-error")) {
    if (old.dataset.text !== text) continue;
    if (old.contains(document.activeElement)) return;
    old.remove();
  }
  const close = h("button", { type: "button", class: "toast-close", "aria-label": t("toast.dismiss"), title: t("toast.dismiss"),
    "data-testid": "toast-close", onclick: () => dismiss(el) }, "×");
  const el = h("div", { class: "toast toast-error", role: "alert", "data-testid": "toast-error", "data-text": text },
    h("span", { class: "toast-text" }, text), close);
  toasts.append(el);
}
function dismiss(el: HTMLElement) {
  const next = el.nextElementSibling?.querySelector<HTMLElement>(".toast-close") ?? el.previousElementSibling?.querySelector<HTMLElement>(".toast-close");
  const hadFocus = el.contains(document.activeElement);
  el.remove();
  if (hadFocus) (next ?? document.getElementById("main"))?.focus?.({ preventScroll: true });
}
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.defaultPrevented || document.querySelector("dialog[open]")) return;
  const errs = toasts.querySelectorAll<HTMLElement>(".toast-error");
  const nowhere = document.activeElement === document.body || document.activeElement === document.getElementById("main");
  if (errs.length && (toasts.contains(document.activeElement) || nowhere)) dismiss(errs[errs.length - 1]);
});

// ---- name dialog
let nameWaiters: (() => void)[] = [];
const dialog = h("dialog", { class: "name-dialog", "data-testid": "name-dialog" }) as HTMLDialogElement;
function askName() {
  const input = h("input", { id: "dialog-name", maxlength: 32, autocomplete: "nickname", "data-testid": "name-dialog-input", value: session.name() }) as HTMLInputElement;
  dialog.replaceChildren(h("form", { method: "dialog", onsubmit: (e: Event) => {
    e.preventDefault();
    const n = input.value.trim();
    if (!n || new TextEncoder().encode(n).length > 32) { toast(t("lobby.nameInvalid"), "error"); return; }
    session.setName(n);
    dialog.close();
    if (conn.ready) conn.connect(); else if (conn.state === "closed") conn.connect();
    renderHeader();
    const w = nameWaiters; nameWaiters = [];
    w.forEach((f) => f());
  } },
    h("h2", {}, t("name.title")),
    h("p", { class: "muted" }, t("name.hint")),
    h("label", { for: "dialog-name", class: "field-label" }, t("lobby.displayName")),
    h("div", { class: "row" }, input, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "name-dialog-save" }, t("name.go")))));
  if (!dialog.open) dialog.showModal();
  input.focus();
}

function ensureName(): Promise<void> {
  const ready = () => conn.ready ? Promise.resolve() : new Promise<void>((r) => { const off = conn.on("ready", () => { off(); r(); }); });
  if (session.name()) {
    if (conn.state === "closed") conn.connect();
    return ready();
  }
  return new Promise<void>((r) => { nameWaiters.push(r); askName(); }).then(ready);
}

const headerSlot = h("div", { class: "header-slot" });
const shell: Shell = { conn, toast, ensureName, invites, joined: null, roomPushes: new Map(), seatTokens: new Map(), headerSlot };
conn.on("room", (m) => { shell.roomPushes.set(String(m.room), m); });
trackAccount(conn, (reason) => toast(t("account.loggedOut", { why: t(`account.loggedOut.${reason}` as const) }), "error"));
conn.on("welcome", () => { shell.joined = null; });
conn.on("joined", (m) => { shell.joined = { room: String(m.room), seat: typeof m.seat === "number" ? m.seat : -1 }; });

// ---- header
const connPill = h("span", { class: "conn-pill", "data-testid": "conn-state", "aria-live": "polite" });
const header = h("header", { class: "topbar" });
function renderHeader() {
  const select = h("select", { class: "lang-select", "data-testid": "lang-select", "aria-label": t("header.language"),
    onchange: (e: Event) => setLang((e.target as HTMLSelectElement).value as Lang) },
    LANGS.map((l) => h("option", { value: l.lang, selected: l.lang === lang() }, l.label)));
  header.replaceChildren(
    h("a", { class: "brand", href: "#/", "aria-label": t("header.home") },
      h("span", { class: "brand-mark", "aria-hidden": "true" }, "⬢"), h("span", {}, "Hexhall")),
    h("div", { class: "topbar-right" },
      headerSlot,
      connPill,
      session.name() ? h("button", { class: "btn btn-ghost btn-small name-chip", "data-testid": "name-chip", title: t("header.rename"), onclick: askName }, session.name()) : null,
      select));
  renderConn(conn.state);
}
function renderConn(s: ConnectionState) {
  connPill.dataset.state = s;
  connPill.textContent = s === "open" ? t("conn.open") : s === "closed" ? t("conn.closed") : s === "connecting" ? t("conn.connecting") : t("conn.reconnecting");
}
conn.onState(renderConn);
conn.on("ready", renderHeader);
onLang(() => { renderHeader(); if (dialog.open) askName(); });
onAccount(() => renderHeader());  // the name chip shows the account's name once logged in

// ---- pages
const main = h("main", { id: "main", class: "page", tabindex: "-1" });  // (the focus lands here when the last alert goes)
let unmount: (() => void) | null = null;
let currentKey = "";
function routeKey(r: Route): string { return JSON.stringify(r); }
function show() {
  const r = parseRoute(location.hash);
  const key = routeKey(r);
  if (key === currentKey) return;
  currentKey = key;
  unmount?.();
  unmount = null;
  main.replaceChildren();
  headerSlot.replaceChildren();
  document.body.dataset.page = r.name;
  switch (r.name) {
    case "lobby": unmount = mountLobby(main, shell); break;
    case "room": unmount = mountRoom(main, shell, r.room); break;
    case "join": unmount = mountJoin(main, shell, r.invite); break;
    case "replay": unmount = mountReplayPage(main, r.room, r.invite); break;
    case "standings": unmount = mountStandingsPage(main, r.rooms, r.teams ?? ""); break;
    case "tournamentNew": case "tournament": unmount = mountTournamentPage(main, shell, r); break;
    case "account": unmount = mountAccountPage(main, shell); break;
    case "player": unmount = mountPlayerPage(main, r.player); break;
    case "leaderboard": unmount = mountLeaderboardPage(main, r.game, r.ruleset); break;
    case "clubs": unmount = mountClubsPage(main, shell); break;
    case "club": unmount = mountClubPage(main, shell, r.club); break;
    case "clubJoin": unmount = mountClubJoinPage(main, shell, r.invite); break;
  }
  window.scrollTo(0, 0);
}

const skip = h("a", { class: "skip-link", href: "#main", onclick: (e: Event) => { e.preventDefault(); main.focus(); } });
const labelSkip = () => { skip.textContent = t("header.skip"); };
labelSkip();
onLang(labelSkip);
document.body.append(skip, header, main, toasts, dialog);
// The header's height, for pages that fill the rest of the window (the game).
new ResizeObserver(() => document.documentElement.style.setProperty("--topbar-h", `${header.offsetHeight}px`)).observe(header);
main.tabIndex = -1;
renderHeader();
window.addEventListener("hashchange", show);
// For the browser tests and the curious (the room page adds `room`).
(window as any).hexhall = { conn, shell, sounds: played };
if (session.name()) conn.connect();
show();
