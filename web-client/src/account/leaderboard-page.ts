// #/leaderboard[/<game>[/<ruleset>]]: the current season's leaderboard from GET /leaderboard
// (best conservative rating first, players with enough rated games).
import { h, clear } from "../app/dom";
import { go } from "../app/router";
import { t, lang, onLang } from "../i18n";
import { gameMetas, defaultGame } from "../games";
import { gameTitle, gameWord } from "../games/words";
import type { OptionField } from "../games/game-meta";

/** The game's "ruleset" option, when it has one (ratings are kept per ruleset family). */
function rulesetField(game: string): OptionField | undefined {
  return gameMetas.find((g) => g.name === game)?.fields.find((o) => o.key === "ruleset");
}

/** The ruleset family a game's ratings use by default (the server's: the game's "ruleset" option, else "standard"). */
export function defaultRuleset(game: string): string {
  return String(rulesetField(game)?.default ?? "standard");
}

export function mountLeaderboardPage(root: HTMLElement, game = defaultGame, ruleset = defaultRuleset(game)): () => void {
  let board: any = null;
  let error = "";
  let disposed = false;

  function render() {
    clear(root);
    const select = h("select", { id: "board-game", "data-testid": "board-game",
      onchange: (e: Event) => { const g = (e.target as HTMLSelectElement).value; go({ name: "leaderboard", game: g, ruleset: defaultRuleset(g) }); } },
      gameMetas.map((g) => h("option", { value: g.name, selected: g.name === game }, gameTitle(g.name, lang()))));
    const rows: any[] = Array.isArray(board?.rows) ? board.rows : [];
    root.append(h("div", { class: "leaderboard-page narrow stack" },
      h("h1", {}, t("board.title")),
      h("div", { class: "row wrap" }, h("label", { for: "board-game", class: "field-label" }, t("board.game")), select,
        rulesetSelect()),
      board ? h("p", { class: "muted" }, t("board.season", { season: board.season })) : null,
      error ? h("p", { class: "muted" }, error) : null,
      board && !rows.length ? h("p", { class: "muted", "data-testid": "board-empty" }, t("board.empty", { n: board.minGames })) : null,
      rows.length ? h("table", { class: "board", "data-testid": "board" },
        h("thead", {}, h("tr", {}, h("th", {}, t("board.rank")), h("th", {}, t("board.player")), h("th", {}, t("board.rating")), h("th", {}, t("board.games")))),
        h("tbody", {}, rows.map((r) => h("tr", {},
          h("td", {}, String(r.rank)),
          h("td", {}, h("a", { href: `#/players/${encodeURIComponent(r.name)}` }, r.name)),
          h("td", { title: `μ ${r.mu.toFixed(2)}, σ ${r.sigma.toFixed(2)}` }, r.ordinal.toFixed(1)),
          h("td", {}, String(r.games)))))) : null));
  }

  function rulesetSelect(): HTMLElement | null {
    const field = rulesetField(game);
    if (!field?.choices?.length) return null;
    const meta = gameMetas.find((g) => g.name === game);
    return h("select", { "data-testid": "board-ruleset", "aria-label": t("board.ruleset"),
      onchange: (e: Event) => go({ name: "leaderboard", game, ruleset: (e.target as HTMLSelectElement).value }) },
      field.choices.map((c) => h("option", { value: c.value, selected: c.value === ruleset }, gameWord(meta, lang(), c.label) ?? c.value)));
  }

  fetch(`/leaderboard?game=${encodeURIComponent(game)}&ruleset=${encodeURIComponent(ruleset)}`).then(async (res) => {
    if (disposed) return;
    if (!res.ok) error = `${res.status}`;
    else board = await res.json();
    render();
  }, (e) => { error = String(e); render(); });
  render();
  const offLang = onLang(render);
  return () => { disposed = true; offLang(); };
}
