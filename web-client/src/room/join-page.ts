// #/join/<invite>: joins the room the invite names in its first free seat (issue 27: an invited
// player is seated, not made a spectator who must then pick a seat), as a spectator when no seat is
// free (the game has started, the room is full, a rated room and no account), asking for the
// password when the room has one, then continues at #/room/<id>.
import { h } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { errorText, type Shell } from "../app/shell";
import { t } from "../i18n";

export function mountJoin(root: HTMLElement, shell: Shell, invite: string): () => void {
  let disposed = false;
  const box = h("section", { class: "card narrow", "data-testid": "join-page" });
  root.replaceChildren(box);

  function show(...children: (Node | string | null)[]) {
    box.replaceChildren(h("h2", {}, t("join.title")), ...children.filter((c): c is Node | string => c !== null));
  }

  async function attempt(password?: string) {
    show(h("p", { class: "muted" }, t("join.joining")));
    const base: Record<string, unknown> = { type: "joinRoom", invite };
    if (password) base.password = password;
    try {
      const reply = (await firstFreeSeat(base)) ?? await shell.conn.request({ ...base, seat: null });
      if (disposed) return;
      const room = String(reply.room);
      shell.invites.set(room, invite);
      session.setSeat(room, typeof reply.seat === "number" ? reply.seat : -1);
      go({ name: "room", room }, true);
    } catch (e: any) {
      if (disposed) return;
      if (e?.code === "bad_password") return askPassword(Boolean(password));
      show(h("p", { class: "error-text", role: "alert", "data-testid": "join-error" },
        e?.code === "no_room" ? t("join.badInvite") : t("error.generic", { what: errorText(e) })),
        h("a", { class: "btn", href: "#/" }, t("room.backToLobby")));
    }
  }

  /** The reply of the first seat that takes this player (a seat the session already holds takes it
   *  back); null when none is free for them (then a spectator's place). Other errors are thrown. */
  async function firstFreeSeat(base: Record<string, unknown>): Promise<any> {
    for (let s = 0; ; s++) {
      try { return await shell.conn.request({ ...base, seat: s }); } catch (e: any) {
        if (e?.code === "out_of_range" || e?.code === "account_required") return null;
        if (!["seat_taken", "seat_reserved", "already_seated"].includes(e?.code)) throw e;
      }
    }
  }

  function askPassword(wrong: boolean) {
    const pw = h("input", { id: "join-password", type: "password", maxlength: 64, "data-testid": "password-input", autocomplete: "current-password" }) as HTMLInputElement;
    show(h("p", {}, t("room.passwordTitle")),
      wrong ? h("p", { class: "error-text", role: "alert" }, t("room.badPassword")) : null,
      h("form", { class: "row", onsubmit: (e: Event) => { e.preventDefault(); attempt(pw.value); } },
        h("label", { for: "join-password", class: "sr-only" }, t("opt.password")), pw,
        h("button", { class: "btn btn-primary", type: "submit", "data-testid": "password-submit" }, t("lobby.joinButton"))));
    pw.focus();
  }

  show(h("p", { class: "muted" }, t("join.joining")));
  shell.ensureName().then(() => { if (!disposed) attempt(); });
  return () => { disposed = true; };
}
