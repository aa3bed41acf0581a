// `room` pushes are coalesced (issue 12 finding 10): an outsider joining and leaving as a spectator
// as fast as it can makes a member receive a bounded number of pushes (at most one per 100 ms after
// the first), and the member's latest push is always the current state.
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

TEST_CASE("room pushes: spectator churn is coalesced; the last push is the current state", "[server][edges][lobby]") {
    Watchdog wd(120);
    TestServer s;
    WsClient ann(s.port), bob(s.port), mallory(s.port);
    ann.hello("Ann");
    bob.hello("Bob");
    mallory.hello("Mallory");
    const std::string room = ann.create({{"players", 3}}).at("room");
    REQUIRE(ann.join(room, 0).at("type") == "joined");
    while (ann.last_room.is_null() || ann.last_room.at("seats")[0].is_null()) ann.recv_type("room");

    // 50 spectator visits, sent back to back; then every reply read (the server has handled them).
    constexpr int kVisits = 50;
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < kVisits; ++i) {
        mallory.send({{"type", "joinRoom"}, {"v", 1}, {"id", 1000 + 2 * i}, {"room", room}, {"seat", nullptr}});
        mallory.send({{"type", "leaveRoom"}, {"v", 1}, {"id", 1001 + 2 * i}, {"room", room}});
    }
    for (int replies = 0; replies < 2 * kVisits;) {
        const json m = mallory.recv_any();
        if (m.contains("id") && m.at("id").is_number() && m.at("id").get<int>() >= 1000) {
            REQUIRE(m.at("type") != "error");
            ++replies;
        }
    }
    // A change after the churn marks the end: Ann's pushes up to Bob's arrival are counted.
    REQUIRE(bob.join(room, 1).at("type") == "joined");
    int pushes = 0;
    for (;;) {
        const json m = ann.recv_any();
        if (m.at("type") != "room") continue;
        ++pushes;
        if (!m.at("seats")[1].is_null() && m.at("seats")[1].value("name", "") == "Bob") break;
    }
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    INFO(pushes << " room pushes to Ann in " << ms << " ms for " << 2 * kVisits + 1 << " changes");
    CHECK(pushes <= 2 + ms / 100);  // one at once, then at most one per 100 ms
    CHECK(pushes < 2 * kVisits);
    CHECK(ann.last_room.at("spectators") == 0);  // the newest state: Mallory has left
}
