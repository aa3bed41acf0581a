// A referee's pause (Game::pause_clock / resume_clock, issue 27) in every registered game that has a
// clock and in the test games (tests/games/): pausing freezes every awaited seat's deadline (each
// viewer's clock shows "paused" and the time it had left, standing still), no timeout fires however
// long the pause lasts, and resuming gives every seat back exactly the time it had left.
#include <catch2/catch.hpp>

#include "core/envelope.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::Game;
using hexhall::core::GameModule;
using hexhall::core::json;
using hexhall::core::kSpectatorSeat;

// The games' wall clock (Game::set_wall_clock): the test's time, moved by hand.
constexpr int64_t kStart = 1'700'000'000'000;
int64_t test_now = kStart;
int64_t test_wall_clock() { return test_now; }

constexpr int64_t kLongPause = 10LL * 24 * 3600 * 1000;  // ten days: far past any time limit

// Every viewer's clock (seats, then the spectator at index seats()): null when it shows none.
std::vector<json> clocks(Game& g) {
    std::vector<json> out;
    for (int p = 0; p <= g.seats(); ++p) {
        const json s = json::parse(*g.snapshot(p < g.seats() ? p : kSpectatorSeat));
        out.push_back(s.value("clock", json()));
    }
    return out;
}

}  // namespace

TEST_CASE("conformance: a referee's pause freezes every awaited seat's time, no timeout fires while paused, and "
          "resume gives every seat back the time it had left (every game with a clock)",
          "[conformance][clock][pause]") {
    int subjects = 0;
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules()) {
        for (const std::string& clock : m.clocks) {
            if (clock == "none") continue;
            ++subjects;
            SECTION(m.name + " " + clock) {
                std::string error;
                std::unique_ptr<Game> g = m.create({{"game", m.name}, {"seed", 11}, {"clock", clock}}, error);
                INFO(error);
                REQUIRE(g);
                g->set_wall_clock(&test_wall_clock);
                test_now = kStart;
                CHECK_FALSE(g->pause_clock(test_now));  // not begun: no clock runs yet
                g->begin(test_now, 1.0);
                const std::optional<int64_t> next = g->next_deadline_ms();
                REQUIRE(next);  // every clock preset times the first decision
                const std::vector<json> before = clocks(*g);
                for (const json& c : before) {
                    REQUIRE(c.is_object());
                    CHECK_FALSE(c.contains("paused"));
                }

                // Paused a second in: every viewer's clock stands at the time its deadline had left.
                const int64_t paused_at = kStart + 1000;
                test_now = paused_at;
                REQUIRE(*next > paused_at);
                REQUIRE(g->pause_clock(paused_at));
                CHECK(g->clock_paused());
                CHECK_FALSE(g->pause_clock(paused_at + 5));  // already paused
                CHECK_FALSE(g->next_deadline_ms());          // nothing for the room to wake up for
                const std::vector<json> paused = clocks(*g);
                for (size_t i = 0; i < paused.size(); ++i) {
                    INFO("viewer " << i << ": " << paused[i].dump());
                    REQUIRE(paused[i].is_object());
                    CHECK(paused[i].at("paused") == true);
                    CHECK(paused[i].at("seat") == before[i].at("seat"));
                    CHECK(paused[i].at("leftMs").get<int64_t>() == before[i].at("deadline").get<int64_t>() - paused_at);
                }

                // Far past every deadline: no timeout fires, and the time left does not move.
                test_now = paused_at + kLongPause;
                CHECK_FALSE(g->on_clock(test_now));
                CHECK(clocks(*g) == paused);
                CHECK_FALSE(g->over());

                // Resume: every deadline moved by the pause, each seat has exactly the time it had left.
                const int64_t resumed_at = test_now;
                REQUIRE(g->resume_clock(resumed_at));
                CHECK_FALSE(g->clock_paused());
                CHECK_FALSE(g->resume_clock(resumed_at + 5));  // not paused
                REQUIRE(g->next_deadline_ms());
                CHECK(*g->next_deadline_ms() == *next + kLongPause);
                const std::vector<json> after = clocks(*g);
                for (size_t i = 0; i < after.size(); ++i) {
                    INFO("viewer " << i << ": " << after[i].dump());
                    REQUIRE(after[i].is_object());
                    CHECK_FALSE(after[i].contains("paused"));
                    CHECK(after[i].at("seat") == before[i].at("seat"));
                    CHECK(after[i].at("deadline").get<int64_t>() - resumed_at == paused[i].at("leftMs").get<int64_t>());
                }
                // The clock runs again: not before the moved deadline, at it the timeout fires.
                CHECK_FALSE(g->on_clock(*g->next_deadline_ms() - 1));
                test_now = *g->next_deadline_ms();
                CHECK(g->on_clock(test_now));
            }
        }
    }
    CHECK(subjects >= 6);  // Catan's presets, Carcassonne's, the Struggle's and the test games'
}

TEST_CASE("conformance: a game without a running clock refuses a referee's pause", "[conformance][clock][pause]") {
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules()) {
        SECTION(m.name) {
            std::string error;
            std::unique_ptr<Game> g = m.create({{"game", m.name}, {"seed", 11}, {"clock", "none"}}, error);
            INFO(error);
            REQUIRE(g);
            g->set_wall_clock(&test_wall_clock);
            test_now = kStart;
            g->begin(test_now, 1.0);
            CHECK_FALSE(g->next_deadline_ms());
            CHECK_FALSE(g->pause_clock(test_now));
            CHECK_FALSE(g->clock_paused());
            CHECK_FALSE(g->resume_clock(test_now));
        }
    }
}

TEST_CASE("conformance: a decision taken while the clocks are paused starts the next wait at the paused game time (every "
          "game written as rules)",
          "[conformance][clock][pause][rules_game]") {
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules()) {
        if (!m.rules) continue;
        SECTION(m.name) {
            std::string error;
            std::unique_ptr<Game> g = m.create({{"game", m.name}, {"seed", 12}, {"clock", "fast"}}, error);
            INFO(error);
            REQUIRE(g);
            g->set_wall_clock(&test_wall_clock);
            test_now = kStart;
            g->begin(test_now, 1.0);
            REQUIRE(g->pause_clock(kStart + 1000));
            // Ten days later, still paused, the first awaited seat acts.
            test_now = kStart + 1000 + kLongPause;
            const int seat = json::parse(*g->snapshot(kSpectatorSeat)).at("clock").at("seat").get<int>();
            const json legal = json::parse(*g->snapshot(seat)).at(m.name).at("legal");
            REQUIRE(!legal.empty());
            hexhall::core::GameMessage act;
            act.kind = hexhall::core::GameMessage::Kind::Action;
            act.id = 1;
            act.payload = legal.at(0);
            REQUIRE(g->handle(seat, act).update);
            CHECK(g->clock_paused());
            CHECK_FALSE(g->next_deadline_ms());
            if (g->over()) continue;
            REQUIRE(g->resume_clock(test_now));
            // Every wait counts from the paused game time: a new one has its full 45 s from the resume,
            // one that began at the start the 44 s it had left; none lost or gained the ten days.
            for (const json& c : clocks(*g)) {
                INFO(c.dump());
                REQUIRE(c.is_object());
                const int64_t left = c.at("deadline").get<int64_t>() - test_now;
                CHECK((left == 45'000 || left == 44'000));
            }
        }
    }
}
