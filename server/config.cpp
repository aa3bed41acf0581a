#include "server/config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "server/store_factory.hpp"

namespace hexhall::server {

namespace {

bool to_long(std::string_view s, long lo, long hi, long& out) {
    long v = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || v < lo || v > hi) return false;
    out = v;
    return true;
}

bool to_double(std::string_view s, double lo, double hi, double& out) {
    const std::string str(s);
    char* end = nullptr;
    const double v = std::strtod(str.c_str(), &end);
    if (str.empty() || *end || !(v >= lo && v <= hi)) return false;
    out = v;
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::string apply_option(Config& c, std::string_view name, std::string_view value) {
    ServerOptions& o = c.server;
    const std::string bad = "bad value for " + std::string(name) + ": \"" + std::string(value) + "\"";
    long n = 0;
    double d = 0;
    auto integer = [&](long lo, long hi) { return to_long(value, lo, hi, n); };
    if (name == "port") {
        if (!integer(0, 65535)) return bad;
        o.port = static_cast<uint16_t>(n);
    } else if (name == "address") {
        if (value.empty()) return bad;
        o.address = value;
    } else if (name == "threads") {
        if (!integer(1, 256)) return bad;
        o.threads = static_cast<int>(n);
    } else if (name == "web-root") {
        o.web_root = value;
    } else if (name == "db") {
        if (value.empty()) return bad;
        o.db_path = value;
        o.store_url.clear();
    } else if (name == "store") {  // postgres://… or sqlite:PATH (store_factory.hpp)
        if (!apply_store_url(o, value)) return bad;
    } else if (name == "node-id") {  // several nodes (docs/decisions/017-several-nodes.md)
        if (value.empty() || value.size() > 64) return bad;
        for (char ch : value)
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.') return bad;
        o.node_id = value;
    } else if (name == "public-url") {
        if (value.rfind("ws://", 0) != 0 && value.rfind("wss://", 0) != 0) return bad;
        o.public_url = value;
    } else if (name == "lease-ms") {
        if (!integer(300, 600000)) return bad;
        o.lease = std::chrono::milliseconds(n);
    } else if (name == "place-margin-rooms") {  // new rooms go to the least-loaded live node
        if (!integer(0, 1000000)) return bad;
        o.limits.place_margin_rooms = static_cast<size_t>(n);
    } else if (name == "place-margin-percent") {
        if (!integer(0, 100000)) return bad;
        o.limits.place_margin_percent = static_cast<size_t>(n);
    } else if (name == "db-sync") {
        if (value != "normal" && value != "full") return bad;
        o.db_sync_full = value == "full";
    } else if (name == "keep-finished-days") {
        if (!integer(0, 100000)) return bad;
        o.keep_finished_days = static_cast<int>(n);
    } else if (name == "session-hours") {
        if (!integer(1, 1000000)) return bad;
        o.limits.session_ttl = std::chrono::hours(n);
    } else if (name == "keep-abandoned-hours") {
        if (!integer(0, 1000000)) return bad;
        o.limits.abandoned_keep = std::chrono::hours(n);
    } else if (name == "port-file") {
        if (value.empty()) return bad;
        c.port_file = value;
    } else if (name == "max-connections") {
        if (!integer(1, 1000000)) return bad;
        o.max_connections = static_cast<size_t>(n);
    } else if (name == "max-rooms") {
        if (!integer(1, 1000000)) return bad;
        o.limits.max_rooms = static_cast<size_t>(n);
    } else if (name == "leaderboard-min-games") {  // docs/decisions/020-accounts.md
        if (!integer(1, 1000000)) return bad;
        o.limits.leaderboard_min_games = static_cast<int>(n);
    } else if (name == "max-frame-bytes") {
        if (!integer(1024, 16 * 1024 * 1024)) return bad;
        o.max_frame_bytes = static_cast<size_t>(n);
    } else if (name == "ws-deflate") {  // off, or the window bits 9..15
        if (value == "off") o.ws_deflate_window_bits = 0;
        else if (!integer(9, 15)) return bad;
        else o.ws_deflate_window_bits = static_cast<int>(n);
    } else if (name == "max-send-queue") {
        if (!integer(16, 1000000)) return bad;
        o.max_send_queue = static_cast<size_t>(n);
    } else if (name == "max-send-queue-bytes") {
        if (!integer(65536, 1L << 30)) return bad;
        o.max_send_queue_bytes = static_cast<size_t>(n);
    } else if (name == "send-budget-bytes") {
        if (!integer(1L << 20, 1L << 40)) return bad;
        o.send_budget_bytes = static_cast<size_t>(n);
    } else if (name == "send-budget-per-address") {
        if (!integer(1L << 20, 1L << 40)) return bad;
        o.send_budget_per_address = static_cast<size_t>(n);
    } else if (name == "metrics-address") {  // HOST:PORT, [V6]:PORT, or HOST (port 9100)
        if (value.empty()) return bad;
        std::string_view host = value, port;
        if (const size_t colon = value.rfind(':');
            colon != std::string_view::npos && (value.front() == '[' ? value[colon - 1] == ']' : value.find(':') == colon)) {
            host = value.substr(0, colon);
            port = value.substr(colon + 1);
        }
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
        if (host.empty() || (!port.empty() && !to_long(port, 0, 65535, n))) return bad;
        o.metrics_address = host;
        if (!port.empty()) o.metrics_port = static_cast<uint16_t>(n);
    } else if (name == "metrics-token") {
        if (value.size() < 16 || value.find_first_of(" \t\r\n") != std::string_view::npos)
            return bad + " (at least 16 characters, no spaces)";
        o.metrics_token = value;
    } else if (name == "max-connections-per-address") {
        if (!integer(0, 1000000)) return bad;
        o.max_connections_per_address = static_cast<size_t>(n);
    } else if (name == "rooms-per-session") {
        if (!integer(0, 1000000)) return bad;
        o.limits.rooms_per_session = static_cast<size_t>(n);
    } else if (name == "rooms-per-address") {
        if (!integer(0, 1000000)) return bad;
        o.limits.rooms_per_address = static_cast<size_t>(n);
    } else if (name == "bot-rooms-per-session") {
        if (!integer(0, 1000000)) return bad;
        o.limits.bot_rooms_per_session = static_cast<size_t>(n);
    } else if (name == "bot-rooms-per-address") {
        if (!integer(0, 1000000)) return bad;
        o.limits.bot_rooms_per_address = static_cast<size_t>(n);
    } else if (name == "bot-rooms-per-organiser") {
        if (!integer(0, 1000000)) return bad;
        o.limits.bot_rooms_per_organiser = static_cast<size_t>(n);
    } else if (name == "rooms-per-organiser") {
        if (!integer(0, 1000000)) return bad;
        o.limits.rooms_per_organiser = static_cast<size_t>(n);
    } else if (name == "bot-move-ms") {
        if (!integer(1, 60000)) return bad;
        o.limits.bot_move_interval = std::chrono::milliseconds(n);
    } else if (name == "msgs-per-second") {
        if (!to_double(value, 0, 1e6, d)) return bad;
        o.msgs_per_second = d;
    } else if (name == "msgs-burst") {
        if (!to_double(value, 1, 1e6, d)) return bad;
        o.msgs_burst = d;
    } else if (name == "http-per-second") {
        if (!to_double(value, 0, 1e6, d)) return bad;
        o.http_heavy_per_second = d;
    } else if (name == "http-burst") {
        if (!to_double(value, 1, 1e6, d)) return bad;
        o.http_heavy_burst = d;
    } else if (name == "bot-threads") {
        if (!integer(1, 256)) return bad;
        o.limits.bot_threads = static_cast<int>(n);
    } else if (name == "work-threads") {
        if (!integer(1, 256)) return bad;
        o.work.threads = static_cast<int>(n);
    } else if (name == "work-queue-per-client") {
        if (!integer(1, 1000000)) return bad;
        o.work.per_session = static_cast<size_t>(n);
    } else if (name == "work-queue-per-address") {
        if (!integer(1, 1000000)) return bad;
        o.work.per_address = static_cast<size_t>(n);
    } else if (name == "work-queue") {
        if (!integer(1, 10000000)) return bad;
        o.work.total = static_cast<size_t>(n);
    } else if (name == "tournament-max-entrants") {
        if (!integer(4, 100000)) return bad;
        c.tournament_max_entrants = static_cast<int>(n);
    } else if (name == "tournament-per-token") {
        if (!to_double(value, 0, 1e6, d)) return bad;
        o.api_limits.per_token = d;
        o.api_limits.token_burst = std::max(1.0, 4 * d);
    } else if (name == "tournament-per-address") {
        if (!to_double(value, 0, 1e6, d)) return bad;
        o.api_limits.per_address = d;
        o.api_limits.address_burst = std::max(1.0, 2 * d);
        o.api_limits.anonymous = d / 10;
        o.api_limits.anonymous_burst = std::max(1.0, 1.5 * d);
    } else if (name == "http-timeout") {
        if (!integer(1, 3600)) return bad;
        o.http_timeout_seconds = static_cast<int>(n);
    } else if (name == "hello-timeout") {
        if (!integer(0, 3600)) return bad;
        o.hello_timeout_seconds = static_cast<int>(n);
    } else if (name == "idle-timeout") {
        if (!integer(2, 86400)) return bad;
        o.idle_timeout_seconds = static_cast<int>(n);
    } else if (name == "shutdown-timeout") {
        if (!to_double(value, 0, 600, d)) return bad;
        o.shutdown_drain = std::chrono::milliseconds(static_cast<long>(d * 1000));
    } else if (name == "log-level") {
        if (value != "trace" && value != "debug" && value != "info" && value != "warn" && value != "error" &&
            value != "off")
            return bad;
        c.log_level = value;
    } else if (name == "log-format") {
        if (value != "text" && value != "json") return bad;
        c.log_format = value;
    } else {
        return "unknown option " + std::string(name);
    }
    return "";
}

std::string apply_config_text(Config& c, std::string_view text) {
    int line_no = 0;
    while (!text.empty()) {
        const size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        ++line_no;
        line = trim(line);
        if (line.empty() || line.front() == '#') continue;
        const size_t eq = line.find('=');
        if (eq == std::string_view::npos) return "line " + std::to_string(line_no) + ": expected name = value";
        const std::string_view name = trim(line.substr(0, eq));
        const std::string_view value = trim(line.substr(eq + 1));
        if (name == "config" || name == "help") return "line " + std::to_string(line_no) + ": " + std::string(name) + " is a flag only";
        if (auto err = apply_option(c, name, value); !err.empty()) return "line " + std::to_string(line_no) + ": " + err;
    }
    return "";
}

std::string parse_command_line(Config& c, const std::vector<std::string>& args) {
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") c.help = true;
        if (args[i] != "--config") continue;
        if (i + 1 >= args.size()) return "--config needs a value";
        std::ifstream in(args[i + 1]);
        if (!in) return "cannot read config file " + args[i + 1];
        std::stringstream ss;
        ss << in.rdbuf();
        if (auto err = apply_config_text(c, ss.str()); !err.empty()) return args[i + 1] + ": " + err;
    }
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") continue;
        if (a.rfind("--", 0) != 0) return "unexpected argument " + a;
        std::string name = a.substr(2), value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
        } else {
            if (i + 1 >= args.size()) return a + " needs a value";
            value = args[++i];
        }
        if (name == "config") continue;
        if (auto err = apply_option(c, name, value); !err.empty()) return err;
    }
    return "";
}

std::string usage() {
    return R"(usage: hexhall-server [--config FILE] [--name value ...]
Every flag may also be set in the config file as a "name = value" line (the flag's name without
"--"; blank lines and lines starting with # are ignored). Flags override the file.

  --config FILE          read options from FILE first
  --port N               TCP port for HTTP and WebSocket (default 8080; 0: ephemeral)
  --address A            address to bind (default 0.0.0.0)
  --threads N            io threads (default: the number of cores)
  --web-root DIR         serve the web client from DIR (default: web-client/dist when it exists)
  --db PATH              the embedded store's file (default hexhall.db; :memory: keeps nothing)
  --store URL            where games are kept: postgres://user@host:port/db (PostgreSQL, several
                         nodes can share it; docs/operations.md) or sqlite:PATH (as --db PATH)
  --node-id ID           one of several nodes on one --store postgres://… (letters, digits, - _ .):
                         leases, rooms owned per node, `moved` replies, takeover of a dead node's
                         rooms (docs/operations.md, "Several nodes"); without it: a single node
  --public-url URL       the WebSocket URL clients reach this node at, sent in `moved` (default
                         ws://<address or host name>:<port>/ws)
  --lease-ms N           a node that has not renewed its lease for N ms stops its rooms; other nodes
                         take them over after that (default 3000; renewed every N/3 ms)
  --place-margin-rooms N, --place-margin-percent P
                         a createRoom on a node owning more than N rooms and more than P % more
                         than the least-loaded live node is sent there (`moved`; default 20, 10)
  --db-sync MODE         normal: a commit survives the server being killed (default); full: also
                         a power loss (every commit is fsynced: slower acks on slow disks)
  --keep-finished-days N finished games (records, replays) are deleted N days after they ended,
                         checked at start and hourly; 0: kept for ever (default 0)
  --session-hours N      a guest session not seen (hello, join) for N hours whose room is gone is
                         forgotten, with its stored row (default 24)
  --keep-abandoned-hours N  rooms closed unfinished or never started are deleted N hours later
                         (default 24); checked every 10 minutes
  --port-file PATH       once listening, write the bound port to PATH (useful with --port 0)
  --max-connections N    open WebSockets; more get HTTP 503 on upgrade (default 10000)
  --max-rooms N          rooms; createRoom beyond gets error too_many_rooms (default 10000)
  --leaderboard-min-games N  rated games in a season before a player is on its leaderboards
                         (default 5; GET /leaderboard)
  --max-frame-bytes N    largest message a client may send; larger closes it (default 65536)
  --ws-deflate off|N     permessage-deflate on the WebSocket for clients that offer it, with a
                         window of 2^N bytes (9..15) per direction (default off; docs/performance.md)
  --max-send-queue N     messages queued for one slow client before it is dropped (default 4096)
  --max-send-queue-bytes N  bytes queued for one slow client before it is dropped (default 8 MiB)
  --send-budget-bytes N  bytes queued for sending across every client (default 256 MiB); beyond,
                         the slowest readers (most bytes queued) are closed first (1013)
  --send-budget-per-address N  the same across one address's clients (default 64 MiB)
  --metrics-address A[:P]  serve GET /metrics on its own listener at address A, port P (default
                         9100; [::1]:P for IPv6) instead of the main port (where it is then 404)
  --metrics-token T      GET /metrics only with "Authorization: Bearer T" (16+ characters; keep it
                         in the config file, not on a command line others can read); else 401
  --max-connections-per-address N  sockets (HTTP or WebSocket) from one address; more get HTTP
                         429 (default 256; 0: no quota)
  --rooms-per-session N  open rooms one session may have created; beyond: quota_exceeded (default 50)
  --rooms-per-address N  the same per address (default 200; at most half of --max-rooms)
  --rooms-per-organiser N  a tournament's tables open at once; beyond, the table waits and the
                         organiser sees quota_exceeded (default 200; at most half of --max-rooms)
  --bot-rooms-per-session N  bot games (started, no person seated and connected, however they
                         got there) per session; beyond: too_many_bot_rooms at start, else the game
                         stands still ("botGame":"waiting") (default 2)
  --bot-rooms-per-address N  the same per address (default 4)
  --bot-rooms-per-organiser N  the same per tournament (default 4)
  --bot-move-ms N        a bot game's bots move at most once per N ms (default 250)
  --bot-threads N        threads where built-in bots think, queued fairly per room creator
                         (address, then session; a tournament's tables: its organiser) (default 2)
  --msgs-per-second R    messages per second per connection, 0: unlimited (default 20); beyond:
                         error rate_limited, and closing (1008) when it persists
  --msgs-burst N         the burst allowed above that rate (default 40)
  --http-per-second R    /standings and /games/ROOM/record|replay requests per second per address,
                         0: unlimited (default 10); beyond: HTTP 429 with Retry-After
  --http-burst N         the burst allowed above that rate (default 20)
  --work-threads N       threads of the fair work pool: room passwords, /standings, records,
                         replays, /tournaments (default 2)
  --work-queue-per-client N  jobs one session (or HTTP connection) may have waiting there; beyond:
                         error busy / HTTP 503 with Retry-After (default 8)
  --work-queue-per-address N  the same for one address, its clients together (default 256)
  --work-queue N         jobs waiting in all (default 4096)
  --tournament-max-entrants N  entrants per tournament; beyond: 409 tournament_full (default 512)
  --tournament-per-token R  /tournaments requests per second per bearer token (each entrant,
                         referee and organiser has one), burst 4 R, 0: unlimited (default 5);
                         beyond: HTTP 429 with Retry-After
  --tournament-per-address R  /tournaments requests per second per address, the safety net sized
                         for a club of 100 behind one address, burst 2 R; requests without a
                         token: R/10 per second, burst 1.5 R (default 200)
  --http-timeout S       seconds for an HTTP request or WebSocket handshake (default 30)
  --hello-timeout S      a WebSocket sending no hello in S seconds is closed, 0: never (default 10)
  --idle-timeout S       a WebSocket silent this long, pings unanswered, is closed (default 300)
  --shutdown-timeout S   on SIGTERM/SIGINT, wait this long for clients to close (default 2)
  --log-level L          trace, debug, info, warn, error or off (default info)
  --log-format F         text or json (one JSON object per line) (default text)
  --help                 this text

Endpoints: GET /healthz, GET /metrics (Prometheus), GET /games/ROOM/record, GET /standings,
/tournaments (the tournaments API, docs/tournaments.md), WebSocket at /ws, static files at /.
See docs/operations.md.
)";
}

}  // namespace hexhall::server
