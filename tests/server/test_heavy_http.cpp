// The heavy HTTP endpoints (issue 12 finding 9): /standings and /games/<room>/record|replay run on a
// worker thread, not on the I/O threads; a game listed twice counts once; finished games are
// evaluated once and then served from a cache; each address is limited (429 with Retry-After).
#include "tests/server/ws_client.hpp"

#include <condition_variable>
#include <future>

#include "server/records.hpp"
#include "server/standings.hpp"

using namespace hexhall::test;

namespace {

// A 4-bot game to 10 VP (HK-1.1: a tournament result), watched by its host until the seed is revealed and its record is stored.
std::string finished_bot_game(uint16_t port, WsClient& host) {
    const std::string room = host.create({{"players", 4}, {"botFill", "heuristic"}}).at("room").get<std::string>();
    REQUIRE(host.join(room, nullptr).at("type") == "joined");
    host.request({{"type", "start"}, {"room", room}});
    for (int n = 0;; ++n) {
        REQUIRE(n < 100000);
        if (host.recv().at("type") == "seedReveal") break;
    }
    int status = 0;
    for (int i = 0; i < 500 && status != 200; ++i) {  // the finished state is stored by the writer thread
        http_get(port, "/games/" + room + "/record", status);
        if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(status == 200);
    return room;
}

// The status and the Retry-After header of GET target.
std::pair<int, std::string> get_with_retry_after(uint16_t port, const std::string& target) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    return {static_cast<int>(res.result_int()), std::string(res[http::field::retry_after])};
}

}  // namespace

TEST_CASE("heavy HTTP: a game listed several times counts once; finished games are evaluated once", "[server][edges][HK-1.9]") {
    Watchdog wd(120);
    TestServer ts;
    WsClient host(ts.port);
    host.hello("Organiser");
    const std::string a = finished_bot_game(ts.port, host);
    const size_t cached_before = hexhall::server::finished_games_cached();
    int status = 0;
    const std::string first = http_get(ts.port, "/standings?rooms=" + a + "," + a + "," + a, status);
    REQUIRE(status == 200);
    const json s = json::parse(first);
    CHECK(s.at("games").size() == 1);
    REQUIRE(s.at("skipped").size() == 2);
    CHECK(s.at("skipped")[0].at("reason") == "listed more than once");
    CHECK(s.at("standings")[0].at("games") == 1);
    CHECK(hexhall::server::finished_games_cached() == cached_before + 1);
    // Asked again: the same answer, from the cache (nothing more cached).
    CHECK(http_get(ts.port, "/standings?rooms=" + a + "," + a + "," + a, status) == first);
    CHECK(hexhall::server::finished_games_cached() == cached_before + 1);
    const size_t bodies = hexhall::server::finished_bodies_cached();
    const std::string replay = http_get(ts.port, "/games/" + a + "/replay", status);
    REQUIRE(status == 200);
    CHECK(http_get(ts.port, "/games/" + a + "/replay", status) == replay);
    CHECK(hexhall::server::finished_bodies_cached() >= bodies);
}

TEST_CASE("heavy HTTP: a slow /standings does not hold up the I/O thread", "[server][edges]") {
    Watchdog wd(60);
    std::mutex mu;
    std::condition_variable cv;
    bool entered = false, release = false;
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 1;  // one I/O thread: a heavy request on it would stop every connection
    o.heavy_http_hook = [&] {
        std::unique_lock lock(mu);
        entered = true;
        cv.notify_all();
        cv.wait(lock, [&] { return release; });
    };
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    auto slow = std::async(std::launch::async, [port] {
        int status = 0;
        http_get(port, "/standings?rooms=abcdef", status);
        return status;
    });
    {
        std::unique_lock lock(mu);
        cv.wait(lock, [&] { return entered; });  // the request is on the worker, held there
    }
    // Meanwhile the I/O thread serves a WebSocket and another HTTP request.
    WsClient c(port);
    c.hello("Ann");
    int status = 0;
    CHECK(http_get(port, "/healthz", status) == "ok");
    CHECK(c.create({{"players", 3}}).at("type") == "roomCreated");
    {
        std::lock_guard lock(mu);
        release = true;
    }
    cv.notify_all();
    CHECK(slow.get() == 200);
    server.stop();
}

TEST_CASE("heavy HTTP: requests per address are limited, with 429 and Retry-After", "[server][edges][limits]") {
    Watchdog wd(60);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.http_heavy_per_second = 0.01;  // no refill within the test
    o.http_heavy_burst = 3;
    hexhall::server::Server server(o);
    const uint16_t port = server.start();
    for (int i = 0; i < 3; ++i) CHECK(get_with_retry_after(port, "/standings?rooms=abcdef").first == 200);
    const auto [status, retry] = get_with_retry_after(port, "/games/abcdef/record");
    CHECK(status == 429);
    CHECK(retry == "1");
    int s = 0;
    CHECK(http_get(port, "/healthz", s) == "ok");  // light endpoints are not limited
    CHECK(s == 200);
    server.stop();
}
