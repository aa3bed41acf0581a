#include "games/catan/bots/random_bot.hpp"

#include "core/random_bot.hpp"
#include "games/catan/engine/random_play.hpp"

namespace hexhall::catan::bots {

Action make_action(ActionType t, int seat) {
    Action a;
    a.type = t;
    a.seat = static_cast<uint8_t>(seat);
    return a;
}

Action random_discard(const SeatView& view, int n, Rng& rng) {
    return catan::random_discard(view.seat, view.player[view.seat].hand, n, rng);
}

Action RandomBot::decide(const SeatView& view, const LegalActions& legal) {
    if (legal.discard) return random_discard(view, legal.discard, rng_);
    if (legal.count == 0) return make_action(ActionType::EndTurn, view.seat);  // nothing to decide
    return core::pick_uniform(legal.list, legal.count, rng_);  // the core's random-legal choice
}

}  // namespace hexhall::catan::bots
