// A small portable generator (splitmix64) and a portable bounded draw, so a seed gives the same
// bag on every compiler and standard library.
#pragma once
#include <cstdint>

namespace hexhall::carcassonne {

struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) : state(seed) {}
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) for n > 0 (multiply-shift; the tiny bias is irrelevant for n ≤ 2^16).
    uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
};

}  // namespace hexhall::carcassonne
