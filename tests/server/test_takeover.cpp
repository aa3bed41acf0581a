// Disconnect grace, kicks after the start and idle rooms (docs/decisions/005-rooms-and-hosts.md).
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

int settlements_of(const json& view, int seat) {
    int n = 0;
    for (auto& [k, v] : view.at("settlements").items()) n += v.get<int>() == seat;
    return n;
}

}  // namespace

TEST_CASE("takeover: a disconnected player's seat is played by a bot until they return", "[server][takeover]") {
    Watchdog wd(120);
    TestServer s;
    Player a, b;
    a.seat = 0;
    b.seat = 1;
    a.c = std::make_unique<WsClient>(s.port);
    b.c = std::make_unique<WsClient>(s.port);
    a.c->hello("Ann");
    b.token = b.c->hello("Bob").at("session");
    const std::string room =
        a.c->create({{"players", 3}, {"map", "starter"}, {"grace", 0}, {"botFill", "random"}, {"seed", 11}})
            .at("room");
    REQUIRE(a.c->join(room, 0).at("type") == "joined");
    REQUIRE(b.c->join(room, 1).at("type") == "joined");
    a.c->request({{"type", "start"}, {"room", room}});
    a.c->recv_type("started");
    a.take_snapshot(a.c->recv_type("snapshot"));
    b.c->recv_type("started");
    b.take_snapshot(b.c->recv_type("snapshot"));
    REQUIRE(a.view.at("active") == 0);  // the starter map starts with seat 0 (CAT-3.8)

    b.c->close();
    json push = a.c->room_until([](const json& r) { return r.at("seats")[1].contains("botPlaying"); });
    CHECK(push.at("seats")[1].at("botPlaying") == "heuristic");
    CHECK(push.at("seats")[1].at("connected") == false);
    CHECK(push.at("seats")[1].at("kind") == "human");
    CHECK_FALSE(push.at("seats")[1].contains("botAt"));  // the countdown ends when the bot plays

    // Seat 0 places; the bot places for seat 1 (then seat 2 twice, seat 1 again): the game goes on.
    std::mt19937_64 rng(5);
    play_until(a, rng, [&] { return settlements_of(a.view, 1) >= 2; });

    // Bob returns with his token: the seat is his again, with a fresh snapshot.
    b.c = std::make_unique<WsClient>(s.port);
    CHECK(b.c->hello("Bob", b.token).at("session") == b.token);
    CHECK(b.c->recv_type("joined").at("seat") == 1);
    b.take_snapshot(b.c->recv_type("snapshot"));
    CHECK(settlements_of(b.view, 1) >= 2);
    push = a.c->room_until([](const json& r) { return r.at("seats")[1].at("connected") == true; });
    CHECK_FALSE(push.at("seats")[1].contains("botPlaying"));
}

TEST_CASE("takeover: an absent player's seat says when the bot takes it (botAt), until they return (issue 18)", "[server][takeover]") {
    Watchdog wd(60);
    TestServer s;
    Player a, b;
    a.c = std::make_unique<WsClient>(s.port);
    b.c = std::make_unique<WsClient>(s.port);
    a.c->hello("Ann");
    b.token = b.c->hello("Bob").at("session");
    const std::string room =
        a.c->create({{"players", 3}, {"grace", 30}, {"botFill", "random"}, {"seed", 11}}).at("room");
    REQUIRE(a.c->join(room, 0).at("type") == "joined");
    REQUIRE(b.c->join(room, 1).at("type") == "joined");
    json before = a.c->room_until([](const json& r) { return r.at("seats")[1].is_object(); });
    CHECK_FALSE(before.at("seats")[1].contains("botAt"));  // connected: no countdown
    a.c->request({{"type", "start"}, {"room", room}});
    a.c->recv_type("started");

    const int64_t closed_at = unix_ms_now();
    b.c->close();
    json push = a.c->room_until([](const json& r) { return r.at("seats")[1].at("connected") == false; });
    REQUIRE(push.at("seats")[1].contains("botAt"));
    const int64_t bot_at = push.at("seats")[1].at("botAt").get<int64_t>();
    CHECK(bot_at >= closed_at + 30000);
    CHECK(bot_at <= unix_ms_now() + 30000);
    CHECK_FALSE(push.at("seats")[1].contains("botPlaying"));
    CHECK_FALSE(push.at("seats")[0].contains("botAt"));

    // Bob is back before the grace ends: no bot, no countdown.
    b.c = std::make_unique<WsClient>(s.port);
    CHECK(b.c->hello("Bob", b.token).at("session") == b.token);
    push = a.c->room_until([](const json& r) { return r.at("seats")[1].at("connected") == true; });
    CHECK_FALSE(push.at("seats")[1].contains("botAt"));
    CHECK_FALSE(push.at("seats")[1].contains("botPlaying"));
}

TEST_CASE("takeover: a player kicked after the start is replaced by a bot for good", "[server][takeover]") {
    Watchdog wd(120);
    TestServer s;
    Player a;
    a.seat = 0;
    a.c = std::make_unique<WsClient>(s.port);
    a.c->hello("Ann");
    WsClient b(s.port);
    b.hello("Bob");
    const std::string room =
        a.c->create({{"players", 3}, {"map", "starter"}, {"botFill", "random"}, {"seed", 12}}).at("room");
    REQUIRE(a.c->join(room, 0).at("type") == "joined");
    REQUIRE(b.join(room, 1).at("type") == "joined");
    a.c->request({{"type", "start"}, {"room", room}});
    a.c->recv_type("started");
    a.take_snapshot(a.c->recv_type("snapshot"));

    a.c->request({{"type", "kick"}, {"room", room}, {"seat", 1}});
    CHECK(a.c->recv_type("ok").at("type") == "ok");
    json k = b.recv();
    while (k.at("type") != "kicked") k = b.recv();  // started, snapshot, patches first
    CHECK(k.at("room") == room);
    json push = a.c->room_until([](const json& r) { return r.at("seats")[1].contains("botPlaying"); });
    CHECK(push.at("seats")[1].at("botPlaying") == "heuristic");
    CHECK(b.join(room, 1).at("code") == "kicked");
    b.request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "endTurn"}}}});
    CHECK(b.recv_error() == "not_in_room");

    std::mt19937_64 rng(6);
    play_until(a, rng, [&] { return settlements_of(a.view, 1) >= 2; });
    CHECK(settlements_of(a.view, 1) == 2);
}

TEST_CASE("idle: a room with no connected member closes after the idle timeout", "[server][idle]") {
    Watchdog wd(60);
    hexhall::server::HubLimits limits;
    limits.idle_close = std::chrono::milliseconds(300);
    TestServer s(2, limits);
    WsClient a(s.port);
    a.hello("Ann");
    const std::string empty_room = a.create().at("room");
    const std::string room = a.create().at("room");
    REQUIRE(a.join(room, nullptr).at("type") == "joined");
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    a.request({{"type", "listRooms"}});
    json rooms = a.recv_type("rooms").at("rooms");
    REQUIRE(rooms.size() == 1);  // the room nobody joined is gone, the watched one stays
    CHECK(rooms[0].at("room") == room);
    CHECK(a.join(empty_room, 0).at("code") == "no_room");

    a.request({{"type", "leaveRoom"}, {"room", room}});
    CHECK(a.recv_type("ok").at("type") == "ok");
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    a.request({{"type", "listRooms"}});
    CHECK(a.recv_type("rooms").at("rooms").empty());
}
