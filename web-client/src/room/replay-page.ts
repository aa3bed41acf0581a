// #/replay/<room>[/<invite>]: the replay viewer of the room's game for a finished game. The replay
// names its game; the game's UI is loaded by that name (src/games/index.ts) and shows it. A private
// (or password) room's replay is served to its members only: the URL carries the room's invite.
// Above it: the stretches a stand-in bot played a present player's seat (the record's `standIns`),
// so nobody takes the bot's moves for the player's.
import { defaultGame, loadGame } from "../games";
import { h } from "../app/dom";
import { lang, onLang, t } from "../i18n";

/** The query a replay request needs: a private room's invite, else nothing. */
export const replayQuery = (invite?: string): string => (invite ? `?invite=${encodeURIComponent(invite)}` : "");

/** One stretch a stand-in bot played a seat (docs/protocol.md, "standIns"). */
export interface StandIn { seat: number; name: string; bot: string; fromAction?: number | null; toAction?: number | null }

// The replay's game (the server names it; the registry's default when the replay is not to be had:
// that game's viewer then shows why) and its stand-ins.
async function replayInfo(roomId: string, query: string): Promise<{ game: string; standIns: StandIn[] }> {
  try {
    const r = await fetch(`/games/${encodeURIComponent(roomId)}/replay${query}`);
    if (!r.ok) return { game: defaultGame, standIns: [] };
    const body = await r.json() as { game?: unknown; standIns?: unknown };
    const standIns = Array.isArray(body.standIns) ? body.standIns.filter((e): e is StandIn =>
      !!e && typeof e === "object" && typeof (e as StandIn).seat === "number") : [];
    return { game: typeof body.game === "string" ? body.game : defaultGame, standIns };
  } catch {
    return { game: defaultGame, standIns: [] };
  }
}

/** The line for one stand-in stretch: whose seat, which bot, from which step to which (the replay bar's steps). */
export function standInLine(e: StandIn): string {
  const who = { name: e.name || "?", seat: e.seat + 1, bot: e.bot || "?" };
  if (typeof e.fromAction !== "number") return t("replay.standInSome", who);
  const from = e.fromAction + 1;
  if (typeof e.toAction !== "number") return t("replay.standInToEnd", { ...who, from });
  if (e.toAction < from) return t("replay.standInNoMove", { ...who, from: e.fromAction });
  return t("replay.standIn", { ...who, from, to: e.toAction });
}

function standInsBox(list: StandIn[]): HTMLElement | null {
  if (!list.length) return null;
  return h("section", { class: "replay-stand-ins", "data-testid": "replay-stand-ins", "aria-label": t("replay.standInsTitle") },
    h("strong", {}, t("replay.standInsTitle")),
    h("ul", {}, list.map((e, i) => h("li", { "data-testid": `replay-stand-in-${i}`, "data-seat": e.seat,
      "data-from": e.fromAction ?? "", "data-to": e.toAction ?? "" }, standInLine(e)))));
}

export function mountReplayPage(root: HTMLElement, roomId: string, invite?: string): () => void {
  const query = replayQuery(invite);
  const box = h("div", { class: "replay-root", "data-testid": "replay-root" });
  root.replaceChildren(box);
  let destroy: (() => void) | null = null;
  let gone = false;
  void replayInfo(roomId, query).then(async (info) => {
    const ui = await (loadGame(info.game) ?? loadGame(defaultGame)!);
    if (gone || !ui.mountReplay) return;
    let notice = standInsBox(info.standIns);
    if (notice) root.insertBefore(notice, box);
    // In the language chosen meanwhile.
    const offLang = onLang(() => { const n = standInsBox(info.standIns); if (notice && n) notice.replaceWith(n); notice = n; });
    const r = ui.mountReplay(box, roomId, lang, query);
    destroy = () => { offLang(); r.destroy(); };
  });
  return () => { gone = true; destroy?.(); };
}
