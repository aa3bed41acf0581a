// Carcassonne bots on the typed engine. Each decides on a Game it was given, which for a seat's
// bot is a determinized copy (GameRules::determinize): the bag order it sees is a guess.
#pragma once
#include <cstdint>

#include "games/carcassonne/engine.hpp"

namespace hexhall::carcassonne {

// One decision: a placement (phase Place) or a spot (phase Follower; -1 = no follower).
struct Decision {
    bool is_place = true;
    Placement placement{};
    int spot = -1;
};

// A whole turn: where the tile goes and which spot on it (-1: none).
struct Move {
    Placement placement{};
    int spot = -1;
};

// The random bot is the core one (core/random_bot.hpp) with the multiply-shift draw.

// Static evaluation for `seat`: its score plus the expected value of its features and followers,
// minus the best opponent's (feature value, follower economy, farmer timing).
double evaluate(const Game& g, int seat);
// Every complete move (placement × spot) of the current turn with its evaluation, best first.
struct RatedMove {
    Move move;
    double value;
};
void rate_moves(const Game& g, int seat, std::vector<RatedMove>& out);
Decision heuristic_decide(const Game& g, int seat);

struct SearchBudget {
    int playouts = 5000;  // total playouts per decision (0: no limit)
    int millis = 1000;    // wall-clock limit per decision (0: no limit); one limit must be set
    int candidates = 10;  // moves kept from the heuristic ranking
};
struct SearchStats {
    long playouts = 0;
    Move best{};
};
// Information-set Monte Carlo: candidate moves from the heuristic ranking, each evaluated by
// playouts to the end on fresh reshuffles of the unknown bag, allocated by UCB1.
Decision search_decide(const Game& g, int seat, const SearchBudget& budget, uint64_t seed, SearchStats* stats);
Move search_move(const Game& g, int seat, const SearchBudget& budget, uint64_t seed, SearchStats* stats);

}  // namespace hexhall::carcassonne
