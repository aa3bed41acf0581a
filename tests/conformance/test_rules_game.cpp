// The adapter from pure rules to a room's Game (core/rules_game.hpp), over every registered module
// written as rules: the envelope's replies (ack, illegal_action with the rule, spectators), events
// filtered by visibility, the turn clock whose timeout the takeover bot decides (recorded like any
// action), and record lines.
#include <chrono>

#include <catch2/catch.hpp>

#include "core/envelope.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::Game;
using hexhall::core::GameMessage;
using hexhall::core::GameModule;
using hexhall::core::json;

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<const GameModule*> rules_modules() {
    std::vector<const GameModule*> out;
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules())
        if (m.rules) out.push_back(&m);
    return out;
}

GameMessage action(int64_t id, json payload) {
    GameMessage m;
    m.kind = GameMessage::Kind::Action;
    m.id = id;
    m.payload = std::move(payload);
    return m;
}

}  // namespace

TEST_CASE("rules game: acks, refusals with their rule, spectators, events by visibility", "[conformance][rules_game]") {
    for (const GameModule* m : rules_modules()) {
        SECTION(m->name) {
            std::string error;
            std::unique_ptr<Game> g = m->create({{"seed", 3}}, error);
            REQUIRE(g);
            g->begin(now_ms(), 1.0);
            const json snap = json::parse(*g->snapshot(0, 5));
            CHECK(snap.at("id") == 5);
            const std::vector<int> waiting = m->rules->create(g->options(), 3, error)->awaiting();
            REQUIRE_FALSE(waiting.empty());
            const int seat = waiting.front();
            const int other = (seat + 1) % g->seats();
            const json legal = json::parse(*g->snapshot(seat)).at(m->name).at("legal");
            REQUIRE(legal.is_array());
            REQUIRE_FALSE(legal.empty());

            // A spectator may not act; another seat's turn is refused with the rule; nothing changes.
            json r = json::parse(*g->handle(hexhall::core::kSpectatorSeat, action(1, legal[0])).reply);
            CHECK(r.at("code") == "spectator");
            const auto refused = g->handle(other, action(2, legal[0]));
            CHECK_FALSE(refused.update);
            r = json::parse(*refused.reply);
            CHECK(r.at("code") == "illegal_action");
            CHECK_FALSE(r.at("rule").get<std::string>().empty());
            CHECK(r.at("id") == 2);
            r = json::parse(*g->handle(seat, action(3, json{{"type", 7}})).reply);
            CHECK(r.at("code") == "bad_action");

            // The legal action is acknowledged with the new version; every stream gets a patch.
            const auto ok = g->handle(seat, action(4, legal[0]));
            r = json::parse(*ok.reply);
            CHECK(r.at("type") == "ack");
            CHECK(r.at("id") == 4);
            CHECK(r.at("version") == 1);
            REQUIRE(ok.update);
            CHECK(ok.update->actor == seat);
            CHECK(ok.update->record == hexhall::core::rules_record_line(seat, legal[0]));
            int seat_out = -1;
            json parsed;
            REQUIRE(hexhall::core::parse_rules_record_line(ok.update->record, seat_out, parsed));
            CHECK(seat_out == seat);
            CHECK(parsed == legal[0]);
            for (int p = -1; p < g->seats(); ++p) {
                const json patch = json::parse(p < 0 ? *ok.update->spectators : *ok.update->seats[static_cast<size_t>(p)]);
                CHECK(patch.at("from") == 0);
                CHECK(patch.at("to") == 1);
                CHECK(patch.at(m->name).contains("legal") == (p >= 0));
            }
            // A resync is a snapshot echoing the id.
            r = json::parse(*g->handle(seat, GameMessage{GameMessage::Kind::Resync, 9, {}}).reply);
            CHECK(r.at("type") == "snapshot");
            CHECK(r.at("id") == 9);
            CHECK(r.at("version") == 1);
        }
    }
}

TEST_CASE("rules game: a decision whose time runs out is taken by the takeover bot and recorded", "[conformance][rules_game]") {
    for (const GameModule* m : rules_modules()) {
        SECTION(m->name) {
            std::string error;
            CHECK_FALSE(m->create({{"clock", "sometimes"}}, error));
            CHECK_THAT(error, Catch::Contains("clock"));
            std::unique_ptr<Game> g = m->create({{"seed", 4}, {"clock", "fast"}}, error);
            REQUIRE(g);
            CHECK(g->clock() == "fast");
            CHECK_FALSE(g->next_deadline_ms());  // not begun
            const int64_t t0 = now_ms();
            g->begin(t0, 0.001);  // 45 s of game time = 45 ms of wall time
            const auto deadline = g->next_deadline_ms();
            REQUIRE(deadline);
            CHECK(*deadline == t0 + 45);
            CHECK_FALSE(g->on_clock(t0 + 10));  // not yet
            const json snap = json::parse(*g->snapshot(hexhall::core::kSpectatorSeat));
            CHECK(snap.at("clock").at("deadline") == t0 + 45);
            const auto u = g->on_clock(t0 + 50);
            REQUIRE(u);
            CHECK(u->actor >= 0);
            CHECK_FALSE(u->record.empty());
            // The clock restarts for the next decision; a restored game replays the timeout's record.
            REQUIRE(g->next_deadline_ms());
            std::unique_ptr<Game> again = m->recreate({{"clock", "fast"}}, g->setup(), g->seed(), error);
            REQUIRE(again);
            REQUIRE(again->restore({{u->record, u->game_ms}}, error));
            for (int p = -1; p < g->seats(); ++p) {
                json a = json::parse(*again->snapshot(p)), b = json::parse(*g->snapshot(p));
                CHECK(a.at(m->name) == b.at(m->name));
                CHECK(a.at("digest") == b.at("digest"));
            }
        }
    }
}
