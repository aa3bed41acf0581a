#include <catch2/catch.hpp>

#include "games/catan/engine/geometry.hpp"

using namespace hexhall::catan;

TEST_CASE("CAT-2.3 CAT-2.4 the island has 54 intersections and 72 edges", "[CAT-2.3][CAT-2.4]") {
    const Geometry& g = geometry();
    int coastal = 0;
    for (int e = 0; e < kEdges; ++e) {
        REQUIRE(g.edge_ends[e][0] != g.edge_ends[e][1]);
        coastal += g.edge_coastal[e];
    }
    CHECK(coastal == 30);
    for (int i = 0; i < kIntersections; ++i) {
        int edges = 0;
        for (auto e : g.intersection_edges[i]) edges += e != kNone;
        CHECK((edges == 2 || edges == 3));
    }
}
