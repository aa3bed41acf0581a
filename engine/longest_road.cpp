// CAT-15.1/15.2: the longest trail (no road piece twice; intersections may repeat)
// through a player's roads, not passing an intersection with an opponent's building.
#include "engine/engine.hpp"
#include "engine/geometry.hpp"

namespace hexhall::catan {
namespace {

struct Search {
    const Geometry& g;
    EdgeSet roads;
    IntersectionSet blocked;
    EdgeSet used;

    int from(int v) {
        if (has_bit(blocked, v)) return 0;  // the route may end here but not pass through
        int best = 0;
        for (int8_t e : g.intersection_edges[v]) {
            if (e == kNone || !roads.has(e) || used.has(e)) continue;
            used.set(e);
            const int w = g.edge_ends[e][0] == v ? g.edge_ends[e][1] : g.edge_ends[e][0];
            const int len = 1 + from(w);
            used.clear(e);
            if (len > best) best = len;
        }
        return best;
    }
};

}  // namespace

int longest_road(const EdgeSet& roads, IntersectionSet opponent_buildings) {
    if (roads.empty()) return 0;
    const Geometry& g = geometry();
    Search s{g, roads, opponent_buildings, {}};
    int best = 0;
    for_each_edge(roads, [&](int e) {
        // Start at each end of each road, walking along that road first.
        for (int k = 0; k < 2; ++k) {
            const int start = g.edge_ends[e][k], other = g.edge_ends[e][1 - k];
            s.used = {};
            s.used.set(e);
            (void)start;
            const int len = 1 + s.from(other);
            if (len > best) best = len;
        }
    });
    return best;
}

}  // namespace hexhall::catan
