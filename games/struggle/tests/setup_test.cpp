// Components, player counts, setup and the ruleset table (SFC-0 .. SFC-3, SFC-12).
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

TEST_CASE("67 resource cards in the five kinds, all in deck, market and hands after setup", "[SFC-1.1][SFC-0.1][SFC-3.5][SFC-3.6]") {
    for (int players = 2; players <= 6; ++players) {
        const State s = fresh(players, 7);
        const Cards all = all_resource_cards(s);
        CHECK(all.n == std::array<int, 5>{11, 11, 16, 15, 14});
        CHECK(s.market.total() == 5);
        CHECK(s.discard.total() == 0);
        for (int i = 0; i < players; ++i) CHECK(s.p[i].hand.total() == 3);
        CHECK(static_cast<int>(s.deck.size()) == 67 - 5 - 3 * players);
    }
}

TEST_CASE("4 players use all 42 building cards: 9 roads, 5 knights, 15 settlement/city, 9 expansions", "[SFC-1.2][SFC-2.3][SFC-3.1]") {
    const State s = fresh(4);
    int roads = s.road_stack, knights = s.knight_stack;
    for (int i = 0; i < 4; ++i) roads += s.p[i].roads;
    CHECK(roads == 9);
    CHECK(knights == 5);
    CHECK(total_settlement_cards(s) == 15);
    int exp = 0;
    for (int e : s.expansion_stack) exp += e;
    CHECK(exp == 9);
    // plus 4 building cost cards, one per player: the cost table shown in every view (SFC-1.7)
    CHECK(view_json(s, 0)["ruleset"]["costs"].size() == 6);
}

TEST_CASE("building cards per player count follow the provisional marks", "[SFC-2.1][SFC-2.2][SFC-2.3][SFC-2.4][SFC-1.6][SFC-12.2]") {
    struct Row { int players, roads, knights, settlements, market_day, brigand; };
    const Row rows[] = {{2, 5, 3, 9, 5, 4}, {3, 7, 4, 12, 6, 6}, {4, 9, 5, 15, 8, 7}, {5, 11, 6, 18, 9, 9}, {6, 13, 7, 21, 11, 10}};
    for (const Row& r : rows) {
        const State s = fresh(r.players, 3);
        CHECK(s.road_stack == r.roads - r.players);  // each player took a starting road (SFC-3.8)
        CHECK(s.knight_stack == r.knights);
        CHECK(static_cast<int>(s.settlement_stack.size()) == r.settlements - r.players);
        int md = 0, ba = 0;
        auto count = [&](CityEvent e) { md += e == CityEvent::MarketDay; ba += e == CityEvent::BrigandAttack; };
        for (CityEvent e : s.settlement_stack) count(e);
        for (int i = 0; i < r.players; ++i)
            for (CityEvent e : s.p[i].settlements) count(e);
        CHECK(md == r.market_day);
        CHECK(ba == r.brigand);
        int exp = 0;
        for (int e : s.expansion_stack) exp += e;
        CHECK(exp == 9);  // expansions carry no mark
    }
}

TEST_CASE("5 and 6 players keep one deck of resources and one destiny card", "[SFC-2.4][SFC-2.5]") {
    for (int players : {5, 6}) {
        const State s = fresh(players);
        CHECK(all_resource_cards(s).total() == 67);
        CHECK(destiny_in_use(s));
        CHECK(view_json(s, 0)["destiny"]["direction"] == "clockwise");
    }
}

TEST_CASE("the destiny card is used with 3 or more players only", "[SFC-2.5][SFC-3.7][SFC-1.3]") {
    CHECK_FALSE(destiny_in_use(fresh(2)));
    CHECK(view_json(fresh(2), 0)["destiny"].is_null());
    const State s = fresh(3);
    CHECK(destiny_in_use(s));
    CHECK(s.clockwise);
    CHECK(view_json(s, 1)["destiny"]["side"] == "whiteArrow");
}

TEST_CASE("the settlement/city stack is shuffled by the seed", "[SFC-3.2]") {
    std::set<std::vector<CityEvent>> orders;
    for (uint64_t seed = 1; seed <= 8; ++seed) orders.insert(fresh(4, seed).settlement_stack);
    CHECK(orders.size() > 1);
    CHECK(fresh(4, 5).settlement_stack == fresh(4, 5).settlement_stack);
}

TEST_CASE("road and knight stacks lie A side up; the starting road is position 1, A side", "[SFC-3.3][SFC-7.3][SFC-0.3]") {
    const State s = fresh(4);
    const json v = view_json(s, 0);
    for (const json& p : v["playerStates"]) CHECK(p["roads"] == "A");
    CHECK(trade_allowance(s.p[0]) == 1);
}

TEST_CASE("the expansion stack is open: its cards are in every view", "[SFC-3.4][SFC-1.5]") {
    const json v = view_json(fresh(4), hexhall::core::kSpectator);
    CHECK(v["stacks"]["expansions"] == json{{"castle", 2}, {"church", 2}, {"townHall", 1}, {"library", 1},
                                             {"university", 1}, {"merchantGuild", 2}});
}

TEST_CASE("each player starts with a settlement and an A-side road: 1 VP", "[SFC-3.8]") {
    const State s = fresh(4);
    for (int i = 0; i < 4; ++i) {
        CHECK(s.p[i].settlements.size() == 1);
        CHECK(s.p[i].roads == 1);
        CHECK(vp(s, i) == 1);
    }
}

TEST_CASE("city sides are hidden from everyone, the owner included", "[SFC-3.9][SFC-0.4][SFC-1.4]") {
    State s = fresh(4, 11);
    json view = view_json(s, 0);
    view.erase("ruleset");  // the table lists the events in play, not which card shows which
    const std::string dump = view.dump();
    CHECK(dump.find("marketDay") == std::string::npos);
    CHECK(dump.find("brigandAttack") == std::string::npos);
    // Determinizing deals the unseen city sides again (the seat's own settlement too).
    bool changed = false;
    for (uint64_t k = 1; k < 20 && !changed; ++k) {
        const State d = determinize(s, 0, k);
        changed = d.p[0].settlements != s.p[0].settlements || d.settlement_stack != s.settlement_stack;
        CHECK(view_json(d, 0) == view_json(s, 0));
    }
    CHECK(changed);
}

TEST_CASE("the room names the starting seat; play passes clockwise", "[SFC-3.10][SFC-4.2]") {
    std::string error;
    auto g = struggle_module().create(json{{"players", 3}, {"firstSeat", 2}}, 5, error);
    REQUIRE(g);
    CHECK(g->awaiting() == std::vector<int>{2});
    std::vector<hexhall::core::Event> ev;
    REQUIRE_FALSE(g->act(2, json{{"type", "endTrade"}}, ev));
    REQUIRE_FALSE(g->act(2, json{{"type", "endBuild"}}, ev));
    CHECK(g->awaiting() == std::vector<int>{0});
    CHECK(g->options()["firstSeat"] == 2);
    CHECK_FALSE(struggle_module().create(json{{"players", 3}, {"firstSeat", 3}}, 5, error));
    CHECK(error.find("SFC-3.10") != std::string::npos);
}

TEST_CASE("every city side of the provisional table shows an event; 'none' does nothing", "[SFC-1.4][SFC-8.5]") {
    const Ruleset& t = provisional_ruleset();
    for (int m = 0; m < kMarks; ++m) CHECK(t.settlements[m][static_cast<int>(CityEvent::None)] == 0);
    State s = fresh(4);
    s.p[0].settlements = {CityEvent::None};
    set_hand(s, 0, cost_of(s, Building::City));
    to_build(s, 0);
    const Cards market = s.market;
    std::vector<EventRec> log;
    REQUIRE_FALSE(act(s, 0, build(Building::City, cost_of(s, Building::City)), &log));
    CHECK(s.market == market);
    CHECK(s.phase == Phase::Build);
}

TEST_CASE("the provisional table is the default and is shown to every seat", "[SFC-12.2][SFC-1.7][SFC-12.1]") {
    const Ruleset& t = provisional_ruleset();
    CHECK(t.cost[static_cast<int>(Building::Road)] == cards(1, 1, 0, 0, 0));
    CHECK(t.cost[static_cast<int>(Building::Knight)] == cards(0, 0, 1, 1, 1));
    CHECK(t.cost[static_cast<int>(Building::Settlement)] == cards(1, 1, 0, 1, 1));
    CHECK(t.cost[static_cast<int>(Building::City)] == cards(0, 0, 3, 0, 2));
    CHECK(t.cost[static_cast<int>(Building::Expansion)] == cards(1, 1, 1, 1, 1));
    CHECK(t.town_hall_extra == cards(0, 0, 2, 0, 0));
    std::string error;
    auto g = struggle_module().create(json{{"players", 4}}, 1, error);
    REQUIRE(g);
    CHECK(g->options()["ruleset"]["name"] == "provisional");
    for (int seat : {0, 3, hexhall::core::kSpectator}) CHECK(g->view(seat)["ruleset"] == ruleset_to_json(t));
    // the JSON form reads back to the same table
    auto back = ruleset_from_json(ruleset_to_json(t), error);
    REQUIRE(back);
    CHECK(ruleset_to_json(*back) == ruleset_to_json(t));
}

TEST_CASE("a room may use another table; costs come from the table in force", "[SFC-12.2][SFC-12.1][SFC-1.7]") {
    json table = ruleset_to_json(provisional_ruleset());
    table["name"] = "club";
    table["costs"]["road"] = json{{"wool", 2}};
    std::string error;
    auto g = struggle_module().create(json{{"players", 2}, {"ruleset", table}}, 9, error);
    REQUIRE(g);
    CHECK(g->view(1)["ruleset"]["name"] == "club");
    State s = *struggle_state(*g);
    set_hand(s, 0, cards(1, 1, 0, 2, 0));
    to_build(s, 0);
    State t = s;
    CHECK(refused(t, 0, build(Building::Road, cards(1, 1, 0, 0, 0))) == "SFC-6.2");
    CHECK(refused(s, 0, build(Building::Road, cards(0, 0, 0, 2, 0))).empty());
}

TEST_CASE("tables are validated and errors name the member", "[SFC-12.2]") {
    std::string error;
    json bad = ruleset_to_json(provisional_ruleset());
    bad["costs"]["road"]["gold"] = 1;
    CHECK_FALSE(struggle_module().create(json{{"ruleset", bad}}, 1, error));
    CHECK(error.find("gold") != std::string::npos);
    bad = ruleset_to_json(provisional_ruleset());
    bad["extra"] = 1;
    CHECK_FALSE(struggle_module().create(json{{"ruleset", bad}}, 1, error));
    CHECK(error.find("extra") != std::string::npos);
    bad = ruleset_to_json(provisional_ruleset());
    bad["roads"] = json{{"unmarked", 1}, {"mark3", 0}, {"mark4", 0}};
    CHECK_FALSE(struggle_module().create(json{{"players", 2}, {"ruleset", bad}}, 1, error));
    CHECK(error.find("roads") != std::string::npos);
    bad = ruleset_to_json(provisional_ruleset());
    bad["costs"]["city"] = json::object();
    CHECK_FALSE(struggle_module().create(json{{"ruleset", bad}}, 1, error));
    CHECK(error.find("city") != std::string::npos);
    bad = ruleset_to_json(provisional_ruleset());
    bad["expansions"]["castle"] = -1;
    CHECK_FALSE(struggle_module().create(json{{"ruleset", bad}}, 1, error));
    CHECK(error.find("castle") != std::string::npos);
}

TEST_CASE("options: unknown keys and bad player counts are refused; normal form is complete", "[SFC-2.4]") {
    std::string error;
    CHECK_FALSE(struggle_module().create(json{{"players", 4}, {"speed", 1}}, 1, error));
    CHECK(error.find("speed") != std::string::npos);
    CHECK_FALSE(struggle_module().create(json{{"players", 7}}, 1, error));
    CHECK_FALSE(struggle_module().create(json{{"players", 1}}, 1, error));
    auto g = struggle_module().create(json::object(), 1, error);
    REQUIRE(g);
    const json o = g->options();
    CHECK(o["players"] == 4);
    CHECK(o["firstSeat"] == 0);
    auto again = struggle_module().create(o, 1, error);
    REQUIRE(again);
    CHECK(again->view(0) == g->view(0));
}

TEST_CASE("a table that can never be won is refused at creation, naming the reason (issue 26)", "[SFC-11.3][SFC-1.1][SFC-12.2]") {
    std::string error;
    // The shipped table can be won with every player count.
    for (int players = 2; players <= 6; ++players) {
        std::string unbuildable;
        CHECK(most_vp(provisional_ruleset(), players, unbuildable) >= kWinningVp);
        CHECK(unbuildable.empty());
        CHECK(ruleset_fits(provisional_ruleset(), players, error));
    }
    // Cities cost more than the deck can pay, even three cards for one beyond each resource's copies
    // from a whole hand: two players with a settlement each and few roads and knights stay far below 10 VP.
    json bad = ruleset_to_json(provisional_ruleset());
    bad["name"] = "unwinnable";
    bad["costs"]["city"] = json{{"brick", 20}, {"lumber", 20}, {"ore", 20}};
    bad["roads"] = json{{"unmarked", 2}, {"mark3", 0}, {"mark4", 0}};
    bad["knights"] = json{{"unmarked", 2}, {"mark3", 0}, {"mark4", 0}};
    bad["settlements"] = json{{"unmarked", {{"none", 0}, {"marketDay", 3}, {"brigandAttack", 2}}},
                              {"mark3", {{"none", 0}, {"marketDay", 0}, {"brigandAttack", 0}}},
                              {"mark4", {{"none", 0}, {"marketDay", 0}, {"brigandAttack", 0}}}};
    CHECK_FALSE(struggle_module().create(json{{"players", 2}, {"ruleset", bad}}, 1, error));
    INFO(error);
    CHECK(error.find("can never be won") != std::string::npos);
    CHECK(error.find("SFC-11.3") != std::string::npos);
    CHECK(error.find("city") != std::string::npos);  // the building that can never be paid
    CHECK(error.find("at most 6 of the 10 VP") != std::string::npos);  // 4 settlements, a road, a knight
    // The same table with payable cities: 4 cities (8) + a road + a knight = 10: accepted.
    bad["costs"]["city"] = json{{"ore", 3}, {"grain", 2}};
    bad["expansions"] = json{{"castle", 0}, {"church", 0}, {"townHall", 0}, {"library", 0}, {"university", 0},
                             {"merchantGuild", 0}};
    CHECK(struggle_module().create(json{{"players", 2}, {"ruleset", bad}}, 1, error));
    // One settlement fewer and no expansions to make up for it: 3 cities (6) + 2 = 8 VP at most, refused.
    bad["settlements"]["unmarked"]["brigandAttack"] = 1;
    CHECK_FALSE(struggle_module().create(json{{"players", 2}, {"ruleset", bad}}, 1, error));
    CHECK(error.find("at most 8 of the 10 VP") != std::string::npos);
    // With more players the same settlements are shared out: 6 players need more of them.
    json many = ruleset_to_json(provisional_ruleset());
    many["settlements"] = json{{"unmarked", {{"none", 0}, {"marketDay", 4}, {"brigandAttack", 3}}},
                               {"mark3", {{"none", 0}, {"marketDay", 0}, {"brigandAttack", 0}}},
                               {"mark4", {{"none", 0}, {"marketDay", 0}, {"brigandAttack", 0}}}};
    many["expansions"] = bad["expansions"];
    many["roads"] = json{{"unmarked", 6}, {"mark3", 0}, {"mark4", 0}};
    many["knights"] = json{{"unmarked", 0}, {"mark3", 0}, {"mark4", 0}};
    CHECK(struggle_module().create(json{{"players", 2}, {"ruleset", many}}, 1, error));  // 6 cities (12) + 3 = 15
    CHECK_FALSE(struggle_module().create(json{{"players", 6}, {"ruleset", many}}, 1, error));  // 2 cities (4) + 3 = 7
    CHECK(error.find("with 6 players") != std::string::npos);
}
