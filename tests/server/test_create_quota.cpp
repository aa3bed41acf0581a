// A createRoom the room quota refuses costs the server no game (issue 26: a flood of refused
// createRooms still built each game first, 50% CPU against 7% for a same-rate control flood); a
// request refused for its options after the quota was taken gives the quota back.
#include "tests/games/test_games.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

TEST_CASE("create quota: a createRoom refused by the quota builds no game; one refused for its options gives "
          "the quota back (issue 26)", "[server][limits]") {
    Watchdog wd(60);
    registry_with_test_games();
    hexhall::server::HubLimits limits;
    limits.rooms_per_session = 2;
    TestServer s(2, limits);
    WsClient c(s.port);
    c.hello("Ann");
    const int built0 = hilo::games_created();
    CHECK(c.create({{"game", "hilo"}}).at("type") == "roomCreated");
    c.request({{"type", "createRoom"}, {"game", "hilo"}, {"players", 9}});  // the game refuses it
    CHECK(c.recv_error() == "bad_option");
    CHECK(c.create({{"game", "hilo"}}).at("type") == "roomCreated");  // the quota was given back
    CHECK(hilo::games_created() == built0 + 3);
    for (int i = 0; i < 20; ++i) {
        c.request({{"type", "createRoom"}, {"game", "hilo"}});
        CHECK(c.recv_error() == "quota_exceeded");
    }
    CHECK(hilo::games_created() == built0 + 3);  // none built for the refused ones
}
