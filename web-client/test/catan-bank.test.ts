// Bank trades with mixed rates (CAT-9.9, CAT-9.10, CAT-9.11, CAT-9.14): the bundle dialog's arithmetic
// matches the server's (engine bank_trade_decomposes).
import { test } from "node:test";
import assert from "node:assert/strict";
import { bankTradeOk, cardsFor, rateSets } from "../src/games/catan/bank";

const noHarbor = { brick: 4, lumber: 4, wool: 4, grain: 4, ore: 4 };
const woolAndGeneric = { brick: 3, lumber: 3, wool: 2, grain: 3, ore: 3 };
const woolOnly = { brick: 4, lumber: 4, wool: 2, grain: 4, ore: 4 };

test("CAT-9.9: 4:1 stays available beside a harbor's better rate", () => {
  const sets = rateSets(woolAndGeneric);
  assert.ok(bankTradeOk({ brick: 4 }, { ore: 1 }, sets), "4 brick for 1 at a 3:1 harbor");
  assert.ok(bankTradeOk({ brick: 3 }, { ore: 1 }, sets), "3:1");
  assert.ok(bankTradeOk({ wool: 4 }, { ore: 1 }, rateSets(woolOnly)), "4 wool for 1 at a 2:1 wool harbor");
  assert.ok(!bankTradeOk({ brick: 3 }, { ore: 1 }, rateSets(noHarbor)), "no 3:1 without a harbor");
});

test("CAT-9.14: a bundle may mix rates, and the cards it buys are every split's count", () => {
  const sets = rateSets(woolAndGeneric);
  // 6 wool = 2+2+2 (3 cards) or 2+4 / 3+3 (2 cards); 7 brick = 3+4 (2 cards); together 4 or 5.
  assert.deepEqual(cardsFor({ wool: 6 }, sets), [2, 3]);
  assert.deepEqual(cardsFor({ wool: 6, brick: 7 }, sets), [4, 5]);
  assert.ok(bankTradeOk({ wool: 6, brick: 7 }, { ore: 2, grain: 3 }, sets));
  assert.ok(bankTradeOk({ wool: 6, brick: 7 }, { ore: 4 }, sets));
  assert.ok(!bankTradeOk({ wool: 6, brick: 7 }, { ore: 6 }, sets), "more cards than any split buys");
  assert.deepEqual(cardsFor({ brick: 5 }, rateSets(noHarbor)), [], "5 of a kind buys nothing at 4:1");
  assert.deepEqual(cardsFor({ wool: 2, brick: 4 }, rateSets(woolOnly)), [2]);
});

test("CAT-9.5: the same resource on both sides is refused", () => {
  assert.ok(!bankTradeOk({ brick: 4 }, { brick: 1 }, rateSets(noHarbor)));
  assert.ok(!bankTradeOk({ brick: 4 }, {}, rateSets(noHarbor)));
});
