// Issue 27: the log names tiles by what they are ("city corner and road curve"), never by letter.
import { test } from "node:test";
import assert from "node:assert/strict";
import { TILES } from "../src/games/carcassonne/tiles";
import { tileName } from "../src/games/carcassonne/tile-names";

test("every tile type has a name in words in each language, never its letter", () => {
  for (const lang of ["en", "zh-Hant", "zh-Hans"] as const) {
    for (const letter of Object.keys(TILES)) {
      const n = tileName(lang, letter);
      assert.ok(n.length >= 2 && !new RegExp(`\\b${letter}\\b`).test(n), `${lang} ${letter}: "${n}"`);
    }
  }
  assert.equal(tileName("en", "D"), "city edge and straight road");
  assert.equal(tileName("en", "A"), "cloister with road end");
  assert.equal(tileName("en", "X"), "crossroads");
  assert.equal(tileName("en", "P"), "city corner and road curve");
  assert.equal(tileName("en", "C"), "full city with pennant");
  assert.equal(tileName("en", "H"), "two city edges");
});
