#!/usr/bin/env python3
"""permessage-deflate on the WebSocket, measured (issue 27: "keep it only if the CPU cost is small";
docs/performance.md, "WebSocket compression").

Alternating runs of hexhall-server with the same load_gen command as bench/floor_ratio.py (Catan,
4 seats + 1 spectator per room, full speed and paced at 3,000 actions/s): deflate off, then on with
each window size asked for (--ws-deflate N on the server, --deflate 1 on load_gen). The store is
in memory (--db :memory:): the comparison is the WebSocket's cost alone. Prints, per setting and mode,
the medians of server CPU per action, the bytes load_gen's sockets received per action (TCP_INFO:
framing and compression included) and the server's memory per room (RSS growth / rooms: 5
connections a room).

usage: bench/ws_deflate.py [--windows 15,10] [--runs 3] [--seconds 15] [--warmup 5]
                           [--modes fast,paced] [--no-build] [--build-dir build]
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import floor_ratio as fr  # noqa: E402  (the same servers, load_gen command and parsing)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--windows", default="15,10", help="window bits to try with deflate on (9..15)")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--seconds", type=float, default=15)
    p.add_argument("--warmup", type=float, default=5)
    p.add_argument("--modes", default="fast,paced")
    p.add_argument("--build-dir", default=os.path.join(fr.REPO, "build"))
    p.add_argument("--no-build", action="store_true")
    p.add_argument("--log", default=None)
    args = p.parse_args()
    args.build_dir = os.path.abspath(args.build_dir)
    fr.build(args, None)
    args.load_gen = os.path.join(args.build_dir, "bench", "load_gen")
    server = [os.path.join(args.build_dir, "server", "hexhall-server"), "--port", "{port}", "--threads", "2",
              "--db", ":memory:", "--max-connections", "20000", "--max-connections-per-address", "0",
              "--max-rooms", "10000", "--rooms-per-address", "5000", "--rooms-per-session", "5000",
              "--msgs-per-second", "0", "--log-level", "warn"]
    settings = [("off", [], [])] + [("deflate %s" % w, ["--ws-deflate", w], ["--deflate", "1"])
                                    for w in args.windows.split(",") if w]
    log_path = args.log or os.path.join(args.build_dir, "ws_deflate.log")
    print("load_gen: %s; full log in %s" % (" ".join(fr.COMMON), log_path), flush=True)
    summary = []
    with open(log_path, "w") as log:
        for mode in [m for m in args.modes.split(",") if m]:
            print("%s:" % mode, flush=True)
            got = {name: [] for name, _, _ in settings}
            for _ in range(args.runs):
                for name, srv_extra, gen_extra in settings:  # alternating: the machine's load hits all alike
                    r = fr.run_one(name, server + srv_extra, mode, args, log, gen_extra=gen_extra)
                    print("    %-10s %7.0f bytes/action, %.1f KiB/room" % (name, r["wire"], r["kib_room"]), flush=True)
                    got[name].append(r)
            base_us = statistics.median(r["us"] for r in got["off"])
            base_bytes = statistics.median(r["wire"] for r in got["off"])
            for name, _, _ in settings:
                us = statistics.median(r["us"] for r in got[name])
                wrote = statistics.median(r["wire"] for r in got[name])
                kib = statistics.median(r["kib_room"] for r in got[name])
                summary.append("%-5s %-10s %6.1f us CPU/action (%.2fx off), %6.0f bytes/action received (%.2fx off), %6.1f KiB/room"
                               % (mode, name, us, us / base_us, wrote, wrote / base_bytes if base_bytes else 0, kib))
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
