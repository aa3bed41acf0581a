// The 72 land tiles of the base game as data (CAR-1.5): edges, the segments inside each tile,
// pennants, cloisters and which field segment touches which city segment (CAR-7.4).
//
// Geometry: sides N=0, E=1, S=2, W=3. A road side splits that side's field into two half-edge
// "ports", numbered clockwise from the north-west corner: 0 Nw, 1 Ne, 2 En, 3 Es, 4 Se, 5 Sw,
// 6 Ws, 7 Wn. A field side uses both of its ports, a city side none. Rotation r turns a tile
// r × 90° clockwise: side s goes to (s + r) % 4, port p to (p + 2r) % 8.
#pragma once
#include <array>
#include <cstdint>

namespace hexhall::carcassonne {

enum class Kind : uint8_t { Field = 0, Road = 1, City = 2, Cloister = 3 };
enum Edge : uint8_t { F = 0, R = 1, C = 2 };

inline constexpr int kTileTypes = 24;
inline constexpr int kTilesTotal = 72;
inline constexpr int kMaxSegments = 8;  // per tile (X: four roads and four fields)
inline constexpr int kStartType = 3;    // D (CAR-2.1 decision)

struct SegmentDef {
    Kind kind = Kind::Field;
    uint8_t sides = 0;     // road/city: bit s = this segment reaches side s
    uint8_t ports = 0;     // field: bit p = this segment owns half-edge port p
    bool pennant = false;  // city only (CAR-6.4)
    uint8_t touches = 0;   // field only: bit i = touches the tile's segment i (a city) (CAR-7.4)
};

struct TileDef {
    char letter;
    int count;
    std::array<Edge, 4> edges;  // N E S W
    bool cloister;
    int segments;
    std::array<SegmentDef, kMaxSegments> seg;
};

const std::array<TileDef, kTileTypes>& tile_defs();
inline const TileDef& tile_def(int type) { return tile_defs()[type]; }
int tile_type_of(char letter);  // -1 if unknown

// Per (type, rotation): what the rotated tile shows on each side and which segment owns it.
struct RotatedTile {
    uint8_t code;                      // 2 bits per side, side s at bits 2s: the Edge
    std::array<int8_t, 4> side_seg;    // road/city segment on side s, or -1 (field side)
    std::array<int8_t, 8> port_seg;    // field segment on port p, or -1 (city side)
    std::array<uint8_t, kMaxSegments> sides;  // rotated side mask per segment
    std::array<uint8_t, kMaxSegments> ports;  // rotated port mask per segment
};
const RotatedTile& rotated(int type, int rot);

inline constexpr const char* kSideNames[4] = {"N", "E", "S", "W"};
inline constexpr const char* kPortNames[8] = {"Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"};
const char* kind_name(Kind k);

}  // namespace hexhall::carcassonne
