// The replay's views and events from a finished game's spectator messages (no rules: the
// server's patches carry every change).
import { applyPatch, type Operation } from "fast-json-patch";

export interface StruggleReplay { players: any[]; views: any[]; events: any[][] }

/** The views after every action and each action's events, from the spectator messages (payload key "struggle"). */
export function buildReplay(body: any): StruggleReplay {
  const views: any[] = [], events: any[][] = [];
  let view: any = null;
  for (const m of body?.messages ?? []) {
    const p = m?.struggle ?? {};
    if (m?.type === "snapshot") { view = p.view ?? null; views.push(view); events.push([]); }
    else if (m?.type === "patch" && view) {
      view = applyPatch(view, (m.ops ?? []) as Operation[], false, false).newDocument;
      views.push(view); events.push(p.events ?? []);
    }
  }
  return { players: body?.players ?? [], views, events };
}

