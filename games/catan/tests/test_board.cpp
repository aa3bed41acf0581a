// Board geometry and layouts: CAT-1 (components), CAT-2 (geometry), CAT-3 (starter map), CAT-4 (random map).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <utility>
#include <vector>

#include "games/catan/engine/board.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/rng.hpp"

using namespace hexhall::catan;

namespace {

constexpr int kRowLength[5] = {3, 4, 5, 4, 3};
// CAT-1.3 letters A..R.
constexpr std::array<int, 18> kLetters = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};

int hx(int r, int p) { return hex_id(r, p); }

Board random_b(uint64_t seed, NumberPlacement placement) {
    Rng rng = make_rng(seed);
    return random_board(rng, placement);
}

std::array<int, 6> terrain_counts(const Board& b) {
    std::array<int, 6> c{};
    for (Terrain t : b.terrain) ++c[static_cast<int>(t)];
    return c;
}

std::array<int, 13> number_counts(const Board& b) {
    std::array<int, 13> c{};
    for (int h = 0; h < kHexes; ++h)
        if (b.terrain[h] != Terrain::Desert) ++c[b.number[h]];
    return c;
}

std::array<int, 6> harbor_counts(const Board& b) {
    std::array<int, 6> c{};
    for (HarborType h : b.harbor) ++c[static_cast<int>(h)];
    return c;
}

constexpr std::array<int, 6> kTerrainCounts{4, 4, 4, 3, 3, 1};
constexpr std::array<int, 13> kNumberCounts{0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
constexpr std::array<int, 6> kHarborCounts{4, 1, 1, 1, 1, 1};

// CAT-2.2 written out independently of geometry.cpp: neighbour (row, pos) by Side.
std::pair<int, int> formula_neighbor(int r, int p, Side s) {
    switch (s) {
        case Side::W: return {r, p - 1};
        case Side::E: return {r, p + 1};
        case Side::NW: return r <= 3 ? std::make_pair(r - 1, p - 1) : std::make_pair(r - 1, p);
        case Side::NE: return r <= 3 ? std::make_pair(r - 1, p) : std::make_pair(r - 1, p + 1);
        case Side::SW: return r <= 2 ? std::make_pair(r + 1, p) : std::make_pair(r + 1, p - 1);
        case Side::SE: return r <= 2 ? std::make_pair(r + 1, p + 1) : std::make_pair(r + 1, p);
    }
    return {0, 0};
}

bool on_island(int r, int p) { return r >= 1 && r <= 5 && p >= 1 && p <= kRowLength[r - 1]; }

int opposite(int side) { return (side + 3) % 6; }

bool hexes_adjacent(int a, int b) {
    for (int8_t n : geometry().hex_neighbor[a])
        if (n == b) return true;
    return false;
}

// Red numbers apart (CAT-4.5), by brute force over all hex pairs using the formula.
bool reds_apart_brute(const Board& b) {
    const Geometry& g = geometry();
    for (int a = 0; a < kHexes; ++a)
        for (int s = 0; s < 6; ++s) {
            auto [r, p] = formula_neighbor(g.hex_row[a], g.hex_pos[a], static_cast<Side>(s));
            if (!on_island(r, p)) continue;
            const int n = hx(r, p);
            const bool ra = b.number[a] == 6 || b.number[a] == 8;
            const bool rn = b.number[n] == 6 || b.number[n] == 8;
            if (ra && rn) return false;
        }
    return true;
}

int edge_between(int a, int b) {
    const Geometry& g = geometry();
    for (int e = 0; e < kEdges; ++e)
        if ((g.edge_ends[e][0] == a && g.edge_ends[e][1] == b) || (g.edge_ends[e][0] == b && g.edge_ends[e][1] == a))
            return e;
    return -1;
}

int coastal_edges_at(int i) {
    int n = 0;
    for (int8_t e : geometry().intersection_edges[i])
        if (e != kNone && geometry().edge_coastal[e]) ++n;
    return n;
}

// The 30 coastal edges in clockwise order (as drawn, y pointing down), starting with `start`.
std::vector<int> coast_clockwise(int start) {
    const Geometry& g = geometry();
    const int cx = 5, cy = 8;  // board centre in drawing units: the centre of (3,3)
    auto cross = [&](int a, int b) {
        const long ax = g.intersection_point[a][0] - cx, ay = g.intersection_point[a][1] - cy;
        const long bx = g.intersection_point[b][0] - cx, by = g.intersection_point[b][1] - cy;
        return ax * by - ay * bx;
    };
    int from = g.edge_ends[start][0], to = g.edge_ends[start][1];
    if (cross(from, to) < 0) std::swap(from, to);  // clockwise on screen: positive cross with y down
    std::vector<int> order{start};
    int cur = start;
    while (true) {
        int next = -1;
        for (int8_t e : g.intersection_edges[to])
            if (e != kNone && e != cur && g.edge_coastal[e]) next = e;
        if (next < 0 || next == start) break;
        order.push_back(next);
        from = to;
        to = g.edge_ends[next][0] == from ? g.edge_ends[next][1] : g.edge_ends[next][0];
        cur = next;
        if (order.size() > 100) break;
    }
    return order;
}

}  // namespace

// ---------------------------------------------------------------- CAT-1

TEST_CASE("CAT-1.1 terrain counts on starter and random boards", "[CAT-1.1]") {
    CHECK(terrain_counts(starter_board()) == kTerrainCounts);
    for (uint64_t seed = 0; seed < 300; ++seed) {
        const Board s = random_b(seed, NumberPlacement::Spiral);
        const Board r = random_b(seed, NumberPlacement::Random);
        REQUIRE(terrain_counts(s) == kTerrainCounts);
        REQUIRE(terrain_counts(r) == kTerrainCounts);
        int producing = 0;
        for (Terrain t : s.terrain) producing += t != Terrain::Desert;
        REQUIRE(producing == 18);
    }
}

TEST_CASE("CAT-1.2 number tokens: one 2, one 12, two each of 3-6 and 8-11, no 7", "[CAT-1.2]") {
    CHECK(number_counts(starter_board()) == kNumberCounts);
    std::array<int, 13> letters{};
    for (int n : kLetters) ++letters[n];
    CHECK(letters == kNumberCounts);
    for (uint64_t seed = 0; seed < 300; ++seed) {
        for (NumberPlacement np : {NumberPlacement::Spiral, NumberPlacement::Random}) {
            const Board b = random_b(seed, np);
            REQUIRE(number_counts(b) == kNumberCounts);
            for (int h = 0; h < kHexes; ++h) REQUIRE(b.number[h] != 7);
        }
    }
}

TEST_CASE("CAT-1.3 spiral placement lays letters A..R in spiral order", "[CAT-1.3][CAT-4.3]") {
    std::set<int> corners_seen;
    for (uint64_t seed = 0; seed < 300; ++seed) {
        const Board b = random_b(seed, NumberPlacement::Spiral);
        const int desert = desert_hex(b);
        int matching = -1;
        for (int k = 0; k < 6; ++k) {
            std::vector<int> seq;
            for (uint8_t h : spiral_order(k))
                if (h != desert) seq.push_back(b.number[h]);
            REQUIRE(seq.size() == 18);
            if (std::equal(seq.begin(), seq.end(), kLetters.begin())) {
                matching = k;
                corners_seen.insert(k);
            }
        }
        INFO("seed " << seed);
        REQUIRE(matching >= 0);
    }
    // The starting corner is random among the 6 corners (CAT-4.3 decision).
    CHECK(corners_seen.size() == 6);
}

TEST_CASE("CAT-1.4 red numbers 6 and 8 must not be adjacent", "[CAT-1.4][CAT-4.5]") {
    Board b = starter_board();
    CHECK(red_numbers_apart(b));
    CHECK(reds_apart_brute(b));

    // Put an 8 next to the 6 on (2,2): swap (2,3)'s 4 with (3,5)'s 8.
    Board adj = b;
    std::swap(adj.number[hx(2, 3)], adj.number[hx(3, 5)]);
    REQUIRE(adj.number[hx(2, 3)] == 8);
    REQUIRE(adj.number[hx(2, 2)] == 6);
    CHECK_FALSE(red_numbers_apart(adj));

    // 6 next to 6: (5,2)'s 6 moved onto (2,3), next to (2,2).
    Board six = b;
    std::swap(six.number[hx(2, 3)], six.number[hx(5, 2)]);
    CHECK_FALSE(red_numbers_apart(six));

    // 8 next to 8: (3,5)'s 8 onto (3,1), whose SE neighbour (4,1) has the other 8.
    Board eight = b;
    std::swap(eight.number[hx(3, 1)], eight.number[hx(3, 5)]);
    REQUIRE(eight.number[hx(4, 1)] == 8);
    CHECK_FALSE(red_numbers_apart(eight));

    // Non-red numbers may be adjacent: 5 on (4,4) next to 5 moved onto (4,3).
    Board fives = b;
    std::swap(fives.number[hx(4, 3)], fives.number[hx(5, 1)]);
    REQUIRE(fives.number[hx(4, 3)] == 5);
    REQUIRE(fives.number[hx(4, 4)] == 5);
    CHECK(red_numbers_apart(fives));

    // The engine check agrees with a brute-force check on every pair of hexes: put one 6 on a
    // hex and one 8 on another, everything else non-red.
    for (int a = 0; a < kHexes; ++a)
        for (int c = 0; c < kHexes; ++c) {
            if (a == c) continue;
            Board t = b;
            for (auto& n : t.number) n = 5;
            t.number[a] = 6;
            t.number[c] = 8;
            REQUIRE(red_numbers_apart(t) == !hexes_adjacent(a, c));
            REQUIRE(reds_apart_brute(t) == !hexes_adjacent(a, c));
        }
}

TEST_CASE("CAT-1.5 nine harbors: four 3:1 and one 2:1 per resource", "[CAT-1.5]") {
    CHECK(harbor_counts(starter_board()) == kHarborCounts);
    for (uint64_t seed = 0; seed < 300; ++seed) REQUIRE(harbor_counts(random_b(seed, NumberPlacement::Spiral)) == kHarborCounts);
    // Harbor type <-> resource mapping.
    CHECK(harbor_resource(HarborType::Lumber) == Resource::Lumber);
    CHECK(harbor_resource(HarborType::Ore) == Resource::Ore);
    for (int r = 0; r < kResourceTypes; ++r)
        CHECK(harbor_resource(specific_harbor(static_cast<Resource>(r))) == static_cast<Resource>(r));
}

// ---------------------------------------------------------------- CAT-2

TEST_CASE("CAT-2.1 rows of 3,4,5,4,3 with the centre hex (3,3)", "[CAT-2.1]") {
    const Geometry& g = geometry();
    std::array<int, 6> per_row{};
    int id = 0;
    for (int r = 1; r <= 5; ++r)
        for (int p = 1; p <= kRowLength[r - 1]; ++p, ++id) {
            REQUIRE(hex_id(r, p) == id);  // row-major from (1,1)=0
            CHECK(g.hex_row[id] == r);
            CHECK(g.hex_pos[id] == p);
        }
    CHECK(id == kHexes);
    for (int h = 0; h < kHexes; ++h) ++per_row[g.hex_row[h]];
    CHECK(per_row == std::array<int, 6>{0, 3, 4, 5, 4, 3});
    CHECK(hex_id(5, 3) == 18);
    for (auto [r, p] : {std::pair{0, 1}, {6, 1}, {1, 0}, {1, 4}, {2, 5}, {3, 6}, {4, 5}, {5, 4}, {3, 0}})
        CHECK(hex_id(r, p) == kNone);

    // The centre hex is (3,3): the only hex with six land neighbours, at the mean of all centres.
    const int centre = hex_id(3, 3);
    CHECK(centre == 9);
    auto inland = [&](int h) {
        for (int8_t n : g.hex_neighbor[h])
            if (n == kNone) return false;
        return true;
    };
    int inland_count = 0;
    long sx = 0, sy = 0;
    for (int h = 0; h < kHexes; ++h) {
        inland_count += inland(h);
        // Only the centre is surrounded by hexes that are themselves surrounded by land.
        bool deep = inland(h);
        for (int8_t n : g.hex_neighbor[h]) deep = deep && n != kNone && inland(n);
        CHECK(deep == (h == centre));
        sx += g.hex_center[h][0];
        sy += g.hex_center[h][1];
    }
    CHECK(inland_count == 7);  // the centre and the inner ring of 6
    CHECK(sx == 19L * g.hex_center[centre][0]);
    CHECK(sy == 19L * g.hex_center[centre][1]);
    // Rows are horizontal: every hex in a row has the same y; rows go down.
    for (int h = 1; h < kHexes; ++h) {
        if (g.hex_row[h] == g.hex_row[h - 1]) {
            CHECK(g.hex_center[h][1] == g.hex_center[h - 1][1]);
            CHECK(g.hex_center[h][0] > g.hex_center[h - 1][0]);
        } else {
            CHECK(g.hex_center[h][1] > g.hex_center[h - 1][1]);
        }
    }
}

TEST_CASE("CAT-2.2 hex adjacency is symmetric and matches the formula", "[CAT-2.2]") {
    const Geometry& g = geometry();
    int pairs = 0;
    for (int h = 0; h < kHexes; ++h)
        for (int s = 0; s < 6; ++s) {
            auto [r, p] = formula_neighbor(g.hex_row[h], g.hex_pos[h], static_cast<Side>(s));
            const int n = g.hex_neighbor[h][s];
            INFO("hex " << h << " side " << s);
            if (on_island(r, p)) {
                REQUIRE(n == hx(r, p));
                CHECK(g.hex_neighbor[n][opposite(s)] == h);  // symmetric, facing sides
                CHECK(g.hex_side[n][opposite(s)] == g.hex_side[h][s]);  // they share that side
                ++pairs;
            } else {
                CHECK(n == kNone);
            }
        }
    CHECK(pairs == 2 * 42);  // 42 land-land sides = 72 edges - 30 coastal
    // Adjacent hexes share exactly two corners; others share none.
    for (int a = 0; a < kHexes; ++a)
        for (int b = 0; b < kHexes; ++b) {
            if (a == b) continue;
            const int shared = std::popcount(g.hex_corner_mask[a] & g.hex_corner_mask[b]);
            CHECK(shared == (hexes_adjacent(a, b) ? 2 : 0));
            CHECK(hexes_adjacent(a, b) == hexes_adjacent(b, a));
        }
    // Spot checks from CAT-2.2.
    CHECK(g.hex_neighbor[hx(2, 2)][static_cast<int>(Side::NW)] == hx(1, 1));
    CHECK(g.hex_neighbor[hx(4, 2)][static_cast<int>(Side::NW)] == hx(3, 2));
    CHECK(g.hex_neighbor[hx(4, 2)][static_cast<int>(Side::NE)] == hx(3, 3));
    CHECK(g.hex_neighbor[hx(3, 3)][static_cast<int>(Side::SW)] == hx(4, 2));
    CHECK(g.hex_neighbor[hx(2, 2)][static_cast<int>(Side::SE)] == hx(3, 3));
}

TEST_CASE("CAT-2.3 54 intersections, each touching 1 to 3 hexes", "[CAT-2.3]") {
    const Geometry& g = geometry();
    std::set<std::pair<int, int>> points;
    std::array<int, 4> by_hexes{};
    for (int i = 0; i < kIntersections; ++i) {
        points.insert({g.intersection_point[i][0], g.intersection_point[i][1]});
        int n = 0;
        for (int8_t h : g.intersection_hexes[i])
            if (h != kNone) {
                ++n;
                // It really is a corner of that hex.
                CHECK(std::count(g.hex_corner[h].begin(), g.hex_corner[h].end(), i) == 1);
                CHECK((g.hex_corner_mask[h] >> i & 1) == 1);
            }
        REQUIRE(n >= 1);
        REQUIRE(n <= 3);
        ++by_hexes[n];
        // Numbered top to bottom, then left to right.
        if (i > 0) {
            const auto& a = g.intersection_point[i - 1];
            const auto& b = g.intersection_point[i];
            CHECK((a[1] < b[1] || (a[1] == b[1] && a[0] < b[0])));
        }
    }
    CHECK(points.size() == 54);
    CHECK(by_hexes == std::array<int, 4>{0, 18, 12, 24});
    // Every hex corner is listed back under that intersection, and a hex's 6 corners are distinct.
    for (int h = 0; h < kHexes; ++h) {
        std::set<int> cs(g.hex_corner[h].begin(), g.hex_corner[h].end());
        CHECK(cs.size() == 6);
        for (int c : cs) {
            CHECK(std::count(g.intersection_hexes[c].begin(), g.intersection_hexes[c].end(), h) == 1);
            CHECK(c < kIntersections);
        }
    }
}

TEST_CASE("CAT-2.4 72 edges, each a hex side with two ends", "[CAT-2.4]") {
    const Geometry& g = geometry();
    std::set<std::pair<int, int>> pairs;
    for (int e = 0; e < kEdges; ++e) {
        const int a = g.edge_ends[e][0], b = g.edge_ends[e][1];
        REQUIRE(a != b);
        REQUIRE(a < kIntersections);
        REQUIRE(b < kIntersections);
        pairs.insert({std::min(a, b), std::max(a, b)});
        // Side of one or two land hexes (never between two sea pieces).
        int sides = 0;
        for (int h = 0; h < kHexes; ++h) sides += static_cast<int>(std::count(g.hex_side[h].begin(), g.hex_side[h].end(), e));
        CHECK((sides == 1 || sides == 2));
        CHECK(g.edge_coastal[e] == (sides == 1));
        // Numbered top to bottom, then left to right by midpoint.
        if (e > 0) {
            const int py = g.intersection_point[g.edge_ends[e - 1][0]][1] + g.intersection_point[g.edge_ends[e - 1][1]][1];
            const int px = g.intersection_point[g.edge_ends[e - 1][0]][0] + g.intersection_point[g.edge_ends[e - 1][1]][0];
            const int y = g.intersection_point[a][1] + g.intersection_point[b][1];
            const int x = g.intersection_point[a][0] + g.intersection_point[b][0];
            CHECK((py < y || (py == y && px < x)));
        }
    }
    CHECK(pairs.size() == 72);
    // Every hex side is an edge whose ends are two corners of that hex.
    for (int h = 0; h < kHexes; ++h)
        for (int s = 0; s < 6; ++s) {
            const int e = g.hex_side[h][s];
            REQUIRE(e < kEdges);
            CHECK((g.hex_corner_mask[h] >> g.edge_ends[e][0] & 1) == 1);
            CHECK((g.hex_corner_mask[h] >> g.edge_ends[e][1] & 1) == 1);
        }
}

TEST_CASE("CAT-2.5 intersections have 2 or 3 edges and as many neighbours", "[CAT-2.5]") {
    const Geometry& g = geometry();
    int total_degree = 0;
    for (int i = 0; i < kIntersections; ++i) {
        int edges = 0, neighbours = 0;
        uint64_t mask = 0;
        for (int k = 0; k < 3; ++k) {
            const int e = g.intersection_edges[i][k];
            const int n = g.intersection_neighbors[i][k];
            REQUIRE((e == kNone) == (n == kNone));
            if (e == kNone) continue;
            ++edges;
            ++neighbours;
            // Neighbour k is the other end of edge k.
            const int other = g.edge_ends[e][0] == i ? g.edge_ends[e][1] : g.edge_ends[e][0];
            CHECK((g.edge_ends[e][0] == i || g.edge_ends[e][1] == i));
            CHECK(n == other);
            CHECK(edge_between(i, n) == e);
            // Symmetric.
            CHECK(std::count(g.intersection_neighbors[n].begin(), g.intersection_neighbors[n].end(), i) == 1);
            mask |= uint64_t{1} << n;
        }
        CHECK((edges == 2 || edges == 3));
        CHECK(neighbours == edges);
        CHECK(mask == g.intersection_neighbor_mask[i]);
        CHECK(std::popcount(mask) == edges);
        total_degree += edges;
    }
    CHECK(total_degree == 2 * kEdges);
}

TEST_CASE("CAT-2.6 the coast: 30 edges and 30 intersections in one ring", "[CAT-2.6]") {
    const Geometry& g = geometry();
    int coastal = 0;
    std::set<int> coastal_points;
    for (int e = 0; e < kEdges; ++e)
        if (g.edge_coastal[e]) {
            ++coastal;
            coastal_points.insert(g.edge_ends[e][0]);
            coastal_points.insert(g.edge_ends[e][1]);
        }
    CHECK(coastal == 30);
    CHECK(coastal_points.size() == 30);
    // Coastal edges are exactly the hex sides facing the sea.
    for (int h = 0; h < kHexes; ++h)
        for (int s = 0; s < 6; ++s) CHECK(g.edge_coastal[g.hex_side[h][s]] == (g.hex_neighbor[h][s] == kNone));
    // Coastal intersections are those touching fewer than 3 hexes; each has exactly 2 coastal edges.
    for (int i = 0; i < kIntersections; ++i) {
        int hexes = 0;
        for (int8_t h : g.intersection_hexes[i]) hexes += h != kNone;
        CHECK((coastal_points.count(i) == 1) == (hexes < 3));
        CHECK(coastal_edges_at(i) == (coastal_points.count(i) ? 2 : 0));
    }
    // They form a single closed ring.
    const auto ring = coast_clockwise(0);
    CHECK(ring.size() == 30);
    CHECK(std::set<int>(ring.begin(), ring.end()).size() == 30);
}

TEST_CASE("CAT-2.7 each harbor slot is a coastal edge with two intersections", "[CAT-2.7]") {
    const Geometry& g = geometry();
    std::set<int> edges, points;
    for (int s = 0; s < kHarbors; ++s) {
        const int e = g.harbor_edge[s];
        INFO("slot " << s);
        CHECK(g.edge_coastal[e]);
        CHECK(g.hex_side[g.harbor_hex[s]][static_cast<int>(g.harbor_side[s])] == e);
        CHECK(g.hex_neighbor[g.harbor_hex[s]][static_cast<int>(g.harbor_side[s])] == kNone);
        edges.insert(e);
        points.insert(g.edge_ends[e][0]);
        points.insert(g.edge_ends[e][1]);
    }
    CHECK(edges.size() == 9);
    CHECK(points.size() == 18);  // no intersection serves two harbors
}

TEST_CASE("CAT-2.10 corner and side naming is consistent", "[CAT-2.10]") {
    const Geometry& g = geometry();
    // Side k joins corners k and k+1: NE = Top-UpperRight, E = UpperRight-LowerRight, ...,
    // NW = UpperLeft-Top.
    for (int h = 0; h < kHexes; ++h) {
        for (int s = 0; s < 6; ++s) {
            const int a = g.hex_corner[h][s], b = g.hex_corner[h][(s + 1) % 6];
            CHECK(edge_between(a, b) == g.hex_side[h][s]);
        }
        const auto c = g.hex_center[h];
        auto pt = [&](Corner k) { return g.intersection_point[g.hex_corner[h][static_cast<int>(k)]]; };
        // Corners where their names say, in drawing units around the centre.
        CHECK(pt(Corner::Top)[0] == c[0]);
        CHECK(pt(Corner::Top)[1] < c[1]);
        CHECK(pt(Corner::Bottom)[0] == c[0]);
        CHECK(pt(Corner::Bottom)[1] > c[1]);
        CHECK(pt(Corner::UpperRight)[0] > c[0]);
        CHECK(pt(Corner::UpperRight)[1] < c[1]);
        CHECK(pt(Corner::LowerRight)[0] > c[0]);
        CHECK(pt(Corner::LowerRight)[1] > c[1]);
        CHECK(pt(Corner::LowerLeft)[0] < c[0]);
        CHECK(pt(Corner::LowerLeft)[1] > c[1]);
        CHECK(pt(Corner::UpperLeft)[0] < c[0]);
        CHECK(pt(Corner::UpperLeft)[1] < c[1]);
        // A side faces its direction: the neighbour across it lies that way.
        for (int s = 0; s < 6; ++s) {
            const int n = g.hex_neighbor[h][s];
            if (n == kNone) continue;
            const int dx = g.hex_center[n][0] - c[0], dy = g.hex_center[n][1] - c[1];
            switch (static_cast<Side>(s)) {
                case Side::NE: CHECK((dx > 0 && dy < 0)); break;
                case Side::E: CHECK((dx > 0 && dy == 0)); break;
                case Side::SE: CHECK((dx > 0 && dy > 0)); break;
                case Side::SW: CHECK((dx < 0 && dy > 0)); break;
                case Side::W: CHECK((dx < 0 && dy == 0)); break;
                case Side::NW: CHECK((dx < 0 && dy < 0)); break;
            }
        }
    }
}

// ---------------------------------------------------------------- CAT-3

TEST_CASE("CAT-3.1 CAT-3.2 CAT-3.3 starter board matches the published table", "[CAT-3.1][CAT-3.2][CAT-3.3]") {
    using T = Terrain;
    struct Cell {
        int r, p;
        Terrain t;
        int n;
    };
    const Cell table[19] = {
        {1, 1, T::Mountains, 10}, {1, 2, T::Pasture, 2},  {1, 3, T::Forest, 9},
        {2, 1, T::Fields, 12},    {2, 2, T::Hills, 6},    {2, 3, T::Pasture, 4},  {2, 4, T::Hills, 10},
        {3, 1, T::Fields, 9},     {3, 2, T::Forest, 11},  {3, 3, T::Desert, 0},   {3, 4, T::Forest, 3},
        {3, 5, T::Mountains, 8},  {4, 1, T::Forest, 8},   {4, 2, T::Mountains, 3}, {4, 3, T::Fields, 4},
        {4, 4, T::Pasture, 5},    {5, 1, T::Hills, 5},    {5, 2, T::Fields, 6},   {5, 3, T::Pasture, 11},
    };
    const Board b = starter_board();
    for (const Cell& c : table) {
        const int h = hex_id(c.r, c.p);
        INFO("(" << c.r << "," << c.p << ")");
        CHECK(b.terrain[h] == c.t);
        CHECK(static_cast<int>(b.number[h]) == c.n);
    }
    CHECK(!validate_board(b).has_value());
}

TEST_CASE("CAT-3.4 starter harbors and the spacing of the harbor slots", "[CAT-3.4][CAT-4.1]") {
    const Geometry& g = geometry();
    using H = HarborType;
    struct Slot {
        int r, p;
        Side s;
        HarborType type;
    };
    const Slot table[9] = {
        {1, 1, Side::NW, H::Generic}, {1, 2, Side::NE, H::Grain},   {2, 4, Side::NE, H::Ore},
        {3, 5, Side::E, H::Generic},  {4, 4, Side::SE, H::Wool},    {5, 2, Side::SE, H::Generic},
        {5, 1, Side::SW, H::Generic}, {3, 1, Side::SW, H::Brick},   {2, 1, Side::W, H::Lumber},
    };
    const Board b = starter_board();
    for (int s = 0; s < kHarbors; ++s) {
        INFO("slot " << s);
        const int h = hex_id(table[s].r, table[s].p);
        CHECK(g.harbor_hex[s] == h);
        CHECK(g.harbor_side[s] == table[s].s);
        CHECK(g.harbor_edge[s] == g.hex_side[h][static_cast<int>(table[s].s)]);
        CHECK(b.harbor[s] == table[s].type);
    }
    // Clockwise round the coast from the 3:1 harbor on (3,5): gaps 2,3,2,3,2,2,2,3,2, and the
    // slots come in order 3,4,...,8,0,1,2 (slots are numbered clockwise).
    const auto ring = coast_clockwise(g.harbor_edge[3]);
    REQUIRE(ring.size() == 30);
    std::vector<int> positions, slots;
    for (int k = 0; k < 30; ++k)
        for (int s = 0; s < kHarbors; ++s)
            if (ring[k] == g.harbor_edge[s]) {
                positions.push_back(k);
                slots.push_back(s);
            }
    REQUIRE(positions.size() == 9);
    std::vector<int> gaps;
    for (int k = 0; k < 9; ++k) gaps.push_back((positions[(k + 1) % 9] - positions[k] + 30) % 30 - 1);
    CHECK(gaps == std::vector<int>{2, 3, 2, 3, 2, 2, 2, 3, 2});
    CHECK(slots == std::vector<int>{3, 4, 5, 6, 7, 8, 0, 1, 2});
}

TEST_CASE("CAT-3.5 CAT-4.6 the desert is numberless, central on the starter map", "[CAT-3.5][CAT-4.6]") {
    const Board s = starter_board();
    CHECK(desert_hex(s) == hex_id(3, 3));
    CHECK(s.number[desert_hex(s)] == 0);
    for (uint64_t seed = 0; seed < 300; ++seed)
        for (NumberPlacement np : {NumberPlacement::Spiral, NumberPlacement::Random}) {
            const Board b = random_b(seed, np);
            const int d = desert_hex(b);
            REQUIRE(d != kNone);
            REQUIRE(b.number[d] == 0);
            for (int h = 0; h < kHexes; ++h)
                if (h != d) REQUIRE(b.number[h] != 0);
        }
}

// ---------------------------------------------------------------- CAT-4

TEST_CASE("CAT-4.1 harbor types are shuffled over the 9 fixed slots", "[CAT-4.1]") {
    std::array<std::set<int>, kHarbors> seen;
    std::set<std::array<HarborType, kHarbors>> layouts;
    for (uint64_t seed = 0; seed < 500; ++seed) {
        const Board b = random_b(seed, NumberPlacement::Spiral);
        REQUIRE(harbor_counts(b) == kHarborCounts);
        for (int s = 0; s < kHarbors; ++s) seen[s].insert(static_cast<int>(b.harbor[s]));
        layouts.insert(b.harbor);
    }
    for (int s = 0; s < kHarbors; ++s) {
        INFO("slot " << s);
        CHECK(seen[s].size() > 1);
        CHECK(seen[s].size() == 6);
    }
    CHECK(layouts.size() > 100);
    // The slots themselves do not move: geometry() is fixed (CAT-3.4 sides).
    CHECK(geometry().harbor_edge[3] == geometry().hex_side[hex_id(3, 5)][static_cast<int>(Side::E)]);
}

TEST_CASE("CAT-4.2 terrain is placed at random", "[CAT-4.2]") {
    std::array<std::set<int>, kHexes> seen;
    std::set<std::array<Terrain, kHexes>> layouts;
    for (uint64_t seed = 0; seed < 500; ++seed) {
        const Board b = random_b(seed, NumberPlacement::Random);
        for (int h = 0; h < kHexes; ++h) seen[h].insert(static_cast<int>(b.terrain[h]));
        layouts.insert(b.terrain);
    }
    for (int h = 0; h < kHexes; ++h) CHECK(seen[h].size() == 6);
    CHECK(layouts.size() > 490);
    // Same seed, same board.
    const Board a = random_b(42, NumberPlacement::Spiral), b = random_b(42, NumberPlacement::Spiral);
    CHECK(a.terrain == b.terrain);
    CHECK(a.number == b.number);
    CHECK(a.harbor == b.harbor);
}

TEST_CASE("CAT-4.3 CAT-4.4 spiral order from each corner", "[CAT-4.3][CAT-4.4]") {
    const int outer[12][2] = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {5, 2},
                              {5, 3}, {4, 4}, {3, 5}, {2, 4}, {1, 3}, {1, 2}};
    const int inner[6][2] = {{2, 2}, {3, 2}, {4, 2}, {4, 3}, {3, 4}, {2, 3}};
    const Geometry& g = geometry();
    for (int k = 0; k < 6; ++k) {
        INFO("corner " << k);
        const auto order = spiral_order(k);
        CHECK(order[0] == hex_id(outer[2 * k][0], outer[2 * k][1]));
        CHECK(order[18] == hex_id(3, 3));
        CHECK(std::set<int>(order.begin(), order.end()).size() == 19);
        for (int i = 0; i < 12; ++i) CHECK(order[i] == hex_id(outer[(2 * k + i) % 12][0], outer[(2 * k + i) % 12][1]));
        for (int i = 0; i < 6; ++i) CHECK(order[12 + i] == hex_id(inner[(k + i) % 6][0], inner[(k + i) % 6][1]));
        // I[k] is the inner hex next to the starting corner, and the whole spiral is a path of adjacent hexes.
        CHECK(hexes_adjacent(order[0], order[12]));
        for (int i = 0; i + 1 < 19; ++i) CHECK(hexes_adjacent(order[i], order[i + 1]));
        // The starting corner has 3 land neighbours (a corner of the island).
        int land = 0;
        for (int8_t n : g.hex_neighbor[order[0]]) land += n != kNone;
        CHECK(land == 3);
        // Counterclockwise as drawn (y down): negative cross product around the centre.
        const int cx = g.hex_center[9][0], cy = g.hex_center[9][1];
        for (int i = 0; i + 1 < 12; ++i) {
            const int ax = g.hex_center[order[i]][0] - cx, ay = g.hex_center[order[i]][1] - cy;
            const int bx = g.hex_center[order[i + 1]][0] - cx, by = g.hex_center[order[i + 1]][1] - cy;
            CHECK(ax * by - ay * bx < 0);
        }
    }
}

TEST_CASE("CAT-4.5 random number placement never puts 6 and 8 together", "[CAT-4.5]") {
    std::set<std::array<uint8_t, kHexes>> layouts;
    for (uint64_t seed = 0; seed < 500; ++seed) {
        const Board b = random_b(seed, NumberPlacement::Random);
        INFO("seed " << seed);
        REQUIRE(red_numbers_apart(b));
        REQUIRE(reds_apart_brute(b));
        REQUIRE(!validate_board(b).has_value());
        layouts.insert(b.number);
    }
    CHECK(layouts.size() > 490);
}

TEST_CASE("validate_board rejects wrong component counts", "[CAT-1.1][CAT-1.2][CAT-1.5][CAT-4.6]") {
    const Board good = starter_board();
    REQUIRE(!validate_board(good).has_value());
    for (uint64_t seed = 0; seed < 50; ++seed) CHECK(!validate_board(random_b(seed, NumberPlacement::Spiral)).has_value());

    SECTION("terrain: two deserts") {
        Board b = good;
        b.terrain[hx(1, 1)] = Terrain::Desert;
        b.number[hx(1, 1)] = 0;
        CHECK(validate_board(b).has_value());
    }
    SECTION("terrain: five forests, two hills") {
        Board b = good;
        b.terrain[hx(2, 2)] = Terrain::Forest;  // was hills
        CHECK(validate_board(b).has_value());
    }
    SECTION("terrain: out of range") {
        Board b = good;
        b.terrain[0] = static_cast<Terrain>(6);
        CHECK(validate_board(b).has_value());
    }
    SECTION("numbers: a 7") {
        Board b = good;
        b.number[hx(1, 2)] = 7;  // was the 2
        CHECK(validate_board(b).has_value());
    }
    SECTION("numbers: two 2s and no 12") {
        Board b = good;
        b.number[hx(2, 1)] = 2;  // was 12
        CHECK(validate_board(b).has_value());
    }
    SECTION("numbers: number on the desert") {
        Board b = good;
        std::swap(b.number[hx(3, 3)], b.number[hx(1, 2)]);
        CHECK(validate_board(b).has_value());
    }
    SECTION("numbers: zero on a producing hex") {
        Board b = good;
        b.number[hx(1, 1)] = 0;
        CHECK(validate_board(b).has_value());
    }
    SECTION("numbers: out of range") {
        Board b = good;
        b.number[hx(1, 1)] = 13;
        CHECK(validate_board(b).has_value());
    }
    SECTION("harbors: five generic") {
        Board b = good;
        b.harbor[1] = HarborType::Generic;  // was grain
        CHECK(validate_board(b).has_value());
    }
    SECTION("harbors: two ore") {
        Board b = good;
        b.harbor[0] = HarborType::Ore;
        CHECK(validate_board(b).has_value());
    }
    SECTION("harbors: out of range") {
        Board b = good;
        b.harbor[0] = static_cast<HarborType>(6);
        CHECK(validate_board(b).has_value());
    }
    SECTION("a permutation is still valid") {
        Board b = good;
        std::swap(b.terrain[0], b.terrain[1]);
        std::swap(b.number[0], b.number[1]);
        std::swap(b.harbor[0], b.harbor[1]);
        CHECK(!validate_board(b).has_value());
    }
}
