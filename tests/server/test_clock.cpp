// Game clocks run by the server (CAT-17.1, HK-2): the envelope's `clock`, and the engine's Timeout /
// BeginPlacement applied when a deadline passes. HubLimits::clock_scale shortens every limit.
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

bool has_event(const json& patch, const std::string& type, int seat = -1) {
    for (const json& e : patch.at("catan").at("events"))
        if (e.at("type") == type && (seat < 0 || e.value("seat", -1) == seat)) return true;
    return false;
}

Player start_solo(TestServer& s, json options) {
    Player p;
    p.seat = 0;
    p.c = std::make_unique<WsClient>(s.port);
    p.c->hello("Ann");
    const std::string room = p.c->create(options).at("room");
    REQUIRE(p.c->join(room, 0).at("type") == "joined");
    p.c->request({{"type", "start"}, {"room", room}});
    json push = p.c->room_until([](const json& r) { return r.at("started") == true; });
    CHECK(push.at("clock") == options.value("clock", "hk2024"));
    p.c->recv_type("started");
    p.take_snapshot(p.c->recv_type("snapshot"));
    return p;
}

}  // namespace

TEST_CASE("clock: a fast clock times out the idle player and the game moves on", "[server][clock][CAT-17.1]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits;
    limits.clock_scale = 0.004;  // fast: 45 s -> 180 ms
    TestServer s(2, limits);
    const int64_t t0 = unix_ms_now();
    Player p = start_solo(s, {{"players", 3}, {"map", "starter"}, {"clock", "fast"}, {"botFill", "random"}});
    // Seat 0 places first (CAT-3.8): its setup clock runs, 45 s scaled, in the future.
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.at("seat") == 0);
    CHECK(p.clock.at("kind") == "setup");
    const int64_t deadline = p.clock.at("deadline").get<int64_t>();
    CHECK(deadline > t0);
    CHECK(deadline <= unix_ms_now() + 180 + 50);
    CHECK_FALSE(p.view.dump().find("deadline") != std::string::npos);  // outside the view

    // Seat 0 never acts: its placements time out (HK-2.2 outcome), then its turns (CAT-17.1).
    int timeouts = 0, turns_ended = 0;
    while (turns_ended < 4) {
        json m = p.c->recv();
        if (m.at("type") != "patch") continue;
        p.take_patch(m);
        if (has_event(m, "timedOut", 0)) {
            ++timeouts;
            CHECK(unix_ms_now() >= deadline);
        }
        if (has_event(m, "turnEnded", 0)) ++turns_ended;
        if (p.clock.is_object()) CHECK(p.clock.at("deadline").get<int64_t>() > 0);
    }
    CHECK(timeouts >= 4);  // two placements and at least two turns
    CHECK(p.view.at("turn").get<int>() >= 4);
}

TEST_CASE("clock: hk2024 ends map study, then the setup clock warns and times out", "[server][clock][HK-2.1][HK-2.2]") {
    Watchdog wd(120);
    hexhall::server::HubLimits limits;
    limits.clock_scale = 0.002;  // study 180 s -> 360 ms; placement 120 s -> 240 ms
    TestServer s(2, limits);
    Player p = start_solo(s, {{"players", 3}, {"ruleset", "hk2024"}, {"botFill", "random"}});
    CHECK(p.view.at("phase") == "mapStudy");
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.at("kind") == "study");
    CHECK(p.clock.at("deadline").get<int64_t>() > unix_ms_now());

    json m = p.c->recv_type("patch");
    p.take_patch(m);
    CHECK(has_event(m, "placementBegan"));
    CHECK(p.view.at("phase") == "setupSettlement");
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.at("kind") == "setup");
    // HK-2.2: a warning 30 s before the end of the 120 s.
    CHECK(p.clock.at("deadline").get<int64_t>() - p.clock.at("warnAt").get<int64_t>() == 60);  // 30 s scaled

    // Whoever places first (seat 0 here: HK plays an explicit board, seat 0 starts) times out.
    bool timed_out = false;
    while (!timed_out) {
        json n = p.c->recv();
        if (n.at("type") != "patch") continue;
        p.take_patch(n);
        timed_out = has_event(n, "timedOut");
    }
    CHECK(timed_out);
}

TEST_CASE("clock: no clock, no deadline; hk2024 without a clock skips map study", "[server][clock]") {
    Watchdog wd(60);
    TestServer s;
    Player p = start_solo(s, {{"players", 3}, {"clock", "none"}, {"ruleset", "hk2024"}, {"botFill", "random"}});
    CHECK(p.clock.is_null());
    CHECK(p.view.at("phase") != "mapStudy");
}
