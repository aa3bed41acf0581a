// The lobby's "your games in progress" (issue 29): the live seats the account holds, on any device
// (`welcome` / `account` "playing", docs/protocol.md "Seats follow the account"), each with a
// one-tap Resume that takes the seat over here (joinRoom with its room, invite and seat).
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { seatMark } from "../app/seats";
import { errorText, type Shell } from "../app/shell";
import { t, lang, onLang } from "../i18n";
import { gameTitle } from "../games/words";
import { onPlaying, playing, setPlaying, type PlayingSeat } from "../account/state";

export function myGamesCard(shell: Shell): { el: HTMLElement; dispose(): void } {
  const el = h("div", { "data-testid": "my-games" });

  async function resume(p: PlayingSeat) {
    try {
      const msg: Record<string, unknown> = { type: "joinRoom", room: p.room, seat: p.seat };
      if (p.invite) msg.invite = p.invite;
      await shell.conn.request(msg);
      if (p.invite) shell.invites.set(p.room, p.invite);
      session.setSeat(p.room, p.seat);
      go({ name: "room", room: p.room });
    } catch (e) {
      shell.toast(t("error.generic", { what: errorText(e) }), "error");
      setPlaying(playing().filter((q) => q.room !== p.room || q.seat !== p.seat));  // gone meanwhile
    }
  }

  function render() {
    clear(el);
    const seats = playing();
    if (!seats.length) return;
    el.append(h("section", { class: "card my-games" },
      h("h2", {}, t("lobby.myGames")),
      h("ul", { class: "rooms" }, seats.map((p) =>
        h("li", { class: "room-row", "data-testid": `my-game-${p.room}` },
          h("div", { class: "room-main" },
            h("div", { class: "room-title" },
              h("span", {}, gameTitle(p.game, lang())),
              h("span", { class: `badge ${p.started ? "badge-live" : ""}` }, p.started ? t("lobby.playing") : t("lobby.waiting"))),
            h("div", { class: "muted small row" }, seatMark(p.seat),
              h("span", {}, t("lobby.myGameSeat", { id: p.room, n: p.seat + 1 })))),
          h("div", { class: "room-actions" },
            h("button", { class: "btn btn-primary btn-small", type: "button", "data-testid": `resume-${p.room}`,
              "aria-label": t("lobby.resumeGame", { game: gameTitle(p.game, lang()), id: p.room }),
              onclick: () => void resume(p) }, t("lobby.resume"))))))));
  }

  render();
  const offPlaying = onPlaying(render);
  const offLang = onLang(render);
  return { el, dispose: () => { offPlaying(); offLang(); } };
}
