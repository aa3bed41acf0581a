// The SQLite store (server/sqlite_store.hpp): appends in order, reload after reopening, finished
// rooms kept but not reloaded as unfinished, group commit, callbacks after commit.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include "server/net.hpp"
#include "server/sqlite_store.hpp"
#include "server/unix_time.hpp"

namespace {

using namespace hexhall::server;

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
    TempDb db;
    std::vector<int> done_order;
    std::mutex mu;
    {
        SqliteStore s(db.path.string());
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

    SqliteStore s(db.path.string());
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

TEST_CASE("store: finished rooms are kept but not reloaded as unfinished", "[store]") {
    SqliteStore s(":memory:");
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

TEST_CASE("store: a duplicate action number is refused, the others still commit", "[store]") {
    SqliteStore s(":memory:");
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
    SqliteStore s(":memory:");
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

TEST_CASE("store: a server with --keep-finished-days prunes at start-up", "[store]") {
    TempDb db;
    const int64_t now = unix_ms_now();
    {
        SqliteStore s(db.path.string());
        for (const char* id : {"ancient", "recent"}) s.put_room(room_row(id));
        s.set_state("ancient", "finished", now - 3LL * 24 * 3600 * 1000);  // three days ago
        s.set_state("recent", "finished", now - 3600 * 1000);             // an hour ago
    }
    ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.db_path = db.path.string();
    o.keep_finished_days = 2;
    {
        Server server(o);
        server.start();
        server.stop();  // commits what is queued
    }
    SqliteStore s(db.path.string());
    CHECK_FALSE(s.load_room("ancient"));
    CHECK(s.load_room("recent"));
}

TEST_CASE("store: reads on their own connection see each commit whole while appends go on", "[store]") {
    TempDb db;
    SqliteStore s(db.path.string());
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
