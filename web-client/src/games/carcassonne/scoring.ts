// The final scoring as table rows: one per unfinished road, city or cloister, one per field
// (from the `scored` / `fieldScored` events with `final: true`). Pure data, unit-tested.
export interface FinalRow {
  feature: string;                 // road | city | cloister | field
  tiles: [number, number][];
  points: number[];
  followers: number[];
  pennants: number;
  cities: number;                  // fields: completed cities bordering it
  rule: string;
  why: string;
  raw: any;                        // the event itself
}

export function finalRows(events: any[]): FinalRow[] {
  const out: FinalRow[] = [];
  for (const e of events) {
    if ((e?.type !== "scored" && e?.type !== "fieldScored") || !e.final) continue;
    out.push({
      feature: e.type === "fieldScored" ? "field" : String(e.feature),
      tiles: Array.isArray(e.tiles) ? e.tiles : [],
      points: Array.isArray(e.points) ? e.points : [],
      followers: Array.isArray(e.followers) ? e.followers : [],
      pennants: Number(e.pennants ?? 0),
      cities: Array.isArray(e.cities) ? e.cities.length : 0,
      rule: String(e.rule ?? ""),
      why: String(e.why ?? ""),
      raw: e,
    });
  }
  return out;
}

/** Points per seat of the final scoring rows (what the final scoring added to the running score). */
export function finalTotals(rows: FinalRow[], seats: number): number[] {
  const t = new Array(seats).fill(0);
  for (const r of rows) for (let i = 0; i < seats; ++i) t[i] += r.points[i] ?? 0;
  return t;
}
