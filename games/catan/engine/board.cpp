#include "games/catan/engine/board.hpp"

namespace hexhall::catan {
namespace {
// CAT-1.3: token numbers by letter A..R.
constexpr uint8_t kLetterNumbers[18] = {5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11};

std::array<Terrain, kHexes> standard_terrain() {
    std::array<Terrain, kHexes> t{};
    int i = 0;
    auto put = [&](Terrain x, int n) {
        for (int k = 0; k < n; ++k) t[i++] = x;
    };
    put(Terrain::Forest, 4);
    put(Terrain::Pasture, 4);
    put(Terrain::Fields, 4);
    put(Terrain::Hills, 3);
    put(Terrain::Mountains, 3);
    put(Terrain::Desert, 1);
    return t;
}

std::array<HarborType, kHarbors> standard_harbors() {
    return {HarborType::Generic, HarborType::Generic, HarborType::Generic, HarborType::Generic, HarborType::Lumber,
            HarborType::Wool,    HarborType::Grain,   HarborType::Brick,   HarborType::Ore};
}
}  // namespace

Board starter_board() {
    using T = Terrain;
    Board b;
    b.terrain = {T::Mountains, T::Pasture,   T::Forest, T::Fields,  T::Hills,  T::Pasture, T::Hills,
                 T::Fields,    T::Forest,    T::Desert, T::Forest,  T::Mountains, T::Forest, T::Mountains,
                 T::Fields,    T::Pasture,   T::Hills,  T::Fields,  T::Pasture};
    b.number = {10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11};
    using H = HarborType;
    b.harbor = {H::Generic, H::Grain, H::Ore, H::Generic, H::Wool, H::Generic, H::Generic, H::Brick, H::Lumber};
    return b;
}

std::array<uint8_t, kHexes> spiral_order(int corner) {
    static const int outer[12][2] = {{1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {5, 2},
                                     {5, 3}, {4, 4}, {3, 5}, {2, 4}, {1, 3}, {1, 2}};
    static const int inner[6][2] = {{2, 2}, {3, 2}, {4, 2}, {4, 3}, {3, 4}, {2, 3}};
    std::array<uint8_t, kHexes> order{};
    int n = 0;
    for (int i = 0; i < 12; ++i) {
        const auto& rp = outer[(2 * corner + i) % 12];
        order[n++] = static_cast<uint8_t>(hex_id(rp[0], rp[1]));
    }
    for (int i = 0; i < 6; ++i) {
        const auto& rp = inner[(corner + i) % 6];
        order[n++] = static_cast<uint8_t>(hex_id(rp[0], rp[1]));
    }
    order[n] = static_cast<uint8_t>(hex_id(3, 3));
    return order;
}

int desert_hex(const Board& b) {
    for (int h = 0; h < kHexes; ++h)
        if (b.terrain[h] == Terrain::Desert) return h;
    return kNone;
}

bool red_numbers_apart(const Board& b) {
    const Geometry& g = geometry();
    for (int h = 0; h < kHexes; ++h) {
        if (b.number[h] != 6 && b.number[h] != 8) continue;
        for (int8_t n : g.hex_neighbor[h])
            if (n != kNone && (b.number[n] == 6 || b.number[n] == 8)) return false;
    }
    return true;
}

Board random_board(Rng& rng, NumberPlacement placement) {
    Board b;
    b.terrain = standard_terrain();
    shuffle(rng, b.terrain.data(), kHexes);
    b.harbor = standard_harbors();
    shuffle(rng, b.harbor.data(), kHarbors);
    const int desert = desert_hex(b);
    if (placement == NumberPlacement::Spiral) {
        const auto order = spiral_order(static_cast<int>(uniform(rng, 6)));
        int letter = 0;
        for (uint8_t h : order) {
            if (h == desert) continue;
            b.number[h] = kLetterNumbers[letter++];
        }
        b.number[desert] = 0;
    } else {
        std::array<uint8_t, 18> tokens{};
        for (int i = 0; i < 18; ++i) tokens[i] = kLetterNumbers[i];
        do {
            shuffle(rng, tokens.data(), 18);
            int t = 0;
            for (int h = 0; h < kHexes; ++h) b.number[h] = h == desert ? 0 : tokens[t++];
        } while (!red_numbers_apart(b));
    }
    return b;
}

std::optional<std::string> validate_board(const Board& b) {
    std::array<int, 6> terrain{};
    for (Terrain t : b.terrain) {
        if (static_cast<int>(t) > 5) return "unknown terrain";
        ++terrain[static_cast<int>(t)];
    }
    if (terrain != std::array<int, 6>{4, 4, 4, 3, 3, 1}) return "terrain counts must be 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert (CAT-1.1)";
    std::array<int, 13> numbers{};
    for (int h = 0; h < kHexes; ++h) {
        const int n = b.number[h];
        if (b.terrain[h] == Terrain::Desert) {
            if (n != 0) return "the desert has no number (CAT-4.6)";
            continue;
        }
        if (n < 2 || n > 12 || n == 7) return "numbers run 2-12 without 7 (CAT-1.2)";
        ++numbers[n];
    }
    const std::array<int, 13> want{0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1};
    if (numbers != want) return "number tokens must be one 2, one 12 and two each of 3-6 and 8-11 (CAT-1.2)";
    std::array<int, 6> harbors{};
    for (HarborType h : b.harbor) {
        if (static_cast<int>(h) > 5) return "unknown harbor type";
        ++harbors[static_cast<int>(h)];
    }
    if (harbors != std::array<int, 6>{4, 1, 1, 1, 1, 1}) return "harbors must be four 3:1 and one 2:1 of each resource (CAT-1.5)";
    return std::nullopt;
}

const char* terrain_name(Terrain t) {
    static const char* n[] = {"forest", "pasture", "fields", "hills", "mountains", "desert"};
    return n[static_cast<int>(t)];
}
const char* harbor_name(HarborType h) {
    static const char* n[] = {"generic", "lumber", "wool", "grain", "brick", "ore"};
    return n[static_cast<int>(h)];
}
const char* resource_name(Resource r) {
    static const char* n[] = {"lumber", "wool", "grain", "brick", "ore"};
    return n[idx(r)];
}

}  // namespace hexhall::catan
