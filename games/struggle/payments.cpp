#include "games/struggle/payments.hpp"

#include <algorithm>
#include <array>

namespace hexhall::struggle {

namespace {

// Quick exit: paying directly what you hold, the missing cards must be covered by triples of
// surplus cards (and one university card); lowering a direct payment never helps.
bool may_pay(const Cards& cost, const Cards& hand, bool university) {
    int missing = 0, triples = 0, spare = 0;
    for (int r = 0; r < kResources; ++r) {
        if (hand[r] < cost[r]) missing += cost[r] - hand[r];
        else {
            triples += (hand[r] - cost[r]) / 3;
            spare += (hand[r] - cost[r]) % 3;
        }
    }
    return missing <= triples + (university && (spare > 0 || triples > 0) ? 1 : 0);
}

}  // namespace

// ---- listing (the reference; legal_moves sends this list to clients) ----

void list_payments(const Cards& cost, const Cards& hand, bool university, std::vector<Cards>& out) {
    out.clear();
    if (!may_pay(cost, hand, university)) return;
    // First how many of each required resource are paid directly, then which triples (and at most
    // one university card) cover the units still missing.
    Cards direct, extra;
    std::array<int, kResources + 1> cap{};  // triples the resources from r on can still supply
    auto cover = [&](auto&& self, int r, int need, bool e_used) -> void {
        if (need > cap[r] + (university && !e_used ? 1 : 0)) return;
        if (r == kResources) {
            if (need == 0) {
                Cards pay = direct;
                pay.add(extra);
                out.push_back(pay);
            }
            return;
        }
        const int free = hand[r] - direct[r];
        for (int t = 0; t <= need && 3 * t <= free; ++t) {
            extra[r] = 3 * t;
            self(self, r + 1, need - t, e_used);
            if (university && !e_used && need - t >= 1 && 3 * t + 1 <= free) {
                extra[r] = 3 * t + 1;
                self(self, r + 1, need - t - 1, true);
            }
        }
        extra[r] = 0;
    };
    auto choose = [&](auto&& self, int r, int missing, int supply) -> void {
        // supply: triples available from resources before r, plus the most the rest could give
        if (missing > supply + (university ? 1 : 0)) return;
        if (r == kResources) {
            cap[kResources] = 0;
            for (int i = kResources - 1; i >= 0; --i) cap[i] = cap[i + 1] + (hand[i] - direct[i]) / 3;
            cover(cover, 0, missing, false);
            return;
        }
        const int dmax = std::min(cost[r], hand[r]);
        for (int d = dmax; d >= 0; --d) {
            direct[r] = d;
            self(self, r + 1, missing + cost[r] - d, supply - hand[r] / 3 + (hand[r] - d) / 3);
        }
        direct[r] = 0;
    };
    int supply = 0;
    for (int r = 0; r < kResources; ++r) supply += hand[r] / 3;
    choose(choose, 0, 0, supply);
    // Several splits can give the same cards: keep each payment once, in a stable order.
    auto key = [](const Cards& c) {
        uint64_t k = 0;
        for (int r = 0; r < kResources; ++r) k = (k << 8) | static_cast<uint64_t>(c[r]);
        return k;
    };
    std::sort(out.begin(), out.end(), [&](const Cards& a, const Cards& b) { return key(a) > key(b); });
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

// ---- counting without listing ----
//
// Paying p cards of resource r towards a cost of c of it: d of them directly (d <= min(c, p)), the
// other p - d = 3t + e as t triples and e in {0, 1} university cards. A payment is valid iff some
// such split of every resource has sum(t + e) = sum(c - d) (each triple or university card covers
// one missing unit) with at most one e = 1, and only with the university (payment_valid).
// Substituting d = p - 3t - e, that is sum(t) = (P - C) / 2 with P, C the totals paid and owed. For
// one resource and fixed p, e the feasible t form an interval (d runs over an interval):
//   e = 0: t in [ceil(q / 3), floor(p / 3)],       q = max(p - c, 0)
//   e = 1: t in [floor((q + 1) / 3), floor((p - 1) / 3)]   (p >= 1)
// and a sum of intervals is an interval. In terms of v = p - c - 2t (whose sum must be 0) the e = 0
// interval of t gives a range [a, b] of v, of the parity of p - c. So without the university card a
// pay vector is valid iff A <= 0 <= B with A = sum a, B = sum b and A even (then B is too). The
// university card adds: if every resource has an e = 0 split, the e = 1 split of a resource whose
// lower t end is one lower extends B by 2 (the two ranges overlap, so the union stays a range); if
// exactly one resource has only an e = 1 split, that one must take the card. Hence each p of a
// resource gets a layer: 0 plain, 1 plain and could extend B by 2, 2 needs the card, or none.
// Layers combine as max, except that two 2s are invalid. Counting pay vectors with A <= 0 <= B'
// (B' = B, plus 2 in layer 1) is #(A <= 0) - #(B' <= -2), both over even values, since A <= B'.
// Those are counted with histograms of A and of B per layer over the suffixes r..4 of resources,
// built from resource 4 down; the same tables unrank in the listing order.

namespace {

constexpr int kLayers = 3;
constexpr int kMaxCost = 63;  // larger totals (no ruleset has them) are counted by listing

int combine(int x, int y) { return x == 2 && y == 2 ? -1 : (x > y ? x : y); }

struct Option {
    int8_t layer = -1;  // -1: p cards of this resource are in no valid payment
    int8_t a = 0, b = 0;  // |a|, |b| <= max(cost, held / 3 + 2) < 128 (costs and hands are checked first)
};

Option option_for(int c, int p, bool university) {
    Option o;
    const int q = p > c ? p - c : 0;
    const int lo0 = (q + 2) / 3, hi0 = p / 3;
    if (lo0 <= hi0) {
        o.layer = university && p >= 1 && (q + 1) / 3 < lo0 && (q + 1) / 3 <= (p - 1) / 3 ? 1 : 0;
        o.a = static_cast<int8_t>(p - c - 2 * hi0);
        o.b = static_cast<int8_t>(p - c - 2 * lo0);
    } else if (university && p >= 1 && (q + 1) / 3 <= (p - 1) / 3) {
        o.layer = 2;
        o.a = static_cast<int8_t>(p - c - 2 * ((p - 1) / 3));
        o.b = static_cast<int8_t>(p - c - 2 * ((q + 1) / 3));
    }
    return o;
}

// Histograms of A and B per layer over the pay vectors of the resources r..4 (r = 5: the empty
// vector). A suffix sum v is stored at index v + (costs of r..4); sums above the costs of the
// resources before r are dropped, as no prefix can bring them down to 0 (every a, b >= -c). So
// every histogram has total cost + 1 entries.
struct Counter {
    Cards cost, hand;
    bool university = false;
    bool built = false;  // the tables are those of (cost, hand, university)
    int width = 0;  // total cost + 1
    std::array<int, kResources + 1> below{};  // costs of resources r..4
    std::array<std::array<bool, kLayers>, kResources + 1> nonempty{};
    std::array<std::array<std::array<std::array<uint32_t, kMaxCost + 1>, 2>, kLayers>, kResources + 1> hist;

    bool build(const Cards& cost, const Cards& hand, bool university);
    uint32_t completions(int r, int layer, int a, int b) const;
};

bool Counter::build(const Cards& cost_, const Cards& hand_, bool university_) {
    cost = cost_;
    hand = hand_;
    university = university_;
    built = false;
    below[kResources] = 0;
    for (int r = kResources - 1; r >= 0; --r) {
        if (hand[r] < 0 || hand[r] > kResourceTotal || cost[r] < 0) return false;
        below[r] = below[r + 1] + cost[r];
    }
    if (below[0] > kMaxCost) return false;
    const int total = below[0];
    width = total + 1;
    for (auto& n : nonempty) n.fill(false);
    hist[kResources][0][0][0] = hist[kResources][0][1][0] = 1;
    nonempty[kResources][0] = true;
    for (int r = kResources - 1; r >= 0; --r) {
        const int c = cost[r];
        for (int p = 0; p <= hand[r]; ++p) {
            // a >= p/3 - c puts index c + a + x >= p/3: this p and every larger one are dropped
            if (p / 3 > total) break;
            const Option o = option_for(c, p, university);
            if (o.layer < 0 || c + o.a > total) continue;
            for (int ls = 0; ls < kLayers; ++ls) {
                if (!nonempty[r + 1][ls]) continue;
                const int l = combine(o.layer, ls);
                if (l < 0) continue;
                if (!nonempty[r][l]) {
                    nonempty[r][l] = true;
                    std::fill(hist[r][l][0].begin(), hist[r][l][0].begin() + width, 0u);
                    std::fill(hist[r][l][1].begin(), hist[r][l][1].begin() + width, 0u);
                }
                // index x at r + 1 (v = x - below[r+1]) lands on v + shift, index x + c + shift
                for (int k = 0; k < 2; ++k) {
                    const int shift = c + (k == 0 ? o.a : o.b);
                    if (shift >= width) continue;
                    const uint32_t* src = hist[r + 1][ls][k].data();
                    uint32_t* dst = hist[r][l][k].data() + shift;
                    for (int x = 0, n = width - shift; x < n; ++x) dst[x] += src[x];
                }
            }
        }
    }
    built = true;
    return true;
}

// Pay vectors of resources r..4 that complete a prefix with layer `layer`, A-sum a and B-sum b.
uint32_t Counter::completions(int r, int layer, int a, int b) const {
    uint32_t n = 0;
    for (int ls = 0; ls < kLayers; ++ls) {
        if (!nonempty[r][ls]) continue;
        const int l = combine(layer, ls);
        if (l < 0) continue;
        // a + v <= 0 and even; b + v <= -2 (layer 1: -4) and even; v = x - below[r]
        const int thr = l == 1 ? -4 : -2;
        const int base = below[r];
        const auto& ha = hist[r][ls][0];
        const auto& hb = hist[r][ls][1];
        for (int x = ((a - base) & 1), top = std::min(width - 1, base - a); x <= top; x += 2) n += ha[x];
        for (int x = ((b - base) & 1), top = std::min(width - 1, base + thr - b); x <= top; x += 2) n -= hb[x];
    }
    return n;
}

// The same tables packed for the common case (total cost <= 7): each histogram is one integer of
// eight lanes, lane x counting index x: 8-bit lanes in 64 bits when there are fewer than 256 pay
// vectors (most hands), else 16-bit lanes in 128 bits when fewer than 65,536. Adding a resource's
// option shifts a histogram up by c + a lanes; lanes above the total cost only ever move up (and
// out), so they never disturb the counted ones, and no counted lane can overflow.
__extension__ typedef unsigned __int128 u128;
constexpr int kLanes = 8;

// option_for for small costs and hands, from a table; and for each (university, c, hand[r]) the
// options of p = 0..hand[r] grouped by (layer, lane shift of A, of B), with how many p share each
// (shifts of 8 lanes or more drop out).
struct OptionTable {
    static constexpr int kCosts = kLanes, kHeld = kResourceTotal + 1;
    struct Group {
        uint8_t layer, sa, sb;
        uint32_t w;
    };
    std::array<std::array<std::array<Option, kHeld>, kCosts>, 2> t;
    std::array<std::array<std::array<std::pair<uint32_t, uint32_t>, kHeld>, kCosts>, 2> span;  // [first, end)
    std::vector<Group> groups;
    // Without the university, the options of p = 0..h as polynomials: lane s counts the p whose
    // A (B) shift is s, in 8-bit (64-bit word) and 16-bit (128-bit word) lanes. Multiplying a
    // packed histogram by such a word adds the resource (see Packed::build).
    std::array<std::array<std::array<uint64_t, kHeld>, kCosts>, 2> poly8;    // [A/B][c][h]
    std::array<std::array<std::array<u128, kHeld>, kCosts>, 2> poly16;
    OptionTable() {
        for (int c = 0; c < kCosts; ++c) {
            std::array<uint64_t, 2> p8{};
            std::array<u128, 2> p16{};
            for (int h = 0; h < kHeld; ++h) {
                const Option o = option_for(c, h, false);
                if (o.layer >= 0)
                    for (int k = 0; k < 2; ++k) {
                        const int shift = c + (k == 0 ? o.a : o.b);
                        if (shift >= kLanes) continue;
                        p8[k] += uint64_t{1} << (8 * shift);
                        p16[k] += u128{1} << (16 * shift);
                    }
                for (int k = 0; k < 2; ++k) {
                    poly8[k][c][h] = p8[k];
                    poly16[k][c][h] = p16[k];
                }
            }
        }
        for (int u = 0; u < 2; ++u)
            for (int c = 0; c < kCosts; ++c) {
                for (int p = 0; p < kHeld; ++p) t[u][c][p] = option_for(c, p, u == 1);
                for (int h = 0; h < kHeld; ++h) {
                    const auto first = static_cast<uint32_t>(groups.size());
                    for (int p = 0; p <= h; ++p) {
                        const Option& o = t[u][c][p];
                        const int sa = c + o.a, sb = c + o.b;
                        if (o.layer < 0 || sa >= kLanes) continue;
                        const Group g{static_cast<uint8_t>(o.layer), static_cast<uint8_t>(sa),
                                      static_cast<uint8_t>(std::min(sb, kLanes)), 1};
                        size_t j = first;
                        while (j < groups.size() &&
                               !(groups[j].layer == g.layer && groups[j].sa == g.sa && groups[j].sb == g.sb))
                            ++j;
                        if (j == groups.size()) groups.push_back(g);
                        else groups[j].w += 1;
                    }
                    span[u][c][h] = {first, static_cast<uint32_t>(groups.size())};
                }
            }
    }
};
const OptionTable& option_table() {
    static const OptionTable table;
    return table;
}

// How many pay vectors (sub-multisets of the hand) there are, if the cost is small enough to pack:
// else 0.
uint32_t packable(const Cards& cost, const Cards& hand) {
    int total = 0;
    uint32_t vectors = 1;
    for (int r = 0; r < kResources; ++r) {
        if (cost[r] < 0 || hand[r] < 0 || hand[r] >= OptionTable::kHeld) return 0;
        total += cost[r];
        vectors *= static_cast<uint32_t>(hand[r] + 1);  // < 68^5, no overflow
    }
    return total < kLanes ? vectors : 0;
}

template <typename L, int kBits>
struct Packed {
    static constexpr uint32_t kLimit = 1u << kBits;  // pay vectors must stay below
    Cards cost, hand;
    bool university = false;
    bool built = false;
    // No university and at most 2 of each resource owed: every split is forced (d <= 2 < 3), so
    // a = b for every option, B = A, and a pay vector is valid iff A = 0 (one lane).
    bool plain = false;
    int total = 0;
    std::array<int, kResources + 1> below{};
    std::array<std::array<bool, kLayers>, kResources + 1> nonempty{};
    std::array<std::array<std::array<L, 2>, kLayers>, kResources + 1> hist{};

    void build(const Cards& cost, const Cards& hand, bool university);
    uint32_t count() const;
    Cards nth(uint32_t i) const;
    uint32_t lane(L h, int x) const { return static_cast<uint32_t>(h >> (kBits * x)) & (kLimit - 1); }
    // 8-bit lanes: the lanes y <= top (0 <= top < 8) of top's parity, summed by one multiply.
    static uint32_t sum_to(uint64_t h, int top) {
        constexpr uint64_t kEven = 0x00FF00FF00FF00FFull;
        const uint64_t below = top >= 7 ? ~0ull : (1ull << (8 * (top + 1))) - 1;
        const uint64_t keep = below & ((top & 1) ? kEven << 8 : kEven);
        return static_cast<uint32_t>(((h & keep) * 0x0101010101010101ull) >> 56);
    }
    static L shifted(L h, int lanes) { return h << (kBits * lanes); }
};

template <typename L, int kBits>
void Packed<L, kBits>::build(const Cards& cost_, const Cards& hand_, bool university_) {
    cost = cost_;
    hand = hand_;
    university = university_;
    const OptionTable& table = option_table();
    const int u = university ? 1 : 0;
    below[kResources] = 0;
    plain = !university;
    for (int r = kResources - 1; r >= 0; --r) {
        below[r] = below[r + 1] + cost[r];
        plain = plain && cost[r] <= 2;
    }
    total = below[0];
    hist[kResources][0][0] = hist[kResources][0][1] = 1;
    nonempty[kResources] = {true, false, false};
    if (!university) {
        // One layer: adding a resource multiplies the histogram by its option polynomial. A product
        // of packed words is the packed product of the polynomials as long as no lane carries:
        // the counted lanes hold fewer than kLimit vectors, and the others only carry upwards.
        const auto& polys = [&]() -> const auto& {
            if constexpr (kBits == 8) return table.poly8;
            else return table.poly16;
        }();
        for (int r = kResources - 1; r >= 0; --r) {
            const int c = cost[r], h = hand[r];
            const L pa = polys[0][c][h];
            hist[r][0][0] = hist[r + 1][0][0] * pa;
            hist[r][0][1] = plain ? hist[r][0][0] : hist[r + 1][0][1] * polys[1][c][h];
            nonempty[r] = {pa != 0 && nonempty[r + 1][0], false, false};
        }
        built = true;
        return;
    }
    const OptionTable::Group* g = table.groups.data();
    for (int r = kResources - 1; r >= 0; --r) {
        const int c = cost[r];
        auto& out = hist[r];
        const auto& in = hist[r + 1];
        const auto [first, end] = table.span[u][c][hand[r]];
        if (!university) {  // layer 0 only
            L a = 0, b = 0;
            const L ia = in[0][0], ib = in[0][1];
            for (uint32_t j = first; j < end; ++j) {
                a += g[j].w * shifted(ia, g[j].sa);
                if (g[j].sb < kLanes) b += g[j].w * shifted(ib, g[j].sb);
            }
            out[0][0] = a;
            out[0][1] = b;
            nonempty[r] = {first < end, false, false};
            continue;
        }
        const auto& in_ne = nonempty[r + 1];
        auto& ne = nonempty[r];
        out = {};
        ne = {false, false, false};
        for (uint32_t j = first; j < end; ++j) {
            for (int ls = 0; ls < kLayers; ++ls) {
                if (!in_ne[ls]) continue;
                const int l = combine(g[j].layer, ls);
                if (l < 0) continue;
                ne[l] = true;
                out[l][0] += g[j].w * shifted(in[ls][0], g[j].sa);
                if (g[j].sb < kLanes) out[l][1] += g[j].w * shifted(in[ls][1], g[j].sb);
            }
        }
    }
    built = true;
}

// #(A <= 0) - #(B' <= -2) over even sums, A at lane total - ..., for the whole hand.
template <typename L, int kBits>
uint32_t Packed<L, kBits>::count() const {
    if (plain) return lane(hist[0][0][0], total);
    uint32_t n = 0;
    for (int l = 0; l < kLayers; ++l) {
        if (!nonempty[0][l]) continue;
        const int top_b = total + (l == 1 ? -4 : -2);
        for (int x = total; x >= 0; x -= 2) n += lane(hist[0][l][0], x);
        for (int x = top_b; x >= 0; x -= 2) n -= lane(hist[0][l][1], x);
    }
    return n;
}

// The i-th payment in listing order: the lane sums it asks for come from running sums of every
// other lane, made once per suffix.
template <typename L, int kBits>
Cards Packed<L, kBits>::nth(uint32_t i) const {
    const auto& options = option_table().t[university ? 1 : 0];
    Cards pay;
    if (plain) {  // completions: the lane where A reaches 0
        int a = 0;
        for (int r = 0; r < kResources; ++r) {
            const Option* opt = options[cost[r]].data();
            const L h = hist[r + 1][0][0];
            const int base = below[r + 1];
            for (int p = hand[r]; p >= 0; --p) {
                const Option& o = opt[p];
                const int top = base - (a + o.a);
                if (o.layer < 0 || top < 0) continue;
                const uint32_t n = lane(h, top);
                if (i < n) {
                    pay[r] = p;
                    a += o.a;
                    break;
                }
                i -= n;
            }
        }
        return pay;
    }
    int layer = 0, a = 0, b = 0;
    for (int r = 0; r < kResources; ++r) {
        // cum[ls][k][x]: lanes y <= x of x's parity of hist[r + 1][ls][k]
        std::array<std::array<std::array<uint32_t, kLanes>, 2>, kLayers> cum;
        const auto& ne = nonempty[r + 1];
        // 8-bit lanes: such a sum is one multiply (the lanes total less than 256), see sum_to.
        if constexpr (kBits != 8)
        for (int ls = 0; ls < kLayers; ++ls) {
            if (!ne[ls]) continue;
            for (int k = 0; k < 2; ++k) {
                L h = hist[r + 1][ls][k];
                for (int x = 0; x < kLanes; ++x, h >>= kBits) {
                    const uint32_t v = static_cast<uint32_t>(h) & (kLimit - 1);
                    cum[ls][k][x] = v + (x >= 2 ? cum[ls][k][x - 2] : 0);
                }
            }
        }
        const int base = below[r + 1];
        const Option* opt = options[cost[r]].data();
        for (int p = hand[r]; p >= 0; --p) {
            const Option& o = opt[p];
            if (o.layer < 0) continue;
            const int l = combine(layer, o.layer);
            if (l < 0) continue;
            const int top_a = base - (a + o.a);  // <= total < 8: every a >= -c
            if (top_a < 0) continue;
            uint32_t n = 0;
            for (int ls = 0; ls < kLayers; ++ls) {
                if (!ne[ls]) continue;
                const int lc = combine(l, ls);
                if (lc < 0) continue;
                const int top_b = base + (lc == 1 ? -4 : -2) - (b + o.b);
                if constexpr (kBits == 8) {
                    n += sum_to(hist[r + 1][ls][0], top_a);
                    if (top_b >= 0) n -= sum_to(hist[r + 1][ls][1], top_b);
                } else {
                    n += cum[ls][0][top_a];
                    if (top_b >= 0) n -= cum[ls][1][top_b];
                }
            }
            if (i < n) {
                pay[r] = p;
                layer = l;
                a += o.a;
                b += o.b;
                break;
            }
            i -= n;
        }
    }
    return pay;
}

using Packed64 = Packed<uint64_t, 8>;
using Packed128 = Packed<u128, 16>;

template <typename P>
P& packed() {
    thread_local P c;
    return c;
}

Counter& counter() {
    thread_local Counter c;
    return c;
}

// The i-th payment in listing order, from tables `c` built for (cost, hand, university).
template <typename Tables>
Cards unrank(const Tables& c, const Cards& cost, const Cards& hand, bool university, uint32_t i) {
    Cards pay;
    int layer = 0, a = 0, b = 0;
    for (int r = 0; r < kResources; ++r) {
        for (int p = hand[r]; p >= 0; --p) {
            const Option o = option_for(cost[r], p, university);
            if (o.layer < 0) continue;
            const int l = combine(layer, o.layer);
            if (l < 0) continue;
            const uint32_t n = c.completions(r + 1, l, a + o.a, b + o.b);
            if (i < n) {
                pay[r] = p;
                layer = l;
                a += o.a;
                b += o.b;
                break;
            }
            i -= n;
        }
    }
    return pay;
}

}  // namespace

uint32_t count_payments(const Cards& cost, const Cards& hand, bool university) {
    const uint32_t vectors = packable(cost, hand);
    if (!university && vectors > 0 && vectors < Packed64::kLimit) {
        // The common case in a few multiplies: the products of the option polynomials, then
        // #(A <= 0) - #(B <= -2) over even sums (only A = 0 when every split is forced).
        const OptionTable& table = option_table();
        uint64_t a = 1, b = 1;
        int total = 0;
        bool plain = true;
        for (int r = 0; r < kResources; ++r) {
            const int c = cost[r], h = hand[r];
            a *= table.poly8[0][c][h];
            b *= table.poly8[1][c][h];
            total += c;
            plain = plain && c <= 2;
        }
        if (plain) return static_cast<uint32_t>(a >> (8 * total)) & 0xFF;
        return Packed64::sum_to(a, total) - (total >= 2 ? Packed64::sum_to(b, total - 2) : 0);
    }
    if (!may_pay(cost, hand, university)) return 0;
    if (vectors > 0 && vectors < Packed64::kLimit) {
        Packed64& c = packed<Packed64>();
        c.build(cost, hand, university);
        return c.count();
    }
    if (vectors > 0 && vectors < Packed128::kLimit) {
        Packed128& c = packed<Packed128>();
        c.build(cost, hand, university);
        return c.count();
    }
    Counter& c = counter();
    if (!c.build(cost, hand, university)) {
        std::vector<Cards> all;
        list_payments(cost, hand, university, all);
        return static_cast<uint32_t>(all.size());
    }
    return c.completions(0, 0, 0, 0);
}

Cards nth_payment(const Cards& cost, const Cards& hand, bool university, uint32_t i) {
    // Fewer than 3 of every resource and no university: no triple fits, the cost is the one payment.
    if (!university && i == 0 && hand.contains(cost) &&
        std::max({hand[0], hand[1], hand[2], hand[3], hand[4]}) < 3)
        return cost;
    const uint32_t vectors = packable(cost, hand);
    if (!university && vectors > 0 && vectors < Packed64::kLimit) {
        // The common case without tables: the suffix products of the option polynomials (as in
        // count_payments), then the resources in order, most cards first.
        const OptionTable& table = option_table();
        std::array<uint64_t, kResources + 1> sa, sb;
        std::array<int, kResources + 1> below;
        sa[kResources] = sb[kResources] = 1;
        below[kResources] = 0;
        bool plain = true;
        for (int r = kResources - 1; r >= 0; --r) {
            const int c = cost[r], h = hand[r];
            sa[r] = sa[r + 1] * table.poly8[0][c][h];
            sb[r] = sb[r + 1] * table.poly8[1][c][h];
            below[r] = below[r + 1] + c;
            plain = plain && c <= 2;
        }
        Cards pay;
        int a = 0, b = 0;
        for (int r = 0; r < kResources; ++r) {
            const Option* opt = table.t[0][cost[r]].data();
            const int base = below[r + 1];
            for (int p = hand[r]; p >= 0; --p) {
                const Option& o = opt[p];
                const int top_a = base - (a + o.a);  // <= total < 8
                if (o.layer < 0 || top_a < 0) continue;
                uint32_t n;
                if (plain) {
                    n = static_cast<uint32_t>(sa[r + 1] >> (8 * top_a)) & 0xFF;
                } else {
                    const int top_b = base - 2 - (b + o.b);
                    n = Packed64::sum_to(sa[r + 1], top_a) - (top_b >= 0 ? Packed64::sum_to(sb[r + 1], top_b) : 0);
                }
                if (i < n) {
                    pay[r] = p;
                    a += o.a;
                    b += o.b;
                    break;
                }
                i -= n;
            }
        }
        return pay;
    }
    auto from = [&](auto& c) {
        if (!(c.built && c.cost == cost && c.hand == hand && c.university == university))
            c.build(cost, hand, university);
        return c.nth(i);
    };
    if (vectors > 0 && vectors < Packed64::kLimit) return from(packed<Packed64>());
    if (vectors > 0 && vectors < Packed128::kLimit) return from(packed<Packed128>());
    Counter& c = counter();
    const bool same = c.built && c.cost == cost && c.hand == hand && c.university == university;
    if (!same && !c.build(cost, hand, university)) {
        std::vector<Cards> all;
        list_payments(cost, hand, university, all);
        return i < all.size() ? all[i] : Cards{};
    }
    return unrank(c, cost, hand, university, i);
}

}  // namespace hexhall::struggle
