// Resource types and small resource-count arithmetic (CAT-1.6).
#pragma once
#include <array>
#include <cstdint>

namespace hexhall::catan {

enum class Resource : uint8_t { Lumber = 0, Wool = 1, Grain = 2, Brick = 3, Ore = 4 };
inline constexpr int kResourceTypes = 5;
inline constexpr int kCardsPerResource = 19;

// Count of each resource type, indexed by Resource.
using ResourceCounts = std::array<uint8_t, kResourceTypes>;

inline constexpr int idx(Resource r) { return static_cast<int>(r); }

inline int total_of(const ResourceCounts& c) {
    return c[0] + c[1] + c[2] + c[3] + c[4];
}
// True when `have` holds at least `need` of every type.
inline bool covers(const ResourceCounts& have, const ResourceCounts& need) {
    bool short_of = false;  // no early exit: branch-free, random hands mispredicted it
    for (int i = 0; i < kResourceTypes; ++i) short_of |= have[i] < need[i];
    return !short_of;
}
inline void add(ResourceCounts& to, const ResourceCounts& c) {
    for (int i = 0; i < kResourceTypes; ++i) to[i] = static_cast<uint8_t>(to[i] + c[i]);
}
inline void subtract(ResourceCounts& from, const ResourceCounts& c) {
    for (int i = 0; i < kResourceTypes; ++i) from[i] = static_cast<uint8_t>(from[i] - c[i]);
}
// Moves `c` from one pile to another (the caller has checked `covers`).
inline void transfer(ResourceCounts& from, ResourceCounts& to, const ResourceCounts& c) {
    subtract(from, c);
    add(to, c);
}
inline ResourceCounts one_of(Resource r, uint8_t n = 1) {
    ResourceCounts c{};
    c[idx(r)] = n;
    return c;
}

const char* resource_name(Resource r);

// Building costs (CAT-10.2), in Resource order: lumber, wool, grain, brick, ore.
inline constexpr ResourceCounts kRoadCost{1, 0, 0, 1, 0};
inline constexpr ResourceCounts kSettlementCost{1, 1, 1, 1, 0};
inline constexpr ResourceCounts kCityCost{0, 0, 2, 0, 3};
inline constexpr ResourceCounts kDevCardCost{0, 1, 1, 0, 1};

}  // namespace hexhall::catan
