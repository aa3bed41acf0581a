// Building and buying (CAT-10), and the HK building rules (HK-6).
#include <catch2/catch.hpp>

#include <bit>
#include <string>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

// The seed sequence for roll_non7 / advance_to the tests here were written against.
constexpr uint64_t kRollSeedStep = 104729;

ResourceCounts plus(ResourceCounts a, const ResourceCounts& b) {
    add(a, b);
    return a;
}

Action road(int seat, int edge) { return act(ActionType::BuildRoad, seat, edge); }
Action settle(int seat, int v) { return act(ActionType::BuildSettlement, seat, v); }
Action city(int seat, int v) { return act(ActionType::BuildCity, seat, v); }
Action buy(int seat) { return act(ActionType::BuyDevCard, seat); }

int corner(int row, int pos, Corner c) { return geometry().hex_corner[hex_id(row, pos)][static_cast<int>(c)]; }

Position base_pos(TradeBuildMode mode = TradeBuildMode::Combined) {
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.options.mode = mode;
    pos.active = 0;
    pos.phase = Phase::Main;
    return pos;
}
Position hk_pos() {
    Position pos;
    pos.options.ruleset = Ruleset::HK2024;
    pos.options.map = MapKind::Explicit;
    pos.options.board = starter_board();
    pos.active = 0;
    pos.phase = Phase::Main;
    return pos;
}

bool same_state(const GameState& a, const GameState& b) {
    for (int seat = kSpectator; seat < a.options.players; ++seat)
        if (!(make_view(a, seat) == make_view(b, seat))) return false;
    for (int i = 0; i < kMaxPlayers; ++i) {
        const PlayerState &p = a.players[i], &q = b.players[i];
        if (p.hand != q.hand || p.dev_cards != q.dev_cards || p.settlements != q.settlements ||
            p.cities != q.cities || !(p.roads == q.roads) || p.warnings != q.warnings)
            return false;
    }
    return a.bank == b.bank && a.occupied == b.occupied && a.all_roads == b.all_roads && a.phase == b.phase &&
           a.deck_next == b.deck_next && a.actions_applied == b.actions_applied;
}

// CAT-10.10 / CAT-10.9 invariants over the whole board.
bool buildings_apart(const GameState& s) {
    const Geometry& g = geometry();
    for (int v = 0; v < kIntersections; ++v)
        if (has_bit(s.occupied, v) && (s.occupied & g.intersection_neighbor_mask[v])) return false;
    return true;
}
bool buildings_on_own_roads(const GameState& s) {
    const Geometry& g = geometry();
    for (int i = 0; i < s.options.players; ++i) {
        const PlayerState& p = s.players[i];
        const uint64_t mine = p.settlements | p.cities;
        for (int v = 0; v < kIntersections; ++v) {
            if (!has_bit(mine, v)) continue;
            bool touches = false;
            for (int8_t e : g.intersection_edges[v])
                if (e != kNone && p.roads.has(e)) touches = true;
            if (!touches) return false;
        }
    }
    return true;
}

}  // namespace

// The common layout for seat 0: a settlement at s0 (lower-right corner of hex (1,1)) and a road
// s0 - a - b; b is two steps from s0, so a settlement may go there.
namespace {
struct Layout {
    int s0, a, b;
    int e0a, eab;
};
Layout layout() {
    Layout l;
    l.s0 = corner(1, 1, Corner::LowerRight);
    l.a = corner(1, 1, Corner::Bottom);
    l.b = corner(2, 1, Corner::LowerRight);
    l.e0a = edge_between(l.s0, l.a);
    l.eab = edge_between(l.a, l.b);
    return l;
}
}  // namespace

// ---------------------------------------------------------------------------------------------
// CAT-10.1 .. CAT-10.4: when, what it costs, where the cards go.

TEST_CASE("CAT-10.1 building happens only on the active player's turn after the roll", "[CAT-10.1]") {
    const Layout l = layout();
    Position pos = base_pos();
    pos.phase = Phase::PreRoll;
    pos.players[0].settlements = {l.s0};
    pos.players[0].hand = rc(3, 1, 1, 3, 0);
    pos.players[0].dev_cards[static_cast<int>(DevCard::Knight)] = 1;
    pos.players[1].settlements = {corner(4, 3, Corner::Bottom)};
    pos.players[1].hand = rc(2, 2, 2, 2, 2);
    GameState s = start(pos);
    const int p1 = corner(4, 3, Corner::Bottom);
    const int p1_edge = geometry().intersection_edges[p1][0];

    REJECTS(s, road(0, l.e0a), "CAT-6.4");
    REJECTS(s, buy(0), "CAT-6.4");
    ACCEPTS(s, act(ActionType::PlayKnight, 0));  // before the roll: the robber move comes first
    REQUIRE(s.phase == Phase::MoveRobber);
    REJECTS(s, road(0, l.e0a), "CAT-10.1");
    ACCEPTS(s, act(ActionType::MoveRobber, 0, 0));
    REQUIRE(s.phase == Phase::PreRoll);
    REJECTS(s, road(0, l.e0a), "CAT-6.4");
    roll_non7(s, kRollSeedStep);
    // Not on another player's turn.
    REJECTS(s, road(1, p1_edge), "CAT-10.1");
    REJECTS(s, buy(1), "CAT-10.1");
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK_FALSE(lists_type(la, ActionType::BuildRoad));
    // After the roll, the active player builds.
    ACCEPTS(s, road(0, l.e0a));
    CHECK(s.players[0].roads.has(l.e0a));
}

TEST_CASE("CAT-10.1 classic mode: building ends the trade phase", "[CAT-10.1]") {
    const Layout l = layout();
    Position pos = base_pos(TradeBuildMode::Classic);
    pos.players[0].settlements = {l.s0};
    pos.players[0].hand = rc(6, 0, 0, 2, 0);
    GameState s = start(pos);
    REQUIRE(s.phase == Phase::Trade);
    ACCEPTS(s, road(0, l.e0a));  // building straight from the trade phase is allowed ...
    CHECK(s.phase == Phase::Build);  // ... and moves on to the build phase
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-6.2");
    ACCEPTS(s, road(0, l.eab));  // more building in the build phase
    CHECK(s.phase == Phase::Build);
    ACCEPTS(s, act(ActionType::EndTurn, 0));
}

TEST_CASE("CAT-10.2 building costs", "[CAT-10.2]") {
    // The table of CAT-10.2 in resource order lumber, wool, grain, brick, ore.
    CHECK(kRoadCost == rc(1, 0, 0, 1, 0));
    CHECK(kSettlementCost == rc(1, 1, 1, 1, 0));
    CHECK(kCityCost == rc(0, 0, 2, 0, 3));
    CHECK(kDevCardCost == rc(0, 1, 1, 0, 1));

    const Layout l = layout();
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a};
    GameState base = start(pos);
    struct Item {
        Action action;
        ResourceCounts cost;
    };
    const Item items[] = {{road(0, l.eab), rc(1, 0, 0, 1, 0)},
                          {settle(0, l.b), rc(1, 1, 1, 1, 0)},  // needs the road a-b ...
                          {city(0, l.s0), rc(0, 0, 2, 0, 3)},
                          {buy(0), rc(0, 1, 1, 0, 1)}};
    for (const Item& it : items) {
        GameState s = base;
        if (it.action.type == ActionType::BuildSettlement) {  // ... so build it for free here
            s.players[0].roads.set(l.eab);
            s.all_roads.set(l.eab);
            --s.players[0].roads_left;
        }
        for (int r = 0; r < kResourceTypes; ++r) {
            if (!it.cost[r]) continue;
            GameState t = s;
            ResourceCounts short_hand = it.cost;
            --short_hand[r];
            t.players[0].hand = short_hand;
            INFO(action_name(it.action.type) << " without one " << resource_name(static_cast<Resource>(r)));
            REJECTS(t, it.action, "CAT-10.2");
        }
        s.players[0].hand = it.cost;
        ACCEPTS(s, it.action);
        CHECK(s.players[0].hand == rc(0, 0, 0, 0, 0));  // exactly the cost was paid
    }
}

TEST_CASE("CAT-10.3 paid cards go back to the bank; build as much as one can pay for", "[CAT-10.3]") {
    const Layout l = layout();
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    const ResourceCounts hand = rc(3, 2, 4, 3, 4);  // 2 roads + settlement + city + dev card
    pos.players[0].hand = plus(plus(plus(rc(2, 0, 0, 2, 0), kSettlementCost), kCityCost), kDevCardCost);
    REQUIRE(pos.players[0].hand == hand);
    GameState s = start(pos);
    const ResourceCounts bank0 = s.bank;
    ACCEPTS(s, road(0, l.e0a));
    CHECK(s.bank == plus(bank0, kRoadCost));
    ACCEPTS(s, road(0, l.eab));
    ACCEPTS(s, settle(0, l.b));
    ACCEPTS(s, city(0, l.s0));
    ACCEPTS(s, buy(0));
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 0));
    CHECK(s.bank == rc(19, 19, 19, 19, 19));  // every card paid is back in the bank
    // Nothing left to pay with: no further build.
    REJECTS(s, road(0, edge_between(l.b, corner(2, 1, Corner::Bottom))), "CAT-10.2");
}

TEST_CASE("CAT-10.4 an illegal build is rejected before anything is paid or placed", "[CAT-10.4]") {
    const Layout l = layout();
    const auto mode = GENERATE(TradeBuildMode::Combined, TradeBuildMode::Classic);
    Position pos = base_pos(mode);
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a};
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    GameState s = start(pos);
    const Phase phase = s.phase;
    const int far = corner(5, 3, Corner::Bottom);
    REJECTS(s, settle(0, far), "CAT-10.9");        // not on the player's road
    REJECTS(s, settle(0, l.a), "CAT-10.10");       // next to its own settlement
    REJECTS(s, city(0, l.b), "CAT-10.11");         // city on an empty intersection
    REJECTS(s, road(0, l.e0a), "CAT-2.4");         // edge taken
    REJECTS(s, road(0, geometry().intersection_edges[far][0]), "CAT-10.7");
    CHECK(s.players[0].hand == rc(5, 5, 5, 5, 5));
    CHECK(s.phase == phase);  // classic: still in the trade phase
    if (mode == TradeBuildMode::Classic) ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
}

// ---------------------------------------------------------------------------------------------
// CAT-10.5 .. CAT-10.13: pieces and where they go.

TEST_CASE("CAT-10.5 a piece can be built only while one is left in supply", "[CAT-10.5]") {
    // 15 roads on the board: seat 0's path from s0 along the west and south coast.
    const int path[] = {8, 12, 17, 22, 28, 33, 38, 43, 47, 51, 48, 52, 49, 53, 50, 46};
    Position pos = base_pos();
    pos.players[0].settlements = {path[0]};
    for (int i = 0; i + 1 < 16; ++i) pos.players[0].roads.push_back(edge_between(path[i], path[i + 1]));
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    GameState s = start(pos);
    REQUIRE(s.players[0].roads.count() == 15);
    CHECK(s.players[0].roads_left == 0);
    CHECK(s.players[0].settlements_left == 4);
    CHECK(s.players[0].cities_left == 4);
    const int open_edge = edge_between(path[0], corner(1, 1, Corner::UpperRight));
    REJECTS(s, road(0, open_edge), "CAT-10.5");
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists_type(la, ActionType::BuildRoad));
    // The other supplies count down as pieces are built.
    ACCEPTS(s, settle(0, 22));
    CHECK(s.players[0].settlements_left == 3);
    ACCEPTS(s, city(0, 22));
    CHECK(s.players[0].cities_left == 3);
    CHECK(s.players[0].settlements_left == 4);
}

TEST_CASE("CAT-10.5 at most 4 cities and 5 settlements", "[CAT-10.5][CAT-10.12]") {
    Position pos = base_pos();
    pos.players[0].cities = {2, 26, 38, 50};
    pos.players[0].settlements = {8};
    pos.players[0].hand = rc(0, 0, 4, 0, 6);
    GameState s = start(pos);
    CHECK(s.players[0].cities_left == 0);
    REJECTS(s, city(0, 8), "CAT-10.12");
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists_type(la, ActionType::BuildCity));
    // A fifth city does not fit into the position either (CAT-1.8 counts).
    Position bad = pos;
    bad.players[0].settlements.clear();
    bad.players[0].cities.push_back(8);
    GameState t;
    CHECK(start_from_position(bad, 1, t) != nullptr);
}

TEST_CASE("CAT-10.6 pieces are never moved; a city replaces its settlement in place", "[CAT-10.6]") {
    const Layout l = layout();
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a};
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    pos.players[1].settlements = {corner(4, 3, Corner::Bottom)};
    pos.players[1].roads = {geometry().intersection_edges[corner(4, 3, Corner::Bottom)][0]};
    GameState s = start(pos);
    const PlayerState p1 = s.players[1];
    const EdgeSet roads0 = s.players[0].roads;
    ACCEPTS(s, road(0, l.eab));
    ACCEPTS(s, settle(0, l.b));
    ACCEPTS(s, city(0, l.s0));
    // Own pieces are all still there, the settlement at s0 is now a city on the same spot.
    CHECK((s.players[0].roads & roads0) == roads0);
    CHECK(s.players[0].cities == bit(l.s0));
    CHECK(s.players[0].settlements == bit(l.b));
    CHECK(has_bit(s.occupied, l.s0));
    // The opponent's pieces are untouched.
    CHECK(s.players[1].settlements == p1.settlements);
    CHECK(s.players[1].roads == p1.roads);
    // A piece on the board cannot be replaced by building on top of it.
    REJECTS(s, settle(0, corner(4, 3, Corner::Bottom)), "CAT-2.3");
    REJECTS(s, road(0, l.eab), "CAT-2.4");
}

TEST_CASE("CAT-10.7 a road must connect to the player's own road or building", "[CAT-10.7]") {
    const Layout l = layout();
    const int p1 = corner(4, 3, Corner::Bottom);
    const int p1_next = geometry().intersection_neighbors[p1][0];
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a};
    pos.players[0].hand = rc(5, 0, 0, 5, 0);
    pos.players[1].settlements = {p1};
    pos.players[1].roads = {edge_between(p1, p1_next)};
    GameState s = start(pos);
    // Not connected at all, and connected only to an opponent's building or road.
    REJECTS(s, road(0, geometry().intersection_edges[p1][1]), "CAT-10.7");
    int beyond = -1;
    for (int8_t e : geometry().intersection_edges[p1_next])
        if (e != kNone && e != edge_between(p1, p1_next)) beyond = e;
    REJECTS(s, road(0, beyond), "CAT-10.7");
    // An occupied edge.
    REJECTS(s, road(0, l.e0a), "CAT-2.4");
    REJECTS(s, road(0, edge_between(p1, p1_next)), "CAT-2.4");
    // From the settlement (a), and from the end of its own road (b).
    ACCEPTS(s, road(0, edge_between(l.s0, corner(1, 1, Corner::UpperRight))));
    ACCEPTS(s, road(0, l.eab));
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(lists(la, road(0, edge_between(l.b, corner(2, 1, Corner::Bottom)))));
    CHECK_FALSE(lists(la, road(0, beyond)));
}

namespace {
// Seat 1 reaches b (the end of seat 0's road s0 - a - b) from the other side: y - x - b.
struct Cut {
    int x, y;
};
Cut cut_layout(const Layout& l) {
    const Geometry& g = geometry();
    const int c = corner(2, 1, Corner::Bottom);
    Cut k{-1, -1};
    for (int8_t n : g.intersection_neighbors[l.b])
        if (n != kNone && n != l.a && n != c) k.x = n;
    REQUIRE(k.x >= 0);
    for (int8_t n : g.intersection_neighbors[k.x])
        if (n != kNone && n != l.b) k.y = n;
    REQUIRE(k.y >= 0);
    return k;
}
}  // namespace

TEST_CASE("CAT-10.8 an opponent's settlement blocks a road, even one built before it", "[CAT-10.8]") {
    const Layout l = layout();
    const Cut k = cut_layout(l);
    const int c = corner(2, 1, Corner::Bottom);
    const int bc = edge_between(l.b, c);
    Position pos = base_pos();
    pos.active = 1;
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab};  // built first
    pos.players[0].hand = rc(5, 0, 0, 5, 0);
    pos.players[1].settlements = {k.y};
    pos.players[1].roads = {edge_between(k.y, k.x), edge_between(k.x, l.b)};
    pos.players[1].hand = rc(1, 1, 1, 1, 0);
    GameState s = start(pos);
    {   // Before seat 1 settles, seat 0 could extend its road from b to c.
        GameState t = s;
        t.active = 0;
        LegalActions la;
        legal_actions(t, 0, la);
        CHECK(lists(la, road(0, bc)));
        ACCEPTS(t, road(0, bc));
    }
    // Seat 1 settles at b, at the end of seat 0's older road.
    ACCEPTS(s, settle(1, l.b));
    REQUIRE(apply(s, act(ActionType::EndTurn, 1)));
    advance_to(s, 0, kRollSeedStep);
    REQUIRE(s.players[0].roads.has(l.eab));  // the old road stays (CAT-10.6) ...
    REJECTS(s, road(0, bc), "CAT-10.8");    // ... but cannot be extended through b
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists(la, road(0, bc)));
    CHECK(lists(la, road(0, edge_between(l.a, corner(2, 1, Corner::Top)))));
    // The same for a city.
    GameState t = s;
    t.players[1].settlements &= ~bit(l.b);
    t.players[1].cities |= bit(l.b);
    REJECTS(t, road(0, bc), "CAT-10.8");
    // Building from the near side is unaffected.
    ACCEPTS(s, road(0, edge_between(l.a, corner(2, 1, Corner::Top))));
}

TEST_CASE("CAT-10.8 a road cut in the middle: the far part is extended only from its own end", "[CAT-10.8]") {
    const Layout l = layout();
    const Geometry& g = geometry();
    const Cut k = cut_layout(l);
    const int c = corner(2, 1, Corner::Bottom);
    Position pos = base_pos();
    pos.active = 1;
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab, edge_between(l.b, c)};
    pos.players[0].hand = rc(5, 0, 0, 5, 0);
    pos.players[1].settlements = {k.y};
    pos.players[1].roads = {edge_between(k.y, k.x), edge_between(k.x, l.b)};
    pos.players[1].hand = rc(1, 1, 1, 1, 0);
    GameState s = start(pos);
    ACCEPTS(s, settle(1, l.b));
    REQUIRE(apply(s, act(ActionType::EndTurn, 1)));
    advance_to(s, 0, kRollSeedStep);
    // Both halves of seat 0's road remain; no road of seat 0 may start at b.
    CHECK(s.players[0].roads.has(l.eab));
    CHECK(s.players[0].roads.has(edge_between(l.b, c)));
    LegalActions la;
    legal_actions(s, 0, la);
    int from_c = 0;
    for (const Action& a : la) {
        if (a.type != ActionType::BuildRoad) continue;
        const auto& ends = g.edge_ends[a.location];
        CHECK(ends[0] != l.b);
        CHECK(ends[1] != l.b);
        from_c += (ends[0] == c || ends[1] == c);
    }
    CHECK(from_c == 2);  // c is a free end of seat 0's road (CAT-10.7 b)
    int e = -1;
    for (int8_t x : g.intersection_edges[c])
        if (x != kNone && !s.all_roads.has(x)) e = x;
    ACCEPTS(s, road(0, e));
}

TEST_CASE("CAT-10.9 a settlement needs an empty intersection at the end of the player's own road",
          "[CAT-10.9]") {
    const Layout l = layout();
    const int p1 = corner(4, 3, Corner::Bottom);
    const int p1_a = geometry().intersection_neighbors[p1][0];
    int p1_b = -1;
    for (int8_t n : geometry().intersection_neighbors[p1_a])
        if (n != kNone && n != p1) p1_b = n;
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = rc(3, 3, 3, 3, 0);
    pos.players[1].settlements = {p1};
    pos.players[1].roads = {edge_between(p1, p1_a), edge_between(p1_a, p1_b)};
    GameState s = start(pos);
    REJECTS(s, settle(0, p1_b), "CAT-10.9");                          // end of an opponent's road only
    REJECTS(s, settle(0, corner(3, 5, Corner::UpperRight)), "CAT-10.9");  // no road at all
    REJECTS(s, settle(0, l.s0), "CAT-2.3");                           // occupied (own)
    REJECTS(s, settle(0, p1), "CAT-2.3");                             // occupied (opponent)
    LegalActions la;
    legal_actions(s, 0, la);
    int spots = 0;
    for (const Action& a : la)
        if (a.type == ActionType::BuildSettlement) {
            ++spots;
            CHECK(a.location == l.b);
        }
    CHECK(spots == 1);
    ACCEPTS(s, settle(0, l.b));
    CHECK(has_bit(s.players[0].settlements, l.b));
}

TEST_CASE("CAT-10.10 distance rule: no building on an adjacent intersection", "[CAT-10.10]") {
    const Layout l = layout();
    const Geometry& g = geometry();
    const int c = corner(2, 1, Corner::Bottom);
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab, edge_between(l.b, c)};
    pos.players[0].hand = rc(3, 3, 3, 3, 0);
    // Seat 1 has a city next to c.
    int next_to_c = -1;
    for (int8_t n : g.intersection_neighbors[c])
        if (n != kNone && n != l.b && !(g.intersection_neighbor_mask[n] & bit(l.b))) next_to_c = n;
    REQUIRE(next_to_c >= 0);
    pos.players[1].cities = {next_to_c};
    GameState s = start(pos);
    REJECTS(s, settle(0, l.a), "CAT-10.10");  // next to its own settlement
    REJECTS(s, settle(0, c), "CAT-10.10");    // next to an opponent's city
    ACCEPTS(s, settle(0, l.b));              // two edges from both
    CHECK(buildings_apart(s));
    // Now c is also next to the new settlement.
    REJECTS(s, settle(0, c), "CAT-10.10");
}

TEST_CASE("CAT-10.11 a city only upgrades one's own settlement, which returns to supply", "[CAT-10.11]") {
    const Layout l = layout();
    const int p1 = corner(4, 3, Corner::Bottom);
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].cities = {corner(5, 3, Corner::Bottom)};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = rc(0, 0, 6, 0, 9);
    pos.players[1].settlements = {p1};
    GameState s = start(pos);
    REJECTS(s, city(0, l.b), "CAT-10.11");                          // empty (and a legal settlement spot)
    REJECTS(s, city(0, p1), "CAT-10.11");                           // an opponent's settlement
    REJECTS(s, city(0, corner(5, 3, Corner::Bottom)), "CAT-10.11");  // already a city
    CHECK(s.players[0].settlements_left == 4);
    CHECK(s.players[0].cities_left == 3);
    CHECK(victory_points(s, 0) == 3);
    ACCEPTS(s, city(0, l.s0));
    CHECK(s.players[0].settlements == 0);
    CHECK(has_bit(s.players[0].cities, l.s0));
    CHECK(s.players[0].settlements_left == 5);  // the settlement went back to supply
    CHECK(s.players[0].cities_left == 2);
    CHECK(victory_points(s, 0) == 4);
}

TEST_CASE("CAT-10.12 with no settlement left, upgrade first; never a city straight onto an empty spot",
          "[CAT-10.12]") {
    const Layout l = layout();
    Position pos = base_pos();
    pos.players[0].settlements = {l.s0, 2, 26, 38, 50};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = plus(kSettlementCost, kCityCost);
    GameState s = start(pos);
    REQUIRE(s.players[0].settlements_left == 0);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists_type(la, ActionType::BuildSettlement));
    REJECTS(s, settle(0, l.b), "CAT-10.12");  // enough cards and a legal spot, but no piece
    REJECTS(s, city(0, l.b), "CAT-10.11");    // and no paying for both to put a city there
    ACCEPTS(s, city(0, 26));                  // upgrading gives a settlement back
    CHECK(s.players[0].settlements_left == 1);
    ACCEPTS(s, settle(0, l.b));
    CHECK(s.players[0].settlements_left == 0);
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 0));
}

TEST_CASE("CAT-10.13 a settlement is worth 1 VP and produces 1 card; a city 2 and 2", "[CAT-10.13]") {
    // Hex (1,2) is the only 2 on the starter board. Seat 0: a settlement on its top, a city on its bottom.
    const int h = hex_id(1, 2);
    Position pos = base_pos();
    pos.phase = Phase::PreRoll;
    pos.players[0].settlements = {corner(1, 2, Corner::Top)};
    pos.players[0].cities = {corner(1, 2, Corner::Bottom)};
    GameState s = start(pos);
    REQUIRE(s.board.number[h] == 2);
    CHECK(victory_points(s, 0) == 3);
    CHECK(public_victory_points(s, 0) == 3);
    const int r = static_cast<int>(s.board.terrain[h]);
    bool rolled = false;
    for (uint64_t k = 1; k < 5000 && !rolled; ++k) {
        GameState c = s;
        c.rng = make_rng(k);
        REQUIRE(apply(c, act(ActionType::RollDice, 0)));
        if (c.dice[0] + c.dice[1] != 2) continue;
        rolled = true;
        CHECK(c.players[0].hand[r] == 3);  // 1 + 2
        CHECK(total_of(c.players[0].hand) == 3);
    }
    CHECK(rolled);
}

// ---------------------------------------------------------------------------------------------
// CAT-10.14 / CAT-10.15: development cards.

TEST_CASE("CAT-10.14 buying takes the top card of the deck; an empty deck sells nothing", "[CAT-10.14]") {
    Position pos = base_pos();
    pos.deck = {DevCard::YearOfPlenty, DevCard::Monopoly, DevCard::Knight};
    pos.players[0].hand = rc(0, 4, 4, 0, 4);
    GameState s = start(pos);
    REQUIRE(s.deck_next == kDevCards - 3);
    const DevCard expected[] = {DevCard::YearOfPlenty, DevCard::Monopoly, DevCard::Knight};
    for (DevCard d : expected) {
        const auto before = s.players[0].dev_cards;
        EventList ev;
        REQUIRE(apply(s, buy(0), &ev));
        auto after = before;
        ++after[static_cast<int>(d)];
        CHECK(s.players[0].dev_cards == after);
        CHECK(s.players[0].dev_bought_now[static_cast<int>(d)] >= 1);
        // The buyer sees the card; the others only see that a card was bought.
        REQUIRE(ev.size() == 2);
        CHECK(ev[0].type == EventType::DevCardBought);
        CHECK(ev[0].has_card);
        CHECK(ev[0].card == d);
        CHECK(visible_to(ev[0], 0));
        CHECK_FALSE(visible_to(ev[0], 1));
        CHECK_FALSE(ev[1].has_card);
        CHECK(visible_to(ev[1], 1));
    }
    CHECK(s.deck_next == kDevCards);
    CHECK(make_view(s, 1).deck_size == 0);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists_type(la, ActionType::BuyDevCard));
    REJECTS(s, buy(0), "CAT-10.14");
    CHECK(s.players[0].hand == rc(0, 1, 1, 0, 1));
}

TEST_CASE("CAT-10.14 a development card costs ore, wool and grain, paid to the bank", "[CAT-10.14]") {
    Position pos = base_pos();
    pos.deck = {DevCard::VictoryPoint};
    pos.players[0].hand = rc(0, 1, 1, 0, 0);
    GameState s = start(pos);
    REJECTS(s, buy(0), "CAT-10.2");
    s.players[0].hand[4] = 1;
    --s.bank[4];
    ACCEPTS(s, buy(0));
    CHECK(s.players[0].dev_cards[static_cast<int>(DevCard::VictoryPoint)] == 1);
    CHECK(s.bank == rc(19, 19, 19, 19, 19));
}

TEST_CASE("CAT-10.15 any number of development cards may be bought in a turn", "[CAT-10.15]") {
    const auto mode = GENERATE(TradeBuildMode::Combined, TradeBuildMode::Classic);
    Position pos = base_pos(mode);
    pos.players[0].hand = rc(0, 7, 7, 0, 7);
    GameState s = start(pos);
    const int first = s.deck_next;
    std::array<uint8_t, kDevCardTypes> expected{};
    for (int k = 0; k < 7; ++k) {
        ++expected[static_cast<int>(s.deck[s.deck_next])];
        ACCEPTS(s, buy(0));
    }
    CHECK(s.deck_next == first + 7);
    CHECK(s.players[0].dev_cards == expected);
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 0));
}

// ---------------------------------------------------------------------------------------------
// HK-6: building in an HK game.

TEST_CASE("HK-6.1 build roads, settlements and cities in any order, each as its own step", "[HK-6.1]") {
    const Layout l = layout();
    Position pos = hk_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a};
    pos.players[0].hand = rc(5, 5, 5, 4, 6);
    GameState s = start(pos);
    REQUIRE(s.options.mode == TradeBuildMode::Combined);  // HK-0.2
    REQUIRE(s.phase == Phase::Main);
    const Action steps[] = {city(0, l.s0),
                            road(0, l.eab),
                            settle(0, l.b),
                            road(0, edge_between(l.b, corner(2, 1, Corner::Bottom))),
                            city(0, l.b),
                            road(0, edge_between(l.s0, corner(1, 1, Corner::UpperRight))),
                            bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 1, 0)),  // trading in between is fine
                            road(0, edge_between(corner(1, 1, Corner::UpperRight), corner(1, 1, Corner::Top)))};
    for (const Action& a : steps) {
        EventList ev;
        const Result r = apply(s, a, &ev);
        INFO(action_name(a.type) << " rejected: " << r.rule);
        REQUIRE(r.ok);
        int placed = 0;  // each step places exactly one piece (or makes one trade)
        for (const Event& e : ev)
            placed += e.type == EventType::RoadPlaced || e.type == EventType::SettlementPlaced ||
                      e.type == EventType::CityBuilt || e.type == EventType::BankTraded;
        CHECK(placed == 1);
    }
    CHECK(std::popcount(s.players[0].cities) == 2);
    CHECK(s.players[0].settlements == 0);
    CHECK(s.players[0].roads.count() == 5);
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 0));
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("HK-6.2 every building after setup connects to the player's own roads", "[HK-6.2]") {
    const Layout l = layout();
    Position pos = hk_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    const int p1 = corner(4, 3, Corner::Bottom);
    const int p1_a = geometry().intersection_neighbors[p1][0];
    int p1_end = -1;
    for (int8_t n : geometry().intersection_neighbors[p1_a])
        if (n != kNone && n != p1) p1_end = n;
    pos.players[1].settlements = {p1};
    pos.players[1].roads = {edge_between(p1, p1_a), edge_between(p1_a, p1_end)};
    GameState s = start(pos);
    REJECTS(s, settle(0, corner(3, 5, Corner::UpperRight)), "CAT-10.9");
    REJECTS(s, settle(0, p1_end), "CAT-10.9");  // the end of someone else's road does not count
    REJECTS(s, road(0, geometry().intersection_edges[p1][1]), "CAT-10.7");
    ACCEPTS(s, settle(0, l.b));
    CHECK(buildings_on_own_roads(s));
}

TEST_CASE("HK-6.3 settlements are at least two road segments apart", "[HK-6.3]") {
    const Layout l = layout();
    Position pos = hk_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    GameState s = start(pos);
    REJECTS(s, settle(0, l.a), "CAT-10.10");  // one segment from s0
    ACCEPTS(s, settle(0, l.b));              // two segments
    CHECK(buildings_apart(s));
}

TEST_CASE("HK-6.4 player D with 5 settlements must upgrade before building another", "[HK-6.4]") {
    const Layout l = layout();
    Position pos = hk_pos();
    pos.active = 3;  // D
    pos.players[3].settlements = {l.s0, 2, 26, 38, 50};
    pos.players[3].roads = {l.e0a, l.eab};
    pos.players[3].hand = plus(kSettlementCost, kCityCost);
    GameState s = start(pos);
    REQUIRE(s.players[3].settlements_left == 0);
    REJECTS(s, settle(3, l.b), "CAT-10.12");
    REJECTS(s, city(3, l.b), "CAT-10.11");  // may not pay to put a city straight onto the empty spot
    ACCEPTS(s, city(3, 38));
    ACCEPTS(s, settle(3, l.b));
    CHECK(std::popcount(s.players[3].settlements) == 5);
    CHECK(std::popcount(s.players[3].cities) == 1);
}

TEST_CASE("HK-6.5 illegal builds are refused up front, so no referee removal is ever needed", "[HK-6.5]") {
    const Layout l = layout();
    Position pos = hk_pos();
    pos.players[0].settlements = {l.s0};
    pos.players[0].roads = {l.e0a, l.eab};
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    const int p1 = corner(4, 3, Corner::Bottom);
    pos.players[1].settlements = {p1};
    GameState s = start(pos);
    const Action illegal[] = {settle(0, l.a), settle(0, corner(3, 5, Corner::UpperRight)), settle(0, p1),
                              city(0, l.b), city(0, p1)};
    for (const Action& a : illegal) {
        const GameState before = s;
        EventList ev;
        const Result r = apply(s, a, &ev);
        CHECK_FALSE(r.ok);
        CHECK(ev.empty());
        CHECK(same_state(before, s));  // nothing placed, nothing paid, nothing to remove
        CHECK(s.players[0].warnings == 0);
    }
    // Random HK games never get an illegal building onto the board.
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        GameOptions o;
        o.ruleset = Ruleset::HK2024;
        o.map = MapKind::Explicit;
        o.board = starter_board();
        GameState g;
        REQUIRE(new_game(o, seed, g));
        Action begin;
        begin.type = ActionType::BeginPlacement;
        REQUIRE(apply(g, begin));
        Rng rng = make_rng(seed);
        LegalActions la;
        int steps = 0;
        bool ok = true;
        while (g.phase != Phase::GameOver && steps < 5000 && ok) {
            const Action a = random_legal_action(g, next_decider(g), rng, la);
            REQUIRE(apply(g, a));
            ++steps;
            ok = buildings_apart(g) && (g.turn == 0 || buildings_on_own_roads(g));
        }
        CHECK(ok);
    }
}
