#!/usr/bin/env bash
# Tests of the documentation checks: scripts/check-rules, scripts/rule-coverage, scripts/check-game-names and
# scripts/check-standalone must pass on good input and fail on each kind of broken input.
# Each case runs the real scripts on a scratch copy (a small tree with docs/rules/, tests/, games/).
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0

# A fresh fixture tree: the scripts, a copy of the real rules reference, and a few cited tests.
fixture() {
  local t="$scratch/tree"
  rm -rf "$t"; mkdir -p "$t/scripts" "$t/docs/rules" "$t/tests" "$t/games/demo/tests"
  cp "$here"/scripts/{check-rules,rule-coverage,check-standalone} "$t/scripts/"
  cp "$here"/docs/rules/*.md "$t/docs/rules/"
  echo "$t"
}
# Cites every ID of the rules files, split over tests/ and games/demo/tests/.
cite_all() {
  local t="$1" ids
  ids=$(grep -ohE '^\*\*[A-Z]+-[0-9]+\.[0-9]+\*\*' "$t"/docs/rules/*.md | tr -d '*')
  printf 'TEST_CASE("%s", "[x]") {}\n' $(echo "$ids" | head -n 100) > "$t/tests/test_a.cpp"
  printf 'test("%s", () => {});\n' $(echo "$ids" | tail -n +101) > "$t/games/demo/tests/b.test.ts"
}
expect() {  # expect pass|fail "name" command...
  local want="$1" name="$2"; shift 2
  local got=pass
  "$@" >"$scratch/out" 2>&1 || got=fail
  if [ "$got" = "$want" ]; then echo "ok   $name"
  else echo "FAIL $name (expected $want, got $got)"; sed 's/^/     /' "$scratch/out"; failures=$((failures + 1)); fi
}
expect_output() {  # expect_output "name" "text" command...
  local name="$1" text="$2"; shift 2
  "$@" >"$scratch/out" 2>&1 || true
  if grep -qF -- "$text" "$scratch/out"; then echo "ok   $name"
  else echo "FAIL $name (no \"$text\" in output)"; sed 's/^/     /' "$scratch/out"; failures=$((failures + 1)); fi
}
edit() { python3 - "$@" <<'EOF'
import sys
path, old, new = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
if old not in text: sys.exit(f"edit: {old!r} not in {path}")
open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
EOF
}

# --- scripts/check-rules
t=$(fixture); expect pass "check-rules: the real reference is well-formed" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.2** <a id="CAT-9.2"></a>' '**CAT-9.1** <a id="CAT-9.1"></a>'
expect fail "check-rules: an ID used twice" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.3** <a id="CAT-9.3"></a>' '**CAT-9.30** <a id="CAT-9.30"></a>'
expect fail "check-rules: IDs out of order in a section" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.3** <a id="CAT-9.3"></a>' '**CAT-10.30** <a id="CAT-10.30"></a>'
expect fail "check-rules: an ID under another section's heading" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.3** <a id="CAT-9.3"></a>' '**CAT-9.03** <a id="CAT-9.03"></a>'
expect fail "check-rules: a malformed ID" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.3** <a id="CAT-9.3"></a>' '**CAT-9.3** '
expect fail "check-rules: a rule without its anchor" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '**CAT-9.3** <a id="CAT-9.3"></a>' '- **CAT-9.3** <a id="CAT-9.3"></a>'
expect fail "check-rules: a bold ID that does not start its line" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" 'and at what ratio. Source: `000_0ea7df4a9ba9d4d9.txt`, `001_e4fde8abcbd4c656.txt`.' 'and at what ratio.'
expect fail "check-rules: a rule without a source marker" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" '*Reason:* the seed does not deal with ties.' 'the seed does not deal with ties.'
expect fail "check-rules: a decision without its reason" "$t/scripts/check-rules"

t=$(fixture); edit "$t/docs/rules/catan.md" 'those players alone roll again' 'only those players roll again'
expect fail "check-rules: a decision index that is out of date" "$t/scripts/check-rules"
expect pass "check-rules: --write-index brings the index up to date" \
  bash -c "'$t/scripts/check-rules' --write-index && '$t/scripts/check-rules'"

t=$(fixture); edit "$t/docs/rules/hk2024.md" '[catan.md](catan.md)' '[catan.md](catan.md#CAT-99.1)'
expect fail "check-rules: a link to a rule that does not exist" "$t/scripts/check-rules"

# --- scripts/rule-coverage
t=$(fixture); cite_all "$t"
expect pass "rule-coverage: every family covered (tests/ and games/*/tests/)" "$t/scripts/rule-coverage" --require CAT,HK
expect_output "rule-coverage: counts CAT" "rule coverage CAT: 137 of 137 covered" "$t/scripts/rule-coverage"
# (as a set: another game's family may sort between any two)
"$t/scripts/rule-coverage" --families > "$scratch/families" 2>&1 || true
for family in CAT HK; do
  expect_output "rule-coverage: --families lists $family (a family with a rules file)" "$family" \
    bash -c "tr ', ' '\\n\\n' < '$scratch/families' | grep -x '$family'"
done

t=$(fixture); cite_all "$t"; sed -i '/"HK-7\.5"/d' "$t/tests/test_a.cpp" "$t/games/demo/tests/b.test.ts"
expect fail "rule-coverage: an uncovered ID fails --require" "$t/scripts/rule-coverage" --require CAT,HK
expect pass "rule-coverage: ...but not when its family is not required" "$t/scripts/rule-coverage" --require CAT
mkdir -p "$t/tests/node_modules/x"; echo '"HK-7.5"' > "$t/tests/node_modules/x/index.js"
expect fail "rule-coverage: citations under node_modules do not count" "$t/scripts/rule-coverage" --require HK

t=$(fixture); cite_all "$t"; sed -i '/"HK-1\.2"/d' "$t/tests/test_a.cpp" "$t/games/demo/tests/b.test.ts"
mkdir -p "$t/tournament/tests"; echo 'TEST_CASE("HK-1.2 one winner") {}' > "$t/tournament/tests/standings_tests.cpp"
expect pass "rule-coverage: a citation in another folder's tests/ (tournament/tests/) counts" "$t/scripts/rule-coverage" --require HK

t=$(fixture); cite_all "$t"; echo 'TEST_CASE("CAT-99.1 no such rule") {}' >> "$t/tests/test_a.cpp"
expect fail "rule-coverage: a test citing an ID that is not a rule fails --require" "$t/scripts/rule-coverage" --require CAT

t=$(fixture); cite_all "$t"
cat > "$t/docs/rules/demo.md" <<'EOF'
# Demo
## DEM-1 Only section
**DEM-1.1** <a id="DEM-1.1"></a>A rule. Source: `derived`.
EOF
expect_output "rule-coverage: a new rules file adds its family" "CAT,DEM,HK" "$t/scripts/rule-coverage" --families
expect fail "rule-coverage: ...whose rules then need tests" "$t/scripts/rule-coverage" --require "$("$t/scripts/rule-coverage" --families)"

# --- scripts/check-standalone (the bad paths are assembled from pieces so this file passes the check)
sibling="../sha""red"; machine="/wo""rk"
t=$(fixture); printf '# Doc\nSee [the rules](docs/rules/catan.md#CAT-9.9) and https://example.org/.\nScratch: --db /tmp/x.db\n' > "$t/README.md"
expect pass "check-standalone: a clean tree passes" "$t/scripts/check-standalone"
t=$(fixture); printf 'From a clone with %s beside it.\n' "$sibling" > "$t/README.md"
expect fail "check-standalone: a doc naming a folder beside the clone" "$t/scripts/check-standalone"
t=$(fixture); printf 'Rules: %s/somewhere/rules/catan.md\n' "$machine" > "$t/docs/x.md"
expect fail "check-standalone: a doc naming an absolute path on one machine" "$t/scripts/check-standalone"
t=$(fixture); printf 'See [rules](../../outside/catan.md).\n' > "$t/docs/x.md"
expect fail "check-standalone: a Markdown link leaving the repository" "$t/scripts/check-standalone"
t=$(fixture); printf '#!/bin/sh\nhere=$(pwd)\ncat "$here/%s/rules/x.md"\n' ".." > "$t/scripts/tool"
expect fail "check-standalone: a script reading above the repository root" "$t/scripts/check-standalone"

# --- scripts/check-game-names: a tree with one game (goofspiel), its registry line and its folders
names_fixture() {
  local t="$scratch/names"
  rm -rf "$t"; mkdir -p "$t/scripts" "$t/games/goofspiel" "$t/web-client/src/games/goofspiel" "$t/server" "$t/docs"
  cp "$here"/scripts/check-game-names "$t/scripts/"
  printf 'server/games.cpp  # the registry\ndocs/*  # documentation\n' > "$t/scripts/game-names.allowed"
  echo 'add_library(hexhall_game_goofspiel module.cpp)' > "$t/games/goofspiel/CMakeLists.txt"
  echo 'registry.add(goofspiel::goofspiel_module());' > "$t/server/games.cpp"
  echo 'export const goofspielMeta = { name: "goofspiel" };' > "$t/web-client/src/games/goofspiel/meta.ts"
  echo 'Goofspiel: bids in secret.' > "$t/docs/games.md"
  echo 'void Room::start() { /* no game here; xgoofspiel is not a name */ }' > "$t/server/room.cpp"
  echo "$t"
}
t=$(names_fixture)
expect pass "check-game-names: names only in the game's folders, the registry and documented exceptions" "$t/scripts/check-game-names" "$t"
t=$(names_fixture); echo 'if (game == "Goofspiel") seats = 4;' >> "$t/server/room.cpp"
expect fail "check-game-names: a planted game name in the server fails" "$t/scripts/check-game-names" "$t"
expect_output "check-game-names: ...naming the file" "server/room.cpp names a game" "$t/scripts/check-game-names" "$t"
t=$(names_fixture); echo '#include "games/goofspiel/module.hpp"' > "$t/server/other.cpp"
expect fail "check-game-names: an include of a game's header outside the registry fails" "$t/scripts/check-game-names" "$t"
t=$(names_fixture); echo 'const GOOFSPIEL_BOTS = [];' > "$t/web-client/src/games/list.ts"
expect fail "check-game-names: a name beside the games' folders (not inside one) fails" "$t/scripts/check-game-names" "$t"
t=$(names_fixture); echo 'if (game == "goofspiel") seats = 4;' >> "$t/server/room.cpp"; echo 'server/room.cpp  # reason' >> "$t/scripts/game-names.allowed"
expect pass "check-game-names: ...unless the file is a listed exception" "$t/scripts/check-game-names" "$t"
expect pass "check-game-names: this repository" "$here/scripts/check-game-names"

if [ $failures -gt 0 ]; then echo "test_checks: $failures failure(s)"; exit 1; fi
echo "test_checks: all documentation-check tests passed"
