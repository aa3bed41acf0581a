// Ratings, leaderboards, seasons and the Play-now queue (issue 29). The Weng-Lin updates are checked
// against reference values from the npm `openskill` package (tests/fixtures/openskill/make.mjs).
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tournament/leaderboard.hpp"
#include "tournament/matchmaking.hpp"
#include "tournament/rating.hpp"

using namespace hexhall::rating;

TEST_CASE("rating: Bradley-Terry full pairing equals openskill for 2, 3, 4, 5 and 6 players with ties", "[rating]") {
    std::ifstream in(std::string(HEXHALL_TOURNAMENT_FIXTURES) + "/openskill/bt_full.json");
    REQUIRE(in);
    const auto fixtures = nlohmann::json::parse(in);
    std::set<size_t> sizes;
    int with_ties = 0;
    for (const auto& c : fixtures.at("cases")) {
        INFO(c.at("name").get<std::string>());
        std::vector<Rating> before;
        for (const auto& r : c.at("before")) before.push_back({r[0].get<double>(), r[1].get<double>()});
        const auto places = c.at("places").get<std::vector<int>>();
        const auto after = rate(before, places);
        REQUIRE(after.size() == before.size());
        for (size_t i = 0; i < after.size(); ++i) {
            CHECK(after[i].mu == Approx(c.at("after")[i][0].get<double>()).epsilon(1e-12).margin(1e-9));
            CHECK(after[i].sigma == Approx(c.at("after")[i][1].get<double>()).epsilon(1e-12).margin(1e-9));
            CHECK(ordinal(after[i]) == Approx(c.at("ordinal")[i].get<double>()).margin(1e-9));
        }
        sizes.insert(before.size());
        if (std::set<int>(places.begin(), places.end()).size() < places.size()) ++with_ties;
    }
    CHECK(sizes == std::set<size_t>{2, 3, 4, 5, 6});
    CHECK(with_ties >= 8);
}

TEST_CASE("rating: a win raises, a loss lowers, and every game makes the rating surer", "[rating]") {
    const std::vector<Rating> four(4, new_rating());
    const auto after = rate(four, std::vector<int>{0, 1, 2, 3});
    CHECK(after[0].mu > after[1].mu);
    CHECK(after[1].mu > after[2].mu);
    CHECK(after[2].mu > after[3].mu);
    for (const auto& r : after) CHECK(r.sigma < new_rating().sigma);
    // Nothing to compare with: unchanged.
    CHECK(rate(std::vector<Rating>{new_rating()}, std::vector<int>{0}) == std::vector<Rating>{new_rating()});
    CHECK(rate(four, std::vector<int>{0, 1}) == four);
}

TEST_CASE("rating: places are winners first, then by final score with ties, and abandoners last", "[rating]") {
    std::vector<Finish> f(5);
    f[0] = {false, 7.0, false};
    f[1] = {true, 10.0, false};
    f[2] = {false, 9.0, true};   // abandoned: last whatever the score
    f[3] = {false, 7.0, false};  // ties seat 0
    f[4] = {false, 8.0, false};
    CHECK(places_of(f) == std::vector<int>{2, 0, 4, 2, 1});
    // Shared wins tie for first.
    std::vector<Finish> shared = {{true, 5.0, false}, {true, 5.0, false}, {false, 3.0, false}};
    CHECK(places_of(shared) == std::vector<int>{0, 0, 2});
    // Two abandoners tie for last.
    std::vector<Finish> quit = {{false, 1.0, true}, {false, 2.0, false}, {false, 9.0, true}};
    CHECK(places_of(quit) == std::vector<int>{1, 0, 1});
}

TEST_CASE("rating: bots are never rated; a game with bot seats rates the people among themselves", "[rating]") {
    const Rating ann{27, 5}, bob{22, 6};
    std::vector<SeatResult> seats = {{std::nullopt, {true, 10.0, false}},  // a bot won
                                     {ann, {false, 6.0, false}},
                                     {std::nullopt, {false, 8.0, false}},
                                     {bob, {false, 4.0, false}}};
    const auto after = rate_seats(seats);
    CHECK_FALSE(after[0].has_value());
    CHECK_FALSE(after[2].has_value());
    const auto two = rate(std::vector<Rating>{ann, bob}, std::vector<int>{0, 1});
    CHECK(*after[1] == two[0]);
    CHECK(*after[3] == two[1]);
    // One person among bots: nothing to rate.
    std::vector<SeatResult> lone = {{ann, {true, 10.0, false}}, {std::nullopt, {false, 2.0, false}}};
    CHECK(*rate_seats(lone)[0] == ann);
}

TEST_CASE("leaderboard: ranks by mu - 3 sigma after a minimum number of games", "[rating]") {
    std::vector<Standing> s = {{"sure", {30, 1}, 40},     // 27
                               {"lucky", {35, 6}, 3},     // 17, too few games
                               {"steady", {28, 2}, 12},   // 22
                               {"twin-b", {26, 1}, 9},    // 23
                               {"twin-a", {26, 1}, 9},    // 23, same games: by name
                               {"veteran", {26, 1}, 50}}; // 23, more games first
    const auto rows = leaderboard(s, 5);
    REQUIRE(rows.size() == 5);
    CHECK(rows[0].player == "sure");
    CHECK(rows[0].rank == 1);
    CHECK(rows[0].ordinal == Approx(27.0));
    CHECK(rows[1].player == "veteran");
    CHECK(rows[2].player == "twin-a");
    CHECK(rows[3].player == "twin-b");
    CHECK(rows[1].rank == 2);
    CHECK(rows[2].rank == 2);
    CHECK(rows[3].rank == 2);
    CHECK(rows[4].player == "steady");
    CHECK(rows[4].rank == 5);
    CHECK(leaderboard(s, 100).empty());
}

TEST_CASE("seasons: calendar periods in UTC, and the rating carried into the next one", "[rating]") {
    // 2026-11-27 12:00 UTC
    const int64_t t = 1795780800;
    const Season q = season_at(t, 3);
    CHECK(q.id == "2026-10");
    CHECK(q.start == 1790812800);  // 2026-10-01
    CHECK(q.end == 1798761600);    // 2027-01-01
    CHECK(season_at(q.end, 3).id == "2027-01");
    CHECK(season_at(q.end - 1, 3).id == "2026-10");
    CHECK(season_at(t, 1).id == "2026-11");
    CHECK(season_at(t, 12).id == "2026-01");
    CHECK(season_at(t, 12).end == 1798761600);
    CHECK(season_at(t, 5).id == "2026-10");  // not a divisor of 12: quarters
    CHECK(season_at(0, 3).id == "1970-01");
    // The carried rating keeps mu and widens sigma, never past a new player's.
    const Rating r{31, 2};
    const Rating c = carried_into_season(r, 3);
    CHECK(c.mu == 31);
    CHECK(c.sigma == Approx(std::sqrt(13.0)));
    CHECK(carried_into_season({20, 8}, 5).sigma == Approx(25.0 / 3.0));
}

TEST_CASE("play now: players of near ratings are matched, the window widening with waiting", "[rating][matchmaking]") {
    QueueRules rules;
    rules.seats = 2;
    rules.window = 1.0;
    rules.widen_per_second = 0.5;
    rules.bots_after = -1;
    MatchQueue q(rules);
    CHECK(q.join("a", 10.0, 0));
    CHECK_FALSE(q.join("a", 10.0, 0));
    CHECK(q.join("far", 14.0, 0));
    CHECK(q.match(0).empty());  // 4 apart, both accept 1
    CHECK(q.size() == 2);
    CHECK(*q.waited("a", 3) == 3);
    CHECK(*q.window("a", 3) == Approx(2.5));
    CHECK(q.match(5).empty());   // both accept 3.5
    auto m = q.match(6);         // both accept 4
    REQUIRE(m.size() == 1);
    CHECK(m[0].players == std::vector<std::string>{"a", "far"});
    CHECK(m[0].rated);
    CHECK(m[0].bots == 0);
    CHECK(q.size() == 0);

    // A newcomer does not accept a far player who has waited long: both must accept the distance.
    CHECK(q.join("old", 0.0, 0));
    CHECK(q.join("new", 10.0, 100));
    CHECK(q.match(100).empty());
    CHECK(q.match(117).size() == 0);
    CHECK(q.match(118).size() == 1);  // new's window: 1 + 0.5 * 18 = 10
}

TEST_CASE("play now: the tightest group around the longest waiter, oldest first", "[rating][matchmaking]") {
    QueueRules rules;
    rules.seats = 3;
    rules.window = 5.0;
    rules.widen_per_second = 0;
    rules.bots_after = -1;
    MatchQueue q(rules);
    q.join("p0", 0.0, 0);
    q.join("p3", 3.0, 1);
    q.join("p4", 4.0, 2);
    q.join("p5", 5.0, 3);
    q.join("p9", 9.0, 4);
    auto m = q.match(10);
    REQUIRE(m.size() == 1);
    // p0 waited longest: {p0,p3,p4} (spread 4) is the only group with p0 within 5.
    CHECK(m[0].players == std::vector<std::string>{"p0", "p3", "p4"});
    CHECK(q.size() == 2);
    CHECK(q.contains("p5"));
    CHECK(q.contains("p9"));
}

TEST_CASE("play now: after the chosen wait, bots fill the seats and the room is casual; leaving is instant",
          "[rating][matchmaking]") {
    QueueRules rules;
    rules.seats = 4;
    rules.window = 1.0;
    rules.widen_per_second = 0;
    rules.bots_after = 30;
    MatchQueue q(rules);
    q.join("ann", 10.0, 0);
    q.join("bob", 10.5, 0);
    q.join("cat", 20.0, 0);
    q.join("dan", 11.0, 5);
    CHECK(q.leave("dan"));
    CHECK_FALSE(q.leave("dan"));
    CHECK(q.match(29).empty());
    auto m = q.match(30);
    REQUIRE(m.size() == 2);
    CHECK(m[0].players == std::vector<std::string>{"ann", "bob"});
    CHECK(m[0].bots == 2);
    CHECK_FALSE(m[0].rated);
    CHECK(m[1].players == std::vector<std::string>{"cat"});
    CHECK(m[1].bots == 3);
    CHECK(q.size() == 0);
}
