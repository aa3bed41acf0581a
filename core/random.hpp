// Hexhall's portable random generator for games: xoshiro256** seeded through splitmix64, with a
// portable bounded-integer method (Lemire's multiply-and-reject) and a Fisher-Yates shuffle; no
// standard-library distributions, so a seed gives the same sequence on every compiler. A game keeps
// its Rng in its state (plain data, copied freely by bots). Which games draw from it, and why the
// others do not yet: docs/decisions/015-one-registry.md.
#pragma once
#include <cstdint>

namespace hexhall::core {

struct Rng {
    uint64_t s[4]{};
};

inline uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

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

template <typename T>
void shuffle(Rng& rng, T* items, int n) {
    for (int i = n - 1; i > 0; --i) {
        const int j = static_cast<int>(uniform(rng, static_cast<uint32_t>(i + 1)));
        T tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
    }
}

}  // namespace hexhall::core
