// Several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md, "Play now across nodes"):
// Play now's queue is the store's (table play_queue), so two players who press Play now on two
// nodes (e.g. sent to different nodes by a proxy) are matched into one room; a session waits in one
// queue once, on whichever node; a killed node's waiters leave the queue with its lease.
#include "tests/server/cluster_support.hpp"

#include "server/games.hpp"
#include "tests/server/store_backends.hpp"

using namespace hexhall::test;

namespace {

// The next message that is not a `queue` push (how many wait).
json next_but_queue(WsClient& c) {
    for (;;) {
        json m = c.recv();
        if (m.at("type") != "queue") return m;
    }
}

const json kPlayNow = {{"type", "playNow"}, {"game", "carcassonne"}, {"players", 2}};

// A node that places rooms (docs/decisions/017, "Placement"): clearly busier by more than 2 rooms and 10 %.
std::vector<std::string> placing_play_node(const std::string& id) {
    std::vector<std::string> flags = node_flags(id);
    for (const char* f : {"--place-margin-rooms", "2", "--place-margin-percent", "10"}) flags.emplace_back(f);
    return flags;
}

// Rooms on the host's node until it is clearly busier than another live node and knows it (its
// next lease renewal read that node's load): a createRoom there is then answered `moved` (nothing
// made). Returns that `moved`.
json load_until_placed_elsewhere(WsClient& host) {
    for (int i = 0; i < 3; ++i) REQUIRE(host.create({{"players", 3}}).at("type") == "roomCreated");
    for (int tries = 0; tries < 45; ++tries) {
        const json req = host.request({{"type", "createRoom"}, {"players", 3}});
        const json m = host.recv();
        INFO(m.dump());
        REQUIRE(m.at("id") == req.at("id"));
        if (m.at("type") == "moved") return m;
        REQUIRE(m.at("type") == "roomCreated");
        std::this_thread::sleep_for(std::chrono::milliseconds(200));  // polls for the node's next renewal
    }
    FAIL("the node never placed a room elsewhere");
    return {};
}

std::string room_owner_node(const std::string& pg, const std::string& room) {
    return pg_rows(pg, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0);
}

// The next `matched` of two players who wait for a game together: one room for both, another seat
// each. Returns both messages.
std::pair<json, json> expect_matched_together(WsClient& a, WsClient& b) {
    const json ma = next_but_queue(a), mb = next_but_queue(b);
    INFO(ma.dump() << " " << mb.dump());
    REQUIRE(ma.at("type") == "matched");
    REQUIRE(mb.at("type") == "matched");
    CHECK(ma.at("room") == mb.at("room"));
    CHECK(ma.at("seat") != mb.at("seat"));
    return {ma, mb};
}

}  // namespace

TEST_CASE("cluster: two players pressing Play now on two nodes are matched into one room", "[server][crash][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, node_flags("a")), b(store.flags(), db, node_flags("b"));

    WsClient ann(a.port), bob(b.port);
    ann.hello("Ann");
    bob.hello("Bob");
    ann.request(kPlayNow);
    REQUIRE(next_but_queue(ann).at("type") == "queued");
    {  // Ann's session waits on A: the same session cannot wait on B too (one queue, once)
        WsClient again(b.port);
        again.hello("Ann", ann.token);
        again.request(kPlayNow);
        const json m = next_but_queue(again);
        INFO(m.dump());
        REQUIRE(m.at("type") == "error");
        CHECK(m.at("code") == "already_queued");
    }
    bob.request(kPlayNow);
    REQUIRE(next_but_queue(bob).at("type") == "queued");
    // Before: each node matched only its own waiters (Ann and Bob were never matched; the wait for
    // bots is 60 s, past this test's).
    const auto [ma, mb] = expect_matched_together(ann, bob);
    CHECK(pg_rows(store.location, "SELECT count(*) FROM play_queue", {}).at(0).at(0) == "0");  // delivered

    // Both take their seats, on the node that serves the room (one of them follows `moved`), and
    // the game starts.
    const std::string room = ma.at("room").get<std::string>();
    std::vector<std::unique_ptr<WsClient>> at(2);
    const std::vector<std::pair<WsClient*, const json*>> players = {{&ann, &ma}, {&bob, &mb}};
    for (const auto& [c, m] : players) {
        // A private room: taken by its invite, with the kept seat's token (docs/protocol.md, Play now).
        const json join = {{"type", "joinRoom"}, {"invite", m->at("invite")}, {"seat", m->at("seat")},
                           {"seatToken", m->at("seatToken")}};
        c->request(join);
        json r = c->recv();
        if (r.at("type") == "moved") {
            CHECK(r.at("room") == room);
            auto& moved = at[m->at("seat").get<size_t>()];
            moved = std::make_unique<WsClient>(port_of(r.at("url").get<std::string>()));
            moved->hello("again", c->token);
            moved->request(join);
            r = moved->recv();
        }
        INFO(r.dump());
        REQUIRE(r.at("type") == "joined");
    }
    for (int seat = 0; seat < 2; ++seat) {
        WsClient& c = at[seat] ? *at[seat] : (ma.at("seat") == seat ? ann : bob);
        c.recv_type("started");
    }
    CHECK(node_log(da).find("[error]") == std::string::npos);
    CHECK(node_log(db).find("[error]") == std::string::npos);
}

TEST_CASE("cluster: a killed node's Play now waiters leave the queue with its lease", "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, node_flags("a"));
    auto b = std::make_unique<ChildServer>(store.flags(), db, node_flags("b"));

    std::string gone;
    {
        WsClient cy(b->port);
        cy.hello("Cy");
        cy.request(kPlayNow);
        REQUIRE(next_but_queue(cy).at("type") == "queued");
        gone = cy.token;
    }
    b->kill_hard();
    // Once B's lease has run out, a waiter on A is not matched with B's: its row goes at A's next tick.
    REQUIRE(eventually([&] {
        return pg_rows(store.location,
                       "SELECT count(*) FROM nodes WHERE id = 'b' AND expires_ms > (extract(epoch from clock_timestamp()) * 1000)::bigint",
                       {})
                   .at(0)
                   .at(0) == "0";
    }));
    WsClient dee(a.port);
    dee.hello("Dee");
    dee.request(kPlayNow);
    REQUIRE(next_but_queue(dee).at("type") == "queued");
    // The next `queue` pushes say how many wait: Dee alone once Cy's row is gone; never `matched`.
    json m;
    for (int i = 0; i < 20; ++i) {
        m = dee.recv();
        INFO(m.dump());
        REQUIRE(m.at("type") == "queue");
        if (m.at("size") == 1) break;
    }
    CHECK(m.at("size") == 1);
    CHECK(pg_rows(store.location, "SELECT count(*) FROM play_queue WHERE node = 'b'", {}).at(0).at(0) == "0");
    CHECK(node_log(da).find("[error]") == std::string::npos);
}

TEST_CASE("cluster: Play now waiters taken by a matcher that died mid-match are matched by a live node",
          "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-");
    ChildServer a(store.flags(), da, node_flags("a"));
    // Node Z took the waiters' rows (the advisory lock held here stands for its pass) and died
    // before writing their `matched`; node Y took rows too and lives (its lease runs for an hour).
    insert_node_row(store.location, "z", "http://127.0.0.1:1", 0);
    insert_node_row(store.location, "y", "http://127.0.0.1:2", 3600000);
    PGconn* matcher = PQconnectdb(store.location.c_str());
    REQUIRE(PQstatus(matcher) == CONNECTION_OK);
    auto sql = [&](const char* statement) {
        PGresult* r = PQexec(matcher, statement);
        INFO(PQerrorMessage(matcher));
        CHECK(PQresultStatus(r) == PGRES_TUPLES_OK);
        PQclear(r);
    };
    sql("SELECT pg_advisory_lock(7309120162843100417)");  // the queue's lock (server/pg_store.cpp)
    WsClient ann(a.port), bob(a.port), cy(a.port), dee(a.port);
    const std::vector<std::pair<WsClient*, const char*>> players = {{&ann, "Ann"}, {&bob, "Bob"}, {&cy, "Cy"}, {&dee, "Dee"}};
    for (const auto& [c, name] : players) {
        c->hello(name);
        c->request(kPlayNow);
        REQUIRE(next_but_queue(*c).at("type") == "queued");
    }
    CHECK(pg_rows(store.location,
                  "UPDATE play_queue SET matched = CASE WHEN name IN ('Ann', 'Bob') THEN 'taken:z' ELSE 'taken:y' END "
                  "RETURNING session",
                  {})
              .size() == 4);
    PQfinish(matcher);  // the lock goes with Z's connection

    // Before: Ann and Bob waited until they left the queue. Now A's next pass matches them again.
    const auto [ma, mb] = expect_matched_together(ann, bob);
    // Cy and Dee stay Y's while its lease lives (Y still sends their `matched`): A's passes go by
    // (each pushes a `queue`) and their rows are still taken by Y.
    for (int i = 0; i < 3; ++i) CHECK(cy.recv().at("type") == "queue");
    CHECK(pg_rows(store.location, "SELECT count(*) FROM play_queue WHERE matched = 'taken:y'", {}).at(0).at(0) == "2");
    // Once Y's lease runs out, they are matched too.
    pg_rows(store.location, "UPDATE nodes SET expires_ms = 0 WHERE id = 'y' RETURNING id", {});
    const auto [mc, md] = expect_matched_together(cy, dee);
    CHECK(mc.at("room") != ma.at("room"));
    CHECK(pg_rows(store.location, "SELECT count(*) FROM play_queue", {}).at(0).at(0) == "0");  // all delivered
    CHECK(node_log(da).find("[error]") == std::string::npos);
}

// Play now's rooms are placed as createRoom's (docs/decisions/017, "Play now across nodes"): node A,
// clearly busier than node B, leaves the match of its two waiters to B (which matches the shared
// queue too, though nobody waits there), so the room is made on B; the players, told `matched` by A,
// are sent to B when they take their seats.
TEST_CASE("cluster: a loaded node's Play now match is made on the idle node", "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(180);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, placing_play_node("a")), b(store.flags(), db, placing_play_node("b"));
    WsClient host(a.port);
    host.hello("Host");
    const json placed = load_until_placed_elsewhere(host);
    REQUIRE(port_of(placed.at("url").get<std::string>()) == b.port);

    WsClient ann(a.port), bob(a.port);
    ann.hello("Ann");
    bob.hello("Bob");
    ann.request(kPlayNow);
    REQUIRE(next_but_queue(ann).at("type") == "queued");
    bob.request(kPlayNow);
    REQUIRE(next_but_queue(bob).at("type") == "queued");
    const auto [ma, mb] = expect_matched_together(ann, bob);
    const std::string room = ma.at("room").get<std::string>();
    CHECK(room_owner_node(store.location, room) == "b");  // before: "a", the node its players wait on

    // Both ask A for their seats, are sent to B, and play there.
    std::vector<std::unique_ptr<WsClient>> at(2);
    for (const auto& [c, m] : std::vector<std::pair<WsClient*, const json*>>{{&ann, &ma}, {&bob, &mb}}) {
        const json join = {{"type", "joinRoom"}, {"invite", m->at("invite")}, {"seat", m->at("seat")},
                           {"seatToken", m->at("seatToken")}};
        c->request(join);
        const json r = c->recv();
        INFO(r.dump());
        REQUIRE(r.at("type") == "moved");
        CHECK(port_of(r.at("url").get<std::string>()) == b.port);
        auto& there = at[m->at("seat").get<size_t>()];
        there = std::make_unique<WsClient>(b.port);
        there->hello("again", c->token);
        there->request(join);
        const json joined = there->recv();
        INFO(joined.dump());
        REQUIRE(joined.at("type") == "joined");
    }
    for (auto& c : at) c->recv_type("started");
    const std::string log_a = node_log(da);
    CHECK(log_a.find("play now: a match is left to node b") != std::string::npos);
    CHECK(log_a.find("[error]") == std::string::npos);
    CHECK(node_log(db).find("[error]") == std::string::npos);
}

// A Play now match is never lost to a less-loaded node that does not match (an older release, or
// stuck): node Y lives (its lease runs for an hour) but never matches; the busy node A leaves the
// match to it for five lease periods, then makes the room itself.
TEST_CASE("cluster: a Play now match left to a less-loaded node that does not make it is made by the busy node",
          "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(180);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-");
    ChildServer a(store.flags(), da, placing_play_node("a"));
    insert_node_row(store.location, "y", "ws://127.0.0.1:1/ws", 3600000);
    WsClient host(a.port);
    host.hello("Host");
    const json placed = load_until_placed_elsewhere(host);
    REQUIRE(port_of(placed.at("url").get<std::string>()) == 1);

    WsClient ann(a.port), bob(a.port);
    ann.hello("Ann");
    bob.hello("Bob");
    ann.request(kPlayNow);
    REQUIRE(next_but_queue(ann).at("type") == "queued");
    bob.request(kPlayNow);
    REQUIRE(next_but_queue(bob).at("type") == "queued");
    const auto [ma, mb] = expect_matched_together(ann, bob);
    CHECK(room_owner_node(store.location, ma.at("room").get<std::string>()) == "a");
    const std::string log_a = node_log(da);
    CHECK(log_a.find("play now: a match is left to node y") != std::string::npos);
    CHECK(log_a.find("play now: node y did not make a match within 15000 ms: its room is made here") != std::string::npos);
    CHECK(log_a.find("[error]") == std::string::npos);
}
