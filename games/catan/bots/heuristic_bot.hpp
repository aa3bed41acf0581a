// The `heuristic` bot: production-value setup, build priorities, goal-directed bank trades,
// robber on the leader, goal-keeping discards, simple domestic trades. See games/catan/docs/bots.md.
#pragma once
#include "games/catan/bots/bot.hpp"

namespace hexhall::catan::bots {

class HeuristicBot final : public Bot {
public:
    explicit HeuristicBot(uint64_t seed) : seed_(seed) {}
    using Bot::decide;
    Action decide(const SeatView& view, const LegalActions& legal) override;
    const char* name() const override { return "heuristic"; }

private:
    Action main_turn(const SeatView& view, const LegalActions& legal);
    Action answer_offer(const SeatView& view, const LegalActions& legal) const;

    uint64_t seed_;
    // Per-turn memory (own decisions only), reset when the turn number changes.
    int turn_seen_ = -1;
    int actions_this_turn_ = 0;
    int trades_this_turn_ = 0;
    int offered_turn_ = -1;
    int trade_goal_ = -1;
};

// Stateless parts, shared with the search bot.
Action heuristic_robber(const SeatView& view, const LegalActions& legal);
Action heuristic_setup(const SeatView& view, const LegalActions& legal);
Action heuristic_road(const SeatView& view, const LegalActions& legal);  // best BuildRoad in the list, if any

}  // namespace hexhall::catan::bots
