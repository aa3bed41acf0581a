// The lobby's tournaments card: a New tournament button and the tournaments this browser holds a
// link for (organiser console, entrant page, referee page).
import { h } from "../app/dom";
import { href } from "../app/router";
import { remembered, type Role } from "./api";
import { tt } from "./strings";

export function tournamentsCard(): HTMLElement {
  const mine = remembered.list();
  return h("section", { class: "card", "data-testid": "lobby-tournaments" },
    h("h2", {}, tt("lobby.title")),
    h("p", { class: "muted small" }, tt("lobby.about")),
    h("a", { class: "btn btn-small btn-primary", href: href({ name: "tournamentNew" }), "data-testid": "new-tournament" }, tt("lobby.new")),
    mine.length ? h("div", {}, h("h3", {}, tt("lobby.mine")), h("ul", { class: "t-mine" }, mine.map((x) => h("li", {}, x.name, " ",
      (["org", "me", "ref"] as Role[]).filter((r) => x.roles[r]).map((r) =>
        h("a", { class: "btn btn-small btn-ghost", href: href({ name: "tournament", id: x.id, role: r, key: String(x.roles[r]) }) }, tt(`lobby.role.${r}`))))))) : null);
}
