// Play now (issue 29; docs/protocol.md "Play now"): players queue for a game, are told the queue's
// size while they wait, and are matched into a room whose seats are kept for them; two accounts make
// a rated room; a lone waiter gets bots after the wait, and that room is casual.
#include "tests/games/test_games.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

// The next message that is not a `queue` push.
json pn_reply(WsClient& c) {
    for (;;) {
        json m = c.recv();
        if (m.at("type") != "queue") return m;
    }
}

json pn_call(WsClient& c, json body) {
    c.request(std::move(body));
    return pn_reply(c);
}

// Reads up to the next message of `type` (others skipped).
json pn_until(WsClient& c, const std::string& type) {
    for (;;) {
        json m = c.recv();
        if (m.at("type") == type) return m;
    }
}

void pn_account(WsClient& c, const std::string& name) {
    c.hello("guest");
    REQUIRE(pn_call(c, {{"type", "register"}, {"name", name}, {"password", name + " password"}}).at("type") == "account");
}

// The next `matched` push (queue pushes before it are skipped).
json pn_matched(WsClient& c) {
    json m = pn_reply(c);
    INFO(m.dump());
    REQUIRE(m.at("type") == "matched");
    return m;
}

json pn_take_seat(WsClient& c, const json& m) {
    return c.join("", m.at("seat"), {{"invite", m.at("invite")}, {"seatToken", m.at("seatToken")}});
}

hexhall::server::HubLimits pn_fast_queue(std::chrono::milliseconds bots_after) {
    hexhall::server::HubLimits limits;
    limits.play_tick = std::chrono::milliseconds(20);
    limits.play_bots_after = bots_after;
    return limits;
}

}  // namespace

TEST_CASE("play now: two accounts are matched into a rated room that starts when both sit", "[server][playnow]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s(2, pn_fast_queue(std::chrono::hours(1)));  // no bots: only people are matched
    WsClient ann(s.port), bob(s.port);
    pn_account(ann, "Ann");
    pn_account(bob, "Bob");
    // Leaving is instant (and only once).
    REQUIRE(pn_call(bob, {{"type", "playNow"}, {"game", "tictactoe"}}).at("type") == "queued");
    CHECK(pn_call(bob, {{"type", "leaveQueue"}}).at("type") == "ok");
    CHECK(pn_call(bob, {{"type", "leaveQueue"}}).at("code") == "not_queued");
    const json q = pn_call(ann, {{"type", "playNow"}, {"game", "tictactoe"}});
    REQUIRE(q.at("type") == "queued");
    CHECK(q.at("players") == 2);
    CHECK(q.at("size") == 1);
    CHECK(pn_call(ann, {{"type", "playNow"}, {"game", "tictactoe"}}).at("code") == "already_queued");
    // While alone, Ann is told the queue's size and her wait.
    json push = ann.recv();
    CHECK(push.at("type") == "queue");
    CHECK(push.at("size") == 1);
    REQUIRE(pn_call(bob, {{"type", "playNow"}, {"game", "tictactoe"}, {"players", 2}}).at("type") == "queued");
    const json ma = pn_matched(ann), mb = pn_matched(bob);
    CHECK(ma.at("room") == mb.at("room"));
    CHECK(ma.at("rated") == true);
    CHECK(ma.at("seat") != mb.at("seat"));
    REQUIRE(pn_take_seat(ann, ma).at("type") == "joined");
    REQUIRE(pn_take_seat(bob, mb).at("type") == "joined");
    // Both seated: the game starts by itself; the room is rated and shows the ratings.
    CHECK(pn_until(ann, "snapshot").at("game") == "tictactoe");
    const json room = ann.last_room;
    CHECK(room.at("rated") == true);
    CHECK(room.at("seats").at(0).contains("rating"));
    CHECK(pn_call(ann, {{"type", "leaveQueue"}}).at("code") == "not_queued");
}

TEST_CASE("play now: a lone waiter gets bots after the wait, and that room is casual", "[server][playnow]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s(2, pn_fast_queue(std::chrono::milliseconds(200)));
    WsClient cy(s.port);
    cy.hello("Cy");  // a guest may play now too
    REQUIRE(pn_call(cy, {{"type", "playNow"}, {"game", "tictactoe"}}).at("type") == "queued");
    const json m = pn_matched(cy);
    CHECK(m.at("rated") == false);
    REQUIRE(pn_take_seat(cy, m).at("type") == "joined");
    CHECK(pn_until(cy, "snapshot").at("game") == "tictactoe");
    const json room = cy.last_room;
    CHECK_FALSE(room.contains("rated"));
    int bots = 0;
    for (const json& seat : room.at("seats")) bots += seat.at("kind") == "bot";
    CHECK(bots == 1);
}
