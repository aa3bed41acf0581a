#!/usr/bin/env python3
"""Failover as the clients see it: three Hexhall nodes on one PostgreSQL, load_gen at a person's pace
spread over them, one node killed with -9 again and again (issue 28; docs/performance.md, "Several
nodes: failover as the clients see it").

Run it under tests/pg/with-postgres.sh (it starts a throwaway PostgreSQL and sets $HEXHALL_TEST_PG),
or give --store postgres://... :

  tests/pg/with-postgres.sh bench/cluster_failover.py [--kills 20] [--interval 8] [--rooms 150]
                           [--pace-ms 2000] [--lease-ms 3000] [--no-build] [--build-dir build]
                           [--server BIN --load-gen BIN] [--spread-seats] [--check]

Steps: three nodes (--node-id f0..f2, --lease-ms, one io thread each) on fixed loopback ports;
load_gen --ports p0,p1,p2 --resume 1 (room k starts on node k mod 3; a client whose connection is
lost connects again, to the next node when one cannot be reached, presents its session token and
follows `moved`); after the warm-up, every --interval seconds the next node in turn is killed with
SIGKILL and started again a second later on the same port. load_gen prints how long its clients took
from the lost connection to a snapshot on a node again (p50, p99, max over every resume), its action
latencies and the games it finished; this script adds the kills and each node's final state.
--spread-seats: load_gen --spread-seats 1 (room k's client i starts on node (k + i) mod 3, so every
join but the host's is answered `moved` and followed). --check (ctest -R load_gen_failover, a short
run): fails unless load_gen exits 0, every room started, no client failed (setup or connection),
clients resumed at least once per kill, with --spread-seats every room's joins followed `moved`, and
no node logged an error.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import floor_ratio as fr  # noqa: E402  (build, free ports, waiting for a listener)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--store", default=os.environ.get("HEXHALL_TEST_PG", ""))
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--interval", type=float, default=8.0, help="seconds between kills")
    p.add_argument("--rooms", type=int, default=150)
    p.add_argument("--pace-ms", type=int, default=2000, help="one action per room every this many ms")
    p.add_argument("--lease-ms", type=int, default=3000)
    p.add_argument("--warmup", type=float, default=8.0)
    p.add_argument("--build-dir", default=os.path.join(fr.REPO, "build"))
    p.add_argument("--no-build", action="store_true")
    p.add_argument("--server", help="hexhall-server (default: the build directory's)")
    p.add_argument("--load-gen", help="load_gen (default: the build directory's)")
    p.add_argument("--spread-seats", action="store_true", help="joins on other nodes than the room's: `moved`")
    p.add_argument("--check", action="store_true", help="fail unless every client resumed or joined (a test)")
    args = p.parse_args()
    if not args.store.startswith("postgres"):
        p.error("no PostgreSQL: run under tests/pg/with-postgres.sh or give --store postgres://...")
    args.build_dir = os.path.abspath(args.build_dir)
    fr.build(args, None)
    server = os.path.abspath(args.server or os.path.join(args.build_dir, "server", "hexhall-server"))
    load_gen = os.path.abspath(args.load_gen or os.path.join(args.build_dir, "bench", "load_gen"))
    ports = [fr.free_port() for _ in range(3)]
    tmp = tempfile.mkdtemp(prefix="cluster_failover.")
    nodes = [None, None, None]

    def start(i):
        cmd = [server, "--port", str(ports[i]), "--address", "127.0.0.1", "--threads", "1", "--store", args.store,
               "--node-id", "f%d" % i, "--lease-ms", str(args.lease_ms), "--public-url", "ws://127.0.0.1:%d/ws" % ports[i],
               "--max-connections", "20000", "--max-connections-per-address", "0", "--max-rooms", "10000",
               "--rooms-per-address", "5000", "--rooms-per-session", "5000", "--msgs-per-second", "0",
               "--log-level", "warn"]
        log = open(os.path.join(tmp, "node%d.log" % i), "a")
        nodes[i] = subprocess.Popen(cmd, cwd=tmp, stdout=log, stderr=log)
        fr.wait_listening(ports[i], nodes[i])

    for i in range(3):
        start(i)
    seconds = args.warmup + args.kills * args.interval + 10
    gen = [load_gen, "--ports", ",".join(map(str, ports)), "--resume", "1", "--rooms", str(args.rooms),
           "--pace-ms", str(args.pace_ms), "--seconds", str(seconds), "--warmup", str(args.warmup),
           "--game", "catan", "--players", "4", "--seed", "5", "--spread-seats", "1" if args.spread_seats else "0"]
    print("$ %s" % " ".join(gen), flush=True)
    print("nodes f0..f2 on ports %s, lease %d ms; %d kills, one every %.0f s" % (ports, args.lease_ms, args.kills,
                                                                                 args.interval), flush=True)
    lg = subprocess.Popen(gen, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kills = []

    def killer():
        time.sleep(args.warmup + 2)
        for k in range(args.kills):
            i = k % 3
            nodes[i].send_signal(signal.SIGKILL)
            nodes[i].wait()
            kills.append(time.monotonic())
            time.sleep(1.0)
            start(i)
            time.sleep(max(0.0, args.interval - 1.0))

    t = threading.Thread(target=killer, daemon=True)
    t.start()
    out, err = lg.communicate(timeout=seconds + 300)
    t.join(timeout=60)
    for n in nodes:
        if n and n.poll() is None:
            n.send_signal(signal.SIGTERM)
            try:
                n.wait(timeout=20)
            except subprocess.TimeoutExpired:
                n.kill()
    print(out, end="")
    errors = [l for l in err.splitlines() if l.strip()]
    if errors:
        print("load_gen stderr (%d lines), first ones:\n  %s" % (len(errors), "\n  ".join(errors[:10])))
    print("kills done: %d (node logs in %s)" % (len(kills), tmp))
    ok = lg.returncode == 0 and len(kills) == args.kills
    if args.check:
        ok = check(args, out) and ok
        for i in range(3):
            with open(os.path.join(tmp, "node%d.log" % i)) as f:
                errors = [line for line in f if "[error]" in line]
            if errors:
                print("FAIL: node %d logged errors:\n%s" % (i, "".join(errors[:10])))
                ok = False
        print("load_gen failover: " + ("ok" if ok else "FAILED"))
        if ok:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


def check(args, out):
    """The short run's assertions (--check), from load_gen's report."""
    def number(pattern):
        m = re.search(pattern, out)
        return int(m.group(1)) if m else -1

    failures = []
    started = number(r"rooms started (\d+)")
    if started < args.rooms:
        failures.append(f"{started} rooms started of {args.rooms}")
    failed = number(r"setup/connection failures (\d+)")
    if failed != 0:
        failures.append(f"{failed} clients failed (setup or a connection not resumed)")
    resumed = number(r"resumed after a lost connection (\d+) times")
    if resumed < args.kills:
        failures.append(f"{resumed} resumes for {args.kills} kills")
    at_join = number(r", (\d+) of them at a join\)")
    if args.spread_seats and at_join < args.rooms:
        failures.append(f"{at_join} joins followed `moved` in {args.rooms} rooms")
    for f in failures:
        print("FAIL: " + f)
    return not failures


if __name__ == "__main__":
    sys.exit(main())
