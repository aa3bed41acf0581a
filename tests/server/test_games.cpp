// Every registered game (server/games.cpp, plus the test-only games of tests/games/) through the real
// server: created by name and listed with it, played to the end by bots, restored from the store after
// a restart, its record verified and its replay complete. Registering a game adds it here.
#include <sqlite3.h>

#include <filesystem>
#include <thread>

#include "server/fairness.hpp"
#include "server/record_check.hpp"
#include "server/records.hpp"
#include "tests/games/test_games.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

struct GamesDb {
    std::filesystem::path path;
    GamesDb() {
        std::random_device rd;
        path = std::filesystem::temp_directory_path() / ("hexhall-games-test-" + std::to_string(rd()) + ".db");
    }
    ~GamesDb() {
        std::error_code ec;
        for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext, ec);
    }
};

// A client's copy of one stream of any game: the payload sits under the game's name.
struct Follow {
    json view;
    uint64_t version = 0;
    void take(const json& m) {
        const std::string game = m.at("game").get<std::string>();
        if (m.at("type") == "snapshot") {
            view = m.at(game).at("view");
        } else {
            REQUIRE(m.at("type") == "patch");
            REQUIRE(m.at("from").get<uint64_t>() == version);
            view = view.patch(m.at("ops"));
        }
        version = m.at(m.at("type") == "snapshot" ? "version" : "to").get<uint64_t>();
        REQUIRE(m.at("digest") == hexhall::core::view_digest(view));
    }
};

// A stored game (issue 14): `create` (createRoom's members) makes a room of `game` on a fresh
// server at `o`; its host sits at seat 0 with bots in the other seats, starts it and the server stops
// mid-game (the host's seat has not acted: everything queued is stored). Returns {room, host token}.
std::pair<std::string, std::string> start_and_stop(const hexhall::server::ServerOptions& o, const json& create,
                                                   const std::string& game) {
    hexhall::server::Server s(o);
    const uint16_t port = s.start();
    WsClient host(port);
    const std::string token = host.hello("Host").at("session").get<std::string>();
    const std::string room = host.create(create).at("room").get<std::string>();
    REQUIRE(host.join(room, 0).at("type") == "joined");
    host.request({{"type", "listRooms"}});
    const json rooms = host.recv_type("rooms").at("rooms");
    REQUIRE(rooms.size() == 1);
    CHECK(rooms[0].at("game") == game);
    host.request({{"type", "start"}, {"room", room}});
    REQUIRE(host.recv_type("started").contains("commitment"));
    const json snap = host.recv_type("snapshot");
    CHECK(snap.at("game") == game);
    CHECK(snap.at(game).contains("legal"));
    s.stop();
    return {room, token};
}

// The server at `o` again: the stored room is listed with its game, a watcher follows it while the
// host comes back and leaves (the takeover bot plays on) to the end; its record verifies and its
// replay ends on the view the watcher saw.
void restart_and_play_out(const hexhall::server::ServerOptions& o, const std::string& room, const std::string& token,
                          const std::string& game) {
    hexhall::server::Server s(o);
    const uint16_t port = s.start();
    WsClient watcher(port);
    watcher.hello("Watcher");
    watcher.request({{"type", "listRooms"}});
    const json rooms = watcher.recv_type("rooms").at("rooms");
    REQUIRE(rooms.size() == 1);  // restored, with its game
    CHECK(rooms[0].at("room") == room);
    CHECK(rooms[0].at("game") == game);
    REQUIRE(watcher.join(room, nullptr).at("type") == "joined");
    Follow f;
    f.take(watcher.recv_type("snapshot"));
    {
        WsClient host(port);
        host.hello("Host", token);  // back in the room; leaving hands the seat to the takeover bot
        host.close();
    }
    for (int n = 0;; ++n) {
        REQUIRE(n < 100000);
        const json m = watcher.recv();
        if (m.at("type") == "seedReveal") {
            CHECK(m.at("room") == room);
            CHECK(m.at("record") == "/games/" + room + "/record");
            break;
        }
        if (m.at("type") == "snapshot" || m.at("type") == "patch") f.take(m);
    }
    // The finished room is listed with its result (scripts/test checks these messages against the schema).
    watcher.request({{"type", "listRooms"}});
    const json finished = watcher.recv_type("rooms").at("rooms");
    REQUIRE(finished.size() == 1);
    CHECK(finished[0].at("over") == true);
    REQUIRE(finished[0].contains("result"));
    int status = 0;
    const json record = json::parse(http_get(port, "/games/" + room + "/record", status));
    REQUIRE(status == 200);
    CHECK(record.at("game") == game);  // the record names the game it plays, so it verifies
    const hexhall::server::RecordCheck check = hexhall::server::check_record(record);
    INFO(check.error);
    CHECK(check.ok);
    REQUIRE(check.game);
    CHECK(check.game->over());
    CHECK(json::parse(*check.game->snapshot(hexhall::core::kSpectatorSeat)).at(game).at("view") == f.view);
    // The record carries every winner and every score (a shared win names all its winners).
    CHECK(record.at("result").at("winners") == json(check.game->outcome()->winners));
    CHECK(record.at("result").at("scores") == json(check.game->outcome()->scores));
    CHECK(finished[0].at("result") == record.at("result"));  // the lobby and the record agree
    const json replay = json::parse(http_get(port, "/games/" + room + "/replay", status));
    REQUIRE(status == 200);
    CHECK(replay.at("game") == game);
    CHECK(replay.at("complete") == true);
    Follow r;
    for (const json& m : replay.at("messages")) r.take(m);
    CHECK(r.view == f.view);
}

hexhall::server::ServerOptions stored_server(const GamesDb& db) {
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.db_path = db.path.string();
    return o;
}

}  // namespace

TEST_CASE("games: every registered game is created by name, listed, played to the end, restored after a restart, "
          "recorded and verified",
          "[server][games][finished][store]") {
    for (const hexhall::core::GameModule& module : registry_with_test_games().modules()) {
        SECTION(module.name) {
            for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
                Watchdog watchdog(240);
                const TestStoreDb db(kind);
                const hexhall::server::ServerOptions o = db.server_options();
                const auto [room, token] = start_and_stop(
                    o, {{"game", module.name}, {"botFill", module.bots.front()}, {"grace", 0}}, module.name);
                restart_and_play_out(o, room, token, module.name);
            }
        }
    }
}

TEST_CASE("games: createRoom names its game; an unknown game is refused clearly", "[server][games]") {
    Watchdog watchdog(60);
    registry_with_test_games();
    TestServer ts;
    WsClient c(ts.port);
    c.hello("Ann");
    c.request({{"type", "createRoom"}, {"game", "no-such-game"}});
    const json e = c.recv_type("error");
    CHECK(e.at("code") == "bad_option");  // as before games had names
    CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains("unknown \"game\""));
    CHECK_THAT(e.at("message").get<std::string>(), Catch::Contains("hilo"));
    c.request({{"type", "createRoom"}, {"game", 7}});
    CHECK(c.recv_error() == "bad_option");
    // Without "game" (clients from before games had names): the default game, the first registered.
    const std::string room = c.create().at("room").get<std::string>();
    c.request({{"type", "listRooms"}});
    CHECK(c.recv_type("rooms").at("rooms")[0].at("game") == hexhall::core::game_registry().default_game().name);
}

TEST_CASE("games: the lobby's own options of the other games: Carcassonne's edition, the Struggle's turn clock",
          "[server][games]") {
    Watchdog watchdog(60);
    TestServer ts;
    WsClient c(ts.port);
    c.hello("Ann");
    // What the lobby sends (web-client/src/games/<name>/meta.ts, test/create-room.test.ts).
    const std::string carcassonne = c.create({{"game", "carcassonne"}, {"players", 3}, {"preset", "third-edition"}}).at("room");
    const std::string struggle = c.create({{"game", "struggle"}, {"players", 3}, {"clock", "standard"}}).at("room");
    c.request({{"type", "listRooms"}});
    const json rooms = c.recv_type("rooms").at("rooms");
    REQUIRE(rooms.size() == 2);
    for (const json& r : rooms) {
        if (r.at("room") == carcassonne) {
            CHECK(r.at("options").at("preset") == "third-edition");
            CHECK(r.at("options").at("tinyCity") == 4);  // the 3rd edition's switches (CAR-9.1)
        } else {
            REQUIRE(r.at("room") == struggle);
            CHECK(r.at("clock") == "standard");
        }
    }
    // The Struggle's clock runs for the seat to move: its snapshot carries the deadline.
    REQUIRE(c.join(struggle, 0).at("type") == "joined");
    c.request({{"type", "addBot"}, {"room", struggle}, {"seat", 1}, {"bot", "random"}});
    c.recv_type("botAdded");
    c.request({{"type", "addBot"}, {"room", struggle}, {"seat", 2}, {"bot", "random"}});
    c.recv_type("botAdded");
    c.request({{"type", "start"}, {"room", struggle}});
    c.recv_type("started");
    const json snap = c.recv_type("snapshot");
    REQUIRE(snap.contains("clock"));
    CHECK(snap.at("clock").at("seat") == 0);
}

TEST_CASE("games: a room stored before games had names (no game in its row) restores as the default game and "
          "plays to the end", "[server][games]") {
    Watchdog watchdog(120);
    GamesDb db;
    const hexhall::server::ServerOptions o = stored_server(db);
    registry_with_test_games();
    const std::string default_game = hexhall::core::game_registry().default_game().name;
    const auto [room, token] = start_and_stop(o, {{"botFill", "heuristic"}, {"grace", 0}}, default_game);  // no "game"
    {
        // The row as a server from before the registry wrote it: no game named.
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open(db.path.string().c_str(), &raw) == SQLITE_OK);
        REQUIRE(sqlite3_exec(raw, "UPDATE rooms SET game = ''", nullptr, nullptr, nullptr) == SQLITE_OK);
        CHECK(sqlite3_changes(raw) == 1);
        sqlite3_close(raw);
    }
    restart_and_play_out(o, room, token, default_game);  // its record and replay name the default game
}

namespace {

// A finished game as the server stores it (server/room_store.cpp): the actions the game applied by
// itself at its start for no seat (-1), then every update with its actor.
hexhall::server::StoredRoom stored_room(const hexhall::core::GameModule& module, hexhall::core::Game& g, const json& options,
                                        const std::vector<hexhall::server::ActionRow>& actions) {
    hexhall::server::StoredRoom st;
    st.room.id = "00112233445566ff";
    st.room.game = module.name;
    st.room.options = options.dump();
    st.room.setup = g.setup();
    st.room.seed = g.seed();
    st.room.salt = "000102030405060708090a0b0c0d0e0f";
    st.room.commitment = hexhall::server::seed_commitment(std::to_string(g.seed()), st.room.salt);
    st.room.state = "finished";
    for (int p = 0; p < g.seats(); ++p) st.seats.push_back({p, "bot", "", module.takeover_bot, module.takeover_bot, 0});
    st.actions = actions;
    for (size_t i = 0; i < st.actions.size(); ++i) st.actions[i].seq = static_cast<int64_t>(i);
    return st;
}

}  // namespace

TEST_CASE("games: every stored record verifies, for every registered game in each of its forms and clock presets",
          "[server][games][records]") {
    using hexhall::server::ActionRow;
    for (const hexhall::core::GameModule& module : registry_with_test_games().modules()) {
        std::vector<json> variants = module.variants;
        if (variants.empty()) variants.push_back(json::object());
        for (const json& variant : variants)
            for (const std::string& clock : module.clocks) {
                json options = variant;
                options["clock"] = clock;
                DYNAMIC_SECTION(module.name << " " << options.dump()) {
                    json request = options;
                    request["seed"] = 17;
                    std::string error;
                    std::unique_ptr<hexhall::core::Game> g = module.create(request, error);
                    INFO(error);
                    REQUIRE(g);
                    for (int p = 0; p < g->seats(); ++p) REQUIRE(g->set_bot(p, module.takeover_bot, 100 + static_cast<uint64_t>(p)));
                    int64_t now = 1'800'000'000'000;
                    g->begin(now, 1.0);
                    std::vector<ActionRow> actions;
                    for (const auto& a : g->take_begin_records()) actions.push_back({0, hexhall::core::kSpectatorSeat, a.record, a.game_ms});
                    while (!g->over()) {
                        REQUIRE(actions.size() < 20000);
                        std::optional<hexhall::core::GameUpdate> u = g->bot_step();
                        if (!u) {  // waiting for a clock (a map-study period): let it run out
                            const std::optional<int64_t> d = g->next_deadline_ms();
                            REQUIRE(d);
                            now = std::max(now, *d);
                            u = g->on_clock(now);
                        }
                        REQUIRE(u);
                        actions.push_back({0, u->actor, u->record, u->game_ms});
                    }
                    const json record = hexhall::server::record_json(stored_room(module, *g, options, actions));
                    CHECK(record.at("result").at("winners") == json(g->outcome()->winners));
                    CHECK(record.at("result").at("scores") == json(g->outcome()->scores));
                    const hexhall::server::RecordCheck check = hexhall::server::check_record(record);
                    INFO(check.error);
                    CHECK(check.ok);
                    CHECK(check.actions == actions.size());
                }
            }
    }
}

TEST_CASE("games: a shared win is recorded with every winner and verified", "[server][games][records]") {
    registry_with_test_games();
    const hexhall::core::GameModule* module = hexhall::core::game_registry().find("tictactoe");
    REQUIRE(module);
    std::string error;
    std::unique_ptr<hexhall::core::Game> g = module->create({{"seed", 1}}, error);
    REQUIRE(g);
    // A drawn game (TTT-4): X O X / X O O / O X X.
    std::vector<hexhall::server::ActionRow> actions;
    int seat = 0;
    for (int cell : {0, 1, 2, 4, 3, 5, 7, 6, 8}) {
        const std::string line = hexhall::core::rules_record_line(seat, {{"type", "mark"}, {"cell", cell}});
        REQUIRE(g->apply_record(line, error));
        actions.push_back({0, seat, line, 0});
        seat = 1 - seat;
    }
    REQUIRE(g->over());
    const json record = hexhall::server::record_json(stored_room(*module, *g, json::object(), actions));
    CHECK(record.at("result") == json{{"winners", {0, 1}}, {"scores", {0, 0}}});
    CHECK(hexhall::server::check_record(record).ok);
    json one = record;  // naming only the first winner is caught
    one["result"]["winners"] = {0};
    CHECK_THAT(hexhall::server::check_record(one).error, Catch::Contains("winners are seats 0, 1"));
}

// Bots think off the room's strand (docs/decisions/022-bots-on-the-work-pool.md): a step split into
// prepare (strand), think (any thread) and apply (strand) plays the very game bot_step() plays, and
// a thought whose game moved meanwhile is dropped.
TEST_CASE("games: a bot's step thought apart (prepare, think, apply) plays the same game as bot_step; a stale "
          "thought is dropped",
          "[server][games][botshare]") {
    for (const hexhall::core::GameModule& module : registry_with_test_games().modules()) {
        DYNAMIC_SECTION(module.name) {
            json request = json::object();
            request["seed"] = 23;
            std::string error;
            std::unique_ptr<hexhall::core::Game> a = module.create(request, error), b = module.create(request, error);
            INFO(error);
            REQUIRE(a);
            REQUIRE(b);
            for (int p = 0; p < a->seats(); ++p) {
                REQUIRE(a->set_bot(p, module.takeover_bot, 300 + static_cast<uint64_t>(p)));
                REQUIRE(b->set_bot(p, module.takeover_bot, 300 + static_cast<uint64_t>(p)));
            }
            int64_t now = 1'800'000'000'000;
            a->begin(now, 1.0);
            b->begin(now, 1.0);
            int steps = 0, stale = 0;
            while (!a->over() && steps < 300) {
                std::optional<hexhall::core::GameUpdate> ua = a->bot_step();
                std::optional<hexhall::core::GameUpdate> ub;
                if (auto t = b->bot_prepare()) {
                    // A second thought prepared from the same position goes stale once the first is applied.
                    auto late = steps % 7 == 0 ? b->bot_prepare() : nullptr;
                    std::thread([&] { t->think(); }).join();  // on another thread, as on the bot pool
                    ub = b->bot_apply(*t);
                    CHECK_FALSE(t->stale);
                    if (late && ub) {  // (not thought: its bot's choices stay those of game a)
                        CHECK_FALSE(b->bot_apply(*late));
                        CHECK(late->stale);
                        ++stale;
                    }
                }
                if (!ua) {  // waiting for a clock (a map-study period): let it run out in both
                    REQUIRE_FALSE(ub);
                    const std::optional<int64_t> d = a->next_deadline_ms();
                    REQUIRE(d);
                    now = std::max(now, *d);
                    ua = a->on_clock(now);
                    ub = b->on_clock(now);
                }
                REQUIRE(ua);
                REQUIRE(ub);
                CHECK(ua->record == ub->record);
                CHECK(ua->actor == ub->actor);
                ++steps;
            }
            CHECK(steps > 0);
            CHECK(stale > 0);
            // A thought whose bot was replaced meanwhile (the player came back, another bot sat) is dropped.
            if (!a->over())
                if (auto t = b->bot_prepare()) {
                    for (int p = 0; p < b->seats(); ++p) {
                        b->clear_bot(p);
                        REQUIRE(b->set_bot(p, module.takeover_bot, 900 + static_cast<uint64_t>(p)));
                    }
                    t->think();
                    CHECK_FALSE(b->bot_apply(*t));
                    CHECK(t->stale);
                }
        }
    }
}
