// GET /games/<room>/replay (docs/protocol.md, "Game records"): a finished game's spectator stream,
// rebuilt from the stored record, is exactly what a live spectator received, and its patches apply.
#include "server/http_gzip.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

TEST_CASE("replay: the stored game replays into the live spectator's stream", "[server][replay][store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    Watchdog watchdog(240);
    const TestStoreDb db(kind);
    TestServer ts(db.server_options());
    WsClient host(ts.port);
    host.hello("Host");
    const std::string room = host.create({{"players", 4}, {"vp", 5}, {"botFill", "random"}}).at("room").get<std::string>();
    REQUIRE(host.join(room, nullptr).at("type") == "joined");  // a spectator

    int status = 0;
    http_get(ts.port, "/games/" + room + "/replay", status);
    CHECK(status == 409);  // not finished
    http_get(ts.port, "/games/00000000/replay", status);
    CHECK(status == 404);

    host.request({{"type", "start"}, {"room", room}});
    REQUIRE(host.recv_type("started").contains("commitment"));
    std::vector<json> live;
    for (;;) {
        json m = host.recv();
        if (m.at("type") == "seedReveal") break;
        REQUIRE((m.at("type") == "snapshot" || m.at("type") == "patch"));
        live.push_back(m);
        REQUIRE(live.size() < 100000);
    }
    REQUIRE(live.size() > 10);

    const json replay = json::parse(http_get(ts.port, "/games/" + room + "/replay", status));
    REQUIRE(status == 200);
    CHECK(replay.at("room") == room);
    CHECK(replay.at("complete") == true);
    CHECK(replay.at("players").size() == 4);
    const json& messages = replay.at("messages");
    REQUIRE(messages.size() == live.size());
    for (size_t i = 0; i < live.size(); ++i) {
        INFO("message " << i);
        CHECK(messages[i] == live[i]);
    }
    // A client with no rules replays it: the patches turn the first view into the last.
    json view = messages[0].at("catan").at("view");
    for (size_t i = 1; i < messages.size(); ++i) view = view.patch(messages[i].at("ops"));
    CHECK(view.at("phase") == "gameOver");

    // Asked with Accept-Encoding: gzip, the replay and the record come compressed, and inflate to
    // exactly the plain answers (issue 27: 130–345 KB of JSON per game).
    for (const char* what : {"replay", "record"}) {
        INFO(what);
        const std::string target = "/games/" + room + "/" + std::string(what);
        const std::string plain = http_get(ts.port, target, status);
        REQUIRE(status == 200);
        const auto zipped = http_get_with(ts.port, target, {{"Accept-Encoding", "gzip, deflate, br"}});
        REQUIRE(zipped.result_int() == 200);
        CHECK(zipped[http::field::content_encoding] == "gzip");
        CHECK(zipped[http::field::vary] == "Accept-Encoding");
        CHECK(zipped.body().size() * 4 < plain.size());
        std::cout << what << " of a 4-seat 5-VP bot game: " << plain.size() << " bytes, gzip " << zipped.body().size() << "\n";
        CHECK(hexhall::server::gunzip(zipped.body()) == plain);
        const auto refused = http_get_with(ts.port, target, {{"Accept-Encoding", "gzip;q=0, identity"}});
        CHECK(refused[http::field::content_encoding] == "");
        CHECK(refused.body() == plain);
    }
  }
}

TEST_CASE("gzip: Accept-Encoding is read as RFC 9110 says, and members round-trip", "[server][replay]") {
    using hexhall::server::accepts_gzip;
    CHECK(accepts_gzip("gzip"));
    CHECK(accepts_gzip("deflate, GZIP;q=0.5, br"));
    CHECK(accepts_gzip("*"));
    CHECK(accepts_gzip("x-gzip"));
    CHECK_FALSE(accepts_gzip(""));
    CHECK_FALSE(accepts_gzip("identity"));
    CHECK_FALSE(accepts_gzip("br, deflate"));
    CHECK_FALSE(accepts_gzip("gzip;q=0"));
    CHECK_FALSE(accepts_gzip("gzip; q=0.000, *"));  // gzip named and refused: * does not bring it back
    CHECK_FALSE(accepts_gzip("*;q=0"));
    for (const std::string& body : {std::string(), std::string("x"), std::string(100000, 'a'),
                                   json{{"messages", json::array({1, 2, 3})}, {"text", "héllo ✓"}}.dump()}) {
        const std::string z = hexhall::server::gzip(body);
        CHECK(z.substr(0, 3) == std::string("\x1f\x8b\x08", 3));
        CHECK(hexhall::server::gunzip(z) == body);
        if (z.size() > 20) {
            std::string bad = z;
            bad[bad.size() - 5] ^= 1;  // the CRC
            CHECK_FALSE(hexhall::server::gunzip(bad));
        }
    }
}
