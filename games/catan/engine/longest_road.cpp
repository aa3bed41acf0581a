// CAT-15.1/15.2: the longest trail (no road piece twice; intersections may repeat)
// through a player's roads, not passing an intersection with an opponent's building.
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {
namespace {

// The player's roads renumbered 0..n-1 (n <= 64) so that a route's used roads fit one word.
struct Search {
    std::array<uint64_t, kIntersections> at{};  // local roads meeting at each intersection
    std::array<uint8_t, 64> ends_xor{};          // end0 ^ end1 of each local road: other end = v ^ ends_xor
    IntersectionSet blocked = 0;
    uint64_t used = 0;

    // The longest continuation from v over unused roads (v itself may be blocked: a route may start there).
    int walk(int v) {
        int best = 0;
        for (uint64_t next = at[v] & ~used; next; next &= next - 1) {
            const int i = std::countr_zero(next);
            used |= uint64_t{1} << i;
            const int w = v ^ ends_xor[i];
            const int len = 1 + (has_bit(blocked, w) ? 0 : walk(w));  // may end at w but not pass through
            used &= ~(uint64_t{1} << i);
            if (len > best) best = len;
        }
        return best;
    }
};

int parity(uint64_t w) { return popcount64(w) & 1; }

// The plain search from every end of every road, for road sets too large for Search.
struct WideSearch {
    const Geometry& g;
    EdgeSet roads;
    IntersectionSet blocked;
    EdgeSet used;

    int from(int v) {
        if (has_bit(blocked, v)) return 0;
        int best = 0;
        for_each_edge(detail::intersection_edge_sets()[v] & roads & ~used, [&](int e) {
            used.set(e);
            const int len = 1 + from(g.edge_ends[e][0] == v ? g.edge_ends[e][1] : g.edge_ends[e][0]);
            used.clear(e);
            if (len > best) best = len;
        });
        return best;
    }
};

int longest_road_any(const EdgeSet& roads, IntersectionSet blocked) {
    const Geometry& g = geometry();
    WideSearch s{g, roads, blocked, {}};
    int best = 0;
    for_each_edge(roads, [&](int e) {
        for (int k = 0; k < 2; ++k) {
            s.used = {};
            s.used.set(e);
            best = std::max(best, 1 + s.from(g.edge_ends[e][1 - k]));
        }
    });
    return best;
}

}  // namespace

int longest_road(const EdgeSet& roads, IntersectionSet opponent_buildings) {
    if (roads.empty()) return 0;
    const Geometry& g = geometry();
    const int all = roads.count();
    if (all > 64) return longest_road_any(roads, opponent_buildings);  // more roads than one player has (CAT-1.8)
    Search s;
    s.blocked = opponent_buildings;
    IntersectionSet ends = 0;
    int n = 0;
    for_each_edge(roads, [&](int e) {
        const int a = g.edge_ends[e][0], b = g.edge_ends[e][1];
        s.at[a] |= uint64_t{1} << n;
        s.at[b] |= uint64_t{1} << n;
        s.ends_xor[n] = static_cast<uint8_t>(a ^ b);
        ends |= bit(a) | bit(b);
        ++n;
    });
    // Where a longest route can start: a route starting at an unblocked intersection with an even
    // number of roads either returns there (then it is a whole component of even, unblocked
    // intersections: any of its intersections is as good a start) or could be lengthened by one of
    // the unused roads there. So start at odd or blocked intersections, plus one intersection of
    // each component that has none of them. Same result as starting everywhere, fewer searches.
    IntersectionSet starts = ends & opponent_buildings;
    for (uint64_t w = ends; w; w &= w - 1) {
        const int v = std::countr_zero(w);
        if (parity(s.at[v])) starts |= bit(v);
    }
    // Flood fill along roads (ignoring blocking) from the starts; what is left gets one start per component.
    auto fill = [&](IntersectionSet from) {
        IntersectionSet reached = from, frontier = from;
        while (frontier) {
            IntersectionSet next = 0;
            for (uint64_t w = frontier; w; w &= w - 1) {
                const int v = std::countr_zero(w);
                for (uint64_t r = s.at[v]; r; r &= r - 1) next |= bit(v ^ s.ends_xor[std::countr_zero(r)]);
            }
            frontier = next & ~reached;
            reached |= next;
        }
        return reached;
    };
    IntersectionSet reached = fill(starts);
    while (IntersectionSet rest = ends & ~reached) {
        const IntersectionSet one = rest & (~rest + 1);
        starts |= one;
        reached |= fill(one);
    }
    int best = 0;
    for (uint64_t w = starts; w && best < all; w &= w - 1) {  // stop once a route uses every road
        const int len = s.walk(std::countr_zero(w));
        if (len > best) best = len;
    }
    return best;
}

}  // namespace hexhall::catan
