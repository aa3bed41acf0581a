#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "tournament/tests/helpers.hpp"
#include "tournament/model_json.hpp"
#include "tournament/seating.hpp"
#include "tournament/table_split.hpp"

using namespace hexhall::tournament;
using namespace hexhall::tournament::test;

TEST_CASE("16 entrants, 3 rounds, 4 teams: no repeat opponents, teams apart, every seat letter new",
          "[HK-0.3][seating]") {
    for (uint64_t seed = 1; seed <= 100; ++seed) {  // seed 594 once needed 4x the old budget
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

TEST_CASE("Seating is deterministic from the tournament's seed", "[seating]") {
    Tournament a = make_tournament(16, 3, 2, 5), b = make_tournament(16, 3, 2, 5), c = make_tournament(16, 3, 2, 6);
    for (int r = 1; r <= 3; ++r) {
        REQUIRE_FALSE(seat_next_round(a));
        REQUIRE_FALSE(seat_next_round(b));
        REQUIRE_FALSE(seat_next_round(c));
        play_round(a, r);
        play_round(b, r);
        play_round(c, r);
    }
    CHECK(to_json(a) == to_json(b));
    CHECK(seatings(a) != seatings(c));
}

TEST_CASE("HK-3.1 one public board seed per round, secret distinct game seeds per table", "[HK-3.1][seating]") {
    Tournament t = make_tournament(16, 3);
    std::set<uint64_t> boards, games;
    for (int r = 1; r <= 3; ++r) {
        REQUIRE_FALSE(seat_next_round(t));
        const Round& round = t.rounds.back();
        CHECK(boards.insert(round.board_seed).second);
        for (const Table& table : round.tables) {
            CHECK(games.insert(table.game_seed).second);
            CHECK(table.game_seed != round.board_seed);
        }
        play_round(t, r);
    }
    const auto pub = to_json(t, JsonView::Public);
    CHECK_FALSE(pub.contains("secretSeed"));
    for (const auto& round : pub["rounds"]) {
        CHECK(round.contains("boardSeed"));
        for (const auto& table : round["tables"]) CHECK_FALSE(table.contains("gameSeed"));
    }
    const auto stored = to_json(t);
    CHECK(stored.contains("secretSeed"));
    CHECK(stored["rounds"][0]["tables"][0].contains("gameSeed"));
}

TEST_CASE("HK-0.2 3-player tables: counts that need them, and nobody at one twice while avoidable",
          "[HK-0.2][seating]") {
    Tournament t = make_tournament(15, 3);
    for (int r = 1; r <= 3; ++r) {
        REQUIRE_FALSE(seat_next_round(t));
        const auto& tables = t.rounds.back().tables;
        REQUIRE(tables.size() == 4);
        CHECK(tables[0].seats.size() == 4);
        CHECK(tables[3].seats.size() == 3);  // seats A, B, C (HK-0.3)
        play_round(t, r);
    }
    const SeatingQuality q = measure_seating(seatings(t));
    CHECK(q.three_table_repeats == 0);
    CHECK(q.repeat_pairs == 0);
    CHECK(q.players_with_seat_repeat == 0);
    Tournament five = make_tournament(5, 1);
    CHECK(seat_next_round(five) == "5 entrants cannot be split into tables of 4 and 3 players (HK-0.2)");
    CHECK(five.rounds.empty());
}

TEST_CASE("Declared groups (club, family) are kept apart", "[seating]") {
    Tournament t = make_tournament(16, 3);
    t.groups.push_back({"family", {"e1", "e2", "e3"}});
    t.groups.push_back({"club", {"e4", "e5", "e6", "e7"}});
    for (int r = 1; r <= 3; ++r) {
        REQUIRE_FALSE(seat_next_round(t));
        play_round(t, r);
    }
    const SeatingQuality q = measure_seating(seatings(t), groups_to_keep_apart(t));
    CHECK(q.group_conflicts == 0);
    CHECK(q.repeat_pairs == 0);
    CHECK(q.players_with_seat_repeat == 0);
}

TEST_CASE("Swiss rounds put players on similar standings together", "[HK-1.9][seating]") {
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        INFO("seed " << seed);
        Tournament t = make_tournament(16, 3, 0, seed);
        t.settings.pairing = Pairing::Swiss;
        t.settings.swiss_from_round = 2;
        REQUIRE_FALSE(seat_next_round(t));
        play_round(t, 0);  // seat A wins every table of round 1
        std::set<std::string> winners;
        for (const Table& table : t.rounds[0].tables) winners.insert(table.seats[0]);
        REQUIRE_FALSE(seat_next_round(t));
        // The four round-1 winners never met (one per table), so the top table is exactly them.
        const auto& top = t.rounds[1].tables[0].seats;
        CHECK(std::set<std::string>(top.begin(), top.end()) == winners);
        CHECK(measure_seating(seatings(t)).repeat_pairs == 0);
    }
}

TEST_CASE("Manual swaps before the round starts, validated", "[HK-0.3][seating]") {
    Tournament t = make_tournament(8, 2);
    REQUIRE_FALSE(seat_next_round(t));
    const std::string a = t.rounds[0].tables[0].seats[0];
    const std::string b = t.rounds[0].tables[1].seats[2];
    const std::string c = t.rounds[0].tables[0].seats[3];
    REQUIRE_FALSE(swap_seats(t, 1, a, b));
    CHECK(t.rounds[0].tables[0].seats[0] == b);
    CHECK(t.rounds[0].tables[1].seats[2] == a);
    REQUIRE_FALSE(swap_seats(t, 1, b, c));  // within one table: changes seat letters
    CHECK(t.rounds[0].tables[0].seats[0] == c);
    CHECK(t.rounds[0].tables[0].seats[3] == b);
    const Tournament before = t;
    CHECK(swap_seats(t, 1, a, a) == "a swap needs two different entrants");
    CHECK(swap_seats(t, 1, a, "nobody") == "entrant 'nobody' is not seated in round 1");
    CHECK(swap_seats(t, 2, a, b) == "round 2 does not exist");
    REQUIRE_FALSE(start_round(t, 1));
    CHECK(swap_seats(t, 1, a, b) == "round 1 has started: seats are fixed");
    CHECK(seatings(t) == seatings(before));
    CHECK_FALSE(validate(t));
}

TEST_CASE("Rounds follow each other: seat, start, results, finish", "[seating]") {
    Tournament t = make_tournament(8, 2);
    REQUIRE_FALSE(seat_next_round(t));
    CHECK_FALSE(t.registration_open);
    CHECK(seat_next_round(t) == "round 1 is not finished");
    CHECK(finish_round(t, 1) == "round 1 is not running");
    REQUIRE_FALSE(start_round(t, 1));
    CHECK(start_round(t, 1) == "round 1 has already started");
    CHECK(finish_round(t, 1) == "table 1 has no result yet");
    t.rounds.pop_back();
    REQUIRE_FALSE(seat_next_round(t));
    play_round(t);
    REQUIRE_FALSE(seat_next_round(t));
    play_round(t);
    CHECK(seat_next_round(t) == "all 2 rounds are seated");
}

TEST_CASE("seat_round checks its request", "[seating]") {
    SeatingRequest r;
    CHECK(seat_round(r).empty());
    r.players = {"a", "b", "c", "a"};
    r.table_sizes = {4};
    CHECK_THROWS_AS(seat_round(r), std::invalid_argument);
    r.players = {"a", "b", "c", "d"};
    r.table_sizes = {3};
    CHECK_THROWS_AS(seat_round(r), std::invalid_argument);
    r.table_sizes = {4};
    r.swiss_order = {"a", "b"};
    CHECK_THROWS_AS(seat_round(r), std::invalid_argument);
    r.swiss_order.clear();
    const RoundSeating one = seat_round(r);
    REQUIRE(one.size() == 1);
    CHECK(std::set<std::string>(one[0].begin(), one[0].end()) == std::set<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("Every seatable entrant is seated exactly once, in HK-0.2 tables, as entrants withdraw",
          "[HK-0.2][HK-0.3][seating]") {
    for (int n : {3, 4, 6, 7, 9, 13, 21, 38}) {
        Tournament t = make_tournament(n, 3, n / 8, static_cast<uint64_t>(n));
        for (int r = 1; r <= 3; ++r) {
            INFO(n << " entrants, round " << r);
            const std::vector<std::string> expected = seatable_entrants(t, r);
            const auto err = seat_next_round(t);
            if (!table_sizes(static_cast<int>(expected.size()))) {  // 6 - 1 or 3 - 1 left: no split
                CHECK(err == table_split_problem(static_cast<int>(expected.size())));
                CHECK(t.rounds.size() == static_cast<size_t>(r - 1));
                break;
            }
            REQUIRE_FALSE(err);
            std::vector<std::string> seated;
            std::vector<int> sizes;
            for (const Table& table : t.rounds.back().tables) {
                seated.insert(seated.end(), table.seats.begin(), table.seats.end());
                sizes.push_back(static_cast<int>(table.seats.size()));
            }
            std::sort(seated.begin(), seated.end());
            std::vector<std::string> sorted = expected;
            std::sort(sorted.begin(), sorted.end());
            CHECK(seated == sorted);
            CHECK(sizes == *table_sizes(static_cast<int>(expected.size())));
            play_round(t, r);
            REQUIRE_FALSE(validate(t));
            find_entrant(t, "e" + std::to_string(r))->status = EntrantStatus::Withdrawn;
        }
    }
}
