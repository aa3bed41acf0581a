#!/usr/bin/env python3
"""Runs one example bot (games/catan/bots/examples) for a whole game against a real hexhall-server.

  run_example_bot.py --server build/server/hexhall-server --bot python|js|doc [--timeout 60]
  run_example_bot.py --arena build/tools/hexhall-arena [--timeout 60]

Starts the server on a free loopback port, runs the example (its own room, seed 7, three built-in
heuristic bots) and checks that it exits 0 after a finished game with every patch's digest right
(no resync) and no refused action. --bot doc runs the complete minimal bot printed in
docs/bots.md (the python block after the "minimal-bot" marker) the same way. With --arena: two arena games (server in-process) with the
Python example in a seat reserved by a seat token, which must finish with the example exiting 0.
Standard library only.
"""
import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from doc_blocks import doc_bot

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def python_with_websockets():
    for exe in (sys.executable, "/usr/bin/python3", "python3"):
        if subprocess.run([exe, "-c", "import websockets"], capture_output=True).returncode == 0:
            return exe
    sys.exit("no python3 with the websockets package (scripts/setup installs python3-websockets)")


def wait_healthy(port, server, deadline):
    while time.time() < deadline:
        if server.poll() is not None:
            sys.exit(f"the server exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    sys.exit("the server did not answer /healthz")


def run_arena(arena, timeout, game=None):
    """Two arena games: the default game with the Python example bot in a reserved seat; or, with
    `game`, that game with the game-agnostic random-legal bot (tools/bots/random_legal.py)."""
    start = time.time()
    if game:
        bot = f"ext:{python_with_websockets()} {os.path.join(ROOT, 'tools/bots/random_legal.py')}"
        cmd = [arena, "--game", game, "--bots", f"heuristic,{bot},random", "--games", "2", "--threads", "2",
               "--seed", "5", "--timeout", str(timeout)]
    else:
        bot = f"ext:{python_with_websockets()} {os.path.join(ROOT, 'games/catan/bots/examples/python/bot.py')}"
        cmd = [arena, "--bots", f"heuristic,{bot},random,random", "--games", "2", "--threads", "2",
               "--seed", "5", "--timeout", str(timeout)]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 10)
    print(run.stdout, end="")
    print(run.stderr, end="", file=sys.stderr)
    lines = [l for l in run.stdout.splitlines() if l.startswith("game ")]
    if run.returncode != 0 or "finished 2, failed 0" not in run.stdout or len(lines) != 2:
        sys.exit("arena: the two games did not both finish")
    if not all("-exit=0" in l for l in lines):
        sys.exit("arena: the external bot did not exit 0")
    if not all(", scores [" in l for l in lines):
        sys.exit("arena: a game's scores (the room push's result) are missing")
    print(f"arena{' ' + game if game else ''}: two games in {time.time() - start:.1f} s")


def any_game_runs(args, url, start):
    """The game-agnostic bot of docs/bots.md: one whole game of every registered game, at its
    fewest players (hexhall-arena --list-games: game, fewest, ...)."""
    listing = subprocess.run([args.arena_list, "--list-games"], capture_output=True, text=True, check=True).stdout
    games = [line.split("\t")[:2] for line in listing.splitlines() if line.strip()]
    if not games:
        sys.exit("hexhall-arena --list-games named no game")
    bot = doc_bot("any-game-bot", tempfile.mkdtemp(prefix="hexhall-doc-bot-"))
    failures = []
    for game, fewest in games:
        run = subprocess.run([python_with_websockets(), bot, "--url", url, "--game", game, "--players", fewest,
                              "--seed", "7"], capture_output=True, text=True, timeout=args.timeout + 5)
        print(f"{game}: {run.stdout.strip()}", flush=True)
        print(run.stderr, end="", file=sys.stderr)
        if run.returncode != 0 or "game over: winners [" not in run.stdout or "resyncs 0, refused 0" not in run.stdout:
            failures.append(game)
    if failures:
        sys.exit("the any-game bot of docs/bots.md failed for: " + ", ".join(failures))
    print(f"any-game bot: {len(games)} games in {time.time() - start:.1f} s")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--server")
    p.add_argument("--bot", choices=["python", "js", "doc", "doc-any"])
    p.add_argument("--arena-list", help="with --bot doc-any: hexhall-arena, whose --list-games names every game")
    p.add_argument("--arena")
    p.add_argument("--arena-game", help="with --arena: play this game with the random-legal bot")
    p.add_argument("--timeout", type=float, default=60)
    args = p.parse_args()
    if args.arena:
        return run_arena(args.arena, args.timeout, args.arena_game)
    if not args.server or not args.bot:
        p.error("--server and --bot, or --arena")

    start = time.time()
    port = free_port()
    server = subprocess.Popen([args.server, "--port", str(port), "--address", "127.0.0.1", "--threads", "2",
                               "--db", ":memory:"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(port, server, start + 10)
        url = f"ws://127.0.0.1:{port}/ws"
        common = ["--url", url, "--seed", "7", "--opponents", "heuristic", "--timeout", str(args.timeout)]
        if args.bot == "doc-any":
            return any_game_runs(args, url, start)
        if args.bot == "python":
            cmd = [python_with_websockets(), os.path.join(ROOT, "games/catan/bots/examples/python/bot.py")] + common
        elif args.bot == "doc":
            cmd = [python_with_websockets(), doc_bot("catan-minimal-bot", tempfile.mkdtemp(prefix="hexhall-doc-bot-")), "--url", url, "--seed", "7"]
        else:
            cmd = ["node", os.path.join(ROOT, "games/catan/bots/examples/js/bot.mjs")] + common
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 5)
    finally:
        server.terminate()
        server.wait(10)
    print(run.stdout, end="")
    print(run.stderr, end="", file=sys.stderr)
    failures = []
    if run.returncode != 0:
        failures.append(f"exit status {run.returncode}")
    if "game over: winner seat" not in run.stdout:
        failures.append("no game over")
    if "resyncs 0, refused 0" not in run.stdout:
        failures.append("a digest mismatch (resync) or a refused action")
    if failures:
        sys.exit(f"{args.bot} example bot: " + "; ".join(failures))
    print(f"{args.bot} example bot: a whole game in {time.time() - start:.1f} s")


if __name__ == "__main__":
    main()
