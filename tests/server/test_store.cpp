// The stores (server/store.hpp): appends in order, reload after reopening, finished rooms kept but
// not reloaded as unfinished, group commit, callbacks after commit, faults retried. Each test that
// any backend must pass runs against SQLite and, when HEXHALL_TEST_PG is set, PostgreSQL
// (tests/server/store_backends.hpp; the ctest entry store_postgres); then the SQLite-only and the
// PostgreSQL-only ones (the ownership fence).
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "server/config.hpp"
#include "server/net.hpp"
#include "server/pg_store.hpp"
#include "server/sqlite_store.hpp"
#include "server/store_factory.hpp"
#include "server/unix_time.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

namespace {

using namespace hexhall::server;
using hexhall::test::TestStoreDb;
using hexhall::test::test_store_kinds;

struct TempDb {
    std::filesystem::path path;
    TempDb() {
        std::random_device rd;
        path = std::filesystem::temp_directory_path() / ("hexhall-store-test-" + std::to_string(rd()) + ".db");
    }
    ~TempDb() {
        std::error_code ec;
        for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext, ec);
    }
};

RoomRow room_row(const std::string& id, const std::string& state = "running") {
    RoomRow r;
    r.id = id;
    r.game = "catan";
    r.options = R"({"players":4})";
    r.setup = "hexhall-record 1\nplayers 4\n";
    r.seed = 18446744073709551615ull;  // the largest seed survives (stored as text)
    r.salt = std::string(32, 'a');
    r.commitment = std::string(64, 'b');
    r.invite = "inv-" + id;
    r.is_private = true;
    r.password_hash = "ph";
    r.host_session = "hs";
    r.state = state;
    r.created_ms = 1700000000000;
    return r;
}

}  // namespace

TEST_CASE("store: appends come back in order after reopening", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    std::vector<int> done_order;
    std::mutex mu;
    {
        auto store = db.open();
        Store& s = *store;
        s.put_room(room_row("r1"));
        s.put_seat("r1", SeatRow{0, "human", "sess0", "Ann", "", 0});
        s.put_seat("r1", SeatRow{1, "bot", "", "random", "random", 12345678901234567890ull});
        s.put_session(SessionRow{"sess0", "Ann", "r1"});
        for (int i = 0; i < 500; ++i)
            s.append("r1", ActionRow{i, i % 4, "endTurn seat=" + std::to_string(i % 4), 10 * i}, [&, i](bool ok) {
                CHECK(ok);
                std::lock_guard lock(mu);
                done_order.push_back(i);
            });
        s.set_host("r1", "hs2");  // transferHost
        s.flush();
        CHECK(done_order.size() == 500);
        // Group commit: 500 appends queued at once need far fewer transactions.
        CHECK(s.commits() < 500);
        INFO("commits " << s.commits());
    }
    for (int i = 0; i < 500; ++i) REQUIRE(done_order[i] == i);

    auto store = db.open();
    Store& s = *store;
    auto r = s.load_room("r1");
    REQUIRE(r);
    CHECK(r->room.seed == 18446744073709551615ull);
    CHECK(r->room.options == R"({"players":4})");
    CHECK(r->room.setup == "hexhall-record 1\nplayers 4\n");
    CHECK(r->room.invite == "inv-r1");
    CHECK(r->room.is_private);
    CHECK(r->room.host_session == "hs2");
    REQUIRE(r->seats.size() == 2);
    CHECK(r->seats[0].session == "sess0");
    CHECK(r->seats[1].kind == "bot");
    CHECK(r->seats[1].bot_seed == 12345678901234567890ull);
    REQUIRE(r->actions.size() == 500);
    for (int i = 0; i < 500; ++i) {
        CHECK(r->actions[i].seq == i);
        CHECK(r->actions[i].seat == i % 4);
        CHECK(r->actions[i].game_ms == 10 * i);
    }
    CHECK(r->actions[7].action == "endTurn seat=3");
    auto sessions = s.load_sessions();
    REQUIRE(sessions.size() == 1);
    CHECK(sessions[0].room == "r1");
    CHECK_FALSE(s.load_room("nope"));
    CHECK(s.room_exists("r1"));
    CHECK_FALSE(s.room_exists("r2"));
  }
}

TEST_CASE("store: finished rooms are kept but not reloaded as unfinished", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    auto store = db.open();
    Store& s = *store;
    s.put_room(room_row("a", "open"));
    s.put_room(room_row("b", "running"));
    s.put_room(room_row("c", "running"));
    s.append("c", ActionRow{0, 0, "rollDice seat=0"}, {});
    std::atomic<bool> finished{false};
    s.set_state("c", "finished", 1700000001000, [&](bool ok) { finished = ok; });
    s.set_state("b", "abandoned", 0);
    s.flush();
    CHECK(finished);
    auto unfinished = s.load_unfinished();
    REQUIRE(unfinished.size() == 1);
    CHECK(unfinished[0].room.id == "a");
    auto c = s.load_room("c");
    REQUIRE(c);
    CHECK(c->room.state == "finished");
    CHECK(c->room.finished_ms == 1700000001000);
    CHECK(c->actions.size() == 1);
  }
}

TEST_CASE("store: a duplicate action number is refused, the others still commit", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    auto store = db.open();
    Store& s = *store;
    s.put_room(room_row("r"));
    std::vector<int> oks(3, -1);
    s.append("r", ActionRow{0, 0, "a"}, [&](bool ok) { oks[0] = ok; });
    s.append("r", ActionRow{0, 0, "b"}, [&](bool ok) { oks[1] = ok; });
    s.append("r", ActionRow{1, 0, "c"}, [&](bool ok) { oks[2] = ok; });
    s.flush();
    CHECK(oks == std::vector<int>{1, 0, 1});
    auto r = s.load_room("r");
    REQUIRE(r->actions.size() == 2);
    CHECK(r->actions[0].action == "a");
    CHECK(r->actions[1].action == "c");
  }
}

TEST_CASE("store: an unopenable path throws", "[store]") {
    CHECK_THROWS(SqliteStore("/nonexistent-dir/x/y.db"));
}

TEST_CASE("store: a database made before actions had a game time opens, its actions at game time 0", "[store]") {
    TempDb db;
    {
        // The actions table as it was before game_ms (the other tables are created as they are now).
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open(db.path.string().c_str(), &raw) == SQLITE_OK);
        const char* old_schema =
            "CREATE TABLE actions (room TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, "
            "action TEXT NOT NULL, PRIMARY KEY (room, seq)) WITHOUT ROWID;"
            "INSERT INTO actions VALUES ('old', 0, 2, 'rollDice seat=2');";
        REQUIRE(sqlite3_exec(raw, old_schema, nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(raw);
    }
    {
        SqliteStore s(db.path.string());
        s.put_room(room_row("old"));
        s.append("old", ActionRow{1, 3, "endTurn seat=3", 4321}, {});
        s.flush();
    }
    SqliteStore s(db.path.string());  // opening again: the column exists now, nothing to add
    auto r = s.load_room("old");
    REQUIRE(r);
    REQUIRE(r->actions.size() == 2);
    CHECK(r->actions[0].action == "rollDice seat=2");
    CHECK(r->actions[0].game_ms == 0);
    CHECK(r->actions[1].game_ms == 4321);
}

TEST_CASE("store: --db-sync full sets synchronous=FULL, the default NORMAL", "[store]") {
    TempDb a, b;
    SqliteStore normal(a.path.string()), full(b.path.string(), true);
    CHECK_FALSE(normal.sync_full());
    CHECK(full.sync_full());
}

TEST_CASE("store: pruning deletes the rooms that ended before the cut-off, with their rows", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    auto store = db.open();
    Store& s = *store;
    for (const char* id : {"old", "new", "gone", "live"}) {
        s.put_room(room_row(id));
        s.put_seat(id, SeatRow{0, "human", "s", "Ann", "", 0});
        s.put_kick(id, "k");
        s.append(id, ActionRow{0, 0, "rollDice seat=0", 5}, {});
    }
    s.set_state("old", "finished", 1000);
    s.set_state("gone", "abandoned", 1500);
    s.set_state("new", "finished", 3000);  // "live" keeps running
    s.prune_finished(2000);
    s.flush();
    CHECK_FALSE(s.load_room("old"));
    CHECK_FALSE(s.load_room("gone"));
    auto kept = s.load_room("new");
    REQUIRE(kept);
    CHECK(kept->actions.size() == 1);
    CHECK(kept->seats.size() == 1);
    CHECK(kept->kicked == std::vector<std::string>{"k"});
    REQUIRE(s.load_room("live"));
    CHECK(s.load_unfinished().size() == 1);
    s.put_room(room_row("old"));  // its seats, actions and kicks went with it
    s.flush();
    auto again = s.load_room("old");
    REQUIRE(again);
    CHECK(again->actions.empty());
    CHECK(again->seats.empty());
    CHECK(again->kicked.empty());
  }
}

TEST_CASE("store: a server with --keep-finished-days prunes at start-up", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    const int64_t now = unix_ms_now();
    {
        auto store = db.open();
        Store& s = *store;
        for (const char* id : {"ancient", "recent"}) s.put_room(room_row(id));
        s.set_state("ancient", "finished", now - 3LL * 24 * 3600 * 1000);  // three days ago
        s.set_state("recent", "finished", now - 3600 * 1000);             // an hour ago
    }
    ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    db.use_in(o);
    o.keep_finished_days = 2;
    {
        Server server(o);
        server.start();
        server.stop();  // commits what is queued
    }
    auto s = db.open();
    CHECK_FALSE(s->load_room("ancient"));
    CHECK(s->load_room("recent"));
  }
}

TEST_CASE("store: reads on their own connection see each commit whole while appends go on", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    auto store = db.open();
    Store& s = *store;
    s.put_room(room_row("r"));
    s.flush();
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (int i = 0; i < 2000; ++i) {
            s.append("r", ActionRow{i, i % 4, "endTurn seat=" + std::to_string(i % 4), i}, {});
            if (i % 100 == 99) s.flush();
        }
        s.flush();
        done = true;
    });
    size_t last = 0;
    int reads = 0;
    while (!done || reads == 0) {
        auto r = s.load_room("r");
        REQUIRE(r);
        const size_t n = r->actions.size();
        REQUIRE(n >= last);  // never goes back
        for (size_t i = 0; i < n; ++i) REQUIRE(r->actions[i].seq == static_cast<int64_t>(i));  // no gaps
        last = n;
        ++reads;
    }
    writer.join();
    CHECK(s.load_room("r")->actions.size() == 2000);
    CHECK(reads > 1);
  }
}

TEST_CASE("store: while commits fail nothing is acknowledged; the writes commit once it clears", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    auto store = db.open();
    Store& s = *store;
    std::atomic<int> health_changes{0};
    s.on_health([&](bool) { ++health_changes; });
    s.put_room(room_row("r"));
    s.flush();
    s.set_read_only_for_test(true);  // every transaction now fails, as on a full or read-only disk
    std::atomic<int> acked{0}, refused{0};
    for (int i = 0; i < 3; ++i) s.append("r", ActionRow{i, 0, "a" + std::to_string(i), i}, [&](bool ok) { ++(ok ? acked : refused); });
    s.flush();  // returns once the store is failing
    REQUIRE(hexhall::test::eventually([&] { return !s.healthy(); }));
    CHECK(acked == 0);
    CHECK(refused == 0);
    s.set_read_only_for_test(false);
    REQUIRE(hexhall::test::eventually([&] { return acked == 3; }));
    CHECK(s.healthy());
    CHECK(refused == 0);
    CHECK(health_changes == 2);  // failing, then healthy again
    auto r = s.load_room("r");
    REQUIRE(r);
    CHECK(r->actions.size() == 3);
  }
}

TEST_CASE("store: --store selects PostgreSQL or an SQLite file; SQLite is the default", "[store]") {
    Config c;
    CHECK(c.server.store_url.empty());
    CHECK(apply_option(c, "store", "postgres://hexhall:secret@db.example:5432/hexhall") == "");
    CHECK(c.server.store_url == "postgres://hexhall:secret@db.example:5432/hexhall");
    CHECK(describe_store(c.server) == "postgres://hexhall:***@db.example:5432/hexhall");  // no password in logs
    CHECK(apply_option(c, "store", "sqlite:/var/lib/hexhall/games.db") == "");
    CHECK(c.server.store_url.empty());
    CHECK(c.server.db_path == "/var/lib/hexhall/games.db");
    CHECK(apply_config_text(c, "store = postgresql://h@127.0.0.1/x\n") == "");
    CHECK(c.server.store_url == "postgresql://h@127.0.0.1/x");
    CHECK(apply_option(c, "db", "other.db") == "");  // the later flag wins
    CHECK(c.server.store_url.empty());
    CHECK(apply_option(c, "store", "mysql://x") != "");
    CHECK(apply_option(c, "store", "sqlite:") != "");
}

TEST_CASE("store: PostgreSQL that cannot be reached is an error at start, naming it without its password", "[store]") {
    try {
        PgStore s("postgresql://hexhall:secret@127.0.0.1:1/none?connect_timeout=5");
        FAIL("connected to nothing");
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        CHECK(what.find("127.0.0.1:1") != std::string::npos);
        CHECK(what.find("secret") == std::string::npos);
    }
}

namespace {
// The one value a query returns (PostgreSQL tests).
std::string pg_value(const std::string& url, const std::string& sql) {
    PGconn* c = PQconnectdb(url.c_str());
    PGresult* r = PQexec(c, sql.c_str());
    std::string out = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1 ? PQgetvalue(r, 0, 0) : "?";
    PQclear(r);
    PQfinish(c);
    return out;
}
}  // namespace

TEST_CASE("store (PostgreSQL): once a room is taken over, the old owner's writes are refused", "[store]") {
    if (!has_postgres()) return;  // runs where PostgreSQL runs (HEXHALL_TEST_STORES / HEXHALL_TEST_PG)
    TestStoreDb db("postgres");
    PgStore a(db.location, "node-a"), b(db.location, "node-b");
    a.put_room(room_row("r"));
    a.put_seat("r", SeatRow{0, "human", "s0", "Ann", "", 0});
    std::vector<int> oks;
    std::mutex mu;
    auto record = [&](bool ok) {
        std::lock_guard lock(mu);
        oks.push_back(ok);
    };
    for (int i = 0; i < 3; ++i) a.append("r", ActionRow{i, 0, "a" + std::to_string(i), i}, record);
    a.flush();
    CHECK(a.held_epoch("r") == 1);
    CHECK(oks == std::vector<int>{1, 1, 1});

    // Node b takes the room over (as after a failover): epoch 2, and it sees every action a stored.
    const std::optional<int64_t> epoch = b.claim("r");
    REQUIRE(epoch);
    CHECK(*epoch == 2);
    CHECK(b.held_epoch("r") == 2);
    CHECK(pg_value(db.location, "SELECT node || ' ' || epoch FROM room_owners WHERE room = 'r'") == "node-b 2");
    REQUIRE(b.load_room("r")->actions.size() == 3);

    // Node a wakes up and writes as if it still owned the room: every room write is refused.
    const uint64_t fenced_before = PgStore::fenced_writes_refused();
    std::atomic<int> stale_ok{-1}, state_ok{-1};
    std::atomic<int> stale_run_ok{-1};
    a.append("r", ActionRow{3, 0, "stale", 30}, [&](bool ok) { stale_ok = ok; });
    a.append("r", ActionRow{4, 0, "stale too", 40}, [&](bool ok) { stale_run_ok = ok; });  // a run of appends
    a.set_state("r", "abandoned", 1, [&](bool ok) { state_ok = ok; });
    a.set_host("r", "stale-host");
    a.put_seat("r", SeatRow{1, "human", "s1", "Stale", "", 0});
    a.put_kick("r", "s0");
    a.flush();
    CHECK(stale_ok == 0);
    CHECK(stale_run_ok == 0);
    CHECK(state_ok == 0);
    CHECK(a.healthy());  // a refused write is not a storage fault: a's other rooms go on
    CHECK(PgStore::fenced_writes_refused() >= fenced_before + 6);

    // The new owner writes the same action number; the room is as b left it.
    std::atomic<int> fresh_ok{-1};
    b.append("r", ActionRow{3, 1, "fresh", 31}, [&](bool ok) { fresh_ok = ok; });
    b.flush();
    CHECK(fresh_ok == 1);
    auto r = b.load_room("r");
    REQUIRE(r);
    REQUIRE(r->actions.size() == 4);
    CHECK(r->actions[3].action == "fresh");
    CHECK(r->room.state == "running");
    CHECK(r->room.host_session == "hs");
    CHECK(r->seats.size() == 1);
    CHECK(r->kicked.empty());
    // One writer per epoch, from the log itself.
    CHECK(pg_value(db.location, "SELECT string_agg(epoch::text, ',' ORDER BY seq) FROM actions WHERE room = 'r'") ==
          "1,1,1,2");
    CHECK_FALSE(b.claim("no-such-room"));
}

TEST_CASE("store (PostgreSQL): recovery takes the unfinished rooms over; a frozen earlier process cannot write", "[store]") {
    if (!has_postgres()) return;
    TestStoreDb db("postgres");
    PgStore old_process(db.location, "old");
    old_process.put_room(room_row("live"));
    old_process.put_room(room_row("done"));
    old_process.append("live", ActionRow{0, 0, "first", 0}, {});
    old_process.set_state("done", "finished", 5);
    old_process.flush();

    PgStore restarted(db.location, "new");
    std::vector<StoredRoom> rooms = restarted.load_unfinished();
    REQUIRE(rooms.size() == 1);
    CHECK(rooms[0].room.id == "live");
    CHECK(rooms[0].actions.size() == 1);
    CHECK(restarted.held_epoch("live") == 2);
    CHECK(restarted.held_epoch("done") == 0);  // finished rooms are not taken

    std::atomic<int> old_ok{-1}, new_ok{-1};
    old_process.append("live", ActionRow{1, 0, "from the frozen process", 1}, [&](bool ok) { old_ok = ok; });
    old_process.flush();
    restarted.append("live", ActionRow{1, 0, "second", 1}, [&](bool ok) { new_ok = ok; });
    restarted.flush();
    CHECK(old_ok == 0);
    CHECK(new_ok == 1);
    CHECK(restarted.load_room("live")->actions.at(1).action == "second");
}

TEST_CASE("store (PostgreSQL): an append retried after a lost commit answer counts as stored", "[store]") {
    if (!has_postgres()) return;
    TestStoreDb db("postgres");
    PgStore s(db.location);
    s.put_room(room_row("r"));
    std::vector<int> oks(3, -1);
    s.append("r", ActionRow{0, 2, "same", 7}, [&](bool ok) { oks[0] = ok; });
    s.append("r", ActionRow{0, 2, "same", 7}, [&](bool ok) { oks[1] = ok; });  // the very same row again
    s.append("r", ActionRow{0, 2, "other", 7}, [&](bool ok) { oks[2] = ok; });  // another row, same number
    s.flush();
    CHECK(oks == std::vector<int>{1, 1, 0});
    CHECK(s.load_room("r")->actions.size() == 1);
}

TEST_CASE("store (PostgreSQL): a dropped connection is a passing fault: the store reconnects and commits", "[store]") {
    if (!has_postgres()) return;
    TestStoreDb db("postgres");
    PgStore s(db.location);
    s.put_room(room_row("r"));
    std::atomic<int> first{-1}, second{-1};
    s.append("r", ActionRow{0, 0, "a", 0}, [&](bool ok) { first = ok; });
    s.flush();
    REQUIRE(first == 1);
    REQUIRE(s.load_room("r"));
    // The database ends both of the store's connections (as a database restart or a cut network would).
    hexhall::test::pg_exec(db.location,
                           "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = current_database() AND pid <> pg_backend_pid()");
    s.append("r", ActionRow{1, 0, "b", 1}, [&](bool ok) { second = ok; });
    REQUIRE(hexhall::test::eventually([&] { return second != -1; }));
    CHECK(second == 1);  // stored once the writer reconnected, then acknowledged
    CHECK(s.healthy());
    auto r = s.load_room("r");  // the reading connection reconnects too
    REQUIRE(r);
    CHECK(r->actions.size() == 2);
}

TEST_CASE("store: a document kept as rows: parts written, replaced and deleted; its whole row goes at the first", "[store]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    TestStoreDb db(kind);
    {
        auto store = db.open();
        store->put_document("tournament", "t1", R"({"whole":true})", 1);
        store->put_document("tournament", "t2", R"({"whole":true})", 1);
        std::atomic<int> done{0};
        store->put_document_parts("tournament", "t1", {{"head", R"({"h":1})"}, {"a#000000", "1"}, {"a#000001", "2"}}, 2,
                                  [&](bool ok) { done += ok; });
        store->put_document_parts("tournament", "t1", {{"a#000001", "3"}, {"b#x", "4"}}, 3);
        store->put_document_parts("tournament", "t1", {{"a#000000", std::nullopt}}, 4);
        store->flush();
        CHECK(done == 1);
    }
    auto store = db.open();
    const auto whole = store->load_documents("tournament");
    REQUIRE(whole.size() == 1);  // t1 moved to rows, t2 not
    CHECK(whole[0].id == "t2");
    const auto rows = store->load_document_parts("tournament");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].id == "t1");
    using Parts = std::vector<std::pair<std::string, std::string>>;
    CHECK(rows[0].parts == Parts{{"a#000001", "3"}, {"b#x", "4"}, {"head", R"({"h":1})"}});
    CHECK(store->load_document_parts("other").empty());
  }
}
