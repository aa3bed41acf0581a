#!/usr/bin/env bash
# Runs a command beside a throwaway PostgreSQL server (docs/decisions/016-postgresql-store.md):
#   tests/pg/with-postgres.sh CMD [ARGS...]
# Debian's PostgreSQL 15 (scripts/setup installs it): initdb in a new temporary directory, listening
# on 127.0.0.1 only, on a free port, its unix socket in that directory. CMD runs with
#   HEXHALL_TEST_PG=postgresql://hexhall@127.0.0.1:PORT/hexhall   (a database CMD may use or drop)
#   HEXHALL_TEST_PG_DATA=the server's data directory
# and the server is stopped and its directory deleted when the script ends, however it ends.
# Exits non-zero, saying why, when PostgreSQL is missing or does not start: never a silent skip.
# HEXHALL_PG_OPTS: more server settings (e.g. "-c fsync=on" for benchmarks; tests run with fsync=off,
# as a test's server does not outlive the machine's power).
set -euo pipefail

fail() { echo "with-postgres: FAILED: $*" >&2; exit 1; }
[ $# -gt 0 ] || fail "usage: $0 CMD [ARGS...]"

bin=""
for d in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then bin="$d"; break; fi
done
[ -n "$bin" ] || fail "PostgreSQL's initdb/pg_ctl not found under /usr/lib/postgresql (Debian package postgresql; run scripts/setup)"
command -v python3 >/dev/null || fail "python3 is needed to find a free port"

dir=$(mktemp -d "${TMPDIR:-/tmp}/hexhall-pg.XXXXXX")
chmod 755 "$dir"
as_owner=()  # initdb and postgres refuse to run as root: then they run as the postgres user
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || fail "running as root and there is no postgres user to run the server as"
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi
started=0
cleanup() {
  local rc=$?
  if [ "$started" = 1 ]; then
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U hexhall -A trust -E UTF8 --no-locale --no-sync \
  >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; fail "initdb failed"; }

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=""
for attempt in 1 2 3 4 5; do  # another process may take the free port first: try another
  port=$(free_port)
  # shellcheck disable=SC2086  # HEXHALL_PG_OPTS is a list of server options
  if "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
       -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c max_connections=200 ${HEXHALL_PG_OPTS:-}" \
       start >/dev/null; then
    started=1
    break
  fi
  echo "with-postgres: start on port $port failed (attempt $attempt):" >&2
  tail -n 5 "$dir/server.log" >&2 || true
done
[ "$started" = 1 ] || fail "PostgreSQL did not start (log above)"

"$bin/psql" -q -h 127.0.0.1 -p "$port" -U hexhall -d postgres -c "CREATE DATABASE hexhall" >/dev/null \
  || fail "cannot create the test database"

export HEXHALL_TEST_PG="postgresql://hexhall@127.0.0.1:$port/hexhall"
export HEXHALL_TEST_PG_DATA="$dir/data"  # benchmarks read the server's pid (postmaster.pid) from it
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($dir)" >&2
set +e
"$@"
rc=$?
set -e
exit $rc
