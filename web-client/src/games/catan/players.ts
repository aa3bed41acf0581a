// Every player's public standing: cards, development cards, played knights, road length,
// VP (the viewer's own total including VP cards), awards, turn marker and connection.
import { h } from "./dom";
import { seatIcon } from "./pieces";
import { t } from "./strings";
import type { UI } from "./state";
import type { Lang, SeatInfo } from "../../app/contract";
import { botName } from "./aids";

/** "a bot plays in 23 s" for a seat whose bot takes over at Unix ms `at`. */
export function botInText(lang: Lang, at: number, now = Date.now()): string {
  return t(lang, "botIn", { s: Math.max(0, Math.ceil((at - now) / 1000)) });
}

/** `gains`: per seat, what it just received ("+1 Brick +2 Ore"), shown on its panel for a moment. */
export function renderPlayers(ui: UI, seats: (SeatInfo | null)[], gains: Map<number, string> = new Map(), age = 0): HTMLElement {
  const list = h("div", { class: "hx-players", "data-testid": "players" });
  const v = ui.view;
  (v?.players ?? []).forEach((p: any, seat: number) => {
    const own = seat === ui.seat;
    const over = v.phase === "gameOver";
    const vp = (own || over) && typeof p.totalVp === "number" ? p.totalVp : p.publicVp;
    const info = seats[seat];
    const card = h("div", {
      class: `hx-player seat-${seat}${v.active === seat ? " active" : ""}${own ? " own" : ""}`,
      "data-testid": `player-${seat}`, "data-cards": p.resourceCount, "data-devcards": p.devCardCount, "data-vp": vp,
      "data-knights": p.knightsPlayed, "data-road": p.roadLength, "aria-current": v.active === seat ? "true" : null,
    });
    const head = h("div", { class: "hx-player-head" });
    head.append(seatIcon(seat, 18));
    head.append(h("span", { class: "hx-player-name", title: ui.names[seat] ?? `#${seat}` }, ui.names[seat] ?? `#${seat}`));
    if (own) head.append(h("span", { class: "hx-tag" }, `(${t(ui.lang, "you")})`));
    if (v.active === seat && v.phase !== "gameOver") head.append(h("span", { class: "hx-turn-dot", title: t(ui.lang, "turnOf", { name: ui.names[seat] ?? "" }) }, "▶"));
    if (info && !info.connected && info.kind === "human") head.append(h("span", { class: "hx-tag warn", "data-testid": `player-${seat}-offline` }, `⚠ ${t(ui.lang, "offline")}`));
    // An absent player's countdown to the stand-in bot (issue 18); the game's clock tick updates it.
    if (info && !info.connected && info.kind === "human" && typeof info.botAt === "number" && !info.botPlaying)
      head.append(h("span", { class: "hx-tag warn", "data-testid": `player-${seat}-bot-in`, "data-bot-at": info.botAt }, botInText(ui.lang, info.botAt)));
    if (info?.botPlaying) head.append(h("span", { class: "hx-tag" }, `[${t(ui.lang, "botTag", { name: botName(ui.lang, info.botPlaying, "catan") ?? info.botPlaying })}]`));
    head.append(h("span", { class: "hx-vp", title: t(ui.lang, "vp") }, `${vp} ${t(ui.lang, "vp")}`));
    card.append(head);
    const gain = gains.get(seat);
    if (gain) card.append(h("span", { class: "hx-gain", "data-testid": `gain-${seat}`, "aria-live": "polite", style: `animation-delay:-${Math.round(age)}ms` }, gain));
    // The stats row is one line of fixed height whatever it holds (issue 27: an award or a "discard"
    // tag coming and going never makes a panel taller, which would move the hand and the log below).
    // An award is a star beside the stat it rewards (its place is always kept, so nothing moves
    // sideways either); a player's tags lie at the row's end, where no stat follows them.
    const award = (held: boolean, name: string, testid: string) => held
      ? h("span", { class: "hx-award-star held", role: "img", "aria-label": name, title: name, "data-testid": testid }, "★")
      : h("span", { class: "hx-award-star", "aria-hidden": "true" }, "★");
    const stat = (label: string, value: string | number, testid: string, star?: Node) =>
      h("span", { class: `hx-stat${star && (star as Element).classList.contains("held") ? " awarded" : ""}`, "data-testid": testid },
        h("span", { class: "hx-stat-label" }, label), " ", h("b", {}, String(value)), star ?? null);
    const tags = h("span", { class: "hx-player-tags" });
    if (p.discardOwed > 0) tags.append(h("span", { class: "hx-tag warn", title: t(ui.lang, "discardTitle", { n: p.discardOwed }), "data-testid": `player-${seat}-discard` }, t(ui.lang, "discardShort", { n: p.discardOwed })));
    if (p.disqualified) tags.append(h("span", { class: "hx-tag warn", "data-testid": `player-${seat}-disqualified` }, t(ui.lang, "disqualifiedTag")));
    if (p.warnings > 0) tags.append(h("span", { class: "hx-tag warn", title: t(ui.lang, "warnedTitle", { n: p.warnings }) }, `⚠ ${p.warnings}`));
    card.append(h("div", { class: "hx-player-stats" },
      stat(t(ui.lang, "cards"), p.resourceCount, `player-${seat}-cards`),
      stat(t(ui.lang, "devCards"), p.devCardCount, `player-${seat}-devcards`),
      stat(t(ui.lang, "knights"), p.knightsPlayed, `player-${seat}-knights`, award(v.largestArmy === seat, t(ui.lang, "largestArmy"), `award-largest-army-${seat}`)),
      stat(t(ui.lang, "roadLen"), p.roadLength, `player-${seat}-road`, award(v.longestRoad === seat, t(ui.lang, "longestRoad"), `award-longest-road-${seat}`)),
      tags));
    list.append(card);
  });
  return list;
}
