// The console's entrants: the registration link and closing it, adding people and house bots,
// renaming, withdrawing and substituting, and groups to keep apart.
import { h } from "../app/dom";
import { pageLink } from "../app/router";
import { copyLink } from "./links";
import { tt } from "./strings";
import { lang } from "../i18n";
import { gameMeta } from "../games";
import { botWord } from "../games/words";

export interface ConsoleContext {
  id: string;
  token: string;
  view: any;
  /** Runs a desk call; on success refreshes the view, on refusal shows the server's message. */
  act(method: "POST" | "PATCH", path: string, body?: unknown): Promise<any | undefined>;
  /** A new link handed out (entrant, substitute, referee), shown until the page is left. */
  handOut(label: string, url: string): void;
  /** Which entrant row is being renamed or substituted. */
  editing: { entrant: string; what: "rename" | "substitute" } | null;
  rerender(): void;
}

// The tournament's game's built-in bots (its descriptor), named by the game's words.
const gameBots = (game: string): string[] => gameMeta(game)?.bots ?? [];
const botLabel = (bot: string, game: string): string => botWord(lang(), bot, game) ?? bot;

export function entrantsSection(c: ConsoleContext): HTMLElement {
  const t = c.view.tournament;
  const bots: Record<string, string> = c.view.houseBots ?? {};
  const entrants: any[] = t.entrants ?? [];
  const box = h("section", { class: "card", "data-testid": "console-entrants" },
    h("h3", {}, tt("console.entrants", { n: entrants.filter((e) => e.status === "registered").length })));
  if (t.registrationOpen) {
    if (c.view.registrationInvite)
      box.append(copyLink(tt("console.registrationLink"), pageLink({ name: "tournament", id: c.id, role: "join", key: String(c.view.registrationInvite) }), "registration-link"));
  } else box.append(h("p", { class: "muted small", "data-testid": "registration-closed" }, tt("console.registrationClosed")));

  box.append(h("table", { class: "t-entrants" }, h("tbody", {}, entrants.map((e) => entrantRow(c, e, bots[e.id])))));

  const name = h("input", { id: "add-name", maxlength: 32, placeholder: tt("console.playerName"), "data-testid": "add-name" }) as HTMLInputElement;
  const teams: any[] = t.teams ?? [];
  const team = teams.length ? h("select", { "data-testid": "add-team", "aria-label": tt("register.team") },
    h("option", { value: "" }, tt("register.noTeam")), teams.map((x) => h("option", { value: x.name }, x.name))) as HTMLSelectElement : null;
  box.append(h("form", { class: "row wrap t-inline-form", onsubmit: async (ev: Event) => {
    ev.preventDefault();
    if (!name.value.trim()) return;
    const body: Record<string, unknown> = { name: name.value.trim() };
    if (team?.value) { body.team = team.value; const d = teams.find((x) => x.name === team.value)?.division; if (d) body.division = d; }
    const r = await c.act("POST", "/entrants", body);
    if (r?.token) c.handOut(tt("console.linkFor", { name: String(body.name) }), pageLink({ name: "tournament", id: c.id, role: "me", key: String(r.token) }));
  } }, h("label", { for: "add-name", class: "sr-only" }, tt("console.playerName")), name, team,
    h("button", { class: "btn", type: "submit", "data-testid": "add-entrant" }, tt("console.addPlayer"))));

  const kind = h("select", { "data-testid": "bot-kind", "aria-label": tt("console.botKind") }, gameBots(t.game).map((b) => h("option", { value: b }, botLabel(b, t.game)))) as HTMLSelectElement;
  box.append(h("form", { class: "row wrap t-inline-form", onsubmit: async (ev: Event) => {
    ev.preventDefault();
    const n = Object.keys(bots).length + 1;
    await c.act("POST", "/entrants", { name: tt("console.botName", { kind: botLabel(kind.value, t.game), n }), bot: kind.value });
  } }, kind, h("button", { class: "btn", type: "submit", "data-testid": "add-bot" }, tt("console.addBot"))));

  box.append(groupsPart(c, entrants));
  if (t.registrationOpen)
    box.append(h("div", { class: "row" }, h("button", { class: "btn btn-primary", "data-testid": "close-registration",
      onclick: () => c.act("POST", "/close") }, tt("console.closeRegistration"))));
  return box;
}

function entrantRow(c: ConsoleContext, e: any, bot: string | undefined): HTMLElement {
  const editing = c.editing && c.editing.entrant === e.id ? c.editing.what : null;
  const active = e.status === "registered";
  let cell: Node;
  if (editing) {
    const input = h("input", { maxlength: 32, value: editing === "rename" ? e.name : "", "aria-label": tt(editing === "rename" ? "console.newName" : "console.substituteName"),
      placeholder: tt(editing === "rename" ? "console.newName" : "console.substituteName"), "data-testid": `edit-${e.id}` }) as HTMLInputElement;
    cell = h("form", { class: "row wrap", onsubmit: async (ev: Event) => {
      ev.preventDefault();
      const v = input.value.trim();
      if (!v) return;
      c.editing = null;
      if (editing === "rename") await c.act("PATCH", `/entrants/${encodeURIComponent(e.id)}`, { name: v });
      else {
        const r = await c.act("POST", `/entrants/${encodeURIComponent(e.id)}/substitute`, { name: v });
        if (r?.token) c.handOut(tt("console.linkFor", { name: v }), pageLink({ name: "tournament", id: c.id, role: "me", key: String(r.token) }));
      }
    } }, input, h("button", { class: "btn btn-small btn-primary", type: "submit", "data-testid": `edit-save-${e.id}` }, tt("save")),
      h("button", { class: "btn btn-small btn-ghost", type: "button", onclick: () => { c.editing = null; c.rerender(); } }, tt("cancel")));
  } else cell = h("span", {}, e.name);
  return h("tr", { "data-testid": `entrant-${e.id}`, class: active ? "" : "muted" },
    h("th", { scope: "row" }, cell),
    h("td", { class: "small" }, [e.team, e.division].filter(Boolean).join(" · ")),
    h("td", { class: "small" }, bot ? botLabel(bot, c.view.tournament.game) : active ? "" : tt(`status.${e.status}`)),
    h("td", {}, active && !editing ? h("div", { class: "t-actions" }, [
      h("button", { class: "btn btn-small btn-ghost", onclick: () => { c.editing = { entrant: e.id, what: "rename" }; c.rerender(); } }, tt("console.rename")),
      bot ? null : h("button", { class: "btn btn-small btn-ghost", onclick: () => { c.editing = { entrant: e.id, what: "substitute" }; c.rerender(); } }, tt("console.substitute")),
      h("button", { class: "btn btn-small btn-ghost", "data-testid": `withdraw-${e.id}`, onclick: () => {
        if (window.confirm(tt("console.withdrawConfirm", { name: e.name }))) c.act("PATCH", `/entrants/${encodeURIComponent(e.id)}`, { withdraw: true });
      } }, tt("console.withdraw"))]) : null));
}

function groupsPart(c: ConsoleContext, entrants: any[]): HTMLElement {
  const groups: any[] = c.view.tournament.groups ?? [];
  const names = new Map(entrants.map((e) => [String(e.id), String(e.name)]));
  const gname = h("input", { maxlength: 40, placeholder: tt("console.groupName"), "aria-label": tt("console.groupName"), "data-testid": "group-name" }) as HTMLInputElement;
  const boxes = entrants.filter((e) => e.status === "registered").map((e) =>
    h("label", { class: "check" }, h("input", { type: "checkbox", value: e.id }), e.name));
  return h("details", { class: "t-groups" },
    h("summary", {}, tt("console.groups", { n: groups.length })),
    h("p", { class: "muted small" }, tt("console.groupsHint")),
    groups.length ? h("ul", {}, groups.map((g) => h("li", {}, `${g.name}: ${(g.members ?? []).map((m: string) => names.get(m) ?? m).join(", ")}`))) : null,
    h("form", { class: "stack", onsubmit: async (ev: Event) => {
      ev.preventDefault();
      const members = boxes.map((b) => b.querySelector("input") as HTMLInputElement).filter((i) => i.checked).map((i) => i.value);
      if (!gname.value.trim() || members.length < 2) return;
      await c.act("POST", "/groups", { name: gname.value.trim(), members });
    } }, gname, h("div", { class: "checks" }, boxes), h("div", {}, h("button", { class: "btn btn-small", type: "submit" }, tt("console.addGroup")))));
}
