#include "games/catan/bots/view_eval.hpp"

#include <algorithm>

namespace hexhall::catan::bots {

namespace {
bool owned_by(const SeatView& v, int x, int seat) { return v.building_owner[x] == seat; }

double spot_value_with(const SeatView& v, const std::array<int, kResourceTypes>& prod, int x) {
    const Geometry& g = geometry();
    double value = 0;
    std::array<bool, kResourceTypes> seen{};
    for (int8_t h : g.intersection_hexes[x]) {
        if (h == kNone) continue;
        const int r = hex_resource(v, h);
        if (r < 0) continue;
        const int p = pips(v.board.number[h]);
        value += h == v.robber ? p * 0.5 : p;
        if (prod[r] == 0 && !seen[r]) value += 1.5;  // a resource type the seat lacks
        seen[r] = true;
    }
    const int hb = harbor_at(v, x);
    if (hb == 0) {
        value += 1.5;
    } else if (hb > 0) {
        const int r = idx(harbor_resource(static_cast<HarborType>(hb)));
        value += 0.5 + std::min(3.0, prod[r] / 3.0);
    }
    return value;
}
}  // namespace

int hex_resource(const SeatView& v, int hex) {
    const Terrain t = v.board.terrain[hex];
    return t == Terrain::Desert ? -1 : static_cast<int>(t);
}

std::array<int, kResourceTypes> production(const SeatView& v, int seat) {
    const Geometry& g = geometry();
    std::array<int, kResourceTypes> prod{};
    for (int x = 0; x < kIntersections; ++x) {
        if (!owned_by(v, x, seat)) continue;
        const int mult = v.building_is_city[x] ? 2 : 1;
        for (int8_t h : g.intersection_hexes[x]) {
            if (h == kNone || h == v.robber) continue;
            const int r = hex_resource(v, h);
            if (r >= 0) prod[r] += mult * pips(v.board.number[h]);
        }
    }
    return prod;
}

int harbor_at(const SeatView& v, int x) {
    const Geometry& g = geometry();
    for (int k = 0; k < kHarbors; ++k) {
        const auto& ends = g.edge_ends[g.harbor_edge[k]];
        if (ends[0] == x || ends[1] == x) return static_cast<int>(v.board.harbor[k]);
    }
    return -1;
}

bool distance_free(const SeatView& v, int x) {
    if (v.building_owner[x] >= 0) return false;
    for (int8_t n : geometry().intersection_neighbors[x])
        if (n != kNone && v.building_owner[n] >= 0) return false;
    return true;
}

double spot_value(const SeatView& v, int seat, int x) { return spot_value_with(v, production(v, seat), x); }

IntersectionSet road_ends(const SeatView& v, int seat) {
    const Geometry& g = geometry();
    IntersectionSet out = 0;
    for (int e = 0; e < kEdges; ++e)
        if (v.road_owner[e] == seat) out |= bit(g.edge_ends[e][0]) | bit(g.edge_ends[e][1]);
    return out;
}

IntersectionSet settlement_spots(const SeatView& v, int seat) {
    if (v.player[seat].settlements_left == 0) return 0;
    IntersectionSet out = 0;
    for_each_bit(road_ends(v, seat), 0, [&](int x) {
        if (distance_free(v, x)) out |= bit(x);
    });
    return out;
}

double road_value(const SeatView& v, int seat, int edge) {
    const Geometry& g = geometry();
    const auto prod = production(v, seat);
    IntersectionSet reach = road_ends(v, seat);
    for (int x = 0; x < kIntersections; ++x)
        if (owned_by(v, x, seat)) reach |= bit(x);
    double best = 0;
    for (int k = 0; k < 2; ++k) {
        const int x = g.edge_ends[edge][k];
        if (has_bit(reach, x)) continue;  // only the end the road newly reaches
        if (v.building_owner[x] >= 0) continue;  // an opponent blocks it
        if (distance_free(v, x)) best = std::max(best, spot_value_with(v, prod, x));
        for (int j = 0; j < 3; ++j) {
            const int8_t w = g.intersection_neighbors[x][j];
            const int8_t e2 = g.intersection_edges[x][j];
            if (w == kNone || e2 == edge) continue;
            if (v.road_owner[e2] >= 0 && v.road_owner[e2] != seat) continue;
            if (distance_free(v, w)) best = std::max(best, 0.6 * spot_value_with(v, prod, w));
        }
    }
    return best;
}

int missing(const ResourceCounts& hand, const ResourceCounts& cost) {
    int m = 0;
    for (int r = 0; r < kResourceTypes; ++r)
        if (hand[r] < cost[r]) m += cost[r] - hand[r];
    return m;
}

const ResourceCounts& goal_cost(Goal g) {
    static constexpr ResourceCounts none{};
    switch (g) {
        case Goal::City: return kCityCost;
        case Goal::Settlement: return kSettlementCost;
        case Goal::DevCard: return kDevCardCost;
        case Goal::Road: return kRoadCost;
        default: return none;
    }
}

Goal choose_goal(const SeatView& v, int seat, const ResourceCounts& hand) {
    const PlayerView& me = v.player[seat];
    bool has_settlement = false;
    for (int x = 0; x < kIntersections; ++x)
        if (owned_by(v, x, seat) && !v.building_is_city[x]) has_settlement = true;
    const bool spots = settlement_spots(v, seat) != 0;
    Goal best = Goal::None;
    double best_score = 1e9;
    auto consider = [&](Goal g, bool ok, double bias) {
        if (!ok) return;
        const double score = missing(hand, goal_cost(g)) + bias;
        if (score < best_score) {
            best_score = score;
            best = g;
        }
    };
    consider(Goal::City, me.cities_left > 0 && has_settlement, 0.0);
    consider(Goal::Settlement, me.settlements_left > 0 && spots, 0.1);
    consider(Goal::Road, me.roads_left > 0 && me.settlements_left > 0 && !spots, 0.2);
    consider(Goal::DevCard, v.deck_size > 0, 1.5);
    return best;
}

ResourceCounts surplus(const ResourceCounts& hand, const ResourceCounts& cost) {
    ResourceCounts s{};
    for (int r = 0; r < kResourceTypes; ++r) s[r] = hand[r] > cost[r] ? static_cast<uint8_t>(hand[r] - cost[r]) : 0;
    return s;
}

ResourceCounts choose_discard(const SeatView& v, int seat, int n) {
    ResourceCounts left = v.player[seat].hand;
    const Goal goal = choose_goal(v, seat, left);
    ResourceCounts want = goal_cost(goal);
    // Second priority: what a settlement and a city need.
    std::array<int, kResourceTypes> want2{};
    for (int r = 0; r < kResourceTypes; ++r) want2[r] = std::max(kSettlementCost[r], kCityCost[r]);
    ResourceCounts out{};
    for (int k = 0; k < n; ++k) {
        int pick = -1, best = -1000;
        for (int r = 0; r < kResourceTypes; ++r) {
            if (!left[r]) continue;
            const int key = (left[r] - want[r]) * 100 + (left[r] - want2[r]) * 10 + left[r];
            if (key > best) {
                best = key;
                pick = r;
            }
        }
        if (pick < 0) break;
        --left[pick];
        ++out[pick];
    }
    return out;
}

int leading_opponent(const SeatView& v, int seat) {
    int best = -1;
    for (int i = 0; i < v.players; ++i) {
        if (i == seat || v.player[i].disqualified) continue;
        if (best < 0 || v.player[i].public_vp > v.player[best].public_vp ||
            (v.player[i].public_vp == v.player[best].public_vp &&
             v.player[i].resource_count > v.player[best].resource_count))
            best = i;
    }
    return best;
}

}  // namespace hexhall::catan::bots
