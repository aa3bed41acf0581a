// The turn and the trade step (SFC-4, SFC-5).
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

TEST_CASE("a turn is trade, then build, then draw", "[SFC-4.1]") {
    State s = fresh(3, 2);
    set_hand(s, 0, cost_of(s, Building::Road));
    CHECK(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))) == "SFC-4.1");
    REQUIRE(refused(s, 0, simple(MoveKind::EndTrade)).empty());
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(1, 0, 0, 0, 0))) == "SFC-4.1");
    CHECK(refused(s, 0, simple(MoveKind::EndTrade)) == "SFC-4.1");
    REQUIRE(refused(s, 0, build(Building::Road, cost_of(s, Building::Road))).empty());
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    CHECK(s.turn == 1);
    CHECK(s.phase == Phase::Trade);
}

TEST_CASE("only the active player acts; the turn passes to the left", "[SFC-4.2]") {
    State s = fresh(4, 3);
    CHECK(refused(s, 1, simple(MoveKind::EndTrade)) == "SFC-4.2");
    for (int expected : {1, 2, 3, 0}) {
        REQUIRE(refused(s, s.turn, simple(MoveKind::EndTrade)).empty());
        REQUIRE(refused(s, s.turn, simple(MoveKind::EndBuild)).empty());
        CHECK(s.turn == expected);
    }
}

TEST_CASE("trading and building are optional, drawing is not", "[SFC-4.3][SFC-10.1]") {
    State s = fresh(4, 3);
    const int before = s.p[0].hand.total();
    REQUIRE(refused(s, 0, simple(MoveKind::EndTrade)).empty());
    REQUIRE(refused(s, 0, simple(MoveKind::EndBuild)).empty());
    CHECK(s.p[0].hand.total() == before + 2);
}

TEST_CASE("the allowance counts A-side roads only", "[SFC-5.1][SFC-7.11]") {
    State s = fresh(4);
    for (int roads = 1; roads <= 6; ++roads) {
        s.p[0].roads = roads;
        CHECK(trade_allowance(s.p[0]) == (roads + 1) / 2);
    }
    s.p[0].roads = 3;  // the seed's example: 3 roads, 2 A side up
    set_hand(s, 0, cards(3, 0, 0, 0, 0));
    to_trade(s, 0);
    CHECK(s.trades_left == 2);
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(3, 0, 0, 0, 0))) == "SFC-5.3");
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(2, 0, 0, 0, 0))).empty());
    CHECK(s.trades_left == 0);
}

TEST_CASE("without roads a player may trade 1 card, with the deck only", "[SFC-5.2]") {
    State s = fresh(4);
    s.p[0].roads = 0;
    set_hand(s, 0, cards(2, 0, 0, 0, 0));
    to_trade(s, 0);
    CHECK(s.deck_only);
    CHECK(refused(s, 0, market(Brick, Ore)) == "SFC-5.2");
    CHECK(refused(s, 0, player_trade(1, 1)) == "SFC-5.2");
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(2, 0, 0, 0, 0))) == "SFC-5.2");
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(1, 0, 0, 0, 0))).empty());
    CHECK(s.p[0].hand.total() == 2);
}

TEST_CASE("the allowance is shared between market, players and deck", "[SFC-5.3]") {
    State s = fresh(4, 8);
    s.p[0].roads = 5;  // 3 A-side roads
    set_hand(s, 0, cards(1, 1, 1, 0, 0));
    to_trade(s, 0);
    REQUIRE(s.trades_left == 3);
    int take = 0;
    while (s.market[take] == 0) ++take;
    REQUIRE(refused(s, 0, market(Brick, static_cast<Res>(take))).empty());
    REQUIRE(refused(s, 0, player_trade(1, 1)).empty());
    Cards back;
    back[Lumber] = 1;
    REQUIRE(refused(s, 0, with_cards(MoveKind::GiveBack, back)).empty());
    REQUIRE(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(0, 0, 1, 0, 0))).empty());
    CHECK(s.trades_left == 0);
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(0, 0, 0, 0, 0))) == "SFC-5.4");
}

TEST_CASE("deck trade: discard k, then draw k", "[SFC-5.4]") {
    State s = fresh(4, 4);
    s.p[0].roads = 3;
    set_hand(s, 0, cards(2, 0, 0, 0, 1));
    to_trade(s, 0);
    const size_t deck = s.deck.size();
    REQUIRE(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(2, 0, 0, 0, 0))).empty());
    CHECK(s.discard == cards(2, 0, 0, 0, 0));
    CHECK(s.p[0].hand.total() == 3);
    CHECK(s.deck.size() == deck - 2);
    CHECK(s.trades_left == 0);
}

TEST_CASE("market trade swaps cards with the market, which keeps 5", "[SFC-5.5][SFC-10.4]") {
    State s = fresh(4, 4);
    set_hand(s, 0, cards(0, 0, 0, 1, 0));
    to_trade(s, 0);
    int take = 0;
    while (s.market[take] == 0) ++take;
    const Cards before = s.market;
    REQUIRE(refused(s, 0, market(Wool, static_cast<Res>(take))).empty());
    CHECK(s.market.total() == 5);
    CHECK(s.market[Wool] == before[Wool] + (take == Wool ? 0 : 1));
    CHECK(s.p[0].hand[take] == 1);
    State t = fresh(4, 4);
    set_hand(t, 0, cards(0, 0, 0, 1, 0));
    to_trade(t, 0);
    int absent = 0;
    while (absent < kResources && t.market[absent] > 0) ++absent;
    if (absent < kResources) CHECK(refused(t, 0, market(Wool, static_cast<Res>(absent))) == "SFC-5.5");
}

TEST_CASE("player trade: draw blind, then give back as many, possibly the drawn cards", "[SFC-5.6]") {
    State s = fresh(4, 6);
    s.p[0].roads = 3;
    set_hand(s, 0, cards(0, 0, 0, 0, 0));
    set_hand(s, 2, cards(0, 0, 3, 0, 0));
    to_trade(s, 0);
    CHECK(refused(s, 0, player_trade(0, 1)) == "SFC-5.6");
    std::vector<EventRec> log;
    REQUIRE_FALSE(act(s, 0, player_trade(2, 2), &log));
    CHECK(s.phase == Phase::GiveBack);
    CHECK(s.p[0].hand == cards(0, 0, 2, 0, 0));
    CHECK(s.known[2][0][Ore] == 2);  // the victim knows what was drawn
    CHECK(refused(s, 0, simple(MoveKind::EndTrade)) == "SFC-4.1");
    CHECK(refused(s, 0, with_cards(MoveKind::GiveBack, cards(0, 0, 1, 0, 0))) == "SFC-5.6");
    REQUIRE(refused(s, 0, with_cards(MoveKind::GiveBack, cards(0, 0, 2, 0, 0))).empty());
    CHECK(s.p[2].hand == cards(0, 0, 3, 0, 0));
    CHECK(s.phase == Phase::Trade);
    CHECK(s.trades_left == 0);
}

TEST_CASE("the allowance is fixed when the trade step starts", "[SFC-5.7]") {
    State s = fresh(4, 6);
    s.p[0].roads = 3;
    set_hand(s, 0, cards(1, 0, 0, 0, 0));
    to_trade(s, 0);
    const int left = s.trades_left;
    s.p[0].roads = 1;  // nothing in the trade step changes roads; the allowance is what it was
    REQUIRE(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(1, 0, 0, 0, 0))).empty());
    CHECK(s.trades_left == left - 1);
}

TEST_CASE("hand sizes limit trades; an empty-handed player may still trade with a player", "[SFC-5.8]") {
    State s = fresh(4, 6);
    s.p[0].roads = 3;
    set_hand(s, 0, cards(0, 0, 0, 0, 0));
    set_hand(s, 1, cards(0, 0, 0, 0, 0));
    set_hand(s, 2, cards(1, 0, 0, 0, 0));
    to_trade(s, 0);
    CHECK(refused(s, 0, with_cards(MoveKind::TradeDeck, cards(1, 0, 0, 0, 0))) == "SFC-5.8");
    CHECK(refused(s, 0, market(Brick, Ore)) == "SFC-5.8");
    CHECK(refused(s, 0, player_trade(1, 1)) == "SFC-5.8");
    CHECK(refused(s, 0, player_trade(2, 2)) == "SFC-5.8");
    CHECK(refused(s, 0, player_trade(2, 1)).empty());
    CHECK(refused(s, 0, with_cards(MoveKind::GiveBack, cards(1, 0, 0, 0, 0))).empty());
    // no road and no cards: no trade at all
    State t = fresh(4, 6);
    t.p[0].roads = 0;
    set_hand(t, 0, Cards{});
    to_trade(t, 0);
    std::vector<Move> moves;
    legal_moves(t, 0, moves);
    CHECK(moves.size() == 1);
    CHECK(moves[0].kind == MoveKind::EndTrade);
}
