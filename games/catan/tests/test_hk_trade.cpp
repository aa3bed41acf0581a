// Trading in an HK 2024 game (HK-7): bank trades, the net gift rule and bank priority.
#include <catch2/catch.hpp>

#include <string>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

// Seats in the HK examples.
constexpr int A = 0, B = 1, C = 2;

Action offer(int seat, const ResourceCounts& give, const ResourceCounts& get, int target) {
    Action a = act(ActionType::OfferTrade, seat);
    a.give = give;
    a.get = get;
    a.targets = static_cast<uint8_t>(1u << target);
    return a;
}

// An intersection of the starter board's harbor of type t (the lumber harbor is slot 8).
int harbor_spot(HarborType t) {
    const Geometry& g = geometry();
    const Board b = starter_board();
    for (int h = 0; h < kHarbors; ++h)
        if (b.harbor[h] == t) return g.edge_ends[g.harbor_edge[h]][0];
    FAIL("no such harbor");
    return -1;
}

Position hk_pos(Ruleset ruleset = Ruleset::HK2024) {
    Position pos;
    pos.options.ruleset = ruleset;
    pos.options.map = MapKind::Explicit;
    pos.options.board = starter_board();
    pos.active = A;
    pos.phase = Phase::Main;
    return pos;
}

bool same_state(const GameState& a, const GameState& b) {
    for (int seat = kSpectator; seat < a.options.players; ++seat)
        if (!(make_view(a, seat) == make_view(b, seat))) return false;
    for (int i = 0; i < kMaxPlayers; ++i)
        if (a.players[i].hand != b.players[i].hand) return false;
    return a.bank == b.bank && a.offer == b.offer && a.hk_net == b.hk_net && a.phase == b.phase &&
           a.actions_applied == b.actions_applied;
}

}  // namespace

// A player trade from offer to confirmation. The offer and the answer are always allowed here;
// the HK rules are judged at the confirmation (HK-7.7).
#define TRADE_OK(state, from, to, give, get)                       \
    do {                                                           \
        ACCEPTS((state), offer((from), (give), (get), (to)));      \
        ACCEPTS((state), act(ActionType::AcceptOffer, (to)));      \
        ACCEPTS((state), confirm((from), (to)));                   \
    } while (0)

#define TRADE_REJECTED(state, from, to, give, get, rule_id)        \
    do {                                                           \
        ACCEPTS((state), offer((from), (give), (get), (to)));      \
        ACCEPTS((state), act(ActionType::AcceptOffer, (to)));      \
        REJECTS((state), confirm((from), (to)), (rule_id));        \
    } while (0)

// ---------------------------------------------------------------------------------------------

TEST_CASE("HK-7.1 bank trades only in the player's own main phase, at 4:1, 3:1 and 2:1", "[HK-7.1]") {
    SECTION("own main phase only") {
        Position pos = hk_pos();
        pos.phase = Phase::PreRoll;
        pos.players[A].hand = rc(4, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 4, 0, 0, 0);
        GameState s = start(pos);
        REQUIRE(s.options.mode == TradeBuildMode::Combined);
        REJECTS(s, bank(A, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-6.4");
        REJECTS(s, bank(B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.2");
        for (uint64_t k = 1;; ++k) {  // a roll other than 7
            GameState c = s;
            c.rng = make_rng(k);
            REQUIRE(apply(c, act(ActionType::RollDice, A)));
            if (c.dice[0] + c.dice[1] == 7) continue;
            s = c;
            break;
        }
        REQUIRE(s.phase == Phase::Main);
        REJECTS(s, bank(B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.2");
        ACCEPTS(s, bank(A, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    }
    SECTION("4:1 without a harbor") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(4, 0, 0, 0, 0);
        GameState s = start(pos);
        REJECTS(s, bank(A, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
        ACCEPTS(s, bank(A, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
        CHECK(s.players[A].hand == rc(0, 0, 0, 0, 1));
    }
    SECTION("3:1 with a building on a 3:1 harbor") {
        Position pos = hk_pos();
        pos.players[A].cities = {harbor_spot(HarborType::Generic)};
        pos.players[A].hand = rc(0, 3, 0, 0, 0);
        GameState s = start(pos);
        REJECTS(s, bank(A, rc(0, 2, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.10");
        ACCEPTS(s, bank(A, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1)));
        CHECK(s.players[A].hand == rc(0, 0, 0, 0, 1));
    }
    SECTION("2:1 for X only, with a building on the 2:1 X harbor") {
        Position pos = hk_pos();
        pos.players[A].settlements = {harbor_spot(HarborType::Lumber)};
        pos.players[A].hand = rc(2, 3, 0, 0, 0);
        GameState s = start(pos);
        REJECTS(s, bank(A, rc(0, 2, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
        REJECTS(s, bank(A, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1)), "CAT-9.9");
        ACCEPTS(s, bank(A, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
        CHECK(s.players[A].hand == rc(0, 3, 0, 0, 1));
    }
}

TEST_CASE("HK-7.2 any number and size of player trades in the active player's main phase", "[HK-7.2]") {
    Position pos = hk_pos();
    pos.players[A].hand = rc(3, 0, 5, 0, 0);
    pos.players[B].hand = rc(0, 2, 0, 0, 2);
    pos.players[C].hand = rc(0, 1, 0, 2, 0);
    GameState s = start(pos);
    TRADE_OK(s, A, B, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));  // 3 for 1
    TRADE_OK(s, A, C, rc(0, 0, 1, 0, 0), rc(0, 1, 0, 2, 0));  // 1 for 3
    TRADE_OK(s, A, B, rc(0, 0, 0, 2, 0), rc(0, 2, 0, 0, 1));  // again with B: 2 for 3
    CHECK(s.players[A].hand == rc(0, 3, 4, 0, 2));
    CHECK(s.players[B].hand == rc(3, 0, 0, 2, 0));
    CHECK(s.players[C].hand == rc(0, 0, 1, 0, 0));
    // Still only with the active player (CAT-9.2).
    REJECTS(s, offer(B, rc(3, 0, 0, 0, 0), rc(0, 0, 1, 0, 0), C), "CAT-9.2");
    // An unreasonable trade (here: one the bank would make, 4 grain for 1 brick) is refused.
    TRADE_REJECTED(s, A, B, rc(0, 0, 4, 0, 0), rc(0, 0, 0, 1, 0), "HK-7.5");
}

TEST_CASE("HK-7.3 no gifts, judged on the net of the turn's trades between the same two players", "[HK-7.3]") {
    SECTION("trades that net to something on both sides, or to nothing, are allowed") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(1, 0, 0, 0, 1);
        pos.players[B].hand = rc(0, 1, 0, 0, 0);
        pos.players[C].hand = rc(0, 0, 1, 0, 0);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0));  // net A->B: +1 lumber, -1 wool
        CHECK(s.hk_net[B] == std::array<int8_t, kResourceTypes>{1, -1, 0, 0, 0});
        TRADE_OK(s, A, B, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 0));  // and back: net zero
        CHECK(s.hk_net[B] == std::array<int8_t, kResourceTypes>{0, 0, 0, 0, 0});
        TRADE_OK(s, A, C, rc(0, 0, 0, 0, 1), rc(0, 0, 1, 0, 0));  // other pairs are counted apart
        CHECK(s.hk_net[C] == std::array<int8_t, kResourceTypes>{0, 0, -1, 0, 1});
        CHECK(s.hk_net[B] == std::array<int8_t, kResourceTypes>{0, 0, 0, 0, 0});
    }
    SECTION("a trade that leaves the opponent giving without getting is refused") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(1, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 2, 0, 0, 0);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(1, 0, 0, 0, 0), rc(0, 2, 0, 0, 0));  // net: +1 lumber, -2 wool
        // Then A's 1 wool for B's 1 lumber: net -1 wool: B would have given A a wool for nothing.
        TRADE_REJECTED(s, A, B, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 0), "HK-7.3");
        // With C (no earlier trades) the same trade is fine.
        s.players[C].hand = rc(1, 0, 0, 0, 0);
        --s.bank[0];
        TRADE_OK(s, A, C, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 0));
    }
    SECTION("bank trades are left out of the net") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(1, 4, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 1);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(1, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));
        const auto net = s.hk_net;
        ACCEPTS(s, bank(A, rc(0, 4, 0, 0, 0), rc(1, 0, 0, 0, 0)));
        CHECK(s.hk_net == net);
    }
    SECTION("the net starts afresh each turn") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(1, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 2, 0, 0, 0);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(1, 0, 0, 0, 0), rc(0, 2, 0, 0, 0));
        ACCEPTS(s, act(ActionType::EndTurn, A));
        CHECK(s.hk_net == std::array<std::array<int8_t, kResourceTypes>, kMaxPlayers>{});
        for (uint64_t k = 1;; ++k) {  // B rolls, not a 7
            GameState c = s;
            c.rng = make_rng(k);
            REQUIRE(apply(c, act(ActionType::RollDice, B)));
            if (c.dice[0] + c.dice[1] == 7) continue;
            s = c;
            break;
        }
        // B gives back 1 lumber for 1 wool: on its own this turn, not a gift.
        TRADE_OK(s, B, A, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0));
    }
    SECTION("the base game judges each trade alone") {
        Position pos = hk_pos(Ruleset::Base);
        pos.options.map = MapKind::Starter;
        pos.options.board.reset();
        pos.players[A].hand = rc(1, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 2, 0, 0, 0);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(1, 0, 0, 0, 0), rc(0, 2, 0, 0, 0));
        TRADE_OK(s, A, B, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 0));
    }
}

TEST_CASE("HK-7.4 ex. 1: 1 lumber + 1 ore for B's 1 lumber is refused", "[HK-7.4]") {
    Position pos = hk_pos();
    pos.players[A].hand = rc(1, 0, 0, 0, 1);
    pos.players[B].hand = rc(1, 0, 0, 0, 0);
    GameState s = start(pos);
    const ResourceCounts give = rc(1, 0, 0, 0, 1), get = rc(1, 0, 0, 0, 0);
    // Refused as soon as it is proposed (it is also like-for-like, CAT-9.5) ...
    REJECTS(s, offer(A, give, get, B), "CAT-9.5");
    // ... and equally as a counter-offer from B.
    ACCEPTS(s, offer(A, rc(0, 0, 0, 0, 1), rc(1, 0, 0, 0, 0), B));
    REJECTS(s, counter(B, give, get), "CAT-9.5");
    ACCEPTS(s, act(ActionType::WithdrawOffer, A));
    CHECK(s.players[A].hand == rc(1, 0, 0, 0, 1));
    CHECK(s.players[B].hand == rc(1, 0, 0, 0, 0));
}

TEST_CASE("HK-7.4 ex. 2: the second trade would net a lumber given away, so it is refused", "[HK-7.4][HK-7.7]") {
    Position pos = hk_pos();
    pos.players[A].hand = rc(2, 0, 0, 0, 1);
    pos.players[B].hand = rc(0, 1, 0, 0, 0);
    GameState s = start(pos);
    // A gives 2 lumber + 1 ore for B's 1 wool: allowed.
    TRADE_OK(s, A, B, rc(2, 0, 0, 0, 1), rc(0, 1, 0, 0, 0));
    CHECK(s.players[A].hand == rc(0, 1, 0, 0, 0));
    CHECK(s.players[B].hand == rc(2, 0, 0, 0, 1));
    // A offers 1 wool for B's 1 lumber + 1 ore: over both trades A gave B 1 lumber for nothing.
    TRADE_REJECTED(s, A, B, rc(0, 1, 0, 0, 0), rc(1, 0, 0, 0, 1), "HK-7.3");
    CHECK(s.players[A].hand == rc(0, 1, 0, 0, 0));
    CHECK(s.players[B].hand == rc(2, 0, 0, 0, 1));
    CHECK(s.offer.open);  // the rejected confirmation changed nothing (HK-7.7)
    LegalActions la;
    legal_actions(s, A, la);
    CHECK_FALSE(lists(la, confirm(A, B)));
}

TEST_CASE("HK-7.4 ex. 3: trades with C around a harbor trade, both sides gaining, are allowed", "[HK-7.4]") {
    Position pos = hk_pos();
    pos.players[A].settlements = {harbor_spot(HarborType::Ore)};  // A's own 2:1 ore harbor
    pos.players[A].hand = rc(0, 1, 0, 0, 0);
    pos.players[C].hand = rc(0, 1, 0, 0, 2);
    GameState s = start(pos);
    REQUIRE(harbor_rate(s, A, Resource::Ore) == 2);
    TRADE_OK(s, A, C, rc(0, 1, 0, 0, 0), rc(0, 0, 0, 0, 2));   // A: 1 wool for C's 2 ore
    ACCEPTS(s, bank(A, rc(0, 0, 0, 0, 2), rc(1, 0, 0, 0, 0)));  // 2 ore -> 1 lumber at the harbor
    TRADE_OK(s, A, C, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0));   // A: 1 lumber for C's 1 wool
    // Net between A and C: A gave 1 lumber and got 2 ore; A lost nothing overall.
    CHECK(s.hk_net[C] == std::array<int8_t, kResourceTypes>{1, 0, 0, 0, -2});
    CHECK(s.players[A].hand == rc(0, 1, 0, 0, 0));
    CHECK(s.players[C].hand == rc(1, 1, 0, 0, 0));
}

TEST_CASE("HK-7.5 bank priority: no player trade the active player could make with the bank", "[HK-7.5]") {
    SECTION("4:1 without a harbor, single and bundled") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(0, 8, 4, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 2, 3);
        GameState s = start(pos);
        TRADE_REJECTED(s, A, B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1), "HK-7.5");
        TRADE_REJECTED(s, A, B, rc(0, 8, 0, 0, 0), rc(0, 0, 0, 1, 1), "HK-7.5");
        TRADE_REJECTED(s, A, B, rc(0, 4, 4, 0, 0), rc(0, 0, 0, 0, 2), "HK-7.5");
        // Not the same cards as a bank trade: allowed.
        TRADE_OK(s, A, B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 2));
        TRADE_OK(s, A, B, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1));
    }
    SECTION("3:1 with a generic harbor") {
        Position pos = hk_pos();
        pos.players[A].settlements = {harbor_spot(HarborType::Generic)};
        pos.players[A].hand = rc(0, 3, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 1, 0, 2);
        GameState s = start(pos);
        TRADE_REJECTED(s, A, B, rc(0, 3, 0, 0, 0), rc(0, 0, 0, 0, 1), "HK-7.5");
        TRADE_OK(s, A, B, rc(0, 3, 0, 0, 0), rc(0, 0, 1, 0, 1));
    }
    SECTION("a merely worse trade is not blocked") {
        Position pos = hk_pos();
        pos.players[A].settlements = {harbor_spot(HarborType::Lumber)};
        pos.players[A].hand = rc(3, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 1);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));  // 3 lumber for 1 ore with the 2:1 lumber harbor
    }
    SECTION("the bank cannot give a card it does not hold") {
        Position pos = hk_pos();
        pos.players[A].hand = rc(0, 4, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 10);
        pos.players[C].hand = rc(0, 0, 0, 0, 9);
        GameState s = start(pos);
        REQUIRE(s.bank[4] == 0);
        TRADE_OK(s, A, B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1));
    }
    SECTION("the base game has no bank priority") {
        Position pos = hk_pos(Ruleset::Base);
        pos.options.map = MapKind::Starter;
        pos.options.board.reset();
        pos.players[A].hand = rc(0, 4, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 1);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1));
    }
}

TEST_CASE("HK-7.6 worked examples of bank priority", "[HK-7.6][HK-7.5]") {
    const int lumber_harbor = harbor_spot(HarborType::Lumber);
    REQUIRE(lumber_harbor == geometry().edge_ends[geometry().harbor_edge[8]][0]);  // slot 8
    SECTION("ex. 1: A's turn, A has the lumber harbor, 2 lumber for B's 1 ore -> refused") {
        Position pos = hk_pos();
        pos.players[A].settlements = {lumber_harbor};
        pos.players[A].hand = rc(2, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 2);
        GameState s = start(pos);
        TRADE_REJECTED(s, A, B, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), "HK-7.5");
        CHECK(s.players[A].hand == rc(2, 0, 0, 0, 0));
        // A can do it with the bank.
        ACCEPTS(s, bank(A, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 1)));
    }
    SECTION("ex. 2: A's turn, A has the lumber harbor, 2 lumber for B's 2 ore -> allowed") {
        Position pos = hk_pos();
        pos.players[A].settlements = {lumber_harbor};
        pos.players[A].hand = rc(2, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 2);
        GameState s = start(pos);
        TRADE_OK(s, A, B, rc(2, 0, 0, 0, 0), rc(0, 0, 0, 0, 2));
        CHECK(s.players[A].hand == rc(0, 0, 0, 0, 2));
        CHECK(s.players[B].hand == rc(2, 0, 0, 0, 0));
    }
    SECTION("ex. 3: B's turn, A has the lumber harbor, B offers 1 ore for A's 2 lumber -> allowed") {
        Position pos = hk_pos();
        pos.active = B;
        pos.players[A].settlements = {lumber_harbor};
        pos.players[A].hand = rc(2, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 1);
        GameState s = start(pos);
        TRADE_OK(s, B, A, rc(0, 0, 0, 0, 1), rc(2, 0, 0, 0, 0));
        CHECK(s.players[A].hand == rc(0, 0, 0, 0, 1));
        CHECK(s.players[B].hand == rc(2, 0, 0, 0, 0));
    }
}

TEST_CASE("HK-7.7 HK-7.3 and HK-7.5 are checked when a trade would be carried out", "[HK-7.7]") {
    Position pos = hk_pos();
    pos.players[A].hand = rc(1, 4, 0, 0, 0);
    pos.players[B].hand = rc(0, 0, 0, 0, 2);
    pos.players[C].hand = rc(0, 0, 0, 0, 2);
    GameState s = start(pos);
    // The offer and the acceptances go through ...
    Action o = offer(A, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1), B);
    o.targets = static_cast<uint8_t>((1u << B) | (1u << C));
    ACCEPTS(s, o);
    ACCEPTS(s, act(ActionType::AcceptOffer, B));
    // ... a counter-offer from C on other terms too.
    ACCEPTS(s, counter(C, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 2)));
    LegalActions la;
    legal_actions(s, A, la);
    CHECK_FALSE(lists(la, confirm(A, B)));  // the engine does not offer a confirmation it would refuse
    CHECK(lists(la, confirm(A, C)));
    // The confirmation names the rule and changes nothing: the offer stays open with its answers.
    const TradeOffer open = s.offer;
    REJECTS(s, confirm(A, B), "HK-7.5");
    CHECK(s.offer == open);
    // C's counter (4 wool for 2 ore) is not a bank trade: carried out.
    ACCEPTS(s, confirm(A, C));
    CHECK(s.players[A].hand == rc(1, 0, 0, 0, 2));
    CHECK(s.players[C].hand == rc(0, 4, 0, 0, 0));
    CHECK(s.players[B].hand == rc(0, 0, 0, 0, 2));
    // A gift over the turn's net names HK-7.3. A gives 1 lumber for C's 1 wool:
    // net A->C is then lumber +1, wool +3, ore -2.
    TRADE_OK(s, A, C, rc(1, 0, 0, 0, 0), rc(0, 1, 0, 0, 0));
    // A's 2 ore back for C's 1 lumber would leave lumber 0, wool +3, ore 0: A only gave. Refused as HK-7.3.
    ACCEPTS(s, offer(A, rc(0, 0, 0, 0, 2), rc(1, 0, 0, 0, 0), C));
    ACCEPTS(s, act(ActionType::AcceptOffer, C));
    const GameState before = s;
    const Result r = apply(s, confirm(A, C));
    CHECK_FALSE(r.ok);
    CHECK(std::string(r.rule) == "HK-7.3");
    CHECK(same_state(before, s));
}

TEST_CASE("HK-7.5 bank priority counts every rate the bank offers the player, not only the best", "[HK-7.5][CAT-9.9]") {
    SECTION("a 2:1 harbor owner may not trade 4 of that type for 1 with a player") {
        Position pos = hk_pos();
        pos.players[A].settlements = {harbor_spot(HarborType::Lumber)};
        pos.players[A].hand = rc(6, 0, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 3);
        GameState s = start(pos);
        TRADE_REJECTED(s, A, B, rc(4, 0, 0, 0, 0), rc(0, 0, 0, 0, 1), "HK-7.5");  // the bank's 4:1
        TRADE_REJECTED(s, A, B, rc(6, 0, 0, 0, 0), rc(0, 0, 0, 0, 2), "HK-7.5");  // 2:1 + 4:1
        TRADE_OK(s, A, B, rc(3, 0, 0, 0, 0), rc(0, 0, 0, 0, 1));                   // no such bank trade
    }
    SECTION("a 3:1 harbor owner may not trade 4 for 1, or 7 for 2, with a player") {
        Position pos = hk_pos();
        pos.players[A].settlements = {harbor_spot(HarborType::Generic)};
        pos.players[A].hand = rc(0, 7, 0, 0, 0);
        pos.players[B].hand = rc(0, 0, 0, 0, 3);
        GameState s = start(pos);
        TRADE_REJECTED(s, A, B, rc(0, 4, 0, 0, 0), rc(0, 0, 0, 0, 1), "HK-7.5");
        TRADE_REJECTED(s, A, B, rc(0, 7, 0, 0, 0), rc(0, 0, 0, 0, 2), "HK-7.5");
        TRADE_OK(s, A, B, rc(0, 5, 0, 0, 0), rc(0, 0, 0, 0, 1));
    }
}
