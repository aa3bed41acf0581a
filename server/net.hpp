// The network front end: HTTP (healthz, static files) and WebSocket (/ws) on one port, one
// io_context on N threads, a strand per connection and per room. All of Asio/Beast is in net.cpp.
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "server/hub_limits.hpp"

namespace hexhall::server {

struct ServerOptions {
    std::string address = "0.0.0.0";
    uint16_t port = 8080;  // 0: an ephemeral port (see Server::start's result)
    int threads = 1;
    std::string web_root;  // static files; empty: none
    size_t max_frame_bytes = 64 * 1024;     // WebSocket messages from clients
    size_t max_send_queue = 4096;           // messages queued for one client; beyond: disconnect
    HubLimits limits;                       // rooms: count, idle close, clock scale (tests)
};

class Server {
public:
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds, listens and starts the threads. Returns the port bound. Throws on failure.
    uint16_t start();
    // Blocks until SIGINT/SIGTERM, then stops.
    void run_until_signal();
    // Stops the threads and closes everything. Idempotent.
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace hexhall::server
