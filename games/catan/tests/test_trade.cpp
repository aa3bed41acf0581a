// Trading (CAT-9): bank and harbor trades, and the domestic trade negotiation.
#include <catch2/catch.hpp>

#include <string>
#include <type_traits>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

// The seed sequence for roll_non7 / advance_to the tests here were written against.
constexpr uint64_t kRollSeedStep = 7919;

Action offer(int seat, const ResourceCounts& give, const ResourceCounts& get, uint8_t targets) {
    Action a = act(ActionType::OfferTrade, seat);
    a.give = give;
    a.get = get;
    a.targets = targets;
    return a;
}
Action build(ActionType t, int seat, int location) {
    Action a = act(t, seat);
    a.location = static_cast<uint8_t>(location);
    return a;
}
uint8_t seats(std::initializer_list<int> list) {
    uint8_t m = 0;
    for (int i : list) m = static_cast<uint8_t>(m | (1u << i));
    return m;
}

// Harbor slot of the given type on the starter board, and its two intersections.
int harbor_slot(HarborType t) {
    const Board b = starter_board();
    for (int h = 0; h < kHarbors; ++h)
        if (b.harbor[h] == t) return h;
    FAIL("no such harbor");
    return -1;
}
std::array<uint8_t, 2> harbor_ends(HarborType t) {
    const Geometry& g = geometry();
    return g.edge_ends[g.harbor_edge[harbor_slot(t)]];
}

Position trade_pos(TradeBuildMode mode = TradeBuildMode::Combined) {
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.options.mode = mode;
    pos.active = 0;
    pos.phase = Phase::Main;
    return pos;
}

// Seat 0 has a settlement two road pieces away from the lumber harbor's intersection v
// (settlement w, road w-u, road u-v) and the cards for one settlement.
struct HarborApproach {
    Position pos;
    int v;
};
HarborApproach lumber_harbor_approach(TradeBuildMode mode) {
    const auto ends = harbor_ends(HarborType::Lumber);
    const Geometry& g = geometry();
    const int v = ends[0], u = ends[1];
    int w = -1;
    for (int8_t n : g.intersection_neighbors[u])
        if (n != kNone && n != v) w = n;
    REQUIRE(w >= 0);
    Position pos = trade_pos(mode);
    pos.players[0].settlements = {w};
    pos.players[0].roads = {edge_between(w, u), edge_between(u, v)};
    pos.players[0].hand = rc(3, 1, 1, 1, 0);
    return {pos, v};
}

// Everything any seat can see, plus the hidden bookkeeping a trade could touch.
bool same_state(const GameState& a, const GameState& b) {
    for (int seat = kSpectator; seat < a.options.players; ++seat)
        if (!(make_view(a, seat) == make_view(b, seat))) return false;
    for (int i = 0; i < kMaxPlayers; ++i) {
        const PlayerState &p = a.players[i], &q = b.players[i];
        if (p.hand != q.hand || p.dev_cards != q.dev_cards || p.harbors != q.harbors ||
            p.harbors_usable != q.harbors_usable)
            return false;
    }
    return a.bank == b.bank && a.offer == b.offer && a.hk_net == b.hk_net && a.phase == b.phase &&
           a.actions_applied == b.actions_applied;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// CAT-9.1 / CAT-9.2: when and between whom trades happen.

TEST_CASE("CAT-9.1 trading happens only on the active player's turn after the roll is resolved", "[CAT-9.1]") {
    Position pos = trade_pos();
    pos.phase = Phase::PreRoll;
    pos.players[0].hand = rc(4, 1, 0, 0, 0);
    pos.players[0].dev_cards[static_cast<int>(DevCard::Knight)] = 1;
    pos.players[1].hand = rc(0, 0, 0, 0, 2);
    GameState s = start(pos);
    const Action bt = bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));
    const Action of = offer(0, rc(0, 1, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1}));

    SECTION("not before the roll") {
        REJECTS(s, bt, "CAT-6.4");
        REJECTS(s, of, "CAT-6.4");
        LegalActions la;
        legal_actions(s, 0, la);
        CHECK_FALSE(lists_type(la, ActionType::BankTrade));
        CHECK_FALSE(la.offer_trade);
        roll_non7(s, kRollSeedStep);
        REQUIRE(s.phase == Phase::Main);
        legal_actions(s, 0, la);
        CHECK(la.offer_trade);
        CHECK(lists(la, bt));
        const int ore = s.players[0].hand[4];
        ACCEPTS(s, bt);
        CHECK(s.players[0].hand[4] == ore + 1);
    }
    SECTION("not while a knight's robber move is being resolved") {
        ACCEPTS(s, act(ActionType::PlayKnight, 0));
        REQUIRE(s.phase == Phase::MoveRobber);
        REJECTS(s, bt, "CAT-9.1");
        REJECTS(s, of, "CAT-9.1");
    }
    SECTION("not after the roll while the robber must still move") {
        roll_non7(s, kRollSeedStep);
        ACCEPTS(s, act(ActionType::PlayKnight, 0));
        REQUIRE(s.phase == Phase::MoveRobber);
        REJECTS(s, bt, "CAT-9.1");
        REJECTS(s, of, "CAT-9.1");
        Action mr = act(ActionType::MoveRobber, 0);
        mr.location = 0;  // nobody has a building anywhere
        ACCEPTS(s, mr);
        REQUIRE(s.phase == Phase::Main);
        ACCEPTS(s, bt);  // resolved: trading is open again
    }
    SECTION("not on another player's turn") {
        roll_non7(s, kRollSeedStep);
        REJECTS(s, bank(1, rc(0, 0, 0, 0, 2), rc(1, 0, 0, 0, 0)), "CAT-9.2");
        REJECTS(s, offer(1, rc(0, 0, 0, 0, 1), rc(0, 1, 0, 0, 0), seats({0})), "CAT-9.2");
    }
}

TEST_CASE("CAT-9.1 classic mode: trading only in the trade phase, before building", "[CAT-9.1]") {
    Position pos = trade_pos(TradeBuildMode::Classic);
    pos.players[0].settlements = {8};
    pos.players[0].hand = rc(9, 0, 0, 1, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 2);
    GameState s = start(pos);
    REQUIRE(s.phase == Phase::Trade);
    ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    REQUIRE(s.phase == Phase::Trade);
    ACCEPTS(s, build(ActionType::BuildRoad, 0, edge_between(8, 12)));
    REQUIRE(s.phase == Phase::Build);
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-6.2");
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})), "CAT-6.2");
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists_type(la, ActionType::BankTrade));
    CHECK_FALSE(la.offer_trade);
}

TEST_CASE("CAT-9.2 players who are not active may not trade with each other", "[CAT-9.2]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 4, 0, 0, 1);
    pos.players[2].hand = rc(0, 0, 2, 0, 1);
    pos.players[3].hand = rc(0, 0, 0, 2, 1);
    GameState s = start(pos);

    // A non-active player can neither propose to another non-active player nor to the active one.
    REJECTS(s, offer(1, rc(0, 1, 0, 0, 0), rc(0, 0, 1, 0, 0), seats({2})), "CAT-9.2");
    REJECTS(s, offer(1, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 0), seats({0})), "CAT-9.2");
    REJECTS(s, bank(1, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0)), "CAT-9.2");
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK_FALSE(la.offer_trade);
    CHECK(la.count == 0);

    // The active player may not address itself, nobody, or a seat that is not in the game.
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({0, 1})), "CAT-9.2");
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), 0), "CAT-9.2");
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), 1u << 5), "CAT-9.2");

    // An offer to seat 1: seat 2 is not part of it and cannot answer it.
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    REJECTS(s, act(ActionType::AcceptOffer, 2), "CAT-9.2");
    REJECTS(s, act(ActionType::RejectOffer, 2), "CAT-9.2");
    REJECTS(s, counter(2, rc(1, 0, 0, 0, 0), rc(0, 0, 1, 0, 0)), "CAT-9.2");
    legal_actions(s, 2, la);
    CHECK(la.count == 0);
    CHECK_FALSE(la.counter_offer);
    legal_actions(s, 1, la);
    CHECK(lists(la, act(ActionType::AcceptOffer, 1)));
    // The active player cannot answer its own offer; others cannot confirm or withdraw it.
    REJECTS(s, act(ActionType::AcceptOffer, 0), "CAT-9.2");
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    REJECTS(s, confirm(1, 1), "CAT-9.2");
    REJECTS(s, confirm(2, 1), "CAT-9.2");
    REJECTS(s, act(ActionType::WithdrawOffer, 1), "CAT-9.2");

    // The trade that happens always has the active player on one side.
    EventList ev;
    REQUIRE(apply(s, confirm(0, 1), &ev));
    REQUIRE(ev.size() == 1);
    CHECK(ev[0].type == EventType::TradeExecuted);
    CHECK(ev[0].seat == 0);
    CHECK(ev[0].other == 1);
    CHECK(s.players[0].hand == rc(1, 0, 0, 0, 1));
    CHECK(s.players[1].hand == rc(1, 4, 0, 0, 0));
    CHECK(s.players[2].hand == rc(0, 0, 2, 0, 1));
}

// ---------------------------------------------------------------------------------------------
// CAT-9.3 .. CAT-9.8: the terms of a trade between players.

TEST_CASE("CAT-9.3 the two sides agree freely on types, amounts and ratio", "[CAT-9.3]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(3, 0, 1, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    pos.players[2].hand = rc(0, 1, 0, 2, 0);
    GameState s = start(pos);
    // 3 for 1.
    ACCEPTS(s, offer(0, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    ACCEPTS(s, confirm(0, 1));
    CHECK(s.players[0].hand == rc(0, 0, 1, 0, 1));
    CHECK(s.players[1].hand == rc(3, 0, 0, 0, 0));
    // 1 for 3, of two types.
    ACCEPTS(s, offer(0, rc(0, 0, 1, 0, 0), rc(0, 1, 0, 2, 0), seats({2})));
    ACCEPTS(s, act(ActionType::AcceptOffer, 2));
    ACCEPTS(s, confirm(0, 2));
    CHECK(s.players[0].hand == rc(0, 1, 0, 2, 1));
    CHECK(s.players[2].hand == rc(0, 0, 1, 0, 0));
    // Cards are conserved: nothing comes from or goes to the bank.
    CHECK(s.bank == rc(16, 18, 18, 17, 18));
}

TEST_CASE("CAT-9.4 no gifts: each side gives at least one card", "[CAT-9.4]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(4, 2, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 2);
    GameState s = start(pos);
    REJECTS(s, offer(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 0), seats({1})), "CAT-9.4");
    REJECTS(s, offer(0, rc(0, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})), "CAT-9.4");
    REJECTS(s, offer(0, rc(0, 0, 0, 0, 0), rc(0, 0, 0, 0, 0), seats({1})), "CAT-9.4");
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 0)), "CAT-9.4");
    REJECTS(s, bank(0, rc(0, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.4");
    // A counter-offer cannot turn the trade into a gift either way.
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    REJECTS(s, counter(1, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 0)), "CAT-9.4");
    REJECTS(s, counter(1, rc(0, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.4");
    CHECK(s.offer.response[1] == OfferResponse::None);
    // A real trade with one card each way is fine.
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    ACCEPTS(s, confirm(0, 1));
    CHECK(s.players[0].hand == rc(3, 2, 0, 0, 1));
}

TEST_CASE("CAT-9.5 no trade has the same resource type on both sides", "[CAT-9.5]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(0, 4, 0, 0, 0);
    pos.players[1].hand = rc(0, 1, 0, 0, 2);
    GameState s = start(pos);
    // Between players (the decision) ...
    REJECTS(s, offer(0, rc(0, 2, 0, 0, 0), rc(0, 1, 0, 0, 1), seats({1})), "CAT-9.5");
    REJECTS(s, offer(0, rc(0, 1, 0, 0, 0), rc(0, 1, 0, 0, 0), seats({1})), "CAT-9.5");
    // ... and with the bank: 4 wool for 1 wool.
    REJECTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 1, 0, 0, 0)), "CAT-9.5");
    ACCEPTS(s, offer(0, rc(0, 2, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    REJECTS(s, counter(1, rc(0, 2, 0, 0, 0), rc(0, 1, 0, 0, 1)), "CAT-9.5");
    // The same trades without the repeated type go through.
    ACCEPTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 1));
}

TEST_CASE("CAT-9.6 only resource cards are traded, never development cards", "[CAT-9.6]") {
    // The trade terms are resource counts: there is no way to name a development card in them.
    static_assert(std::is_same_v<decltype(Action::give), ResourceCounts>);
    static_assert(std::is_same_v<decltype(TradeOffer::get), ResourceCounts>);
    Position pos = trade_pos();
    pos.players[0].dev_cards[static_cast<int>(DevCard::Knight)] = 1;
    pos.players[0].dev_cards[static_cast<int>(DevCard::Monopoly)] = 1;
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    pos.players[1].dev_cards[static_cast<int>(DevCard::RoadBuilding)] = 1;
    GameState s = start(pos);
    // A player holding development cards but no resource cards has nothing to trade.
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(la.offer_trade);
    CHECK_FALSE(lists_type(la, ActionType::BankTrade));
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})), "CAT-9.8");
    // Once it has a resource card, trades move resource cards only.
    s.players[0].hand = rc(1, 0, 0, 0, 0);
    --s.bank[0];
    const auto dev0 = s.players[0].dev_cards, dev1 = s.players[1].dev_cards;
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    ACCEPTS(s, confirm(0, 1));
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 1));
    CHECK(s.players[0].dev_cards == dev0);
    CHECK(s.players[1].dev_cards == dev1);
    // An opponent with only development cards cannot counter-offer.
    s.players[2].dev_cards[static_cast<int>(DevCard::YearOfPlenty)] = 1;
    ACCEPTS(s, offer(0, rc(0, 0, 0, 0, 1), rc(1, 0, 0, 0, 0), seats({1, 2})));
    legal_actions(s, 2, la);
    CHECK_FALSE(la.counter_offer);
    CHECK_FALSE(lists(la, act(ActionType::AcceptOffer, 2)));
    REJECTS(s, act(ActionType::AcceptOffer, 2), "CAT-9.8");
}

TEST_CASE("CAT-9.7 there is no limit on the number of trades in a turn", "[CAT-9.7]") {
    const auto mode = GENERATE(TradeBuildMode::Combined, TradeBuildMode::Classic);
    Position pos = trade_pos(mode);
    pos.players[0].hand = rc(19, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 10);
    GameState s = start(pos);
    const Phase phase = s.phase;
    int lumber = 19, ore = 0;
    for (int k = 0; k < 2; ++k) {  // 2 bank trades
        ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
        lumber -= 4;
        ore += 1;
    }
    for (int k = 0; k < 7; ++k) {  // and 7 trades with the same player
        ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
        ACCEPTS(s, act(ActionType::AcceptOffer, 1));
        ACCEPTS(s, confirm(0, 1));
        lumber -= 1;
        ore += 1;
    }
    CHECK(s.players[0].hand == rc(lumber, 0, 0, 0, ore));
    CHECK(s.players[1].hand == rc(7, 0, 0, 0, 3));
    CHECK(s.phase == phase);
    // And one more bank trade still works.
    REQUIRE(lumber == 4);
    ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 1, 0, 0, 0)));
}

TEST_CASE("CAT-9.8 an offer of cards the offerer does not hold is rejected", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(1, 0, 0, 0, 0);
    pos.players[1].hand = rc(5, 5, 5, 5, 5);
    GameState s = start(pos);
    REJECTS(s, offer(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})), "CAT-9.8");
    REJECTS(s, offer(0, rc(0, 0, 0, 1, 0), rc(0, 0, 0, 0, 1), seats({1})), "CAT-9.8");
    REJECTS(s, offer(0, rc(1, 1, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1, 2, 3})), "CAT-9.8");
    CHECK_FALSE(s.offer.open);
    // The same holds for a bank trade.
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.8");
    // Offering what one holds is fine.
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    CHECK(s.offer.open);
}

TEST_CASE("CAT-9.8 the other side must hold the cards to accept or counter", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 1, 0, 0, 0);
    pos.players[2].hand = rc(0, 0, 0, 0, 1);
    GameState s = start(pos);
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1, 2})));
    REJECTS(s, act(ActionType::AcceptOffer, 1), "CAT-9.8");  // seat 1 has no ore
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK_FALSE(lists(la, act(ActionType::AcceptOffer, 1)));
    CHECK(lists(la, act(ActionType::RejectOffer, 1)));
    // A counter asking the active player to take 2 wool: seat 1 holds only 1.
    REJECTS(s, counter(1, rc(1, 0, 0, 0, 0), rc(0, 2, 0, 0, 0)), "CAT-9.8");
    // And the active player must still hold its side: a counter asking for 3 lumber is accepted as a proposal
    // but cannot be carried out.
    ACCEPTS(s, counter(1, rc(3, 0, 0, 0, 0), rc(0, 1, 0, 0, 0)));
    REJECTS(s, confirm(0, 1), "CAT-9.8");
    legal_actions(s, 0, la);
    CHECK_FALSE(lists(la, confirm(0, 1)));
    ACCEPTS(s, act(ActionType::AcceptOffer, 2));
    ACCEPTS(s, confirm(0, 2));
    CHECK(s.players[0].hand == rc(1, 0, 0, 0, 1));
    CHECK(s.players[2].hand == rc(1, 0, 0, 0, 0));
    CHECK(s.players[1].hand == rc(0, 1, 0, 0, 0));
}

TEST_CASE("CAT-9.8 offer to several opponents, carried out with exactly one acceptor", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    pos.players[2].hand = rc(0, 0, 0, 0, 1);
    pos.players[3].hand = rc(0, 0, 0, 0, 1);
    GameState s = start(pos);
    REJECTS(s, confirm(0, 1), "CAT-9.8");  // no open offer
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1, 2, 3})));
    CHECK(s.offer.open);
    CHECK(s.offer.targets == seats({1, 2, 3}));
    REJECTS(s, confirm(0, 1), "CAT-9.8");  // nobody has agreed yet
    CHECK(awaits(s, 1));
    CHECK(awaits(s, 2));
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    ACCEPTS(s, act(ActionType::AcceptOffer, 2));
    ACCEPTS(s, act(ActionType::RejectOffer, 3));
    CHECK(s.offer.response[1] == OfferResponse::Accepted);
    CHECK(s.offer.response[3] == OfferResponse::Rejected);
    REJECTS(s, confirm(0, 3), "CAT-9.8");   // seat 3 said no
    REJECTS(s, confirm(0, 0), "CAT-9.2");   // not an opponent (the parties come before the terms)
    REJECTS(s, confirm(0, -1), "CAT-9.2");  // must name one player
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(lists(la, confirm(0, 1)));
    CHECK(lists(la, confirm(0, 2)));
    CHECK_FALSE(lists(la, confirm(0, 3)));
    ACCEPTS(s, confirm(0, 2));
    // Exactly one trade happened, with seat 2; the offer is closed.
    CHECK(s.players[0].hand == rc(1, 0, 0, 0, 1));
    CHECK(s.players[2].hand == rc(1, 0, 0, 0, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 0, 1));
    CHECK(s.players[3].hand == rc(0, 0, 0, 0, 1));
    CHECK_FALSE(s.offer.open);
    REJECTS(s, confirm(0, 1), "CAT-9.8");
    REJECTS(s, act(ActionType::AcceptOffer, 3), "CAT-9.8");
}

TEST_CASE("CAT-9.8 a counter-offer can be confirmed on its own terms", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    pos.players[2].hand = rc(0, 0, 3, 0, 0);
    GameState s = start(pos);
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1, 2})));
    // Seat 2 has no ore; it proposes 2 grain for the 2 lumber instead (terms from the active side).
    ACCEPTS(s, counter(2, rc(2, 0, 0, 0, 0), rc(0, 0, 2, 0, 0)));
    CHECK(s.offer.response[2] == OfferResponse::Countered);
    CHECK(s.offer.counter_give[2] == rc(2, 0, 0, 0, 0));
    CHECK(s.offer.counter_get[2] == rc(0, 0, 2, 0, 0));
    ACCEPTS(s, confirm(0, 2));
    CHECK(s.players[0].hand == rc(0, 0, 2, 0, 0));
    CHECK(s.players[2].hand == rc(2, 0, 1, 0, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 0, 1));
    CHECK_FALSE(s.offer.open);
}

TEST_CASE("CAT-9.8 the active player may withdraw an offer; nothing is traded", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    GameState s = start(pos);
    REJECTS(s, act(ActionType::WithdrawOffer, 0), "CAT-9.8");  // nothing to withdraw
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    EventList ev;
    REQUIRE(apply(s, act(ActionType::WithdrawOffer, 0), &ev));
    REQUIRE(ev.size() == 1);
    CHECK(ev[0].type == EventType::TradeWithdrawn);
    CHECK_FALSE(s.offer.open);
    REJECTS(s, confirm(0, 1), "CAT-9.8");
    REJECTS(s, act(ActionType::AcceptOffer, 1), "CAT-9.8");
    CHECK(s.players[0].hand == rc(2, 0, 0, 0, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 0, 1));
    CHECK_FALSE(awaits(s, 1));
}

TEST_CASE("CAT-9.8 the active player must still hold the offered cards when the trade is carried out",
          "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].settlements = {8};
    pos.players[0].hand = rc(1, 0, 0, 1, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 1);
    GameState s = start(pos);
    ACCEPTS(s, offer(0, rc(0, 0, 0, 1, 0), rc(0, 0, 0, 0, 1), seats({1})));
    ACCEPTS(s, act(ActionType::AcceptOffer, 1));
    ACCEPTS(s, build(ActionType::BuildRoad, 0, edge_between(8, 12)));  // spends the brick
    REJECTS(s, confirm(0, 1), "CAT-9.8");
    CHECK(s.players[1].hand == rc(0, 0, 0, 0, 1));
}

// ---------------------------------------------------------------------------------------------
// CAT-9.9 .. CAT-9.14: the bank and harbors.

TEST_CASE("CAT-9.9 bank trade 4:1 is always available", "[CAT-9.9]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(9, 4, 0, 0, 0);
    GameState s = start(pos);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(la.bank_rate == std::array<uint8_t, kResourceTypes>{4, 4, 4, 4, 4});
    CHECK(lists(la, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1))));
    CHECK(lists(la, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0))));
    for (int r = 0; r < kResourceTypes; ++r) CHECK(harbor_rate(s, 0, static_cast<Resource>(r)) == 4);
    REJECTS(s, bank(0, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
    REJECTS(s, bank(0, rc(5, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
    REJECTS(s, bank(0, rc(2, 2, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");  // 4 cards, but not of one type
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 1, 0, 1)), "CAT-9.9");  // 4 for 2
    ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    CHECK(s.players[0].hand == rc(5, 4, 0, 0, 1));
    CHECK(s.bank == rc(14, 15, 19, 19, 18));
    ACCEPTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 1, 0)));
    CHECK(s.players[0].hand == rc(5, 0, 0, 1, 1));
}

TEST_CASE("CAT-9.10 a 3:1 harbor allows 3 of one type for 1 other card", "[CAT-9.10]") {
    const auto ends = harbor_ends(HarborType::Generic);
    Position pos = trade_pos();
    pos.players[0].settlements = {ends[0]};
    pos.players[0].hand = rc(0, 6, 0, 0, 0);
    pos.players[1].settlements = {40};  // seat 1 has no harbor (an inland intersection)
    pos.players[1].hand = rc(0, 3, 0, 0, 0);
    GameState s = start(pos);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(la.bank_rate == std::array<uint8_t, kResourceTypes>{3, 3, 3, 3, 3});
    CHECK(lists(la, bank(0, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1))));
    REJECTS(s, bank(0, rc(0, 2, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.10");
    ACCEPTS(s, bank(0, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    CHECK(s.players[0].hand == rc(0, 3, 0, 0, 1));
    CHECK(s.bank[1] == 19 - 6 - 3 + 3);
    // A player without the harbor cannot trade 3:1.
    advance_to(s, 1, kRollSeedStep);
    CHECK(harbor_rate(s, 1, Resource::Wool) == 4);
    REJECTS(s, bank(1, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
}

TEST_CASE("CAT-9.11 a 2:1 harbor gives its rate for its own resource only", "[CAT-9.11]") {
    const auto ends = harbor_ends(HarborType::Lumber);
    Position pos = trade_pos();
    pos.players[0].settlements = {ends[0]};
    pos.players[0].hand = rc(5, 4, 0, 0, 0);
    GameState s = start(pos);
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 2);
    CHECK(harbor_rate(s, 0, Resource::Wool) == 4);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(la.bank_rate == std::array<uint8_t, kResourceTypes>{2, 4, 4, 4, 4});
    REJECTS(s, bank(0, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.11");
    REJECTS(s, bank(0, rc(0, 2, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
    REJECTS(s, bank(0, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");  // no 3:1 from a 2:1 harbor
    ACCEPTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    ACCEPTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0)));
    CHECK(s.players[0].hand == rc(3, 0, 1, 0, 1));
}

TEST_CASE("CAT-9.11 with a 3:1 and a 2:1 harbor each resource gets its best rate", "[CAT-9.11][CAT-9.10]") {
    const auto lumber = harbor_ends(HarborType::Lumber);
    const auto generic = harbor_ends(HarborType::Generic);
    Position pos = trade_pos();
    pos.players[0].settlements = {lumber[0], generic[0]};
    pos.players[0].hand = rc(2, 3, 0, 0, 0);
    GameState s = start(pos);
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK(la.bank_rate == std::array<uint8_t, kResourceTypes>{2, 3, 3, 3, 3});
    ACCEPTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 1, 0)));
    ACCEPTS(s, bank(0, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 1, 0)));
    CHECK(s.players[0].hand == rc(0, 0, 0, 2, 0));
}

TEST_CASE("CAT-9.12 cards given go to the bank; the bank gives only cards it holds", "[CAT-9.12]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(0, 12, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 10);
    pos.players[2].hand = rc(0, 0, 0, 0, 9);
    pos.players[3].hand = rc(0, 0, 18, 0, 0);
    GameState s = start(pos);
    REQUIRE(s.bank == rc(19, 7, 1, 19, 0));
    REJECTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.12");  // no ore left in the bank
    REJECTS(s, bank(0, rc(0, 8, 0, 0, 0), rc(0, 0, 2, 0, 0)), "CAT-9.12");  // only 1 grain left
    LegalActions la;
    legal_actions(s, 0, la);
    CHECK_FALSE(lists(la, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1))));
    CHECK(lists(la, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0))));
    ACCEPTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0)));
    CHECK(s.bank == rc(19, 11, 0, 19, 0));  // the 4 wool went back to the bank
    CHECK(s.players[0].hand == rc(0, 8, 1, 0, 0));
    REJECTS(s, bank(0, rc(0, 4, 0, 0, 0), rc(0, 0, 1, 0, 0)), "CAT-9.12");
    ACCEPTS(s, bank(0, rc(0, 8, 0, 0, 0), rc(1, 0, 0, 1, 0)));
    CHECK(s.bank == rc(18, 19, 0, 18, 0));
}

TEST_CASE("CAT-9.13 classic mode: a harbor built this turn is usable from the next turn", "[CAT-9.13]") {
    const auto [pos, v] = lumber_harbor_approach(TradeBuildMode::Classic);
    GameState s = start(pos);
    REQUIRE(s.phase == Phase::Trade);
    REQUIRE(s.players[0].harbors == 0);
    ACCEPTS(s, build(ActionType::BuildSettlement, 0, v));
    CHECK(s.phase == Phase::Build);
    CHECK(s.players[0].harbors == 1u << static_cast<int>(HarborType::Lumber));  // held ...
    CHECK(s.players[0].harbors_usable == 0);                                      // ... but not usable yet
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 4);
    REJECTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-6.2");
    // The next turn of seat 0: the harbor works in its trade phase.
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    advance_to(s, 0, kRollSeedStep);
    REQUIRE(s.phase == Phase::Trade);
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 2);
    const ResourceCounts hand = s.players[0].hand;
    REQUIRE(hand[0] >= 2);
    ACCEPTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    CHECK(s.players[0].hand[0] == hand[0] - 2);
    CHECK(s.players[0].hand[4] == hand[4] + 1);
}

TEST_CASE("CAT-9.13 combined mode: a harbor built this turn is usable at once", "[CAT-9.13]") {
    const auto [pos, v] = lumber_harbor_approach(TradeBuildMode::Combined);
    GameState s = start(pos);
    REQUIRE(s.phase == Phase::Main);
    REJECTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");  // no harbor yet
    ACCEPTS(s, build(ActionType::BuildSettlement, 0, v));
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 2);
    ACCEPTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 1));
}

TEST_CASE("CAT-9.14 a bank trade for several cards is that many single trades", "[CAT-9.14]") {
    SECTION("4:1 bundles") {
        Position pos = trade_pos();
        pos.players[0].hand = rc(0, 8, 4, 0, 0);
        GameState s = start(pos);
        LegalActions la;
        legal_actions(s, 0, la);
        CHECK(la.bank_trade_bundles);
        REJECTS(s, bank(0, rc(0, 8, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");  // 8 for 1
        REJECTS(s, bank(0, rc(0, 7, 0, 0, 0), rc(0, 0, 0, 1, 1)), "CAT-9.9");  // 7 for 2
        REJECTS(s, bank(0, rc(0, 8, 0, 0, 0), rc(1, 0, 0, 1, 1)), "CAT-9.9");  // 8 for 3
        ACCEPTS(s, bank(0, rc(0, 8, 0, 0, 0), rc(0, 0, 0, 1, 1)));            // 8 wool for brick + ore
        CHECK(s.players[0].hand == rc(0, 0, 4, 1, 1));
        CHECK(s.bank == rc(19, 19, 15, 18, 18));
        // 4 grain buy one card, not two.
        REJECTS(s, bank(0, rc(0, 0, 4, 0, 0), rc(2, 0, 0, 0, 0)), "CAT-9.9");
    }
    SECTION("bundles mixing rates") {
        const auto ends = harbor_ends(HarborType::Lumber);
        Position pos = trade_pos();
        pos.players[0].settlements = {ends[0]};
        pos.players[0].hand = rc(4, 4, 0, 0, 0);
        GameState s = start(pos);
        REJECTS(s, bank(0, rc(2, 4, 0, 0, 0), rc(0, 0, 1, 1, 1)), "CAT-9.11");  // 2 singles, 3 cards asked
        ACCEPTS(s, bank(0, rc(2, 4, 0, 0, 0), rc(0, 0, 1, 0, 1)));              // 2:1 + 4:1
        CHECK(s.players[0].hand == rc(2, 0, 1, 0, 1));
        ACCEPTS(s, bank(0, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
        CHECK(s.players[0].hand == rc(0, 0, 1, 0, 2));
    }
    SECTION("two of the same card") {
        const auto ends = harbor_ends(HarborType::Lumber);
        Position pos = trade_pos();
        pos.players[0].settlements = {ends[0]};
        pos.players[0].hand = rc(4, 0, 0, 0, 0);
        GameState s = start(pos);
        ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 2)));
        CHECK(s.players[0].hand == rc(0, 0, 0, 0, 2));
    }
}

// ---------------------------------------------------------------------------------------------
// CAT-9.9: 4:1 stays available next to harbor rates, and one bundle may mix rates (CAT-9.14).

TEST_CASE("CAT-9.9 4:1 with the bank stays available to a 3:1 harbor owner", "[CAT-9.9][CAT-9.10][CAT-9.14]") {
    Position pos = trade_pos();
    pos.players[0].settlements = {harbor_ends(HarborType::Generic)[0]};
    pos.players[0].hand = rc(4, 7, 5, 0, 0);
    GameState s = start(pos);
    ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));  // 4:1 although 3:1 is better
    CHECK(s.players[0].hand == rc(0, 7, 5, 0, 1));
    ACCEPTS(s, bank(0, rc(0, 7, 0, 0, 0), rc(0, 0, 0, 1, 1)));  // 3 + 4 wool: two single trades
    CHECK(s.players[0].hand == rc(0, 0, 5, 1, 2));
    REJECTS(s, bank(0, rc(0, 0, 5, 0, 0), rc(1, 0, 0, 0, 0)), "CAT-9.10");  // 5 is neither 3 nor 4
}

TEST_CASE("CAT-9.9 4:1 with the bank stays available to a 2:1 harbor owner, also for the harbor's type",
          "[CAT-9.9][CAT-9.11][CAT-9.14]") {
    Position pos = trade_pos();
    pos.players[0].settlements = {harbor_ends(HarborType::Lumber)[0]};
    pos.players[0].hand = rc(13, 4, 0, 0, 0);
    GameState s = start(pos);
    ACCEPTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));  // 4 lumber for 1, not only 2 for 1
    CHECK(s.players[0].hand == rc(9, 4, 0, 0, 1));
    ACCEPTS(s, bank(0, rc(6, 4, 0, 0, 0), rc(0, 0, 2, 1, 0)));  // 2 + 4 lumber and 4 wool: three singles
    CHECK(s.players[0].hand == rc(3, 0, 2, 1, 1));
    REJECTS(s, bank(0, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.11");  // no 3:1 from a 2:1 harbor
}

TEST_CASE("CAT-9.14 with a 3:1 and a 2:1 harbor a bundle may use 2, 3 and 4 in one type", "[CAT-9.14][CAT-9.10][CAT-9.11]") {
    Position pos = trade_pos();
    pos.players[0].settlements = {harbor_ends(HarborType::Lumber)[0], harbor_ends(HarborType::Generic)[0]};
    pos.players[0].hand = rc(9, 0, 0, 0, 0);
    GameState s = start(pos);
    REJECTS(s, bank(0, rc(9, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.11");  // 9 lumber for 1
    ACCEPTS(s, bank(0, rc(9, 0, 0, 0, 0), rc(0, 1, 0, 0, 2)));               // 2 + 3 + 4
    CHECK(s.players[0].hand == rc(0, 1, 0, 0, 2));
}

// ---------------------------------------------------------------------------------------------
// CAT-9.8: answers name the offer they answer; one answer per seat and offer.

namespace {
Action answer(ActionType t, int seat, uint16_t offer_id) {
    Action a = act(t, seat);
    a.offer = offer_id;
    return a;
}
}  // namespace

TEST_CASE("CAT-9.8 an answer to an offer that is no longer open is refused as offer_closed", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 2, 0, 0, 2);
    GameState s = start(pos);
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0), seats({1})));
    const uint16_t first = s.offer.id;
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK(lists(la, answer(ActionType::RejectOffer, 1, first)));  // legal names the open offer
    ACCEPTS(s, act(ActionType::WithdrawOffer, 0));
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    const uint16_t second = s.offer.id;
    REQUIRE(second != first);
    // Answers decided for the first offer land on nothing, not on the second offer.
    for (ActionType t : {ActionType::RejectOffer, ActionType::AcceptOffer}) {
        const Result r = apply(s, answer(t, 1, first));
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.code) == "offer_closed");
        CHECK(std::string(r.rule) == "CAT-9.8");
        CHECK(s.offer.response[1] == OfferResponse::None);
    }
    Action stale_counter = counter(1, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));
    stale_counter.offer = first;
    REJECTS(s, stale_counter, "CAT-9.8");
    ACCEPTS(s, answer(ActionType::AcceptOffer, 1, second));
    Action stale_confirm = confirm(0, 1);
    stale_confirm.offer = first;
    const Result r = apply(s, stale_confirm);
    CHECK(std::string(r.code) == "offer_closed");
    CHECK(s.players[1].hand == rc(0, 2, 0, 0, 2));
    stale_confirm.offer = second;
    ACCEPTS(s, stale_confirm);
    CHECK(s.players[1].hand == rc(1, 2, 0, 0, 1));
    // Once carried out, the offer is closed too.
    CHECK(std::string(apply(s, answer(ActionType::RejectOffer, 1, second)).code) == "offer_closed");
    // An offer lapses with the turn: the answer sent meanwhile is offer_closed, even though its
    // sender is now the active player (a race, not CAT-9.2).
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0), seats({1})));
    const uint16_t third = s.offer.id;
    ACCEPTS(s, act(ActionType::EndTurn, 0));
    REQUIRE(s.active == 1);
    CHECK(std::string(apply(s, answer(ActionType::RejectOffer, 1, third)).code) == "offer_closed");
    CHECK(std::string(apply(s, answer(ActionType::AcceptOffer, 1, 0)).code) == "offer_closed");
}

TEST_CASE("CAT-9.8 a seat that has answered an offer has nothing left to do on it", "[CAT-9.8]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(2, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 2, 0, 0, 0);
    pos.players[2].hand = rc(0, 2, 0, 0, 0);
    GameState s = start(pos);
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0), seats({1, 2})));
    ACCEPTS(s, act(ActionType::RejectOffer, 1));
    ACCEPTS(s, counter(2, rc(2, 0, 0, 0, 0), rc(0, 1, 0, 0, 0)));
    for (int seat : {1, 2}) {
        LegalActions la;
        legal_actions(s, seat, la);
        CHECK(la.count == 0);
        CHECK_FALSE(la.counter_offer);
        CHECK_FALSE(awaits(s, seat));
    }
    REJECTS(s, act(ActionType::AcceptOffer, 1), "CAT-9.8");  // no second answer
    REJECTS(s, act(ActionType::RejectOffer, 2), "CAT-9.8");
    CHECK(s.offer.response[2] == OfferResponse::Countered);
    // A new offer asks again.
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 2, 0, 0, 0), seats({1})));
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK(lists_type(la, ActionType::RejectOffer));
}

// ---------------------------------------------------------------------------------------------
// Which rule an error names when an action breaks several (docs/protocol.md).

TEST_CASE("CAT-9.2 an action breaking several rules names the most specific one", "[CAT-9.2][CAT-9.8][CAT-9.5]") {
    Position pos = trade_pos();
    pos.players[0].hand = rc(0, 0, 0, 0, 0);
    pos.players[1].hand = rc(0, 0, 0, 0, 0);
    GameState s = start(pos);
    // An offer to yourself is CAT-9.2 even without the cards (CAT-9.8) and with like for like (CAT-9.5).
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({0})), "CAT-9.2");
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(1, 0, 0, 0, 0), seats({0, 1})), "CAT-9.2");
    // The terms come before the cards.
    REJECTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(1, 0, 0, 0, 0), seats({1})), "CAT-9.5");
    REJECTS(s, offer(0, rc(0, 0, 0, 0, 0), rc(1, 0, 0, 0, 0), seats({1})), "CAT-9.4");
    // A bank trade at a rate the player does not have names the rate, not the missing cards.
    REJECTS(s, bank(0, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
    REJECTS(s, bank(0, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.8");
    // Confirming with yourself is about the parties (CAT-9.2), not about agreement (CAT-9.8).
    s.players[0].hand = rc(1, 0, 0, 0, 0);
    --s.bank[0];
    ACCEPTS(s, offer(0, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), seats({1})));
    REJECTS(s, confirm(0, 0), "CAT-9.2");
    // A counter with like for like and without the cards names CAT-9.5.
    REJECTS(s, counter(1, rc(0, 0, 0, 0, 1), rc(0, 0, 0, 0, 1)), "CAT-9.5");
    // Not addressed and a stale id: the offer answered is checked first.
    Action stale = act(ActionType::RejectOffer, 2);
    stale.offer = static_cast<uint16_t>(s.offer.id + 1);
    CHECK(std::string(apply(s, stale).code) == "offer_closed");
}
