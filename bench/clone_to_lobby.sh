#!/usr/bin/env bash
# Time from `git clone` to the lobby answering (issue 30; docs/performance.md "A newcomer's first
# command"): clones SOURCE (default: this repository) into DIR, runs `scripts/run --port PORT` there
# with CCACHE_DIR=CACHE, polls the lobby page once a second, prints the seconds, stops the server.
#   bench/clone_to_lobby.sh DIR CACHE [PORT] [SOURCE]
# Cold: a new, empty CACHE. Warm: the same CACHE and the same DIR again (ccache's hashes include the path).
set -euo pipefail
dir=$1; cache=$2; port=${3:-18930}
source=${4:-$(cd "$(dirname "$0")/.." && pwd)}
rm -rf "$dir"; mkdir -p "$cache"
t0=$(date +%s.%N)
git clone -q "$source" "$dir"
(cd "$dir" && CCACHE_DIR=$cache exec scripts/run --port "$port" >"$dir.log" 2>&1) &
runner=$!
until curl -sf "http://127.0.0.1:$port/" -o /dev/null; do
  kill -0 "$runner" 2>/dev/null || { echo "scripts/run ended before the lobby answered (see $dir.log)" >&2; exit 1; }
  sleep 1
done
t1=$(date +%s.%N)
echo "clone to lobby: $(echo "$t1 - $t0" | bc) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
kill "$runner"; wait "$runner" 2>/dev/null || true
