#!/usr/bin/env python3
"""The store's cost per action as players see it: one hexhall-server on SQLite against one on
PostgreSQL under the same load_gen load (issue 28; docs/performance.md, "Store: PostgreSQL vs SQLite").
Run beside a throwaway PostgreSQL:

  tests/pg/with-postgres.sh bench/store_compare.py [--pairs 2] [--seconds 30] [--warmup 15]
                                                   [--modes human,fast] [--no-build] [--build-dir build]

For each mode (human: 300 rooms of four at a person's pace, one action per 2 s per room = 150
actions/s offered; fast: 100 rooms acting as fast as acks come back) it alternates runs, SQLite then
PostgreSQL, with the same load_gen command (floor_ratio.py's game, seats and spectator):
  - SQLite: --db in a fresh temporary directory (the default store, synchronous=NORMAL);
  - PostgreSQL: --store on a fresh database of $HEXHALL_TEST_PG's server (fsync as that server has it:
    off in the tests; HEXHALL_PG_OPTS="-c fsync=on" for a durable one).
Per run: actions/s, action -> ack p50/p99 as the clients see it, the server's CPU per action (load_gen
--server-pid: /proc utime+stime over load_gen's measuring window) and, for PostgreSQL, its server
processes' CPU per action over the same window (the postmaster and its children, read from /proc at
the window's start and end as timed from load_gen's start). Prints every run, then medians per store
and mode side by side. Fails without HEXHALL_TEST_PG.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import floor_ratio as fr  # noqa: E402  (build, free ports, the load's game and its output's lines)

MODES = {
    "human": ["--rooms", "300", "--pace-ms", "2000"],
    "fast": ["--rooms", "100"],
}
TICK = os.sysconf("SC_CLK_TCK")


def pg_cpu(postmaster):
    """utime+stime (s) of the PostgreSQL server: the postmaster and every process it started."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(pid) == postmaster or int(fields[1]) == postmaster:
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def new_database(url, name):
    u = urllib.parse.urlparse(url)
    psql = next((os.path.join(d, "psql") for d in ("/usr/lib/postgresql/15/bin", "/usr/bin")
                 if os.path.exists(os.path.join(d, "psql"))), "psql")
    subprocess.run([psql, "-q", "-h", u.hostname, "-p", str(u.port), "-U", u.username or "hexhall", "-d", "postgres",
                    "-c", "CREATE DATABASE %s" % name], check=True, stdout=subprocess.DEVNULL)
    return urllib.parse.urlunparse(u._replace(path="/" + name))


def run_one(store, server_cmd, mode, args, log, postmaster):
    port = fr.free_port()
    with tempfile.TemporaryDirectory(prefix="store_compare.") as tmp:
        cmd = [c.replace("{port}", str(port)).replace("{tmp}", tmp) for c in server_cmd]
        err_path = os.path.join(tmp, "server.err")
        srv = subprocess.Popen(cmd, cwd=tmp, stdout=subprocess.DEVNULL, stderr=open(err_path, "w"))
        db = {}
        try:
            fr.wait_listening(port, srv)
            gen = [args.load_gen, "--port", str(port), "--server-pid", str(srv.pid), "--seconds", str(args.seconds),
                   "--warmup", str(args.warmup)] + fr.COMMON + MODES[mode]
            started = time.monotonic()

            def sample():  # the database's CPU over load_gen's window (from its start: warm-up, then seconds)
                time.sleep(max(0.0, started + args.warmup - time.monotonic()))
                db["start"] = pg_cpu(postmaster)
                time.sleep(max(0.0, started + args.warmup + args.seconds - time.monotonic()))
                db["end"] = pg_cpu(postmaster)

            sampler = threading.Thread(target=sample) if postmaster else None
            if sampler:
                sampler.start()
            out = subprocess.run(gen, capture_output=True, text=True, timeout=args.seconds + 120)
            if sampler:
                sampler.join()
        finally:
            fr.stop(srv)
            err = open(err_path).read()
    log.write("== %s %s\n$ %s\n$ %s\n%s%s%s\n" % (store, mode, shlex.join(cmd), shlex.join(gen), out.stdout, out.stderr, err))
    m_a, m_c, m_k = fr.LINE_ACTIONS.search(out.stdout), fr.LINE_CPU.search(out.stdout), fr.LINE_ACK.search(out.stdout)
    if out.returncode != 0 or not m_a or not m_c or not m_k:
        raise RuntimeError("%s %s: load_gen failed (rc %d):\n%s%s" % (store, mode, out.returncode, out.stdout, out.stderr))
    r = {"rate": int(m_a.group(2)), "actions": int(m_a.group(1)), "errors": int(m_a.group(3)), "us": float(m_c.group(4)),
         "ack50": float(m_k.group(1)), "ack99": float(m_k.group(2))}
    r["db_us"] = (db["end"] - db["start"]) * 1e6 / max(1, r["actions"]) if postmaster else 0.0
    print("  %-10s %-5s %6d actions/s  ack p50 %6.2f ms  p99 %7.2f ms  server %6.1f us CPU/action%s  (%d errors)"
          % (store, mode, r["rate"], r["ack50"], r["ack99"], r["us"],
             ", database %.1f us" % r["db_us"] if postmaster else "", r["errors"]), flush=True)
    return r


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pairs", type=int, default=2)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--warmup", type=float, default=15)
    p.add_argument("--modes", default="human,fast")
    p.add_argument("--build-dir", default=os.path.join(fr.REPO, "build"))
    p.add_argument("--no-build", action="store_true", help="use the binaries already in --build-dir")
    p.add_argument("--log", default=None, help="every run's full output (default: BUILD_DIR/store_compare.log)")
    args = p.parse_args()
    pg = os.environ.get("HEXHALL_TEST_PG")
    data = os.environ.get("HEXHALL_TEST_PG_DATA")
    if not pg or not data:
        sys.exit("store_compare: HEXHALL_TEST_PG is not set: run under tests/pg/with-postgres.sh")
    with open(os.path.join(data, "postmaster.pid")) as f:
        postmaster = int(f.readline())
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in MODES:
            p.error("unknown mode %s (%s)" % (m, ", ".join(MODES)))
    args.build_dir = os.path.abspath(args.build_dir)
    fr.build(args, None)
    server = os.path.join(args.build_dir, "server", "hexhall-server")
    args.load_gen = os.path.join(args.build_dir, "bench", "load_gen")
    base = [server, "--port", "{port}", "--threads", "2", "--max-connections", "20000",
            "--max-connections-per-address", "0", "--max-rooms", "10000", "--rooms-per-address", "5000",
            "--rooms-per-session", "5000", "--msgs-per-second", "0", "--log-level", "warn"]
    log_path = args.log or os.path.join(args.build_dir, "store_compare.log")
    print("load_gen: %s %s (+ --port P --server-pid PID --seconds %g --warmup %g); server --threads 2; full log in %s"
          % (" ".join(fr.COMMON), " | ".join("%s: %s" % (m, " ".join(MODES[m])) for m in modes), args.seconds,
             args.warmup, log_path), flush=True)
    load = os.getloadavg()
    print("load average at start: %.1f %.1f %.1f on %d CPUs" % (load[0], load[1], load[2], os.cpu_count()), flush=True)
    results = {}
    runs = 0
    with open(log_path, "w") as log:
        for mode in modes:
            print("%s:" % mode, flush=True)
            for _ in range(args.pairs):
                results.setdefault(("sqlite", mode), []).append(
                    run_one("sqlite", base + ["--db", "{tmp}/load.db"], mode, args, log, None))
                runs += 1
                url = new_database(pg, "store_compare_%d" % runs)
                results.setdefault(("postgresql", mode), []).append(
                    run_one("postgresql", base + ["--store", url], mode, args, log, postmaster))
    print("medians (%d runs each):" % args.pairs)
    print("| store | load | actions/s | action → ack p50 | p99 | server CPU/action | database CPU/action |")
    print("|---|---|---|---|---|---|---|")
    for mode in modes:
        for store in ("sqlite", "postgresql"):
            rs = results[(store, mode)]
            med = lambda k: statistics.median(r[k] for r in rs)  # noqa: E731
            print("| %s | %s | %d | %.2f ms | %.1f ms | %.1f µs | %s |" % (
                store, mode, med("rate"), med("ack50"), med("ack99"), med("us"),
                "%.1f µs" % med("db_us") if store == "postgresql" else "(in the server)"))
    if any(r["errors"] for rs in results.values() for r in rs):
        sys.exit("store_compare: some actions were refused (see the log)")


if __name__ == "__main__":
    main()
