// Crash safety (docs/operations.md, "Storage"): the real hexhall-server binary as a child
// process on a temporary database (SQLite, and PostgreSQL when HEXHALL_TEST_PG is set:
// tests/server/store_backends.hpp); four WebSocket clients play part of a game; the server is
// killed with SIGKILL mid-game and restarted on the same database; the clients reconnect with
// their tokens to the same seats and the same views, finish the game, and the final state equals
// a replay of the stored record, which holds exactly the acknowledged actions. A host handover made
// before the crash holds after it.
#include "tests/server/child_server.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "games/catan/engine/view.hpp"
#include "games/catan/protocol/catan_json.hpp"
#include "server/games.hpp"
#include "server/record_check.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/turn_support.hpp"

using namespace hexhall::test;

TEST_CASE("crash: kill -9 mid-game, restart, reconnect, finish; nothing acknowledged is lost", "[server][crash]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    Watchdog watchdog(280);
    hexhall::server::register_builtin_games();  // check_record below, in this process (the server is a child)
    const auto dir = temp_dir("hexhall-crash-");
    const TestStoreDb store(kind);
    const std::vector<std::string> db = store.flags();

    std::vector<Player> players(4);
    std::string room, commitment;
    std::mt19937_64 rng(777);
    int acks = 0;
    std::vector<std::map<uint64_t, json>> seen(4);  // each seat's events per version, as they came
    {
        ChildServer server(db, dir);
        room = start_four(server.port, players, {{"players", 4}, {"vp", 7}}, commitment);
        // The host hands the room to seat 1; that survives the crash too (stored before the actions
        // that follow, which are acknowledged only once committed).
        players[0].c->request({{"type", "transferHost"}, {"room", room}, {"seat", 1}});
        players[0].c->recv_type("ok");
        while (acks < 120 && players[0].view.at("phase") != "gameOver") play_one(players, rng, acks, &seen);
        int status = 0;
        http_get(server.port, "/games/" + room + "/record", status);
        CHECK(status == 409);
        server.kill_hard();
    }
    const int acks_before_crash = acks;
    for (Player& p : players) p.c.reset();  // their sockets died with the server

    ChildServer server(db, dir);
    for (Player& p : players) {
        const json before = p.view;
        const uint64_t version = p.version;
        p.take_snapshot(reconnect(p, server.port));
        CHECK(p.version == version);  // every acknowledged action survived
        CHECK(p.view == before);
        // The seat's recent events came back too, as it saw them (its own private ones included).
        p.c->skip_history = false;
        const json h = p.c->recv();
        p.c->skip_history = true;
        REQUIRE(h.at("type") == "history");
        const json& entries = h.at("entries");
        CHECK(entries.size() == std::min<size_t>(100, seen[p.seat].size()));
        for (const json& e : entries) {
            const uint64_t to = e.at("to").get<uint64_t>();
            REQUIRE(seen[p.seat].count(to));
            CHECK(e.at("events") == seen[p.seat].at(to));
        }
        if (!entries.empty()) CHECK(entries.back().at("to").get<uint64_t>() == seen[p.seat].rbegin()->first);
    }
    // Seat 1 is still the host after the restart: seat 0 may not hand the room over, seat 1 may.
    players[0].c->request({{"type", "transferHost"}, {"room", room}, {"seat", 0}});
    CHECK(players[0].c->recv_error() == "not_host");
    players[1].c->request({{"type", "transferHost"}, {"room", room}, {"seat", 0}});
    players[1].c->recv_type("ok");
    while (players[0].view.at("phase") != "gameOver") {
        REQUIRE(acks < 30000);
        play_one(players, rng, acks);
    }
    for (Player& p : players) {
        const json reveal = p.c->recv_type("seedReveal");
        CHECK(reveal.at("commitment") == commitment);
        CHECK(hexhall::protocol::sha256_hex("hexhall-seed-v1:" + reveal.at("seed").get<std::string>() + ":" +
                                            reveal.at("salt").get<std::string>()) == commitment);
    }
    std::cerr << "crash test: " << acks_before_crash << " actions before the crash, " << acks << " in all\n";

    int status = 0;
    const json record = json::parse(http_get(server.port, "/games/" + room + "/record", status));
    REQUIRE(status == 200);
    const hexhall::server::RecordCheck check = hexhall::server::check_record(record);
    INFO(check.error);
    REQUIRE(check.ok);
    CHECK(record.at("actions").size() == static_cast<size_t>(acks));  // no action lost, none invented
    CHECK(record.at("commitment") == commitment);
    // The final state equals the replay of the record, as every seat sees it.
    for (const Player& p : players) {
        const json replayed = json::parse(*check.game->snapshot(p.seat));
        CHECK(replayed.at("catan").at("view") == p.view);
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
}

TEST_CASE("crash: a turn clock resumes after a restart with the time it had left", "[server][crash][CAT-17.1]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    Watchdog watchdog(120);
    const auto dir = temp_dir("hexhall-crash-clock-");
    const TestStoreDb store(kind);
    const std::vector<std::string> db = store.flags();
    std::vector<Player> players(4);
    std::string commitment;
    std::mt19937_64 rng(99);
    int acks = 0;
    int active = -1;
    int64_t left_before = 0;  // ms the active player's turn had left when the server died
    {
        ChildServer server(db, dir);
        start_four(server.port, players, {{"players", 4}, {"vp", 10}, {"clock", "standard"}}, commitment);
        // Past the set-up, at the start of a turn: wait 1.5 s of the turn's 90 s, then roll. If the
        // roll is not a 7 the turn goes on in "main" with ~88.5 s left; the server dies there.
        active = play_to_main_turn(players, rng, acks, 2000,
                                   [] { std::this_thread::sleep_for(std::chrono::milliseconds(1500)); });
        left_before = players[active].clock.at("deadline").get<int64_t>() - unix_ms_now();
        CHECK(left_before < 90'000 - 1'200);  // the 1.5 s waited before the roll count
        server.kill_hard();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2000));  // downtime: not counted against anybody

    ChildServer server(db, dir);
    Player& p = players[active];
    REQUIRE(p.seat == active);
    p.take_snapshot(reconnect(p, server.port));
    REQUIRE(p.clock.is_object());
    CHECK(p.clock.at("seat") == active);
    CHECK(p.clock.at("kind") == "turn");
    const int64_t left_after = p.clock.at("deadline").get<int64_t>() - unix_ms_now();
    INFO("left before the crash " << left_before << " ms, after the restart " << left_after << " ms");
    // The turn resumes with what it had left: neither a fresh 90 s nor minus the downtime.
    CHECK(left_after <= left_before + 400);
    CHECK(left_after >= left_before - 1000);
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
}

TEST_CASE("crash: a kicked player stays out after a restart", "[server][crash]") {
  for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
    Watchdog watchdog(60);
    const auto dir = temp_dir("hexhall-crash-kick-");
    const TestStoreDb store(kind);
    const std::vector<std::string> db = store.flags();
    std::string room, b_token;
    {
        ChildServer server(db, dir);
        WsClient a(server.port), b(server.port);
        a.hello("Host");
        b_token = b.hello("Bea").at("session").get<std::string>();
        room = a.create({{"players", 4}}).at("room").get<std::string>();
        CHECK(b.join(room, 1).at("type") == "joined");
        a.request({{"type", "kick"}, {"room", room}, {"seat", 1}});
        a.recv_type("ok");
        b.recv_type("kicked");
        CHECK(b.join(room, 1).at("code") == "kicked");
        // The kick is written behind the reply (nothing else in a room that has not started waits
        // for a commit); a commit takes microseconds.
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        server.kill_hard();
    }
    ChildServer server(db, dir);
    WsClient b(server.port);
    CHECK(b.hello("Bea", b_token).at("session") == b_token);
    CHECK(b.join(room, 1).at("code") == "kicked");
    CHECK(b.join(room, nullptr).at("code") == "kicked");  // not even to watch
    WsClient c(server.port);
    c.hello("Cy");
    CHECK(c.join(room, 1).at("type") == "joined");  // the room itself is back and open
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
}

TEST_CASE("crash: a frozen server whose rooms were taken over can neither store nor acknowledge a move", "[server][crash]") {
  for (const std::string& kind : test_store_kinds()) {
    if (kind != "postgres") continue;  // room ownership is PostgreSQL's (an SQLite file has one server)
    Watchdog watchdog(150);
    const auto dir_a = temp_dir("hexhall-frozen-a-"), dir_b = temp_dir("hexhall-frozen-b-");
    const TestStoreDb store(kind);
    std::vector<Player> players(4);
    std::string commitment;
    std::mt19937_64 rng(5);
    int acks = 0;
    ChildServer a(store.flags(), dir_a);
    start_four(a.port, players, {{"players", 4}}, commitment);
    for (int i = 0; i < 10; ++i) play_one(players, rng, acks);
    // The old server freezes (idle: every move so far committed); a new one starts on the same
    // database and restores the room, taking it over (owner epoch + 1); then the old one wakes up.
    REQUIRE(::kill(a.pid, SIGSTOP) == 0);
    ChildServer b(store.flags(), dir_b);
    REQUIRE(::kill(a.pid, SIGCONT) == 0);
    // A player still connected to the old server moves: the old server applies it but its append
    // is refused by the fence, so it is never acknowledged (and never stored).
    Player& mover = random_mover(players, rng);
    mover.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(mover, rng)}});
    const auto log_a = dir_a / "server.log";
    CHECK(eventually([&] {
        std::ifstream in(log_a);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return text.find("owner epoch 1 is stale") != std::string::npos;
    }));
    // On the new server every player resumes at the last acknowledged move and plays on.
    for (Player& p : players) {
        const json before = p.view;
        const uint64_t version = p.version;
        p.take_snapshot(reconnect(p, b.port));
        CHECK(p.version == version);
        CHECK(p.view == before);
    }
    for (int i = 0; i < 5 && players[0].view.at("phase") != "gameOver"; ++i) play_one(players, rng, acks);
    a.kill_hard();
    std::error_code ec;
    std::filesystem::remove_all(dir_a, ec);
    std::filesystem::remove_all(dir_b, ec);
  }
}
