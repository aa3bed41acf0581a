// Shared helpers for the protocol tests.
#pragma once
#include <cstdint>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"

namespace hexhall::test {

// Varied options for game number g: 3 or 4 players, starter or random map, classic or combined
// trade/build; every 10th game to 10 victory points, the others to 3..6 (shorter games keep the
// tests fast; a target of 3 ends at the first build after setup).
inline catan::GameOptions varied_options(uint64_t g) {
    catan::GameOptions o;
    o.players = (g % 3 == 0) ? 3 : 4;
    o.map = (g % 4 == 1) ? catan::MapKind::Starter : catan::MapKind::Random;
    if (g % 5 == 2) o.mode = catan::TradeBuildMode::Classic;
    if (g % 7 == 3) o.number_placement = catan::NumberPlacement::Random;
    o.victory_points = g % 10 == 9 ? 10 : 3 + static_cast<int>(g % 4);
    return o;
}

// One random legal step (the referee's BeginPlacement during map study).
inline catan::Action random_step(const catan::GameState& s, catan::Rng& rng, catan::LegalActions& la) {
    if (s.phase == catan::Phase::MapStudy) {
        catan::Action b;
        b.type = catan::ActionType::BeginPlacement;
        return b;
    }
    return catan::random_legal_action(s, catan::next_decider(s), rng, la);
}

}  // namespace hexhall::test
