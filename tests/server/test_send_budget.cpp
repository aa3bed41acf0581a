// Memory bounded in total (issue 26): a per-connection cap alone let 250 never-reading WebSockets
// of one address take the server from 64 MB to 1.24 GB. Here 40 never-reading sockets from two
// other addresses (127.0.0.2 and 127.0.0.3: loopback has them all) each ask for snapshot after
// snapshot of a watched game; the bytes queued across the server stay within its send budget, each
// address within its share, the slowest readers are dropped (counted in /metrics), and a table of
// four at 127.0.0.1 keeps playing. The process's RSS is printed before, at the peak and after.
#include <algorithm>
#include <atomic>
#include <fstream>
#include <thread>
#include <unistd.h>

#include "server/net.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

namespace {

// A WebSocket from `from` with a small receive buffer (`rcvbuf`; 0: the system's) that, after its
// hello and joining `room` as a spectator, never reads again.
struct NeverReader {
    asio::io_context ioc;
    websocket::stream<tcp::socket> ws{ioc};
    int64_t next_id = 1;
    NeverReader(uint16_t port, const std::string& from, const std::string& room, int rcvbuf = 4096) {
        tcp::socket& s = ws.next_layer();
        s.open(tcp::v4());
        if (rcvbuf > 0) s.set_option(asio::socket_base::receive_buffer_size(rcvbuf));
        s.bind(tcp::endpoint(asio::ip::make_address(from), 0));
        s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        ws.handshake("127.0.0.1", "/ws");
        send({{"type", "hello"}, {"name", "Slow"}});
        read_until("welcome");
        send({{"type", "joinRoom"}, {"room", room}, {"seat", nullptr}});
        read_until("joined");
    }
    void send(json j) {
        j["v"] = 1;
        j["id"] = next_id++;
        beast::error_code ec;
        ws.write(asio::buffer(j.dump()), ec);  // after it was dropped: nothing to do
    }
    void read_until(const std::string& type) {
        for (;;) {
            beast::flat_buffer b;
            ws.read(b);
            if (json::parse(beast::buffers_to_string(b.data())).value("type", "") == type) return;
        }
    }
};

double rss_mib() {
    std::ifstream in("/proc/self/statm");
    long pages = 0, resident = 0;
    in >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

}  // namespace

TEST_CASE("send budget: never-reading sockets stay within the server's budget and their address's share; the "
          "slowest go first and a reading table plays on (issue 26)", "[server][flood][budget]") {
    Watchdog watchdog(360);
    constexpr size_t kBudget = 4u << 20, kShare = 3u << 20;
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.send_budget_bytes = kBudget;
    o.send_budget_per_address = kShare;
    hexhall::server::Server server(o);
    const uint16_t port = server.start();

    Table table(port, 26);  // the victim: four people at 127.0.0.1
    double rt = 0;
    for (int i = 0; i < 5; ++i) REQUIRE(table.act(rt));
    const double drops0 = metric(port, "hexhall_send_budget_drops_total");
    const double rss0 = rss_mib();

    // The watched game: bots only, from another address (snapshots of a running game to resync).
    WsClient host(port);
    host.hello("Host");
    const std::string watched = host.create({{"players", 4}, {"botFill", "random"}, {"seed", 3}}).at("room");
    host.request({{"type", "start"}, {"room", watched}});
    host.recv_type("started");

    std::vector<std::unique_ptr<NeverReader>> slow;
    for (int i = 0; i < 40; ++i)
        slow.push_back(std::make_unique<NeverReader>(port, i % 2 ? "127.0.0.2" : "127.0.0.3", watched));
    // Each asks for snapshot after snapshot that it never reads (the kernel's buffers take the first
    // megabytes of each socket, up to tcp_wmem's 4 MiB; what follows waits in the server), until slow
    // readers go.
    // (The server works through the requests at its own pace: they are sent ahead, then waited for.)
    for (int round = 0; round < 2000 && metric(port, "hexhall_send_budget_drops_total") < drops0 + 10; round += 50)
        for (int i = 0; i < 50; ++i)
            for (auto& s : slow) s->send({{"type", "resync"}});
    REQUIRE(eventually([&] { return metric(port, "hexhall_send_budget_drops_total") >= drops0 + 10; }, 180));
    const double rss_peak = rss_mib();

    // The table plays on, every round trip answered; nobody at its address was dropped.
    std::vector<double> during;
    for (int i = 0; i < 20 && table.act(rt); ++i) during.push_back(rt);
    CHECK(during.size() == 20);
    CHECK(server.send_queued_peak() <= kBudget);  // never more queued at once, whatever the flood
    CHECK(metric(port, "hexhall_send_queued_bytes") <= static_cast<double>(kBudget));
    slow.clear();  // the attackers go
    REQUIRE(eventually([&] { return metric(port, "hexhall_send_queued_bytes") < 256 * 1024; }, 60));
    REQUIRE(eventually([&] { return metric(port, "hexhall_memory_trims_total") >= 1; }, 30));
    for (int i = 0; i < 5 && table.act(rt); ++i) {}
    const double rss_after = rss_mib();
    std::cout << "send budget: RSS before " << rss0 << " MiB, during the flood " << rss_peak << " MiB, after "
              << rss_after << " MiB; " << metric(port, "hexhall_send_budget_drops_total") - drops0
              << " slow readers dropped\n";
    server.stop();
}

namespace {

// A text frame as a client sends it (masked, with a zero key: the payload stays as it is).
std::string client_frame(const std::string& payload) {
    std::string f;
    f += static_cast<char>(0x81);
    f += static_cast<char>(0x80 | payload.size());  // payloads under 126 bytes
    f += std::string(4, '\0');
    return f + payload;
}

}  // namespace

TEST_CASE("a connection's requests wait at its own socket: a flood of resyncs in a table's room, never read, "
          "queues no work in the room and the table plays on (issue 26)", "[server][flood][budget]") {
    Watchdog watchdog(300);
    hexhall::server::ServerOptions o;  // no message rate limit: the flood is as fast as the socket
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    Table table(port, 27);
    double rt = 0;
    for (int i = 0; i < 5; ++i) REQUIRE(table.act(rt));

    // A spectator of the table's own room from another address sends 20,000 resyncs as fast as
    // its socket takes them (it reads its answers as raw bytes, so its send queue never overflows).
    NeverReader flood(port, "127.0.0.2", table.room, 0);
    tcp::socket& s = flood.ws.next_layer();
    const std::string frame = client_frame(R"({"type":"resync","v":1,"id":7})");
    std::string out;
    for (int i = 0; i < 20000; ++i) out += frame;
    const double in0 = metric(port, "hexhall_messages_in_total");
    const double slow0 = metric(port, "hexhall_slow_connections_dropped_total");  // (process-wide: earlier tests count)
    std::atomic<bool> written{false};
    std::thread reader([&] {  // the answers, as raw bytes, as fast as they come
        std::vector<char> scratch(1 << 16);
        beast::error_code ec;
        while (!ec) s.read_some(asio::buffer(scratch), ec);
    });
    std::thread writer([&] {
        beast::error_code ec;
        asio::write(s, asio::buffer(out), ec);
        written = true;
    });
    std::vector<double> during;
    while (during.size() < 60 && table.act(rt)) during.push_back(rt);
    writer.join();
    REQUIRE(written);
    REQUIRE(during.size() >= 20);
    // The server read the whole flood, a few requests at a time, and answered it.
    CHECK(eventually([&] { return metric(port, "hexhall_messages_in_total") >= in0 + 20000; }, 120));
    CHECK(metric(port, "hexhall_slow_connections_dropped_total") == slow0);
    beast::error_code ec;
    s.shutdown(tcp::socket::shutdown_both, ec);
    reader.join();
    std::sort(during.begin(), during.end());
    const double p50 = during[during.size() / 2], worst = during.back();
    std::cout << "room request flood: the table's round trips during 20,000 unread resyncs in its room: p50 "
              << p50 * 1e3 << " ms, worst " << worst * 1e3 << " ms over " << during.size() << "\n";
    CHECK(worst < 0.25);
    server.stop();
}
