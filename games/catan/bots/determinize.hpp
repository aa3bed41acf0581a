// Determinization for the search bot: a full GameState consistent with one seat's view,
// with the hidden information (other hands, other development cards, the deck order) sampled.
#pragma once
#include "games/catan/engine/rng.hpp"
#include "games/catan/engine/view.hpp"

namespace hexhall::catan::bots {

// Fills `out` from `view` (view.seat's knowledge). Opponents' hands get their known counts drawn
// from the resource cards neither in the bank nor in the seat's hand; opponents' development
// cards and the deck are drawn from the cards not known to be elsewhere. Future dice come from rng.
void determinize(const SeatView& view, Rng& rng, GameState& out);

}  // namespace hexhall::catan::bots
