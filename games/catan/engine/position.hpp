// Starting a game from an explicit position: for tests, teaching puzzles and bot developers.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "games/catan/engine/engine.hpp"

namespace hexhall::catan {

struct PlayerSetup {
    ResourceCounts hand{};
    std::array<uint8_t, kDevCardTypes> dev_cards{};  // held, playable this turn
    uint8_t knights_played = 0;
    std::vector<int> settlements, cities, roads;
    int starred_settlement = -1;  // CAT-3.7: grants one card per hex next to it
};

struct Position {
    GameOptions options;             // map Starter/Random/Explicit as for new_game
    int robber = -1;                 // -1: the desert
    std::array<PlayerSetup, kMaxPlayers> players{};
    std::vector<DevCard> deck;       // remaining deck, top card first; empty: the unseen rest, shuffled
    int active = 0;
    Phase phase = Phase::PreRoll;    // PreRoll, or the after-roll phase (Main / Trade / Build)
    int turn = 1;
};

// Builds the state; returns nullptr on success or a message saying what is inconsistent.
const char* start_from_position(const Position& pos, uint64_t seed, GameState& out);

}  // namespace hexhall::catan
