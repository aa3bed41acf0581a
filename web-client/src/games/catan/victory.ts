// The victory screen: winner, final scores, the seed reveal (commitment, seed, salt, record link,
// how to verify, and an in-browser SHA-256 check), the dice histogram and the VP chart.
import { h, button } from "./dom";
import { seatIcon } from "./pieces";
import { t } from "./strings";
import { histogram, vpChart, GameStats } from "./charts";
import { finishingPlace, placeText } from "./aids";
import type { Lang, SeedReveal } from "../../app/contract";

export interface VictoryInput {
  lang: Lang; view: any; names: string[]; viewer: number;
  reveal: SeedReveal | null; commitment: string | null; stats: GameStats | null; statsNote: string;
}

async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const buf = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function seedSection(lang: Lang, reveal: SeedReveal | null, commitment: string | null): HTMLElement {
  const sec = h("section", { class: "hx-seed", "data-testid": "seed-reveal" }, h("h3", {}, t(lang, "seedTitle")));
  const dl = h("dl", {});
  const row = (k: string, v: string | Node, testid: string) => dl.append(h("dt", {}, k), h("dd", { "data-testid": testid }, v));
  const c = reveal?.commitment ?? commitment;
  if (c) row(t(lang, "commitment"), h("code", {}, c), "seed-commitment");
  if (reveal) {
    row(t(lang, "seed"), h("code", {}, reveal.seed), "seed-value");
    row(t(lang, "salt"), h("code", {}, reveal.salt), "seed-salt");
    row(t(lang, "record"), h("a", { href: reveal.record, target: "_blank", rel: "noopener" }, reveal.record), "seed-record");
    const check = h("dd", { "data-testid": "seed-check", class: "hx-muted" }, "…");
    dl.append(h("dt", {}, "SHA-256"), check);
    sha256Hex(`hexhall-seed-v1:${reveal.seed}:${reveal.salt}`).then((hex) => {
      if (hex === null) { check.textContent = "—"; return; }
      const ok = hex === (c ?? "").toLowerCase();
      check.textContent = `${ok ? "✔" : "✘"} ${t(lang, ok ? "verifyOk" : "verifyBad")}`;
      check.setAttribute("data-ok", String(ok));
    }).catch(() => { check.textContent = "—"; });
  }
  sec.append(dl);
  sec.append(h("p", { class: "hx-note" }, reveal ? t(lang, "verifyNote") : t(lang, "seedWaiting")));
  return sec;
}

export function renderVictory(v: VictoryInput, onClose: () => void, replayHref: string | null, rematch: HTMLElement | null = null): HTMLElement {
  const { lang, view } = v;
  const box = h("section", { class: "hx-victory", "data-testid": "victory", role: "dialog", "aria-modal": "false", "aria-labelledby": "hx-victory-title" });
  const winner = typeof view?.winner === "number" ? view.winner : -1;
  box.append(h("h2", { id: "hx-victory-title" }, t(lang, "victory")));
  box.append(h("p", { class: "hx-winner", "data-testid": "winner", "data-seat": winner },
    winner >= 0 ? t(lang, "winner", { name: `${v.names[winner] ?? winner}${winner === v.viewer ? ` (${t(lang, "you")})` : ""}` }) : t(lang, "noWinner")));
  // "You finished 2nd" for a seated player (issue 18).
  if (v.viewer >= 0 && view?.players?.[v.viewer]) {
    const place = finishingPlace(view, v.viewer);
    box.append(h("p", { class: "hx-place", "data-testid": "finished-place", "data-place": place }, placeText(lang, place)));
  }
  const table = h("table", { class: "hx-scores", "data-testid": "final-scores" },
    h("caption", {}, t(lang, "finalScores")),
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t(lang, "vp")), h("th", {}, t(lang, "knights")), h("th", {}, t(lang, "roadLen")))));
  const body = h("tbody", {});
  const rows = (view?.players ?? []).map((p: any, seat: number) => ({ seat, vp: typeof p.totalVp === "number" ? p.totalVp : p.publicVp, p }));
  rows.sort((a: any, b: any) => b.vp - a.vp);
  for (const r of rows) {
    body.append(h("tr", { class: r.seat === winner ? "win" : "", "data-testid": `score-${r.seat}`, "data-vp": r.vp },
      h("td", {}, seatIcon(r.seat, 14), ` ${v.names[r.seat] ?? r.seat}`,
        view.longestRoad === r.seat ? ` · ${t(lang, "longestRoad")}` : "", view.largestArmy === r.seat ? ` · ${t(lang, "largestArmy")}` : ""),
      h("td", {}, String(r.vp)), h("td", {}, String(r.p.knightsPlayed ?? 0)), h("td", {}, String(r.p.roadLength ?? 0))));
  }
  table.append(body);
  box.append(table);
  box.append(seedSection(lang, v.reveal, v.commitment));
  const charts = h("div", { class: "hx-charts" });
  if (v.stats) charts.append(histogram(lang, v.stats.dice), vpChart(lang, v.stats.vp, v.names));
  else charts.append(h("p", { class: "hx-muted" }, t(lang, "loading")));
  if (v.statsNote) charts.append(h("p", { class: "hx-muted" }, v.statsNote));
  box.append(charts);
  const foot = h("div", { class: "hx-dialog-foot" });
  if (rematch) foot.append(rematch);
  if (replayHref) foot.append(h("a", { class: "hx-btn", href: replayHref, "data-testid": "replay-link" }, t(lang, "replayLink")));
  foot.append(button(t(lang, "close"), { class: "hx-btn", "data-testid": "victory-close" }, onClose));
  box.append(foot);
  return box;
}
