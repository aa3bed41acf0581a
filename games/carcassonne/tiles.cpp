#include "games/carcassonne/tiles.hpp"

namespace hexhall::carcassonne {
namespace {

constexpr uint8_t N = 1, E = 2, S = 4, W = 8;  // side bits
constexpr uint8_t Nw = 1 << 0, Ne = 1 << 1, En = 1 << 2, Es = 1 << 3, Se = 1 << 4, Sw = 1 << 5,
                  Ws = 1 << 6, Wn = 1 << 7;     // port bits
constexpr uint8_t kAll = 0xFF;

constexpr SegmentDef city(uint8_t sides, bool pennant = false) { return {Kind::City, sides, 0, pennant, 0}; }
constexpr SegmentDef road(uint8_t sides) { return {Kind::Road, sides, 0, false, 0}; }
constexpr SegmentDef field(uint8_t ports, uint8_t touches = 0) { return {Kind::Field, 0, ports, false, touches}; }

// The published distribution (CAR-1.5). Segment order is the spot order used on the wire.
const std::array<TileDef, kTileTypes> kDefs = {{
    {'A', 2, {F, F, R, F}, true, 2, {road(S), field(kAll)}},
    {'B', 4, {F, F, F, F}, true, 1, {field(kAll)}},
    {'C', 1, {C, C, C, C}, false, 1, {city(N | E | S | W, true)}},
    {'D', 4, {C, R, F, R}, false, 4, {city(N), road(E | W), field(Wn | En, 0b1), field(Ws | Sw | Se | Es)}},
    {'E', 5, {C, F, F, F}, false, 2, {city(N), field(En | Es | Se | Sw | Ws | Wn, 0b1)}},
    {'F', 2, {F, C, F, C}, false, 3, {city(E | W, true), field(Nw | Ne, 0b1), field(Se | Sw, 0b1)}},
    {'G', 1, {F, C, F, C}, false, 3, {city(E | W), field(Nw | Ne, 0b1), field(Se | Sw, 0b1)}},
    {'H', 3, {C, F, C, F}, false, 3, {city(N), city(S), field(En | Es | Ws | Wn, 0b11)}},
    {'I', 2, {C, F, F, C}, false, 3, {city(N), city(W), field(En | Es | Se | Sw, 0b11)}},
    {'J', 3, {C, R, R, F}, false, 4, {city(N), road(E | S), field(Ws | Wn | Sw | En, 0b1), field(Es | Se)}},
    {'K', 3, {C, F, R, R}, false, 4, {city(N), road(W | S), field(En | Es | Se | Wn, 0b1), field(Sw | Ws)}},
    {'L', 3, {C, R, R, R}, false, 7,
     {city(N), road(E), road(S), road(W), field(En | Wn, 0b1), field(Sw | Ws), field(Se | Es)}},
    {'M', 2, {C, C, F, F}, false, 2, {city(N | E, true), field(Se | Sw | Ws | Wn, 0b1)}},
    {'N', 3, {C, C, F, F}, false, 2, {city(N | E), field(Se | Sw | Ws | Wn, 0b1)}},
    {'O', 2, {C, R, R, C}, false, 4, {city(N | W, true), road(E | S), field(En | Sw, 0b1), field(Es | Se)}},
    {'P', 3, {C, R, R, C}, false, 4, {city(N | W), road(E | S), field(En | Sw, 0b1), field(Es | Se)}},
    {'Q', 1, {C, C, F, C}, false, 2, {city(N | E | W, true), field(Se | Sw, 0b1)}},
    {'R', 3, {C, C, F, C}, false, 2, {city(N | E | W), field(Se | Sw, 0b1)}},
    {'S', 2, {C, C, R, C}, false, 4, {city(N | E | W, true), road(S), field(Sw, 0b1), field(Se, 0b1)}},
    {'T', 1, {C, C, R, C}, false, 4, {city(N | E | W), road(S), field(Sw, 0b1), field(Se, 0b1)}},
    {'U', 8, {R, F, R, F}, false, 3, {road(N | S), field(Nw | Ws | Wn | Sw), field(Ne | En | Es | Se)}},
    {'V', 9, {F, F, R, R}, false, 3, {road(W | S), field(Ws | Sw), field(Wn | Nw | Ne | En | Es | Se)}},
    {'W', 4, {F, R, R, R}, false, 6,
     {road(E), road(S), road(W), field(Wn | Nw | Ne | En), field(Es | Se), field(Ws | Sw)}},
    {'X', 1, {R, R, R, R}, false, 8,
     {road(N), road(E), road(S), road(W), field(Nw | Wn), field(Ne | En), field(Sw | Ws), field(Se | Es)}},
}};

uint8_t rot_sides(uint8_t m, int r) { return static_cast<uint8_t>(((m << r) | (m >> (4 - r))) & 0xF); }
uint8_t rot_ports(uint8_t m, int r) {
    const int k = 2 * r;
    return k == 0 ? m : static_cast<uint8_t>((m << k) | (m >> (8 - k)));
}

std::array<std::array<RotatedTile, 4>, kTileTypes> build_rotations() {
    std::array<std::array<RotatedTile, 4>, kTileTypes> out{};
    for (int t = 0; t < kTileTypes; ++t) {
        const TileDef& d = kDefs[t];
        for (int r = 0; r < 4; ++r) {
            RotatedTile& rt = out[t][r];
            rt.code = 0;
            rt.side_seg.fill(-1);
            rt.port_seg.fill(-1);
            for (int s = 0; s < 4; ++s) rt.code |= static_cast<uint8_t>(d.edges[s] << (2 * ((s + r) % 4)));
            for (int i = 0; i < d.segments; ++i) {
                rt.sides[i] = rot_sides(d.seg[i].sides, r);
                rt.ports[i] = rot_ports(d.seg[i].ports, r);
                for (int s = 0; s < 4; ++s)
                    if (rt.sides[i] & (1 << s)) rt.side_seg[s] = static_cast<int8_t>(i);
                for (int p = 0; p < 8; ++p)
                    if (rt.ports[i] & (1 << p)) rt.port_seg[p] = static_cast<int8_t>(i);
            }
        }
    }
    return out;
}

const std::array<std::array<RotatedTile, 4>, kTileTypes> kRotated = build_rotations();

}  // namespace

const std::array<TileDef, kTileTypes>& tile_defs() { return kDefs; }

const RotatedTile& rotated(int type, int rot) { return kRotated[type][rot]; }

int tile_type_of(char letter) {
    for (int t = 0; t < kTileTypes; ++t)
        if (kDefs[t].letter == letter) return t;
    return -1;
}

const char* kind_name(Kind k) {
    switch (k) {
        case Kind::Field: return "field";
        case Kind::Road: return "road";
        case Kind::City: return "city";
        case Kind::Cloister: return "cloister";
    }
    return "?";
}

}  // namespace hexhall::carcassonne
