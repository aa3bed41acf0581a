#!/usr/bin/env python3
"""A game-agnostic external bot: plays a uniformly random action from the server's `legal` list, for
any game the server hosts whose legal actions are listed concretely (every game written as pure
rules; docs/protocol.md "Which game a room plays").

  random_legal.py --url ws://HOST:PORT/ws --room R --seat N [--seat-token T] [--seed S]

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


async def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", required=True)
    p.add_argument("--room", required=True)
    p.add_argument("--seat", type=int, required=True)
    p.add_argument("--seat-token")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--name", default="random-legal")
    args = p.parse_args()
    rng = random.Random(args.seed if args.seed is not None else args.seat)
    tokens, refilled, next_id = BURST, time.monotonic(), 1

    async with websockets.connect(args.url, max_size=None) as ws:
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

        await send({"type": "hello", "name": args.name})
        join = {"type": "joinRoom", "room": args.room, "seat": args.seat}
        if args.seat_token:
            join["seatToken"] = args.seat_token
        join_id = await send(join)
        game, legal, version, pending, acted = None, [], -1, None, 0
        while True:
            msg = json.loads(await ws.recv())
            kind = msg.get("type")
            if kind == "error":
                if msg.get("id") == join_id:
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
                          f"{acted} actions by seat {args.seat}{' (won)' if won else ''}", flush=True)
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
                acted += 1


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except Exception as e:  # any failure: a clear line and exit 1
        print(f"random_legal: {e}", file=sys.stderr)
        sys.exit(1)
