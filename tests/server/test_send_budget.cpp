// Memory bounded in total (issue 26): a per-connection cap alone let 250 never-reading WebSockets
// of one address take the server from 64 MB to 1.24 GB. Here 40 never-reading sockets from two
// other addresses (127.0.0.2 and 127.0.0.3: loopback has them all) each ask for snapshot after
// snapshot of a watched game; the bytes queued across the server stay within its send budget, each
// address within its share, the slowest readers are dropped (counted in /metrics), and a table of
// four at 127.0.0.1 keeps playing. The process's RSS is printed before, at the peak and after.
#include <fstream>
#include <unistd.h>

#include "server/net.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

namespace {

// A WebSocket from `from` with a small receive buffer that, after its hello and joining `room` as a
// spectator, never reads again.
struct NeverReader {
    asio::io_context ioc;
    websocket::stream<tcp::socket> ws{ioc};
    int64_t next_id = 1;
    NeverReader(uint16_t port, const std::string& from, const std::string& room) {
        tcp::socket& s = ws.next_layer();
        s.open(tcp::v4());
        s.set_option(asio::socket_base::receive_buffer_size(4096));
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
