// Built-in Struggle for Catan bots. Each decides on a determinized copy only (core::RulesBot), so it
// never uses what its seat cannot know.
#pragma once
#include <memory>
#include <string_view>

#include "core/game_rules.hpp"
#include "games/struggle/engine.hpp"

namespace hexhall::struggle {

// Typed policies (used by the RulesBots, the benches and the search's playouts).
Move random_move(const State& s, int seat, Rng& rng, std::vector<Move>& scratch);
Move heuristic_move(const State& s, int seat, Rng& rng, std::vector<Move>& scratch);

struct SearchConfig {
    int determinizations = 8;   // worlds sampled per decision
    int playouts_per_move = 2;  // playouts per candidate per world
    int max_candidates = 12;    // best candidates by the heuristic's evaluation
    int horizon_turns = 12;     // playouts stop after this many turns and are scored
};
Move search_move(const State& s, int seat, uint64_t seed, const SearchConfig& config);

// Static evaluation of a state for `seat` (higher is better); used by heuristic and search.
double evaluate(const State& s, int seat);

std::unique_ptr<hexhall::core::RulesBot> make_struggle_bot(std::string_view name, uint64_t seed);

}  // namespace hexhall::struggle
