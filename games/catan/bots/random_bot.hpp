// The `random` bot: the core's random-legal choice (core::pick_uniform, core/random_bot.hpp) over
// Catan's typed legal list; a discard (a count in that list, not a list of discards) is n cards
// drawn from the hand; never proposes or counters a domestic offer (open-ended, not listed).
#pragma once
#include "games/catan/bots/bot.hpp"
#include "games/catan/engine/rng.hpp"

namespace hexhall::catan::bots {

class RandomBot final : public Bot {
public:
    explicit RandomBot(uint64_t seed) : rng_(make_rng(seed)) {}
    using Bot::decide;
    Action decide(const SeatView& view, const LegalActions& legal) override;
    const char* name() const override { return "random"; }

private:
    Rng rng_;
};

// Shared helpers for any bot.
Action make_action(ActionType t, int seat);
// A discard of n cards chosen uniformly from the seat's hand.
Action random_discard(const SeatView& view, int n, Rng& rng);

}  // namespace hexhall::catan::bots
