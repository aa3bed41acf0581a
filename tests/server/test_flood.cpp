// The load test of issue 12 ("a flood of each kind"): while a table of four plays, one abusive
// address runs every flood the issue found — games of search bots, spectator churn in the table's
// own room, /standings and /replay requests, half-open HTTP connections, and clients that never
// read — all at once, against a server configured as a public one (rate limits and quotas on). The
// table's action round trip (action → ack → every seat's patch) must keep its p99 under a bound.
// Its own ctest entry (server_flood): `server_tests "[flood]"`.
#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "server/net.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

namespace {
// A flood's thread ends quietly when its connection goes (the server stops at the end).
template <class F>
void guarded(F f) {
    try {
        f();
    } catch (const std::exception&) {
    }
}
double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())))];
}
}  // namespace

TEST_CASE("flood: every kind of flood at once; another room's p99 stays bounded", "[server][limits][flood]") {
    Watchdog watchdog(240);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.msgs_per_second = 50;  // public-server limits (the table sends few messages)
    o.msgs_burst = 100;
    o.http_heavy_per_second = 10;
    o.http_heavy_burst = 20;
    o.max_send_queue_bytes = 1 << 20;
    hexhall::server::Server server(o);
    const uint16_t port = server.start();

    Table table(port, 12);
    std::vector<double> before, during;
    double rt = 0;
    for (int i = 0; i < 30 && table.act(rt); ++i) before.push_back(rt);
    REQUIRE(before.size() == 30);

    std::atomic<bool> stop{false};
    std::atomic<int> bot_rooms_refused{0}, churn_visits{0}, http_answers{0}, http_429{0}, slow_dropped{0}, half_open{0};
    std::vector<std::thread> floods;
    // 1. Games of search bots (finding 4): as many as the quotas let one session start, watched.
    floods.emplace_back([&, port] { guarded([&] {
        WsClient c(port);
        c.hello("BotFarmer");
        // The reply to request `id` (the watched games' messages in between are skipped).
        auto reply = [&](int64_t id) {
            for (;;) {
                json m = c.recv_any();
                if (m.contains("id") && m.at("id") == id && m.value("type", "") != "snapshot") return m;
            }
        };
        for (int i = 0; i < 6 && !stop; ++i) {
            const json created = reply(c.request({{"type", "createRoom"}, {"players", 4}, {"botFill", "search"}}).at("id").get<int64_t>());
            if (created.value("type", "") != "roomCreated") break;
            const std::string room = created.at("room");
            reply(c.request({{"type", "joinRoom"}, {"room", room}, {"seat", nullptr}}).at("id").get<int64_t>());
            const json started = reply(c.request({{"type", "start"}, {"room", room}}).at("id").get<int64_t>());
            if (started.value("code", "") == "too_many_bot_rooms") ++bot_rooms_refused;
        }
        while (!stop) c.recv_any();  // keeps watching (an unwatched bot game stands still)
    }); });
    // 2. Spectator churn in the table's own room (finding 10).
    floods.emplace_back([&, port] { guarded([&] {
        WsClient c(port);
        c.hello("Churner");
        int id = 100;
        while (!stop) {
            c.send({{"type", "joinRoom"}, {"v", 1}, {"id", id++}, {"room", table.room}, {"seat", nullptr}});
            c.send({{"type", "leaveRoom"}, {"v", 1}, {"id", id++}, {"room", table.room}});
            for (int got = 0; got < 2 && !stop;) {
                const json m = c.recv_any();
                if (m.contains("id") && m.at("id").is_number() && m.at("id").get<int>() >= id - 2) ++got;
            }
            ++churn_visits;
            std::this_thread::sleep_for(std::chrono::milliseconds(40));  // within its message rate
        }
    }); });
    // 3. Heavy HTTP (finding 9): standings over many ids, duplicates included.
    floods.emplace_back([&, port] { guarded([&] {
        std::string ids;
        for (int i = 0; i < 100; ++i) ids += (i ? "," : "") + table.room;
        while (!stop) {
            int status = 0;
            try {
                http_get(port, "/standings?rooms=" + ids, status);
            } catch (const std::exception&) {
                continue;
            }
            ++http_answers;
            if (status == 429) ++http_429;
        }
    }); });
    // 4. Half-open HTTP connections (finding 5): a partial request line, never finished.
    floods.emplace_back([&, port] { guarded([&] {
        asio::io_context ioc;
        std::vector<std::unique_ptr<tcp::socket>> held;
        for (int i = 0; i < 200 && !stop; ++i) {
            auto s = std::make_unique<tcp::socket>(ioc);
            beast::error_code ec;
            s->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
            if (ec) break;
            asio::write(*s, asio::buffer(std::string("GET /standings?rooms=")), ec);
            held.push_back(std::move(s));
            ++half_open;
        }
        while (!stop) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }); });
    // 5. Clients that never read (finding 6): listRooms again and again until dropped.
    for (int k = 0; k < 2; ++k) {
        floods.emplace_back([&, port] { guarded([&] {
            WsClient c(port);
            c.hello("Sink");
            beast::error_code ec;
            const std::string msg = R"({"type":"listRooms","v":1,"id":7})";
            while (!stop && !ec) {
                c.ws.write(asio::buffer(msg), ec);
                std::this_thread::sleep_for(std::chrono::milliseconds(25));  // within its rate
            }
            if (ec) ++slow_dropped;
        }); });
    }

    // The floods get going (conditions, not times), then the table plays on.
    REQUIRE(eventually([&] { return churn_visits > 5 && http_answers > 5 && half_open > 50; }, 60));
    for (int i = 0; i < 80 && table.act(rt); ++i) during.push_back(rt);
    stop = true;
    REQUIRE(during.size() == 80);
    const double p50b = quantile(before, 0.5), p50 = quantile(during, 0.5), p99 = quantile(during, 0.99);
    std::cerr << "flood test: table round trip p50 " << p50b * 1e3 << " ms before; during the floods p50 " << p50 * 1e3
              << " ms, p99 " << p99 * 1e3 << " ms; " << churn_visits << " spectator visits, " << http_answers
              << " standings requests (" << http_429 << " got 429), " << half_open << " half-open connections, "
              << bot_rooms_refused << " bot games refused\n";
    // The bound: 1.5 s, or on a machine this run found slower (a shared 2-core machine under other
    // builds, sanitizers) 20 times the table's slowest round trip before the floods, measured in
    // the same run; floods that starved the table would still take it far past either.
    CHECK(p99 < std::max(1.5, 20 * quantile(before, 1.0)));
    CHECK(p50 < std::max(20 * p50b, 0.25));   // and the typical action stays fast
    CHECK(http_429 > 0);                       // the HTTP limit engaged
    CHECK(churn_visits > 5);
    CHECK(table.act(rt));                      // the table plays on
    server.stop();
    for (auto& t : floods) t.join();
}
