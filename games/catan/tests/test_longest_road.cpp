// Longest Road (CAT-15, HK-9.2 .. HK-9.4): the trail measure itself, and who holds the card.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

// The edges of a route given by its intersections, in order.
std::vector<int> route(std::initializer_list<int> vs) {
    std::vector<int> out;
    const int* p = vs.begin();
    for (std::size_t i = 1; i < vs.size(); ++i) out.push_back(edge_between(p[i - 1], p[i]));
    return out;
}

EdgeSet edge_set(const std::vector<int>& edges) {
    EdgeSet s;
    for (int e : edges) s.set(e);
    return s;
}

std::vector<int> join(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// The six sides of a hex: a closed loop of six roads.
std::vector<int> ring(int hex) {
    const Geometry& g = geometry();
    return std::vector<int>(g.hex_side[hex].begin(), g.hex_side[hex].end());
}

const Event* last_event(const EventList& ev, EventType t) {
    const Event* found = nullptr;
    for (const Event& e : ev)
        if (e.type == t) found = &e;
    return found;
}

// Routes on the starter board used by the holder scenarios (intersection ids from geometry()).
// The top zigzag of row 3: UL(3,1)=21, Top(3,1)=16, 22, Top(3,2)=17, 23, 18, 24, 19, 25, 20, 26.
const std::initializer_list<int> kRow3 = {21, 16, 22, 17, 23, 18, 24, 19, 25};  // 8 roads
// The bottom zigzag of row 5 and the top zigzag of row 1.
const std::initializer_list<int> kRow5 = {47, 51, 48, 52, 49, 53};  // 5 roads
const std::initializer_list<int> kRow1 = {3, 0, 4, 1, 5, 2};        // 5 roads

// Player 0 holds Longest Road with 8 roads along row 3 (settlement at its west end).
// Player 3 is active and can split it: a settlement at 18 leaves 5 + 3, at 23 leaves 4 + 4.
Position split_position(Ruleset ruleset = Ruleset::Base) {
    Position pos = base_position(ruleset);
    pos.players[0].settlements = {21};
    give_route(pos.players[0], kRow3);
    pos.players[3].settlements = {9, 34};
    give_route(pos.players[3], {9, 13, 18});
    give_route(pos.players[3], {34, 29, 23});
    pos.players[3].hand = kSettlementCost;
    pos.active = 3;
    return pos;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// engine::longest_road on hand-built road sets

TEST_CASE("CAT-15.1 longest_road: empty, single road and a straight route", "[CAT-15.1][longest_road]") {
    CHECK(longest_road(EdgeSet{}, 0) == 0);
    CHECK(longest_road(edge_set(route({21, 16})), 0) == 1);
    CHECK(longest_road(edge_set(route(kRow3)), 0) == 8);
    CHECK(longest_road(edge_set(route({21, 16, 22, 17, 23, 18, 24, 19, 25, 20, 26})), 0) == 10);
}

TEST_CASE("CAT-15.1 longest_road: branches do not add up (forks do not count)", "[CAT-15.1][longest_road]") {
    // A fork at 22 with arms 22-17-23-18 (3), 22-16-21 (2) and 22-28-34 (2): 7 roads, route 5.
    const auto y = join(join(route({22, 17, 23, 18}), route({22, 16, 21})), route({22, 28, 34}));
    REQUIRE(edge_set(y).count() == 7);
    CHECK(longest_road(edge_set(y), 0) == 5);
    // Arms 3, 2, 1: the two longest arms make the route.
    const auto t = join(join(route({22, 17, 23, 18}), route({22, 16, 21})), route({22, 28}));
    CHECK(longest_road(edge_set(t), 0) == 5);
    // Two separate pieces are not one road: 4 and 3 give 4, not 7.
    const auto apart = join(route({21, 16, 22, 17, 23}), route({47, 51, 48, 52}));
    CHECK(longest_road(edge_set(apart), 0) == 4);
}

TEST_CASE("CAT-15.1 longest_road: a loop counts every road, and a trail may revisit an intersection",
          "[CAT-15.1][longest_road]") {
    const int centre = hex_id(3, 3);
    CHECK(longest_road(edge_set(ring(centre)), 0) == 6);
    // Loop plus a tail of 2 from corner 18: tail, round the loop, back to 18 = 8 (18 is visited twice).
    const auto lasso = join(ring(centre), route({18, 13, 8}));
    CHECK(longest_road(edge_set(lasso), 0) == 8);
    // Tails of 2 at two opposite corners (18 and 35): 10 roads, but no trail uses them all.
    // Best: one tail (2) + the whole loop (6) = 8; the other tail cannot be added without reusing a road.
    const auto two_tails = join(lasso, route({35, 40, 44}));
    REQUIRE(edge_set(two_tails).count() == 10);
    CHECK(longest_road(edge_set(two_tails), 0) == 8);
}

TEST_CASE("CAT-15.1 longest_road: figure eight of two loops sharing a road is drawn in one stroke",
          "[CAT-15.1][longest_road]") {
    // The rings of (3,2) and (3,3) share the side 23-29: 11 roads. Only 23 and 29 have three roads,
    // so one stroke from 23 to 29 uses all 11 (passing 23 and 29 twice). A simple path gets only 10.
    const auto eight = join(ring(hex_id(3, 2)), ring(hex_id(3, 3)));
    const EdgeSet set = edge_set(eight);
    REQUIRE(set.count() == 11);
    CHECK(longest_road(set, 0) == 11);
    // A true figure eight (two loops crossing at one intersection) needs four roads at one point, which
    // the board cannot have; the nearest shape is two loops joined by a bridge. Rings of (3,1) and (3,3)
    // joined by 22-17-23: start at 22, round (3,1) back to 22, over the bridge, round (3,3) back to 23.
    const auto dumbbell = join(join(ring(hex_id(3, 1)), ring(hex_id(3, 3))), route({22, 17, 23}));
    REQUIRE(edge_set(dumbbell).count() == 14);
    // Only 22 and 23 have an odd number of roads, so all 14 form one stroke (22 and 23 visited twice).
    CHECK(longest_road(edge_set(dumbbell), 0) == 14);
    // Cut the bridge at 17 with an opponent: each side is a loop plus a 1-road tail = 7.
    CHECK(longest_road(edge_set(dumbbell), bit(17)) == 7);
}

TEST_CASE("CAT-15.2 longest_road: an opponent's building splits the road, and the road can end there",
          "[CAT-15.2][longest_road]") {
    const EdgeSet row = edge_set(route(kRow3));  // 21 16 22 17 23 18 24 19 25
    CHECK(longest_road(row, bit(18)) == 5);      // 21..18 = 5, 18..25 = 3: each part ends at 18
    CHECK(longest_road(row, bit(23)) == 4);      // 4 + 4
    CHECK(longest_road(row, bit(16)) == 7);      // 1 + 7
    CHECK(longest_road(row, bit(21)) == 8);      // at an end: nothing is split
    CHECK(longest_road(row, bit(18) | bit(17)) == 3);  // 21..17 = 3, 17..18 = 2, 18..25 = 3
    // Buildings off the road change nothing.
    CHECK(longest_road(row, bit(47) | bit(0)) == 8);
    // A loop with an opponent's building on one corner is still 6 roads: start and end at that corner.
    const int centre = hex_id(3, 3);
    CHECK(longest_road(edge_set(ring(centre)), bit(18)) == 6);
    // The lasso (loop + tail at 18) with an opponent on 18: the tail and the loop are separate.
    CHECK(longest_road(edge_set(join(ring(centre), route({18, 13, 8}))), bit(18)) == 6);
}

// ---------------------------------------------------------------------------------------
// Road length and the card in a game

TEST_CASE("CAT-15.1 road length in the game state ignores forks and is public", "[CAT-15.1]") {
    Position pos = base_position();
    pos.players[0].settlements = {22};
    for (int e : join(join(route({22, 17, 23, 18}), route({22, 16, 21})), route({22, 28, 34}))) pos.players[0].roads.push_back(e);
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    CHECK(s.players[0].road_length == 5);
    CHECK(s.longest_road_holder == 0);
    for (int seat = 0; seat < 4; ++seat) CHECK(make_view(s, seat).player[0].road_length == 5);
}

TEST_CASE("CAT-15.2 the player's own settlement in the middle does not split the road", "[CAT-15.2][CAT-15.3]") {
    Position pos = base_position();
    pos.players[0].settlements = {22};  // interior of the route below
    give_route(pos.players[0], {21, 16, 22, 17, 23});
    pos.players[0].hand = kRoadCost;
    pos.active = 0;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    REQUIRE(s.players[0].road_length == 4);
    REQUIRE(s.longest_road_holder == -1);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 18)), &ev));
    CHECK(s.players[0].road_length == 5);
    CHECK(s.longest_road_holder == 0);
}

TEST_CASE("CAT-15.2 a road split by an opponent's settlement built before it", "[CAT-15.2][CAT-15.3][HK-9.3]") {
    // Player 1's settlement on 23 is there first. Player 0 brings roads up to 23 from both sides:
    // 21-16-22-17-23 (4) and 19-24-18 (2), then builds 18-23. The two sides never join.
    Position pos = base_position();
    pos.players[1].settlements = {23};
    pos.players[0].settlements = {21, 19};
    give_route(pos.players[0], {21, 16, 22, 17, 23});
    give_route(pos.players[0], {19, 24, 18});
    pos.players[0].hand = ResourceCounts{3, 0, 0, 3, 0};
    pos.active = 0;
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    REQUIRE(s.players[0].road_length == 4);
    // The road up to 23 from the east is legal (it ends at 23; CAT-10.8 only stops passing through).
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(18, 23))));
    CHECK(s.players[0].road_length == 4);  // 4 | 3, not 7
    CHECK(s.longest_road_holder == -1);
    // Passing through 23 is impossible: 23's third side (to 29) cannot be built from player 0's roads.
    Result r = apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 29)));
    CHECK_FALSE(r.ok);
    CHECK(std::string(r.rule) == "CAT-10.8");
    // Extending the east side: 25 and then 20 make 23-18-24-19-25-20 = 5 roads, which takes the card.
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(19, 25))));
    CHECK(s.players[0].road_length == 4);
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(25, 20))));
    CHECK(s.players[0].road_length == 5);
    CHECK(s.longest_road_holder == 0);
}

TEST_CASE("CAT-15.3 the first player to reach 5 roads takes Longest Road, worth 2 VP", "[CAT-15.3][HK-9.2]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = base_position(rs);
        pos.players[0].settlements = {21};
        give_route(pos.players[0], {21, 16, 22, 17});  // 3 roads
        pos.players[0].hand = ResourceCounts{2, 0, 0, 2, 0};
        pos.players[1].settlements = {47};
        give_route(pos.players[1], {47, 51, 48, 52, 49});  // 4 roads
        pos.active = 0;
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == -1);  // 4 is not enough
        const int vp0 = victory_points(s, 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(17, 23)), &ev));
        CHECK(s.players[0].road_length == 4);
        CHECK(s.longest_road_holder == -1);
        CHECK(count_events(ev, EventType::LongestRoad) == 0);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 18)), &ev));
        CHECK(s.players[0].road_length == 5);
        CHECK(s.longest_road_holder == 0);
        const Event* e = last_event(ev, EventType::LongestRoad);
        REQUIRE(e != nullptr);
        CHECK(e->seat == 0);
        CHECK(e->value == 5);
        CHECK(victory_points(s, 0) == vp0 + 2);  // the card is worth 2 VP
    }
}

TEST_CASE("CAT-15.4 equalling the holder is not enough; a longer road takes the card", "[CAT-15.4][HK-9.2]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = base_position(rs);
        pos.players[0].settlements = {21};
        give_route(pos.players[0], {21, 16, 22, 17, 23, 18});  // 5: holder
        pos.players[1].settlements = {47};
        give_route(pos.players[1], {47, 51, 48, 52, 49});  // 4
        pos.players[1].hand = ResourceCounts{2, 0, 0, 2, 0};
        pos.active = 1;
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildRoad, 1, edge_between(49, 53)), &ev));
        CHECK(s.players[1].road_length == 5);
        CHECK(s.longest_road_holder == 0);  // tie: the holder keeps it
        CHECK(count_events(ev, EventType::LongestRoad) == 0);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 1, edge_between(53, 50)), &ev));
        CHECK(s.players[1].road_length == 6);
        CHECK(s.longest_road_holder == 1);
        const Event* e = last_event(ev, EventType::LongestRoad);
        REQUIRE(e != nullptr);
        CHECK(e->seat == 1);
        CHECK(e->value == 6);
        CHECK(public_victory_points(s, 0) == 1);
        CHECK(public_victory_points(s, 1) == 3);
    }
}

TEST_CASE("CAT-15.5a after a split the holder, still tied for longest at 5+, keeps the card",
          "[CAT-15.5][CAT-15.5a][HK-9.4][HK-9.3]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = split_position(rs);
        give_route(pos.players[1], kRow5);  // 5
        pos.players[1].settlements = {47};
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.players[0].road_length == 8);
        REQUIRE(s.players[1].road_length == 5);
        REQUIRE(s.longest_road_holder == 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildSettlement, 3, 18), &ev));
        CHECK(s.players[0].road_length == 5);  // 21..18 = 5, 18..25 = 3
        CHECK(s.players[1].road_length == 5);
        CHECK(s.longest_road_holder == 0);
        CHECK(count_events(ev, EventType::LongestRoad) == 0);
    }
}

TEST_CASE("CAT-15.5b after a split the only longest player at 5+ takes the card", "[CAT-15.5][CAT-15.5b][HK-9.4][HK-9.3]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = split_position(rs);
        give_route(pos.players[1], kRow5);  // 5
        pos.players[1].settlements = {47};
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildSettlement, 3, 23), &ev));
        CHECK(s.players[0].road_length == 4);
        CHECK(s.longest_road_holder == 1);
        const Event* e = last_event(ev, EventType::LongestRoad);
        REQUIRE(e != nullptr);
        CHECK(e->seat == 1);
        CHECK(e->value == 5);
        CHECK(public_victory_points(s, 0) == 1);
        CHECK(public_victory_points(s, 1) == 3);
    }
}

TEST_CASE("CAT-15.5c after a split a tie without the holder sends the card to the bank", "[CAT-15.5][CAT-15.5c][HK-9.4]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = split_position(rs);
        give_route(pos.players[1], kRow5);  // 5
        pos.players[1].settlements = {47};
        give_route(pos.players[2], kRow1);  // 5
        pos.players[2].settlements = {3};
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildSettlement, 3, 23), &ev));
        CHECK(s.players[0].road_length == 4);
        CHECK(s.players[1].road_length == 5);
        CHECK(s.players[2].road_length == 5);
        CHECK(s.longest_road_holder == -1);
        const Event* e = last_event(ev, EventType::LongestRoad);
        REQUIRE(e != nullptr);
        CHECK(e->seat == -1);
        for (int i = 0; i < 4; ++i) CHECK(make_view(s, i).longest_road_holder == -1);
    }
}

TEST_CASE("CAT-15.5d after a split nobody at 5 or more: the card goes back to the bank", "[CAT-15.5][CAT-15.5d][HK-9.4]") {
    for (Ruleset rs : {Ruleset::Base, Ruleset::HK2024}) {
        Position pos = split_position(rs);
        give_route(pos.players[1], {47, 51, 48, 52, 49});  // 4
        pos.players[1].settlements = {47};
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == 0);
        const int vp0 = public_victory_points(s, 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildSettlement, 3, 23), &ev));
        CHECK(s.players[0].road_length == 4);
        CHECK(s.players[1].road_length == 4);
        CHECK(s.longest_road_holder == -1);
        CHECK(public_victory_points(s, 0) == vp0 - 2);
        REQUIRE(last_event(ev, EventType::LongestRoad) != nullptr);
        CHECK(last_event(ev, EventType::LongestRoad)->seat == -1);
    }
}

TEST_CASE("CAT-15.6 from the bank the card goes to the first player alone at the top with 5+",
          "[CAT-15.6][HK-9.4]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    // Players 1 and 2 tie at 5 with the card in the bank.
    Position pos = base_position(rs);
    give_route(pos.players[1], kRow5);
    pos.players[1].settlements = {47};
    pos.players[1].hand = ResourceCounts{1, 0, 0, 1, 0};
    give_route(pos.players[2], kRow1);
    pos.players[2].settlements = {3};
    SECTION("building a longer road breaks the tie") {
        pos.active = 1;
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(s.longest_road_holder == -1);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildRoad, 1, edge_between(53, 50)), &ev));
        CHECK(s.players[1].road_length == 6);
        CHECK(s.longest_road_holder == 1);
        REQUIRE(last_event(ev, EventType::LongestRoad) != nullptr);
        CHECK(last_event(ev, EventType::LongestRoad)->seat == 1);
    }
    SECTION("equalling the tied length changes nothing") {
        pos.players[0].settlements = {21};
        give_route(pos.players[0], {21, 16, 22, 17, 23});  // 4
        pos.players[0].hand = ResourceCounts{1, 0, 0, 1, 0};
        pos.active = 0;
        GameState s;
        REQUIRE(start_from_position(pos, 1, s) == nullptr);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 18))));
        CHECK(s.players[0].road_length == 5);
        CHECK(s.longest_road_holder == -1);  // three-way tie at 5
    }
}

namespace {

// The holder (player 0, 8 roads) is split by player 1, leaving players 1 and 2 tied at 5 and the card
// in the bank; then player 1 splits player 2's road too, and finally builds a sixth road.
Position tie_then_split_position(Ruleset rs) {
    Position pos = base_position(rs);
    pos.players[0].settlements = {21};
    give_route(pos.players[0], kRow3);
    pos.players[1].settlements = {47, 34, 12};
    give_route(pos.players[1], kRow5);
    give_route(pos.players[1], {34, 29, 23});
    give_route(pos.players[1], {12, 8, 4});
    pos.players[1].hand = ResourceCounts{3, 2, 2, 3, 0};  // two settlements and a road
    pos.players[2].settlements = {3};
    give_route(pos.players[2], kRow1);
    pos.active = 1;
    return pos;
}

}  // namespace

TEST_CASE("CAT-15.6 base game: a tie in the bank ended by a split gives the card at once", "[CAT-15.6][CAT-15.7]") {
    GameState s;
    REQUIRE(start_from_position(tie_then_split_position(Ruleset::Base), 1, s) == nullptr);
    REQUIRE(s.longest_road_holder == 0);
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 1, 23)));
    REQUIRE(s.players[1].road_length == 5);
    REQUIRE(s.players[2].road_length == 5);
    CHECK(s.longest_road_holder == -1);  // CAT-15.5(c)
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 1, 4), &ev));
    CHECK(s.players[2].road_length == 3);  // 3-0-4 | 4-1-5-2
    CHECK(s.longest_road_holder == 1);     // alone at the top with 5
    REQUIRE(last_event(ev, EventType::LongestRoad) != nullptr);
    CHECK(last_event(ev, EventType::LongestRoad)->seat == 1);
    CHECK(last_event(ev, EventType::LongestRoad)->value == 5);
}

// docs/decisions/004: in the HK ruleset the seed (3.6.4.2) wins over the English HK-9.4 decision's last
// sentence: a card sent to the supply by a tie is won only by building a road longer than the tie.
TEST_CASE("HK-9.4 HK ruleset: after a tie the card is won only by building a longer road", "[HK-9.4]") {
    GameState s;
    REQUIRE(start_from_position(tie_then_split_position(Ruleset::HK2024), 1, s) == nullptr);
    REQUIRE(s.longest_road_holder == 0);
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 1, 23)));
    CHECK(s.longest_road_holder == -1);  // tied at 5: back to the supply
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 1, 4)));
    CHECK(s.players[2].road_length == 3);
    CHECK(s.players[1].road_length == 5);
    CHECK(s.longest_road_holder == -1);  // alone at 5, but 5 is not longer than the tied 5
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuildRoad, 1, edge_between(53, 50)), &ev));
    CHECK(s.players[1].road_length == 6);
    CHECK(s.longest_road_holder == 1);
    REQUIRE(last_event(ev, EventType::LongestRoad) != nullptr);
    CHECK(last_event(ev, EventType::LongestRoad)->seat == 1);
    CHECK(public_victory_points(s, 1) == 5 + 2);
}

TEST_CASE("CAT-15.7 lengths are measured again on a placement in another player's turn", "[CAT-15.7]") {
    Position pos = split_position();
    GameState s;
    REQUIRE(start_from_position(pos, 1, s) == nullptr);
    REQUIRE(s.longest_road_holder == 0);
    REQUIRE(s.active == 3);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 3, 23), &ev));
    // Straight away, in player 3's turn: player 0's length and the card have changed.
    CHECK(s.active == 3);
    CHECK(s.players[0].road_length == 4);
    CHECK(make_view(s, 0).player[0].road_length == 4);
    CHECK(s.longest_road_holder == -1);
    // The LongestRoad event comes right after the settlement event.
    int settled = -1, lr = -1;
    for (int i = 0; i < static_cast<int>(ev.size()); ++i) {
        if (ev[i].type == EventType::SettlementPlaced) settled = i;
        if (ev[i].type == EventType::LongestRoad) lr = i;
    }
    REQUIRE(settled >= 0);
    CHECK(lr == settled + 1);
}

TEST_CASE("CAT-15.7 lengths are measured during setup placements", "[CAT-15.7]") {
    GameOptions o;
    o.map = MapKind::Starter;
    GameState s;
    REQUIRE(new_game(o, 5, s));
    REQUIRE(s.phase == Phase::SetupSettlement);
    SECTION("a setup road changes the length at once") {
        // Seat order 0,1,2,3,3,2,1,0: seat 0 places 21 + 21-16 first and 22 + 22-16 last.
        REQUIRE(apply(s, act(ActionType::PlaceSetupSettlement, 0, 21)));
        CHECK(s.players[0].road_length == 0);
        REQUIRE(apply(s, act(ActionType::PlaceSetupRoad, 0, edge_between(21, 16))));
        CHECK(s.players[0].road_length == 1);
        const int far[6][2] = {{47, 51}, {3, 0}, {26, 32}, {38, 43}, {10, 15}, {50, 53}};
        for (int k = 0; k < 6; ++k) {
            const int seat = s.active;
            REQUIRE(seat != 0);
            REQUIRE(apply(s, act(ActionType::PlaceSetupSettlement, seat, far[k][0])));
            REQUIRE(apply(s, act(ActionType::PlaceSetupRoad, seat, edge_between(far[k][0], far[k][1]))));
            CHECK(s.players[seat].road_length >= 1);
        }
        REQUIRE(s.active == 0);
        REQUIRE(apply(s, act(ActionType::PlaceSetupSettlement, 0, 22)));
        REQUIRE(apply(s, act(ActionType::PlaceSetupRoad, 0, edge_between(22, 16))));
        CHECK(s.players[0].road_length == 2);
        CHECK(make_view(s, 1).player[0].road_length == 2);
        CHECK(s.longest_road_holder == -1);
    }
    SECTION("a setup settlement splits a road and moves the card (constructed state)") {
        // Setup alone cannot build 5 roads, so seat 0's 8 roads along row 3 are put in by hand.
        for (int e : route(kRow3)) {
            s.players[0].roads.set(e);
            s.all_roads.set(e);
            --s.players[0].roads_left;
        }
        // Seat 0's first placement is elsewhere; placing its road measures seat 0 (9 roads, 8 in a row).
        REQUIRE(apply(s, act(ActionType::PlaceSetupSettlement, 0, 47)));
        REQUIRE(apply(s, act(ActionType::PlaceSetupRoad, 0, edge_between(47, 51))));
        CHECK(s.players[0].road_length == 8);
        CHECK(s.longest_road_holder == 0);  // measured, and the card awarded, during setup
        REQUIRE(s.active == 1);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::PlaceSetupSettlement, 1, 23), &ev));
        CHECK(s.players[0].road_length == 4);
        CHECK(s.longest_road_holder == -1);
        REQUIRE(last_event(ev, EventType::LongestRoad) != nullptr);
        CHECK(last_event(ev, EventType::LongestRoad)->seat == -1);
        CHECK(s.phase == Phase::SetupRoad);  // no victory check or other effect in setup
    }
}
