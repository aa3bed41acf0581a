// Clubs and their ladders (issue 29; docs/decisions/028-clubs.md): accounts found a club under a
// unique name, members join by the owner's invite code, the owner makes a new code and removes
// members, a member leaves. A club's room is private and made by a member; its games, and rated
// games where members meet, rate the members on the club's own ladder (GET /clubs/<name>). Both
// stores keep clubs, members and ladders.
#include <thread>

#include "server/clubs.hpp"
#include "server/account_name.hpp"
#include "tests/games/test_games.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

json cl_call(WsClient& c, json body) {
    const json sent = c.request(std::move(body));
    for (;;) {
        json m = c.recv();
        if (m.contains("id") && m.at("id") == sent.at("id")) return m;
    }
}

std::string cl_code(const json& m) { return m.at("type") == "error" ? m.at("code").get<std::string>() : m.at("type").get<std::string>(); }

void cl_register(WsClient& c, const std::string& name) {
    c.hello("guest");
    REQUIRE(cl_call(c, {{"type", "register"}, {"name", name}, {"password", name + " password"}}).at("type") == "account");
}

std::vector<std::string> cl_member_names(const json& club) {
    std::vector<std::string> out;
    for (const json& m : club.at("members")) out.push_back(m.at("name"));
    return out;
}

// `c` marks `cell` and reads up to its ack.
void cl_mark(WsClient& c, int cell) {
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

// x and o play a tic-tac-toe game in a new room made with `options` by x; x wins (the top row).
std::string cl_play(WsClient& x, WsClient& o, json options) {
    options["game"] = "tictactoe";
    const json made = x.create(options);
    const std::string room = made.at("room");
    REQUIRE(x.join(room, 0).at("type") == "joined");
    REQUIRE(cl_call(o, {{"type", "joinRoom"}, {"invite", made.at("invite")}, {"seat", 1}}).at("type") == "joined");
    x.request({{"type", "start"}, {"room", room}});
    REQUIRE(x.recv_type("started").at("room") == room);
    for (auto [who, cell] : std::vector<std::pair<WsClient*, int>>{{&x, 0}, {&o, 3}, {&x, 1}, {&o, 4}, {&x, 2}})
        cl_mark(*who, cell);
    for (json m = x.recv(); m.at("type") != "seedReveal"; m = x.recv()) {}
    REQUIRE(cl_call(x, {{"type", "leaveRoom"}, {"room", room}}).at("type") == "ok");
    REQUIRE(cl_call(o, {{"type", "leaveRoom"}, {"room", room}}).at("type") == "ok");
    return room;
}

// The club's ladder for tictactoe: name -> games (ranked and unranked alike).
std::map<std::string, int> cl_ladder_games(const json& page) {
    std::map<std::string, int> out;
    for (const json& l : page.at("ladders")) {
        if (l.at("game") != "tictactoe") continue;
        for (const json& r : l.at("rows")) out[r.at("name")] = r.at("games");
        for (const json& r : l.at("unranked")) out[r.at("name")] = r.at("games");
    }
    return out;
}

}  // namespace

TEST_CASE("clubs: found by accounts, join by invite, new invite, remove, leave", "[server][clubs]") {
    Watchdog wd(120);
    TestServer s;
    WsClient guest(s.port), ann(s.port), bob(s.port), cy(s.port);
    guest.hello("guest");
    CHECK(cl_code(cl_call(guest, {{"type", "createClub"}, {"name", "Chess Club"}})) == "not_logged_in");
    cl_register(ann, "Ann");
    cl_register(bob, "Bob");
    cl_register(cy, "Cy Lee");

    CHECK(cl_code(cl_call(ann, {{"type", "createClub"}, {"name", "x"}})) == "bad_value");  // the names' rule
    const json made = cl_call(ann, {{"type", "createClub"}, {"name", "Chess Club"}});
    REQUIRE(made.at("type") == "club");
    const json club = made.at("club");
    const std::string id = club.at("id"), invite = club.at("invite");
    CHECK(club.at("name") == "Chess Club");
    CHECK(club.at("owner").at("name") == "Ann");
    CHECK(cl_member_names(club) == std::vector<std::string>{"Ann"});
    // Unique like account names: case, separators and look-alikes folded.
    CHECK(cl_code(cl_call(bob, {{"type", "createClub"}, {"name", "CHESS.c1ub"}})) == "name_taken");

    CHECK(cl_code(cl_call(bob, {{"type", "joinClub"}, {"invite", "not an invite"}})) == "no_club");
    const json joined = cl_call(bob, {{"type", "joinClub"}, {"invite", invite}});
    REQUIRE(joined.at("type") == "club");
    CHECK(!joined.at("club").contains("invite"));  // the owner's alone
    CHECK(cl_member_names(joined.at("club")).size() == 2);
    CHECK(cl_code(cl_call(bob, {{"type", "joinClub"}, {"invite", invite}})) == "already_member");
    CHECK(cl_code(cl_call(bob, {{"type", "clubInvite"}, {"club", id}})) == "not_owner");

    // A new code: the old one stops working.
    const json fresh = cl_call(ann, {{"type", "clubInvite"}, {"club", id}});
    REQUIRE(fresh.at("type") == "club");
    const std::string invite2 = fresh.at("club").at("invite");
    CHECK(invite2 != invite);
    CHECK(cl_code(cl_call(cy, {{"type", "joinClub"}, {"invite", invite}})) == "no_club");
    const json cy_in = cl_call(cy, {{"type", "joinClub"}, {"invite", invite2}});
    REQUIRE(cy_in.at("type") == "club");
    const std::string cy_id = [&] {
        for (const json& m : cy_in.at("club").at("members"))
            if (m.at("name") == "Cy Lee") return m.at("id").get<std::string>();
        return std::string();
    }();
    REQUIRE(!cy_id.empty());

    CHECK(cl_code(cl_call(bob, {{"type", "removeMember"}, {"club", id}, {"account", cy_id}})) == "not_owner");
    const json removed = cl_call(ann, {{"type", "removeMember"}, {"club", id}, {"account", cy_id}});
    REQUIRE(removed.at("type") == "club");
    CHECK(cl_member_names(removed.at("club")) == std::vector<std::string>{"Ann", "Bob"});
    CHECK(cl_code(cl_call(cy, {{"type", "leaveClub"}, {"club", id}})) == "not_member");
    CHECK(cl_code(cl_call(ann, {{"type", "leaveClub"}, {"club", id}})) == "bad_request");  // the owner stays
    CHECK(cl_code(cl_call(bob, {{"type", "leaveClub"}, {"club", id}})) == "ok");

    const json mine = cl_call(ann, {{"type", "myClubs"}});
    REQUIRE(mine.at("type") == "clubs");
    REQUIRE(mine.at("clubs").size() == 1);
    CHECK(mine.at("clubs").at(0).at("owner") == true);
    CHECK(mine.at("clubs").at(0).at("members") == 1);
    CHECK(mine.at("clubs").at(0).at("invite") == invite2);
    CHECK(cl_call(bob, {{"type", "myClubs"}}).at("clubs").empty());

    int status = 0;
    const json page = json::parse(http_get(s.port, "/clubs/chess%20club", status));
    CHECK(status == 200);
    CHECK(page.at("name") == "Chess Club");
    CHECK(!page.contains("invite"));  // public: no invite
    CHECK(cl_member_names(page) == std::vector<std::string>{"Ann"});
    http_get(s.port, "/clubs/nobody", status);
    CHECK(status == 404);
}

TEST_CASE("clubs: an account founds a limited number of clubs", "[server][clubs]") {
    Watchdog wd(120);
    TestServer s;
    WsClient ann(s.port);
    cl_register(ann, "Ann");
    for (int i = 0; i < 5; ++i)
        REQUIRE(cl_call(ann, {{"type", "createClub"}, {"name", "Club " + std::string(1, static_cast<char>('a' + i))}}).at("type") == "club");
    CHECK(cl_code(cl_call(ann, {{"type", "createClub"}, {"name", "Club f"}})) == "quota_exceeded");
}

TEST_CASE("clubs: a club's room and members' rated games rate the members on the club's ladder", "[server][clubs]") {
    Watchdog wd(240);
    registry_with_test_games();
    hexhall::server::HubLimits limits;
    limits.leaderboard_min_games = 2;
    TestServer s(2, limits);
    WsClient ann(s.port), bob(s.port), cy(s.port);
    cl_register(ann, "Ann");
    cl_register(bob, "Bob");
    cl_register(cy, "Cy Lee");
    const json club = cl_call(ann, {{"type", "createClub"}, {"name", "Go Club"}}).at("club");
    const std::string id = club.at("id");
    REQUIRE(cl_call(bob, {{"type", "joinClub"}, {"invite", club.at("invite")}}).at("type") == "club");

    // Only a logged-in member makes a club's room.
    cy.request({{"type", "createRoom"}, {"game", "tictactoe"}, {"club", id}});
    CHECK(cy.recv_error() == "bad_option");
    WsClient guest(s.port);
    guest.hello("guest");
    guest.request({{"type", "createRoom"}, {"game", "tictactoe"}, {"club", id}});
    CHECK(guest.recv_error() == "bad_option");

    int status = 0;
    auto page = [&] { return json::parse(http_get(s.port, "/clubs/go%20club", status)); };

    // 1. A club room (casual): private, and on the ladder.
    {
        const std::string room = ann.create({{"game", "tictactoe"}, {"club", id}}).at("room");
        REQUIRE(ann.join(room, 0).at("type") == "joined");
        const json push = ann.room_until([](const json&) { return true; });
        CHECK(push.at("club") == id);
        CHECK(push.at("private") == true);
        REQUIRE(cl_call(ann, {{"type", "leaveRoom"}, {"room", room}}).at("type") == "ok");
    }
    cl_play(ann, bob, {{"club", id}});
    REQUIRE(eventually([&] { return cl_ladder_games(page()) == std::map<std::string, int>{{"Ann", 1}, {"Bob", 1}}; }));
    json p = page();
    CHECK(p.at("ladders").at(0).at("rows").empty());  // one game each: below minGames
    CHECK(p.at("ladders").at(0).at("minGames") == 2);

    // 2. A casual room that is not the club's: not on the ladder. 3. A rated room where two members
    // meet: on the ladder. Bob wins this one.
    cl_play(ann, bob, json::object());
    cl_play(bob, ann, {{"rated", true}});
    REQUIRE(eventually([&] { return cl_ladder_games(page()) == std::map<std::string, int>{{"Ann", 2}, {"Bob", 2}}; }));
    p = page();
    const json rows = p.at("ladders").at(0).at("rows");
    REQUIRE(rows.size() == 2);
    CHECK(p.at("ladders").at(0).at("ruleset") == "standard");
    // One win each, Ann's first (as a new player's) moved her more: both ranked, best ordinal first.
    CHECK(rows.at(0).at("rank") == 1);
    CHECK(rows.at(0).at("ordinal").get<double>() >= rows.at(1).at("ordinal").get<double>());

    // 4. A rated game with a non-member: the member alone is nobody to compare with; unchanged.
    cl_play(cy, ann, {{"rated", true}});
    // The rated game is on Ann's page once recorded; then the ladder is read.
    REQUIRE(eventually([&] {
        const json a = json::parse(http_get(s.port, "/players/ann", status));
        return status == 200 && a.at("played") == 4;
    }));
    CHECK(cl_ladder_games(page()) == std::map<std::string, int>{{"Ann", 2}, {"Bob", 2}});

    // A removed member leaves the ladder's listing.
    std::string bob_id;
    const json listed = page();
    for (const json& m : listed.at("members"))
        if (m.at("name") == "Bob") bob_id = m.at("id").get<std::string>();
    const json out = cl_call(ann, {{"type", "removeMember"}, {"club", id}, {"account", bob_id}});
    INFO(out.dump());
    REQUIRE(out.at("type") == "club");
    CHECK(cl_ladder_games(page()) == std::map<std::string, int>{{"Ann", 2}});
}

namespace {
const std::string kAnn = "aaaaaaaaaaaaaaaa", kBob = "bbbbbbbbbbbbbbbb", kCy = "cccccccccccccccc";

// A tictactoe game in `room` between `first` (seat 0, the winner) and `second`.
hexhall::server::PlayedGame cl_game(const std::string& room, const std::string& first, const std::string& second) {
    hexhall::server::PlayedGame g;
    g.room = room;
    g.game = "tictactoe";
    g.family = "standard";
    g.finished_ms = 4000;
    g.seats = {{first, "", "First", "human", false}, {second, "", "Second", "human", false}};
    g.outcome.winners = {0};
    return g;
}
}  // namespace

// Decision 033: the rows are the truth, read at every call, so two books on one database (two nodes)
// see each other's clubs, members, invites and ladders at once.
TEST_CASE("clubs: two books on one database share clubs, members, invites and ladders at once", "[server][clubs][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        std::unique_ptr<Store> sa = db.open(), sb = db.open();
        ClubBook a(sa.get()), b(sb.get());
        const std::string key = check_account_name("Chess").key;
        Club made;
        REQUIRE(!a.create("Chess", key, kAnn, 1000, made));
        // The other node sees it at once, and the unique index refuses the name there.
        const std::optional<Club> seen = b.by_key(key);
        REQUIRE(seen);
        CHECK(seen->row.name == "Chess");
        CHECK(seen->row.owner == kAnn);
        CHECK(seen->members.size() == 1);
        Club other;
        CHECK(b.create("CHESS", check_account_name("CHESS").key, kBob, 2000, other).code == "name_taken");

        Club out;
        REQUIRE(!b.join(made.row.invite, kBob, 3000, out));  // joined on b ...
        CHECK(a.is_member(made.row.id, kBob));              // ... a member on a at once
        CHECK(a.join(made.row.invite, kBob, 3100, out).code == "already_member");
        REQUIRE(!b.join(made.row.invite, kCy, 3500, out));
        CHECK(a.by_id(made.row.id)->members.size() == 3);
        CHECK(a.clubs_among({kAnn, kBob, "dddddddddddddddd"}) ==
              std::map<std::string, std::set<std::string>>{{made.row.id, {kAnn, kBob}}});
        REQUIRE(!b.leave(made.row.id, kCy));  // left on b: gone on a
        CHECK(!a.is_member(made.row.id, kCy));
        CHECK(a.leave(made.row.id, kCy).code == "not_member");
        CHECK(a.leave(made.row.id, kAnn).code == "bad_request");  // the owner stays
        CHECK(b.new_invite(made.row.id, kBob, out).code == "not_owner");
        REQUIRE(!a.new_invite(made.row.id, kAnn, out));  // a new code on a: the old one fails on b
        CHECK(out.row.invite != made.row.invite);
        CHECK(!b.by_invite(made.row.invite));
        CHECK(b.by_invite(out.row.invite).has_value());
        CHECK(b.join(made.row.invite, kCy, 3600, out).code == "no_club");
        REQUIRE(b.of_account(kBob).size() == 1);
        CHECK(b.of_account(kBob).at(0).row.id == made.row.id);
        REQUIRE(!a.remove(made.row.id, kAnn, kBob, out));
        CHECK(b.of_account(kBob).empty());
        REQUIRE(!b.join(b.by_id(made.row.id)->row.invite, kBob, 3700, out));

        // Ladders: a game rated on a's book is b's at once; a game recorded twice counts once.
        ClubLadders la(sa.get(), 1), lb(sb.get(), 1);
        la.record(made.row.id, {kAnn, kBob}, cl_game("r1", kAnn, kBob));
        const auto ann = lb.entry(made.row.id, "tictactoe", "standard", kAnn);
        REQUIRE(ann);
        CHECK(ann->second == 1);
        CHECK(ann->first.mu > 25.0);
        lb.record(made.row.id, {kAnn, kBob}, cl_game("r1", kAnn, kBob));
        CHECK(la.entry(made.row.id, "tictactoe", "standard", kAnn)->second == 1);
        lb.record(made.row.id, {kAnn, kBob}, cl_game("r2", kBob, kAnn));  // b rates from a's result
        const auto again = la.entry(made.row.id, "tictactoe", "standard", kAnn);
        REQUIRE(again);
        CHECK(again->second == 2);
        CHECK(again->first.mu < ann->first.mu);
        auto id = [](const std::string& x) { return x; };
        CHECK(la.ladders(made.row.id, id) == lb.ladders(made.row.id, id));
        REQUIRE(la.ladders(made.row.id, id).at(0).at("rows").size() == 2);
    }
}

TEST_CASE("clubs: two nodes rating one club's members at once lose no game", "[server][clubs][store]") {
    using namespace hexhall::server;
    Watchdog wd(240);
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        std::unique_ptr<Store> sa = db.open(), sb = db.open();
        ClubLadders a(sa.get(), 1), b(sb.get(), 1);
        constexpr int kGames = 40;
        const std::set<std::string> members = {kAnn, kBob, kCy};
        auto play = [&](ClubLadders& book, const std::string& node, const std::string& rival, std::string& error) {
            try {
                for (int i = 0; i < kGames; ++i) book.record("club1", members, cl_game(node + std::to_string(i), kAnn, rival));
            } catch (const std::exception& e) {
                error = e.what();
            }
        };
        std::string ea, eb;
        std::thread ta([&] { play(a, "a-", kBob, ea); });
        std::thread tb([&] { play(b, "b-", kCy, eb); });
        ta.join();
        tb.join();
        CHECK(ea.empty());
        CHECK(eb.empty());
        const auto ann = a.entry("club1", "tictactoe", "standard", kAnn);
        REQUIRE(ann);
        CHECK(ann->second == 2 * kGames);  // every game counted once: none lost to the other node's write
        CHECK(b.entry("club1", "tictactoe", "standard", kBob)->second == kGames);
        CHECK(b.entry("club1", "tictactoe", "standard", kCy)->second == kGames);
        INFO("retries: " << a.retries() + b.retries());
        SUCCEED();
    }
}

TEST_CASE("clubs: an older database's ladder documents move into rows", "[server][clubs][store]") {
    using namespace hexhall::server;
    for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
        TestStoreDb db(kind);
        {
            auto store = db.open();
            const json ladder = {{kAnn, {{"mu", 27.5}, {"sigma", 7.5}, {"games", 3}}},
                                 {kBob, {{"mu", 22.5}, {"sigma", 7.6}, {"games", 3}}}};
            store->put_document(kClubLadderKind, "club1:tictactoe:standard", ladder.dump(), 20);
            store->flush();
        }
        auto store = db.open();
        ClubLadders ladders(store.get(), 1);
        ladders.load();
        CHECK(store->load_documents(kClubLadderKind).empty());
        const auto ann = ladders.entry("club1", "tictactoe", "standard", kAnn);
        REQUIRE(ann);
        CHECK(ann->first.mu == 27.5);
        CHECK(ann->first.sigma == 7.5);
        CHECK(ann->second == 3);
        ClubLadders again(store.get(), 1);
        again.load();  // a second start (or node) finds nothing to move
        CHECK(again.entry("club1", "tictactoe", "standard", kBob)->second == 3);
    }
}

// Three servers (nodes) on one PostgreSQL (decisions 017, 033): a club founded on A is joined on B by
// its invite, a club game finished on C is on the ladder as A, B and C serve it, and a member who
// leaves on B is gone from A's page at once.
TEST_CASE("clubs: three nodes on one database serve the same club, members and ladder at once", "[server][clubs][store][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog wd(240);
    registry_with_test_games();
    TestStoreDb db("postgres");
    const auto one_game_boards = [](hexhall::server::ServerOptions& o) { o.limits.leaderboard_min_games = 1; };
    auto na = db.node("clubs-a", one_game_boards), nb = db.node("clubs-b", one_game_boards),
         nc = db.node("clubs-c", one_game_boards);
    const uint16_t pa = na->start(), pb = nb->start(), pc = nc->start();
    WsClient ann(pa), bob(pb);
    cl_register(ann, "Ann");
    cl_register(bob, "Bob");
    const json made = cl_call(ann, {{"type", "createClub"}, {"name", "Go Club"}});
    REQUIRE(made.at("type") == "club");
    const std::string id = made.at("club").at("id");
    const json joined = cl_call(bob, {{"type", "joinClub"}, {"invite", made.at("club").at("invite")}});
    INFO(joined.dump());
    REQUIRE(joined.at("type") == "club");
    CHECK(cl_member_names(joined.at("club")) == std::vector<std::string>{"Ann", "Bob"});
    int status = 0;
    auto page = [&](uint16_t port) {
        const json p = json::parse(http_get(port, "/clubs/go%20club", status));
        REQUIRE(status == 200);
        return p;
    };
    for (uint16_t port : {pa, pb, pc}) CHECK(cl_member_names(page(port)) == std::vector<std::string>{"Ann", "Bob"});
    const json mine = cl_call(ann, {{"type", "myClubs"}});
    REQUIRE(mine.at("clubs").size() == 1);
    CHECK(mine.at("clubs").at(0).at("members") == 2);  // Bob's join on B, as A answers

    // Both come to node C (their log-ins hold there) and play a rated club game there.
    WsClient ann_c(pc), bob_c(pc);
    REQUIRE(ann_c.hello("x", ann.token).contains("account"));
    REQUIRE(bob_c.hello("x", bob.token).contains("account"));
    cl_play(ann_c, bob_c, {{"club", id}, {"rated", true}});
    REQUIRE(eventually([&] { return cl_ladder_games(page(pc)) == std::map<std::string, int>{{"Ann", 1}, {"Bob", 1}}; }));
    const json ladders = page(pc).at("ladders");
    REQUIRE(ladders.at(0).at("rows").size() == 2);
    CHECK(ladders.at(0).at("rows").at(0).at("name") == "Ann");  // the winner first
    CHECK(page(pa).at("ladders") == ladders);  // the same ladder on every node, at once
    CHECK(page(pb).at("ladders") == ladders);

    // Bob leaves on B: A's page no longer lists him, at once (his rating stays in the book).
    REQUIRE(cl_code(cl_call(bob, {{"type", "leaveClub"}, {"club", id}})) == "ok");
    const json after = page(pa);
    CHECK(cl_member_names(after) == std::vector<std::string>{"Ann"});
    CHECK(cl_ladder_games(after) == std::map<std::string, int>{{"Ann", 1}});
    CHECK(cl_call(ann, {{"type", "myClubs"}}).at("clubs").at(0).at("members") == 1);
    ann.close();
    bob.close();
    ann_c.close();
    bob_c.close();
    na->stop();
    nb->stop();
    nc->stop();
}
