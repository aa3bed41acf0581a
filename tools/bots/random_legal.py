#!/usr/bin/env python3
"""A game-agnostic external bot: plays a uniformly random action from the server's `legal` list, for
any game the server hosts whose legal actions are listed concretely (every game written as pure
rules; docs/protocol.md "Which game a room plays").

  random_legal.py --url ws://HOST:PORT/ws --room R --seat N [--seat-token T] [--seed S] [--reconnect-s 60]

Several nodes (docs/protocol.md, `moved`; docs/bots.md "Several nodes"): --url may list several nodes,
comma-separated. It follows `moved` to the node that serves the room, and after a lost connection
connects again to the next --url with its session token and seat token and resumes (for
--reconnect-s at most).

It never reads the view: the snapshot's and each patch's payload (under the room's game name) carry
`legal`, and the `room` push's `result` says when the game is over and who won. Exits 0 after a
finished game, 1 on any failure. Needs Python 3 and `websockets` (Debian: python3-websockets).
"""
import argparse
import asyncio
import json
import random
import sys
import time

import websockets

RATE, BURST = 15, 30  # stay under the server's per-connection message rate (docs/operations.md)


class Lost(Exception):
    """The connection is gone, or the node stopped serving the room: connect again (to `url`)."""

    def __init__(self, url=None):
        super().__init__(url or "connection lost")
        self.url = url


async def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", required=True, help="a node's URL, or several, comma-separated")
    p.add_argument("--room", required=True)
    p.add_argument("--seat", type=int, required=True)
    p.add_argument("--seat-token")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--name", default="random-legal")
    p.add_argument("--reconnect-s", type=float, default=60, help="give up after this long without the room")
    args = p.parse_args()
    me = {"rng": random.Random(args.seed if args.seed is not None else args.seat), "session": None, "acted": 0,
          "joined": False, "lost_at": None}
    # Several nodes (docs/protocol.md, `moved`): a lost connection is tried again at the next URL of
    # --url (a load balancer, or a node that takes the room over once its owner's lease ran out) with
    # the session token; a `moved` with a URL is followed there, one without goes to the next URL.
    urls = args.url.split(",")
    url, turn, followed = urls[0], 0, False  # followed: url is the node a `moved` named
    while True:
        try:
            async with websockets.connect(url, max_size=None) as ws:
                return await play(ws, args, me)
        except Lost as e:
            if not e.url:
                turn += 1
            url, followed = e.url or urls[turn % len(urls)], bool(e.url)
            print(f"moved: connecting to {url}", flush=True)
        except (OSError, asyncio.TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake) as e:
            if not me["joined"] and not followed:  # never seated: nothing to resume
                raise
            followed = False  # a node `moved` named may have died since: back to --url
            me["lost_at"] = me["lost_at"] or time.monotonic()
            if time.monotonic() - me["lost_at"] > args.reconnect_s:
                raise RuntimeError(f"no connection to the room for {args.reconnect_s:.0f} s ({e})") from e
            turn += 1
            url = urls[turn % len(urls)]
            print(f"connection lost ({type(e).__name__}): resuming at {url}", flush=True)
            await asyncio.sleep(0.3)


async def play(ws, args, me):
    """One connection: hello (with the session token once we have one), join the seat, play."""
    rng = me["rng"]
    tokens, refilled, next_id = BURST, time.monotonic(), 1

    async def send(msg):
        nonlocal tokens, refilled, next_id
        while True:
            now = time.monotonic()
            tokens, refilled = min(BURST, tokens + (now - refilled) * RATE), now
            if tokens >= 1:
                tokens -= 1
                break
            await asyncio.sleep((1 - tokens) / RATE)
        msg = {"v": 1, "id": next_id, **msg}
        next_id += 1
        await ws.send(json.dumps(msg))
        return msg["id"]

    hello = {"type": "hello", "name": args.name}
    if me["session"]:
        hello["token"] = me["session"]
    await send(hello)
    join = {"type": "joinRoom", "room": args.room, "seat": args.seat}
    if args.seat_token:
        join["seatToken"] = args.seat_token
    join_id = await send(join)
    game, legal, version, pending = None, [], -1, None
    while True:
        msg = json.loads(await ws.recv())
        kind = msg.get("type")
        if kind == "welcome":
            me["session"] = msg.get("session")
            continue
        if kind == "moved":  # another node serves the room (url), or this one stopped serving it
            raise Lost(msg.get("url"))
        if kind == "joined":
            me["joined"], me["lost_at"] = True, None
            continue
        if kind == "error":
            if msg.get("id") == join_id:
                if me["joined"] and msg.get("code") == "already_seated":
                    continue  # the resumed session was seated again by the hello already
                print(f"joinRoom failed: {msg.get('code')}: {msg.get('message')}", file=sys.stderr)
                return 1
            if pending is not None and msg.get("id") == pending:
                # Refused (someone acted first, or a timing race): ask for the current state.
                pending = None
                await send({"type": "resync"})
            continue
        if kind == "room":
            result = msg.get("result")
            if msg.get("over") and result is not None:
                won = args.seat in result.get("winners", [])
                print(f"game over: winners {result.get('winners')}, scores {result.get('scores')}; "
                      f"{me['acted']} actions by seat {args.seat}{' (won)' if won else ''}", flush=True)
                return 0
            continue
        if kind == "ack" and msg.get("id") == pending:
            pending = None
            continue
        if kind in ("snapshot", "patch"):
            game = msg.get("game", game)
            payload = msg.get(game) or {}
            if kind == "patch" and msg.get("to", 0) <= version:
                continue
            version = msg.get("version", msg.get("to", version))
            if "legal" in payload:
                legal = payload["legal"] or []
        if legal and pending is None and game:
            action = rng.choice(legal)
            legal = []
            pending = await send({"type": "action", "game": game, game: action})
            me["acted"] += 1


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except Exception as e:  # any failure: a clear line and exit 1
        print(f"random_legal: {e}", file=sys.stderr)
        sys.exit(1)
