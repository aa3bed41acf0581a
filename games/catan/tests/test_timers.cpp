#include <catch2/catch.hpp>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/timers.hpp"

using namespace hexhall::catan;

namespace {
GameState hk_game() {
    GameOptions o;
    o.ruleset = Ruleset::HK2024;
    o.map = MapKind::Explicit;
    o.board = starter_board();
    GameState s;
    REQUIRE(new_game(o, 7, s));
    return s;
}
TimerSettings hk() {
    TimerSettings t;
    t.hk2024 = true;
    return t;
}
}  // namespace

TEST_CASE("HK-2.1 the map-study period lasts 3 minutes from the start of the game", "[HK-2.1]") {
    GameState s = hk_game();
    REQUIRE(s.phase == Phase::MapStudy);
    auto d = deadline_for(s, hk(), 0, 0);
    REQUIRE(d);
    CHECK(d->at == 180'000);
    TimerSettings casual;
    CHECK_FALSE(deadline_for(s, casual, 0, 0));
}

TEST_CASE("HK-2.2 each setup placement has 120 s with a warning at 30 s left", "[HK-2.2]") {
    GameState s = hk_game();
    Action b;
    b.type = ActionType::BeginPlacement;
    REQUIRE(apply(s, b));
    const int64_t start = 180'000;
    auto d = deadline_for(s, hk(), s.active, start);
    REQUIRE(d);
    CHECK(d->at == start + 120'000);
    REQUIRE(d->warn_at);
    CHECK(*d->warn_at == start + 90'000);
    // Only the placing player has a clock.
    CHECK_FALSE(deadline_for(s, hk(), (s.active + 1) % 4, start));
}

TEST_CASE("HK-2.3 no turn limit during the first 60 minutes", "[HK-2.3]") {
    // A turn that starts at minute 10 may run until the 60-minute mark plus one timed turn.
    CHECK(*hk_turn_deadline(10 * 60'000) == 60 * 60'000 + 75'000);
    CHECK(*hk_turn_deadline(0) == 60 * 60'000 + 75'000);
    // The limit binds only from the 60-minute mark on: a turn there gets exactly 75 s.
    CHECK(*hk_turn_deadline(60 * 60'000) - 60 * 60'000 == 75'000);
}

TEST_CASE("HK-2.4 timed mode gives each turn 75 s, counted from the mark for a running turn", "[HK-2.4]") {
    CHECK(*hk_turn_deadline(70 * 60'000) == 70 * 60'000 + 75'000);
    CHECK(*hk_turn_deadline(59 * 60'000 + 50'000) == 60 * 60'000 + 75'000);
    Position pos;
    pos.options.ruleset = Ruleset::HK2024;
    pos.options.map = MapKind::Explicit;
    pos.options.board = starter_board();
    pos.active = 2;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    auto d = deadline_for(s, hk(), 2, 65 * 60'000);
    REQUIRE(d);
    CHECK(d->at == 65 * 60'000 + 75'000);
    CHECK_FALSE(deadline_for(s, hk(), 1, 65 * 60'000));  // only the active player's turn is timed
}

TEST_CASE("HK-2.8 the active clock stops during discards; each discarder has 30 s", "[HK-2.8]") {
    Position pos;
    pos.options.ruleset = Ruleset::HK2024;
    pos.options.map = MapKind::Explicit;
    pos.options.board = starter_board();
    pos.active = 0;
    pos.phase = Phase::Main;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    CHECK(turn_clock_runs(s));
    s.phase = Phase::Discard;
    s.players[1].discard_owed = 4;
    CHECK_FALSE(turn_clock_runs(s));
    auto d = deadline_for(s, hk(), 1, 70 * 60'000);
    REQUIRE(d);
    CHECK(d->at == 70 * 60'000 + 30'000);
    CHECK_FALSE(deadline_for(s, hk(), 0, 70 * 60'000));  // the active player's clock is paused
    // Time spent paused is added back to the turn.
    s.phase = Phase::Main;
    s.players[1].discard_owed = 0;
    CHECK(deadline_for(s, hk(), 0, 70 * 60'000, 12'000)->at == 70 * 60'000 + 75'000 + 12'000);
}

TEST_CASE("CAT-17.1 an optional per-turn limit applies to the active player", "[CAT-17.1]") {
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.active = 1;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    TimerSettings t;
    CHECK_FALSE(deadline_for(s, t, 1, 0));
    t.turn_limit_ms = 180'000;
    auto d = deadline_for(s, t, 1, 5'000);
    REQUIRE(d);
    CHECK(d->at == 185'000);
}
