#include <catch2/catch.hpp>

#include "tournament/referee.hpp"
#include "tournament/tests/helpers.hpp"

using namespace hexhall::tournament;
using namespace hexhall::tournament::test;
using Kind = RefereeActionKind;

namespace {

Tournament running() {
    Tournament t = make_tournament(8, 2);
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    return t;
}

}  // namespace

TEST_CASE("HK-10.6 two warnings in one match disqualify; one in each of two matches do not",
          "[HK-10.6][referee]") {
    Tournament t = running();
    REQUIRE_FALSE(record_referee_action(t, {"Ann", 10, 1, 1, Kind::Warning, "e1", "HK-10.3", "phone at the table"}));
    CHECK(warnings_at(t, 1, 1, "e1") == 1);
    CHECK_FALSE(is_disqualified(t, "e1"));
    REQUIRE_FALSE(record_referee_action(t, {"Ben", 20, 1, 1, Kind::Warning, "e1", "HK-10.4", "insulted a player"}));
    CHECK(is_disqualified(t, "e1"));
    const auto dq = disqualifications(t);
    REQUIRE(dq.size() == 1);
    CHECK(dq[0].entrant == "e1");
    CHECK(dq[0].round == 1);
    CHECK(dq[0].table == 1);
    CHECK(dq[0].at_ms == 20);
    CHECK(dq[0].referee == "Ben");  // who made the deciding call
    CHECK(check_referee_action(t, {"Ann", 30, 1, 1, Kind::Warning, "e1", "HK-10.2", ""}) ==
          "entrant 'e1' is already disqualified (HK-10.6)");
    // Warnings in two different matches (rounds) do not add up.
    Tournament u = running();
    REQUIRE_FALSE(record_referee_action(u, {"Ann", 10, 1, 2, Kind::Warning, "e5", "HK-10.2", "hid notes"}));
    u.rounds[0].status = RoundStatus::Finished;
    add_round(u, {{"e5", "e1", "e2", "e3"}, {"e4", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_referee_action(u, {"Ann", 20, 2, 1, Kind::Warning, "e5", "HK-10.2", "hid notes again"}));
    CHECK(warnings_at(u, 2, 1, "e5") == 1);
    CHECK_FALSE(is_disqualified(u, "e5"));
}

TEST_CASE("HK-6.5 a correction is a recorded warning: with one more warning it disqualifies",
          "[HK-6.5][HK-10.6][referee]") {
    Tournament t = running();
    REQUIRE_FALSE(record_referee_action(t, {"Ann", 10, 1, 2, Kind::Correction, "e6", "",
                                            "removed the settlement at 12 built next to e7's"}));
    CHECK(t.referee_log.back().rule == "HK-6.5");
    CHECK(warnings_at(t, 1, 2, "e6") == 1);
    CHECK(check_referee_action(t, {"Ann", 11, 1, 2, Kind::Correction, "e6", "HK-10.3", "x"}) ==
          "a correction is the HK-6.5 procedure, not 'HK-10.3'");
    CHECK(check_referee_action(t, {"Ann", 11, 1, 2, Kind::Correction, "e6", "HK-6.5", ""}) ==
          "a correction says what was removed (HK-6.5)");
    REQUIRE_FALSE(record_referee_action(t, {"Ann", 12, 1, 2, Kind::Warning, "e6", "HK-6.5", "second illegal city"}));
    CHECK(is_disqualified(t, "e6"));
}

TEST_CASE("Referee actions are validated and recorded with who and when", "[HK-10.6][referee]") {
    Tournament t = running();
    CHECK(check_referee_action(t, {"", 1, 1, 1, Kind::Pause, "", "", ""}) == "a referee action names its referee");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 3, Kind::Pause, "", "", ""}) == "round 1 has no table 3");
    CHECK(check_referee_action(t, {"Ann", 1, 2, 1, Kind::Pause, "", "", ""}) == "round 2 does not exist");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 1, Kind::Warning, "", "HK-10.3", ""}) ==
          "a warning names the player concerned (HK-10.6)");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 1, Kind::Warning, "e5", "HK-10.3", ""}) ==
          "entrant 'e5' does not play at table 1");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 1, Kind::Warning, "e1", "HK-10.7", ""}) ==
          "a warning cites HK-10.2, HK-10.3, HK-10.4, HK-10.5 or HK-6.5 (HK-10.6), not 'HK-10.7'");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 1, Kind::Resume, "", "", ""}) == "the clock of this table is not paused");
    CHECK(check_referee_action(t, {"Ann", 1, 1, 1, Kind::Ruling, "", "", ""}) == "a ruling note has text");
    REQUIRE_FALSE(record_referee_action(t, {"Ann", 5, 1, 1, Kind::Pause, "", "", "player unwell"}));
    CHECK(table_paused(t, 1, 1));
    CHECK_FALSE(table_paused(t, 1, 2));
    CHECK(check_referee_action(t, {"Ann", 6, 1, 1, Kind::Pause, "", "", ""}) == "the clock of this table is already paused");
    CHECK(check_referee_action(t, {"Ann", 4, 1, 1, Kind::Resume, "", "", ""}) == "referee actions are recorded in time order");
    REQUIRE_FALSE(record_referee_action(t, {"Ann", 9, 1, 1, Kind::Resume, "", "", ""}));
    CHECK_FALSE(table_paused(t, 1, 1));
    REQUIRE_FALSE(record_referee_action(t, {"Ben", 9, 1, 1, Kind::Ruling, "e2", "HK-5.1",
                                            "short supply: nobody gets grain (HK-5.1b)"}));
    CHECK(t.referee_log.size() == 3);
    CHECK(t.referee_log.back().referee == "Ben");
    CHECK(t.referee_log.back().at_ms == 9);
    // A ruling note may follow a finished round; nothing else may.
    t.rounds[0].status = RoundStatus::Finished;
    CHECK_FALSE(check_referee_action(t, {"Ben", 10, 1, 1, Kind::Ruling, "", "", "result confirmed"}));
    CHECK(check_referee_action(t, {"Ben", 10, 1, 1, Kind::Warning, "e1", "HK-10.4", ""}) == "round 1 is not running");
    CHECK(validate(t) == "round 1 is finished but table 1 has no result");
}
