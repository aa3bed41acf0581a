#!/usr/bin/env python3
"""docker/compose.yaml's cluster run natively, without Docker (issue 28; docs/decisions/034-*.md):

  tests/pg/with-postgres.sh python3 tests/pg/compose-native.py --server build/server/hexhall-server \\
      --arena build/tools/hexhall-arena

Reads docker/compose.yaml (profile "cluster") and docker/Dockerfile and runs what they describe on
loopback: each node service as its image's ENTRYPOINT followed by its `command` list, unchanged but for
what Docker would map (the image's paths to this checkout and a temporary /data, the service names to
127.0.0.1, every port to a free one: the container port the node listens on and the host port its
`ports` entry publishes are one free port), plus `--address 127.0.0.1` (a container's own network is
loopback here); PostgreSQL is the one tests/pg/with-postgres.sh started (HEXHALL_TEST_PG), with the
role and database the postgres service's environment names; the proxy is Debian's nginx, run as a
non-root process with a temporary prefix, serving the proxy's mounted file (docker/nginx-cluster.conf)
inside an `http` block as the nginx image does, with its `listen` port and upstream `server NAME:PORT`
lines mapped the same way. A flag, a service name or a port that does not match what the nodes listen
on fails the test (it is not corrected). The nodes start together on an empty database.

compose's default service (one node, SQLite on /data) is started the same way first: it must serve
the lobby and stop cleanly. Then, through the proxy only: the lobby page, /healthz and /metrics answer (and /metrics on each
node's published port); two game-agnostic bots (tools/bots/random_legal.py, --url the proxy) play a game
of the first game written as pure rules (hexhall-arena --list-games) to its end while the node serving
it is killed with SIGKILL mid-game (it is then restarted, as compose's restart policy would); then
three games while every node in turn gets the service's stop_signal, must exit 0 within its
stop_grace_period and is started again (waiting for its /healthz) before the next: every game ends,
both bots of each report the same end, the stored action log has no gap, the record is served, and no
node logs an error. Finally a node of this version must refuse to start on a database whose schema
a newer version made incompatible (docs/operations.md, "Upgrading").

The Dockerfile's runtime stage is checked too: every shared library hexhall-server needs comes from a
Debian package that stage installs (or from the base image), and its build stage runs scripts/setup.
Fails without HEXHALL_TEST_PG, nginx (scripts/setup) or python3-yaml.
"""
import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tests", "examples"))
from processes import free_port, stop_all
DOCKER = os.path.join(ROOT, "docker")
BOT = os.path.join(ROOT, "tools/bots/random_legal.py")
# The base image's own packages (debian:bookworm-slim): libraries the runtime stage need not install.
BASE_PACKAGES = {"libc6", "libstdc++6", "libgcc-s1"}
STARTED = []  # every process this test started: none outlives it


def fail(why):
    raise SystemExit("compose-native: FAILED: " + why)


def http_get(port, path, timeout=5):
    """(status, body) of GET http://127.0.0.1:port/path; status 0 when nothing answers."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except (OSError, urllib.error.URLError):
        return 0, ""


def wait_for(what, check, seconds=30, proc=None):
    end = time.time() + seconds
    while time.time() < end:
        if proc is not None and proc.poll() is not None:
            fail(f"{what}: the process exited with status {proc.returncode}")
        if check():
            return
        time.sleep(0.05)
    fail(f"{what}: not within {seconds} s")


def psql(args, sql):
    out = subprocess.run([args.psql, "-X", "-q", "-At", "-d", args.pg, "-c", sql], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"psql {sql!r}: {out.stderr.strip()}")
    return out.stdout.strip()


def parse_duration(text, default):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m)?", str(text or "").strip())
    if not m:
        return default
    return float(m.group(1)) * {"ms": 0.001, "s": 1, "m": 60, None: 1}[m.group(2)]


# ---- what compose.yaml and the Dockerfile say

def dockerfile_stages():
    """The Dockerfile's stages: [{"from":..., "lines": [instruction, ...]}], continuation lines joined."""
    with open(os.path.join(DOCKER, "Dockerfile"), encoding="utf-8") as f:
        text = re.sub(r"\\\n", " ", f.read())
    stages = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.upper().startswith("FROM "):
            stages.append({"from": line.split()[1], "lines": []})
        elif stages:
            stages[-1]["lines"].append(line)
    return stages


def instruction(stage, name):
    return [l[len(name):].strip() for l in stage["lines"] if l.upper().startswith(name + " ")]


def check_dockerfile(args):
    """The runtime stage installs a package for every library the binary links; the build stage runs
    the scripts (so its packages are scripts/setup's); the ENTRYPOINT runs the binary the stage copies."""
    stages = dockerfile_stages()
    if len(stages) < 2:
        fail("docker/Dockerfile: expected a build stage and a runtime stage")
    build, runtime = stages[0], stages[-1]
    runs = " ".join(instruction(build, "RUN"))
    for step in ("scripts/setup", "scripts/build release", "scripts/build-web"):
        if step not in runs:
            fail(f"docker/Dockerfile: the build stage does not run {step} (scripts/run's steps)")
        if not os.path.exists(os.path.join(ROOT, step.split()[0])):
            fail(f"docker/Dockerfile: {step.split()[0]} does not exist")
    installed = set()
    for run in instruction(runtime, "RUN"):
        for m in re.finditer(r"apt-get install ([^&;|]*)", run):
            installed |= {w for w in m.group(1).split() if not w.startswith("-")}
    needed = {}
    dyn = subprocess.run(["readelf", "-d", args.server], capture_output=True, text=True, check=True).stdout
    cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for lib in re.findall(r"NEEDED\)\s+Shared library: \[([^\]]+)\]", dyn):
        path = next((l.split("=>")[-1].strip() for l in cache.splitlines() if l.strip().startswith(lib + " ")), None)
        if not path:
            fail(f"hexhall-server needs {lib}, which ldconfig does not know")
        owner = subprocess.run(["dpkg", "-S", os.path.realpath(path)], capture_output=True, text=True)
        if owner.returncode != 0:
            owner = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
        if owner.returncode != 0:
            fail(f"no Debian package owns {path} ({lib})")
        needed[lib] = owner.stdout.split(":")[0].strip()
    missing = {lib: pkg for lib, pkg in needed.items() if pkg not in installed and pkg not in BASE_PACKAGES}
    if missing:
        fail("docker/Dockerfile's runtime stage does not install " +
             ", ".join(f"{pkg} (for {lib})" for lib, pkg in sorted(missing.items())))
    entry = json.loads(instruction(runtime, "ENTRYPOINT")[0])
    copied = [c.split()[-1] for c in instruction(runtime, "COPY")]
    if entry[0] not in copied:
        fail(f"docker/Dockerfile: the ENTRYPOINT runs {entry[0]}, which no COPY puts there ({copied})")
    print(f"Dockerfile: runtime packages cover the {len(needed)} libraries hexhall-server links "
          f"({', '.join(sorted(set(needed.values()) - BASE_PACKAGES))})", flush=True)
    return entry


def load_compose():
    import yaml  # python3-yaml (scripts/setup)
    with open(os.path.join(DOCKER, "compose.yaml"), encoding="utf-8") as f:
        return yaml.safe_load(f)


def published(service):
    """[(host port, container port)] of a service's `ports` list ("8081:8080")."""
    out = []
    for p in service.get("ports", []):
        parts = str(p).split(":")
        if len(parts) != 2:
            fail(f"compose.yaml: port entry {p!r}: expected HOST:CONTAINER")
        out.append((int(parts[0]), int(parts[1])))
    return out


class Cluster:
    """The cluster profile's services, mapped to this machine."""

    def __init__(self, args, compose, entry):
        self.args, self.tmp = args, args.tmp
        services = compose.get("services", {})
        self.nodes = [n for n, s in services.items() if "cluster" in s.get("profiles", [])
                      and s.get("image", "").startswith("hexhall") and "command" in s]
        if len(self.nodes) < 2:
            fail(f"compose.yaml: fewer than two hexhall nodes in profile cluster ({self.nodes})")
        self.services = services
        self.pg_service = next((n for n, s in services.items() if str(s.get("image", "")).startswith("postgres")), None)
        self.proxy = next((n for n, s in services.items() if str(s.get("image", "")).startswith("nginx")), None)
        if not self.pg_service or not self.proxy:
            fail("compose.yaml: no postgres or no nginx service")
        self.entry = entry
        self.port = {}  # service name: the free port it listens on (container port = its published ports)
        self.host_port = {}  # a published host port: the free port of the service publishing it
        for name in self.nodes + [self.proxy]:
            self.port[name] = free_port()
            for host, _ in published(services[name]):
                if host in self.host_port:
                    fail(f"compose.yaml: host port {host} published twice")
                self.host_port[host] = self.port[name]
        pg = urllib.parse.urlsplit(args.pg)
        self.pg_host, self.pg_port = pg.hostname, pg.port
        self.procs = {}
        self.logs = {}

    # -- PostgreSQL as the postgres service's environment describes it
    def prepare_database(self):
        env = self.services[self.pg_service].get("environment", {})
        user, password, db = env.get("POSTGRES_USER"), env.get("POSTGRES_PASSWORD"), env.get("POSTGRES_DB")
        if not (user and password and db):
            fail("compose.yaml: the postgres service does not set POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB")
        if psql(self.args, f"SELECT count(*) FROM pg_roles WHERE rolname = '{user}'") == "0":
            psql(self.args, f"CREATE ROLE \"{user}\" LOGIN PASSWORD '{password}'")
        if psql(self.args, f"SELECT count(*) FROM pg_database WHERE datname = '{db}'") == "0":
            psql(self.args, f"CREATE DATABASE \"{db}\" OWNER \"{user}\"")
        self.pg_env = (user, password, db)

    # -- a node: ENTRYPOINT + command, mapped
    def node_argv(self, name):
        svc = self.services[name]
        argv = list(self.entry) + [str(a) for a in svc["command"]]
        data = os.path.join(self.tmp, name + "-data")
        os.makedirs(data, exist_ok=True)
        mapped = []
        for a in argv:
            a = a.replace("/opt/hexhall/hexhall-server", self.args.server)
            a = a.replace("/opt/hexhall/web", os.path.join(ROOT, "web-client/dist"))
            if a == "/data" or a.startswith("/data/"):
                a = data + a[len("/data"):]
            mapped.append(a)
        # --port: the container port its `ports` entries publish must be the one it listens on
        ports = [i for i, a in enumerate(mapped) if a == "--port"]
        listen = int(mapped[ports[-1] + 1]) if ports else 8080
        for host, container in published(svc):
            if container != listen:
                fail(f"compose.yaml: {name} publishes {host}:{container} but listens on {listen}")
        for i in ports:
            mapped[i + 1] = str(self.port[name])
        for i, a in enumerate(mapped):
            if a.startswith("postgres://") or a.startswith("postgresql://"):
                u = urllib.parse.urlsplit(a)
                if u.hostname != self.pg_service or (u.port or 5432) != 5432:
                    fail(f"compose.yaml: {name}'s store {a} is not the {self.pg_service} service's port 5432")
                if (urllib.parse.unquote(u.username or ""), urllib.parse.unquote(u.password or ""),
                        u.path.lstrip("/")) != self.pg_env:
                    fail(f"compose.yaml: {name}'s store {a} does not use the postgres service's user, password "
                         "and database")
                mapped[i] = a.replace(f"@{u.hostname}:{u.port or 5432}", f"@{self.pg_host}:{self.pg_port}")
            elif a.startswith("ws://") or a.startswith("wss://") or a.startswith("http://"):
                u = urllib.parse.urlsplit(a)
                if u.port not in self.host_port:
                    fail(f"compose.yaml: {name}'s URL {a}: port {u.port} is not published by any service")
                mapped[i] = a.replace(f"{u.hostname}:{u.port}", f"127.0.0.1:{self.host_port[u.port]}")
        return mapped + ["--address", "127.0.0.1"]

    def node_id(self, name):
        argv = [str(a) for a in self.services[name]["command"]]
        return argv[argv.index("--node-id") + 1] if "--node-id" in argv else None

    def start_node(self, name):
        argv = self.node_argv(name)
        log = open(os.path.join(self.tmp, name + ".log"), "a")
        self.logs[name] = log.name
        proc = subprocess.Popen(argv, cwd=os.path.join(self.tmp, name + "-data"), stdout=log, stderr=log)
        STARTED.append(proc)
        self.procs[name] = proc
        return proc

    def wait_healthy(self, name, seconds=30):
        wait_for(f"{name}'s /healthz", lambda: http_get(self.port[name], "/healthz", 2)[0] == 200, seconds,
                 self.procs[name])

    # -- the proxy: nginx with the mounted file, mapped
    def start_proxy(self):
        svc = self.services[self.proxy]
        conf = None
        for v in svc.get("volumes", []):
            src, dst = str(v).split(":")[:2]
            if dst.startswith("/etc/nginx/conf.d/"):
                conf = os.path.normpath(os.path.join(DOCKER, src))
        if not conf or not os.path.exists(conf):
            fail(f"compose.yaml: the proxy mounts no existing file into /etc/nginx/conf.d/ ({svc.get('volumes')})")
        text = open(conf, encoding="utf-8").read()
        (_, container), = published(svc)

        def listen(m):
            if int(m.group(1)) != container:
                fail(f"{os.path.basename(conf)}: listens on {m.group(1)}, but compose publishes the proxy's {container}")
            return f"listen 127.0.0.1:{self.port[self.proxy]}"

        def upstream(m):
            host, port = m.group(2), int(m.group(3))
            if host not in self.nodes:
                fail(f"{os.path.basename(conf)}: {m.group(0)!r}: {host} is not a node service ({self.nodes})")
            if port != self.container_port(host):
                fail(f"{os.path.basename(conf)}: {m.group(0)!r}: {host} listens on {self.container_port(host)}")
            return f"{m.group(1)}127.0.0.1:{self.port[host]}"

        text, n_listen = re.subn(r"listen\s+(\d+)", listen, text)
        text, n_up = re.subn(r"(\bserver\s+|proxy_pass\s+https?://)([A-Za-z0-9_.-]+):(\d+)", upstream, text)
        if n_listen != 1 or n_up == 0:
            fail(f"{os.path.basename(conf)}: expected one listen and upstream servers NAME:PORT")
        named = set(re.findall(r"\bserver\s+127\.0\.0\.1:(\d+)", text))
        if {str(self.port[n]) for n in self.nodes} - named:
            fail(f"{os.path.basename(conf)}: its upstream does not list every node ({self.nodes})")
        prefix = os.path.join(self.tmp, "nginx")
        os.makedirs(os.path.join(prefix, "conf.d"))
        with open(os.path.join(prefix, "conf.d", "default.conf"), "w") as f:
            f.write(text)
        with open(os.path.join(prefix, "nginx.conf"), "w") as f:  # the nginx image's main file, in short
            f.write(f"""daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log notice;
events {{ worker_connections 512; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/conf.d/*.conf;
}}
""")
        cmd = [self.args.nginx, "-p", prefix, "-c", os.path.join(prefix, "nginx.conf"), "-e", os.path.join(prefix, "error.log")]
        if os.getuid() == 0:  # never as root: as nobody, who owns the prefix
            shutil.chown(prefix, "nobody")
            for d, _, files in os.walk(prefix):
                shutil.chown(d, "nobody")
                for fn in files:
                    shutil.chown(os.path.join(d, fn), "nobody")
            os.chmod(self.tmp, 0o755)
            cmd = ["runuser", "-u", "nobody", "--"] + cmd
        test = subprocess.run(cmd + ["-t"], capture_output=True, text=True)
        if test.returncode != 0:
            fail("nginx refuses the configuration: " + test.stderr.strip())
        log = open(os.path.join(self.tmp, "nginx.out"), "w")
        proc = subprocess.Popen(cmd, stdout=log, stderr=log)
        STARTED.append(proc)
        self.procs[self.proxy] = proc
        wait_for("the proxy listening", lambda: http_get(self.port[self.proxy], "/healthz", 2)[0] == 200, 30, proc)

    def container_port(self, name):
        argv = list(self.entry) + [str(a) for a in self.services[name]["command"]]
        ports = [i for i, a in enumerate(argv) if a == "--port"]
        return int(argv[ports[-1] + 1]) if ports else 8080

    def errors(self):
        out = []
        for name, path in self.logs.items():
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    try:
                        level = json.loads(line).get("level", "")
                    except ValueError:
                        level = "error" if "[error]" in line or "[critical]" in line else ""
                    if level in ("error", "critical", "err"):
                        out.append(f"{name}: {line.strip()}")
        return out


# ---- play through the proxy

class Client:
    def __init__(self, ws):
        self.ws, self.next_id = ws, 1

    @classmethod
    async def open(cls, url):
        import websockets
        c = cls(await websockets.connect(url, max_size=None))
        await c.request({"type": "hello", "name": "compose-host"})
        return c

    async def request(self, msg, seconds=30):
        msg = {"v": 1, "id": self.next_id, **msg}
        self.next_id += 1
        await self.ws.send(json.dumps(msg))
        end = time.time() + seconds
        while True:
            m = json.loads(await asyncio.wait_for(self.ws.recv(), max(0.1, end - time.time())))
            if m.get("id") == msg["id"]:
                if m.get("type") == "error":
                    fail(f"{msg['type']} refused: {m}")
                return m

    async def wait_seated(self, room, seconds=60):
        end = time.time() + seconds
        while time.time() < end:
            try:
                m = json.loads(await asyncio.wait_for(self.ws.recv(), max(0.1, end - time.time())))
            except asyncio.TimeoutError:
                break
            if m.get("type") == "room" and m.get("seats") and all(s and s.get("connected") for s in m["seats"]):
                return
        fail(f"room {room}: the bots did not take their seats in {seconds} s")


class Game:
    """A room made through the proxy, two random_legal bots (--url the proxy) in its seats."""

    def __init__(self, cluster, label, seed):
        self.cluster, self.label, self.seed = cluster, label, seed
        self.proxy_url = f"ws://127.0.0.1:{cluster.port[cluster.proxy]}/ws"
        self.bots = []

    async def start(self, game, players, host_url=None):
        host = await Client.open(host_url or self.proxy_url)
        created = await host.request({"type": "createRoom", "game": game, "players": players,
                                      "externalBots": list(range(players)), "seed": self.seed})
        self.room = created["room"]
        await host.request({"type": "joinRoom", "room": self.room, "seat": None})
        tokens = {t["seat"]: t["token"] for t in created["seatTokens"]}
        for seat in range(players):
            path = os.path.join(self.cluster.tmp, f"{self.label}-bot{seat}.log")
            with open(path, "w") as log:
                p = subprocess.Popen([self.cluster.args.python, BOT, "--url", self.proxy_url, "--room", self.room,
                                      "--seat", str(seat), "--seat-token", tokens[seat], "--seed", str(self.seed + seat),
                                      "--reconnect-s", "90"], stdout=log, stderr=log)
            STARTED.append(p)
            self.bots.append((p, path))
        await host.wait_seated(self.room)
        await host.request({"type": "start", "room": self.room})
        self.host = host  # kept open: closing it would not change the game, but keeps the spectator
        return self

    def moves(self):
        return int(psql(self.cluster.args, f"SELECT count(*) FROM actions WHERE room = '{self.room}'"))

    def owner(self):
        node = psql(self.cluster.args, f"SELECT node FROM room_owners WHERE room = '{self.room}'")
        return next((n for n in self.cluster.nodes if self.cluster.node_id(n) == node), None)

    def state(self):
        return psql(self.cluster.args, f"SELECT state FROM rooms WHERE id = '{self.room}'")

    def finish(self, seconds):
        """Waits for both bots; returns the list of what is wrong (empty: the game ended well)."""
        end = time.time() + seconds
        for p, _ in self.bots:
            try:
                p.wait(timeout=max(1, end - time.time()))
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        wrong, ends = [], []
        for p, path in self.bots:
            out = open(path, encoding="utf-8", errors="replace").read()
            lines = [l for l in out.splitlines() if l.startswith("game over: ")]
            if p.returncode != 0 or len(lines) != 1:
                wrong.append(f"{self.label}: bot {os.path.basename(path)} exited {p.returncode} without one end:\n"
                             + out[-2000:])
            ends.append(lines[0].split(";")[0] if lines else None)
        if len(set(ends)) != 1:
            wrong.append(f"{self.label}: the bots report different ends: {ends}")
        seqs = psql(self.cluster.args, f"SELECT count(*), min(seq), max(seq) FROM actions WHERE room = '{self.room}'")
        n, lo, hi = (int(x or 0) for x in seqs.split("|"))
        if n == 0 or hi - lo + 1 != n:
            wrong.append(f"{self.label}: the stored action log has gaps ({n} actions, seq {lo}..{hi})")
        if self.state() != "finished":
            wrong.append(f"{self.label}: room {self.room} is stored as {self.state()!r}, not finished")
        status, body = http_get(self.cluster.port[self.cluster.proxy], f"/games/{self.room}/record")
        if status != 200 or self.room not in body:
            wrong.append(f"{self.label}: GET /games/{self.room}/record through the proxy answered {status}")
        return wrong


def wait_moves(games, n, seconds=60):
    """Waits until the last game has n moves; it must still be running then."""
    wait_for(f"{games[-1].label} at {n} moves", lambda: games[-1].moves() >= n, seconds)
    if games[-1].state() == "finished":
        fail(f"{games[-1].label} ended before the node was stopped: nothing tested (the game is too short for this test)")


async def scenario(args, cluster):
    proxy = cluster.port[cluster.proxy]
    # The lobby page, /healthz and /metrics through the proxy; /metrics on each node's published port.
    status, body = http_get(proxy, "/")
    if status != 200 or "<title>Hexhall" not in body:
        fail(f"the lobby page through the proxy: {status}")
    for path, want in (("/healthz", "ok"), ("/metrics", "hexhall_cluster_takeovers_total")):
        status, body = http_get(proxy, path)
        if status != 200 or want not in body:
            fail(f"GET {path} through the proxy: {status}, without {want!r}")
    for name in cluster.nodes:
        for host, _ in published(cluster.services[name]):
            status, body = http_get(cluster.host_port[host], "/metrics")
            if status != 200 or "hexhall_rooms " not in body:
                fail(f"GET /metrics on {name}'s published port {host}: {status}")
    listing = subprocess.run([args.arena, "--list-games"], capture_output=True, text=True, check=True).stdout
    rules = [l.split("\t") for l in listing.splitlines() if l.endswith("\trules")]
    if not rules:
        fail("hexhall-arena --list-games lists no game written as pure rules")
    game, players = rules[0][0], int(rules[0][1])
    print(f"game: {game}, {players} seats, bots through the proxy", flush=True)

    # 1. A node killed mid-game: the game still ends.
    g = await Game(cluster, "kill", 21).start(game, players)
    wait_moves([g], 6)
    victim = g.owner()
    if victim is None:
        fail(f"room {g.room} has no owner among the nodes")
    cluster.procs[victim].send_signal(signal.SIGKILL)
    cluster.procs[victim].wait()
    print(f"{victim} (serving room {g.room}) killed after {g.moves()} moves", flush=True)
    wrong = g.finish(args.timeout)
    if not wrong and g.owner() == victim:
        wrong.append(f"room {g.room} is still owned by the killed {victim}")
    cluster.start_node(victim)  # restart: unless-stopped
    cluster.wait_healthy(victim)
    takeovers = sum(float(m) for n in cluster.nodes
                    for m in re.findall(r"^hexhall_cluster_takeovers_total (\S+)",
                                        http_get(cluster.port[n], "/metrics")[1], re.M))
    if takeovers < 1:
        wrong.append("no node counts a takeover (hexhall_cluster_takeovers_total) after the kill")
    print(f"killed-node game: {'ok' if not wrong else 'FAILED'}", flush=True)

    # 2. A rolling restart during play: before each node is stopped, a new game starts on it (its host
    # connects to the node's published port; the bots still come through the proxy), so that every
    # node stops with a game in progress. Each node gets its stop_signal, must exit 0 within its
    # stop_grace_period, and is started again; the next waits for its /healthz.
    games = []
    for i, name in enumerate(cluster.nodes):
        svc = cluster.services[name]
        sig = getattr(signal, str(svc.get("stop_signal", "SIGTERM")))
        grace = parse_duration(svc.get("stop_grace_period"), 10)
        games.append(await Game(cluster, f"rolling-{name}", 40 + 10 * i).start(
            game, players, f"ws://127.0.0.1:{cluster.port[name]}/ws"))
        wait_moves(games, 4)
        running = [x for x in games if x.owner() == name and x.state() != "finished"]
        if games[-1] not in running:
            fail(f"the game started on {name} is not served by {name}: nothing to test")
        proc = cluster.procs[name]
        proc.send_signal(sig)
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            fail(f"{name} did not stop within its stop_grace_period ({grace} s) after {sig.name}")
        if proc.returncode != 0:
            wrong.append(f"{name} exited {proc.returncode} after {sig.name}")
        print(f"{name} stopped ({sig.name}) serving " + ", ".join(f"{x.label} at {x.moves()} moves" for x in running),
              flush=True)
        cluster.start_node(name)
        cluster.wait_healthy(name)
    for x in games:
        wrong += x.finish(args.timeout)
    print(f"rolling restart: {'ok' if not wrong else 'FAILED'}", flush=True)
    return wrong


def single_node(args, cluster):
    """compose's default service (no profile): one node keeping SQLite on its /data volume; it serves
    the lobby and stops with exit 0 on its stop_signal within its stop_grace_period."""
    singles = [n for n, s in cluster.services.items() if not s.get("profiles")
               and str(s.get("image", "")).startswith("hexhall") and "command" in s]
    if not singles:
        fail("compose.yaml: no hexhall service outside the cluster profile")
    for name in singles:
        svc = cluster.services[name]
        cluster.port[name] = free_port()
        for host, _ in published(svc):
            cluster.host_port.setdefault(host, cluster.port[name])
        proc = cluster.start_node(name)
        cluster.wait_healthy(name)
        status, body = http_get(cluster.port[name], "/")
        if status != 200 or "<title>Hexhall" not in body:
            fail(f"{name}: the lobby page answered {status}")
        sig = getattr(signal, str(svc.get("stop_signal", "SIGTERM")))
        proc.send_signal(sig)
        try:
            proc.wait(timeout=parse_duration(svc.get("stop_grace_period"), 10))
        except subprocess.TimeoutExpired:
            fail(f"{name} did not stop within its stop_grace_period after {sig.name}")
        if proc.returncode != 0:
            fail(f"{name} exited {proc.returncode} after {sig.name}")
        data = os.path.join(args.tmp, name + "-data")
        if not any(f.endswith(".db") for f in os.listdir(data)):
            fail(f"{name} kept no SQLite file on its /data volume ({os.listdir(data)})")
        print(f"{name} (one node, SQLite on /data): lobby served, stopped cleanly", flush=True)


def schema_versions(args, cluster):
    """Upgrading (docs/operations.md): a database stamped by a newer but compatible release keeps
    working (and its stamp is not lowered); one a newer release made incompatible is refused at start,
    with a message saying what to do. Returns what is wrong."""
    wrong = []
    row = psql(args, "SELECT version, compatible FROM schema_version")
    if "|" not in row:
        return [f"schema_version holds {row!r}, not one row (version, compatible)"]
    version, compatible = (int(x) for x in row.split("|"))
    if not 1 <= compatible <= version:
        wrong.append(f"schema_version: version {version}, compatible {compatible}")
    first, last = cluster.nodes[0], cluster.nodes[-1]

    def restart(name):
        proc = cluster.procs[name]
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        return cluster.start_node(name)

    # A node restarting on an up-to-date database changes nothing, so it takes no lock that holds up
    # the others' writes (creating an index IF NOT EXISTS would: a SHARE lock on its table): it starts
    # while another session holds the table in SHARE ROW EXCLUSIVE mode (which conflicts with SHARE).
    holder = subprocess.Popen([args.psql, "-X", "-q", "-At", "-d", args.pg], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    STARTED.append(holder)
    holder.stdin.write("BEGIN; LOCK TABLE rooms IN SHARE ROW EXCLUSIVE MODE; SELECT 'locked';\n")
    holder.stdin.flush()
    if holder.stdout.readline().strip() != "locked":
        return wrong + ["could not lock table rooms"]
    restart(first)
    try:
        cluster.wait_healthy(first, 20)
    except SystemExit as e:
        wrong.append(f"{first} does not restart while table rooms is locked (does it change the schema?): {e}")
    holder.stdin.write("COMMIT;\n")
    holder.stdin.close()
    holder.wait(timeout=10)
    cluster.wait_healthy(first)
    # A build whose schema script differs from the one that last ran (an index added without raising
    # the version) runs its script: a dropped index is back after a restart.
    script = psql(args, "SELECT script FROM schema_version")
    psql(args, "DROP INDEX rooms_state")
    psql(args, "UPDATE schema_version SET script = 'another build'")
    restart(first)
    cluster.wait_healthy(first)
    if psql(args, "SELECT count(*) FROM pg_indexes WHERE indexname = 'rooms_state'") != "1" \
            or psql(args, "SELECT script FROM schema_version") != script:
        wrong.append("a node whose schema script differs from the stamp's did not run it")
    psql(args, f"UPDATE schema_version SET version = {version + 1}")
    restart(first)
    cluster.wait_healthy(first)
    if psql(args, "SELECT version, compatible FROM schema_version") != f"{version + 1}|{compatible}":
        wrong.append("a node started on a newer, compatible schema changed its stamp")
    psql(args, f"UPDATE schema_version SET compatible = {version + 1}")
    before = os.path.getsize(cluster.logs[last])
    proc = restart(last)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        return wrong + [f"{last} started on a schema that needs version {version + 1}"]
    with open(cluster.logs[last], encoding="utf-8", errors="replace") as f:
        f.seek(before)
        out = f.read()
    want = f"needs a server of schema version {version + 1} or later; this server has version {version}"
    if proc.returncode == 0 or want not in out:
        wrong.append(f"{last} on an incompatible schema: exit {proc.returncode}, without '{want}':\n{out[-1500:]}")
    else:
        print(f"{last} refuses a schema that needs version {version + 1}: "
              + next(l for l in out.splitlines() if want in l), flush=True)
        with open(cluster.logs[last], "r+") as f:  # its one expected [error] line
            f.truncate(before)
    return wrong


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", required=True, help="build/server/hexhall-server")
    p.add_argument("--arena", required=True, help="build/tools/hexhall-arena (its --list-games)")
    p.add_argument("--timeout", type=float, default=180, help="seconds for a game to end")
    args = p.parse_args()
    args.server, args.arena = os.path.abspath(args.server), os.path.abspath(args.arena)
    args.pg = os.environ.get("HEXHALL_TEST_PG")
    if not args.pg:
        fail("HEXHALL_TEST_PG is not set: run under tests/pg/with-postgres.sh, which starts PostgreSQL")
    args.python = "/usr/bin/python3"
    for exe in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([exe, "-c", "import websockets, yaml"], capture_output=True).returncode == 0:
            args.python = exe
            break
    else:
        fail("no python3 with websockets and yaml (scripts/setup installs python3-websockets, python3-yaml)")
    if args.python != sys.executable:
        os.execv(args.python, [args.python] + sys.argv)
    args.nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if not args.nginx:
        fail("nginx is not installed (Debian package nginx; scripts/setup installs it)")
    args.psql = shutil.which("psql") or "/usr/lib/postgresql/15/bin/psql"
    entry = check_dockerfile(args)
    compose = load_compose()
    args.tmp = tempfile.mkdtemp(prefix="compose-native.")
    ok = False
    cluster = Cluster(args, compose, entry)
    try:
        single_node(args, cluster)
        cluster.prepare_database()
        # As compose starts them: every node at once (an empty database: they create the schema together).
        for name in cluster.nodes:
            cluster.start_node(name)
        for name in cluster.nodes:
            cluster.wait_healthy(name)
        print("nodes up: " + ", ".join(f"{n} on {cluster.port[n]}" for n in cluster.nodes), flush=True)
        rows = dict(l.split("|") for l in psql(args, "SELECT id, url FROM nodes").splitlines())
        for name in cluster.nodes:
            want = f"127.0.0.1:{cluster.port[name]}/"
            if want not in rows.get(cluster.node_id(name), ""):
                fail(f"{name} ({cluster.node_id(name)}) announces {rows.get(cluster.node_id(name))}, "
                     f"not its own published port ({want})")
        cluster.start_proxy()
        print(f"proxy (nginx) on {cluster.port[cluster.proxy]}", flush=True)
        wrong = asyncio.run(scenario(args, cluster))
        wrong += [f"a node logged an error: {e}" for e in cluster.errors()[:10]]
        wrong += schema_versions(args, cluster)
        wrong += [f"a node logged an error: {e}" for e in cluster.errors()[:10]]
        ok = not wrong
        for w in wrong:
            print("FAIL: " + w, flush=True)
    finally:
        stop_all(STARTED, 15)
        if not ok:
            print(f"compose-native: logs in {args.tmp}", flush=True)
    print("compose-native: " + ("ok" if ok else "FAILED"), flush=True)
    if ok:
        shutil.rmtree(args.tmp, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
