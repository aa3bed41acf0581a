// Hi-Lo: a small test-only card game (never shipped) that implements core/game_rules.hpp, so that the
// boundary between pure rules and the server is proven by a second game with hidden information.
//
// Rules (IDs TST-*): 2–4 players; a deck of cards 1..12, twice, shuffled from the seed; each player is
// dealt 3 cards (hidden). On your turn (TST-1: only the player whose turn it is acts) you play a card
// from your hand (TST-2: it must be in your hand) face up on the pile: you score 1 point if it is
// higher than the card on top of the pile (TST-3). Then you draw the top card of the deck if any is
// left (hidden from the others). The game ends when every hand is empty (TST-4); the highest score
// wins, ties share the win.
#pragma once
#include "core/game_rules.hpp"

namespace hexhall::test::hilo {

const core::RulesModule& module();
// Games built so far by the module's create() (tests: what a request cost the server).
int games_created();

}  // namespace hexhall::test::hilo
