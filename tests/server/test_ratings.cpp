// Rated rooms, players' pages and leaderboards (issue 29; docs/decisions/019-ratings.md, 020-accounts.md):
// a rated room seats accounts only and plays with a clock and a secret seed; at the end the people
// are rated (Weng-Lin), every account's history gets the game, and GET /players/<name> and
// GET /leaderboard show them. Deleting an account keeps its games under an anonymous name. Both
// stores keep ratings and histories.
#include <cmath>
#include <thread>

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
// restart) finds them; a claimed history is gone from the guest's rows.
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
        CHECK(sa->load_played("guest:guest-session", 0).size() == 1);
        CHECK(b.claim_guest("guest-session", "acc1") == 1);  // node B reads it from the store
        CHECK(sa->load_played("guest:guest-session", 0).empty());
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

// The store is the truth for ratings and histories (docs/decisions/029-ratings-in-the-store.md): two
// books on one database, as two nodes would be, see each other's games at once, and a rating is a
// compare-and-set on its version, so games rated at the same time on both lose nothing.
namespace {
hexhall::server::PlayedGame rt_game(const std::string& room, const std::string& winner, const std::string& loser) {
    hexhall::server::PlayedGame g;
    g.room = room;
    g.game = "tictactoe";
    g.family = "standard";
    g.rated = true;
    g.finished_ms = unix_ms_now();
    g.outcome.winners = {0};
    g.outcome.scores = {1, 0};
    g.seats = {{winner, "", winner, "human", false}, {loser, "", loser, "human", false}};
    return g;
}
}  // namespace

TEST_CASE("ratings: two books on one database share ratings, histories and leaderboards", "[server][ratings][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        auto sa = db.open(), sb = db.open();
        hexhall::server::RatingSettings settings;
        settings.min_games = 1;
        hexhall::server::RatingBook a(sa.get(), settings), b(sb.get(), settings);
        a.load();
        b.load();
        auto id = [](const std::string& x) { return x; };
        a.record(rt_game("00000000000000a1", "ann", "bob"));
        // Node B sees node A's game: the rating, the page and the leaderboard.
        const std::optional<hexhall::rating::Rating> ann = b.rating_of("ann", "tictactoe", "standard");
        REQUIRE(ann);
        CHECK(ann == a.rating_of("ann", "tictactoe", "standard"));
        CHECK(ann->mu > 25.0);
        json page = b.profile("bob", "bob", id);
        CHECK(page.at("played") == 1);
        CHECK(page.at("games").at(0).at("opponents").at(0).at("name") == "ann");
        json board = b.leaderboard("tictactoe", "standard", "", unix_ms_now(), id);
        REQUIRE(board.at("rows").size() == 2);
        CHECK(board.at("rows").at(0).at("name") == "ann");
        // B rates the next game from the stored rating (not from a copy of its own): Bob wins it.
        b.record(rt_game("00000000000000b2", "bob", "ann"));
        page = a.profile("ann", "ann", id);
        CHECK(page.at("played") == 2);
        REQUIRE(page.at("ratings").size() == 1);
        CHECK(page.at("ratings").at(0).at("games") == 2);
        CHECK(page.at("ratings").at(0).at("history").size() == 2);
        const json newest = page.at("games").at(0);
        CHECK(newest.at("room") == "00000000000000b2");
        CHECK(newest.at("rating").at("before").at("mu").get<double>() == ann->mu);
        // The same game recorded again (a retry) changes nothing.
        a.record(rt_game("00000000000000b2", "bob", "ann"));
        CHECK(a.profile("ann", "ann", id).at("ratings").at(0).at("games") == 2);
        CHECK(a.profile("ann", "ann", id).at("played") == 2);
    }
}

TEST_CASE("ratings: a rating is written only over the version it was read at", "[server][ratings][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        auto store = db.open();
        using hexhall::server::AccountWrite;
        hexhall::server::RatingRow row{"ann", "tictactoe", "standard", "2026-10", 26.0, 8.0, 1, "{}", 0};
        REQUIRE(store->write_ratings({row}, {}) == AccountWrite::Done);
        CHECK(store->write_ratings({row}, {}) == AccountWrite::Stale);  // inserted meanwhile by another
        row = store->load_ratings("ann", "tictactoe", "standard").at(0);
        CHECK(row.version == 1);
        row.mu = 27.0;
        hexhall::server::RatingPoint point{"ann", "tictactoe", "standard", "r1", 5, 27.0, 7.9};
        REQUIRE(store->write_ratings({row}, {point}) == AccountWrite::Done);
        row.mu = 28.0;  // still at version 1: stale, nothing written
        CHECK(store->write_ratings({row}, {}) == AccountWrite::Stale);
        CHECK(store->load_ratings("ann", "", "").at(0).mu == 27.0);
        row.version = 2;  // the point of a game rated before: nothing written
        CHECK(store->write_ratings({row}, {point}) == AccountWrite::Taken);
        CHECK(store->load_ratings("", "tictactoe", "standard").at(0).mu == 27.0);
        CHECK(store->load_rating_points("ann", "tictactoe", "standard", 10).size() == 1);
    }
}

TEST_CASE("ratings: two nodes rating one player at once lose no game", "[server][ratings][store]") {
    Watchdog wd(240);
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        auto sa = db.open(), sb = db.open();
        hexhall::server::RatingBook a(sa.get()), b(sb.get());
        constexpr int kGames = 40;
        auto play = [](hexhall::server::RatingBook& book, const std::string& node, const std::string& rival,
                       std::string& error) {
            try {
                for (int i = 0; i < kGames; ++i) book.record(rt_game(node + std::to_string(i), "ann", rival));
            } catch (const std::exception& e) {
                error = e.what();
            }
        };
        std::string ea, eb;
        std::thread ta([&] { play(a, "a-", "bob", ea); });
        std::thread tb([&] { play(b, "b-", "cy", eb); });
        ta.join();
        tb.join();
        CHECK(ea.empty());
        CHECK(eb.empty());
        const std::vector<hexhall::server::RatingRow> ann = sa->load_ratings("ann", "tictactoe", "standard");
        REQUIRE(ann.size() == 1);
        CHECK(ann[0].games == 2 * kGames);  // every game counted once: no write lost to the other node
        CHECK(ann[0].version == 2 * kGames);
        CHECK(sa->load_rating_points("ann", "tictactoe", "standard", 1000).size() == 2 * kGames);
        CHECK(sa->load_played("ann", 0).size() == 2 * kGames);
        INFO("retries: " << a.retries() + b.retries());
        SUCCEED();
    }
}

TEST_CASE("ratings: an older database's rating and history documents move into rows", "[server][ratings][store]") {
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        {
            auto store = db.open();
            const json rating = {{"mu", 27.5}, {"sigma", 7.5}, {"season", "2026-10"}, {"games", 3},
                                 {"history", json::array({{{"room", "r1"}, {"time", 10}, {"mu", 26.0}, {"sigma", 8.0}},
                                                          {{"room", "r2"}, {"time", 20}, {"mu", 27.5}, {"sigma", 7.5}}})},
                                 {"past", {{"2026-07", {{"mu", 24.0}, {"sigma", 8.1}, {"games", 6}}}}}};
            store->put_document(hexhall::server::kRatingKind, "ann:tictactoe:standard", rating.dump(), 20);
            const json games = json::array({{{"room", "r2"}, {"seat", 0}, {"time", 20}, {"won", true},
                                             {"players", json::array({{{"name", "Ann"}, {"kind", "human"}, {"place", 1}},
                                                                      {{"name", "Bob"}, {"kind", "human"}, {"place", 2}}})}}});
            store->put_document(hexhall::server::kGamesKind, "ann", games.dump(), 0);
            store->flush();
        }
        auto store = db.open();
        hexhall::server::RatingSettings settings;
        settings.min_games = 1;
        hexhall::server::RatingBook book(store.get(), settings);
        book.load();
        CHECK(store->load_documents(hexhall::server::kRatingKind).empty());
        CHECK(store->load_documents(hexhall::server::kGamesKind).empty());
        auto id = [](const std::string& x) { return x; };
        const json page = book.profile("ann", "Ann", id);
        CHECK(page.at("played") == 1);
        CHECK(page.at("wins") == 1);
        REQUIRE(page.at("ratings").size() == 1);
        CHECK(page.at("ratings").at(0).at("mu") == 27.5);
        CHECK(page.at("ratings").at(0).at("history").size() == 2);
        const json past = book.leaderboard("tictactoe", "standard", "2026-07", unix_ms_now(), id);
        REQUIRE(past.at("rows").size() == 1);
        CHECK(past.at("rows").at(0).at("games") == 6);
        hexhall::server::RatingBook again(store.get(), settings);
        again.load();  // a second start (or node) finds nothing to move
        CHECK(again.profile("ann", "Ann", id).at("played") == 1);
    }
}

namespace {
// Leaderboards that list a player after one game.
void one_game_boards(hexhall::server::ServerOptions& o) { o.limits.leaderboard_min_games = 1; }

// `first` (seat 0) and `second` play a rated tictactoe game on their node; `first` wins.
std::string rt_rated_game(WsClient& first, WsClient& second) {
    const std::string room = first.create({{"game", "tictactoe"}, {"rated", true}}).at("room");
    REQUIRE(first.join(room, 0).at("type") == "joined");
    REQUIRE(second.join(room, 1).at("type") == "joined");
    first.request({{"type", "start"}, {"room", room}});
    REQUIRE(first.recv_type("started").at("room") == room);
    for (auto [who, cell] :
         std::vector<std::pair<WsClient*, int>>{{&first, 0}, {&second, 3}, {&first, 1}, {&second, 4}, {&first, 2}})
        rt_mark(*who, cell);
    for (json m = first.recv(); m.at("type") != "seedReveal"; m = first.recv()) {}
    return room;
}
}  // namespace

// Two servers (nodes) on one PostgreSQL (decision 017): a rated game finished on node A is on the
// players' pages and the leaderboard as node B serves them, and a game on B rates from A's result.
TEST_CASE("ratings: a game rated on one node shows on another's pages and leaderboard", "[server][ratings][store][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog wd(180);
    registry_with_test_games();
    TestStoreDb db("postgres");
    auto na = db.node("ratings-a", one_game_boards), nb = db.node("ratings-b", one_game_boards);
    const uint16_t pa = na->start(), pb = nb->start();
    WsClient ann(pa), bob(pa);
    rt_logged_in(ann, "Ann");
    rt_logged_in(bob, "Bob");
    const std::string first = rt_rated_game(ann, bob);
    int status = 0;
    json page, board;
    REQUIRE(eventually([&] {
        page = rt_get_json(pb, "/players/Ann", status);
        return status == 200 && page.at("played") == 1;
    }));
    CHECK(page.at("games").at(0).at("room") == first);
    CHECK(page.at("games").at(0).at("rating").at("after").at("mu").get<double>() > 25.0);
    REQUIRE(page.at("ratings").size() == 1);
    const double ann_mu = page.at("ratings").at(0).at("mu").get<double>();
    board = rt_get_json(pb, "/leaderboard?game=tictactoe&ruleset=standard", status);
    REQUIRE(status == 200);
    REQUIRE(board.at("rows").size() == 2);
    CHECK(board.at("rows").at(0).at("name") == "Ann");

    // The players come back on node B (their sessions are logged in there) and Bob wins a game there.
    WsClient ann_b(pb), bob_b(pb);
    REQUIRE(ann_b.hello("x", ann.token).contains("account"));
    REQUIRE(bob_b.hello("x", bob.token).contains("account"));
    ann.close();
    bob.close();
    const std::string second = rt_rated_game(bob_b, ann_b);
    REQUIRE(eventually([&] {
        page = rt_get_json(pa, "/players/Ann", status);
        return status == 200 && page.at("played") == 2;
    }));
    const json newest = page.at("games").at(0);
    CHECK(newest.at("room") == second);
    CHECK(newest.at("rating").at("before").at("mu").get<double>() == ann_mu);  // B rated from A's result
    CHECK(page.at("ratings").at(0).at("games") == 2);
    board = rt_get_json(pa, "/leaderboard?game=tictactoe&ruleset=standard", status);
    REQUIRE(board.at("rows").size() == 2);
    CHECK(board.at("rows").at(0).at("games") == 2);
    ann_b.close();
    bob_b.close();
    na->stop();
    nb->stop();
}

// A rated room's seat shows the player's rating as the store has it (decision 033), not this node's
// copy: Ann's rating changes in a game on node B after she logged in on node A, then she sits down in
// a rated room on A.
TEST_CASE("ratings: a rated seat shows the rating another node changed", "[server][ratings][store][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog wd(180);
    registry_with_test_games();
    TestStoreDb db("postgres");
    auto na = db.node("seats-a", one_game_boards), nb = db.node("seats-b", one_game_boards);
    const uint16_t pa = na->start(), pb = nb->start();
    WsClient ann(pa), bob(pa);
    rt_logged_in(ann, "Ann");  // A's copy: no rating yet
    rt_logged_in(bob, "Bob");
    WsClient ann_b(pb), bob_b(pb);
    REQUIRE(ann_b.hello("x", ann.token).contains("account"));
    REQUIRE(bob_b.hello("x", bob.token).contains("account"));
    rt_rated_game(ann_b, bob_b);  // Ann wins on B
    int status = 0;
    json page;
    REQUIRE(eventually([&] {
        page = rt_get_json(pb, "/players/Ann", status);
        return status == 200 && page.at("ratings").size() == 1;
    }));
    const double stored_mu = page.at("ratings").at(0).at("mu").get<double>();
    REQUIRE(stored_mu > 25.0);

    const std::string room = ann.create({{"game", "tictactoe"}, {"rated", true}}).at("room");
    REQUIRE(ann.join(room, 0).at("type") == "joined");
    auto seat_mu = [](const json& push) {
        if (!push.is_object()) return 0.0;  // no push read yet
        const json& seat = push.at("seats").at(0);
        return seat.is_object() && seat.contains("rating") ? seat.at("rating").at("mu").get<double>() : 0.0;
    };
    auto shows_stored = [&](const json& push) { return std::abs(seat_mu(push) - stored_mu) < 1e-9; };
    if (!shows_stored(ann.last_room)) ann.room_until(shows_stored);  // the push after the store was read
    // Listed as the lobby shows it, too.
    const json listed = rt_call(ann, {{"type", "listRooms"}});
    bool found = false;
    for (const json& r : listed.at("rooms"))
        if (r.at("room") == room) {
            found = true;
            CHECK(shows_stored(r));
        }
    CHECK(found);
    for (WsClient* c : {&ann, &bob, &ann_b, &bob_b}) c->close();
    na->stop();
    nb->stop();
}

// Seats follow the account (docs/decisions/020-accounts.md, "Seats follow the account"): a player
// logged in on a second device is told the live seats the account holds (the login reply's and
// welcome's `playing`) and takes one over with joinRoom; the first device's connection is told
// `replaced`. A guest, or another account, cannot take the seat.
TEST_CASE("accounts: a live seat follows its account to another device", "[server][accounts]") {
    Watchdog wd(120);
    registry_with_test_games();
    TestServer s;
    WsClient phone(s.port), bob(s.port);
    rt_logged_in(phone, "Ann");
    bob.hello("Bob");
    const json created = phone.create({{"game", "tictactoe"}, {"private", true}});
    const std::string room = created.at("room"), invite = created.at("invite");
    REQUIRE(phone.join(room, 0).at("type") == "joined");
    REQUIRE(bob.join(room, 1, {{"invite", invite}}).at("type") == "joined");
    phone.request({{"type", "start"}, {"room", room}});
    REQUIRE(phone.recv_type("started").at("room") == room);
    rt_mark(phone, 4);

    // Ann logs in on her laptop: the reply lists the seat her phone holds.
    WsClient laptop(s.port);
    laptop.hello("guest");
    const json in = rt_call(laptop, {{"type", "login"}, {"name", "Ann"}, {"password", "Ann password"}});
    REQUIRE(in.at("type") == "account");
    REQUIRE(in.contains("playing"));
    REQUIRE(in.at("playing").size() == 1);
    const json seat = in.at("playing").at(0);
    CHECK(seat.at("room") == room);
    CHECK(seat.at("seat") == 0);
    CHECK(seat.at("invite") == invite);
    CHECK(seat.at("started") == true);

    // Neither a guest nor another account takes it.
    WsClient stranger(s.port);
    stranger.hello("Eve");
    json refused = stranger.join(room, 0, {{"invite", invite}});
    CHECK(refused.at("code") == "seat_taken");
    WsClient cy(s.port);
    rt_logged_in(cy, "Cyrus");
    refused = cy.join(room, 0, {{"invite", invite}});
    CHECK(refused.at("code") == "seat_taken");

    // The laptop takes the seat over and plays on; the phone is told it was replaced.
    REQUIRE(laptop.join(room, 0, {{"invite", invite}}).at("type") == "joined");
    // The phone's own move's patch may still be unread before it (ack, then patch: docs/protocol.md).
    json replaced = phone.recv();
    while (replaced.at("type") == "patch") replaced = phone.recv();
    CHECK(replaced.at("type") == "replaced");
    CHECK(replaced.at("room") == room);
    rt_mark(bob, 0);
    rt_mark(laptop, 3);
    // A welcome for the account's session on a third connection lists the seat too.
    WsClient tablet(s.port);
    const json w = tablet.hello("x", laptop.token);
    REQUIRE(w.contains("playing"));
    CHECK(w.at("playing").at(0).at("room") == room);
    bob.close();
    laptop.close();
    tablet.close();
    stranger.close();
    cy.close();
}
