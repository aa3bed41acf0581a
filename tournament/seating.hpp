// Seating per round: which entrants sit at which table, in which seat (A–D, HK-0.3).
//
// Priorities, from published practice (Swiss-system pairing; "social golfer" schedules used for
// club events), strongest first, as weights far enough apart that a lower priority does not buy a
// violation of a higher one in practice:
//   1. avoid repeat opponents (each extra meeting of a pair; a third meeting costs more again);
//   2. keep declared groups apart (same club / family; optionally team mates);
//   3. Swiss rounds only: tables of players on similar standings (brackets of one table size);
//   4. vary the seat position: nobody gets the same seat letter twice while avoidable;
//   5. spread 3-player tables: nobody sits at a 3-player table twice while avoidable.
// The search is a tabu search with min-conflicts swaps (the standard local search for the social
// golfer problem), deterministic from the seed, stopping early at a proven lower bound. With Spread
// pairing it plans this round together with every remaining round (a whole schedule, so round 3
// is not left without a repeat-free answer) and returns this round; later rounds are planned again
// when they come, from what was actually played. Swiss rounds are planned one at a time.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tournament/model.hpp"

namespace hexhall::tournament {

// One round's tables, each a list of entrant ids in seat order (seat i = 'A' + i).
using RoundSeating = std::vector<std::vector<std::string>>;

struct SeatingWeights {
    int64_t repeat = 100000;  // per extra meeting of a pair (convex: a third meeting costs twice)
    int64_t group = 10000;    // per pair of the same group at one table
    int64_t swiss = 100;      // per standings-bracket step between two players at one table
    int64_t seat = 10;        // per extra time a player gets the same seat letter
    int64_t three = 3;        // per extra time a player sits at a 3-player table
};

struct SeatingRequest {
    std::vector<std::string> players;           // to seat this round (distinct ids)
    std::vector<RoundSeating> history;          // earlier rounds as played
    std::vector<std::vector<std::string>> groups;  // each: ids to keep apart
    std::vector<int> table_sizes;               // this round's tables (sum == players.size())
    int future_rounds = 0;                      // Spread: rounds after this one, planned alongside
    std::vector<std::string> swiss_order;       // Swiss: every player, best standing first; else empty
    uint64_t seed = 0;
    SeatingWeights weights;
    int64_t max_moves = 0;                      // search budget in moves; 0 = 8,000,000 / players (at least 5000)
};

// The tables for this round. Throws std::invalid_argument if the request is inconsistent.
RoundSeating seat_round(const SeatingRequest& request);

// Quality of a sequence of rounds (tests and the bench measure with it).
struct SeatingQuality {
    int repeat_pairs = 0;             // pairs of players who met more than once
    int extra_meetings = 0;           // sum over pairs of (meetings - 1) where positive
    int group_conflicts = 0;          // pairs of one group seated at one table (per round)
    int seat_repeats = 0;             // sum over players and letters of (times - 1) where positive
    int players_with_seat_repeat = 0; // players who had some seat letter twice
    int min_distinct_seats = 0;       // over players seated every round: fewest distinct letters
    int three_table_repeats = 0;      // sum over players of (3-player tables - 1) where positive
};
SeatingQuality measure_seating(const std::vector<RoundSeating>& rounds,
                               const std::vector<std::vector<std::string>>& groups = {});

// ---------------------------------------------------------------------------------------------
// On a tournament.

// Entrants who may be seated in round `round`: registered, joined by then, not disqualified.
std::vector<std::string> seatable_entrants(const Tournament& t, int round);

// Groups to keep apart: the declared groups, plus each team when settings.keep_teams_apart.
std::vector<std::vector<std::string>> groups_to_keep_apart(const Tournament& t);

// Seats the next round: the previous round must be finished (or none yet). Closes registration.
// Sets the round's public board seed (HK-3.1: one board for every table of the round) and a
// secret, distinct game seed per table. Returns an error and changes nothing on refusal.
std::optional<std::string> seat_next_round(Tournament& t);

// Manual change before the round starts: exchanges the seats of entrants a and b (different
// tables, or two seats of one table to change their letters). Refused once the round started,
// for unknown or unseated entrants, or a == b.
std::optional<std::string> swap_seats(Tournament& t, int round, const std::string& a, const std::string& b);

// Marks the round started (refused unless it is Seated) / finished (refused unless every table
// has a result).
std::optional<std::string> start_round(Tournament& t, int round);
std::optional<std::string> finish_round(Tournament& t, int round);

}  // namespace hexhall::tournament
