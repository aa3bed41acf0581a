// Rated rooms, players' pages and leaderboards (issue 29; docs/decisions/019-ratings.md, 020-accounts.md):
// a rated room seats accounts only and plays with a clock and a secret seed; at the end the people
// are rated (Weng-Lin), every account's history gets the game, and GET /players/<name> and
// GET /leaderboard show them. Deleting an account keeps its games under an anonymous name. Both
// stores keep ratings and histories.
#include "server/ratings.hpp"
#include "tests/games/test_games.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

// The reply to `body` (game messages before it are skipped).
json rt_call(WsClient& c, json body) {
    const json sent = c.request(std::move(body));
    for (;;) {
        json m = c.recv();
        if (m.contains("id") && m.at("id") == sent.at("id")) return m;
    }
}

WsClient& rt_logged_in(WsClient& c, const std::string& name) {
    c.hello("guest");
    const json a = rt_call(c, {{"type", "register"}, {"name", name}, {"password", name + " password"}});
    REQUIRE(a.at("type") == "account");
    return c;
}

// `c` marks `cell` and reads up to its ack (the patches in between are skipped).
void rt_mark(WsClient& c, int cell) {
    const int64_t id = c.request({{"type", "action"}, {"game", "tictactoe"}, {"tictactoe", {{"type", "mark"}, {"cell", cell}}}})
                           .at("id")
                           .get<int64_t>();
    for (;;) {
        const json m = c.recv();
        INFO(m.dump());
        REQUIRE(m.at("type") != "error");
        if (m.at("type") == "ack" && m.at("id") == id) return;
    }
}

json rt_get_json(uint16_t port, const std::string& target, int& status) {
    return json::parse(http_get(port, target, status));
}

}  // namespace

TEST_CASE("ratings: a rated room seats accounts only, and needs a clock and a secret seed", "[server][ratings]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s;
    WsClient guest(s.port);
    guest.hello("guest");
    guest.request({{"type", "createRoom"}, {"game", "tictactoe"}, {"rated", true}, {"seed", 3}});
    CHECK(guest.recv_error() == "bad_option");
    guest.request({{"type", "createRoom"}, {"game", "tictactoe"}, {"rated", true}, {"clock", "none"}});
    CHECK(guest.recv_error() == "bad_option");
    const std::string room = guest.create({{"game", "tictactoe"}, {"rated", true}}).at("room");
    CHECK(guest.join(room, 0).at("code") == "account_required");
    REQUIRE(guest.join(room, nullptr).at("type") == "joined");  // watching needs no account
    const json seen = guest.room_until([](const json&) { return true; });
    CHECK(seen.at("rated") == true);
    CHECK(seen.at("clock") == "standard");

    WsClient ann(s.port);
    rt_logged_in(ann, "Ann");
    REQUIRE(ann.join(room, 0).at("type") == "joined");
    const json push = ann.room_until([](const json& p) { return !p.at("seats").at(0).is_null(); });
    CHECK(push.at("seats").at(0).at("name") == "Ann");
    CHECK(push.at("seats").at(0).at("rating").at("mu") == 25.0);  // a new player's rating beside the name
    // The same account cannot take a second seat from another session.
    WsClient ann2(s.port);
    ann2.hello("guest");
    REQUIRE(rt_call(ann2, {{"type", "login"}, {"name", "Ann"}, {"password", "Ann password"}}).at("type") == "account");
    CHECK(ann2.join(room, 1).at("code") == "already_seated");
}

TEST_CASE("ratings: a rated game rates its players; pages, leaderboards and deletion", "[server][ratings]") {
    Watchdog wd(180);
    registry_with_test_games();
    hexhall::server::HubLimits limits;
    limits.leaderboard_min_games = 1;
    TestServer s(2, limits);
    WsClient ann(s.port), bob(s.port);
    rt_logged_in(ann, "Ann");
    rt_logged_in(bob, "Bob");
    const std::string room = ann.create({{"game", "tictactoe"}, {"rated", true}}).at("room");
    REQUIRE(ann.join(room, 0).at("type") == "joined");
    REQUIRE(bob.join(room, 1).at("type") == "joined");
    ann.request({{"type", "start"}, {"room", room}});
    REQUIRE(ann.recv_type("started").at("room") == room);
    // X (Ann) takes the top row.
    for (auto [who, cell] : std::vector<std::pair<WsClient*, int>>{{&ann, 0}, {&bob, 3}, {&ann, 1}, {&bob, 4}, {&ann, 2}})
        rt_mark(*who, cell);
    for (json m = ann.recv(); m.at("type") != "seedReveal"; m = ann.recv()) {}

    int status = 0;
    json page;
    REQUIRE(eventually([&] {
        page = rt_get_json(s.port, "/players/ann", status);  // names are found case-insensitively
        return status == 200 && page.at("played") == 1;
    }));
    CHECK(page.at("name") == "Ann");
    CHECK(page.at("wins") == 1);
    CHECK(page.at("winRate") == 1.0);
    const json game = page.at("games").at(0);
    CHECK(game.at("room") == room);
    CHECK(game.at("game") == "tictactoe");
    CHECK(game.at("rated") == true);
    CHECK(game.at("won") == true);
    CHECK(game.at("place") == 1);
    CHECK(game.at("replay") == "/games/" + room + "/replay");
    CHECK(game.at("opponents").at(0).at("name") == "Bob");
    CHECK(game.at("rating").at("after").at("mu").get<double>() > 25.0);
    REQUIRE(page.at("ratings").size() == 1);
    const json r = page.at("ratings").at(0);
    CHECK(r.at("game") == "tictactoe");
    CHECK(r.at("ruleset") == "standard");
    CHECK(r.at("games") == 1);
    CHECK(r.at("history").size() == 1);
    const json bob_page = rt_get_json(s.port, "/players/Bob", status);
    REQUIRE(status == 200);
    CHECK(bob_page.at("wins") == 0);
    CHECK(bob_page.at("ratings").at(0).at("mu").get<double>() < 25.0);
    rt_get_json(s.port, "/players/Nobody", status);
    CHECK(status == 404);

    json board = rt_get_json(s.port, "/leaderboard?game=tictactoe&ruleset=standard", status);
    REQUIRE(status == 200);
    CHECK(board.at("current") == true);
    REQUIRE(board.at("rows").size() == 2);
    CHECK(board.at("rows").at(0).at("name") == "Ann");
    CHECK(board.at("rows").at(0).at("rank") == 1);
    CHECK(board.at("rows").at(1).at("name") == "Bob");
    rt_get_json(s.port, "/leaderboard", status);
    CHECK(status == 400);
    board = rt_get_json(s.port, "/leaderboard?game=tictactoe&ruleset=standard&season=2001-01", status);
    CHECK(board.at("rows").empty());  // a season with no games

    // Ann deletes her account: her games stay, under an anonymous name.
    REQUIRE(rt_call(ann, {{"type", "deleteAccount"}, {"password", "Ann password"}}).at("type") == "ok");
    rt_get_json(s.port, "/players/Ann", status);
    CHECK(status == 404);
    REQUIRE(eventually([&] {
        const json p = rt_get_json(s.port, "/players/Bob", status);
        return p.at("games").at(0).at("opponents").at(0).at("name").get<std::string>().starts_with("Deleted player");
    }));
    REQUIRE(eventually([&] {
        const json record = rt_get_json(s.port, "/games/" + room + "/record", status);
        return status == 200 && record.at("players").at(0).at("name").get<std::string>().starts_with("Deleted player");
    }));
    board = rt_get_json(s.port, "/leaderboard?game=tictactoe&ruleset=standard", status);
    REQUIRE(board.at("rows").size() == 1);  // a deleted account leaves the leaderboards
    CHECK(board.at("rows").at(0).at("name") == "Bob");
}

TEST_CASE("ratings: ratings and histories are kept by the store", "[server][ratings][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        hexhall::server::PlayedGame g;
        g.room = "0123456789abcdef";
        g.game = "tictactoe";
        g.family = "standard";
        g.rated = true;
        g.finished_ms = unix_ms_now();
        g.outcome.winners = {1};
        g.outcome.scores = {0, 1};
        g.seats = {{"a1", "", "Ann", "human", false}, {"b2", "", "Bob", "human", false}};
        std::optional<hexhall::rating::Rating> ann;
        {
            auto store = db.open();
            hexhall::server::RatingBook book(store.get());
            book.record(g);
            ann = book.rating_of("a1", "tictactoe", "standard");
            store->flush();
        }
        REQUIRE(ann);
        CHECK(ann->mu < 25.0);
        auto store = db.open();
        hexhall::server::RatingBook book(store.get());
        book.load();
        CHECK(book.rating_of("a1", "tictactoe", "standard") == ann);
        const json page = book.profile("b2", "Bob", [](const std::string& id) { return id == "a1" ? "Ann" : "?"; });
        CHECK(page.at("played") == 1);
        CHECK(page.at("wins") == 1);
        CHECK(page.at("games").at(0).at("opponents").at(0).at("name") == "Ann");
        CHECK(page.at("ratings").at(0).at("history").size() == 1);
        CHECK(book.seats_of("a1") == std::vector<std::pair<std::string, int>>{{"0123456789abcdef", 0}});
    }
}

TEST_CASE("ratings: a guest who registers during a game finds it in the account's history", "[server][ratings]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s;
    WsClient cy(s.port), dee(s.port);
    cy.hello("Cy");
    dee.hello("Dee");
    const std::string room = cy.create({{"game", "tictactoe"}}).at("room");  // casual
    REQUIRE(cy.join(room, 0).at("type") == "joined");
    REQUIRE(dee.join(room, 1).at("type") == "joined");
    cy.request({{"type", "start"}, {"room", room}});
    REQUIRE(cy.recv_type("started").at("room") == room);
    rt_mark(cy, 4);
    // Mid-game, the guest claims an account: the seat and the game stay its own.
    REQUIRE(rt_call(cy, {{"type", "register"}, {"name", "Cyrus"}, {"password", "cyrus password"}}).at("type") == "account");
    for (auto [who, cell] : std::vector<std::pair<WsClient*, int>>{{&dee, 0}, {&cy, 3}, {&dee, 1}, {&cy, 5}}) rt_mark(*who, cell);
    int status = 0;
    json page;
    REQUIRE(eventually([&] {
        page = rt_get_json(s.port, "/players/Cyrus", status);
        return status == 200 && page.at("played") == 1;
    }));
    const json game = page.at("games").at(0);
    CHECK(game.at("room") == room);
    CHECK(game.at("won") == true);
    CHECK(game.at("rated") == false);
    CHECK(game.at("opponents").at(0).at("name") == "Dee");
    CHECK(page.at("ratings").empty());  // a casual game rates nobody
}

// A guest's games are kept by the store under its session, so a claim on another node (or after a
// restart) finds them; a claimed history is gone from the guest's document.
TEST_CASE("ratings: a guest's finished games are kept by the store until an account claims them", "[server][ratings][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        hexhall::server::PlayedGame g;
        g.room = "0123456789abcdef";
        g.game = "tictactoe";
        g.family = "standard";
        g.finished_ms = unix_ms_now();
        g.outcome.winners = {0};
        g.outcome.scores = {1, 0};
        g.seats = {{"", "guest-session", "Gus", "human", false}, {"", "", "Bot", "bot", false}};
        auto sa = db.open(), sb = db.open();
        hexhall::server::RatingBook a(sa.get()), b(sb.get());
        a.load();
        b.load();
        a.record(g);
        sa->flush();
        CHECK(sa->load_document(hexhall::server::kGamesKind, "guest:guest-session"));
        CHECK(b.claim_guest("guest-session", "acc1") == 1);  // node B reads it from the store
        sb->flush();
        CHECK_FALSE(sb->load_document(hexhall::server::kGamesKind, "guest:guest-session"));
        CHECK(b.claim_guest("guest-session", "acc1") == 0);
        const json page = b.profile("acc1", "Gus", [](const std::string&) { return "Gus"; });
        REQUIRE(page.at("played") == 1);
        CHECK(page.at("games").at(0).at("won") == true);
        CHECK(page.at("games").at(0).at("opponents").at(0).at("name") == "Bot");
        CHECK(b.seats_of("acc1") == std::vector<std::pair<std::string, int>>{{"0123456789abcdef", 0}});
        // After a restart the account's history has it, and an expired guest's history goes.
        g.room = "fedcba9876543210";
        g.seats[0].session = "another-guest";
        b.record(g);
        b.forget_guests({"another-guest"});
        sb->flush();
        hexhall::server::RatingBook c(sb.get());
        c.load();
        CHECK(c.profile("acc1", "Gus", [](const std::string&) { return "Gus"; }).at("played") == 1);
        CHECK(c.claim_guest("another-guest", "acc2") == 0);
    }
}

// A guest claims an account (docs/protocol.md, "A guest claims an account"): the games it finished as
// a guest move to the account's page, by register and by login, and its seat in a live room is still
// its seat when it comes back as the account.
TEST_CASE("ratings: a guest who registers or logs in claims the games it finished as a guest", "[server][ratings][accounts]") {
    Watchdog wd(180);
    registry_with_test_games();
    TestServer s;
    WsClient cy(s.port), dee(s.port);
    cy.hello("Cy");
    dee.hello("Dee");
    // An account Dee will log in to from her guest session.
    {
        WsClient other(s.port);
        rt_logged_in(other, "Dora");
        REQUIRE(rt_call(other, {{"type", "logout"}}).at("type") == "ok");
    }
    const std::string finished = cy.create({{"game", "tictactoe"}}).at("room");
    REQUIRE(cy.join(finished, 0).at("type") == "joined");
    REQUIRE(dee.join(finished, 1).at("type") == "joined");
    cy.request({{"type", "start"}, {"room", finished}});
    REQUIRE(cy.recv_type("started").at("room") == finished);
    for (auto [who, cell] : std::vector<std::pair<WsClient*, int>>{{&cy, 0}, {&dee, 3}, {&cy, 1}, {&dee, 4}, {&cy, 2}})
        rt_mark(*who, cell);
    for (json m = cy.recv(); m.at("type") != "seedReveal"; m = cy.recv()) {}
    for (json m = dee.recv(); m.at("type") != "seedReveal"; m = dee.recv()) {}
    // A second game, running when Cy registers.
    const std::string live = cy.create({{"game", "tictactoe"}}).at("room");
    REQUIRE(cy.join(live, 0).at("type") == "joined");
    REQUIRE(dee.join(live, 1).at("type") == "joined");
    cy.request({{"type", "start"}, {"room", live}});
    REQUIRE(cy.recv_type("started").at("room") == live);
    rt_mark(cy, 4);

    int status = 0;
    const json made = rt_call(cy, {{"type", "register"}, {"name", "Cyra"}, {"password", "cyra password"}});
    REQUIRE(made.at("type") == "account");
    CHECK(made.at("claimed") == 1);
    json page = rt_get_json(s.port, "/players/Cyra", status);
    REQUIRE(status == 200);
    REQUIRE(page.at("played") == 1);
    CHECK(page.at("games").at(0).at("room") == finished);
    CHECK(page.at("games").at(0).at("won") == true);
    CHECK(page.at("games").at(0).at("opponents").at(0).at("name") == "Dee");

    const json in = rt_call(dee, {{"type", "login"}, {"name", "dora"}, {"password", "Dora password"}});
    REQUIRE(in.at("type") == "account");
    CHECK(in.at("claimed") == 1);
    page = rt_get_json(s.port, "/players/Dora", status);
    REQUIRE(page.at("played") == 1);
    CHECK(page.at("games").at(0).at("won") == false);
    CHECK(page.at("games").at(0).at("opponents").at(0).at("name") == "Cy");  // as it was when the game ended
    // Claimed once: a second log-in claims nothing more.
    REQUIRE(rt_call(dee, {{"type", "logout"}}).at("type") == "ok");
    CHECK(rt_call(dee, {{"type", "login"}, {"name", "Dora"}, {"password", "Dora password"}}).at("claimed") == 0);

    // Cy comes back as the account: the live seat is still Cy's, and that game is the account's too.
    cy.close();
    WsClient back(s.port);
    const json w = back.hello("guest", cy.token);
    REQUIRE(w.contains("account"));
    CHECK(w.at("account").at("name") == "Cyra");
    const json joined = back.recv_type("joined");
    CHECK(joined.at("room") == live);
    CHECK(joined.at("seat") == 0);
    for (auto [who, cell] : std::vector<std::pair<WsClient*, int>>{{&dee, 0}, {&back, 3}, {&dee, 1}, {&back, 5}})
        rt_mark(*who, cell);
    REQUIRE(eventually([&] {
        page = rt_get_json(s.port, "/players/Cyra", status);
        return status == 200 && page.at("played") == 2;
    }));
    CHECK(page.at("games").at(0).at("room") == live);
    CHECK(page.at("games").at(0).at("won") == true);
}

TEST_CASE("ratings: bots are never rated; a rated game with one person rates nobody", "[server][ratings]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s;
    WsClient eve(s.port);
    rt_logged_in(eve, "Eve");
    const std::string room = eve.create({{"game", "tictactoe"}, {"rated", true}, {"botFill", "random"}}).at("room");
    REQUIRE(eve.join(room, 0).at("type") == "joined");
    eve.request({{"type", "start"}, {"room", room}});
    // Eve plays her first legal move whenever she has one, until the game ends.
    for (int guard = 0;; ++guard) {
        REQUIRE(guard < 1000);
        const json m = eve.recv();
        if (m.at("type") == "seedReveal") break;
        if (m.at("type") != "snapshot" && m.at("type") != "patch") continue;
        const json legal = m.at("tictactoe").value("legal", json::array());
        if (!legal.empty())
            eve.request({{"type", "action"}, {"game", "tictactoe"}, {"tictactoe", legal.at(0)}});
    }
    int status = 0;
    json page;
    REQUIRE(eventually([&] {
        page = rt_get_json(s.port, "/players/Eve", status);
        return status == 200 && page.at("played") == 1;
    }));
    CHECK(page.at("games").at(0).at("rated") == false);
    CHECK_FALSE(page.at("games").at(0).contains("rating"));
    CHECK(page.at("games").at(0).at("opponents").at(0).at("kind") == "bot");
    CHECK(page.at("ratings").empty());
}
