// Random legal play: picks uniformly among a seat's legal actions, instantiating families.
// Used by the benchmark, the property tests and the `random` bot.
#pragma once
#include "games/catan/engine/engine.hpp"

namespace hexhall::catan {

// The seat whose decision the game waits on first (the active player, or a discarding player).
int next_decider(const GameState& s);
// A discard of n cards drawn one by one uniformly from `hand` (the random bot's and random play's).
Action random_discard(int seat, ResourceCounts hand, int n, Rng& rng);
// A uniformly chosen legal action for `seat` (families: a random discard; domestic offers never).
Action random_legal_action(const GameState& s, int seat, Rng& rng, LegalActions& scratch);
// Plays one whole game of random legal actions; returns the number of actions applied,
// or -1 if it did not end within max_actions.
int play_random_game(GameState& s, Rng& rng, int max_actions = 100000, EventList* events = nullptr);

}  // namespace hexhall::catan
