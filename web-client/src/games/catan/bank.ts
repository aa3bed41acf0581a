// Bank trades with mixed rates (CAT-9.9 4:1 always, CAT-9.10 3:1 at a generic harbor, CAT-9.11 2:1
// at a resource's own harbor, CAT-9.14 several at once): which numbers of cards a "give" bundle can
// buy. The server checks the same (engine bank_trade_decomposes); the dialog uses this to say how
// many cards the player may take and to enable "Send" only for a trade the server accepts.
import { RESOURCES } from "./strings";

/** Per resource, the rates the bank offers this player, from catan.legal.bankRate (the best rate per
 *  resource): 4 always; 3 when any resource's best rate is 3 (a generic harbor); 2 for a resource whose
 *  best rate is 2 (its own harbor). */
export function rateSets(bankRate: Record<string, number>): Record<string, number[]> {
  const generic = RESOURCES.some((r) => bankRate[r] === 3);
  const out: Record<string, number[]> = {};
  for (const r of RESOURCES) {
    const rates = [4];
    if (generic) rates.push(3);
    if (bankRate[r] === 2) rates.push(2);
    out[r] = rates;
  }
  return out;
}

/** The numbers of single trades `n` cards of one type split into exactly (each of a size in `rates`). */
function splits(n: number, rates: number[]): Set<number> {
  const out = new Set<number>();
  if (n === 0) { out.add(0); return out; }
  const has = (k: number) => rates.includes(k);
  for (let twos = 0; 2 * twos <= n; twos++) {
    if (twos && !has(2)) break;
    for (let threes = 0; 2 * twos + 3 * threes <= n; threes++) {
      if (threes && !has(3)) break;
      const rest = n - 2 * twos - 3 * threes;
      if (rest % 4 || (rest && !has(4))) continue;
      out.add(twos + threes + rest / 4);
    }
  }
  return out;
}

/** Every number of cards the bank gives for `give` (ascending; empty: the bundle buys nothing). */
export function cardsFor(give: Record<string, number>, sets: Record<string, number[]>): number[] {
  let reach = new Set<number>([0]);
  for (const r of RESOURCES) {
    const counts = splits(give[r] ?? 0, sets[r] ?? [4]);
    const next = new Set<number>();
    for (const a of reach) for (const b of counts) next.add(a + b);
    reach = next;
  }
  reach.delete(0);
  return [...reach].sort((a, b) => a - b);
}

/** True when the bank accepts `give` for `get` at these rates (the counts match some split). */
export function bankTradeOk(give: Record<string, number>, get: Record<string, number>, sets: Record<string, number[]>): boolean {
  const want = RESOURCES.reduce((n, r) => n + (get[r] ?? 0), 0);
  if (want === 0 || RESOURCES.some((r) => (give[r] ?? 0) > 0 && (get[r] ?? 0) > 0)) return false;
  return cardsFor(give, sets).includes(want);
}
