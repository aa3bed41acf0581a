#!/usr/bin/env python3
"""Server CPU per action, Hexhall against its stack's floor (issue 30; docs/performance.md, "Server
CPU per action against the floor").

The floor is a measuring tool that is NOT part of this project: a bare Beast WebSocket server on
Hexhall's own stack that answers bench/load_gen with an ack and a patch per action and does nothing
else. Its sources (floor_server.cpp) are kept outside the repository; their directory is given with
--floor-dir or $HEXHALL_FLOOR_DIR (the repository names no path outside itself: scripts/check-standalone).
Without one, or when floor_server.cpp is not there, this script says so in one line and measures
Hexhall alone (exit 0): nothing in the project depends on the floor.

Steps:
  1. scripts/build release hexhall-server load_gen (HEXHALL_BUILD_JOBS=1 for one compile at a time);
     the floor's floor_server.cpp is compiled into build/bench/floor/ (again only when it is newer).
  2. For each mode (full speed; paced at 3,000 actions/s = 300 rooms at one action per 100 ms), three
     pairs of runs, floor then Hexhall, with the same load_gen command: Catan, 4 seats + 1 spectator
     per room. Hexhall runs with its default committed SQLite store (--db in a fresh temporary
     directory, synchronous=NORMAL) and no message rate limit; the floor without storage.
  3. Each run's server CPU per validated action: utime+stime of the server process from
     /proc/<pid>/stat at the start and end of load_gen's measuring window (load_gen --server-pid),
     divided by the actions acked in that window. Prints every run, then per mode the median of the
     three pair ratios Hexhall/floor.

usage: bench/floor_ratio.py [--floor-dir DIR] [--pairs 3] [--seconds 20] [--warmup 5]
                            [--modes fast,paced] [--no-build] [--build-dir build]
                            [--hexhall-args "..."] [--floor-args "..."] [--hexhall-env NAME=VALUE]
"""
import argparse
import os
import re
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

# Full speed: every client acts as soon as its previous action's ack and patch arrived.
# Paced: 300 rooms, each one action per 100 ms = 3,000 actions/s offered.
MODES = {
    "fast": ["--rooms", "100"],
    "paced": ["--rooms", "300", "--pace-ms", "100"],
}
COMMON = ["--game", "catan", "--players", "4", "--spectators", "1", "--seed", "3"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, proc, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError("server exited with %s before listening" % proc.returncode)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("server not listening on port %d after %.0f s" % (port, timeout))


def stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def build(args, floor_src):
    if not args.no_build:
        env = dict(os.environ)
        env.setdefault("HEXHALL_BUILD_JOBS", "1")
        subprocess.run(["nice", os.path.join(REPO, "scripts", "build"), "release", "hexhall-server", "load_gen"],
                       check=True, env=env)
    if not floor_src:
        return None
    out_dir = os.path.join(args.build_dir, "bench", "floor")
    os.makedirs(out_dir, exist_ok=True)
    binary = os.path.join(out_dir, "floor_server")
    src = os.path.join(floor_src, "floor_server.cpp")
    if not os.path.exists(binary) or os.path.getmtime(src) > os.path.getmtime(binary):
        print("building the floor: %s -> %s" % (src, binary), flush=True)
        # The floor's own build line (its README), the same optimisation as the release build (-O2 -g).
        subprocess.run(["nice", "g++", "-std=c++20", "-O2", "-g", "-DNDEBUG", "-DBOOST_BEAST_USE_STD_STRING_VIEW",
                        "-pthread", src, "-o", binary], check=True)
    return binary


LINE_ACTIONS = re.compile(r"validated actions (\d+) = (\d+) actions/s; action errors (\d+)")
LINE_CPU = re.compile(r"server pid \d+: CPU ([\d.]+) s over ([\d.]+) s = ([\d.]+) cores; ([\d.]+) us CPU/action")
LINE_ACK = re.compile(r"action -> ack \(ms\):\s+p50 ([\d.]+)\s+p99 ([\d.]+)")
LINE_WAIT = re.compile(r"on CPU ([\d.]+) s, runnable but waiting for a CPU ([\d.]+) s")


LINE_WIRE = re.compile(r"received per action: ([\d.]+) bytes of messages, ([\d.]+) bytes on the sockets")
LINE_RSS = re.compile(r"\(end - before\)/rooms = ([-\d.]+) KiB/room")


def run_one(kind, server_cmd, mode, args, log, env=None, gen_extra=()):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="floor_ratio.") as tmp:
        cmd = [c.replace("{port}", str(port)).replace("{tmp}", tmp) for c in server_cmd]
        srv = subprocess.Popen(cmd, cwd=tmp, env=env, stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "server.err"), "w"))
        try:
            wait_listening(port, srv)
            gen = [args.load_gen, "--port", str(port), "--server-pid", str(srv.pid), "--seconds", str(args.seconds),
                   "--warmup", str(args.warmup)] + COMMON + MODES[mode] + list(gen_extra)
            out = subprocess.run(gen, capture_output=True, text=True, timeout=args.seconds + 120)
        finally:
            stop(srv)
            err = open(os.path.join(tmp, "server.err")).read()
    log.write("== %s %s\n$ %s\n$ %s\n%s%s%s\n" % (kind, mode, shlex.join(cmd), shlex.join(gen), out.stdout, out.stderr, err))
    m_a, m_c = LINE_ACTIONS.search(out.stdout), LINE_CPU.search(out.stdout)
    if out.returncode != 0 or not m_a or not m_c:
        raise RuntimeError("%s %s: load_gen failed (rc %d):\n%s%s" % (kind, mode, out.returncode, out.stdout, out.stderr))
    m_k, m_w = LINE_ACK.search(out.stdout), LINE_WAIT.search(out.stdout)
    r = {
        "actions": int(m_a.group(1)), "rate": int(m_a.group(2)), "errors": int(m_a.group(3)),
        "cpu": float(m_c.group(1)), "cores": float(m_c.group(3)), "us": float(m_c.group(4)),
        "ack50": float(m_k.group(1)) if m_k else 0.0, "ack99": float(m_k.group(2)) if m_k else 0.0,
        "wait": float(m_w.group(2)) if m_w else 0.0,
        "wire": float(LINE_WIRE.search(out.stdout).group(2)) if LINE_WIRE.search(out.stdout) else 0.0,
        "kib_room": float(LINE_RSS.search(out.stdout).group(1)) if LINE_RSS.search(out.stdout) else 0.0,
    }
    print("  %-7s %-5s %8d actions/s  %7.1f us CPU/action  (%.2f cores, waited %.1f s for a CPU; ack p50 %.2f p99 %.2f ms; %d errors)"
          % (kind, mode, r["rate"], r["us"], r["cores"], r["wait"], r["ack50"], r["ack99"], r["errors"]), flush=True)
    return r


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--floor-dir", default=os.environ.get("HEXHALL_FLOOR_DIR", ""),
                   help="the floor's sources (floor_server.cpp); default $HEXHALL_FLOOR_DIR")
    p.add_argument("--pairs", type=int, default=3)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--warmup", type=float, default=5)
    p.add_argument("--modes", default="fast,paced")
    p.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    p.add_argument("--no-build", action="store_true", help="use Hexhall's binaries already in --build-dir")
    p.add_argument("--hexhall-args", default="", help="extra hexhall-server arguments")
    p.add_argument("--floor-args", default="", help="extra floor_server arguments")
    p.add_argument("--hexhall-env", action="append", default=[], metavar="NAME=VALUE",
                   help="environment for hexhall-server only, e.g. LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2")
    p.add_argument("--log", default=None, help="every run's full output (default: BUILD_DIR/floor_ratio.log)")
    args = p.parse_args()
    modes = [m for m in args.modes.split(",") if m]
    for m in modes:
        if m not in MODES:
            p.error("unknown mode %s (fast, paced)" % m)

    floor_src = os.path.abspath(args.floor_dir) if args.floor_dir else None
    if not floor_src:
        print("floor: none given (--floor-dir or HEXHALL_FLOOR_DIR); measuring Hexhall alone", flush=True)
    elif not os.path.isfile(os.path.join(floor_src, "floor_server.cpp")):
        print("floor: no floor_server.cpp in %s; measuring Hexhall alone" % floor_src, flush=True)
        floor_src = None

    args.build_dir = os.path.abspath(args.build_dir)  # the servers run in a temporary directory
    floor_bin = build(args, floor_src)  # --no-build: the floor is still compiled if its binary is missing
    hexhall_bin = os.path.join(args.build_dir, "server", "hexhall-server")
    args.load_gen = os.path.join(args.build_dir, "bench", "load_gen")

    # Hexhall: the default committed SQLite store (a file in the run's temporary directory), two io
    # threads, limits out of the generator's way (one address opens every connection and room).
    hexhall_cmd = [hexhall_bin, "--port", "{port}", "--threads", "2", "--db", "{tmp}/load.db",
                   "--max-connections", "20000", "--max-connections-per-address", "0", "--max-rooms", "10000",
                   "--rooms-per-address", "5000", "--rooms-per-session", "5000", "--msgs-per-second", "0",
                   "--log-level", "warn"] + shlex.split(args.hexhall_args)
    # The floor: 2 threads as Hexhall, no storage; its rooms never end (--game-actions 0): load_gen
    # recognises a game's end by the `room` push with a result, which the floor does not send.
    floor_cmd = [floor_bin or "", "--port", "{port}", "--threads", "2", "--game-actions", "0"] + shlex.split(args.floor_args)

    hexhall_env = dict(os.environ)
    for kv in args.hexhall_env:
        name, _, value = kv.partition("=")
        hexhall_env[name] = value

    log_path = args.log or os.path.join(args.build_dir, "floor_ratio.log")
    print("load_gen: %s %s (+ --port P --server-pid PID --seconds %g --warmup %g); full log in %s"
          % (" ".join(COMMON), " | ".join("%s: %s" % (m, " ".join(MODES[m])) for m in modes), args.seconds, args.warmup,
             log_path), flush=True)
    try:
        load = os.getloadavg()
        print("load average at start: %.1f %.1f %.1f on %d CPUs" % (load[0], load[1], load[2], os.cpu_count()), flush=True)
    except OSError:
        pass
    summary = []
    with open(log_path, "w") as log:
        for mode in modes:
            print("%s:" % mode, flush=True)
            floor_us, hexhall_us, ratios = [], [], []
            for _ in range(args.pairs):
                f = run_one("floor", floor_cmd, mode, args, log) if floor_bin else None
                h = run_one("hexhall", hexhall_cmd, mode, args, log, hexhall_env)
                hexhall_us.append(h["us"])
                if f:
                    floor_us.append(f["us"])
                    ratios.append(h["us"] / f["us"])
                    print("    pair ratio Hexhall/floor %.2f" % ratios[-1], flush=True)
            line = "%-5s Hexhall median %.1f us CPU/action" % (mode, statistics.median(hexhall_us))
            if ratios:
                line += ", floor median %.1f; median pair ratio Hexhall/floor %.2f (pairs: %s)" % (
                    statistics.median(floor_us), statistics.median(ratios), ", ".join("%.2f" % r for r in ratios))
            summary.append(line)
    try:
        load = os.getloadavg()
        print("load average at end: %.1f %.1f %.1f" % load)
    except OSError:
        pass
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
