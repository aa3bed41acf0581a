// The `search` bot: determinized Monte Carlo over the active player's main-phase choices.
// Each iteration samples the hidden information from the view (determinize.hpp), then plays every
// candidate action followed by a short heuristic playout on that same sample; the candidate with
// the best mean evaluation wins. Other decisions (setup, robber, discards, answers) are heuristic.
#pragma once
#include "games/catan/bots/bot.hpp"
#include "games/catan/bots/heuristic_bot.hpp"
#include "games/catan/engine/rng.hpp"

namespace hexhall::catan::bots {

struct SearchConfig {
    int budget_ms = 100;      // time budget per searched decision
    int max_playouts = 0;     // > 0: a fixed number of iterations instead (deterministic)
    int horizon_rounds = 2;   // playout length in full rounds after the current turn
    int max_candidates = 12;
};

class SearchBot final : public Bot {
public:
    SearchBot(uint64_t seed, SearchConfig config) : rng_(make_rng(seed)), fallback_(seed ^ 0x5EA5C4ull), config_(config) {}
    using Bot::decide;
    Action decide(const SeatView& view, const LegalActions& legal) override;
    const char* name() const override { return "search"; }

private:
    Rng rng_;
    HeuristicBot fallback_;
    SearchConfig config_;
    int turn_seen_ = -1;
    int actions_this_turn_ = 0;
};

}  // namespace hexhall::catan::bots
