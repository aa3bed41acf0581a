// HK 2024 tournament standings (tournament-hk-2024.md, HK-1 "Match scoring and ranking").
// Pure rules: no I/O, no JSON, no clock, no threads. Plain data plus free functions.
//
// Flow:
//   1. Record each finished game as a GameResult (check it with validate_game_result).
//   2. individual_standings(games) ranks every player who played (HK-1.3 .. HK-1.11).
//   3. division_ranks(standings, teams) re-ranks the players of each division among
//      themselves (HK-1.12 Decision), and team_standings(teams, those ranks) ranks the
//      teams within each division (HK-1.12, HK-1.13).
//
// Errors: invalid input is reported with std::invalid_argument; a Fraction result that
// cannot be held exactly in int64 raises std::overflow_error (never rounds silently).
#pragma once
#include <compare>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace hexhall::hk {

// ---------------------------------------------------------------------------------------
// Exact rational number (HK-1.10: PoP is compared exactly, without rounding).
// Invariant: den > 0 and gcd(|num|, den) == 1, so == on the members is value equality.
struct Fraction {
    int64_t num = 0;
    int64_t den = 1;

    friend bool operator==(const Fraction&, const Fraction&) = default;
    friend std::strong_ordering operator<=>(const Fraction& a, const Fraction& b);
};

// num/den in lowest terms with a positive denominator. Throws std::invalid_argument if
// den == 0, std::overflow_error if the value cannot be normalised in int64.
Fraction make_fraction(int64_t num, int64_t den = 1);
// Exact sum. Throws std::overflow_error if the reduced result does not fit in int64.
Fraction operator+(const Fraction& a, const Fraction& b);
// Exact a / k for an integer k != 0 (used for per-game averages).
Fraction divide(const Fraction& a, int64_t k);
// For display only; never use for comparisons.
double to_double(const Fraction& f);

// ---------------------------------------------------------------------------------------
// One finished game.
struct GameResult {
    std::vector<std::string> players;  // 3 or 4 distinct, non-empty names (HK-0.2)
    std::vector<int> vp;               // VP at game end incl. VP cards (HK-1.4), same order
    int winner = -1;                   // index of the declared winner (HK-1.1, HK-1.2)
};

// Returns a reason if the result cannot be a valid HK game, std::nullopt if it is fine:
// 3 or 4 players with distinct non-empty names; one VP total per player, none negative;
// exactly one declared winner (a valid index; HK-1.2), who has at least 10 VP (HK-1.1).
// Other players may also have 10 or more VP (HK-1.2, HK-1.11).
// Note: HK-1.1's "own turn" condition is enforced by the game engine; a GameResult only
// records the outcome.
std::optional<std::string> validate_game_result(const GameResult& g);

// Per-game scoring of player index i in a (valid) game.
int match_points_in_game(const GameResult& g, int i);  // HK-1.3: 1 for the winner, else 0
int game_points_in_game(const GameResult& g, int i);   // HK-1.4 with the HK-1.5 winner cap
// HK-1.6 / HK-1.7: actual VP (no cap, HK-1.5 Decision) / sum of all actual VP; in a
// 3-player game the denominator is sum + sum/3, so PoP = 3*vp / (4*sum).
Fraction pop_in_game(const GameResult& g, int i);

// ---------------------------------------------------------------------------------------
// Individual ranking.
struct Standing {
    std::string player;
    int games = 0;         // games played
    int match_points = 0;  // total (HK-1.3)
    int game_points = 0;   // total, winner's games capped at 10 (HK-1.4, HK-1.5)
    Fraction pop;          // total PoP, exact (HK-1.6, HK-1.7)
    int rank = 0;          // 1-based standard competition rank (HK-1.10)
};

// Ranks every player appearing in `games` (HK-1.9):
//   (1) more match points (total);
//   (2) more game points per game, i.e. game_points / games;
//   (3) more PoP per game, i.e. pop / games;
//   (4) otherwise the players share the rank.
// Keys 2 and 3 always compare per-game averages as exact fractions. For players with the
// same number of games this is exactly the total comparison the rule asks for; when game
// counts differ it is the average the HK-1.9 Decision asks for. (Comparing averages in
// every case keeps the order transitive.)
// Shared ranks use standard competition ranking 1, 2, 2, 4 (HK-1.10).
// The result is ordered by rank; players sharing a rank are ordered by name.
// Throws std::invalid_argument (naming the game index) if any game fails validation.
std::vector<Standing> individual_standings(const std::vector<GameResult>& games);

// True if a and b are equal on every HK-1.9 key (they would share a rank).
bool same_ranking_keys(const Standing& a, const Standing& b);
// True if a ranks strictly above b under HK-1.9.
bool ranks_above(const Standing& a, const Standing& b);

// Re-ranks a subset of players among themselves (same keys, HK-1.10 ranking), e.g. the
// players of one division. Players listed but absent from `standings` are skipped.
std::vector<Standing> subset_standings(const std::vector<Standing>& standings,
                                       const std::vector<std::string>& players);

// ---------------------------------------------------------------------------------------
// Team ranking (HK-1.12, HK-1.13).
struct Team {
    std::string name;
    std::string division;  // e.g. "secondary & youth", "primary & children"
    std::vector<std::string> members;
};

// division -> (player -> individual rank within that division).
using DivisionRanks = std::map<std::string, std::map<std::string, int>>;

// HK-1.12 Decision: for each division, re-rank the members of that division's teams among
// themselves (subset_standings). Members who played no game get no entry.
DivisionRanks division_ranks(const std::vector<Standing>& standings, const std::vector<Team>& teams);

struct TeamStanding {
    std::string name;
    std::string division;
    std::vector<int> member_ranks;  // in the order of Team::members
    Fraction average;               // mean member rank, exact; lower is better (HK-1.12)
    int rank = 0;                   // 1-based competition rank within the division
};

// Ranks teams within their division: lower average member rank first (exact, HK-1.12);
// on equal averages, the team whose worst-placed member (largest rank) is better placed
// ranks higher, then the second-worst, and so on (HK-1.13 and its Decision), comparing
// as many members as the smaller team has. If still equal, the teams share the rank
// (1, 2, 2, 4). Output: divisions in order of first appearance in `teams`, each by rank,
// equal ranks by team name.
// Throws std::invalid_argument if a team has no members or a member has no rank in
// `ranks` for the team's division.
std::vector<TeamStanding> team_standings(const std::vector<Team>& teams, const DivisionRanks& ranks);

}  // namespace hexhall::hk
