// History on join and return (issue 18; docs/protocol.md, "history"): whoever joins a running game
// or returns to their seat gets the recent events as that viewer saw them — a seat its own private
// events, a spectator only the public ones — so a reload or a return after a bot played shows what
// happened.
#include <filesystem>
#include <map>

#include "tests/games/test_games.hpp"
#include "tests/server/store_backends.hpp"
#include "tests/server/ws_client.hpp"

using namespace hexhall::test;

namespace {

std::unique_ptr<WsClient> connect_as(const TestServer& s, const std::string& name, const std::string& token = "") {
    auto c = std::make_unique<WsClient>(s.port);
    c->hello(name, token);
    return c;
}

// Reads until the `history` message (after joined, room pushes and the snapshot); returns it and
// the snapshot's version.
json read_history(WsClient& c, uint64_t& snapshot_version) {
    c.skip_history = false;
    for (;;) {
        json m = c.recv();
        if (m.at("type") == "snapshot") snapshot_version = m.at("version").get<uint64_t>();
        if (m.at("type") == "history") return m;
        REQUIRE((m.at("type") == "joined" || m.at("type") == "snapshot" || m.at("type") == "patch"));
    }
}

// A spectator never learns a stolen card or a bought development card (CAT-11, CAT-13 privacy).
bool has_private(const json& events) {
    for (const json& e : events) {
        const std::string type = e.value("type", "");
        if ((type == "stole" && e.contains("resource")) || (type == "devCardBought" && e.contains("card"))) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("history: a returning seat and a late spectator get the recent events as they saw them (issue 18)", "[server][history]") {
    Watchdog wd(120);
    TestServer s;
    Player ann;
    ann.seat = 0;
    ann.c = connect_as(s, "Ann");
    const std::string room = ann.c->create({{"players", 3}, {"botFill", "heuristic"}, {"seed", 11}}).at("room");
    REQUIRE(ann.c->join(room, 0).at("type") == "joined");
    auto cy = connect_as(s, "Cy");  // watches from the start
    REQUIRE(cy->join(room, nullptr).at("type") == "joined");
    ann.c->request({{"type", "start"}, {"room", room}});
    ann.c->recv_type("started");
    ann.take_snapshot(ann.c->recv_type("snapshot"));

    std::map<uint64_t, json> ann_live;
    std::mt19937_64 rng(3);
    play_until(ann, rng, [&] { return ann.version >= 140; }, 20000,
               [&](const json& p) { ann_live[p.at("to").get<uint64_t>()] = p.at("catan").at("events"); });

    // Ann reloads: a new connection with her session token returns her to seat 0.
    const std::string token = ann.c->token;
    ann.c->close();
    auto ann2 = connect_as(s, "Ann", token);
    uint64_t v = 0;
    json h = read_history(*ann2, v);
    CHECK(h.at("room") == room);
    CHECK(h.at("game") == "catan");
    CHECK(h.at("seat") == 0);
    CHECK(v >= ann.version);
    // Bots may have moved on while she was away: her live record runs to the version she saw.
    size_t with_events = 0;
    for (const auto& [to, e] : ann_live) with_events += !e.empty();
    const json& entries = h.at("entries");
    CHECK(entries.size() <= 100);  // the newest 100
    CHECK(entries.size() >= std::min<size_t>(100, with_events));
    for (const json& e : entries) {
        const uint64_t to = e.at("to").get<uint64_t>();
        CHECK(to <= v);
        if (to <= ann.version) CHECK(e.at("events") == ann_live.at(to));
    }
    CHECK(entries.back().at("to").get<uint64_t>() > ann.version - 5);

    // Cy's live stream; then Dee arrives as a spectator and gets exactly Cy's recent events.
    Player cyp;
    cyp.c = std::move(cy);
    std::map<uint64_t, json> cy_live;
    for (json m = cyp.c->recv(); ; m = cyp.c->recv()) {
        if (m.at("type") == "snapshot") { cyp.take_snapshot(m); continue; }
        if (m.at("type") != "patch") continue;
        cyp.take_patch(m);
        cy_live[cyp.version] = m.at("catan").at("events");
        if (cyp.version >= v) break;
    }
    auto dee = connect_as(s, "Dee");
    REQUIRE(dee->join(room, nullptr).at("type") == "joined");
    uint64_t dv = 0;
    json dh = read_history(*dee, dv);
    CHECK(dh.at("seat").is_null());
    // Cy has read up to v; Dee's snapshot may be later (the bots go on while Ann is connected):
    // compare the entries both have.
    size_t compared = 0, private_to_ann = 0;
    for (const json& e : dh.at("entries")) {
        CHECK_FALSE(has_private(e.at("events")));
        const uint64_t to = e.at("to").get<uint64_t>();
        if (cy_live.count(to)) {
            CHECK(e.at("events") == cy_live.at(to));
            ++compared;
        }
        if (ann_live.count(to) && ann_live.at(to) != e.at("events")) ++private_to_ann;
    }
    CHECK(compared > 50);
    // Ann's history had her own private events where the spectators' had the public form (or none):
    // what differs is only what the live streams already differed in.
    for (const json& e : entries)
        if (has_private(e.at("events"))) {
            const uint64_t to = e.at("to").get<uint64_t>();
            if (cy_live.count(to)) CHECK(cy_live.at(to) != e.at("events"));
        }
    INFO("entries where Ann saw more than the spectators: " << private_to_ann);
    SUCCEED();
}

TEST_CASE("history: none before the game starts, and a room of another game sends its own events (issue 18)", "[server][history]") {
    Watchdog wd(60);
    TestServer s;
    auto a = connect_as(s, "Ann");
    const std::string room = a->create({{"game", "carcassonne"}, {"players", 2}, {"botFill", "heuristic"}, {"seed", 4}}).at("room");
    REQUIRE(a->join(room, 0).at("type") == "joined");
    auto b = connect_as(s, "Bob");
    REQUIRE(b->join(room, nullptr).at("type") == "joined");
    a->request({{"type", "start"}, {"room", room}});
    a->recv_type("started");
    json snap = a->recv_type("snapshot");
    // Ann places her first tile (the first legal placement, no follower), the bot answers.
    std::map<uint64_t, json> live;
    uint64_t version = snap.at("version").get<uint64_t>();
    json legal = snap.at("carcassonne").at("legal");
    for (int moves = 0; moves < 6;) {
        if (!legal.empty()) {
            json act = legal[0];
            for (const json& l : legal) if (l.at("type") == "pass") act = l;
            a->request({{"type", "action"}, {"game", "carcassonne"}, {"carcassonne", act}});
            legal = json::array();
            ++moves;
        }
        json m = a->recv();
        if (m.at("type") == "ack" || m.at("type") == "error") continue;
        REQUIRE(m.at("type") == "patch");
        version = m.at("to").get<uint64_t>();
        live[version] = m.at("carcassonne").at("events");
        legal = m.at("carcassonne").value("legal", json::array());
    }
    const std::string token = a->token;
    a->close();
    auto a2 = connect_as(s, "Ann", token);
    uint64_t v = 0;
    json h = read_history(*a2, v);
    CHECK(h.at("game") == "carcassonne");
    REQUIRE_FALSE(h.at("entries").empty());
    for (const json& e : h.at("entries")) {
        const uint64_t to = e.at("to").get<uint64_t>();
        CHECK_FALSE(e.at("events").empty());
        if (live.count(to)) CHECK(e.at("events") == live.at(to));
    }
    // A room that has not started sends no history.
    auto c = connect_as(s, "Cy");
    const std::string waiting = c->create({{"players", 3}}).at("room");
    REQUIRE(c->join(waiting, 0).at("type") == "joined");
    auto d = connect_as(s, "Dee");
    d->skip_history = false;
    REQUIRE(d->join(waiting, nullptr).at("type") == "joined");
    d->request({{"type", "listRooms"}});
    CHECK(d->recv_type("rooms").contains("rooms"));  // nothing (no history) came before the answer
}

TEST_CASE("history: a restart keeps it, for every registered game (issue 18)", "[server][history][restart][store]") {
    for (const hexhall::core::GameModule& module : registry_with_test_games().modules()) {
        SECTION(module.name) {
          for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) {
            Watchdog watchdog(240);
            const TestStoreDb db(kind);
            const hexhall::server::ServerOptions o = db.server_options();
            std::string room;
            std::map<uint64_t, json> live;  // the spectator's events per version, as they came
            uint64_t last = 0;
            bool ended = false;  // a short game may end first: nothing is restored then
            {
                hexhall::server::Server s(o);
                const uint16_t port = s.start();
                WsClient host(port);
                const std::string token = host.hello("Host").at("session").get<std::string>();
                room = host.create({{"game", module.name}, {"botFill", module.bots.front()}, {"grace", 0}}).at("room");
                REQUIRE(host.join(room, 0).at("type") == "joined");
                WsClient watcher(port);
                watcher.hello("Watcher");
                REQUIRE(watcher.join(room, nullptr).at("type") == "joined");
                host.request({{"type", "start"}, {"room", room}});
                host.recv_type("started");
                host.close();  // the takeover bot plays the host's seat: bots only from here
                for (int n = 0; live.size() < 12; ++n) {
                    REQUIRE(n < 100000);
                    const json m = watcher.recv();
                    if (m.at("type") == "seedReveal") { ended = true; break; }
                    if (m.at("type") != "patch") continue;
                    last = m.at("to").get<uint64_t>();
                    const json& events = m.at(module.name).at("events");
                    if (!events.empty()) live[last] = events;
                }
                s.stop();  // everything acknowledged is stored
            }
            if (ended) {
                WARN(module.name << " ended before the restart: its history is not restored");
                return;
            }
            hexhall::server::Server s(o);
            const uint16_t port = s.start();
            WsClient dee(port);
            dee.hello("Dee");
            dee.skip_history = false;
            REQUIRE(dee.join(room, nullptr).at("type") == "joined");
            json h;
            for (int n = 0; n < 100000; ++n) {
                const json m = dee.recv();
                if (m.at("type") == "history") { h = m; break; }
            }
            REQUIRE(h.is_object());
            // The entries from before the restart are the ones the spectator saw live, in order, up
            // to the last stored version (later ones are the bots' moves since the restart).
            std::vector<uint64_t> restored;
            for (const json& e : h.at("entries")) {
                const uint64_t to = e.at("to").get<uint64_t>();
                if (to > last) continue;
                restored.push_back(to);
                REQUIRE(live.count(to));
                CHECK(e.at("events") == live.at(to));
            }
            const size_t after = h.at("entries").size() - restored.size();
            INFO(module.name << ": " << restored.size() << " entries from before the restart, " << after << " since");
            if (after < hexhall::core::kEventHistory) {
                REQUIRE_FALSE(restored.empty());
                CHECK(restored.back() == live.rbegin()->first);
                CHECK(restored.size() == std::min(live.size(), hexhall::core::kEventHistory - after));
            }
          }
        }
    }
}
