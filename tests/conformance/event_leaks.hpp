// Non-interference over events (docs/architecture.md, "Games"): what a viewer's events tell it of
// what is hidden from it must already be told by its view. A game passes when, at every step of random play, for every viewer
// (each seat and the spectator) that cannot tell two worlds apart before an action, and whose views
// after it are equal again, the events it is sent are equal too. The two worlds are
//  - hidden state: the real game and a copy determinized for the actor or another seat (hands,
//    bags and secret bids drawn again), the same action applied to both;
//  - hidden choice (simultaneous moves): while other seats still decide in the same round, the actor's
//    action and another of its legal actions (every viewer but the actor).
// An event that carries a secret (another seat's card or bid) differs between the worlds while the
// view does not: the check reports it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/game_rules.hpp"

namespace hexhall::test {

// Plays one game of `rules` for `players` with random legal actions drawn from `seed` and returns the
// first leak found (which viewer, after which action, both events), or nullopt when there is none.
std::optional<std::string> find_event_leak(const core::RulesModule& rules, int players, uint64_t seed);

}  // namespace hexhall::test
