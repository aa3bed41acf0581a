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
    const stat = (label: string, value: string | number, testid: string) =>
      h("span", { class: "hx-stat", "data-testid": testid }, h("span", { class: "hx-stat-label" }, label), " ", h("b", {}, String(value)));
    card.append(h("div", { class: "hx-player-stats" },
      stat(t(ui.lang, "cards"), p.resourceCount, `player-${seat}-cards`),
      stat(t(ui.lang, "devCards"), p.devCardCount, `player-${seat}-devcards`),
      stat(t(ui.lang, "knights"), p.knightsPlayed, `player-${seat}-knights`),
      stat(t(ui.lang, "roadLen"), p.roadLength, `player-${seat}-road`)));
    const awards = h("div", { class: "hx-awards" });
    if (v.longestRoad === seat) awards.append(h("span", { class: "hx-award", "data-testid": `award-longest-road-${seat}` }, `★ ${t(ui.lang, "longestRoad")}`));
    if (v.largestArmy === seat) awards.append(h("span", { class: "hx-award", "data-testid": `award-largest-army-${seat}` }, `★ ${t(ui.lang, "largestArmy")}`));
    if (p.discardOwed > 0) awards.append(h("span", { class: "hx-tag warn" }, t(ui.lang, "discardTitle", { n: p.discardOwed })));
    if (p.disqualified) awards.append(h("span", { class: "hx-tag warn", "data-testid": `player-${seat}-disqualified` }, t(ui.lang, "disqualifiedTag")));
    if (p.warnings > 0) awards.append(h("span", { class: "hx-tag warn" }, `⚠ ${p.warnings}`));
    if (awards.childNodes.length) card.append(awards);
    list.append(card);
  });
  return list;
}
