#include <catch2/catch.hpp>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/position.hpp"

using namespace hexhall::catan;

namespace {
uint8_t harbor_bit(HarborType h) { return static_cast<uint8_t>(1u << static_cast<int>(h)); }
}  // namespace

TEST_CASE("CAT-2.8 a player has a harbor while owning a building on either of its intersections", "[CAT-2.8]") {
    const Geometry& g = geometry();
    const Board b = starter_board();
    for (int slot = 0; slot < kHarbors; ++slot) {
        for (int end = 0; end < 2; ++end) {
            const int v = g.edge_ends[g.harbor_edge[slot]][end];
            for (bool city : {false, true}) {
                Position pos;
                pos.options.map = MapKind::Starter;
                if (city) pos.players[1].cities = {v};
                else pos.players[1].settlements = {v};
                GameState s;
                REQUIRE(start_from_position(pos, 1, s) == nullptr);
                CHECK(s.players[1].harbors == harbor_bit(b.harbor[slot]));
                CHECK(harbor_rate(s, 1, Resource::Ore) ==
                      (b.harbor[slot] == HarborType::Generic ? 3 : b.harbor[slot] == HarborType::Ore ? 2 : 4));
                CHECK(s.players[0].harbors == 0);
            }
        }
    }
    // A coastal building away from every harbor gives no trade benefit.
    IntersectionSet harbor_points = 0;
    for (int slot = 0; slot < kHarbors; ++slot)
        for (int end = 0; end < 2; ++end) harbor_points |= bit(g.edge_ends[g.harbor_edge[slot]][end]);
    int checked = 0;
    for (int e = 0; e < kEdges; ++e) {
        if (!g.edge_coastal[e]) continue;
        const int v = g.edge_ends[e][0];
        if (has_bit(harbor_points, v)) continue;
        Position pos;
        pos.options.map = MapKind::Starter;
        pos.players[2].settlements = {v};
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        CHECK(s.players[2].harbors == 0);
        for (int r = 0; r < kResourceTypes; ++r) CHECK(harbor_rate(s, 2, static_cast<Resource>(r)) == 4);
        ++checked;
    }
    CHECK(checked > 0);
}

TEST_CASE("CAT-2.8 a harbor is gained by building there during play", "[CAT-2.8]") {
    const Geometry& g = geometry();
    // Lumber 2:1 harbor is slot 8 on the starter board.
    const int v = g.edge_ends[g.harbor_edge[8]][0];
    int road = -1, from = -1;
    for (int8_t e : g.intersection_edges[v])
        if (e != kNone && e != g.harbor_edge[8]) road = e;
    REQUIRE(road >= 0);
    from = g.edge_ends[road][0] == v ? g.edge_ends[road][1] : g.edge_ends[road][0];
    int road2 = -1;
    for (int8_t e : g.intersection_edges[from])
        if (e != kNone && e != road) road2 = e;
    const int start = g.edge_ends[road2][0] == from ? g.edge_ends[road2][1] : g.edge_ends[road2][0];
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.options.mode = TradeBuildMode::Combined;
    pos.players[0].settlements = {start};
    pos.players[0].roads = {road2, road};
    pos.players[0].hand = {3, 1, 1, 1, 0};
    pos.phase = Phase::Main;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 4);
    Action a;
    a.type = ActionType::BuildSettlement;
    a.seat = 0;
    a.location = static_cast<uint8_t>(v);
    REQUIRE(apply(s, a));
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 2);
    CHECK(harbor_rate(s, 0, Resource::Wool) == 4);  // a 2:1 harbor gives no 3:1 rate
}

TEST_CASE("CAT-2.9 a harbor can hold at most one building", "[CAT-2.9]") {
    const Geometry& g = geometry();
    for (int slot = 0; slot < kHarbors; ++slot) {
        const auto ends = g.edge_ends[g.harbor_edge[slot]];
        // The two harbor intersections are adjacent, so the distance rule keeps the second empty.
        CHECK(has_bit(g.intersection_neighbor_mask[ends[0]], ends[1]));
        GameOptions o;
        o.map = MapKind::Starter;
        GameState s;
        REQUIRE(new_game(o, 3, s));
        Action a;
        a.type = ActionType::PlaceSetupSettlement;
        a.seat = s.active;
        a.location = ends[0];
        REQUIRE(apply(s, a));
        a.type = ActionType::PlaceSetupRoad;
        a.location = static_cast<uint8_t>(g.harbor_edge[slot]);
        REQUIRE(apply(s, a));
        a.type = ActionType::PlaceSetupSettlement;
        a.seat = s.active;
        a.location = ends[1];
        const Result r = apply(s, a);
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.rule) == "CAT-10.10");
    }
}
