// Graceful shutdown (docs/operations.md, "Shutdown"): queued messages are delivered, every
// WebSocket is closed with 1001 (going away), the on_shutdown hook runs once, nothing is accepted.
#include <thread>

#include "server/net.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

TEST_CASE("shutdown: clients get their messages, then a 1001 close", "[server][shutdown]") {
    Watchdog watchdog(60);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.shutdown_drain = std::chrono::milliseconds(20000);
    o.max_send_queue_bytes = 64 << 20;  // ~10 MB of replies wait in b's queue
    std::atomic<int> hook_calls{0};
    o.on_shutdown = [&] { ++hook_calls; };
    hexhall::server::Server server(o);
    const uint16_t port = server.start();

    WsClient a(port), b(port);
    a.request({{"type", "hello"}, {"name", "A"}});
    a.recv_type("welcome");
    for (int i = 0; i < 40; ++i) {  // a long room list: every listRooms reply is big (~10 KB)
        a.request({{"type", "createRoom"}});
        a.recv_type("roomCreated");
    }
    b.request({{"type", "hello"}, {"name", "B"}});
    // b asks for far more than the socket buffers hold and reads nothing until the shutdown: the
    // replies wait in b's send queue.
    const double out0 = metric(port, "hexhall_messages_out_total");
    constexpr int kRequests = 1000;
    for (int i = 0; i < kRequests; ++i) b.request({{"type", "listRooms"}});
    // Waits for the condition (every reply queued), not for a time: a loaded machine may take long
    // (the watchdog ends a hang).
    while (metric(port, "hexhall_messages_out_total") < out0 + kRequests)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));

    const auto t0 = std::chrono::steady_clock::now();
    std::thread stopper([&] { server.shutdown(); });
    std::map<std::string, int> types_a, types_b;
    CHECK(read_until_closed(a, &types_a) == 1001);
    CHECK(read_until_closed(b, &types_b) == 1001);
    stopper.join();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(types_a.empty());
    CHECK(types_b["welcome"] == 1);
    CHECK(types_b["rooms"] == kRequests);  // everything queued was delivered before the close
    CHECK(secs < 15);  // the clients answered the close: no waiting for the drain time
    CHECK(hook_calls == 1);

    // Nothing is accepted any more.
    asio::io_context ioc;
    tcp::socket s(ioc);
    beast::error_code ec;
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    CHECK(ec);
    server.shutdown();  // idempotent
    server.stop();
    CHECK(hook_calls == 1);
}

TEST_CASE("shutdown: a client that never answers the close does not hold the server", "[server][shutdown]") {
    Watchdog watchdog(60);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 1;
    o.shutdown_drain = std::chrono::milliseconds(300);
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    WsClient mute(port);  // never reads: never answers the close frame
    mute.request({{"type", "hello"}, {"name", "Mute"}});
    mute.recv_type("welcome");  // then reads nothing more
    const auto t0 = std::chrono::steady_clock::now();
    server.shutdown();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    CHECK(secs >= 0.25);
    CHECK(secs < 2);
}
