// The lobby's Play-now card (docs/protocol.md, "Play now"): queue for a game, see the queue's size
// and the wait, and on `matched` take the kept seat and open the table.
import { h, clear, append } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { errorText, type Shell } from "../app/shell";
import { t, lang } from "../i18n";
import { gameMetas, defaultGame } from "../games";
import { gameTitle } from "../games/words";
import { account, onAccount } from "./state";

export function playNowCard(shell: Shell): { el: HTMLElement; dispose: () => void } {
  const el = h("section", { class: "card play-now", "data-testid": "play-now" });
  let game = defaultGame;
  // The table's size: the server's default (4 within the game's seat range) unless chosen.
  const seatsOf = (g: string) => gameMetas.find((m) => m.name === g)?.seats ?? [4, 4];
  const defaultPlayers = (g: string) => Math.min(Math.max(4, seatsOf(g)[0]), seatsOf(g)[1]);
  let players = defaultPlayers(game);
  let waiting: { size: number; waited: number } | null = null;

  function render() {
    clear(el);
    const select = h("select", { id: "play-game", "data-testid": "play-game", disabled: waiting !== null,
      onchange: (e: Event) => { game = (e.target as HTMLSelectElement).value; players = defaultPlayers(game); render(); } },
      gameMetas.map((g) => h("option", { value: g.name, selected: g.name === game }, gameTitle(g.name, lang()))));
    const [lo, hi] = seatsOf(game);
    const counts = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    const seats = h("select", { id: "play-players", "data-testid": "play-players", disabled: waiting !== null,
      onchange: (e: Event) => { players = Number((e.target as HTMLSelectElement).value); } },
      counts.map((n) => h("option", { value: String(n), selected: n === players }, t("sum.players", { n }))));
    append(el, [h("h2", {}, t("play.title")),
      h("p", { class: "muted small" }, t("play.hint")),
      h("div", { class: "row wrap" }, h("label", { for: "play-game", class: "sr-only" }, t("board.game")), select,
        h("label", { for: "play-players", class: "sr-only" }, t("opt.players")), seats,
        waiting
          ? h("button", { class: "btn", "data-testid": "play-leave", onclick: leave }, t("play.leave"))
          : h("button", { class: "btn btn-primary", "data-testid": "play-button", onclick: join }, t("play.button"))),
      waiting ? h("p", { "data-testid": "play-waiting", "aria-live": "polite" }, t("play.waiting", waiting)) : null,
      h("p", { class: "small" },
        h("a", { href: "#/account", "data-testid": "account-link" }, account() ? account()!.name : t("account.link")), " · ",
        h("a", { href: "#/leaderboard", "data-testid": "leaderboard-link" }, t("board.title")))]);
  }

  async function join() {
    await shell.ensureName();
    try {
      const q = await shell.conn.request({ type: "playNow", game, players });
      waiting = { size: Number(q.size), waited: 0 };
      render();
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
    }
  }

  async function leave() {
    waiting = null;
    render();
    try { await shell.conn.request({ type: "leaveQueue" }); } catch { /* not waiting any more */ }
  }

  const offQueue = shell.conn.on("queue", (m) => {
    if (!waiting) return;
    waiting = { size: Number(m.size), waited: Number(m.waited) };
    render();
  });
  const offMatched = shell.conn.on("matched", async (m) => {
    waiting = null;
    render();
    shell.toast(t("play.matched"));
    const room = String(m.room);
    shell.invites.set(room, String(m.invite));
    try {
      await shell.conn.request({ type: "joinRoom", invite: String(m.invite), seat: Number(m.seat), seatToken: String(m.seatToken) });
      session.setSeat(room, Number(m.seat));
      go({ name: "room", room });
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
    }
  });
  const offReady = shell.conn.on("ready", () => { if (waiting) { waiting = null; render(); } });  // a new connection left the queue
  const offAccount = onAccount(render);
  render();
  return { el, dispose: () => { offQueue(); offMatched(); offReady(); offAccount(); } };
}
