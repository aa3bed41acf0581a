// GET /games/<room>/replay (docs/protocol.md, "Game records"): a finished game's spectator stream,
// rebuilt from the stored record, is exactly what a live spectator received, and its patches apply.
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

TEST_CASE("replay: the stored game replays into the live spectator's stream", "[server][replay]") {
    Watchdog watchdog(240);
    TestServer ts;
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
}
