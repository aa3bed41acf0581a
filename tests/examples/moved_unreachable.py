#!/usr/bin/env python3
"""The game-agnostic bot (tools/bots/random_legal.py) when the node a `moved` names cannot be reached
(it died after the server chose it; docs/protocol.md, `moved`): it goes back to its --url with its
session token and sends the same joinRoom there, instead of failing.

  python3 tests/examples/moved_unreachable.py

A stand-in node on a loopback port (no game: it only answers hello and joinRoom) welcomes the bot,
answers its first joinRoom `moved` to a port where nothing listens, and refuses the second with an
error, which ends the bot. Passes when the second connection came back to the stand-in, resuming the
session with its token and asking for the same room and seat. Needs python3-websockets.
"""
import asyncio
import json
import os
import subprocess
import sys

from processes import free_port

# The python3 that has websockets (cmake may have found another one, e.g. pyenv's): run under it.
for exe in (sys.executable, "/usr/bin/python3"):
    if subprocess.run([exe, "-c", "import websockets"], capture_output=True).returncode == 0:
        if exe != sys.executable:
            os.execv(exe, [exe] + sys.argv)
        break
else:
    sys.exit("no python3 with the websockets package (scripts/setup installs python3-websockets)")

import websockets  # noqa: E402 (after choosing the interpreter)

HERE = os.path.dirname(os.path.abspath(__file__))
BOT = os.path.join(HERE, "..", "..", "tools", "bots", "random_legal.py")
TOKEN = "t" * 64


async def main():
    dead = free_port()  # nothing listens there: the node that died
    connections = []  # per connection: the messages the bot sent

    async def node(ws, path=None):
        sent = []
        connections.append(sent)
        async for text in ws:
            msg = json.loads(text)
            sent.append(msg)
            if msg["type"] == "hello":
                await ws.send(json.dumps({"type": "welcome", "v": 1, "id": msg["id"], "session": TOKEN,
                                          "name": msg["name"]}))
            elif msg["type"] == "joinRoom" and len(connections) == 1:
                await ws.send(json.dumps({"type": "moved", "v": 1, "id": msg["id"], "room": msg["room"],
                                          "url": f"ws://127.0.0.1:{dead}/ws"}))
            elif msg["type"] == "joinRoom":
                await ws.send(json.dumps({"type": "error", "v": 1, "id": msg["id"], "code": "seat_taken",
                                          "message": "the test ends here"}))

    async with websockets.serve(node, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        bot = await asyncio.create_subprocess_exec(
            sys.executable, BOT, "--url", f"ws://127.0.0.1:{port}/ws", "--room", "0123456789abcdef", "--seat", "1",
            "--reconnect-s", "20", stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, _ = await asyncio.wait_for(bot.communicate(), timeout=60)
    log = out.decode(errors="replace")
    failures = []
    if len(connections) != 2:
        failures.append(f"{len(connections)} connections to the start URL (want 2: the first, and the fallback)")
    else:
        hello, join = (connections[1] + [{}, {}])[:2]
        if hello.get("type") != "hello" or hello.get("token") != TOKEN:
            failures.append(f"the fallback did not resume the session with its token: {hello}")
        if join.get("type") != "joinRoom" or join.get("room") != "0123456789abcdef" or join.get("seat") != 1:
            failures.append(f"the fallback did not send the same joinRoom: {join}")
    if failures:
        print("moved_unreachable: FAILED\n  " + "\n  ".join(failures) + "\nbot's output:\n" + log)
        return 1
    print("moved_unreachable: the bot went back to its --url and joined again there")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
