// Results of finished tables, with the no-show policy applied (issue 17 "Running a round").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/game_rules.hpp"
#include "tournament/model.hpp"
#include "tournament/scoring.hpp"

namespace hexhall::tournament {

// The seats of the game as played at `table`, given who was absent: entrant ids in seat order,
// "" for a seat a built-in bot played. NoShowPolicy::BotScoresNothing keeps every seat (absent ones
// played by a bot); PlayWithThree drops absent seats, as long as at least the game's smallest table
// (3 for Catan, HK-0.2) remains, and otherwise falls back to bots.
std::vector<std::string> game_seats(const Tournament& t, const Table& table, const std::vector<std::string>& absent);

// The scoring policy of the tournament's game and ruleset (never null for a valid tournament).
const ScoringPolicy& scoring_of(const Tournament& t);

// Why `r` cannot be recorded now, or nullopt: the round must be started, the table exist and have
// no result yet, the absent entrants be seated there (each once), and the outcome fit the game as
// played and the scoring policy (e.g. HK-1.2 one winner with 10+ VP for Catan). A table where
// every entrant was absent has no game: its result has no winners and no scores (all forfeit).
std::optional<std::string> check_result(const Tournament& t, const TableResult& r);
// check_result, then appends it. Changes nothing on refusal.
std::optional<std::string> record_result(Tournament& t, const TableResult& r);

core::Outcome outcome_of(const TableResult& r);

}  // namespace hexhall::tournament
