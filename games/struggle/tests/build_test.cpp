// Building (SFC-6), roads and knights (SFC-7), settlements and cities (SFC-8), expansions (SFC-9).
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

TEST_CASE("building pays the cost onto the discard pile and places the card", "[SFC-6.1][SFC-7.4]") {
    State s = fresh(4, 2);
    const Cards cost = cost_of(s, Building::Knight);
    set_hand(s, 0, cost);
    to_build(s, 0);
    const int stack = s.knight_stack;
    CHECK(refused(s, 0, build(Building::Knight, cards(0, 0, 0, 0, 3))) == "SFC-6.1");
    CHECK(refused(s, 0, build(Building::Knight, cards(0, 0, 1, 0, 0))) == "SFC-6.2");
    REQUIRE(refused(s, 0, build(Building::Knight, cost)).empty());
    CHECK(s.discard == cost);
    CHECK(s.p[0].hand.total() == 0);
    CHECK(s.p[0].knights == 1);
    CHECK(s.knight_stack == stack - 1);
}

TEST_CASE("3 identical cards replace one missing resource, any number of times", "[SFC-6.2]") {
    State s = fresh(4, 2);
    const Cards road = cost_of(s, Building::Road);  // 1 lumber + 1 brick
    bool univ = true;
    CHECK(payment_valid(road, cards(1, 0, 3, 0, 0), false, univ));
    CHECK_FALSE(univ);
    CHECK(payment_valid(road, cards(0, 0, 3, 3, 0), false, univ));  // twice
    CHECK(payment_valid(road, cards(0, 0, 6, 0, 0), false, univ));
    CHECK(payment_valid(road, cards(1, 3, 0, 0, 0), false, univ));  // lumber triple for lumber, held or not
    CHECK_FALSE(payment_valid(road, cards(1, 0, 2, 0, 0), false, univ));
    CHECK_FALSE(payment_valid(road, cards(1, 1, 1, 0, 0), false, univ));  // no overpaying
    set_hand(s, 0, cards(1, 0, 0, 3, 0));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Road, cards(1, 0, 0, 3, 0))).empty());
    CHECK(s.p[0].roads == 2);
}

TEST_CASE("each building type at most once per turn; different types are fine", "[SFC-6.3]") {
    State s = fresh(4, 2);
    Cards hand = cost_of(s, Building::Road);
    hand.add(cost_of(s, Building::Road));
    hand.add(cost_of(s, Building::Knight));
    set_hand(s, 0, hand);
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))).empty());
    CHECK(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))) == "SFC-6.3");
    CHECK(refused(s, 0, build(Building::Knight, cost_of(s, Building::Knight))).empty());
}

TEST_CASE("impossible builds are refused before any payment", "[SFC-6.4][SFC-8.2][SFC-7.9]") {
    State s = fresh(4, 2);
    Cards hand = cost_of(s, Building::Settlement);
    hand.add(cost_of(s, Building::Road));
    set_hand(s, 0, hand);
    to_build(s, 0);
    s.settlement_stack.clear();
    const Cards before = s.p[0].hand;
    CHECK(refused(s, 0, build(Building::Settlement, cost_of(s, Building::Settlement))) == "SFC-8.2");
    s.road_stack = 0;
    for (int i = 1; i < 4; ++i) s.p[i].roads = 0;
    CHECK(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))) == "SFC-7.9");
    CHECK(s.p[0].hand == before);
    CHECK(s.discard.total() == 0);
}

TEST_CASE("builds may come in any order in the build step", "[SFC-6.5]") {
    for (int order = 0; order < 2; ++order) {
        State s = fresh(4, 2);
        Cards hand = cost_of(s, Building::Road);
        hand.add(cost_of(s, Building::Knight));
        set_hand(s, 0, hand);
        to_build(s, 0);
        const Building a = order ? Building::Road : Building::Knight, b = order ? Building::Knight : Building::Road;
        CHECK(refused(s, 0, build(a, cost_of(s, a))).empty());
        CHECK(refused(s, 0, build(b, cost_of(s, b))).empty());
    }
}

TEST_CASE("rows alternate A and B by position and are shown that way", "[SFC-7.1][SFC-7.2][SFC-0.2][SFC-0.3]") {
    State s = fresh(4, 2);
    s.p[1].roads = 5;
    s.p[1].knights = 2;
    const json p = view_json(s, 0)["playerStates"][1];
    CHECK(p["roads"] == "ABABA");
    CHECK(p["knights"] == "AB");
    CHECK(vp(s, 1) == 1 + 2 + 1);
    CHECK(s.p[1].a_roads() == 3);
}

TEST_CASE("an empty stack means taking the top card of the next opponent along the destiny card", "[SFC-7.5][SFC-7.6][SFC-7.10][SFC-11.4]") {
    State s = fresh(4, 2);
    s.road_stack = 0;
    s.p[1].roads = 2;
    s.p[2].roads = 4;
    s.p[3].roads = 3;
    s.p[0].roads = 1;
    set_hand(s, 0, cost_of(s, Building::Road));
    to_build(s, 0);
    CHECK(victim_for(s, 0, Building::Road) == 1);  // clockwise: the left neighbour
    std::vector<EventRec> log;
    const int vp1 = vp(s, 1);
    REQUIRE_FALSE(act(s, 0, build(Building::Road, cost_of(s, Building::Road)), &log));
    CHECK(s.p[1].roads == 1);
    CHECK(vp(s, 1) == vp1 - 1);  // the taken top card showed B: a VP lost
    CHECK(s.p[0].roads == 2);    // laid at position 2: B side
    CHECK(vp(s, 0) == 2);
    s.clockwise = false;
    CHECK(victim_for(s, 0, Building::Road) == 3);
    s.p[3].roads = 0;
    CHECK(victim_for(s, 0, Building::Road) == 2);  // on to the next in the same direction
}

TEST_CASE("castle and church protect small rows", "[SFC-7.7][SFC-9.5][SFC-9.6]") {
    State s = fresh(3, 2);
    s.road_stack = 0;
    s.knight_stack = 0;
    s.p[1].roads = 3;
    s.p[1].expansions = 1u << static_cast<int>(Expansion::Castle);
    s.p[2].roads = 0;
    CHECK(victim_for(s, 0, Building::Road) == -1);
    s.p[1].roads = 4;
    CHECK(victim_for(s, 0, Building::Road) == 1);
    s.p[1].knights = 1;
    s.p[1].expansions |= 1u << static_cast<int>(Expansion::Church);
    CHECK(victim_for(s, 0, Building::Knight) == -1);
    s.p[1].knights = 2;
    CHECK(victim_for(s, 0, Building::Knight) == 1);
    s.p[1].knights = 0;
    s.p[2].knights = 1;
    CHECK(victim_for(s, 0, Building::Knight) == 2);
}

TEST_CASE("with 2 players the card is taken from the only opponent", "[SFC-7.8][SFC-2.5]") {
    State s = fresh(2, 2);
    s.knight_stack = 0;
    s.p[1].knights = 3;
    s.clockwise = false;
    CHECK(victim_for(s, 0, Building::Knight) == 1);
    s.p[1].knights = 0;
    CHECK(victim_for(s, 0, Building::Knight) == -1);
}

TEST_CASE("A-side roads trade, A-side knights draw, B sides score", "[SFC-7.11][SFC-10.1]") {
    State s = fresh(4, 2);
    s.p[0].roads = 4;
    s.p[0].knights = 3;
    CHECK(trade_allowance(s.p[0]) == 2);
    CHECK(s.p[0].a_knights() == 2);
    CHECK(vp(s, 0) == 1 + 2 + 1);
    to_build(s, 0);
    const int before = s.p[0].hand.total();
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    CHECK(s.p[0].hand.total() == before + 4);
}

TEST_CASE("a settlement takes the top settlement/city card and is worth 1 VP", "[SFC-8.1]") {
    State s = fresh(4, 2);
    set_hand(s, 0, cost_of(s, Building::Settlement));
    to_build(s, 0);
    const CityEvent top = s.settlement_stack.back();
    const size_t n = s.settlement_stack.size();
    REQUIRE(refused(s, 0, build(Building::Settlement, cost_of(s, Building::Settlement))).empty());
    CHECK(s.p[0].settlements.back() == top);
    CHECK(s.settlement_stack.size() == n - 1);
    CHECK(vp(s, 0) == 2);
}

TEST_CASE("after a settlement the builder may turn the destiny card", "[SFC-8.3]") {
    for (bool flip : {false, true}) {
        State s = fresh(4, 2);
        set_hand(s, 0, cost_of(s, Building::Settlement));
        to_build(s, 0);
        REQUIRE(refused(s, 0, build(Building::Settlement, cost_of(s, Building::Settlement), -1, flip)).empty());
        CHECK(s.clockwise == !flip);
    }
    State s = fresh(4, 2);
    set_hand(s, 0, cost_of(s, Building::Road));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Road, cost_of(s, Building::Road), -1, true)) == "SFC-8.3");
}

TEST_CASE("a city upgrades an own settlement: 2 VP instead of 1", "[SFC-8.4]") {
    State s = fresh(4, 2);
    set_hand(s, 0, cost_of(s, Building::City));
    to_build(s, 0);
    s.p[0].settlements.clear();
    CHECK(refused(s, 0, build(Building::City, cost_of(s, Building::City))) == "SFC-8.4");
    s.p[0].settlements = {CityEvent::MarketDay, CityEvent::BrigandAttack};
    Move m = build(Building::City, cost_of(s, Building::City));
    m.settlement = 1;  // the builder chooses which
    REQUIRE(refused(s, 0, m).empty());
    CHECK(s.p[0].settlements == std::vector<CityEvent>{CityEvent::MarketDay});
    CHECK(s.p[0].cities == 1);
    CHECK(vp(s, 0) == 1 + 2 + 0);
}

TEST_CASE("market day: the market is discarded and 5 new cards are turned up", "[SFC-8.5][SFC-8.6][SFC-8.8]") {
    State s = fresh(4, 2);
    s.p[0].settlements = {CityEvent::MarketDay};
    Cards hand = cost_of(s, Building::City);
    hand.add(cost_of(s, Building::Knight));
    set_hand(s, 0, hand);
    to_build(s, 0);
    const Cards old = s.market;
    std::vector<EventRec> log;
    REQUIRE_FALSE(act(s, 0, build(Building::City, cost_of(s, Building::City)), &log));
    Cards expected_discard = old;
    expected_discard.add(cost_of(s, Building::City));
    CHECK(s.discard == expected_discard);
    CHECK(s.market.total() == 5);
    CHECK(s.phase == Phase::Build);  // the builder carries on
    CHECK(refused(s, 0, build(Building::Knight, cost_of(s, Building::Knight))).empty());
    std::vector<hexhall::core::Event> events;
    events_to_json(s, log, events);
    bool seen = false;
    for (auto& e : events) seen = seen || e.body["type"] == "marketDay";
    CHECK(seen);
}

TEST_CASE("brigand attack: everyone over 7 chooses discards, then the destiny card turns", "[SFC-8.7][SFC-8.5][SFC-10.3]") {
    State s = fresh(4, 2);
    s.p[0].settlements = {CityEvent::BrigandAttack};
    Cards hand = cost_of(s, Building::City);
    hand.add(cards(2, 2, 2, 2, 1));  // 9 after paying
    set_hand(s, 0, hand);
    set_hand(s, 1, cards(0, 0, 4, 4, 2));  // 10
    set_hand(s, 2, cards(1, 1, 1, 2, 2));  // 7: safe
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::City, cost_of(s, Building::City))).empty());
    CHECK(s.phase == Phase::Discard);
    CHECK(awaiting(s) == std::vector<int>{0, 1});
    CHECK(s.discard_due[1] == 3);
    CHECK(s.clockwise);
    CHECK(refused(s, 2, with_cards(MoveKind::Discard, cards(1, 0, 0, 0, 0))) == "SFC-8.7");
    CHECK(refused(s, 1, with_cards(MoveKind::Discard, cards(0, 0, 2, 0, 0))) == "SFC-8.7");
    CHECK(refused(s, 0, simple(MoveKind::EndBuild)) == "SFC-8.7");
    REQUIRE(refused(s, 1, with_cards(MoveKind::Discard, cards(0, 0, 3, 0, 0))).empty());
    CHECK(s.phase == Phase::Discard);
    REQUIRE(refused(s, 0, with_cards(MoveKind::Discard, cards(2, 0, 0, 0, 0))).empty());
    CHECK(s.p[0].hand.total() == 7);
    CHECK(s.p[1].hand == cards(0, 0, 1, 4, 2));
    CHECK_FALSE(s.clockwise);
    CHECK(s.phase == Phase::Build);
}

TEST_CASE("with 2 players the destiny turns do nothing, the brigand still attacks", "[SFC-8.9][SFC-2.5]") {
    State s = fresh(2, 2);
    s.p[0].settlements = {CityEvent::BrigandAttack};
    Cards hand = cost_of(s, Building::City);
    hand.add(cards(0, 0, 0, 4, 4));
    set_hand(s, 0, hand);
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::City, cost_of(s, Building::City))).empty());
    CHECK(s.discard_due[0] == 1);
    REQUIRE(refused(s, 0, with_cards(MoveKind::Discard, cards(0, 0, 0, 1, 0))).empty());
    CHECK(s.clockwise);
    set_hand(s, 0, cost_of(s, Building::Settlement));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Settlement, cost_of(s, Building::Settlement), -1, true)) == "SFC-8.9");
}

TEST_CASE("an expansion covers a city: its VP replace the city's, any card of the stack", "[SFC-9.1][SFC-9.4][SFC-11.1]") {
    State s = fresh(4, 2);
    s.p[0].cities = 1;
    set_hand(s, 0, cost_of(s, Building::Expansion, static_cast<int>(Expansion::Library)));
    to_build(s, 0);
    const int before = vp(s, 0);
    REQUIRE(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion, 3), 3)).empty());
    CHECK(vp(s, 0) == before + 1);
    CHECK(s.p[0].cities == 0);
    CHECK(s.p[0].owns(Expansion::Library));
    CHECK(s.expansion_stack[3] == 0);
}

TEST_CASE("no city, no expansion; one expansion per city", "[SFC-9.2]") {
    State s = fresh(4, 2);
    set_hand(s, 0, cost_of(s, Building::Expansion));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion), 0)) == "SFC-9.2");
    s.p[0].cities = 0;
    s.p[0].expansions = 1u << static_cast<int>(Expansion::Church);  // its city is covered already
    CHECK(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion), 0)) == "SFC-9.2");
}

TEST_CASE("no two identical expansions", "[SFC-9.3]") {
    State s = fresh(4, 2);
    s.p[0].cities = 1;
    s.p[0].expansions = 1u << static_cast<int>(Expansion::Castle);
    set_hand(s, 0, cost_of(s, Building::Expansion));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion), 0)) == "SFC-9.3");
    CHECK(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion), 1)).empty());
}

TEST_CASE("the town hall costs 2 ore more and is worth 4", "[SFC-9.7][SFC-9.4]") {
    State s = fresh(4, 2);
    s.p[0].cities = 1;
    const int th = static_cast<int>(Expansion::TownHall);
    Cards cost = cost_of(s, Building::Expansion, th);
    CHECK(cost == cards(1, 1, 3, 1, 1));
    set_hand(s, 0, cost);
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Expansion, cost_of(s, Building::Expansion), th)) == "SFC-6.2");
    const int before = vp(s, 0);
    REQUIRE(refused(s, 0, build(Building::Expansion, cost, th)).empty());
    CHECK(vp(s, 0) == before + 2);
}

TEST_CASE("library: once per turn, look at the hand and pick one; the rest is blind", "[SFC-9.8]") {
    State s = fresh(4, 5);
    s.p[0].roads = 5;  // allowance 3
    s.p[0].expansions = 1u << static_cast<int>(Expansion::Library);
    set_hand(s, 0, cards(1, 1, 0, 0, 0));
    set_hand(s, 1, cards(0, 0, 1, 2, 0));
    to_trade(s, 0);
    std::vector<EventRec> log;
    REQUIRE_FALSE(act(s, 0, player_trade(1, 2, true), &log));
    CHECK(s.phase == Phase::LibraryPick);
    const json owner = view_json(s, 0), other = view_json(s, 2), victim = view_json(s, 1);
    CHECK(owner["trade"]["look"] == json{{"ore", 1}, {"wool", 2}});
    CHECK(other["trade"]["look"] == json{{"ore", 1}, {"wool", 2}});  // laid face up (攤牌) for the whole table
    CHECK(view_json(s, -1)["trade"]["look"] == json{{"ore", 1}, {"wool", 2}});
    CHECK(victim["trade"]["look"] == json{{"ore", 1}, {"wool", 2}});
    Move pick;
    pick.kind = MoveKind::LibraryPick;
    pick.take = Brick;
    CHECK(refused(s, 0, pick) == "SFC-9.8");
    pick.take = Ore;
    REQUIRE(refused(s, 0, pick).empty());
    CHECK(s.p[0].hand[Ore] == 1);
    CHECK(s.p[0].hand.total() == 4);  // the second card came blind
    REQUIRE(refused(s, 0, with_cards(MoveKind::GiveBack, cards(1, 1, 0, 0, 0))).empty());
    CHECK(refused(s, 0, player_trade(1, 1, true)) == "SFC-9.8");
    s.p[0].expansions = 0;
    s.library_used = false;
    CHECK(refused(s, 0, player_trade(1, 1, true)) == "SFC-9.8");
}

TEST_CASE("university: once per turn one card of another resource replaces a required one", "[SFC-9.9]") {
    State s = fresh(4, 2);
    s.p[0].expansions = 1u << static_cast<int>(Expansion::University);
    Cards hand = cards(1, 0, 0, 1, 0);  // road needs lumber + brick: wool replaces lumber
    hand.add(cards(0, 0, 2, 1, 1));     // knight: 1 ore + 1 wool + 1 grain; an ore for... only once
    set_hand(s, 0, hand);
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::Road, cards(1, 0, 0, 1, 0))).empty());
    CHECK(s.university_used);
    CHECK(refused(s, 0, build(Building::Knight, cards(0, 0, 2, 1, 0))) == "SFC-6.2");
    CHECK(refused(s, 0, build(Building::Knight, cards(0, 0, 1, 1, 1))).empty());
    State t = fresh(4, 2);
    set_hand(t, 0, cards(1, 0, 0, 1, 0));
    to_build(t, 0);
    CHECK(refused(t, 0, build(Building::Road, cards(1, 0, 0, 1, 0))) == "SFC-6.2");
}

TEST_CASE("merchant guild: once per turn, one blind card from an opponent with at least your VP", "[SFC-9.10][SFC-9.11]") {
    State s = fresh(4, 2);
    s.p[0].expansions = 1u << static_cast<int>(Expansion::MerchantGuild);  // 1 + 3 = 4 VP
    s.p[1].roads = 8;                                                     // 1 + 4 = 5 VP
    set_hand(s, 1, cards(0, 0, 2, 0, 0));
    to_trade(s, 0);
    Move g;
    g.kind = MoveKind::Guild;
    g.opponent = 2;
    CHECK(refused(s, 0, g) == "SFC-9.10");  // 1 VP only
    g.opponent = 1;
    const int before = s.p[0].hand.total();
    const int left = s.trades_left;
    REQUIRE(refused(s, 0, g).empty());
    CHECK(s.p[0].hand.total() == before + 1);
    CHECK(s.p[1].hand[Ore] == 1);
    CHECK(s.trades_left == left);  // no allowance used, nothing given back
    CHECK(refused(s, 0, g) == "SFC-9.10");
    REQUIRE(refused(s, 0, simple(MoveKind::EndTrade)).empty());
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    // the next own turn may use it again
    while (s.turn != 0) {
        REQUIRE(refused(s, s.turn, simple(MoveKind::EndTrade)).empty());
        REQUIRE(refused(s, s.turn, simple(MoveKind::EndBuild)).empty());
    }
    CHECK_FALSE(s.guild_used);
    CHECK(refused(s, 0, g).empty());
}

TEST_CASE("expansions, settlements and cities are never taken", "[SFC-11.5][SFC-9.11]") {
    State s = fresh(3, 2);
    s.road_stack = 0;
    s.p[1].roads = 0;
    s.p[2].roads = 0;
    s.p[1].cities = 2;
    s.p[1].expansions = 1u << static_cast<int>(Expansion::Castle);
    set_hand(s, 0, cost_of(s, Building::Road));
    to_build(s, 0);
    CHECK(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))) == "SFC-7.9");
    CHECK(s.p[1].cities == 2);
    CHECK(s.p[1].expansions != 0);
}
