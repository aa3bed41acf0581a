// Loads GET /games/<room>/replay and rebuilds the view after every action by applying the
// spectator patches in order (no rules: the server's patches carry every change).
import { applyPatch, type Operation } from "fast-json-patch";

export interface ReplayData {
  players: any[];
  views: any[];       // views[i]: the view after i actions
  events: any[][];    // events[i]: the events of action i (events[0] = [] for the snapshot)
}

export async function loadReplay(room: string, query = ""): Promise<ReplayData | { status: number | string }> {
  let res: Response;
  try { res = await fetch(`/games/${encodeURIComponent(room)}/replay${query}`); }
  catch (e) { return { status: String(e) }; }
  if (!res.ok) return { status: res.status };
  const body = await res.json();
  return buildReplay(body);
}

export function buildReplay(body: any): ReplayData {
  const msgs: any[] = body?.messages ?? [];
  const views: any[] = [], events: any[][] = [];
  let view: any = null;
  for (const m of msgs) {
    if (m?.type === "snapshot") { view = m.catan?.view ?? null; views.push(view); events.push([]); }
    else if (m?.type === "patch" && view) { view = applyPatch(view, (m.ops ?? []) as Operation[], false, false).newDocument; views.push(view); events.push(m.catan?.events ?? []); }
  }
  return { players: body?.players ?? [], views, events };
}
