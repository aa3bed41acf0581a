// #/players/<name>: a player's page from GET /players/<name> — win rate, ratings with their
// history, and the games newest first with opponents, result and a replay link.
import { h, clear } from "../app/dom";
import { t, lang, onLang } from "../i18n";
import { gameTitle } from "../games/words";

export function mountPlayerPage(root: HTMLElement, name: string): () => void {
  let page: any = null;
  let error = "";
  let disposed = false;

  function date(ms: number): string {
    return new Date(ms).toLocaleDateString(lang(), { year: "numeric", month: "short", day: "numeric" });
  }

  function render() {
    clear(root);
    if (error) { root.append(h("p", { class: "muted", "data-testid": "player-error" }, error)); return; }
    if (!page) return;
    const games: any[] = Array.isArray(page.games) ? page.games : [];
    const ratings: any[] = Array.isArray(page.ratings) ? page.ratings : [];
    root.append(h("div", { class: "player-page narrow stack", "data-testid": "player-page" },
      h("h1", {}, page.name),
      h("p", { class: "muted" }, t("player.since", { date: date(page.since ?? 0) })),
      h("p", { "data-testid": "player-summary" }, t("player.summary",
        { played: page.played, wins: page.wins, rate: Math.round((page.winRate ?? 0) * 100) })),
      h("section", { class: "card" }, h("h2", {}, t("player.ratings")),
        ratings.length ? h("ul", { class: "plain" }, ratings.map((r) => h("li", { "data-testid": `rating-${r.game}` },
          h("a", { href: `#/leaderboard/${encodeURIComponent(r.game)}/${encodeURIComponent(r.ruleset)}` }, `${gameTitle(r.game, lang())} · ${r.ruleset}`),
          " ", h("strong", {}, r.ordinal.toFixed(1)), h("span", { class: "muted small" }, ` (μ ${r.mu.toFixed(1)}, σ ${r.sigma.toFixed(1)}, ${r.games})`),
          sparkline(r.history ?? [])))) : h("p", { class: "muted" }, "—")),
      h("section", { class: "card" }, h("h2", {}, t("player.games")),
        games.length ? h("ul", { class: "plain games-list" }, games.map((g) => h("li", { class: "game-row" },
          h("span", {}, date(g.time)), " · ", h("span", {}, gameTitle(g.game, lang())), " · ",
          h("strong", {}, g.won ? t("player.won") : t("player.place", { n: g.place })),
          g.rated ? h("span", { class: "badge" }, t("player.rated")) : null, " ",
          h("span", { class: "muted small" }, t("player.vs", { names: (g.opponents ?? []).map((o: any) => o.name).join(", ") })), " ",
          g.replay ? h("a", { href: `#/replay/${encodeURIComponent(g.room)}` }, t("player.replay")) : null)))
          : h("p", { class: "muted" }, t("player.noGames")))));
  }

  /** The ordinal over the rated games, as a small inline chart. */
  function sparkline(points: any[]): SVGElement | null {
    if (points.length < 2) return null;
    const ys = points.map((p) => Number(p.ordinal));
    const lo = Math.min(...ys), hi = Math.max(...ys), w = 120, hgt = 24;
    const path = ys.map((y, i) => `${i ? "L" : "M"}${(i / (ys.length - 1)) * w},${hi === lo ? hgt / 2 : hgt - ((y - lo) / (hi - lo)) * hgt}`).join(" ");
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
    svg.setAttribute("class", "sparkline");
    svg.setAttribute("aria-hidden", "true");
    const p = document.createElementNS("http://www.w3.org/2000/svg", "path");
    p.setAttribute("d", path);
    svg.append(p);
    return svg;
  }

  fetch(`/players/${encodeURIComponent(name)}`).then(async (res) => {
    if (disposed) return;
    if (res.status === 404) error = t("player.notFound");
    else if (!res.ok) error = `${res.status}`;
    else page = await res.json();
    render();
  }, (e) => { error = String(e); render(); });
  render();
  const offLang = onLang(render);
  return () => { disposed = true; offLang(); };
}
