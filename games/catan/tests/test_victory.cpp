// Victory and scoring (CAT-14.2, CAT-16, HK-9.1) and the optional rules (CAT-17).
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

int index_of(const EventList& ev, EventType t) {
    for (int i = 0; i < static_cast<int>(ev.size()); ++i)
        if (ev[i].type == t) return i;
    return -1;
}

// A copy of `s` whose next roll (by the player or the referee) comes out as wanted.
GameState with_roll(const GameState& s, const Action& roll, bool seven) {
    for (uint64_t k = 0; k < 500; ++k) {
        GameState c = s;
        c.rng = make_rng(k);
        GameState probe = c;
        REQUIRE(apply(probe, roll));
        if ((probe.dice[0] + probe.dice[1] == 7) == seven) return c;
    }
    FAIL("no seed gave the roll");
    return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// CAT-16.1 / HK-9.1 victory points

TEST_CASE("CAT-16.1 VP: settlement 1, city 2, VP card 1, Longest Road 2, Largest Army 2", "[CAT-16.1][HK-9.1]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    struct Case {
        const char* what;
        int vp, public_vp;
    };
    for (const Case& c : {Case{"settlement", 1, 1}, Case{"city", 2, 2}, Case{"vp card", 1, 0},
                          Case{"longest road", 2, 2}, Case{"largest army", 2, 2}, Case{"all", 8, 7}}) {
        INFO(c.what);
        Position pos = base_position(rs);
        pos.active = 1;
        const std::string w = c.what;
        if (w == "settlement" || w == "all") pos.players[0].settlements = {21};
        if (w == "city" || w == "all") pos.players[0].cities = {47};
        if (w == "vp card" || w == "all") pos.players[0].dev_cards[kVictoryPoint] = 1;
        if (w == "longest road" || w == "all") give_route(pos.players[0], {21, 16, 22, 17, 23, 18});
        if (w == "largest army" || w == "all") pos.players[0].knights_played = 3;
        GameState s = start(pos);
        CHECK(victory_points(s, 0) == c.vp);
        CHECK(public_victory_points(s, 0) == c.public_vp);
        CHECK(victory_points(s, 1) == 0);
        CHECK(make_view(s, 0).player[0].total_vp == c.vp);
        for (int seat : {0, 1, 2, kSpectator}) CHECK(make_view(s, seat).player[0].public_vp == c.public_vp);
        for (int seat : {1, 2, kSpectator}) CHECK(make_view(s, seat).player[0].total_vp == 0);  // not known
    }
}

// ---------------------------------------------------------------------------------------
// CAT-16.2 .. 16.4 declaring victory

TEST_CASE("CAT-16.2 reaching 10 VP on one's own turn ends the game at once", "[CAT-16.2][CAT-16.4]") {
    Position pos = base_position();
    pos.players[0].cities = {3, 10, 32};             // 6
    pos.players[0].settlements = {21, 47, 38};        // 3: 9 VP
    give_route(pos.players[0], {21, 16, 22, 17});
    pos.players[0].hand = ResourceCounts{2, 1, 3, 2, 3};
    GameState s = start(pos);
    REQUIRE(victory_points(s, 0) == 9);
    // 9 is not enough: a road changes nothing.
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(17, 23))));
    CHECK(s.phase == Phase::Main);
    SECTION("a settlement makes 10") {
        EventList ev;
        REQUIRE(apply(s, act(ActionType::BuildSettlement, 0, 17), &ev));
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
        REQUIRE(count_events(ev, EventType::GameOver) == 1);
        CHECK(ev.back().type == EventType::GameOver);
        CHECK(ev.back().seat == 0);
        for (int seat : {0, 1, kSpectator}) CHECK(make_view(s, seat).winner == 0);
        // The game is over: nothing more from anyone.
        for (const Action& a : {act(ActionType::EndTurn, 0), act(ActionType::BuildCity, 0, 21),
                                act(ActionType::RollDice, 1)}) {
            const Result r = apply(s, a);
            CHECK_FALSE(r.ok);
            CHECK(std::string(r.rule) == "CAT-16.2");
        }
    }
    SECTION("a city makes 10 too") {
        REQUIRE(apply(s, act(ActionType::BuildCity, 0, 21)));
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
    }
}

TEST_CASE("CAT-16.3 10 VP on another player's turn: the win comes at the start of one's own turn",
          "[CAT-16.3][CAT-16.4][HK-1.1]") {
    Position pos = base_position();
    pos.players[1].cities = {3, 10, 32, 47};  // 8
    pos.players[1].settlements = {38, 44};    // 10 VP, held during player 0's turn
    pos.players[0].settlements = {21};
    give_route(pos.players[0], {21, 16});
    pos.players[0].hand = ResourceCounts{1, 0, 0, 1, 0};
    GameState s = start(pos);
    REQUIRE(victory_points(s, 1) == 10);
    // Player 0 plays on: player 1 cannot win on player 0's turn.
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(16, 22))));
    CHECK(s.phase == Phase::Main);
    CHECK(s.winner == -1);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::EndTurn, 0), &ev));
    // First moment of player 1's turn, before the roll.
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winner == 1);
    CHECK(s.active == 1);
    CHECK_FALSE(s.rolled);
    const int started = index_of(ev, EventType::TurnStarted);
    REQUIRE(started >= 0);
    CHECK(index_of(ev, EventType::GameOver) == started + 1);
    CHECK(count_events(ev, EventType::DiceRolled) == 0);
}

namespace {
// Player 2 holds Longest Road (6 along row 1); player 1 has 9 VP in buildings and 5 roads along row 5.
// Player 0 (active) can split player 2's road at 4, which hands the card (and a 10th VP) to player 1,
// and can then split player 1's road at 48.
Position lr_on_other_turn_position() {
    Position pos = base_position();
    pos.players[2].settlements = {3};
    give_route(pos.players[2], {3, 0, 4, 1, 5, 2, 6});
    pos.players[1].cities = {26, 10, 38, 30};
    pos.players[1].settlements = {47};
    give_route(pos.players[1], {47, 51, 48, 52, 49, 53});
    pos.players[0].settlements = {12, 40};
    give_route(pos.players[0], {12, 8, 4});
    give_route(pos.players[0], {40, 44, 48});
    pos.players[0].hand = ResourceCounts{2, 2, 2, 2, 0};
    return pos;
}
}  // namespace

TEST_CASE("CAT-16.3 reaching 10 through Longest Road on another's turn, winning on one's own", "[CAT-16.3][CAT-16.4][CAT-15.7]") {
    GameState s = start(lr_on_other_turn_position());
    REQUIRE(s.longest_road_holder == 2);
    REQUIRE(victory_points(s, 1) == 9);
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 0, 4)));
    REQUIRE(s.longest_road_holder == 1);
    REQUIRE(victory_points(s, 1) == 11);
    CHECK(s.phase == Phase::Main);  // not player 1's turn: no win yet
    CHECK(s.winner == -1);
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winner == 1);
}

TEST_CASE("CAT-16.3 10 reached on another's turn but lost before one's own turn: no win", "[CAT-16.3]") {
    GameState s = start(lr_on_other_turn_position());
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 0, 4)));
    REQUIRE(victory_points(s, 1) == 11);
    REQUIRE(apply(s, act(ActionType::BuildSettlement, 0, 48)));  // 47-51-48 | 48-52-49-53
    CHECK(s.players[1].road_length == 3);
    CHECK(s.longest_road_holder == -1);
    CHECK(victory_points(s, 1) == 9);
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    CHECK(s.active == 1);
    CHECK(s.phase == Phase::PreRoll);
    CHECK(s.winner == -1);
}

TEST_CASE("CAT-16.4 hidden VP cards count: a win at the start of the turn, before the roll", "[CAT-16.4][CAT-14.2]") {
    Position pos = base_position();
    pos.active = 3;
    pos.players[0].cities = {3, 10, 32, 47};  // 8
    pos.players[0].dev_cards[kVictoryPoint] = 2;
    GameState s = start(pos);
    REQUIRE(public_victory_points(s, 0) == 8);
    REQUIRE(victory_points(s, 0) == 10);
    CHECK(make_view(s, 1).player[0].public_vp == 8);
    REQUIRE(apply(s, act(ActionType::EndTurn, 3)));
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winner == 0);
    CHECK_FALSE(s.rolled);
}

TEST_CASE("CAT-16.4 the win comes straight after the action that reaches 10; pending steps are dropped", "[CAT-16.4]") {
    SECTION("a knight's Largest Army: the robber move is dropped") {
        Position pos = base_position();
        pos.phase = Phase::PreRoll;
        pos.players[0].cities = {3, 10, 32, 47};  // 8
        pos.players[0].knights_played = 2;
        pos.players[0].dev_cards[kKnight] = 1;
        GameState s = start(pos);
        const uint8_t robber = s.robber;
        REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
        CHECK(s.robber == robber);
        CHECK_FALSE(apply(s, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1)).ok);
    }
    SECTION("road building: the win comes with the road that takes Longest Road") {
        Position pos = base_position();
        pos.players[0].cities = {3, 10, 32, 47};  // 8
        pos.players[0].settlements = {21};        // 9
        give_route(pos.players[0], {21, 16, 22, 17});
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(s.road_building_left == 2);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(17, 23))));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 18))));
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
        CHECK(s.road_building_left == 0);
    }
    SECTION("road building: a win on the first road drops the second") {
        Position pos = base_position();
        pos.players[0].cities = {3, 10, 32, 47};  // 8
        pos.players[0].settlements = {21};        // 9
        give_route(pos.players[0], {21, 16, 22, 17, 23});
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(23, 18))));
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
        CHECK(s.road_building_left == 0);
        CHECK(s.players[0].roads_left == 15 - 5);
        CHECK_FALSE(apply(s, act(ActionType::BuildRoad, 0, edge_between(18, 24))).ok);
    }
}

TEST_CASE("CAT-16.5 at the end every VP card is shown in every view; the score is the VP total",
          "[CAT-16.5][CAT-14.2][HK-1.4]") {
    Position pos = base_position();
    pos.players[0].cities = {3, 10, 32};       // 6
    pos.players[0].settlements = {21, 47};     // 2
    pos.players[0].dev_cards[kVictoryPoint] = 1;
    pos.players[0].hand = kDevCardCost;
    pos.players[2].dev_cards[kVictoryPoint] = 2;  // a loser's hidden cards
    pos.players[2].dev_cards[kKnight] = 1;
    pos.players[2].settlements = {38};
    pos.deck = {DevCard::VictoryPoint};
    GameState s = start(pos);
    // CAT-14.2: secret until someone wins.
    for (int seat : {0, 1, 3, kSpectator}) {
        const SeatView v = make_view(s, seat);
        CHECK_FALSE(v.player[2].known);
        CHECK(v.player[2].dev_cards == std::array<uint8_t, kDevCardTypes>{});
        CHECK(v.player[2].public_vp == 1);
    }
    CHECK(make_view(s, 1).player[0].public_vp == 8);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    REQUIRE(s.phase == Phase::GameOver);
    REQUIRE(s.winner == 0);
    for (int seat : {0, 1, 2, 3, kSpectator}) {
        INFO("view of seat " << seat);
        const SeatView v = make_view(s, seat);
        for (int i = 0; i < 4; ++i) {
            CHECK(v.player[i].known);
            CHECK(v.player[i].dev_cards == s.players[i].dev_cards);
            CHECK(v.player[i].total_vp == victory_points(s, i));
        }
        CHECK(v.player[0].dev_cards[kVictoryPoint] == 2);
        CHECK(v.player[0].total_vp == 10);
        CHECK(v.player[2].dev_cards[kVictoryPoint] == 2);
        CHECK(v.player[2].total_vp == 3);
    }
}

// ---------------------------------------------------------------------------------------
// CAT-17 optional rules

TEST_CASE("CAT-17.1 base ruleset: a timeout before the roll rolls for the player and ends the turn", "[CAT-17.1]") {
    Position pos = base_position(Ruleset::Base, TradeBuildMode::Classic);
    pos.phase = Phase::PreRoll;
    pos.robber = hex_id(2, 2);
    pos.players[0].settlements = {21};
    pos.players[1].settlements = {13};  // on (2,2)
    pos.players[1].hand = ResourceCounts{1, 0, 0, 0, 0};
    GameState s0 = start(pos);
    REQUIRE(s0.options.ruleset == Ruleset::Base);
    {
        GameState t = s0;
        const Result r = apply(t, act(ActionType::Timeout, 1));  // not player 1's turn
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.rule) == "HK-2.5");
    }
    SECTION("not a 7: produce, then the turn ends") {
        GameState s = with_roll(s0, act(ActionType::Timeout, 0), false);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::Timeout, 0), &ev));
        const int rolled = index_of(ev, EventType::DiceRolled);
        REQUIRE(rolled >= 0);
        CHECK(ev[rolled].value == 1);  // the referee's roll
        CHECK(count_events(ev, EventType::TurnEnded) == 1);
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.robber == hex_id(2, 2));
    }
    SECTION("a 7: the robber goes to the desert, nobody is robbed, the turn ends") {
        GameState s = with_roll(s0, act(ActionType::Timeout, 0), true);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::Timeout, 0), &ev));
        CHECK(s.robber == desert_hex(s.board));
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(s.players[1].hand == ResourceCounts{1, 0, 0, 0, 0});
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
    }
    SECTION("a 7 with a discard owed: the discard happens, then the turn ends") {
        GameState s = s0;
        s.players[2].hand = ResourceCounts{2, 2, 2, 2, 0};
        s.bank = ResourceCounts{16, 17, 17, 17, 19};
        s = with_roll(s, act(ActionType::Timeout, 0), true);
        REQUIRE(apply(s, act(ActionType::Timeout, 0)));
        REQUIRE(s.phase == Phase::Discard);
        CHECK(s.robber == desert_hex(s.board));
        CHECK(s.players[2].discard_owed == 4);
        Action d = act(ActionType::Discard, 2);
        d.give = ResourceCounts{2, 2, 0, 0, 0};
        REQUIRE(apply(s, d));
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
    }
}

TEST_CASE("CAT-17.1 base ruleset: timeouts after the roll end the turn and drop what is pending", "[CAT-17.1]") {
    SECTION("robber still to move after a knight: to the desert, no steal") {
        Position pos = base_position();
        pos.phase = Phase::PreRoll;
        pos.robber = hex_id(2, 2);
        pos.players[0].dev_cards[kKnight] = 1;
        pos.players[1].settlements = {13};
        pos.players[1].hand = ResourceCounts{1, 0, 0, 0, 0};
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
        REQUIRE(s.phase == Phase::MoveRobber);
        s = with_roll(s, act(ActionType::Timeout, 0), false);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::Timeout, 0), &ev));
        CHECK(s.robber == desert_hex(s.board));
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(count_events(ev, EventType::DiceRolled) == 1);  // the roll was still owed
        CHECK(s.players[1].hand == ResourceCounts{1, 0, 0, 0, 0});
        CHECK(s.active == 1);
    }
    SECTION("an open offer lapses") {
        Position pos = base_position();
        pos.players[0].hand = ResourceCounts{1, 0, 0, 0, 0};
        pos.players[1].hand = ResourceCounts{0, 1, 0, 0, 0};
        GameState s = start(pos);
        Action offer = act(ActionType::OfferTrade, 0);
        offer.give = ResourceCounts{1, 0, 0, 0, 0};
        offer.get = ResourceCounts{0, 1, 0, 0, 0};
        offer.targets = 1u << 1;
        REQUIRE(apply(s, offer));
        REQUIRE(s.offer.open);
        REQUIRE(apply(s, act(ActionType::Timeout, 0)));
        CHECK_FALSE(s.offer.open);
        CHECK(s.active == 1);
        CHECK(s.players[0].hand == ResourceCounts{1, 0, 0, 0, 0});
        CHECK_FALSE(apply(s, act(ActionType::AcceptOffer, 1)).ok);
    }
    SECTION("road building with roads still to place: the rest is lost, the card stays played") {
        Position pos = base_position();
        pos.players[0].settlements = {21};
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
        REQUIRE(s.phase == Phase::RoadBuilding);
        REQUIRE(apply(s, act(ActionType::Timeout, 0)));
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.road_building_left == 0);
        CHECK(s.players[0].roads_left == 14);
        CHECK(s.players[0].dev_cards[kRoadBuilding] == 0);
    }
    SECTION("classic trade and build phases") {
        for (Phase ph : {Phase::Trade, Phase::Build}) {
            Position pos = base_position(Ruleset::Base, TradeBuildMode::Classic);
            pos.phase = ph;
            GameState s = start(pos);
            REQUIRE(s.phase == ph);
            EventList ev;
            REQUIRE(apply(s, act(ActionType::Timeout, 0), &ev));
            CHECK(count_events(ev, EventType::DiceRolled) == 0);  // already rolled
            CHECK(s.active == 1);
            CHECK(s.phase == Phase::PreRoll);
        }
    }
}

TEST_CASE("CAT-17.2 combined trade/build mode with the starter map", "[CAT-17.2][CAT-0.2]") {
    SECTION("options: the starter map defaults to classic, and combined may be chosen") {
        GameOptions o;
        o.map = MapKind::Starter;
        GameState s;
        REQUIRE(new_game(o, 1, s));
        CHECK(s.options.mode == TradeBuildMode::Classic);
        o.mode = TradeBuildMode::Combined;
        REQUIRE(new_game(o, 1, s));
        CHECK(s.options.mode == TradeBuildMode::Combined);
        CHECK(s.board == starter_board());
    }
    SECTION("a starter-map combined game: after the roll trade and build mix in any order") {
        GameOptions o;
        o.map = MapKind::Starter;
        o.mode = TradeBuildMode::Combined;
        GameState s;
        REQUIRE(new_game(o, 3, s));
        Rng rng = make_rng(3);
        LegalActions la;
        while (s.turn == 0) REQUIRE(apply(s, random_legal_action(s, next_decider(s), rng, la)));
        REQUIRE(s.phase == Phase::PreRoll);
        const int me = s.active;
        s = with_roll(s, act(ActionType::RollDice, me), false);
        REQUIRE(apply(s, act(ActionType::RollDice, me)));
        CHECK(s.phase == Phase::Main);
        // Give the player cards for a road, a trade and another road (test setup: from the bank).
        const ResourceCounts extra{6, 0, 0, 2, 0};
        for (int r = 0; r < kResourceTypes; ++r) {
            REQUIRE(s.bank[r] >= extra[r]);
            s.bank[r] = static_cast<uint8_t>(s.bank[r] - extra[r]);
            s.players[me].hand[r] = static_cast<uint8_t>(s.players[me].hand[r] + extra[r]);
        }
        legal_actions(s, me, la);
        Action road1{}, road2{};
        bool found = false;
        for (const Action& a : la)
            if (a.type == ActionType::BuildRoad) {
                road1 = a;
                found = true;
                break;
            }
        REQUIRE(found);
        REQUIRE(apply(s, road1));
        Action bank = act(ActionType::BankTrade, me);
        bank.give = one_of(Resource::Lumber, static_cast<uint8_t>(harbor_rate(s, me, Resource::Lumber)));
        bank.get = ResourceCounts{0, 0, 0, 1, 0};
        const Result traded = apply(s, bank);  // trading after building: allowed in combined mode
        CHECK(traded.ok);
        CHECK(s.phase == Phase::Main);
        legal_actions(s, me, la);
        found = false;
        for (const Action& a : la)
            if (a.type == ActionType::BuildRoad) {
                road2 = a;
                found = true;
                break;
            }
        REQUIRE(found);
        CHECK(apply(s, road2).ok);
    }
    SECTION("the same sequence in classic mode refuses the trade after a build") {
        Position pos = base_position(Ruleset::Base, TradeBuildMode::Classic);
        pos.players[0].settlements = {21};
        pos.players[0].hand = ResourceCounts{6, 0, 0, 2, 0};
        GameState s = start(pos);
        REQUIRE(s.phase == Phase::Trade);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
        CHECK(s.phase == Phase::Build);
        Action bank = act(ActionType::BankTrade, 0);
        bank.give = ResourceCounts{4, 0, 0, 0, 0};
        bank.get = ResourceCounts{0, 0, 0, 1, 0};
        const Result r = apply(s, bank);
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.rule) == "CAT-6.2");
        // And combined mode on the same starter-map position allows it.
        Position comb = base_position(Ruleset::Base, TradeBuildMode::Combined);
        comb.players[0] = pos.players[0];
        GameState c = start(comb);
        REQUIRE(c.board == starter_board());
        REQUIRE(apply(c, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
        CHECK(apply(c, bank).ok);
        CHECK(apply(c, act(ActionType::BuildRoad, 0, edge_between(16, 22))).ok);
        CHECK(c.phase == Phase::Main);
    }
}
