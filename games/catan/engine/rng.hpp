// The game's only source of randomness: a seeded generator held in the game state.
// Portable by construction: fixed-width integer arithmetic only, no standard-library
// distributions (their output differs between implementations).
#pragma once
#include <cstdint>

namespace hexhall::catan {

// xoshiro256** seeded through splitmix64.
struct Rng {
    uint64_t s[4]{};
};

Rng make_rng(uint64_t seed);
uint64_t next_u64(Rng& rng);
// Uniform integer in [0, n), n >= 1, by Lemire's multiply-and-reject method.
uint32_t uniform(Rng& rng, uint32_t n);
// Fisher-Yates shuffle of n elements.
template <typename T>
void shuffle(Rng& rng, T* items, int n) {
    for (int i = n - 1; i > 0; --i) {
        const int j = static_cast<int>(uniform(rng, static_cast<uint32_t>(i + 1)));
        T tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
    }
}

}  // namespace hexhall::catan
