// #/t/<id>/join/<invite>: registration. The player gives a name (and team, division when the event
// has them) and gets their own entrant link, which this browser remembers.
import { h } from "../app/dom";
import { go } from "../app/router";
import { session } from "../app/session";
import { onLang } from "../i18n";
import { desk, deskErrorText, remembered } from "./api";
import { tournamentGameLabel } from "./games";
import { tt } from "./strings";

export function mountRegister(root: HTMLElement, id: string, invite: string): () => void {
  let disposed = false;
  let view: any = null;
  let problem = "";

  function render() {
    const t = view?.tournament;
    const mine = remembered.get(id, "me");
    const box = h("section", { class: "card narrow t-page", "data-testid": "t-register" });
    root.replaceChildren(box);
    if (problem && !t) { box.append(h("h2", {}, tt("register.title")), h("p", { class: "error-text", role: "alert" }, problem)); return; }
    if (!t) { box.append(h("p", { class: "muted" }, tt("loading"))); return; }
    box.append(h("h2", {}, tt("register.titleOf", { name: t.name })), h("p", { class: "muted" }, tournamentGameLabel(t.game, t.ruleset)));
    if (mine) box.append(h("p", {}, tt("register.already"), " ",
      h("a", { href: `#/t/${encodeURIComponent(id)}/me/${encodeURIComponent(mine)}`, "data-testid": "t-my-page" }, tt("register.myPage"))));
    if (!t.registrationOpen) { box.append(h("p", { class: "error-text" }, tt("register.closed"))); return; }
    const name = h("input", { id: "t-reg-name", maxlength: 32, required: true, value: session.name(), "data-testid": "t-reg-name", autocomplete: "nickname" }) as HTMLInputElement;
    const teams: any[] = t.teams ?? [];
    const team = teams.length ? h("select", { id: "t-reg-team", "data-testid": "t-reg-team" },
      h("option", { value: "" }, tt("register.noTeam")), teams.map((x) => h("option", { value: x.name }, x.division ? `${x.name} (${x.division})` : x.name))) as HTMLSelectElement : null;
    const divisions: string[] = t.divisions ?? [];
    const division = divisions.length ? h("select", { id: "t-reg-division", "data-testid": "t-reg-division" },
      h("option", { value: "" }, "–"), divisions.map((d) => h("option", { value: d }, d))) as HTMLSelectElement : null;
    const error = h("p", { class: "error-text", role: "alert", "data-testid": "t-reg-error" }, problem);
    box.append(h("form", { class: "stack", onsubmit: async (e: Event) => {
      e.preventDefault();
      const body: Record<string, unknown> = { name: name.value.trim(), invite };
      if (team?.value) body.team = team.value;
      const teamDivision = teams.find((x) => x.name === team?.value)?.division;
      if (division?.value) body.division = division.value;
      else if (teamDivision) body.division = teamDivision;
      // Logged in to an account: the server links it, so the games appear on its profile (issue 29).
      const lobbySession = session.token();
      if (lobbySession) body.session = lobbySession;
      try {
        const r = await desk("POST", `/${encodeURIComponent(id)}/entrants`, "", body);
        if (disposed) return;
        if (!session.name()) session.setName(String(body.name));
        remembered.set(id, "me", String(r.token), String(t.name));
        go({ name: "tournament", id, role: "me", key: String(r.token) });
      } catch (err) {
        if (!disposed) error.textContent = deskErrorText(err);
      }
    } },
      h("label", { for: "t-reg-name", class: "field-label" }, tt("register.name")), name,
      team ? h("label", { for: "t-reg-team", class: "field-label" }, tt("register.team")) : null, team,
      division ? h("label", { for: "t-reg-division", class: "field-label" }, tt("register.division")) : null, division,
      error,
      h("div", {}, h("button", { class: "btn btn-primary", type: "submit", "data-testid": "t-reg-submit" }, tt("register.submit")))));
  }

  desk("GET", `/${encodeURIComponent(id)}`).then((v) => { view = v; }, (e) => { problem = deskErrorText(e); })
    .then(() => { if (!disposed) render(); });
  render();
  const off = onLang(render);
  return () => { disposed = true; off(); };
}
