// Leaderboards and seasons (issue 29): who ranks where by the conservative rating mu - 3 sigma,
// after a minimum number of games; which season a moment falls in. Plain data, free functions.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tournament/rating.hpp"

namespace hexhall::rating {

// One player's rating in one game family (and season), with the games it rests on.
struct Standing {
    std::string player;
    Rating rating;
    int games = 0;
};

struct LeaderboardRow {
    int rank = 0;  // 1-based; players with equal ordinals share a rank
    std::string player;
    Rating rating;
    double ordinal = 0.0;
    int games = 0;
};

// Players with at least `min_games` games, best ordinal first; equal ordinals share a rank and are
// listed by more games, then by name.
std::vector<LeaderboardRow> leaderboard(std::span<const Standing> standings, int min_games, const Model& model = {});

// Seasons are whole calendar periods of `months` months (1, 2, 3, 4, 6 or 12) in UTC, counted from
// January: with 3, the quarters. A season's id names its first month: "2026-10" for Oct-Dec 2026.
struct Season {
    std::string id;
    int64_t start = 0;  // unix seconds, inclusive
    int64_t end = 0;    // unix seconds, exclusive: the next season's start
};

// The season containing `unix_seconds`; `months` outside the list above is taken as 3.
Season season_at(int64_t unix_seconds, int months = 3);

}  // namespace hexhall::rating
