#!/usr/bin/env python3
"""Rooms at human pace, every game (issue 30; docs/performance.md, "Rooms at human pace").

For each game the server hosts (hexhall-arena --list-games: the registry, so a new game is measured
without naming it here), one fresh hexhall-server with the default committed SQLite store (a file in a
temporary directory, every action committed before its ack) and one bench/load_gen run against it:
R rooms of N seated clients each, every room allowed one action per --pace-ms, split over --procs
generator processes bound to 127.0.0.1, 127.0.0.2, ... Printed per game: actions/s, action -> ack
p50/p99/p99.9, other seats' patch p99, server CPU per action, server memory per room
((RSS at the end - RSS before) / rooms), failures; and whether p99 ack < --p99-ms and memory <= --kib.

Seats: --players (default 3) within the game's own range. Three seats per room because this
machine's per-process open-file limit is 20,000 (ulimit -Hn; raising it needs CAP_SYS_RESOURCE), so
one server process cannot hold 5,000 rooms of 4 clients (20,000 sockets) plus its own files.
--bots K fills K more seats of each room with the server's built-in bots (they act at once on their
turns, beyond the pace: more load, not less).

usage: bench/human_pace.py [--rooms 5000] [--pace-ms 2000] [--players 3] [--bots 0] [--seconds 70]
                           [--warmup 40] [--procs 2] [--games a,b] [--build-dir build] [--no-build]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from floor_ratio import free_port, stop, wait_listening  # noqa: E402  (the same server handling)

PATTERNS = {
    "started": re.compile(r"rooms started (\d+), setup/connection failures (\d+), games finished (\d+)"),
    "actions": re.compile(r"validated actions (\d+) = (\d+) actions/s; action errors (\d+)"),
    "ack": re.compile(r"action -> ack \(ms\):\s+p50 ([\d.]+)\s+p99 ([\d.]+)\s+p99.9 ([\d.]+)"),
    "patch": re.compile(r"action -> other seats' patch \(ms\):\s+p50 ([\d.]+)\s+p99 ([\d.]+)\s+p99.9 ([\d.]+)"),
    "cpu": re.compile(r"= ([\d.]+) cores; ([\d.]+) us CPU/action"),
    "wait": re.compile(r"on CPU ([\d.]+) s, runnable but waiting for a CPU ([\d.]+) s"),
    "rss": re.compile(r"server RSS: before ([\d.]+) MiB, at end ([\d.]+) MiB.*= ([-\d.]+) KiB/room"),
}


def registered_games(build_dir):
    """(name, fewest, most) for every game the server's registry lists."""
    out = subprocess.run([os.path.join(build_dir, "tools", "hexhall-arena"), "--list-games"],
                         capture_output=True, text=True, check=True).stdout
    games = []
    for line in out.splitlines():
        cols = line.split("\t")
        games.append((cols[0], int(cols[1]), int(cols[2])))
    return games


def run_game(game, seats, bots, args, log):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="human_pace.") as tmp:
        server = [os.path.join(args.build_dir, "server", "hexhall-server"), "--port", str(port), "--threads", "2",
                  "--db", os.path.join(tmp, "load.db"), "--max-connections", "19500",
                  "--max-connections-per-address", "0", "--max-rooms", str(2 * args.rooms + 100),
                  "--rooms-per-address", str(2 * args.rooms), "--rooms-per-session", str(2 * args.rooms),
                  "--msgs-per-second", "0", "--log-level", "warn"]
        err_path = os.path.join(tmp, "server.err")
        srv = subprocess.Popen(server, cwd=tmp, stdout=subprocess.DEVNULL, stderr=open(err_path, "w"))
        try:
            wait_listening(port, srv)
            gen = [os.path.join(args.build_dir, "bench", "load_gen"), "--port", str(port), "--server-pid", str(srv.pid),
                   "--game", game, "--players", str(seats + bots), "--rooms", str(args.rooms),
                   "--pace-ms", str(args.pace_ms), "--seconds", str(args.seconds), "--warmup", str(args.warmup),
                   "--procs", str(args.procs), "--source-base", "127.0.0.", "--seed", "3"]
            if bots:
                gen += ["--bots", str(bots)]
            out = subprocess.run(gen, capture_output=True, text=True, timeout=args.seconds + args.warmup + 600)
        finally:
            stop(srv)
            err = open(err_path).read()
    log.write("== %s\n$ %s\n$ %s\n%s%s%s\n" % (game, shlex.join(server), shlex.join(gen), out.stdout, out.stderr, err))
    found = {k: p.search(out.stdout) for k, p in PATTERNS.items()}
    missing = [k for k in ("started", "actions", "ack", "cpu", "rss") if not found[k]]
    if out.returncode != 0 or missing:
        raise RuntimeError("%s: load_gen failed (rc %d, missing %s):\n%s%s" % (game, out.returncode, missing, out.stdout, out.stderr))
    g = lambda k, i, conv=float: conv(found[k].group(i))  # noqa: E731
    return {
        "game": game, "seats": seats, "bots": bots, "rooms_started": g("started", 1, int),
        "failures": g("started", 2, int), "games": g("started", 3, int),
        "rate": g("actions", 2, int), "errors": g("actions", 3, int),
        "ack": (g("ack", 1), g("ack", 2), g("ack", 3)),
        "patch99": g("patch", 2) if found["patch"] else 0.0,
        "cores": g("cpu", 1), "us": g("cpu", 2), "wait": g("wait", 2) if found["wait"] else 0.0,
        "rss": (g("rss", 1), g("rss", 2)), "kib": g("rss", 3), "server_errors": err.count("[error]"),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rooms", type=int, default=5000)
    p.add_argument("--pace-ms", type=int, default=2000)
    p.add_argument("--players", type=int, default=3, help="seated load clients per room (within the game's range)")
    p.add_argument("--bots", type=int, default=0, help="built-in bot seats per room, beside the clients")
    p.add_argument("--seconds", type=float, default=70)
    p.add_argument("--warmup", type=float, default=40)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--games", default="", help="comma-separated names (default: every registered game)")
    p.add_argument("--p99-ms", type=float, default=50.0)
    p.add_argument("--kib", type=float, default=100.0)
    p.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    p.add_argument("--no-build", action="store_true")
    p.add_argument("--log", default=None, help="every run's full output (default: BUILD_DIR/human_pace.log)")
    args = p.parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    if not args.no_build:
        env = dict(os.environ)
        env.setdefault("HEXHALL_BUILD_JOBS", "1")
        subprocess.run([os.path.join(REPO, "scripts", "build"), "release", "hexhall-server", "load_gen", "hexhall-arena"],
                       check=True, env=env)
    wanted = [g for g in args.games.split(",") if g]
    games = [g for g in registered_games(args.build_dir) if not wanted or g[0] in wanted]
    if wanted and len(games) != len(wanted):
        p.error("unknown game in --games %s" % args.games)
    log_path = args.log or os.path.join(args.build_dir, "human_pace.log")
    print("%d rooms, one action per %d ms per room, %d generator processes; window %g s after %g s; log %s"
          % (args.rooms, args.pace_ms, args.procs, args.seconds, args.warmup, log_path), flush=True)
    ok = True
    with open(log_path, "w") as log:
        for name, fewest, most in games:
            seats = max(fewest, min(most, args.players)) - args.bots
            if seats < 1:
                p.error("%s: --bots %d leaves no seat for a client" % (name, args.bots))
            load = os.getloadavg()[0]
            r = run_game(name, seats, args.bots, args, log)
            met = r["ack"][1] < args.p99_ms and r["kib"] <= args.kib and r["errors"] == 0 and r["failures"] == 0
            ok = ok and met
            print("%-12s %d seats%s: %d rooms started, %d actions/s, ack p50/p99/p99.9 %.2f/%.2f/%.2f ms, other seats' "
                  "patch p99 %.2f ms, %.1f us CPU/action (%.2f cores, waited %.1f s), RSS %.1f -> %.1f MiB = %.1f KiB/room, "
                  "%d action errors, %d failures, %d server [error] lines, load %.1f: %s"
                  % (name, r["seats"], " + %d bots" % r["bots"] if r["bots"] else "", r["rooms_started"], r["rate"],
                     *r["ack"], r["patch99"], r["us"], r["cores"], r["wait"], *r["rss"], r["kib"], r["errors"],
                     r["failures"], r["server_errors"], load, "met" if met else "NOT met"), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
