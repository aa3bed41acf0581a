// Drawing (SFC-10), victory points and the end (SFC-11).
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

TEST_CASE("the draw counts knights after building: a knight built this turn draws at once", "[SFC-10.1]") {
    State s = fresh(4, 2);
    set_hand(s, 0, cost_of(s, Building::Knight));
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::Knight, cost_of(s, Building::Knight))).empty());
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    CHECK(s.p[0].hand.total() == 3);
}

TEST_CASE("an empty deck is refilled from the shuffled discard pile when a card must be drawn", "[SFC-10.2]") {
    State s = fresh(4, 2);
    // move the whole deck onto the discard pile
    for (uint8_t r : s.deck) s.discard[r] += 1;
    s.deck.clear();
    to_build(s, 0);
    const int pile = s.discard.total();
    std::vector<EventRec> log;
    REQUIRE_FALSE(act(s, 0, simple(MoveKind::EndBuild), &log));
    CHECK(static_cast<int>(s.deck.size()) == pile - 2);
    CHECK(s.discard.total() == 0);
    CHECK(std::any_of(log.begin(), log.end(), [](const EventRec& e) { return e.kind == EventKind::Reshuffled; }));
    // both empty: the draw comes up short and nothing breaks
    s.deck.clear();
    s.discard = Cards{};
    to_build(s, 1);
    const int hand = s.p[1].hand.total();
    REQUIRE_FALSE(act(s, 1, simple(MoveKind::EndBuild), nullptr));
    CHECK(s.p[1].hand.total() == hand);
}

TEST_CASE("market day with an empty deck still turns up 5 cards", "[SFC-10.4][SFC-10.2][SFC-8.6]") {
    State s = fresh(4, 2);
    s.p[0].settlements = {CityEvent::MarketDay};
    set_hand(s, 0, cost_of(s, Building::City));
    for (uint8_t r : s.deck) s.p[1].hand[r] += 1;  // every other card into a hand
    s.deck.clear();
    to_build(s, 0);
    REQUIRE(refused(s, 0, build(Building::City, cost_of(s, Building::City))).empty());
    CHECK(s.market.total() == 5);
    CHECK(all_resource_cards(s).total() == 67);
}

TEST_CASE("no hand limit outside the brigand attack", "[SFC-10.3]") {
    State s = fresh(4, 2);
    set_hand(s, 0, cards(3, 3, 3, 3, 3));
    to_build(s, 0);
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    CHECK(s.p[0].hand.total() == 17);
    CHECK(s.phase == Phase::Trade);
}

TEST_CASE("the seed's worked example scores exactly 10", "[SFC-11.2][SFC-11.1]") {
    State s = fresh(4, 2);
    Player& p = s.p[0];
    p.settlements = {CityEvent::MarketDay, CityEvent::BrigandAttack};  // 2 settlements: 2
    p.cities = 1;                                                      // one city: 2
    p.expansions = 1u << static_cast<int>(Expansion::Castle);          // a city under a 3-VP expansion: 3
    p.roads = 4;                                                       // B sides at 2 and 4: 2
    p.knights = 2;                                                     // B side at 2: 1
    CHECK(vp(s, 0) == 10);
    p.knights = 1;  // A sides score nothing
    CHECK(vp(s, 0) == 9);
}

TEST_CASE("the first to 10 VP wins at once; a winning city's event is not carried out", "[SFC-11.3]") {
    State s = fresh(4, 2);
    Player& p = s.p[0];
    p.settlements = {CityEvent::MarketDay, CityEvent::BrigandAttack};
    p.cities = 1;
    p.expansions = 1u << static_cast<int>(Expansion::Castle);
    p.roads = 4;
    p.knights = 0;  // 1 + 1 + 2 + 3 + 2 = 9
    REQUIRE(vp(s, 0) == 9);
    Cards hand = cost_of(s, Building::City);
    hand.add(cards(2, 2, 2, 2, 0));
    set_hand(s, 0, hand);
    to_build(s, 0);
    const Cards market = s.market;
    Move m = build(Building::City, cost_of(s, Building::City));
    m.settlement = 0;  // the market-day card
    std::vector<hexhall::core::Event> events;
    auto g = make_struggle_game(s);
    REQUIRE_FALSE(g->act(0, move_to_json(m), events));
    CHECK(g->over());
    CHECK(g->outcome().winners == std::vector<int>{0});
    CHECK(g->outcome().scores[0] == 10);
    CHECK(struggle_state(*g)->market == market);
    CHECK(g->awaiting().empty());
    CHECK(g->legal_actions(0).empty());
    CHECK(events.back().body["type"] == "won");
}

TEST_CASE("losing a top card costs a VP or an ability", "[SFC-11.4]") {
    State s = fresh(4, 2);
    s.knight_stack = 0;
    s.p[1].knights = 3;  // top at position 3 shows A: an extra draw lost, no VP
    set_hand(s, 0, cost_of(s, Building::Knight));
    to_build(s, 0);
    const int vp1 = vp(s, 1);
    REQUIRE(refused(s, 0, build(Building::Knight, cost_of(s, Building::Knight))).empty());
    CHECK(vp(s, 1) == vp1);
    CHECK(s.p[1].a_knights() == 1);
}
