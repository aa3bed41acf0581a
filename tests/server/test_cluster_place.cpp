// Several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md, "Placement"): new rooms go
// to the least-loaded live node. Each node publishes the rooms it owns with its lease; a createRoom
// on a node that owns clearly more rooms than another live node (here: by more than 2 rooms and 10 %)
// is answered `moved` (the request's id, the other node's URL, no room) before anything is made, and
// the client sends the same createRoom there. The room is then that node's: created, joined (a join
// on the busy node is sent there too) and played there.
#include "tests/server/cluster_support.hpp"

#include "server/games.hpp"
#include "tests/server/store_backends.hpp"

using namespace hexhall::test;

namespace {

std::vector<std::string> placing_node(const std::string& id) {
    std::vector<std::string> flags = node_flags(id);
    for (const char* f : {"--place-margin-rooms", "2", "--place-margin-percent", "10"}) flags.emplace_back(f);
    return flags;
}

}  // namespace

TEST_CASE("cluster: a createRoom on a node clearly busier than another is made on the least-loaded node, and "
          "played there",
          "[server][crash][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(180);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, placing_node("a")), b(store.flags(), db, placing_node("b"));

    std::vector<Player> players(4);
    for (int i = 0; i < 4; ++i) {
        Player& p = players[i];
        p.seat = i;
        p.c = std::make_unique<WsClient>(a.port);
        p.token = p.c->hello("P" + std::to_string(i)).at("session").get<std::string>();
    }
    Player& host = players[0];
    // Node A is not clearly busier than B while it owns at most 2 rooms more: these stay on A.
    std::vector<std::string> on_a;
    for (int i = 0; i < 3; ++i) on_a.push_back(host.c->create({{"players", 3}}).at("room").get<std::string>());
    // Then A sends the next creation to B, as soon as A has read B's load (its next lease renewal,
    // every lease/3 = 1 s): until then a creation stays on A (A only gets busier).
    json moved;
    for (int tries = 0; tries < 40 && moved.is_null(); ++tries) {
        const json req = host.c->request({{"type", "createRoom"}, {"players", 4}, {"vp", 7}});
        json m = host.c->recv();
        INFO(m.dump());
        REQUIRE(m.at("id") == req.at("id"));
        if (m.at("type") == "moved") moved = m;
        else {
            REQUIRE(m.at("type") == "roomCreated");
            on_a.push_back(m.at("room").get<std::string>());
            std::this_thread::sleep_for(std::chrono::milliseconds(100));  // polls for A's next renewal
        }
    }
    INFO(moved.dump());
    REQUIRE(moved.is_object());  // before: every room stayed on the node the client was on
    CHECK(port_of(moved.at("url").get<std::string>()) == b.port);
    CHECK(!moved.contains("room"));  // nothing was made on A
    CHECK(metric(a.port, "hexhall_cluster_rooms_placed_elsewhere_total") >= 1);
    for (const std::string& room : on_a)
        CHECK(pg_rows(store.location, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0) == "a");

    // The client follows it: the same session on B, the same createRoom: made there.
    host.c = std::make_unique<WsClient>(b.port);
    CHECK(host.c->hello("P0", host.token).at("session") == host.token);
    const std::string room = host.c->create({{"players", 4}, {"vp", 7}}).at("room").get<std::string>();
    CHECK(pg_rows(store.location, "SELECT node FROM room_owners WHERE room = $1", {room}).at(0).at(0) == "b");
    CHECK(pg_rows(store.location, "SELECT count(*) FROM rooms", {}).at(0).at(0) == std::to_string(on_a.size() + 1));

    // The others ask A for it and are sent to B (its live owner), where they take their seats.
    for (int i = 0; i < 4; ++i) {
        Player& p = players[i];
        if (i > 0) {
            const json m = p.c->join(room, i);
            INFO(m.dump());
            REQUIRE(m.at("type") == "moved");
            CHECK(m.at("room") == room);
            CHECK(port_of(m.at("url").get<std::string>()) == b.port);
            p.c = std::make_unique<WsClient>(b.port);
            CHECK(p.c->hello("P" + std::to_string(i), p.token).at("session") == p.token);
        }
        const json joined = p.c->join(room, i);
        INFO(joined.dump());
        REQUIRE(joined.at("type") == "joined");
        CHECK(joined.at("seat") == i);
    }
    host.c->request({{"type", "start"}, {"room", room}});
    for (Player& p : players) {
        p.c->recv_type("started");
        p.take_snapshot(p.c->recv_type("snapshot"));
    }
    std::mt19937_64 rng(28);
    int acks = 0;
    for (int i = 0; i < 30; ++i) play_one(players, rng, acks);
    CHECK(acks == 30);
    CHECK(pg_rows(store.location, "SELECT count(*) FROM actions WHERE room = $1", {room}).at(0).at(0) == "30");
    CHECK(node_log(da).find("[error]") == std::string::npos);
    CHECK(node_log(db).find("[error]") == std::string::npos);
}

TEST_CASE("cluster: a node not clearly busier than the others keeps the rooms made on it", "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    // Margins of 20 rooms and 10 % (the defaults): 12 rooms on A, none on B, is not clearly busier.
    ChildServer a(store.flags(), da, node_flags("a")), b(store.flags(), db, node_flags("b"));
    WsClient host(a.port);
    host.hello("Host");
    for (int i = 0; i < 12; ++i) {
        const json req = host.request({{"type", "createRoom"}, {"players", 3}});
        const json m = host.recv();
        INFO(m.dump());
        CHECK(m.at("type") == "roomCreated");
        CHECK(m.at("id") == req.at("id"));
        if (i == 5)  // by then A has read B's load at least once (a renewal every lease/3 = 1 s)
            REQUIRE(eventually([&] {
                return pg_rows(store.location, "SELECT count(*) FROM nodes WHERE id = 'a' AND rooms >= 6", {})
                           .at(0)
                           .at(0) == "1";
            }));
    }
    CHECK(metric(a.port, "hexhall_cluster_rooms_placed_elsewhere_total") == 0);
}

namespace {

// Node c's row in the lease table as its lease renewals write it, with no process behind it (its URL
// reaches nobody): owning no room, its lease running `left_ms` more from now (the database's clock).
void write_node_c(const std::string& db, int64_t left_ms) {
    pg_rows(db,
            "INSERT INTO nodes (id, url, expires_ms, rooms, listing) VALUES ('c', 'ws://127.0.0.1:1/ws', "
            "(extract(epoch from clock_timestamp()) * 1000)::bigint + $1::bigint, 0, '[]') "
            "ON CONFLICT (id) DO UPDATE SET expires_ms = EXCLUDED.expires_ms RETURNING id",
            {std::to_string(left_ms)});
}

// Waits until node `id` renewed its lease twice, rewriting node c's row (`left_ms`) meanwhile: the
// first of those renewals read the other nodes' rows as they are now, and the second comes after
// the node took them in (Hub::set_remote_nodes).
void await_two_renewals(const std::string& db, const std::string& id, int64_t c_left_ms) {
    const auto expires = [&] { return pg_rows(db, "SELECT expires_ms FROM nodes WHERE id = $1", {id}).at(0).at(0); };
    for (int i = 0; i < 2; ++i) {
        const std::string before = expires();
        REQUIRE(eventually([&] {
            write_node_c(db, c_left_ms);
            return expires() != before;
        }));
    }
}

}  // namespace

TEST_CASE("cluster: new rooms go only to nodes that renewed their leases lately, not to one that stopped renewing "
          "(it died) while its lease still runs",
          "[server][crash][cluster]") {
    if (!has_postgres()) return;
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, placing_node("a")), b(store.flags(), db, placing_node("b"));
    // B owns 1 room, A 3 (none moved: A is not clearly busier by more than 2 rooms).
    WsClient on_b(b.port), on_a(a.port);
    on_b.hello("Bea");
    on_b.create({{"players", 3}});
    on_a.hello("Al");
    for (int i = 0; i < 3; ++i) on_a.create({{"players", 3}});
    REQUIRE(eventually([&] {
        return pg_rows(store.location, "SELECT rooms FROM nodes WHERE id = 'b'", {}).at(0).at(0) == "1";
    }));

    // Node c (no room: the least loaded) died a while ago: its lease (of 3 s, like A's and B's,
    // renewed every 1 s) has less than 1 s left, so it missed two renewals, though it is still live.
    await_two_renewals(store.location, "a", 700);
    CHECK(pg_rows(store.location, "SELECT count(*) FROM nodes WHERE id = 'c'", {}).at(0).at(0) == "1");
    json moved;
    for (int tries = 0; tries < 5 && moved.is_null(); ++tries) {
        write_node_c(store.location, 700);
        const json req = on_a.request({{"type", "createRoom"}, {"players", 3}});
        const json m = on_a.recv();
        INFO(m.dump());
        REQUIRE(m.at("id") == req.at("id"));
        if (m.at("type") == "moved") moved = m;
        else REQUIRE(m.at("type") == "roomCreated");  // A owns 3 rooms, B 1: not yet clearly busier than B
    }
    INFO(moved.dump());
    REQUIRE(moved.is_object());
    CHECK(port_of(moved.at("url").get<std::string>()) == b.port);  // before: c, whose clients found nobody

    // Node c renews its lease again (3 s left): it is the least-loaded node A places on.
    await_two_renewals(store.location, "a", 3000);
    write_node_c(store.location, 3000);
    const json req = on_a.request({{"type", "createRoom"}, {"players", 3}});
    const json m = on_a.recv();
    INFO(m.dump());
    REQUIRE(m.at("type") == "moved");
    CHECK(m.at("id") == req.at("id"));
    CHECK(port_of(m.at("url").get<std::string>()) == 1);
    CHECK(node_log(da).find("[error]") == std::string::npos);
    CHECK(node_log(db).find("[error]") == std::string::npos);
}
