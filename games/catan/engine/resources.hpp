// Resource types and small resource-count arithmetic (CAT-1.6).
#pragma once
#include <array>
#include <cstdint>
#include <cstring>

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
// Branch-free over the five counts at once (an early exit mispredicted on random hands): per byte,
// a >= b iff a's top bit is set and b's is not, or the top bits agree and the low seven bits of a are
// at least b's (bit 7 of (a | 0x80) - (b & 0x7F), which never borrows across bytes). Exact for 0..255.
inline bool covers(const ResourceCounts& have, const ResourceCounts& need) {
    uint64_t a = 0, b = 0;
    std::memcpy(&a, have.data(), kResourceTypes);
    std::memcpy(&b, need.data(), kResourceTypes);
    constexpr uint64_t kHigh = 0x8080808080ull;  // bit 7 of each of the five bytes
    const uint64_t low_ge = (a | kHigh) - (b & ~kHigh & 0xFFFFFFFFFFull);
    const uint64_t ge = ((a & ~b) | (~(a ^ b) & low_ge)) & kHigh;
    return ge == kHigh;
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
