// Rematch (issue 18; docs/protocol.md, createRoom "rematchOf" and the room push's "rematch"): once a
// game is over, the first room a seated player creates from it is named in the finished room's
// pushes, so the other players can follow; nobody else's, nothing before the end, never twice.
#include "tests/games/test_games.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

// A createRoom's reply, past what is left of the game just played: the answer to an action sent as
// the game ended ("the game is over"), its last patches and the seed reveal.
json rematch_created(WsClient& c, json request) {
    request["type"] = "createRoom";
    c.request(request);
    for (int n = 0; n < 10000; ++n) {
        json m = c.recv();
        const std::string type = m.at("type");
        if (type == "roomCreated") return m;
        REQUIRE((type == "ack" || type == "joined" || type == "patch" || type == "seedReveal" || type == "started" || type == "snapshot" ||
                 (type == "error" && (m.at("code") == "illegal_action" || m.at("code") == "offer_closed"))));
    }
    FAIL("no roomCreated");
    return {};
}

}  // namespace

TEST_CASE("rematch: a seated player's new room is named in the finished room's pushes (issue 18)", "[server][rematch]") {
    Watchdog wd(120);
    TestServer s;
    Player ann;
    ann.seat = 0;
    ann.c = std::make_unique<WsClient>(s.port);
    ann.c->hello("Ann");
    const std::string room =
        ann.c->create({{"players", 3}, {"vp", 3}, {"botFill", "random"}, {"seed", 5}}).at("room");
    REQUIRE(ann.c->join(room, 0).at("type") == "joined");
    auto eve = std::make_unique<WsClient>(s.port);  // watches: not a player of this game
    eve->hello("Eve");
    REQUIRE(eve->join(room, nullptr).at("type") == "joined");

    // Before the end a rematch links nothing (the reply is an ordinary roomCreated).
    const std::string early = ann.c->create({{"rematchOf", room}}).at("room");
    // A room id nobody has: the same reply (no oracle for private ids); a wrong type is refused.
    CHECK(ann.c->create({{"rematchOf", "ffffffffffffffff"}}).at("type") == "roomCreated");
    ann.c->request({{"type", "createRoom"}, {"rematchOf", 7}});
    CHECK(ann.c->recv_error() == "bad_option");

    ann.c->request({{"type", "start"}, {"room", room}});
    ann.c->recv_type("started");
    ann.take_snapshot(ann.c->recv_type("snapshot"));
    std::mt19937_64 rng(9);
    play_until(ann, rng, [&] { return ann.view.at("phase") == "gameOver"; }, 200000);

    // The spectator's "rematch" is not linked; Ann's is.
    const std::string eves = rematch_created(*eve, {{"rematchOf", room}}).at("room");
    const std::string next =
        rematch_created(*ann.c, {{"game", "catan"}, {"players", 3}, {"vp", 3}, {"rematchOf", room}}).at("room");
    json push = ann.c->room_until([](const json& r) { return r.contains("rematch"); });
    CHECK(push.at("room") == room);
    CHECK(push.at("rematch").at("room") == next);
    CHECK(push.at("rematch").at("invite").get<std::string>().size() >= 16);
    CHECK(next != early);
    CHECK(next != eves);
    // The new room is an ordinary room: its own options, not started; the creator is its host.
    REQUIRE(ann.c->join(next, 0).at("type") == "joined");
    json fresh = ann.c->room_until([&](const json& r) { return r.at("room") == next; });
    CHECK(fresh.at("options").at("vp") == 3);
    CHECK(fresh.at("started") == false);
    CHECK(fresh.at("host") == 0);
    CHECK_FALSE(fresh.contains("rematch"));

    // The spectator learns it too; a later rematch changes nothing.
    json seen = eve->room_until([](const json& r) { return r.contains("rematch"); });
    CHECK(seen.at("rematch").at("room") == next);
    auto bob = std::make_unique<WsClient>(s.port);
    bob->hello("Bob");
    REQUIRE(bob->join(room, nullptr).at("type") == "joined");
    json later = bob->room_until([&](const json& r) { return r.at("room") == room; });
    CHECK(later.at("rematch").at("room") == next);
}

TEST_CASE("rematch: every registered game accepts rematchOf and links the rematch once its game is over (issue 26)",
          "[server][rematch]") {
    for (const hexhall::core::GameModule& m : registry_with_test_games().modules()) {
        SECTION(m.name) {
            const hexhall::core::GameModule module = m;  // the server (re)registers the built-in games
            Watchdog wd(240);
            TestServer s;
            WsClient host(s.port);
            const std::string token = host.hello("Host").at("session").get<std::string>();
            // Before the game is over: accepted (an ordinary room), linked nowhere.
            const std::string room =
                host.create({{"game", module.name}, {"botFill", module.bots.front()}, {"grace", 0}}).at("room");
            INFO(module.name);
            CHECK(host.create({{"game", module.name}, {"rematchOf", room}}).at("type") == "roomCreated");
            REQUIRE(host.join(room, 0).at("type") == "joined");
            WsClient watcher(s.port);
            watcher.hello("Watcher");
            REQUIRE(watcher.join(room, nullptr).at("type") == "joined");
            host.request({{"type", "start"}, {"room", room}});
            host.recv_type("started");
            host.close();  // the takeover bot plays the host's seat (grace 0) to the end
            for (int n = 0;; ++n) {
                REQUIRE(n < 200000);
                if (watcher.recv().at("type") == "seedReveal") break;
            }
            WsClient back(s.port);
            back.hello("Host", token);
            const std::string next =
                rematch_created(back, {{"game", module.name}, {"rematchOf", room}}).at("room");
            const json push = watcher.room_until([&](const json& r) { return r.at("room") == room && r.contains("rematch"); });
            CHECK(push.at("rematch").at("room") == next);
        }
    }
}
