#include "games/catan/engine/geometry.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace hexhall::catan {
namespace {

constexpr int kRowLength[5] = {3, 4, 5, 4, 3};

// Corner offsets in drawing units, by Corner (pointy-topped hex).
constexpr int kCornerDx[6] = {0, 1, 1, 0, -1, -1};
constexpr int kCornerDy[6] = {-2, -1, 1, 2, 1, -1};

// Neighbour (row, pos) by Side, per CAT-2.2.
std::pair<int, int> neighbor_of(int r, int p, Side s) {
    switch (s) {
        case Side::W: return {r, p - 1};
        case Side::E: return {r, p + 1};
        case Side::NW: return r <= 3 ? std::pair{r - 1, p - 1} : std::pair{r - 1, p};
        case Side::NE: return r <= 3 ? std::pair{r - 1, p} : std::pair{r - 1, p + 1};
        case Side::SW: return r <= 2 ? std::pair{r + 1, p} : std::pair{r + 1, p - 1};
        case Side::SE: return r <= 2 ? std::pair{r + 1, p + 1} : std::pair{r + 1, p};
    }
    return {0, 0};
}

// The two corners bounding a side, clockwise.
std::pair<Corner, Corner> side_corners(Side s) {
    switch (s) {
        case Side::NE: return {Corner::Top, Corner::UpperRight};
        case Side::E: return {Corner::UpperRight, Corner::LowerRight};
        case Side::SE: return {Corner::LowerRight, Corner::Bottom};
        case Side::SW: return {Corner::Bottom, Corner::LowerLeft};
        case Side::W: return {Corner::LowerLeft, Corner::UpperLeft};
        case Side::NW: return {Corner::UpperLeft, Corner::Top};
    }
    return {Corner::Top, Corner::Top};
}

struct Point {
    int x, y;
    bool operator<(const Point& o) const { return y != o.y ? y < o.y : x < o.x; }
    bool operator==(const Point& o) const { return x == o.x && y == o.y; }
};

template <typename T, std::size_t N>
void push_padded(std::array<T, N>& a, T v) {
    for (auto& e : a)
        if (e == kNone) {
            e = v;
            return;
        }
}

Geometry build() {
    Geometry g;
    std::vector<Point> corners;
    int h = 0;
    for (int r = 1; r <= 5; ++r) {
        const int offset2 = 5 - kRowLength[r - 1];  // 2 * x offset of the row's first hex
        for (int p = 1; p <= kRowLength[r - 1]; ++p, ++h) {
            g.hex_row[h] = static_cast<uint8_t>(r);
            g.hex_pos[h] = static_cast<uint8_t>(p);
            g.hex_center[h] = {static_cast<int16_t>(offset2 + 2 * (p - 1) + 1), static_cast<int16_t>(3 * (r - 1) + 2)};
            for (int c = 0; c < 6; ++c)
                corners.push_back({g.hex_center[h][0] + kCornerDx[c], g.hex_center[h][1] + kCornerDy[c]});
        }
    }
    std::sort(corners.begin(), corners.end());
    corners.erase(std::unique(corners.begin(), corners.end()), corners.end());
    auto corner_id = [&](Point pt) {
        return static_cast<uint8_t>(std::lower_bound(corners.begin(), corners.end(), pt) - corners.begin());
    };
    for (int i = 0; i < kIntersections; ++i) {
        g.intersection_point[i] = {static_cast<int16_t>(corners[i].x), static_cast<int16_t>(corners[i].y)};
        g.intersection_hexes[i] = {kNone, kNone, kNone};
        g.intersection_edges[i] = {kNone, kNone, kNone};
        g.intersection_neighbors[i] = {kNone, kNone, kNone};
    }
    for (h = 0; h < kHexes; ++h)
        for (int c = 0; c < 6; ++c) {
            const uint8_t id = corner_id({g.hex_center[h][0] + kCornerDx[c], g.hex_center[h][1] + kCornerDy[c]});
            g.hex_corner[h][c] = id;
            push_padded(g.intersection_hexes[id], static_cast<int8_t>(h));
            g.hex_corner_mask[h] |= uint64_t{1} << id;
        }
    // Edges keyed by their midpoint (sum of the two end points).
    struct EdgeKey {
        Point mid;
        uint8_t a, b;
    };
    std::vector<EdgeKey> edges;
    for (h = 0; h < kHexes; ++h)
        for (int s = 0; s < 6; ++s) {
            auto [c1, c2] = side_corners(static_cast<Side>(s));
            uint8_t a = g.hex_corner[h][static_cast<int>(c1)], b = g.hex_corner[h][static_cast<int>(c2)];
            if (a > b) std::swap(a, b);
            const Point mid{corners[a].x + corners[b].x, corners[a].y + corners[b].y};
            edges.push_back({mid, a, b});
        }
    std::sort(edges.begin(), edges.end(), [](const EdgeKey& l, const EdgeKey& r) { return l.mid < r.mid; });
    edges.erase(std::unique(edges.begin(), edges.end(), [](const EdgeKey& l, const EdgeKey& r) { return l.mid == r.mid; }),
                edges.end());
    for (int e = 0; e < kEdges; ++e) {
        g.edge_ends[e] = {edges[e].a, edges[e].b};
        push_padded(g.intersection_edges[edges[e].a], static_cast<int8_t>(e));
        push_padded(g.intersection_edges[edges[e].b], static_cast<int8_t>(e));
        push_padded(g.intersection_neighbors[edges[e].a], static_cast<int8_t>(edges[e].b));
        push_padded(g.intersection_neighbors[edges[e].b], static_cast<int8_t>(edges[e].a));
        g.intersection_neighbor_mask[edges[e].a] |= uint64_t{1} << edges[e].b;
        g.intersection_neighbor_mask[edges[e].b] |= uint64_t{1} << edges[e].a;
    }
    auto edge_id = [&](uint8_t a, uint8_t b) {
        if (a > b) std::swap(a, b);
        const Point mid{corners[a].x + corners[b].x, corners[a].y + corners[b].y};
        for (int e = 0; e < kEdges; ++e)
            if (edges[e].mid == mid) return static_cast<uint8_t>(e);
        return uint8_t{0};
    };
    for (h = 0; h < kHexes; ++h)
        for (int s = 0; s < 6; ++s) {
            auto [c1, c2] = side_corners(static_cast<Side>(s));
            g.hex_side[h][s] = edge_id(g.hex_corner[h][static_cast<int>(c1)], g.hex_corner[h][static_cast<int>(c2)]);
            auto [nr, np] = neighbor_of(g.hex_row[h], g.hex_pos[h], static_cast<Side>(s));
            const int n = hex_id(nr, np);
            g.hex_neighbor[h][s] = static_cast<int8_t>(n);
            if (n == kNone) g.edge_coastal[g.hex_side[h][s]] = true;
        }
    // Harbor slots, CAT-3.4, clockwise from the NW side of (1,1).
    const struct {
        int r, p;
        Side s;
    } slots[kHarbors] = {{1, 1, Side::NW}, {1, 2, Side::NE}, {2, 4, Side::NE}, {3, 5, Side::E}, {4, 4, Side::SE},
                         {5, 2, Side::SE}, {5, 1, Side::SW}, {3, 1, Side::SW}, {2, 1, Side::W}};
    for (int i = 0; i < kHarbors; ++i) {
        const int hx = hex_id(slots[i].r, slots[i].p);
        g.harbor_hex[i] = static_cast<uint8_t>(hx);
        g.harbor_side[i] = slots[i].s;
        g.harbor_edge[i] = g.hex_side[hx][static_cast<int>(slots[i].s)];
    }
    return g;
}

}  // namespace

int hex_id(int row, int pos) {
    if (row < 1 || row > 5 || pos < 1 || pos > kRowLength[row - 1]) return kNone;
    int id = 0;
    for (int r = 1; r < row; ++r) id += kRowLength[r - 1];
    return id + pos - 1;
}

const Geometry& geometry() {
    static const Geometry g = build();
    return g;
}

}  // namespace hexhall::catan
