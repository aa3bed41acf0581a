// Goofspiel: a small test-only game (never shipped) of simultaneous secret bids, so that the
// conformance suite and the server run a game whose seats decide at the same time.
//
// Rules (IDs GSP-*): 2–4 players; each holds the cards 1..N (option "cards", 3–13, default 13; every
// hand is public). A prize deck 1..N is shuffled from the seed and its top card turned up. Every
// player bids one card of their hand in secret (GSP-1: only a player who has not bid this round bids;
// GSP-2: the card must be in the bidder's hand). When all have bid, the bids are revealed and the
// highest bid alone wins the prize's value in points; a tie for the highest discards the prize (GSP-3).
// The next prize is turned up. After N rounds the game ends (GSP-4); the highest score wins, ties share.
#pragma once
#include "core/game_rules.hpp"

namespace hexhall::test::goofspiel {

const core::RulesModule& module();

// The same game with a planted leak: every bid is told to everybody in its event at once. Never
// registered: the conformance suite's event non-interference check must catch it.
const core::RulesModule& leaky_module();

}  // namespace hexhall::test::goofspiel
