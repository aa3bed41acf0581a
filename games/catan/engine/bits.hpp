// Small bitsets over intersections (54 bits) and edges (72 bits).
#pragma once
#include <bit>
#include <cstdint>

namespace hexhall::catan {

using IntersectionSet = uint64_t;

// Bit count. Without -mpopcnt std::popcount becomes a libgcc call; this form stays inline.
inline int popcount64(uint64_t x) {
#if defined(__POPCNT__)
    return std::popcount(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

struct EdgeSet {
    uint64_t lo = 0, hi = 0;  // edges 0..63, 64..71

    bool has(int e) const { return e < 64 ? (lo >> e) & 1 : (hi >> (e - 64)) & 1; }
    void set(int e) {
        if (e < 64) lo |= uint64_t{1} << e;
        else hi |= uint64_t{1} << (e - 64);
    }
    void clear(int e) {
        if (e < 64) lo &= ~(uint64_t{1} << e);
        else hi &= ~(uint64_t{1} << (e - 64));
    }
    int count() const { return popcount64(lo) + popcount64(hi); }
    bool empty() const { return (lo | hi) == 0; }
    EdgeSet operator|(const EdgeSet& o) const { return {lo | o.lo, hi | o.hi}; }
    EdgeSet operator&(const EdgeSet& o) const { return {lo & o.lo, hi & o.hi}; }
    EdgeSet operator~() const { return {~lo, ~hi & 0xFF}; }
    EdgeSet& operator|=(const EdgeSet& o) { lo |= o.lo; hi |= o.hi; return *this; }
    bool operator==(const EdgeSet&) const = default;
    // The n-th set edge (0-based), or -1.
    int nth(int n) const {
        uint64_t w = lo;
        int base = 0;
        int c = popcount64(w);
        if (n >= c) { n -= c; w = hi; base = 64; }
        for (; w; w &= w - 1)
            if (n-- == 0) return base + std::countr_zero(w);
        return -1;
    }
};

template <typename F>
inline void for_each_bit(uint64_t w, int base, F&& f) {
    for (; w; w &= w - 1) f(base + std::countr_zero(w));
}
template <typename F>
inline void for_each_edge(const EdgeSet& s, F&& f) {
    for_each_bit(s.lo, 0, f);
    for_each_bit(s.hi, 64, f);
}
inline bool has_bit(uint64_t w, int i) { return (w >> i) & 1; }
inline uint64_t bit(int i) { return uint64_t{1} << i; }

}  // namespace hexhall::catan
