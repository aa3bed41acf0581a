#!/usr/bin/env python3
"""Catan engine random playouts, Hexhall against Catanatron (issue 30; docs/performance.md, "Catan engine
against Catanatron").

Catanatron (github.com/bcollazo/catanatron, Python) is NOT part of this project and never a dependency:
the path of a checkout is given with --catanatron DIR or $HEXHALL_CATANATRON_DIR (the repository root,
holding catanatron/catanatron/game.py, or the directory holding the catanatron package). Without one,
or when Debian's python3 cannot import networkx (apt-get install python3-networkx; scripts/setup does
not install it), this script says so in one line and exits 0.

Steps:
  1. scripts/build release engine_playout (unless --no-build).
  2. Three pairs, alternately: Catanatron's `Game([RandomPlayer(c) for c in 4 colours]).play()` N times
     (seeds 1..N) in Debian's /usr/bin/python3, then Hexhall's games/catan engine_playout --no-views
     (4 players, random map, random legal actions).
  3. Games per second of CPU time (the process's own CPU: the machine is shared) for each, the ratio
     Hexhall/Catanatron per pair, and their median.

usage: games/catan/bench/catanatron_ratio.py [--catanatron DIR] [--pairs 3] [--games 100] [--hexhall-games 20000]
                                 [--no-build] [--build-dir build] [--python /usr/bin/python3]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # games/catan/bench -> the repository

# Runs inside Catanatron's interpreter: N games of four random players, CPU time only for play().
CATANATRON_RUN = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from catanatron import Game, RandomPlayer, Color
games = int(sys.argv[2])
colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
cpu = 0.0
actions = 0
unfinished = 0
for g in range(games):
    game = Game([RandomPlayer(c) for c in colours], seed=g + 1)
    t0 = time.process_time()
    winner = game.play()
    cpu += time.process_time() - t0
    actions += len(game.state.action_records)
    unfinished += winner is None
print(f"games={games} cpu={cpu:.6f} actions={actions} unfinished={unfinished}")
"""


def package_dir(root):
    """The directory to put on sys.path so that `import catanatron` finds the package, or None."""
    for d in (os.path.join(root, "catanatron"), root):
        if os.path.isfile(os.path.join(d, "catanatron", "game.py")):
            return d
    return None


def run_catanatron(python, pkg, games):
    out = subprocess.run([python, "-c", CATANATRON_RUN, pkg, str(games)], check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"games=(\d+) cpu=([\d.]+) actions=(\d+) unfinished=(\d+)", out)
    if not m:
        sys.exit(f"catanatron: unexpected output: {out!r}")
    g, cpu, actions, unfinished = int(m[1]), float(m[2]), int(m[3]), int(m[4])
    return {"games_per_s": g / cpu, "actions_per_game": actions / g, "unfinished": unfinished, "cpu": cpu}


def run_hexhall(binary, games, seed):
    out = subprocess.run([binary, "--games", str(games), "--seed", str(seed), "--no-views"], check=True,
                         capture_output=True, text=True).stdout
    cpu = re.search(r"playout time:\s+[\d.]+ s wall, ([\d.]+) s CPU", out)
    apg = re.search(r"actions/game:\s+([\d.]+)", out)
    unf = re.search(r"seed \d+, (\d+) unfinished", out)
    if not (cpu and apg and unf):
        sys.exit(f"engine_playout: unexpected output: {out!r}")
    c = float(cpu[1])
    return {"games_per_s": games / c, "actions_per_game": float(apg[1]), "unfinished": int(unf[1]), "cpu": c}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--catanatron", default=os.environ.get("HEXHALL_CATANATRON_DIR", ""))
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--games", type=int, default=100, help="Catanatron games per run")
    ap.add_argument("--hexhall-games", type=int, default=20000, help="Hexhall games per run")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    ap.add_argument("--python", default="/usr/bin/python3", help="Catanatron's interpreter (Debian's python3)")
    a = ap.parse_args()

    pkg = package_dir(a.catanatron) if a.catanatron else None
    if pkg is None:
        print("catanatron: no checkout given (--catanatron DIR or HEXHALL_CATANATRON_DIR with catanatron/game.py)"
              + (f"; {a.catanatron!r} has none" if a.catanatron else "") + ": skipped")
        return 0
    if subprocess.run([a.python, "-c", "import networkx"], capture_output=True).returncode != 0:
        print(f"catanatron: {a.python} cannot import networkx (apt-get install python3-networkx): skipped")
        return 0

    if not a.no_build:
        env = dict(os.environ)
        env.setdefault("HEXHALL_BUILD_JOBS", "1")
        subprocess.run([os.path.join(REPO, "scripts", "build"), "release", "engine_playout"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
    binary = os.path.join(a.build_dir, "games", "catan", "engine_playout")
    if not os.path.exists(binary):
        sys.exit(f"no {binary}: build it (scripts/build release engine_playout)")

    print(f"Catanatron {pkg}: {a.games} games per run; Hexhall engine_playout: {a.hexhall_games} games per run; "
          f"games/s by process CPU time")
    print(f"{'pair':>4}  {'catanatron games/s':>18}  {'actions/game':>12}  {'hexhall games/s':>15}  "
          f"{'actions/game':>12}  {'ratio':>7}")
    ratios = []
    for p in range(a.pairs):
        c = run_catanatron(a.python, pkg, a.games)
        h = run_hexhall(binary, a.hexhall_games, 1 + p * a.hexhall_games)
        ratio = h["games_per_s"] / c["games_per_s"]
        ratios.append(ratio)
        print(f"{p + 1:>4}  {c['games_per_s']:>18.1f}  {c['actions_per_game']:>12.1f}  {h['games_per_s']:>15.0f}  "
              f"{h['actions_per_game']:>12.1f}  {ratio:>6.0f}x"
              + (f"  (unfinished: catanatron {c['unfinished']}, hexhall {h['unfinished']})"
                 if c["unfinished"] or h["unfinished"] else ""))
    print(f"median ratio Hexhall/Catanatron (games/s by CPU time): {statistics.median(ratios):.0f}x  (target >= 500x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
