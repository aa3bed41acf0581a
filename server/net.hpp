// The network front end: HTTP (healthz, metrics, static files) and WebSocket (/ws) on one port,
// one io_context on N threads, a strand per connection and per room. All of Asio/Beast is in
// net.cpp. Limits and shutdown: docs/operations.md.
#pragma once
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "server/http_handler.hpp"
#include "server/http_limit.hpp"
#include "server/hub_limits.hpp"
#include "server/work_pool.hpp"

namespace hexhall::server {

class Store;
class Hub;

struct ServerOptions {
    std::string address = "0.0.0.0";
    uint16_t port = 8080;  // 0: an ephemeral port (see Server::start's result)
    int threads = 1;
    std::string web_root;                // static files; empty: none
    std::string db_path = ":memory:";    // the store (--db; hexhall-server's default: hexhall.db)
    bool db_sync_full = false;           // --db-sync full: fsync every commit (survives power loss)
    // --store postgres://…: the PostgreSQL store instead of the SQLite file (store_factory.hpp)
    std::string store_url;
    // Several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md; --node-id, --public-url,
    // --lease-ms): this node's name (empty: a single node, no leases, no routing), the WebSocket URL
    // clients reach it at (empty: ws://<address or host name>:<port>/ws) and its lease's length.
    std::string node_id;
    std::string public_url;
    std::chrono::milliseconds lease{3000};
    int keep_finished_days = 0;          // delete games finished longer ago (checked hourly); 0: keep all
    size_t max_frame_bytes = 64 * 1024;  // WebSocket messages from clients
    // permessage-deflate on the WebSocket (RFC 7692) when the client offers it: 0 off, else the
    // server's window bits (9..15; memory per connection grows with it). docs/performance.md.
    int ws_deflate_window_bits = 0;
    size_t max_send_queue = 4096;        // messages queued for one client; beyond: disconnect
    size_t max_send_queue_bytes = 8 << 20;  // bytes queued for one client; beyond: disconnect
    // Bytes queued for sending across every WebSocket, and across one peer address's; beyond, the
    // connections holding the most are dropped first (server/send_budget.hpp, issue 26).
    size_t send_budget_bytes = size_t{256} << 20;
    size_t send_budget_per_address = size_t{64} << 20;
    // GET /metrics: on its own listener at metrics_address:metrics_port when the address is set (then
    // not on the main port), and only with "Authorization: Bearer <metrics_token>" when that is set.
    std::string metrics_address;
    uint16_t metrics_port = 9100;
    std::string metrics_token;
    size_t max_connections = 10000;      // open WebSockets; beyond: the upgrade gets 503
    // Every socket counts (HTTP too): beyond max_connections + max(16, max_connections / 8) open
    // sockets a new one is closed at once; beyond this many from one address it gets HTTP 429.
    size_t max_connections_per_address = 256;
    HubLimits limits;                    // rooms: count (--max-rooms), idle close, clock scale (tests)
    // Messages per second per connection (token bucket); 0: unlimited. Off by default for an
    // embedded server (tests, arenas of fast bots); hexhall-server's --msgs-per-second is 20.
    double msgs_per_second = 0;
    double msgs_burst = 40;              // the bucket's size
    // The heavy HTTP endpoints (/standings, /games/<room>/record|replay) run on a worker thread, not on
    // the I/O threads, and are limited per peer address (token bucket; 0: unlimited; beyond: 429).
    double http_heavy_per_second = 0;    // hexhall-server's --http-per-second is 10
    double http_heavy_burst = 20;
    // The endpoints added with add_http_handler (the tournaments API) run on the same worker but
    // have budgets of their own: per bearer token, then per address (server/http_limit.hpp).
    ApiLimits api_limits = ApiLimits::unlimited();  // hexhall-server: ApiLimits{} (server/config.hpp)
    std::function<void()> heavy_http_hook;  // tests: runs first in every heavy request, on the worker
    // The fair work pool (docs/decisions/011-fair-work-pool.md): room passwords and the heavy HTTP
    // endpoints, queued per address and session, served round-robin; beyond a queue bound the
    // request is refused at once (lobby `busy`, HTTP 503 with Retry-After).
    WorkLimits work;
    std::chrono::milliseconds sweep_interval{600'000};  // housekeeping (Hub::sweep) every so often
    int http_timeout_seconds = 30;       // an HTTP request or WebSocket handshake must complete in this
    int hello_timeout_seconds = 10;      // a WebSocket that sends no hello in this is closed (1008)
    int idle_timeout_seconds = 300;      // a WebSocket silent this long (pings unanswered) is closed
    std::chrono::milliseconds shutdown_drain{2000};  // graceful shutdown: wait this long for clients
    // Called once on shutdown after the WebSockets are closed, before the io threads stop
    // (flush storage here).
    std::function<void()> on_shutdown;
};

class Server {
public:
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds, listens and starts the threads. Returns the port bound. Throws on failure.
    uint16_t start();
    // Blocks until SIGINT/SIGTERM, then shuts down gracefully.
    void run_until_signal();
    // Graceful: stops accepting, sends every queued message and closes every WebSocket with 1001
    // (going away), waits up to options.shutdown_drain for the clients, calls on_shutdown, stops
    // the threads. Idempotent.
    void shutdown();
    // Like shutdown() without waiting for the clients. Idempotent.
    void stop();

    // The store (tests inject storage faults through it).
    class Store& store();
    // The lobby and rooms (parts of the server that run rooms themselves, e.g. tournaments).
    Hub& hub();
    WorkPool& work_pool();  // the fair pool (tests read its queue)
    // The port of the --metrics-address listener (0: none); after start().
    uint16_t metrics_port() const;
    // The most bytes queued for sending at once so far (the send budget's own count; tests).
    size_t send_queued_peak() const;
    // Before start(): requests whose path starts with `prefix` (any method) go to `handler`
    // (server/http_handler.hpp).
    void add_http_handler(std::string prefix, HttpHandler handler);

private:
    void finish(bool drain);
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace hexhall::server
