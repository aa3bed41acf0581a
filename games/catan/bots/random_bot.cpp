#include "games/catan/bots/random_bot.hpp"

namespace hexhall::catan::bots {

Action make_action(ActionType t, int seat) {
    Action a;
    a.type = t;
    a.seat = static_cast<uint8_t>(seat);
    return a;
}

Action random_discard(const SeatView& view, int n, Rng& rng) {
    Action a = make_action(ActionType::Discard, view.seat);
    ResourceCounts left = view.player[view.seat].hand;
    for (int k = 0; k < n && total_of(left) > 0; ++k) {
        uint32_t pick = uniform(rng, static_cast<uint32_t>(total_of(left)));
        int r = 0;
        while (pick >= left[r]) pick -= left[r++];
        --left[r];
        ++a.give[r];
    }
    return a;
}

Action RandomBot::decide(const SeatView& view, const LegalActions& legal) {
    if (legal.discard) return random_discard(view, legal.discard, rng_);
    if (legal.count == 0) return make_action(ActionType::EndTurn, view.seat);  // nothing to decide
    return legal.list[uniform(rng_, static_cast<uint32_t>(legal.count))];
}

}  // namespace hexhall::catan::bots
