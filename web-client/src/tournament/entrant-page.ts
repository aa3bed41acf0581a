// #/t/<id>/me/<token>: an entrant's page: the entrant's personal link (to copy and keep), then per
// round: table and seat letter, opponents, the check-in deadline, check-in, a Play button into the seat reserved for this entrant (joinRoom with the entrant token as the
// seat token), and the result; a link to the standings.
import { h } from "../app/dom";
import { go, href, pageLink } from "../app/router";
import { session } from "../app/session";
import { errorText, type Shell } from "../app/shell";
import { onLang } from "../i18n";
import { desk, deskErrorText, remembered } from "./api";
import { copyLink } from "./links";
import { poll } from "./poll";
import { clock } from "./tables";
import { tt } from "./strings";

export function mountEntrant(root: HTMLElement, shell: Shell, id: string, token: string): () => void {
  let disposed = false;
  let me: any = null;
  let name = remembered.list().find((x) => x.id === id)?.name ?? "";
  let problem = "";
  const path = `/${encodeURIComponent(id)}`;

  async function checkIn() {
    // The lobby session: when it is logged in, the server links its account (issue 29).
    const lobbySession = session.token();
    try { await desk("POST", `${path}/checkin`, token, lobbySession ? { session: lobbySession } : {}); problem = ""; watcher.now(); }
    catch (e) { problem = deskErrorText(e); render(); }
  }

  async function play(r: any) {
    try {
      await shell.ensureName();
      try {
        await shell.conn.request({ type: "joinRoom", invite: String(r.invite), seat: Number(r.gameSeat), seatToken: token });
      } catch (e: any) {
        if (e?.code !== "already_seated") throw e;
      }
      if (disposed) return;
      shell.invites.set(String(r.room), String(r.invite));
      session.setSeat(String(r.room), Number(r.gameSeat));
      go({ name: "room", room: String(r.room) });
    } catch (e) {
      problem = errorText(e);
      render();
    }
  }

  function roundCard(r: any): HTMLElement {
    const result = r.result;
    const seat = typeof r.gameSeat === "number" ? r.gameSeat : null;
    let outcome = "";
    if (result && seat !== null && Array.isArray(result.scores) && seat < result.scores.length)
      outcome = tt(result.winners?.includes(seat) ? "me.won" : "me.scored", { points: result.scores[seat] });
    else if (result) outcome = tt("me.forfeit");
    const canCheckIn = r.status === "started" && !r.checkedIn && !result;
    const canPlay = r.room && r.invite && seat !== null && !result;
    return h("article", { class: "card t-round", "data-testid": `me-round-${r.round}` },
      h("h3", {}, tt("round", { n: r.round })),
      h("p", { class: "t-seat-line", "data-testid": `me-seat-${r.round}` }, tt("me.tableSeat", { table: r.table, seat: r.seat })),
      h("p", { class: "muted small" }, tt("me.opponents", { names: (r.opponents ?? []).join(", ") })),
      h("p", { class: "small" }, tt(`roundState.${r.status}`), r.checkedIn ? ` · ${tt("me.checkedIn")}` : ""),
      r.status === "seated" && typeof r.startAtMs === "number" && r.startAtMs > 0
        ? h("p", { class: "small", "data-testid": `me-starts-${r.round}` }, tt("me.startsAt", { time: clock(r.startAtMs) })) : null,
      canCheckIn && typeof r.checkInByMs === "number"
        ? h("p", { class: "small t-deadline", "data-testid": `me-checkin-by-${r.round}` }, tt("me.checkInBy", { time: clock(r.checkInByMs) })) : null,
      outcome ? h("p", { class: "t-outcome", "data-testid": `me-result-${r.round}` }, outcome) : null,
      h("div", { class: "row wrap" },
        canCheckIn ? h("button", { class: "btn btn-primary", "data-testid": `me-checkin-${r.round}`, onclick: checkIn }, tt("me.checkIn")) : null,
        canPlay ? h("button", { class: "btn btn-primary", "data-testid": `me-play-${r.round}`, onclick: () => play(r) }, tt("me.play")) : null,
        !r.checkedIn && r.status === "seated" ? h("span", { class: "muted small" }, tt("me.waitStart")) : null));
  }

  function render() {
    const box = h("section", { class: "t-page", "data-testid": "t-entrant" });
    root.replaceChildren(box);
    if (!me) { box.append(h("div", { class: "card" }, problem ? h("p", { class: "error-text", role: "alert" }, problem) : h("p", { class: "muted" }, tt("loading")))); return; }
    const e = me.entrant ?? {};
    box.append(h("div", { class: "card" },
      h("h2", {}, name || id),
      h("p", { "data-testid": "me-name" }, tt("me.you", { name: e.name }), e.team ? ` · ${e.team}` : "", e.division ? ` · ${e.division}` : ""),
      me.disqualified ? h("p", { class: "error-text", "data-testid": "me-dq" }, tt("me.disqualified")) : null,
      problem ? h("p", { class: "error-text", role: "alert", "data-testid": "me-error" }, problem) : null,
      copyLink(tt("me.link"), pageLink({ name: "tournament", id, role: "me", key: token }), "me-link"),
      h("a", { class: "btn btn-small", href: href({ name: "tournament", id, role: "standings", key: "" }), "data-testid": "me-standings" }, tt("standings"))));
    const rounds: any[] = me.rounds ?? [];
    if (!rounds.length) box.append(h("div", { class: "card" }, h("p", { class: "muted", "data-testid": "me-no-round" }, tt("me.noRound"))));
    for (const r of [...rounds].reverse()) box.append(roundCard(r));
  }

  const watcher = poll(`${path}/me`, token, (body) => { me = body; problem = ""; remembered.set(id, "me", token, name || undefined); render(); },
    (e) => { problem = deskErrorText(e); render(); });
  if (!name) desk("GET", path).then((v) => { name = String(v?.tournament?.name ?? ""); if (!disposed) render(); }, () => {});
  render();
  const off = onLang(render);
  return () => { disposed = true; watcher.stop(); off(); };
}
