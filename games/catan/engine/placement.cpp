// Where pieces may go, placing them, harbors, Longest Road and victory (CAT-10, CAT-15, CAT-16).
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan::detail {

const std::array<EdgeSet, kIntersections>& intersection_edge_sets() {
    static const std::array<EdgeSet, kIntersections> sets = [] {
        std::array<EdgeSet, kIntersections> out{};
        const Geometry& g = geometry();
        for (int v = 0; v < kIntersections; ++v)
            for (int8_t e : g.intersection_edges[v])
                if (e != kNone) out[v].set(e);
        return out;
    }();
    return sets;
}

int setup_seat(const GameState& s, int step) {
    const int n = s.options.players;
    const int k = step < n ? step : 2 * n - 1 - step;
    return (s.starting_seat + k) % n;
}

IntersectionSet buildings_of(const PlayerState& p) { return p.settlements | p.cities; }

IntersectionSet opponent_buildings(const GameState& s, int seat) {
    return s.occupied & ~buildings_of(s.players[seat]);
}

IntersectionSet road_ends(const PlayerState& p) {
    const Geometry& g = geometry();
    IntersectionSet ends = 0;
    for_each_edge(p.roads, [&](int e) { ends |= bit(g.edge_ends[e][0]) | bit(g.edge_ends[e][1]); });
    return ends;
}

EdgeSet legal_road_edges(const GameState& s, int seat) {
    const PlayerState& p = s.players[seat];
    const IntersectionSet from = buildings_of(p) | (road_ends(p) & ~opponent_buildings(s, seat));
    const auto& sets = intersection_edge_sets();
    EdgeSet out;
    for_each_bit(from, 0, [&](int v) { out |= sets[v]; });
    return out & ~s.all_roads;
}

IntersectionSet distance_rule_free(const GameState& s) {
    const Geometry& g = geometry();
    IntersectionSet blocked = s.occupied;
    for_each_bit(s.occupied, 0, [&](int v) { blocked |= g.intersection_neighbor_mask[v]; });
    return ~blocked & ((uint64_t{1} << kIntersections) - 1);
}

IntersectionSet legal_settlement_spots(const GameState& s, int seat) {
    return road_ends(s.players[seat]) & distance_rule_free(s);
}

void update_harbors(GameState& s, int seat) {
    const Geometry& g = geometry();
    PlayerState& p = s.players[seat];
    const IntersectionSet mine = buildings_of(p);
    p.harbors = 0;
    for (int h = 0; h < kHarbors; ++h) {
        const auto& ends = g.edge_ends[g.harbor_edge[h]];
        if (has_bit(mine, ends[0]) || has_bit(mine, ends[1]))
            p.harbors |= static_cast<uint8_t>(1u << static_cast<int>(s.board.harbor[h]));
    }
    if (s.options.mode == TradeBuildMode::Combined) p.harbors_usable = p.harbors;  // CAT-9.13
}

void place_road(GameState& s, int seat, int edge, EventList* ev) {
    PlayerState& p = s.players[seat];
    p.roads.set(edge);
    s.all_roads.set(edge);
    --p.roads_left;
    Event e = make_event(EventType::RoadPlaced, seat);
    e.location = static_cast<uint8_t>(edge);
    emit(ev, e);
    update_longest_road(s, ev, seat_bit(seat));  // only the builder's own routes can have grown
}

void place_settlement(GameState& s, int seat, int v, EventList* ev) {
    PlayerState& p = s.players[seat];
    p.settlements |= bit(v);
    s.occupied |= bit(v);
    --p.settlements_left;
    update_harbors(s, seat);
    Event e = make_event(EventType::SettlementPlaced, seat);
    e.location = static_cast<uint8_t>(v);
    emit(ev, e);
    // A settlement may split an opponent's road through it (CAT-15.2, CAT-15.7); nobody else's changes.
    uint8_t split = 0;
    for (int i = 0; i < s.options.players; ++i)
        if (i != seat && !(s.players[i].roads & intersection_edge_sets()[v]).empty()) split |= seat_bit(i);
    update_longest_road(s, ev, split);
}

void update_longest_road(GameState& s, EventList* ev, uint8_t remeasure) {
    const int n = s.options.players;
    int best = 0, best_count = 0, best_seat = -1;
    for (int i = 0; i < n; ++i) {
        PlayerState& p = s.players[i];
        if (remeasure & seat_bit(i)) p.road_length = static_cast<uint8_t>(longest_road(p.roads, opponent_buildings(s, i)));
        if (p.road_length > best) {
            best = p.road_length;
            best_count = 1;
            best_seat = i;
        } else if (p.road_length == best) {
            ++best_count;
        }
    }
    int holder = s.longest_road_holder;
    if (holder >= 0 && s.players[holder].road_length >= 5 && s.players[holder].road_length == best) {
        return;  // CAT-15.4, CAT-15.5(a): the holder keeps the card, even when tied
    }
    int next = (best >= 5 && best_count == 1) ? best_seat : -1;  // CAT-15.3, 15.5(b)-(d), 15.6
    if (s.options.ruleset == Ruleset::HK2024) {
        // HK-9.4 (seed 3.6.4.2): a card returned to the supply on a tie is won only by the first
        // player to build a road longer than the tied length; a split alone does not award it.
        if (holder >= 0 && next < 0) s.longest_road_bar = static_cast<uint8_t>(best >= 5 ? best : 4);
        if (holder < 0 && next >= 0 && best <= s.longest_road_bar) next = -1;
    }
    if (next == holder) return;
    s.longest_road_holder = static_cast<int8_t>(next);
    Event e = make_event(EventType::LongestRoad, next);
    e.value = static_cast<uint8_t>(next >= 0 ? best : 0);
    emit(ev, e);
    check_victory(s, ev);
}

void check_victory(GameState& s, EventList* ev) {
    if (s.phase == Phase::GameOver || s.turn == 0) return;
    const int a = s.active;
    if (s.players[a].disqualified) return;
    if (victory_points(s, a) < s.options.victory_points) return;
    s.winner = static_cast<int8_t>(a);
    s.phase = Phase::GameOver;
    close_offer(s);
    s.road_building_left = 0;
    for (auto& p : s.players) p.discard_owed = 0;
    emit(ev, make_event(EventType::GameOver, a));
}

}  // namespace hexhall::catan::detail

namespace hexhall::catan {

int victory_points(const GameState& s, int seat) {
    const PlayerState& p = s.players[seat];
    return public_victory_points(s, seat) + p.dev_cards[static_cast<int>(DevCard::VictoryPoint)];
}

int public_victory_points(const GameState& s, int seat) {
    const PlayerState& p = s.players[seat];
    int vp = popcount64(p.settlements) + 2 * popcount64(p.cities);
    if (s.longest_road_holder == seat) vp += 2;
    if (s.largest_army_holder == seat) vp += 2;
    return vp;
}

int harbor_rate(const GameState& s, int seat, Resource r) {
    const uint8_t h = s.players[seat].harbors_usable;
    if (h & (1u << static_cast<int>(specific_harbor(r)))) return 2;
    if (h & 1u) return 3;
    return 4;
}

}  // namespace hexhall::catan
