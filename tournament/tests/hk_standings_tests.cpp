#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "tournament/hk_standings.hpp"

using namespace hexhall::hk;

namespace {

GameResult game(std::vector<std::string> players, std::vector<int> vp, int winner) {
    return GameResult{std::move(players), std::move(vp), winner};
}

const Standing& find(const std::vector<Standing>& s, const std::string& player) {
    for (const Standing& x : s)
        if (x.player == player) return x;
    FAIL("no standing for " << player);
    return s.front();  // unreachable
}

const TeamStanding& find_team(const std::vector<TeamStanding>& s, const std::string& name) {
    for (const TeamStanding& x : s)
        if (x.name == name) return x;
    FAIL("no team standing for " << name);
    return s.front();  // unreachable
}

std::vector<std::string> order(const std::vector<Standing>& s) {
    std::vector<std::string> out;
    for (const Standing& x : s) out.push_back(x.player);
    return out;
}

std::vector<int> ranks(const std::vector<Standing>& s) {
    std::vector<int> out;
    for (const Standing& x : s) out.push_back(x.rank);
    return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// Fraction basics (used by HK-1.6 .. HK-1.10)

TEST_CASE("HK-1.10 Fraction is exact, reduced and ordered without rounding", "[HK-1.10][standings]") {
    CHECK(make_fraction(10, 32) == make_fraction(5, 16));
    CHECK(make_fraction(10, 32).num == 5);
    CHECK(make_fraction(10, 32).den == 16);
    CHECK(make_fraction(3, -6) == make_fraction(-1, 2));
    CHECK(make_fraction(0, 7) == Fraction{0, 1});
    CHECK(make_fraction(1, 10) + make_fraction(2, 10) == make_fraction(3, 10));
    CHECK(make_fraction(1, 3) + make_fraction(1, 6) == make_fraction(1, 2));
    CHECK(divide(make_fraction(3, 5), 3) == make_fraction(1, 5));
    CHECK(divide(make_fraction(4, 5), 6) == make_fraction(2, 15));
    // Values that agree to 9 decimal places still compare correctly.
    CHECK(make_fraction(333333333, 1000000000) < make_fraction(1, 3));
    CHECK(make_fraction(1, 3) > make_fraction(333333333, 1000000000));
    CHECK(make_fraction(10, 27) != make_fraction(3703, 10000));
    CHECK(make_fraction(3703, 10000) < make_fraction(10, 27));
    // Cross products that do not fit in int64 still compare correctly.
    const Fraction big1 = make_fraction(INT64_C(4000000000000000001), INT64_C(4000000000000000000));
    const Fraction big2 = make_fraction(INT64_C(4000000000000000003), INT64_C(4000000000000000002));
    CHECK(big2 < big1);
    CHECK_THROWS_AS(make_fraction(1, 0), std::invalid_argument);
    CHECK_THROWS_AS(make_fraction(1, INT64_C(3037000499)) + make_fraction(1, INT64_C(3037000493)) +
                        make_fraction(1, INT64_C(3037000453)),
                    std::overflow_error);
}

// ---------------------------------------------------------------------------------------
// HK-1.1 / HK-1.2: validity of a result

TEST_CASE("HK-1.1 the declared winner must have 10 or more VP", "[HK-1.1][standings]") {
    CHECK_FALSE(validate_game_result(game({"A", "B", "C", "D"}, {10, 8, 5, 4}, 0)).has_value());
    CHECK_FALSE(validate_game_result(game({"A", "B", "C", "D"}, {4, 8, 5, 12}, 3)).has_value());
    const auto err = validate_game_result(game({"A", "B", "C", "D"}, {9, 8, 5, 4}, 0));
    REQUIRE(err.has_value());
    CHECK(err->find("HK-1.1") != std::string::npos);
    // B has 10 VP but A declared: A cannot have won with 9.
    CHECK(validate_game_result(game({"A", "B", "C"}, {9, 10, 5}, 0)).has_value());
    CHECK_THROWS_AS(individual_standings({game({"A", "B", "C", "D"}, {9, 8, 5, 4}, 0)}), std::invalid_argument);
}

TEST_CASE("HK-1.2 a game has exactly one winner, even with several players at 10+", "[HK-1.2][standings]") {
    // No declared winner, or an index that is not a player: rejected.
    for (int w : {-1, 4, 7}) {
        const auto err = validate_game_result(game({"A", "B", "C", "D"}, {10, 8, 5, 4}, w));
        REQUIRE(err.has_value());
        CHECK(err->find("HK-1.2") != std::string::npos);
    }
    CHECK(validate_game_result(game({"A", "B", "C"}, {10, 8, 5}, 3)).has_value());
    // Two players with 10+ VP is a valid result with one winner, and exactly one match point is awarded.
    const GameResult g = game({"A", "B", "C", "D"}, {10, 11, 5, 4}, 0);
    CHECK_FALSE(validate_game_result(g).has_value());
    int total_mp = 0;
    for (int i = 0; i < 4; ++i) total_mp += match_points_in_game(g, i);
    CHECK(total_mp == 1);
    // Other structural errors are rejected too.
    CHECK(validate_game_result(game({"A", "B"}, {10, 3}, 0)).has_value());
    CHECK(validate_game_result(game({"A", "B", "C", "D", "E"}, {10, 3, 3, 3, 3}, 0)).has_value());
    CHECK(validate_game_result(game({"A", "B", "C"}, {10, 3}, 0)).has_value());
    CHECK(validate_game_result(game({"A", "A", "C"}, {10, 3, 3}, 0)).has_value());
    CHECK(validate_game_result(game({"A", "", "C"}, {10, 3, 3}, 0)).has_value());
    CHECK(validate_game_result(game({"A", "B", "C"}, {10, -1, 3}, 0)).has_value());
}

// ---------------------------------------------------------------------------------------
// HK-1.3 .. HK-1.5: per-game points

TEST_CASE("HK-1.3 the winner earns 1 match point, everyone else 0", "[HK-1.3][standings]") {
    const auto s = individual_standings({
        game({"A", "B", "C", "D"}, {10, 8, 5, 4}, 0),
        game({"A", "B", "C", "D"}, {6, 10, 9, 3}, 1),
        game({"A", "B", "C"}, {11, 4, 7}, 0),
    });
    CHECK(find(s, "A").match_points == 2);
    CHECK(find(s, "B").match_points == 1);
    CHECK(find(s, "C").match_points == 0);
    CHECK(find(s, "D").match_points == 0);
    CHECK(find(s, "A").games == 3);
    CHECK(find(s, "D").games == 2);
}

TEST_CASE("HK-1.4 game points are the VP total at game end, VP cards included", "[HK-1.4][standings]") {
    // VP totals already include VP cards; non-winners keep their full total even at 10+.
    const GameResult g = game({"A", "B", "C", "D"}, {10, 11, 7, 3}, 0);
    CHECK(game_points_in_game(g, 0) == 10);
    CHECK(game_points_in_game(g, 1) == 11);  // non-winner at 11: not capped (HK-1.4 Decision)
    CHECK(game_points_in_game(g, 2) == 7);
    CHECK(game_points_in_game(g, 3) == 3);
    const auto s = individual_standings({g, game({"A", "B", "C", "D"}, {4, 10, 9, 2}, 1)});
    CHECK(find(s, "A").game_points == 14);
    CHECK(find(s, "B").game_points == 21);
    CHECK(find(s, "C").game_points == 16);
    CHECK(find(s, "D").game_points == 5);
}

TEST_CASE("HK-1.5 the winner's game points are capped at 10; PoP uses actual VP", "[HK-1.5][standings]") {
    const GameResult g = game({"A", "B", "C", "D"}, {13, 11, 4, 2}, 0);
    CHECK(game_points_in_game(g, 0) == 10);  // winner capped
    CHECK(game_points_in_game(g, 1) == 11);  // only the winner is capped
    CHECK(pop_in_game(g, 0) == make_fraction(13, 30));  // actual VP, actual sum
    CHECK(pop_in_game(g, 1) == make_fraction(11, 30));

    // Effect on ranking: W13 and W10 both win once and tie on capped game points;
    // PoP (uncapped) then puts W13 ahead.
    const auto s = individual_standings({
        game({"W13", "x1", "x2", "x3"}, {13, 5, 5, 5}, 0),
        game({"W10", "y1", "y2", "y3"}, {10, 5, 5, 5}, 0),
    });
    const Standing& w13 = find(s, "W13");
    const Standing& w10 = find(s, "W10");
    CHECK(w13.game_points == 10);
    CHECK(w10.game_points == 10);
    CHECK(w13.pop == make_fraction(13, 28));
    CHECK(w10.pop == make_fraction(10, 25));
    CHECK(w13.rank == 1);
    CHECK(w10.rank == 2);
}

// ---------------------------------------------------------------------------------------
// HK-1.6 .. HK-1.8: PoP

TEST_CASE("HK-1.6 PoP is points over the game's total, summed over games", "[HK-1.6][standings]") {
    const GameResult g1 = game({"A", "B", "C", "D"}, {10, 8, 5, 4}, 0);
    const GameResult g2 = game({"A", "B", "C", "D"}, {5, 10, 6, 6}, 1);
    CHECK(pop_in_game(g1, 2) == make_fraction(5, 27));
    CHECK(pop_in_game(g2, 0) == make_fraction(5, 27));
    // The four PoPs of a game sum to exactly 1.
    Fraction sum;
    for (int i = 0; i < 4; ++i) sum = sum + pop_in_game(g1, i);
    CHECK(sum == make_fraction(1));
    const auto s = individual_standings({g1, g2});
    CHECK(find(s, "A").pop == make_fraction(15, 27));  // 10/27 + 5/27 = 5/9
    CHECK(find(s, "A").pop == make_fraction(5, 9));
    CHECK(find(s, "B").pop == make_fraction(18, 27));
    CHECK(find(s, "D").pop == make_fraction(10, 27));
}

TEST_CASE("HK-1.7 3-player PoP adds an imaginary fourth player at the average", "[HK-1.7][standings]") {
    const GameResult g = game({"A", "B", "C"}, {12, 7, 5}, 0);  // sum 24, imaginary 8, denominator 32
    CHECK(pop_in_game(g, 0) == make_fraction(12, 32));
    CHECK(pop_in_game(g, 1) == make_fraction(7, 32));
    CHECK(pop_in_game(g, 2) == make_fraction(5, 32));
    // Sum not divisible by 3: imaginary player scores 23/3, denominator 23 + 23/3 = 92/3.
    const GameResult h = game({"A", "B", "C"}, {10, 8, 5}, 0);
    CHECK(pop_in_game(h, 0) == make_fraction(30, 92));
    CHECK(pop_in_game(h, 1) == make_fraction(24, 92));
    // The three real players together hold exactly 3/4; the imaginary player the rest.
    Fraction sum;
    for (int i = 0; i < 3; ++i) sum = sum + pop_in_game(h, i);
    CHECK(sum == make_fraction(3, 4));
    const auto s = individual_standings({h});
    CHECK(find(s, "A").pop == make_fraction(15, 46));
}

TEST_CASE("HK-1.8 PoP worked examples", "[HK-1.8][standings]") {
    const GameResult four = game({"A", "B", "C", "D"}, {10, 8, 5, 4}, 0);
    const Fraction a4 = pop_in_game(four, 0);
    CHECK(a4 == make_fraction(10, 27));
    CHECK(a4.num == 10);
    CHECK(a4.den == 27);
    CHECK(to_double(a4) == Approx(0.37037).margin(1e-5));

    const GameResult three = game({"A", "B", "C"}, {10, 8, 6}, 0);
    const Fraction a3 = pop_in_game(three, 0);
    CHECK(a3 == make_fraction(10, 32));
    CHECK(a3 == make_fraction(3125, 10000));
    CHECK(to_double(a3) == 0.3125);  // exactly representable

    const auto s4 = individual_standings({four});
    CHECK(find(s4, "A").pop == make_fraction(10, 27));
    const auto s3 = individual_standings({three});
    CHECK(find(s3, "A").pop == make_fraction(10, 32));
}

// ---------------------------------------------------------------------------------------
// HK-1.9 / HK-1.10: individual ranking

TEST_CASE("HK-1.9 match points come before game points", "[HK-1.9][standings]") {
    // A: 1 MP, 12 game points. B: 0 MP, 18 game points. A ranks higher.
    const auto s = individual_standings({
        game({"A", "B", "C", "D"}, {10, 9, 3, 3}, 0),
        game({"A", "B", "E", "F"}, {2, 9, 10, 3}, 2),
    });
    CHECK(find(s, "A").game_points == 12);
    CHECK(find(s, "B").game_points == 18);
    CHECK(ranks_above(find(s, "A"), find(s, "B")));
    CHECK(find(s, "A").rank < find(s, "B").rank);
}

TEST_CASE("HK-1.9 game points come before PoP", "[HK-1.9][standings]") {
    // X: 8 game points, PoP 8/40. Y: 7 game points, PoP 7/21. X ranks higher.
    const auto s = individual_standings({
        game({"W1", "X", "a", "b"}, {10, 8, 11, 11}, 0),
        game({"W2", "Y", "c", "d"}, {10, 7, 2, 2}, 0),
    });
    const Standing& x = find(s, "X");
    const Standing& y = find(s, "Y");
    CHECK(x.pop == make_fraction(1, 5));
    CHECK(y.pop == make_fraction(1, 3));
    CHECK(x.pop < y.pop);
    CHECK(ranks_above(x, y));
    CHECK(x.rank < y.rank);
}

TEST_CASE("HK-1.9 PoP breaks a tie on match points and game points", "[HK-1.9][standings]") {
    const auto s = individual_standings({
        game({"W1", "X", "a", "b"}, {10, 6, 2, 2}, 0),  // X: 6/20
        game({"W2", "Y", "c", "d"}, {10, 6, 4, 4}, 0),  // Y: 6/24
    });
    const Standing& x = find(s, "X");
    const Standing& y = find(s, "Y");
    CHECK(x.game_points == y.game_points);
    CHECK(x.match_points == y.match_points);
    CHECK(x.pop == make_fraction(3, 10));
    CHECK(y.pop == make_fraction(1, 4));
    CHECK(ranks_above(x, y));
    CHECK(x.rank < y.rank);
}

TEST_CASE("HK-1.9 full ordering over several games", "[HK-1.9][standings]") {
    const auto s = individual_standings({
        game({"A", "B", "C", "D"}, {10, 8, 5, 4}, 0),
        game({"A", "B", "C", "D"}, {7, 10, 9, 3}, 1),
        game({"A", "B", "C", "D"}, {12, 6, 9, 2}, 0),
    });
    // A: 2 MP. B: 1 MP. C: 0 MP, 23 GP. D: 0 MP, 9 GP.
    CHECK(order(s) == std::vector<std::string>{"A", "B", "C", "D"});
    CHECK(ranks(s) == std::vector<int>{1, 2, 3, 4});
    CHECK(find(s, "A").game_points == 27);  // 10 + 7 + 10 (12 capped)
    CHECK(find(s, "A").pop == make_fraction(10, 27) + make_fraction(7, 29) + make_fraction(12, 29));
}

TEST_CASE("HK-1.9 different game counts compare per-game averages", "[HK-1.9][standings]") {
    SECTION("game points") {
        // A: 1 game, 8 GP (avg 8). B: 2 games, 12 GP (avg 6). Totals would put B first.
        const auto s = individual_standings({
            game({"W1", "A", "a1", "a2"}, {10, 8, 1, 1}, 0),
            game({"W2", "B", "b1", "b2"}, {10, 6, 1, 1}, 0),
            game({"W3", "B", "c1", "c2"}, {10, 6, 1, 1}, 0),
        });
        const Standing& a = find(s, "A");
        const Standing& b = find(s, "B");
        CHECK(a.game_points == 8);
        CHECK(b.game_points == 12);
        CHECK(ranks_above(a, b));
        CHECK(a.rank < b.rank);
    }
    SECTION("PoP") {
        // Equal GP average 6. A: PoP 6/20 = 0.3 in 1 game. B: 6/30 + 6/30 = 0.4 total, 0.2 average.
        const auto s = individual_standings({
            game({"W1", "A", "a1", "a2"}, {10, 6, 2, 2}, 0),
            game({"W2", "B", "b1", "b2"}, {10, 6, 7, 7}, 0),
            game({"W3", "B", "c1", "c2"}, {10, 6, 7, 7}, 0),
        });
        const Standing& a = find(s, "A");
        const Standing& b = find(s, "B");
        CHECK(a.pop == make_fraction(3, 10));
        CHECK(b.pop == make_fraction(2, 5));
        CHECK(b.pop > a.pop);
        CHECK(ranks_above(a, b));
        CHECK(a.rank < b.rank);
    }
    SECTION("equal averages share the rank") {
        // A: 1 game 6/20. B: 2 games 6/20 each: averages equal on every key.
        const auto s = individual_standings({
            game({"W1", "A", "a1", "a2"}, {10, 6, 2, 2}, 0),
            game({"W2", "B", "b1", "b2"}, {10, 6, 2, 2}, 0),
            game({"W3", "B", "c1", "c2"}, {10, 6, 2, 2}, 0),
        });
        CHECK(same_ranking_keys(find(s, "A"), find(s, "B")));
        CHECK(find(s, "A").rank == find(s, "B").rank);
    }
}

TEST_CASE("HK-1.10 shared ranks use competition ranking 1, 2, 2, 4", "[HK-1.10][HK-1.9][standings]") {
    const auto s = individual_standings({
        game({"P", "Q", "R", "S"}, {10, 6, 6, 3}, 0),
        game({"P", "R", "Q", "S"}, {10, 6, 6, 3}, 0),
    });
    CHECK(order(s) == std::vector<std::string>{"P", "Q", "R", "S"});  // Q, R tie: by name
    CHECK(ranks(s) == std::vector<int>{1, 2, 2, 4});
    CHECK(same_ranking_keys(find(s, "Q"), find(s, "R")));

    // Two three-way ties: 1, 2, 3, 3, 3, 6, 6, 6. (M beats L on PoP: 10/13 > 10/25.)
    const auto t = individual_standings({
        game({"L", "a", "b", "c"}, {10, 5, 5, 5}, 0),
        game({"M", "x", "y", "z"}, {10, 1, 1, 1}, 0),
    });
    CHECK(order(t) == std::vector<std::string>{"M", "L", "a", "b", "c", "x", "y", "z"});
    CHECK(ranks(t) == std::vector<int>{1, 2, 3, 3, 3, 6, 6, 6});
}

TEST_CASE("HK-1.10 PoP totals compare as exact fractions", "[HK-1.10][standings]") {
    // X: 2/20 + 4/20 (0.1 + 0.2). Y: 3/20 + 3/20 (0.15 + 0.15). In doubles 0.1 + 0.2 > 0.3,
    // but exactly both are 3/10, so X and Y share the rank.
    const auto s = individual_standings({
        game({"X", "W1", "a", "b"}, {2, 10, 4, 4}, 1),
        game({"X", "W2", "c", "d"}, {4, 10, 3, 3}, 1),
        game({"Y", "W3", "e", "f"}, {3, 10, 4, 3}, 1),
        game({"Y", "W4", "g", "h"}, {3, 10, 4, 3}, 1),
    });
    const Standing& x = find(s, "X");
    const Standing& y = find(s, "Y");
    CHECK(x.pop == make_fraction(3, 10));
    CHECK(y.pop == make_fraction(3, 10));
    CHECK(x.game_points == y.game_points);
    CHECK(same_ranking_keys(x, y));
    CHECK(x.rank == y.rank);

    // Equal PoPs reached through different games are equal fractions and tie.
    const auto t = individual_standings({
        game({"P", "W1", "a", "b"}, {10, 10, 4, 3}, 1),   // P: 10/27
        game({"Q", "W2", "c", "d"}, {10, 12, 4, 1}, 1),   // Q: 10/27 as well
        game({"R", "W3", "e", "f"}, {10, 11, 4, 2}, 1),   // R: 10/27
        game({"T", "W4", "g", "h"}, {10, 10, 5, 2}, 1),   // T: 10/27
    });
    CHECK(find(t, "P").pop == make_fraction(10, 27));
    CHECK(find(t, "Q").pop == make_fraction(10, 27));
    CHECK(find(t, "P").rank == find(t, "Q").rank);
    CHECK(find(t, "P").rank == find(t, "T").rank);
}

TEST_CASE("HK-1.10 PoP totals differing beyond printed precision still rank", "[HK-1.10][standings]") {
    // Same match points (0) and game points (14) over two games each.
    // U: 15/76 + 9/29 = 1119/2204 = 0.507713...; V: 5/23 + 9/31 = 362/713 = 0.507713...
    // Both print as 0.5077 (and agree to 6 decimals); exactly, V is ahead by 1/1571452.
    const auto s = individual_standings({
        game({"U", "W1", "x"}, {5, 10, 4}, 1),           // 3-player: 3*5/(4*19) = 15/76
        game({"U", "W2", "a", "b"}, {9, 10, 5, 5}, 1),   // 9/29
        game({"V", "W3", "c", "d"}, {5, 10, 4, 4}, 1),   // 5/23
        game({"V", "W4", "e", "f"}, {9, 10, 6, 6}, 1),   // 9/31
    });
    const Standing& u = find(s, "U");
    const Standing& v = find(s, "V");
    CHECK(u.game_points == 14);
    CHECK(v.game_points == 14);
    CHECK(u.pop == make_fraction(1119, 2204));
    CHECK(v.pop == make_fraction(362, 713));
    CHECK(v.pop > u.pop);
    CHECK(to_double(v.pop) - to_double(u.pop) < 1e-6);
    CHECK(ranks_above(v, u));
    CHECK(v.rank < u.rank);
    CHECK_FALSE(same_ranking_keys(u, v));
}

// ---------------------------------------------------------------------------------------
// HK-1.11

TEST_CASE("HK-1.11 several players at 10+: only the winner scores the match point, all scores count",
          "[HK-1.11][standings]") {
    const GameResult g = game({"A", "B", "C", "D"}, {10, 12, 10, 3}, 0);
    REQUIRE_FALSE(validate_game_result(g).has_value());
    const auto s = individual_standings({g});
    const Standing& a = find(s, "A");
    const Standing& b = find(s, "B");
    const Standing& c = find(s, "C");
    CHECK(a.match_points == 1);
    CHECK(b.match_points == 0);
    CHECK(c.match_points == 0);
    CHECK(a.game_points == 10);
    CHECK(b.game_points == 12);  // counts in full
    CHECK(c.game_points == 10);
    CHECK(a.pop == make_fraction(10, 35));
    CHECK(b.pop == make_fraction(12, 35));
    CHECK(c.pop == make_fraction(10, 35));
    // The match point decides: A is first although B has more points.
    CHECK(order(s) == std::vector<std::string>{"A", "B", "C", "D"});
    CHECK(ranks(s) == std::vector<int>{1, 2, 3, 4});
}

// ---------------------------------------------------------------------------------------
// HK-1.12 / HK-1.13: teams

TEST_CASE("HK-1.12 teams rank by lower average member rank, within their division", "[HK-1.12][standings]") {
    const std::string sec = "secondary & youth";
    const std::string pri = "primary & children";
    const auto s = individual_standings({
        game({"a", "e", "c", "g"}, {12, 9, 8, 7}, 0),  // a: 1 MP, GP 10, PoP 12/36
        game({"f", "b", "h", "d"}, {10, 6, 5, 4}, 0),  // f: 1 MP, GP 10, PoP 10/25
    });
    CHECK(order(s) == std::vector<std::string>{"f", "a", "e", "c", "g", "b", "h", "d"});
    const std::vector<Team> teams = {
        {"S1", sec, {"a", "b"}},
        {"S2", sec, {"c", "d"}},
        {"P1", pri, {"e", "f"}},
        {"P2", pri, {"g", "h"}},
    };
    const DivisionRanks dr = division_ranks(s, teams);
    // Ranks are re-numbered within each division (HK-1.12 Decision).
    CHECK(dr.at(sec) == std::map<std::string, int>{{"a", 1}, {"c", 2}, {"b", 3}, {"d", 4}});
    CHECK(dr.at(pri) == std::map<std::string, int>{{"f", 1}, {"e", 2}, {"g", 3}, {"h", 4}});

    const auto ts = team_standings(teams, dr);
    REQUIRE(ts.size() == 4);
    // Divisions in order of first appearance; each division ranked on its own.
    CHECK(ts[0].name == "S1");
    CHECK(ts[0].rank == 1);
    CHECK(ts[0].average == make_fraction(2));
    CHECK(ts[1].name == "S2");
    CHECK(ts[1].rank == 2);
    CHECK(ts[1].average == make_fraction(3));
    CHECK(ts[2].name == "P1");
    CHECK(ts[2].division == pri);
    CHECK(ts[2].rank == 1);
    CHECK(ts[2].average == make_fraction(3, 2));
    CHECK(ts[3].name == "P2");
    CHECK(ts[3].rank == 2);
    CHECK(ts[3].average == make_fraction(7, 2));
    CHECK(ts[3].member_ranks == std::vector<int>{3, 4});
}

TEST_CASE("HK-1.12 lower average wins regardless of team size; averages compare exactly", "[HK-1.12][standings]") {
    const DivisionRanks dr = {{"d", {{"a1", 1}, {"a2", 5}, {"a3", 6}, {"b1", 2}, {"b2", 3}, {"b3", 7}, {"b4", 8},
                                     {"c1", 4}, {"c2", 9}}}};
    const std::vector<Team> teams = {
        {"A", "d", {"a1", "a2", "a3"}},        // 12/3 = 4
        {"B", "d", {"b1", "b2", "b3", "b4"}},  // 20/4 = 5
        {"C", "d", {"c1", "c2"}},              // 13/2 = 6.5
    };
    const auto ts = team_standings(teams, dr);
    REQUIRE(ts.size() == 3);
    CHECK(ts[0].name == "A");
    CHECK(ts[1].name == "B");
    CHECK(ts[2].name == "C");
    CHECK(ts[2].average == make_fraction(13, 2));
    CHECK(ts[0].rank == 1);
    CHECK(ts[1].rank == 2);
    CHECK(ts[2].rank == 3);

    // A member without a rank in the team's division is an error.
    CHECK_THROWS_AS(team_standings({{"X", "d", {"a1", "nobody"}}}, dr), std::invalid_argument);
    CHECK_THROWS_AS(team_standings({{"X", "other", {"a1"}}}, dr), std::invalid_argument);
    CHECK_THROWS_AS(team_standings({{"X", "d", {}}}, dr), std::invalid_argument);
}

TEST_CASE("HK-1.13 team tie worked example: A > C > B", "[HK-1.13][HK-1.12][standings]") {
    const DivisionRanks dr = {{"div", {{"a1", 4}, {"a2", 11}, {"a3", 18}, {"a4", 31},
                                       {"b1", 1}, {"b2", 17}, {"b3", 34},
                                       {"c1", 2}, {"c2", 5}, {"c3", 16}, {"c4", 41}}}};
    const std::vector<Team> teams = {
        {"A", "div", {"a1", "a2", "a3", "a4"}},
        {"B", "div", {"b1", "b2", "b3"}},
        {"C", "div", {"c1", "c2", "c3", "c4"}},
    };
    const auto ts = team_standings(teams, dr);
    REQUIRE(ts.size() == 3);
    CHECK(find_team(ts, "A").average == make_fraction(16));
    CHECK(find_team(ts, "B").average == make_fraction(52, 3));  // 17.3333...
    CHECK(find_team(ts, "C").average == make_fraction(16));
    CHECK(ts[0].name == "A");
    CHECK(ts[1].name == "C");
    CHECK(ts[2].name == "B");
    CHECK(ts[0].rank == 1);
    CHECK(ts[1].rank == 2);
    CHECK(ts[2].rank == 3);

    // Same result whatever the input order.
    const auto rev = team_standings({teams[2], teams[1], teams[0]}, dr);
    CHECK(rev[0].name == "A");
    CHECK(rev[1].name == "C");
    CHECK(rev[2].name == "B");
}

TEST_CASE("HK-1.13 Decision: then second-worst, and a full tie shares the rank", "[HK-1.13][standings]") {
    SECTION("second-worst decides") {
        // Both average 20, worst 30; second-worst 20 (X) beats 25 (Y).
        const DivisionRanks dr = {{"d", {{"x1", 10}, {"x2", 20}, {"x3", 30}, {"y1", 5}, {"y2", 25}, {"y3", 30}}}};
        const auto ts = team_standings({{"Y", "d", {"y1", "y2", "y3"}}, {"X", "d", {"x1", "x2", "x3"}}}, dr);
        REQUIRE(ts.size() == 2);
        CHECK(ts[0].name == "X");
        CHECK(ts[0].rank == 1);
        CHECK(ts[1].name == "Y");
        CHECK(ts[1].rank == 2);
    }
    SECTION("identical rank lists share the rank, the next rank skips") {
        const DivisionRanks dr = {{"d", {{"p1", 1}, {"p2", 6}, {"q1", 6}, {"q2", 1}, {"r1", 2}, {"r2", 3},
                                         {"s1", 7}, {"s2", 8}}}};
        const auto ts = team_standings({{"Q", "d", {"q1", "q2"}},
                                        {"S", "d", {"s1", "s2"}},
                                        {"P", "d", {"p1", "p2"}},
                                        {"R", "d", {"r1", "r2"}}},
                                       dr);
        REQUIRE(ts.size() == 4);
        CHECK(ts[0].name == "R");  // 2.5
        CHECK(ts[0].rank == 1);
        CHECK(ts[1].name == "P");  // 3.5, worst 6
        CHECK(ts[1].rank == 2);
        CHECK(ts[2].name == "Q");  // 3.5, worst 6, then 1: tie with P
        CHECK(ts[2].rank == 2);
        CHECK(ts[3].name == "S");
        CHECK(ts[3].rank == 4);
    }
}
