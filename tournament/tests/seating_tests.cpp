#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tournament/tests/helpers.hpp"
#include "tournament/model_json.hpp"
#include "tournament/seating.hpp"

using namespace hexhall::tournament;
using namespace hexhall::tournament::test;

TEST_CASE("16 entrants, 3 rounds, 4 teams: no repeat opponents, teams apart, every seat letter new",
          "[HK-0.3][seating]") {
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        Tournament t = make_tournament(16, 3, 4, seed);
        for (int r = 1; r <= 3; ++r) {
            REQUIRE_FALSE(seat_next_round(t));
            REQUIRE(t.rounds.back().tables.size() == 4);
            play_round(t, r);
        }
        const SeatingQuality q = measure_seating(seatings(t), groups_to_keep_apart(t));
        INFO("seed " << seed);
        CHECK(q.repeat_pairs == 0);
        CHECK(q.group_conflicts == 0);
        CHECK(q.players_with_seat_repeat == 0);
        CHECK(q.min_distinct_seats == 3);
    }
}
