// Hexhall's one random generator for games (docs/decisions/023-one-random-generator.md). Portable by
// construction: fixed-width integer arithmetic only, no standard-library distributions (their output
// differs between implementations), so a seed gives the same sequence on every compiler. A game keeps
// its generator in its state (plain data, copied freely by bots). Two algorithms, each kept because
// games' stored seeds and records replay with it (which game draws how: the decision record):
//  - Rng: xoshiro256** seeded through splitmix64, with Lemire's bounded draw (uniform) and a
//    Fisher-Yates shuffle (shuffle). The one a new game takes.
//  - SplitMix64: splitmix64's own sequence (one word of state), drawing in [0, n) by multiply-shift
//    (below) or by remainder (remainder, shuffle_by_remainder), for games that always drew so.
#pragma once
#include <cstdint>

namespace hexhall::core {

// One step of splitmix64: advances `x` and returns the next output.
inline uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Fisher-Yates: for i from n-1 down to 1, swaps items[i] with items[draw(i + 1)], where draw(k) is
// uniform in [0, k). The generators below name their draw.
template <typename T, typename Draw>
void fisher_yates(T* items, int n, Draw&& draw) {
    for (int i = n - 1; i > 0; --i) {
        const int j = static_cast<int>(draw(static_cast<uint32_t>(i + 1)));
        T tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
    }
}

// ---- xoshiro256** --------------------------------------------------------------------------------

struct Rng {
    uint64_t s[4]{};
};

inline Rng make_rng(uint64_t seed) {
    Rng r;
    for (auto& w : r.s) w = splitmix64(seed);
    return r;
}

inline uint64_t next_u64(Rng& rng) {
    uint64_t* s = rng.s;
    auto rotl = [](uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

// Uniform integer in [0, n), n >= 1 (Lemire's multiply-and-reject).
inline uint32_t uniform(Rng& rng, uint32_t n) {
    uint32_t x = static_cast<uint32_t>(next_u64(rng) >> 32);
    uint64_t m = static_cast<uint64_t>(x) * n;
    uint32_t low = static_cast<uint32_t>(m);
    if (low < n) {
        const uint32_t threshold = static_cast<uint32_t>(-n) % n;
        while (low < threshold) {
            x = static_cast<uint32_t>(next_u64(rng) >> 32);
            m = static_cast<uint64_t>(x) * n;
            low = static_cast<uint32_t>(m);
        }
    }
    return static_cast<uint32_t>(m >> 32);
}

// Fisher-Yates shuffle of n elements with uniform().
template <typename T>
void shuffle(Rng& rng, T* items, int n) {
    fisher_yates(items, n, [&rng](uint32_t k) { return uniform(rng, k); });
}

// ---- splitmix64 by itself ------------------------------------------------------------------------

struct SplitMix64 {
    uint64_t state = 0;
    explicit SplitMix64(uint64_t seed = 0) : state(seed) {}
    uint64_t next() { return splitmix64(state); }
    // In [0, n), n >= 1: the high 32 bits times n, shifted down (multiply-shift; the bias is below
    // n / 2^32, irrelevant for the small n games draw).
    uint32_t below(uint32_t n) { return static_cast<uint32_t>(((next() >> 32) * n) >> 32); }
    // In [0, n), n >= 1: the next output modulo n.
    uint64_t remainder(uint64_t n) { return next() % n; }
};

// Fisher-Yates shuffle of n elements with remainder().
template <typename T>
void shuffle_by_remainder(SplitMix64& rng, T* items, int n) {
    fisher_yates(items, n, [&rng](uint32_t k) { return rng.remainder(k); });
}

}  // namespace hexhall::core
