// Per-game scoring policies over the generic game outcome (core::Outcome: winners and a score per
// seat). A tournament's standings add up SeatScores and rank them by HK-1.9 (match points, then
// game points, then the exact share of points), reusing the HK-1 ranking (tournament/hk_standings).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/game_rules.hpp"
#include "tournament/hk_standings.hpp"

namespace hexhall::tournament {

using Fraction = hexhall::hk::Fraction;

struct SeatScore {
    int match_points = 0;
    int game_points = 0;
    Fraction pop;  // share of the table's points, exact (HK-1.6 under "hk2024")
};

struct ScoringPolicy {
    const char* name;
    // Why this outcome cannot be scored, or nullopt.
    std::optional<std::string> (*check)(const core::Outcome& outcome);
    // One SeatScore per seat of a valid outcome.
    std::vector<SeatScore> (*score)(const core::Outcome& outcome);
};

// Each game's module names the policy of each of its rulesets (core::TournamentRuleset::scoring).
// "hk2024": HK-1 through tournament/hk_standings (one winner with 10+ VP, HK-1.2; 1 match point,
//           HK-1.3; game points capped at 10 for the winner, HK-1.5; PoP with the 3-player
//           imaginary fourth, HK-1.6/HK-1.7).
// "win-score": 1 match point to each winner (a shared win
//           gives each a point), game points = the game's score uncapped, PoP = score / sum of
//           scores (0 when every score is 0), ranked with the same keys.
const ScoringPolicy* find_scoring_policy(const std::string& name);

}  // namespace hexhall::tournament
