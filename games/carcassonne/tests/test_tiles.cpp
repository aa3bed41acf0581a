// The tile set as data (CAR-1) and the set-up (CAR-2).
#include "scenario.hpp"

using namespace carcassonne_test;

TEST_CASE("72 tiles in 24 types with the published counts; start tile is a D", "[CAR-1.1][CAR-1.5]") {
    int total = 0, cloisters = 0, pennants = 0;
    const std::string letters = "ABCDEFGHIJKLMNOPQRSTUVWX";
    const int counts[24] = {2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1};
    for (int t = 0; t < kTileTypes; ++t) {
        const TileDef& d = tile_def(t);
        CHECK(d.letter == letters[t]);
        CHECK(d.count == counts[t]);
        total += d.count;
        cloisters += d.count * d.cloister;
        for (int i = 0; i < d.segments; ++i) pennants += d.count * d.seg[i].pennant;
    }
    CHECK(total == 72);
    CHECK(cloisters == 6);
    CHECK(pennants == 10);
    CHECK(tile_def(kStartType).letter == 'D');
}

TEST_CASE("every tile's segments cover its edges exactly as the edge letters say", "[CAR-1.5][CAR-7.4]") {
    for (int t = 0; t < kTileTypes; ++t) {
        const TileDef& d = tile_def(t);
        INFO("tile " << d.letter);
        uint8_t sides_seen = 0, ports_seen = 0;
        for (int i = 0; i < d.segments; ++i) {
            const SegmentDef& s = d.seg[i];
            CHECK((sides_seen & s.sides) == 0);
            CHECK((ports_seen & s.ports) == 0);
            sides_seen |= s.sides;
            ports_seen |= s.ports;
            if (s.kind == Kind::Field) {
                CHECK(s.sides == 0);
                CHECK(s.ports != 0);
                for (int j = 0; j < kMaxSegments; ++j)
                    if (s.touches >> j & 1) CHECK(d.seg[j].kind == Kind::City);
            } else {
                CHECK(s.ports == 0);
                CHECK(s.touches == 0);
                if (s.kind == Kind::Road) CHECK_FALSE(s.pennant);
            }
        }
        for (int side = 0; side < 4; ++side) {
            const int seg = rotated(t, 0).side_seg[side];
            const bool both_ports = (ports_seen >> (2 * side) & 3) == 3;
            const bool no_ports = (ports_seen >> (2 * side) & 3) == 0;
            switch (d.edges[side]) {
                case C: CHECK(seg >= 0); CHECK(d.seg[seg].kind == Kind::City); CHECK(no_ports); break;
                case R: CHECK(seg >= 0); CHECK(d.seg[seg].kind == Kind::Road); CHECK(both_ports); break;
                case F: CHECK(seg < 0); CHECK(both_ports); break;
            }
        }
    }
}

TEST_CASE("field-city contacts of the tricky tiles (J's inside-curve field touches no city)", "[CAR-1.5][CAR-7.4]") {
    // J: field 1 (W + Sw + En) touches the city, field 2 (Es + Se, inside the curve) does not.
    const TileDef& j = tile_def(T('J'));
    CHECK(j.seg[2].touches == 0b1);
    CHECK(j.seg[3].touches == 0);
    // H and I: the single field touches both separate caps.
    CHECK(tile_def(T('H')).seg[2].touches == 0b11);
    CHECK(tile_def(T('I')).seg[2].touches == 0b11);
    // S and T: the road ending at the city splits two fields, each touching the city.
    CHECK(tile_def(T('S')).seg[2].touches == 0b1);
    CHECK(tile_def(T('S')).seg[3].touches == 0b1);
    // A: the road ending at the cloister does not split the field.
    CHECK(tile_def(T('A')).segments == 2);
    CHECK(tile_def(T('A')).seg[1].ports == 0xFF);
    // Q has a pennant, R does not; S has one, T does not.
    CHECK(tile_def(T('Q')).seg[0].pennant);
    CHECK_FALSE(tile_def(T('R')).seg[0].pennant);
    CHECK(tile_def(T('S')).seg[0].pennant);
    CHECK_FALSE(tile_def(T('T')).seg[0].pennant);
}

TEST_CASE("rotation turns edges and segments clockwise", "[CAR-4.3][CAR-1.5]") {
    // E (city cap N) turned once clockwise has its city on the east.
    const RotatedTile& e1 = rotated(T('E'), 1);
    CHECK((e1.code >> 2 & 3) == C);
    CHECK((e1.code & 3) == F);
    CHECK(e1.side_seg[1] == 0);
    // D's north field (Wn + En) turned twice lies south of the road: Es + Ws.
    const RotatedTile& d2 = rotated(T('D'), 2);
    CHECK(d2.port_seg[3] == 2);  // Es
    CHECK(d2.port_seg[6] == 2);  // Ws
}

TEST_CASE("set-up: start tile in the middle, 71 face down, 7 followers and 0 points each", "[CAR-2.1][CAR-2.2][CAR-1.3][CAR-1.2]") {
    Options o;
    o.players = 4;
    Game g = Game::create(o, 42);
    CHECK(g.placed_count() == 1);
    CHECK(g.placed(0).type == kStartType);
    CHECK(g.placed(0).x == 0);
    CHECK(g.placed(0).y == 0);
    CHECK(g.bag_left() + 1 + g.discarded_count() == 71);  // the drawn tile is shown, not in the bag
    for (int p = 0; p < 4; ++p) {
        CHECK(g.supply(p) == 7);
        CHECK(g.score(p) == 0);
    }
    auto unseen = g.unseen_counts();
    unseen[g.current_tile()]++;
    for (int t = 0; t < kTileTypes; ++t) CHECK(unseen[t] == tile_def(t).count - (t == kStartType));
}

TEST_CASE("the first seat is an option; play goes round in seat order", "[CAR-2.3][CAR-1.4]") {
    Options o;
    o.players = 3;
    o.first_player = 2;
    Game g = Game::create(o, 7);
    CHECK(g.current_player() == 2);
    Rng rng(1);
    std::vector<int> order;
    while (order.size() < 6) {
        const int before = g.current_player();
        const int turn = g.turn();
        g.random_step(rng);
        if (g.turn() != turn) order.push_back(before);
    }
    CHECK(order == std::vector<int>{2, 0, 1, 2, 0, 1});
}

static std::vector<int> drawn_sequence(uint64_t seed, uint64_t play_seed, std::array<int, kMaxPlayers>& scores) {
    Options o;
    Game g = Game::create(o, seed);
    Rng rng(play_seed);
    std::vector<int> drawn;
    while (!g.over()) {
        if (g.phase() == Phase::Place) drawn.push_back(g.current_tile());
        g.random_step(rng);
    }
    for (int p = 0; p < 2; ++p) scores[p] = g.score(p);
    return drawn;
}

TEST_CASE("the same seed deals the same bag; different seeds differ", "[CAR-2.1][determinism]") {
    std::array<int, kMaxPlayers> sa{}, sb{}, sc{};
    const auto a = drawn_sequence(5, 9, sa), b = drawn_sequence(5, 9, sb), c = drawn_sequence(6, 9, sc);
    CHECK(a == b);
    CHECK(sa == sb);
    CHECK(a != c);
}
