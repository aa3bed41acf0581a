#include "games/catan/engine/rng.hpp"

namespace hexhall::catan {
namespace {
uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

Rng make_rng(uint64_t seed) {
    Rng r;
    for (auto& w : r.s) w = splitmix64(seed);
    return r;
}

uint64_t next_u64(Rng& rng) {
    uint64_t* s = rng.s;
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

uint32_t uniform(Rng& rng, uint32_t n) {
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

}  // namespace hexhall::catan
