#!/usr/bin/env python3
"""The game-agnostic example bot (tools/bots/random_legal.py) on three nodes sharing one PostgreSQL
(issue 28), run under tests/pg/with-postgres.sh:

  tests/pg/with-postgres.sh python3 tests/examples/bot_failover.py --server build/server/hexhall-server --game G

Three nodes (--node-id, --public-url, --lease-ms 3000) on loopback ports. A host connection on node 0
creates a two-seat room of game G with both seats kept for external bots; bot 0 is started with node 1's
URL and bot 1 with node 2's, so both are answered `moved` and follow it to node 0. Mid-game (the host,
watching as a spectator, has seen 10 moves and the game is not over) node 0 is killed with SIGKILL.
Each bot must then resume by itself (its start URL, its session and seat tokens, `moved` to whichever
node took the room over) and play the game to its end: both exit 0, report the same result, and each
says it was moved at the start and resumed after the lost connection. No node logs an error.
With --arena ARENA: the arena instead (hexhall-arena --url node0,node1,node2, one game of two of the
game's built-in bots, --record), node 0 killed once its record holds 10 moves; the arena must resume
its connection on another node by itself and report the finished game ("resumed").
Needs python3-websockets (scripts/setup). Fails without HEXHALL_TEST_PG.
"""
import argparse
import asyncio
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BOT = os.path.join(ROOT, "tools/bots/random_legal.py")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, proc, seconds=20):
    end = time.time() + seconds
    while time.time() < end:
        if proc.poll() is not None:
            sys.exit(f"a node exited with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"no node listening on port {port} after {seconds} s")


async def host_room(url, game, seconds):
    """On `url`: hello, a two-seat room of `game` with both seats kept for external bots, watched as a
    spectator; returns (the socket, a request function, createRoom's reply)."""
    import websockets
    ws = await websockets.connect(url, max_size=None)
    next_id = 1

    async def request(msg):
        nonlocal next_id
        msg = {"v": 1, "id": next_id, **msg}
        next_id += 1
        await ws.send(json.dumps(msg))
        while True:
            m = json.loads(await asyncio.wait_for(ws.recv(), seconds))
            if m.get("id") == msg["id"]:
                if m.get("type") == "error":
                    sys.exit(f"{msg['type']} refused: {m}")
                return m

    await request({"type": "hello", "name": "host"})
    created = await request({"type": "createRoom", "game": game, "players": 2, "externalBots": [0, 1], "seed": 11})
    await request({"type": "joinRoom", "room": created["room"], "seat": None})
    return ws, request, created


async def run(args, ports, nodes):
    urls = ["ws://127.0.0.1:%d/ws" % p for p in ports]
    ws, request, created = await host_room(urls[0], args.game, 30)
    room = created["room"]
    tokens = {t["seat"]: t["token"] for t in created["seatTokens"]}
    bots = []
    for seat in (0, 1):
        log = open(os.path.join(args.tmp, "bot%d.log" % seat), "w")
        bots.append(subprocess.Popen([args.python, BOT, "--url", urls[seat + 1], "--room", room, "--seat", str(seat),
                                      "--seat-token", tokens[seat], "--seed", str(seat + 3)], stdout=log, stderr=log))
    # Both bots seated (each followed `moved` from its node to node 0), then start.
    end = time.time() + 30
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if m.get("type") == "room" and all(s and s.get("connected") for s in m.get("seats", [])):
            break
        if time.time() > end:
            sys.exit("the bots did not take their seats in 30 s")
    await request({"type": "start", "room": room})
    seen = 0
    while seen < 10:
        m = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if m.get("type") == "patch":
            seen += 1
        if m.get("type") == "room" and m.get("over"):
            sys.exit("the game ended before the kill: nothing to test")
    nodes[0].send_signal(signal.SIGKILL)
    nodes[0].wait()
    killed = time.time()
    print(f"node 0 killed after {seen} moves; waiting for both bots to finish the game on nodes 1 and 2", flush=True)
    await ws.close()
    outs = []
    for seat, bot in enumerate(bots):
        try:
            bot.wait(timeout=max(1, args.timeout - (time.time() - killed)))
        except subprocess.TimeoutExpired:
            bot.kill()
            bot.wait()
        with open(os.path.join(args.tmp, "bot%d.log" % seat)) as f:
            outs.append(f.read())
        print(f"---- bot {seat} (exit {bot.returncode}):\n{outs[-1].strip()}", flush=True)
    ok = True
    for seat, (bot, out) in enumerate(zip(bots, outs)):
        if bot.returncode != 0:
            print(f"FAIL: bot {seat} exited {bot.returncode}")
            ok = False
        if f"moved: connecting to {urls[0]}" not in out:
            print(f"FAIL: bot {seat} did not follow moved from node {seat + 1} to node 0 at the start")
            ok = False
        if "connection lost" not in out:
            print(f"FAIL: bot {seat} did not lose its connection at the kill (the kill was not mid-game for it)")
            ok = False
    results = [[l for l in o.splitlines() if l.startswith("game over: ")] for o in outs]
    if not all(len(r) == 1 for r in results) or results[0][0].split(";")[0] != results[1][0].split(";")[0]:
        print(f"FAIL: the bots did not report one and the same end of the game: {results}")
        ok = False
    return ok


def run_arena(args, ports, nodes):
    urls = ",".join("ws://127.0.0.1:%d/ws" % p for p in ports)
    listing = subprocess.run([args.arena, "--list-games"], capture_output=True, text=True, check=True).stdout
    bots = next((l.split("\t")[3].split(",") for l in listing.splitlines() if l.split("\t")[0] == args.game), None)
    if not bots:
        sys.exit(f"hexhall-arena --list-games does not name {args.game}")
    record = os.path.join(args.tmp, "record")
    arena = subprocess.Popen([args.arena, "--url", urls, "--game", args.game, "--bots", ",".join((bots * 2)[:2]),
                              "--games", "1", "--seed", "5", "--timeout", str(int(args.timeout)), "--record", record],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    end = time.time() + 60
    moves = 0
    while moves < 10:
        if arena.poll() is not None or time.time() > end:
            print(arena.communicate()[0])
            sys.exit(f"the arena's game did not reach 10 moves before it ended or 60 s passed ({moves})")
        try:
            with open(os.path.join(record, "game-0.jsonl")) as f:
                moves = sum(1 for line in f if '"type":"patch"' in line)
        except OSError:
            pass
        time.sleep(0.05)
    nodes[0].send_signal(signal.SIGKILL)
    nodes[0].wait()
    print(f"node 0 killed after {moves} moves of the arena's game", flush=True)
    try:
        out = arena.communicate(timeout=args.timeout + 30)[0]
    except subprocess.TimeoutExpired:
        arena.kill()
        out = arena.communicate()[0]
    print("---- arena:\n" + out.strip(), flush=True)
    games = [l for l in out.splitlines() if l.startswith("game 0 ")]
    ok = arena.returncode == 0 and len(games) == 1 and "winner seat" in games[0] and " resumed " in games[0]
    if not ok:
        print(f"FAIL: the arena did not finish its game after resuming on another node (exit {arena.returncode})")
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", required=True)
    p.add_argument("--game", required=True)
    p.add_argument("--timeout", type=float, default=120, help="seconds for the bots to finish after the kill")
    p.add_argument("--arena", help="hexhall-arena: test the arena's spectator instead of the example bot")
    args = p.parse_args()
    args.server = os.path.abspath(args.server)  # the nodes run in a temporary directory
    args.arena = args.arena and os.path.abspath(args.arena)
    store = os.environ.get("HEXHALL_TEST_PG")
    if not store:
        sys.exit("HEXHALL_TEST_PG is not set: run under tests/pg/with-postgres.sh, which starts PostgreSQL")
    args.python = "/usr/bin/python3"
    for exe in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([exe, "-c", "import websockets"], capture_output=True).returncode == 0:
            args.python = exe
            break
    else:
        sys.exit("no python3 with the websockets package (scripts/setup installs python3-websockets)")
    if args.python != sys.executable:
        os.execv(args.python, [args.python] + sys.argv)
    args.tmp = tempfile.mkdtemp(prefix="bot_failover.")
    ports = [free_port() for _ in range(3)]
    nodes, logs = [], []
    try:
        for i, port in enumerate(ports):
            log = open(os.path.join(args.tmp, "node%d.log" % i), "w")
            logs.append(log.name)
            nodes.append(subprocess.Popen(
                [args.server, "--port", str(port), "--address", "127.0.0.1", "--threads", "1", "--store", store,
                 "--node-id", "n%d" % i, "--lease-ms", "3000", "--public-url", "ws://127.0.0.1:%d/ws" % port,
                 "--bot-move-ms", "100"],
                cwd=args.tmp, stdout=log, stderr=log))
            wait_listening(port, nodes[-1])
        ok = run_arena(args, ports, nodes) if args.arena else asyncio.run(run(args, ports, nodes))
    finally:
        for n in nodes:
            if n.poll() is None:
                n.send_signal(signal.SIGTERM)
        for n in nodes:
            try:
                n.wait(timeout=20)
            except subprocess.TimeoutExpired:
                n.kill()
    for i, name in enumerate(logs):
        with open(name) as f:
            errors = [l for l in f if "[error]" in l]
        if errors:
            print(f"FAIL: node {i} logged errors:\n" + "".join(errors[:10]))
            ok = False
    print("bot failover: " + ("ok" if ok else "FAILED") + ("" if ok else f" (logs in {args.tmp})"))
    if ok:
        shutil.rmtree(args.tmp, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
