#!/usr/bin/env python3
"""Every example bot on three nodes sharing one PostgreSQL (issue 28), run under tests/pg/with-postgres.sh:

  tests/pg/with-postgres.sh python3 tests/examples/bot_failover.py --server build/server/hexhall-server --game G

Three nodes (--node-id, --public-url, --lease-ms 3000) on loopback ports, and four games at once, each in
a room on node 0: two game-agnostic bots (tools/bots/random_legal.py) in a two-seat room of game G; the
Catan Python and JavaScript examples (games/catan/bots/examples) in seats 0 and 1 of a four-seat Catan
room whose other seats are built-in heuristic bots; and the two bots printed in docs/bots.md, each in a
room it makes itself (the Catan minimal bot; the any-game bot, of game G). The hosted rooms' bots are
started with node 1's or node 2's URL first, so each is answered `moved` and follows it to node 0; the
others get node 0's first. Once every game has seen MOVES moves (watched by spectators, none over),
node 0 is killed with SIGKILL. Each bot must then resume by itself (the next URL of its list, its
session token, `moved` to whichever node took the room over), resync from the snapshot and play its
game to the end: every bot exits 0 and reports the end once, the bots of one room report the same
end, and each says that it resumed (and, for the hosted rooms, that it was moved at the start). No
node logs an error.
With --arena ARENA: the arena instead (hexhall-arena --url node0,node1,node2, one game of one of the
game's built-in bots against the game-agnostic external bot, which the arena gives every node's URL,
--record), node 0 killed once its record holds 10 moves; the arena must resume its connection on
another node by itself and report the finished game ("resumed") with the external bot exiting 0.
Needs python3-websockets (scripts/setup), node and the JS example's `npm ci` (scripts/setup). Fails without
HEXHALL_TEST_PG.
"""
import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

from doc_blocks import doc_bot
from processes import free_port, stop_all

MOVES = 6  # node 0 is killed once every game has seen this many moves
LOGS = "the temporary directory bot_failover.*"  # set in main()
STARTED = []  # every bot process: none outlives the test
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BOT = os.path.join(ROOT, "tools/bots/random_legal.py")


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


class Watcher:
    """One connection to a node (hello done): requests with replies, and the messages between them."""

    def __init__(self, ws, seconds):
        self.ws, self.seconds, self.next_id, self.patches, self.over = ws, seconds, 1, 0, False

    @classmethod
    async def open(cls, url, name, seconds=30):
        import websockets
        w = cls(await websockets.connect(url, max_size=None), seconds)
        await w.request({"type": "hello", "name": name})
        return w

    async def recv(self):
        m = json.loads(await asyncio.wait_for(self.ws.recv(), self.seconds))
        self.patches += m.get("type") == "patch"
        self.over = self.over or (m.get("type") == "room" and bool(m.get("over")))
        return m

    async def request(self, msg):
        msg = {"v": 1, "id": self.next_id, **msg}
        self.next_id += 1
        await self.ws.send(json.dumps(msg))
        while True:
            m = await self.recv()
            if m.get("id") == msg["id"]:
                if m.get("type") == "error":
                    sys.exit(f"{msg['type']} refused: {m}")
                return m


async def host(url, options, builtin_seats):
    """On `url`: a room with `options` (its external seats kept by seat tokens), watched by its host as
    a spectator, with built-in heuristic bots in `builtin_seats`; returns (watcher, room, seat tokens)."""
    w = await Watcher.open(url, "host")
    created = await w.request({"type": "createRoom", "seed": 11, **options})
    room = created["room"]
    await w.request({"type": "joinRoom", "room": room, "seat": None})
    for seat in builtin_seats:
        await w.request({"type": "addBot", "room": room, "seat": seat, "bot": "heuristic"})
    return w, room, {t["seat"]: t["token"] for t in created["seatTokens"]}


async def start_when_seated(w, room, seconds=60):
    """Starts the room once every seat is taken and connected (the external bots followed `moved`)."""
    end = time.time() + seconds
    while True:
        try:
            m = await asyncio.wait_for(w.recv(), max(0.1, end - time.time()))
        except asyncio.TimeoutError:
            m = {}
        if m.get("type") == "room" and all(s and s.get("connected") for s in m.get("seats", [])):
            break
        if time.time() > end:
            sys.exit(f"room {room}: the external bots did not take their seats in {seconds} s (their logs: {LOGS})")
    await w.request({"type": "start", "room": room})


async def watch_own_room(url, bot_name, seconds=60):
    """The room an example bot made for itself (found in the lobby by its seat 0's name), watched."""
    lobby = await Watcher.open(url, "finder")
    end = time.time() + seconds
    while time.time() < end:
        rooms = (await lobby.request({"type": "listRooms", "limit": 100}))["rooms"]
        found = [r["room"] for r in rooms if r.get("started") and r["seats"] and r["seats"][0]
                 and r["seats"][0].get("name") == bot_name]
        if found:
            await lobby.ws.close()
            w = await Watcher.open(url, "watcher")
            await w.request({"type": "joinRoom", "room": found[0], "seat": None})
            return w, found[0]
        await asyncio.sleep(0.1)
    sys.exit(f"no started room of {bot_name} in the lobby after {seconds} s (its log: {LOGS})")


async def run(args, ports, nodes):
    """Every example bot at once, each in a room on node 0: the game-agnostic one (two, in a room of
    --game), the Catan Python and JavaScript examples (seats 0 and 1 of a four-seat room, two built-in
    heuristic bots), and the two bots printed in docs/bots.md (each in a room it makes itself, the
    any-game one of --game). The bots of the hosted rooms start at node 1 or 2 and follow `moved` to
    node 0. Once every room has seen 10 moves, node 0 is killed: every bot must resume elsewhere by
    itself and finish its game."""
    urls = ["ws://127.0.0.1:%d/ws" % p for p in ports]
    rotated = [",".join(urls[i:] + urls[:i]) for i in range(3)]
    bots = {}  # label: (process, its log's path)

    def launch(label, cmd):
        path = os.path.join(args.tmp, label + ".log")
        with open(path, "w") as log:
            bots[label] = (subprocess.Popen(cmd, stdout=log, stderr=log, cwd=args.tmp), path)
        STARTED.append(bots[label][0])

    rl = [args.python, os.path.join(ROOT, "tools/bots/random_legal.py")]
    wa, room_a, tokens = await host(urls[0], {"game": args.game, "players": 2, "externalBots": [0, 1]}, [])
    for seat in (0, 1):
        launch(f"random-legal-{seat}", rl + ["--url", rotated[seat + 1], "--room", room_a, "--seat", str(seat),
                                             "--seat-token", tokens[seat], "--seed", str(seat + 3)])
    wb, room_b, tokens = await host(urls[0], {"game": "catan", "players": 4, "externalBots": [0, 1]}, [2, 3])
    examples = os.path.join(ROOT, "games/catan/bots/examples")
    for seat, cmd in ((0, [args.python, os.path.join(examples, "python/bot.py")]),
                      (1, ["node", os.path.join(examples, "js/bot.mjs")])):
        launch(("python", "js")[seat], cmd + ["--url", rotated[seat + 1], "--room", room_b, "--seat", str(seat),
                                               "--seat-token", tokens[seat], "--timeout", str(int(args.timeout) + 60)])
    launch("doc", [args.python, doc_bot("catan-minimal-bot", args.tmp), "--url", rotated[0], "--seed", "7"])
    launch("doc-any", [args.python, doc_bot("any-game-bot", args.tmp), "--url", rotated[0], "--game", args.game,
                       "--players", "2", "--seed", "7"])
    # All four games start about together, so that each is still running when the first reaches MOVES.
    (wc, room_c), (wd, room_d), _, _ = await asyncio.gather(
        watch_own_room(urls[0], "minimal-bot"), watch_own_room(urls[0], "any-game-bot"),
        start_when_seated(wa, room_a), start_when_seated(wb, room_b))
    watchers = {room_a: wa, room_b: wb, room_c: wc, room_d: wd}

    async def follow(w):  # reads the room's stream until node 0 dies (then the connection breaks)
        try:
            while True:
                await w.recv()
        except Exception:  # noqa: BLE001 — the kill ends every watcher's connection
            pass

    readers = [asyncio.ensure_future(follow(w)) for w in watchers.values()]
    end = time.time() + 60
    while not all(w.patches >= MOVES for w in watchers.values()):
        if time.time() > end:
            sys.exit("the four games did not all reach %d moves in 60 s: %s"
                     % (MOVES, {r: w.patches for r, w in watchers.items()}))
        await asyncio.sleep(0.02)
    over = [r for r, w in watchers.items() if w.over]
    if over:
        sys.exit(f"rooms {over} ended before the kill: nothing to test (the game is too short for this test)")
    nodes[0].send_signal(signal.SIGKILL)
    nodes[0].wait()
    killed = time.time()
    print("node 0 killed after " + ", ".join(f"{w.patches} moves in room {r}" for r, w in watchers.items())
          + "; waiting for every bot to finish its game on nodes 1 and 2", flush=True)
    await asyncio.gather(*readers)
    while any(p.poll() is None for p, _ in bots.values()) and time.time() - killed < args.timeout:
        await asyncio.sleep(0.2)
    outs = {}
    for label, (proc, path) in bots.items():
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        with open(path) as f:
            outs[label] = f.read()
        print(f"---- {label} (exit {proc.returncode}):\n{outs[label].strip()}", flush=True)

    ok = True

    def fail(why):
        nonlocal ok
        print("FAIL: " + why)
        ok = False

    for label, (proc, _) in bots.items():
        out = outs[label]
        if proc.returncode != 0:
            fail(f"{label} exited {proc.returncode}")
        if len([l for l in out.splitlines() if l.startswith("game over: ")]) != 1:
            fail(f"{label} did not report the end of its game once")
        if label.startswith("random-legal") or label in ("python", "js"):
            if f"moved: connecting to {urls[0]}" not in out:
                fail(f"{label} did not follow moved to node 0 at the start")
        if label.startswith("random-legal"):
            resumed = "connection lost" in out
        elif label in ("python", "js"):
            resumed = "resumed at version " in out
        else:
            resumed = re.search(r"resumed [1-9]", out) is not None
        if not resumed:
            fail(f"{label} did not resume after node 0 was killed")

    def first_result(label):
        lines = [l for l in outs[label].splitlines() if l.startswith("game over: ")]
        return lines[0].split(";")[0].split(", we were")[0] if lines else label

    if first_result("random-legal-0") != first_result("random-legal-1"):
        fail("the two random-legal bots reported different ends of their game")
    if first_result("python") != first_result("js"):
        fail("the Python and JavaScript examples reported different winners of their game")
    return ok


def run_arena(args, ports, nodes):
    urls = ",".join("ws://127.0.0.1:%d/ws" % p for p in ports)
    listing = subprocess.run([args.arena, "--list-games"], capture_output=True, text=True, check=True).stdout
    bots = next((l.split("\t")[3].split(",") for l in listing.splitlines() if l.split("\t")[0] == args.game), None)
    if not bots:
        sys.exit(f"hexhall-arena --list-games does not name {args.game}")
    record = os.path.join(args.tmp, "record")
    ext = "ext:%s %s" % (args.python, os.path.join(ROOT, "tools/bots/random_legal.py"))
    arena = subprocess.Popen([args.arena, "--url", urls, "--game", args.game, "--bots", bots[0] + "," + ext,
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
    if ok and "-exit=0" not in games[0]:
        print("FAIL: the external bot did not finish the game (it must resume on another node by itself)")
        ok = False
    logs = [os.path.join(record, f) for f in os.listdir(record) if f.endswith(".log")]
    for path in logs:
        with open(path) as f:
            print(f"---- {os.path.basename(path)}:\n" + f.read().strip(), flush=True)
    return ok


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", required=True)
    p.add_argument("--game", required=True)
    p.add_argument("--timeout", type=float, default=240, help="seconds for the bots to finish after the kill")
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
    global LOGS
    LOGS = args.tmp
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
        for b in STARTED:
            if b.poll() is None:
                b.kill()
                b.wait()
        stop_all(nodes, 20)
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
