// Deterministic randomness for seating and seeds: core's splitmix64 step (core/random.hpp, the one
// generator: decision 023), fixed-width integer arithmetic (no standard-library distributions, whose
// output differs between implementations).
#pragma once
#include <cstdint>
#include <initializer_list>

#include "core/random.hpp"

namespace hexhall::tournament {

using core::splitmix64;

// A value derived from `seed` and a list of small integers (purpose, round, table, ...).
inline uint64_t derive_seed(uint64_t seed, std::initializer_list<uint64_t> parts) {
    uint64_t state = seed;
    uint64_t out = splitmix64(state);
    for (uint64_t p : parts) {
        state ^= p + 0x632BE59BD9B4E019ull + (out << 6) + (out >> 2);
        out = splitmix64(state);
    }
    return out;
}

// Board and game seeds handed to rooms: below 2^53, so that they are exact as JSON numbers
// (createRoom's "seed" and "boardSeed", shown to browsers).
inline constexpr uint64_t kRoomSeedMask = (uint64_t{1} << 53) - 1;

struct SeatingRng {
    uint64_t state;
    uint64_t next() { return splitmix64(state); }
    // Uniform in [0, n), n >= 1 (Lemire's multiply-and-reject).
    uint32_t below(uint32_t n) {
        uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(next())) * n;
        uint32_t low = static_cast<uint32_t>(m);
        if (low < n) {
            const uint32_t threshold = static_cast<uint32_t>(-n) % n;
            while (low < threshold) {
                m = static_cast<uint64_t>(static_cast<uint32_t>(next())) * n;
                low = static_cast<uint32_t>(m);
            }
        }
        return static_cast<uint32_t>(m >> 32);
    }
    // Uniform in [0, 1) with 53 bits.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

}  // namespace hexhall::tournament
