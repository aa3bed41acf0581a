#!/usr/bin/env python3
"""The memory of never-reading WebSockets (issue 26, docs/performance.md "Send budget").

Runs hexhall-server twice on loopback, with the send budget out of the way (--send-budget-bytes and
--send-budget-per-address 1 TiB) and at its defaults (256 MiB, 64 MiB per address). Each time SOCKETS
WebSockets from one address say hello, watch a game of bots and then ask for RESYNCS snapshots each
without ever reading (a 4 KiB receive buffer). Prints the server's resident memory (VmRSS) before,
at the peak and 3 s after the sockets closed, and the slow readers the budget dropped, side by side.

usage: bench/send_budget_rss.py build/server/hexhall-server [SOCKETS [RESYNCS]]
Plain sockets and a minimal WebSocket client (no dependencies).
"""
import base64
import json
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time


def frame(text):
    payload = text.encode()
    head = bytes([0x81])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def connect(port, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % key).encode())
    buf = b""
    while b"\r\n\r\n" not in buf:
        buf += s.recv(1)  # byte by byte: nothing after the handshake is read
    assert b" 101 " in buf.split(b"\r\n")[0], buf
    return s


def read_message(s):
    def exact(n):
        b = b""
        while len(b) < n:
            chunk = s.recv(n - len(b))
            if not chunk:
                raise EOFError
            b += chunk
        return b
    h = exact(2)
    n = h[1] & 0x7F
    if n == 126:
        n = struct.unpack("!H", exact(2))[0]
    elif n == 127:
        n = struct.unpack("!Q", exact(8))[0]
    return json.loads(exact(n))


def read_until(s, kind):
    while True:
        m = read_message(s)
        if m.get("type") == kind:
            return m


def rss_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024


def metric(port, name):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    body = b""
    while True:
        c = s.recv(65536)
        if not c:
            break
        body += c
    m = re.search((r"\n%s (\S+)" % name).encode(), body)
    return float(m.group(1)) if m else -1


def run(server, sockets, resyncs, budget_args):
    d = tempfile.mkdtemp()
    port_file = os.path.join(d, "port")
    proc = subprocess.Popen([server, "--port", "0", "--address", "127.0.0.1", "--port-file", port_file, "--db", ":memory:",
                             "--msgs-per-second", "0", "--max-connections-per-address", "1000", "--threads", "2",
                             "--log-level", "warn"] + budget_args)
    while not os.path.exists(port_file):
        time.sleep(0.05)
    port = int(open(port_file).read())
    host = connect(port)
    host.sendall(frame(json.dumps({"type": "hello", "v": 1, "id": 1, "name": "Host"})))
    read_until(host, "welcome")
    host.sendall(frame(json.dumps({"type": "createRoom", "v": 1, "id": 2, "players": 4, "botFill": "random", "seed": 7})))
    room = read_until(host, "roomCreated")["room"]
    host.sendall(frame(json.dumps({"type": "start", "v": 1, "id": 3, "room": room})))
    read_until(host, "started")
    time.sleep(1)
    before = rss_mb(proc.pid)
    slow = []
    for _ in range(sockets):
        s = connect(port, rcvbuf=4096)
        s.sendall(frame(json.dumps({"type": "hello", "v": 1, "id": 1, "name": "Slow"})))
        s.sendall(frame(json.dumps({"type": "joinRoom", "v": 1, "id": 2, "room": room, "seat": None})))
        slow.append(s)
    peak = rss_mb(proc.pid)
    resync = frame(json.dumps({"type": "resync", "v": 1, "id": 3}))
    # Never blocks: a socket the server no longer reads (it reads on only while few of a
    # connection's requests wait in the room) keeps its unsent rest and skips this turn.
    pending = [b""] * len(slow)
    asked = [0] * len(slow)
    for _ in range(resyncs):
        for i, s in enumerate(slow):
            if not pending[i] and asked[i] < resyncs:
                pending[i] = resync
                asked[i] += 1
            try:
                pending[i] = pending[i][s.send(pending[i], socket.MSG_DONTWAIT):] if pending[i] else b""
            except BlockingIOError:
                pass
            except OSError:
                pending[i] = b""  # dropped
        peak = max(peak, rss_mb(proc.pid))
    for _ in range(30):  # the server works through what it was sent
        time.sleep(0.1)
        peak = max(peak, rss_mb(proc.pid))
    sent = sum(asked)
    dropped = metric(port, "hexhall_send_budget_drops_total")
    queued_peak = metric(port, "hexhall_send_queued_bytes_peak")
    for s in slow:
        s.close()
    time.sleep(3)
    after = rss_mb(proc.pid)
    proc.terminate()
    proc.wait()
    return before, peak, after, dropped, queued_peak, sent


def main():
    server = sys.argv[1]
    sockets = int(sys.argv[2]) if len(sys.argv) > 2 else 250
    resyncs = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    off = run(server, sockets, resyncs, ["--send-budget-bytes", str(1 << 40), "--send-budget-per-address", str(1 << 40)])
    on = run(server, sockets, resyncs, [])
    print("%d never-reading sockets from one address, %d snapshots asked each" % (sockets, resyncs))
    print("%-28s %14s %14s" % ("", "budget off", "default budget"))
    for i, label in enumerate(["RSS before (MB)", "RSS peak (MB)", "RSS 3 s after close (MB)"]):
        print("%-28s %14.1f %14.1f" % (label, off[i], on[i]))
    print("%-28s %14d %14d" % ("slow readers dropped", off[3], on[3]))
    print("%-28s %14.1f %14.1f" % ("most queued at once (MB)", off[4] / 1e6, on[4] / 1e6))
    print("%-28s %14d %14d" % ("snapshots asked (sent)", off[5], on[5]))


if __name__ == "__main__":
    main()
