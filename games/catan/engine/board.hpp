// A concrete board: terrain and number on each hex, harbor type in each slot (CAT-3, CAT-4).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/resources.hpp"
#include "games/catan/engine/rng.hpp"

namespace hexhall::catan {

// Terrain index equals the resource it produces; the desert produces nothing.
enum class Terrain : uint8_t { Forest = 0, Pasture = 1, Fields = 2, Hills = 3, Mountains = 4, Desert = 5 };
// Harbor types: Generic is 3:1, the others 2:1 for the resource of the same index + 1.
enum class HarborType : uint8_t { Generic = 0, Lumber = 1, Wool = 2, Grain = 3, Brick = 4, Ore = 5 };

inline Resource harbor_resource(HarborType h) { return static_cast<Resource>(static_cast<int>(h) - 1); }
inline HarborType specific_harbor(Resource r) { return static_cast<HarborType>(idx(r) + 1); }

struct Board {
    std::array<Terrain, kHexes> terrain{};
    std::array<uint8_t, kHexes> number{};  // 0 on the desert
    std::array<HarborType, kHarbors> harbor{};

    bool operator==(const Board&) const = default;
};

enum class MapKind : uint8_t { Starter, Random, Explicit };
enum class NumberPlacement : uint8_t { Spiral, Random };

// CAT-3.3 / CAT-3.4: the published beginner layout.
Board starter_board();
// CAT-4: random terrain, harbor types shuffled over the fixed slots, numbers by spiral or random.
Board random_board(Rng& rng, NumberPlacement placement);
// CAT-4.3/4.4: the spiral visiting order from corner k (0..5), desert skipped by the caller.
std::array<uint8_t, kHexes> spiral_order(int corner);
// Checks an explicit board (HK-3.1) has exactly the CAT-1 components; returns a reason if not.
std::optional<std::string> validate_board(const Board& b);
// True if no 6 or 8 is adjacent to another 6 or 8 (CAT-4.5).
bool red_numbers_apart(const Board& b);
int desert_hex(const Board& b);
const char* terrain_name(Terrain t);
const char* harbor_name(HarborType h);

}  // namespace hexhall::catan
