#!/usr/bin/env python3
"""An example Hexhall bot that plays a full game over the WebSocket protocol (docs/bots.md).

  bot.py --url ws://127.0.0.1:8080/ws                       # own room, 3 built-in heuristic bots
  bot.py --url ws://HOST:PORT/ws --room R --seat N --seat-token T   # a seat reserved for this bot

Needs Python 3 and the `websockets` package (Debian: python3-websockets). Exits 0 after a
finished game, 1 on any failure.
"""
import argparse
import asyncio
import json
import sys
import time

import websockets

from policy import choose
from view_sync import apply_patch, digest


class Connection:
    """Request/reply over one WebSocket: every request gets a fresh id; messages that are not the
    awaited reply (pushes, snapshots, patches) are queued for the game loop. Sends are paced to
    at most RATE per second (bursts of BURST): the server refuses messages beyond a per-connection
    rate (hexhall-server --msgs-per-second, 20 by default, bursts of 40), and against built-in
    bots a program would otherwise answer faster than that."""

    RATE, BURST = 15, 30

    def __init__(self, ws):
        self.ws, self.next_id, self.queued = ws, 1, []
        self.tokens, self.refilled = self.BURST, time.monotonic()

    async def pace(self):
        while True:
            now = time.monotonic()
            self.tokens = min(self.BURST, self.tokens + (now - self.refilled) * self.RATE)
            self.refilled = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.RATE)

    async def send(self, msg):
        await self.pace()
        msg = {"v": 1, "id": self.next_id, **msg}
        self.next_id += 1
        await self.ws.send(json.dumps(msg))
        return msg["id"]

    async def request(self, msg):
        rid = await self.send(msg)
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("id") == rid and reply["type"] not in ("snapshot", "patch"):
                if reply["type"] == "error":
                    raise RuntimeError(f"{msg['type']} failed: {reply['code']}: {reply.get('message')}")
                return reply
            self.queued.append(reply)

    async def receive(self):
        if self.queued:
            return self.queued.pop(0)
        return json.loads(await self.ws.recv())


class Moved(Exception):
    """joinRoom answered `moved`: connect to `url` and join there."""

    def __init__(self, url):
        super().__init__(url)
        self.url = url


async def lobby(conn, args):
    """hello, then either join the reserved seat or create a room, sit, add bots and start."""
    await conn.request({"type": "hello", "name": args.name})
    if args.room:
        join = {"type": "joinRoom", "room": args.room, "seat": args.seat}
        if args.seat_token:
            join["seatToken"] = args.seat_token
        joined = await conn.request(join)
        if joined["type"] == "moved":  # several nodes: another node serves the room (docs/protocol.md)
            raise Moved(joined["url"])
        print(f"joined room {joined['room']} in seat {joined['seat']}", flush=True)
        return joined["seat"]
    options = {"players": 4}
    if args.seed is not None:
        options["seed"] = args.seed
    room = (await conn.request({"type": "createRoom", **options}))["room"]
    await conn.request({"type": "joinRoom", "room": room, "seat": 0})
    for seat in (1, 2, 3):
        await conn.request({"type": "addBot", "room": room, "seat": seat, "bot": args.opponents})
    await conn.request({"type": "start", "room": room})
    print(f"created room {room}, seat 0 against 3 {args.opponents} bots", flush=True)
    return 0


async def play(conn):
    """The game loop: keep the view in sync, act whenever the legal actions ask us to."""
    view = legal = None
    version = -1
    pending = None        # (id, version it was decided at) of our action in flight; never two at once
    resync_id = None      # id of our resync in flight (patches are ignored until its snapshot)
    stats = {"actions": 0, "patches": 0, "resyncs": 0, "refused": 0, "stale": 0}
    trades_turn, trades = -1, 0

    async def resync():
        nonlocal resync_id
        stats["resyncs"] += 1
        resync_id = await conn.send({"type": "resync"})

    while True:
        msg = await conn.receive()
        kind = msg["type"]
        if kind == "snapshot":
            if resync_id is not None and msg.get("id") != resync_id:
                continue  # an older snapshot; ours is coming
            resync_id = None
            view, legal, version = msg["catan"]["view"], msg["catan"]["legal"], msg["version"]
            if digest(view) != msg["digest"]:
                raise RuntimeError("snapshot digest mismatch: the canonical form is wrong")
        elif kind == "patch":
            if resync_id is not None or msg["to"] <= version:
                continue
            if msg["from"] != version:
                await resync()
                continue
            view = apply_patch(view, msg["ops"])
            legal, version = msg["catan"]["legal"], msg["to"]
            stats["patches"] += 1
            if digest(view) != msg["digest"]:
                print(f"digest mismatch at version {version}: resync", file=sys.stderr)
                await resync()
                continue
        elif kind == "ack" and pending and msg["id"] == pending[0]:
            pending = None
            continue  # the patch of our action follows
        elif kind == "error" and msg.get("code") == "rate_limited":
            # Our last message was dropped unread (its id is unknown): wait, then start afresh.
            print("rate limited: slowing down", file=sys.stderr)
            await asyncio.sleep(1)
            pending = None
            await resync()
            continue
        elif kind == "error" and pending and msg.get("id") == pending[0]:
            decided_at, pending = pending[1], None
            if version != decided_at:
                # Someone acted first (e.g. the offer we answered was withdrawn: offer_closed): a normal race.
                # The patches that came meanwhile are applied; decide again below.
                stats["stale"] += 1
            else:
                print(f"action refused: {msg['code']} {msg.get('message')}", file=sys.stderr)
                stats["refused"] += 1
                if stats["refused"] > 20:
                    raise RuntimeError("too many refused actions")
                await resync()  # our view may be wrong; act again on a fresh snapshot
                continue
        else:
            continue  # room, chat, seedReveal … pushes: not needed to play

        if view["phase"] == "gameOver":
            return view, stats
        if pending is None and resync_id is None:
            if view["turn"] != trades_turn:
                trades_turn, trades = view["turn"], 0
            intent = choose(view, legal, trades)
            if intent is not None:
                trades += intent["type"] == "bankTrade"
                pending = (await conn.send({"type": "action", "game": "catan", "catan": intent}), version)
                stats["actions"] += 1


async def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--url", default="ws://127.0.0.1:8080/ws")
    p.add_argument("--room", help="join this room (with --seat and --seat-token) instead of creating one")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seat-token")
    p.add_argument("--seed", type=int, help="fixed game seed for a room we create")
    p.add_argument("--opponents", default="heuristic", choices=["random", "heuristic", "search"])
    p.add_argument("--name", default="python-example")
    p.add_argument("--timeout", type=float, default=600, help="give up after this many seconds")
    args = p.parse_args()

    url = args.url
    for _ in range(5):  # follows `moved` to the node that serves the room
        async with websockets.connect(url, max_size=2**22) as ws:
            conn = Connection(ws)
            try:
                seat = await lobby(conn, args)
            except Moved as m:
                url = m.url
                continue
            view, stats = await asyncio.wait_for(play(conn), args.timeout)
            break
    else:
        raise RuntimeError("moved too many times")
    me = view["players"][seat]
    print(f"game over: winner seat {view['winner']}, we were seat {seat} with {me['totalVp']} VP "
          f"after {view['turn']} turns ({'won' if view['winner'] == seat else 'lost'})")
    print(f"actions {stats['actions']}, patches {stats['patches']}, resyncs {stats['resyncs']}, "
          f"refused {stats['refused']}, overtaken {stats['stale']}", flush=True)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except Exception as e:  # noqa: BLE001 — an example: report and fail
        print(f"error: {e!r}", file=sys.stderr)
        sys.exit(1)
