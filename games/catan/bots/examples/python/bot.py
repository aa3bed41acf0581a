#!/usr/bin/env python3
"""An example Hexhall bot that plays a full game over the WebSocket protocol (docs/bots.md).

  bot.py --url ws://127.0.0.1:8080/ws                       # own room, 3 built-in heuristic bots
  bot.py --url ws://HOST:PORT/ws --room R --seat N --seat-token T   # a seat reserved for this bot
  bot.py --url ws://A:8080/ws,ws://B:8080/ws,ws://C:8080/ws …       # several nodes (docs/bots.md)

Several nodes: it follows `moved` (at the join or at any point of the game) to the node that serves
the room, and when its connection is lost it connects again (the next --url, or the one `moved`
named) with its session token and resumes from the fresh snapshot, for --reconnect-s at most.
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

    async def recv(self):
        msg = json.loads(await self.ws.recv())
        if msg.get("type") == "moved":  # another node serves the room (url), or this one stopped serving it
            raise Moved(msg.get("url"))
        return msg

    async def request(self, msg):
        rid = await self.send(msg)
        while True:
            reply = await self.recv()
            if reply.get("id") == rid and reply["type"] not in ("snapshot", "patch"):
                if reply["type"] == "error":
                    raise RuntimeError(f"{msg['type']} failed: {reply['code']}: {reply.get('message')}")
                return reply
            self.queued.append(reply)

    async def receive(self):
        if self.queued:
            return self.queued.pop(0)
        return await self.recv()


class Moved(Exception):
    """`moved` (docs/protocol.md): connect to `url`, or without one to another node, and resume there."""

    def __init__(self, url):
        super().__init__(url or "moved")
        self.url = url


async def lobby(conn, args, me):
    """hello, then either join the reserved seat or create a room, sit, add bots and start.
    Once seated, a new connection only says hello with the session token: the server answers
    `joined` and a fresh snapshot of the seat (or `moved`)."""
    hello = {"type": "hello", "name": args.name}
    if me["session"]:
        hello["token"] = me["session"]
    me["session"] = (await conn.request(hello))["session"]
    if me["seat"] is not None:
        return
    if args.room:
        join = {"type": "joinRoom", "room": args.room, "seat": args.seat}
        if args.seat_token:
            join["seatToken"] = args.seat_token
        joined = await conn.request(join)
        print(f"joined room {joined['room']} in seat {joined['seat']}", flush=True)
        me["seat"] = joined["seat"]
        return
    options = {"players": 4}
    if args.seed is not None:
        options["seed"] = args.seed
    room = (await conn.request({"type": "createRoom", **options}))["room"]
    await conn.request({"type": "joinRoom", "room": room, "seat": 0})
    for seat in (1, 2, 3):
        await conn.request({"type": "addBot", "room": room, "seat": seat, "bot": args.opponents})
    await conn.request({"type": "start", "room": room})
    print(f"created room {room}, seat 0 against 3 {args.opponents} bots", flush=True)
    me["seat"] = 0


async def play(conn, stats, me, resuming):
    """The game loop: keep the view in sync, act whenever the legal actions ask us to. On a new
    connection it starts afresh: patches are ignored until the seat's snapshot (after a resume, the
    one that follows `joined`)."""
    view = legal = None
    version = -1
    pending = None        # (id, version it was decided at) of our action in flight; never two at once
    resync_id = None      # id of our resync in flight (patches are ignored until its snapshot)
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
            me["lost_at"] = None
            if resuming:  # back in the game on a new connection
                stats["resumed"] += 1
                resuming = False
                print(f"resumed at version {version}", flush=True)
            if digest(view) != msg["digest"]:
                raise RuntimeError("snapshot digest mismatch: the canonical form is wrong")
        elif kind == "patch":
            if view is None or resync_id is not None or msg["to"] <= version:
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
    p.add_argument("--url", default="ws://127.0.0.1:8080/ws", help="a node's URL, or several, comma-separated")
    p.add_argument("--room", help="join this room (with --seat and --seat-token) instead of creating one")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seat-token")
    p.add_argument("--seed", type=int, help="fixed game seed for a room we create")
    p.add_argument("--opponents", default="heuristic", choices=["random", "heuristic", "search"])
    p.add_argument("--name", default="python-example")
    p.add_argument("--timeout", type=float, default=600, help="give up after this many seconds")
    p.add_argument("--reconnect-s", type=float, default=60, help="give up after this long without the room")
    args = p.parse_args()
    view, stats, seat = await asyncio.wait_for(run(args), args.timeout)
    me = view["players"][seat]
    print(f"game over: winner seat {view['winner']}, we were seat {seat} with {me['totalVp']} VP "
          f"after {view['turn']} turns ({'won' if view['winner'] == seat else 'lost'})")
    print(f"actions {stats['actions']}, patches {stats['patches']}, resyncs {stats['resyncs']}, "
          f"refused {stats['refused']}, overtaken {stats['stale']}, resumed {stats['resumed']}", flush=True)


async def run(args):
    """Connects, takes the seat and plays; on several nodes (docs/bots.md "Several nodes") follows
    `moved` and resumes on another node after a lost connection, until the game is over."""
    urls = args.url.split(",")
    me = {"session": None, "seat": None, "lost_at": None}
    stats = {"actions": 0, "patches": 0, "resyncs": 0, "refused": 0, "stale": 0, "resumed": 0}
    url, turn, followed = urls[0], 0, False  # followed: url is the node a `moved` named
    while True:
        try:
            async with websockets.connect(url, max_size=2**22) as ws:
                conn = Connection(ws)
                resuming = me["seat"] is not None
                await lobby(conn, args, me)
                return (*await play(conn, stats, me, resuming), me["seat"])
        except Moved as m:
            error = m
        except (OSError, asyncio.TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake) as e:
            if me["seat"] is None and not followed:
                raise  # never seated: nothing to resume (a node `moved` named may have died: back to --url)
            error = e
        followed = isinstance(error, Moved) and bool(error.url)
        me["lost_at"] = me["lost_at"] or time.monotonic()
        if time.monotonic() - me["lost_at"] > args.reconnect_s:
            raise RuntimeError(f"no connection to the room for {args.reconnect_s:.0f} s ({error!r})")
        if isinstance(error, Moved) and error.url:  # straight to the node that serves the room
            url = error.url
            print(f"moved: connecting to {url}", flush=True)
            continue
        # Lost, or `moved` without a URL (that node stopped serving the room; another takes it over).
        turn += 1
        url = urls[turn % len(urls)]
        print(f"connection lost ({type(error).__name__}): resuming at {url}", flush=True)
        await asyncio.sleep(0.3)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except Exception as e:  # noqa: BLE001 — an example: report and fail
        print(f"error: {e!r}", file=sys.stderr)
        sys.exit(1)
