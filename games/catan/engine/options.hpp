// Game options (CAT-0.2, HK-0.2).
#pragma once
#include <cstdint>
#include <optional>

#include "games/catan/engine/board.hpp"

namespace hexhall::catan {

enum class TradeBuildMode : uint8_t { Classic, Combined };
enum class Ruleset : uint8_t { Base, HK2024 };

struct GameOptions {
    int players = 4;                                       // 3 or 4 (CAT-0.1)
    MapKind map = MapKind::Random;                         // starter | random | explicit
    NumberPlacement number_placement = NumberPlacement::Spiral;
    std::optional<TradeBuildMode> mode;                    // default per CAT-0.2 decision
    Ruleset ruleset = Ruleset::Base;
    int victory_points = 10;
    int starting_seat = -1;                                // -1: roll for it on a random map (CAT-4.7), else seat 0 (CAT-3.8)
    std::optional<Board> board;                            // for MapKind::Explicit (HK-3.1)
};

// The options with every default filled in and HK fixed settings applied (HK-0.2).
// Returns an error message for invalid options.
struct ResolvedOptions {
    int players;
    MapKind map;
    NumberPlacement number_placement;
    TradeBuildMode mode;
    Ruleset ruleset;
    int victory_points;
    int starting_seat;  // -1 = roll

    bool operator==(const ResolvedOptions&) const = default;
};
const char* resolve_options(const GameOptions& in, ResolvedOptions& out);

}  // namespace hexhall::catan
