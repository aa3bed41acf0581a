// Board geometry (CAT-2): stable integer IDs for the 19 hexes, 54 intersections,
// 72 edges and 9 harbor slots. games/catan/docs/board.md documents the numbering with a picture.
//
// Hexes are numbered row by row, top to bottom, left to right: (1,1)=0 … (5,3)=18.
// Intersections and edges are numbered by their position on the drawn board
// (pointy-topped hexes): top to bottom, then left to right, by the point itself
// for an intersection and by the edge's midpoint for an edge.
// Harbor slots 0..8 are the CAT-3.4 sides, clockwise from the NW side of (1,1).
#pragma once
#include <array>
#include <cstdint>

namespace hexhall::catan {

inline constexpr int kHexes = 19;
inline constexpr int kIntersections = 54;
inline constexpr int kEdges = 72;
inline constexpr int kHarbors = 9;
inline constexpr int8_t kNone = -1;

// Corners of a hex, clockwise from the top (CAT-2.10).
enum class Corner : uint8_t { Top, UpperRight, LowerRight, Bottom, LowerLeft, UpperLeft };
// Sides of a hex by the direction they face (CAT-2.10), clockwise from NE.
enum class Side : uint8_t { NE, E, SE, SW, W, NW };

struct Geometry {
    std::array<uint8_t, kHexes> hex_row{};  // 1..5
    std::array<uint8_t, kHexes> hex_pos{};  // 1..
    std::array<std::array<int8_t, 6>, kHexes> hex_neighbor{};     // by Side; kNone = sea
    std::array<std::array<uint8_t, 6>, kHexes> hex_corner{};      // by Corner -> intersection
    std::array<std::array<uint8_t, 6>, kHexes> hex_side{};        // by Side -> edge
    std::array<std::array<int8_t, 3>, kIntersections> intersection_hexes{};      // kNone padded
    std::array<std::array<int8_t, 3>, kIntersections> intersection_edges{};      // kNone padded
    std::array<std::array<int8_t, 3>, kIntersections> intersection_neighbors{};  // same order as edges
    std::array<std::array<uint8_t, 2>, kEdges> edge_ends{};
    std::array<bool, kEdges> edge_coastal{};
    std::array<uint8_t, kHarbors> harbor_edge{};
    std::array<uint8_t, kHarbors> harbor_hex{};
    std::array<Side, kHarbors> harbor_side{};
    // Drawing coordinates: x in half hex widths, y in half hex sizes (integers).
    std::array<std::array<int16_t, 2>, kHexes> hex_center{};
    std::array<std::array<int16_t, 2>, kIntersections> intersection_point{};
    // Bitsets derived from the tables above.
    std::array<uint64_t, kIntersections> intersection_neighbor_mask{};  // bit per intersection
    std::array<uint64_t, kHexes> hex_corner_mask{};
};

const Geometry& geometry();

// Hex id for (row, pos), or kNone when outside the island.
int hex_id(int row, int pos);

}  // namespace hexhall::catan
