// Development cards (CAT-11 .. CAT-14, HK-8, HK-9.5).
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

// n edges forming a tree grown breadth-first from intersection `start`.
std::vector<int> tree_from(int start, int n) {
    const Geometry& g = geometry();
    std::vector<int> edges, queue{start};
    uint64_t seen = bit(start);
    for (std::size_t q = 0; q < queue.size() && static_cast<int>(edges.size()) < n; ++q) {
        const int v = queue[q];
        for (int k = 0; k < 3 && static_cast<int>(edges.size()) < n; ++k) {
            const int w = g.intersection_neighbors[v][k];
            if (w == kNone || has_bit(seen, w)) continue;
            seen |= bit(w);
            edges.push_back(g.intersection_edges[v][k]);
            queue.push_back(w);
        }
    }
    REQUIRE(static_cast<int>(edges.size()) == n);
    return edges;
}

Action monopoly(int seat, Resource r) {
    Action a = act(ActionType::PlayMonopoly, seat);
    a.resource = r;
    return a;
}

Action year_of_plenty(int seat, ResourceCounts get) {
    Action a = act(ActionType::PlayYearOfPlenty, seat);
    a.get = get;
    return a;
}

// A rejected action must name `rule` and change nothing, the deck included.
void check_rejected_keeps_deck(GameState& s, const Action& a, const std::string& rule) {
    const uint8_t deck_next = s.deck_next;
    check_rejected(s, a, rule);
    CHECK(s.deck_next == deck_next);
}

bool has_action(const GameState& s, int seat, ActionType t) {
    LegalActions la;
    legal_actions(s, seat, la);
    for (const Action& a : la)
        if (a.type == t) return true;
    return false;
}

// Ends turns by referee timeouts until `seat` is to act in its PreRoll (hands kept under 8 by callers).
void timeout_until(GameState& s, int seat) {
    for (int guard = 0; guard < 20 && !(s.active == seat && s.phase == Phase::PreRoll); ++guard) {
        if (s.phase == Phase::Discard) {
            for (int i = 0; i < s.options.players; ++i)
                if (s.players[i].discard_owed) REQUIRE(apply(s, act(ActionType::Timeout, i)));
            continue;
        }
        REQUIRE(apply(s, act(ActionType::Timeout, s.active)));
    }
    REQUIRE(s.active == seat);
    REQUIRE(s.phase == Phase::PreRoll);
}

std::vector<DevCard> remaining_deck(const GameState& s) {
    return std::vector<DevCard>(s.deck.begin() + s.deck_next, s.deck.end());
}

int held_dev_cards(const GameState& s) {
    int n = 0;
    for (int i = 0; i < s.options.players; ++i)
        for (uint8_t c : s.players[i].dev_cards) n += c;
    return n;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// CAT-11 general

TEST_CASE("CAT-11.1 a bought card is hidden from the others; CAT-11.6 its purchase turn is recorded",
          "[CAT-11.1][CAT-11.6][HK-8.1]") {
    Position pos = base_position();
    pos.players[0].hand = ResourceCounts{0, 3, 3, 0, 3};
    pos.deck = {DevCard::Monopoly, DevCard::Knight, DevCard::VictoryPoint};
    GameState s = start(pos);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0), &ev));
    CHECK(s.players[0].dev_cards[kMonopoly] == 1);
    CHECK(s.players[0].dev_bought_now[kMonopoly] == 1);  // CAT-11.6
    CHECK(s.players[0].hand == ResourceCounts{0, 2, 2, 0, 2});
    // Own view: the card's type. Others and spectators: only the number of cards.
    const SeatView own = make_view(s, 0);
    CHECK(own.player[0].known);
    CHECK(own.player[0].dev_cards[kMonopoly] == 1);
    for (int seat : {1, 2, 3, kSpectator}) {
        const SeatView v = make_view(s, seat);
        CHECK(v.player[0].dev_card_count == 1);
        CHECK_FALSE(v.player[0].known);
        CHECK(v.player[0].dev_cards == std::array<uint8_t, kDevCardTypes>{});
        CHECK(v.player[0].dev_bought_now == std::array<uint8_t, kDevCardTypes>{});
    }
    // Events: the card's type goes only to the buyer; the others get a twin without it.
    int private_events = 0, public_events = 0;
    for (const Event& e : ev) {
        if (e.type != EventType::DevCardBought) continue;
        if (e.has_card) {
            ++private_events;
            CHECK(e.card == DevCard::Monopoly);
            CHECK(visible_to(e, 0));
            for (int seat : {1, 2, 3, kSpectator}) CHECK_FALSE(visible_to(e, seat));
        } else {
            ++public_events;
            CHECK_FALSE(visible_to(e, 0));
            for (int seat : {1, 2, 3, kSpectator}) CHECK(visible_to(e, seat));
        }
    }
    CHECK(private_events == 1);
    CHECK(public_events == 1);
    // Any number of cards in a turn (HK-8.1 / CAT-10.15), each recorded as bought now.
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    CHECK(s.players[0].dev_bought_now == std::array<uint8_t, kDevCardTypes>{1, 0, 0, 1, 1});
    CHECK(make_view(s, 2).player[0].dev_card_count == 3);
    // The record is cleared when the turn ends: the cards are then ordinary held cards.
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    CHECK(s.players[0].dev_bought_now == std::array<uint8_t, kDevCardTypes>{});
    CHECK(s.players[0].dev_cards == std::array<uint8_t, kDevCardTypes>{1, 0, 0, 1, 1});
}

TEST_CASE("CAT-11.2 one card per turn, on one's own turn, before the roll allowed", "[CAT-11.2][HK-8.3][HK-8.4]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.phase = Phase::PreRoll;
    pos.players[0].dev_cards[kKnight] = 2;
    pos.players[0].dev_cards[kMonopoly] = 1;
    pos.players[1].dev_cards[kKnight] = 1;
    GameState s = start(pos);
    // Not on someone else's turn.
    check_rejected_keeps_deck(s, act(ActionType::PlayKnight, 1), "CAT-11.2");
    // Before the roll: allowed.
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    REQUIRE(s.phase == Phase::MoveRobber);
    REQUIRE(apply(s, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1)));
    REQUIRE(s.phase == Phase::PreRoll);
    CHECK(s.dev_played);
    // A second card in the same turn: rejected before and after the roll.
    check_rejected_keeps_deck(s, monopoly(0, Resource::Ore), "CAT-11.2");
    check_rejected_keeps_deck(s, act(ActionType::PlayKnight, 0), "CAT-11.2");
    CHECK_FALSE(has_action(s, 0, ActionType::PlayKnight));
    CHECK_FALSE(has_action(s, 0, ActionType::PlayMonopoly));
    // Next own turn: a card may be played again.
    REQUIRE(apply(s, act(ActionType::Timeout, 0)));  // the referee rolls and ends the turn
    timeout_until(s, 0);
    CHECK_FALSE(s.dev_played);
    CHECK(has_action(s, 0, ActionType::PlayMonopoly));
    REQUIRE(apply(s, monopoly(0, Resource::Ore)));
}

TEST_CASE("CAT-11.3 a card cannot be played in the turn it was bought", "[CAT-11.3][CAT-11.6][HK-8.2]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.players[0].hand = kDevCardCost;
    pos.deck = {DevCard::Knight, DevCard::Knight};
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    REQUIRE(s.players[0].dev_cards[kKnight] == 1);
    check_rejected_keeps_deck(s, act(ActionType::PlayKnight, 0), "CAT-11.3");
    CHECK_FALSE(has_action(s, 0, ActionType::PlayKnight));
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    timeout_until(s, 0);
    // Next own turn: playable, even before the roll.
    CHECK(has_action(s, 0, ActionType::PlayKnight));
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    CHECK(s.players[0].knights_played == 1);
}

TEST_CASE("CAT-11.3 an older copy of a card bought again this turn may be played", "[CAT-11.3][CAT-11.6]") {
    Position pos = base_position();
    pos.players[0].hand = kDevCardCost;
    pos.players[0].dev_cards[kKnight] = 1;  // held from before
    pos.deck = {DevCard::Knight};
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    REQUIRE(s.players[0].dev_cards[kKnight] == 2);
    REQUIRE(s.players[0].dev_bought_now[kKnight] == 1);
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    CHECK(s.players[0].dev_cards[kKnight] == 1);  // the new one is still held
    CHECK(s.players[0].dev_bought_now[kKnight] == 1);
}

TEST_CASE("CAT-11.4 played cards never go back to the deck; knights stay in front of their owner", "[CAT-11.4]") {
    Position pos = base_position();
    pos.players[0].dev_cards[kKnight] = 1;
    pos.players[0].dev_cards[kMonopoly] = 1;
    pos.deck = {DevCard::VictoryPoint, DevCard::Knight, DevCard::YearOfPlenty};
    GameState s = start(pos);
    const auto deck = remaining_deck(s);
    const int held = held_dev_cards(s);
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    REQUIRE(apply(s, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1)));
    CHECK(s.players[0].knights_played == 1);
    CHECK(s.players[0].dev_cards[kKnight] == 0);
    CHECK(remaining_deck(s) == deck);
    CHECK(held_dev_cards(s) == held - 1);
    for (int seat : {0, 1, 2, 3, kSpectator}) CHECK(make_view(s, seat).player[0].knights_played == 1);
    // Next turn, the monopoly: gone from the hand, not into the deck.
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    timeout_until(s, 0);
    REQUIRE(apply(s, monopoly(0, Resource::Grain)));
    CHECK(s.players[0].dev_cards[kMonopoly] == 0);
    CHECK(remaining_deck(s) == deck);
    CHECK(held_dev_cards(s) == held - 2);
    CHECK(s.players[0].knights_played == 1);  // the knight stays played
}

TEST_CASE("CAT-11.5 VP cards are never played and do not use up the one-card limit", "[CAT-11.5][CAT-14.1][HK-8.5]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.phase = Phase::PreRoll;
    pos.players[0].dev_cards[kVictoryPoint] = 2;
    pos.players[0].settlements = {21};
    GameState s = start(pos);
    // Holding only VP cards: the one thing to do before the roll is to roll.
    LegalActions la;
    legal_actions(s, 0, la);
    REQUIRE(la.count == 1);
    CHECK(la.list[0].type == ActionType::RollDice);
    CHECK(victory_points(s, 0) == 1 + 2);
    CHECK(public_victory_points(s, 0) == 1);
    CHECK_FALSE(s.dev_played);

    // Buying a VP card counts at once and leaves the turn's card play free.
    Position pos2 = base_position(rs);
    pos2.players[0].hand = kDevCardCost;
    pos2.players[0].dev_cards[kKnight] = 1;
    pos2.deck = {DevCard::VictoryPoint};
    GameState t = start(pos2);
    const int vp = victory_points(t, 0);
    REQUIRE(apply(t, act(ActionType::BuyDevCard, 0)));
    CHECK(victory_points(t, 0) == vp + 1);
    CHECK_FALSE(t.dev_played);
    REQUIRE(apply(t, act(ActionType::PlayKnight, 0)));
}

TEST_CASE("CAT-11.7 a played card's effect is completed before anything else", "[CAT-11.7]") {
    Position pos = base_position();
    pos.players[0].settlements = {21};
    give_route(pos.players[0], {21, 16});
    pos.players[0].hand = ResourceCounts{4, 4, 4, 4, 4};
    pos.players[0].dev_cards[kRoadBuilding] = 1;
    pos.players[0].dev_cards[kKnight] = 1;
    SECTION("road building: both roads first") {
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(s.phase == Phase::RoadBuilding);
        Action bank = act(ActionType::BankTrade, 0);
        bank.give = ResourceCounts{4, 0, 0, 0, 0};
        bank.get = ResourceCounts{0, 0, 0, 0, 1};
        for (const Action& a : {bank, act(ActionType::BuyDevCard, 0), act(ActionType::EndTurn, 0),
                                act(ActionType::BuildCity, 0, 21), act(ActionType::PlayKnight, 0)}) {
            EventList ev;
            const auto before = views(s);
            CHECK_FALSE(apply(s, a, &ev).ok);
            CHECK(views(s) == before);
        }
        LegalActions la;
        legal_actions(s, 0, la);
        REQUIRE(la.count > 0);
        for (const Action& a : la) CHECK(a.type == ActionType::BuildRoad);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(16, 22))));
        CHECK(s.phase == Phase::RoadBuilding);
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(22, 17))));
        CHECK(s.phase == Phase::Main);
        REQUIRE(apply(s, bank));  // afterwards, everything is open again
    }
    SECTION("knight: the robber moves and steals first") {
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
        REQUIRE(s.phase == Phase::MoveRobber);
        for (const Action& a : {act(ActionType::EndTurn, 0), act(ActionType::BuildRoad, 0, edge_between(16, 22)),
                                act(ActionType::BuyDevCard, 0)}) {
            const auto before = views(s);
            CHECK_FALSE(apply(s, a).ok);
            CHECK(views(s) == before);
        }
        LegalActions la;
        legal_actions(s, 0, la);
        for (const Action& a : la) CHECK(a.type == ActionType::MoveRobber);
    }
}

// ---------------------------------------------------------------------------------------
// CAT-12 knight and Largest Army

TEST_CASE("CAT-12.1 knight: move the robber, steal, and no discard step", "[CAT-12.1][HK-8.6]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.phase = Phase::PreRoll;
    pos.players[0].dev_cards[kKnight] = 1;
    pos.players[0].hand = ResourceCounts{5, 5, 0, 0, 0};   // 10 cards: would discard on a 7
    pos.players[1].settlements = {13};                      // corner of (2,2)
    pos.players[1].hand = ResourceCounts{0, 0, 0, 0, 3};
    pos.players[2].hand = ResourceCounts{3, 3, 3, 0, 0};   // 9 cards
    GameState s = start(pos);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0), &ev));
    CHECK(s.phase == Phase::MoveRobber);
    for (int i = 0; i < 4; ++i) CHECK(s.players[i].discard_owed == 0);
    for (const Event& e : ev) CHECK(e.type != EventType::DiscardRequired);
    // An eligible opponent must be robbed: choosing nobody is rejected.
    check_rejected_keeps_deck(s, act(ActionType::MoveRobber, 0, hex_id(2, 2), -1), "CAT-8.10");
    REQUIRE(apply(s, act(ActionType::MoveRobber, 0, hex_id(2, 2), 1), &ev));
    CHECK(s.robber == hex_id(2, 2));
    CHECK(s.players[1].hand == ResourceCounts{0, 0, 0, 0, 2});
    CHECK(s.players[0].hand == ResourceCounts{5, 5, 0, 0, 1});
    CHECK(s.players[2].hand == ResourceCounts{3, 3, 3, 0, 0});
    CHECK(s.phase == Phase::PreRoll);
}

TEST_CASE("HK-8.6 knight: the robber may go to the desert, then steal there", "[HK-8.6][CAT-12.1]") {
    Position pos = base_position(Ruleset::HK2024);
    pos.robber = hex_id(2, 2);
    pos.players[0].dev_cards[kKnight] = 1;
    pos.players[1].settlements = {18};  // top corner of the desert (3,3)
    pos.players[1].hand = ResourceCounts{0, 1, 0, 0, 0};
    GameState s = start(pos);
    const int desert = hex_id(3, 3);
    REQUIRE(s.board.terrain[desert] == Terrain::Desert);
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    REQUIRE(apply(s, act(ActionType::MoveRobber, 0, desert, 1)));
    CHECK(s.robber == desert);
    CHECK(s.players[0].hand == ResourceCounts{0, 1, 0, 0, 0});
    CHECK(s.players[1].hand == ResourceCounts{});
}

TEST_CASE("CAT-12.2 a knight before the roll, then a rolled 7 moves the robber again", "[CAT-12.2][HK-8.4]") {
    Position pos = base_position();
    pos.phase = Phase::PreRoll;
    pos.players[0].dev_cards[kKnight] = 1;
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    REQUIRE(apply(s, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1)));
    REQUIRE(s.phase == Phase::PreRoll);
    REQUIRE(s.robber == hex_id(1, 1));
    GameState c;
    REQUIRE(roll_seven(s, c));
    CHECK(c.phase == Phase::MoveRobber);
    check_rejected_keeps_deck(c, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1), "CAT-8.5");
    REQUIRE(apply(c, act(ActionType::MoveRobber, 0, hex_id(5, 1), -1)));
    CHECK(c.robber == hex_id(5, 1));
}

TEST_CASE("CAT-12.3 played knights are public: each player's army", "[CAT-12.3]") {
    Position pos = base_position();
    pos.players[0].dev_cards[kKnight] = 2;
    pos.players[0].knights_played = 1;
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0)));
    CHECK(s.players[0].knights_played == 2);
    for (int seat : {0, 1, 2, 3, kSpectator}) {
        const SeatView v = make_view(s, seat);
        CHECK(v.player[0].knights_played == 2);
        CHECK(v.player[0].dev_card_count == 1);
    }
}

TEST_CASE("CAT-12.4 the first player with 3 played knights takes Largest Army (2 VP)", "[CAT-12.4][HK-9.5]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.players[0].settlements = {21};
    pos.players[0].dev_cards[kKnight] = 1;
    pos.players[0].knights_played = 2;
    pos.players[1].knights_played = 2;
    GameState s = start(pos);
    REQUIRE(s.largest_army_holder == -1);  // 2 knights are not enough
    EventList ev;
    REQUIRE(apply(s, act(ActionType::PlayKnight, 0), &ev));
    CHECK(s.largest_army_holder == 0);
    CHECK(public_victory_points(s, 0) == 1 + 2);
    bool announced = false;
    for (const Event& e : ev)
        if (e.type == EventType::LargestArmy) {
            announced = true;
            CHECK(e.seat == 0);
            CHECK(e.value == 3);
            CHECK(e.visible_to == kEveryone);
        }
    CHECK(announced);
}

TEST_CASE("CAT-12.5 equalling the army of the holder is not enough; more takes it", "[CAT-12.5][HK-9.5]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    SECTION("tie: the holder keeps the card") {
        Position pos = base_position(rs);
        pos.players[0].knights_played = 3;
        pos.players[1].dev_cards[kKnight] = 1;
        pos.players[1].knights_played = 2;
        pos.active = 1;
        GameState s = start(pos);
        REQUIRE(s.largest_army_holder == 0);
        EventList ev;
        REQUIRE(apply(s, act(ActionType::PlayKnight, 1), &ev));
        CHECK(s.players[1].knights_played == 3);
        CHECK(s.largest_army_holder == 0);
        for (const Event& e : ev) CHECK(e.type != EventType::LargestArmy);
    }
    SECTION("more knights: the card moves") {
        Position pos = base_position(rs);
        pos.players[0].knights_played = 3;
        pos.players[1].dev_cards[kKnight] = 1;
        pos.players[1].knights_played = 3;
        pos.active = 1;
        GameState s = start(pos);
        REQUIRE(s.largest_army_holder == 0);
        REQUIRE(apply(s, act(ActionType::PlayKnight, 1)));
        CHECK(s.largest_army_holder == 1);
        CHECK(public_victory_points(s, 1) == 2);
        CHECK(public_victory_points(s, 0) == 0);
    }
}

TEST_CASE("CAT-12.6 once taken, Largest Army never goes back to the bank (random games)", "[CAT-12.6][HK-9.5]") {
    int games_with_army = 0;
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        GameOptions o;
        GameState s;
        REQUIRE(new_game(o, seed, s));
        Rng rng = make_rng(seed * 7919);
        LegalActions la;
        int8_t holder = -1;
        for (int n = 0; n < 20000 && s.phase != Phase::GameOver; ++n) {
            const Action a = random_legal_action(s, next_decider(s), rng, la);
            REQUIRE(apply(s, a));
            if (holder >= 0) REQUIRE(s.largest_army_holder >= 0);
            if (s.largest_army_holder >= 0) {
                const int h = s.largest_army_holder;
                REQUIRE(s.players[h].knights_played >= 3);
                for (int i = 0; i < s.options.players; ++i) REQUIRE(s.players[i].knights_played <= s.players[h].knights_played);
            }
            holder = s.largest_army_holder;
        }
        games_with_army += holder >= 0;
    }
    CHECK(games_with_army > 0);  // the property was exercised
}

// ---------------------------------------------------------------------------------------
// CAT-13 progress cards

TEST_CASE("CAT-13.1 monopoly takes every card of the named type from every opponent", "[CAT-13.1][HK-8.7]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.players[0].dev_cards[kMonopoly] = 1;
    pos.players[0].hand = ResourceCounts{0, 1, 0, 0, 0};
    pos.players[1].hand = ResourceCounts{2, 3, 0, 0, 1};
    pos.players[2].hand = ResourceCounts{1, 0, 4, 0, 0};  // no wool: gives nothing
    pos.players[3].hand = ResourceCounts{0, 1, 0, 0, 0};
    GameState s = start(pos);
    const ResourceCounts bank = s.bank;
    EventList ev;
    REQUIRE(apply(s, monopoly(0, Resource::Wool), &ev));
    CHECK(s.players[0].hand == ResourceCounts{0, 5, 0, 0, 0});
    CHECK(s.players[1].hand == ResourceCounts{2, 0, 0, 0, 1});
    CHECK(s.players[2].hand == ResourceCounts{1, 0, 4, 0, 0});
    CHECK(s.players[3].hand == ResourceCounts{0, 0, 0, 0, 0});
    CHECK(s.bank == bank);
    // HK-8.7: the events say how many each opponent handed over, and nothing about the rest of any hand.
    std::array<int, 4> took{-1, -1, -1, -1};
    for (const Event& e : ev) {
        CHECK((e.type == EventType::DevCardPlayed || e.type == EventType::MonopolyTook));
        if (e.type != EventType::MonopolyTook) continue;
        CHECK(e.seat == 0);
        CHECK(e.resource == Resource::Wool);
        CHECK(e.visible_to == kEveryone);
        CHECK(e.cards == ResourceCounts{});
        took[e.other] = e.value;
    }
    CHECK(took == std::array<int, 4>{-1, 3, 0, 1});
    // No hand is shown: the player of the card still sees only counts of the opponents' hands.
    const SeatView v = make_view(s, 0);
    for (int i = 1; i < 4; ++i) {
        CHECK_FALSE(v.player[i].known);
        CHECK(v.player[i].resource_count == total_of(s.players[i].hand));
    }
}

TEST_CASE("CAT-13.2 road building: two free roads by the normal road rules", "[CAT-13.2]") {
    Position pos = base_position();
    pos.players[0].settlements = {21};
    give_route(pos.players[0], {21, 16});
    pos.players[0].dev_cards[kRoadBuilding] = 1;
    pos.players[1].settlements = {22};  // blocks passing through 22
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
    REQUIRE(s.phase == Phase::RoadBuilding);
    CHECK(s.road_building_left == 2);
    // Normal road rules: must connect (CAT-10.7), may not pass an opponent's building (CAT-10.8).
    check_rejected_keeps_deck(s, act(ActionType::BuildRoad, 0, edge_between(47, 51)), "CAT-10.7");
    check_rejected_keeps_deck(s, act(ActionType::BuildRoad, 1, edge_between(22, 17)), "CAT-13.2");
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(16, 22))));  // may end at 22
    CHECK(s.road_building_left == 1);
    check_rejected_keeps_deck(s, act(ActionType::BuildRoad, 0, edge_between(22, 17)), "CAT-10.8");
    // The second road may connect to the first or go anywhere else legal.
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 27))));
    CHECK(s.phase == Phase::Main);
    CHECK(s.road_building_left == 0);
    CHECK(s.players[0].hand == ResourceCounts{});  // free
    CHECK(s.players[0].roads_left == 15 - 3);
    CHECK(s.players[0].dev_cards[kRoadBuilding] == 0);
}

TEST_CASE("CAT-13.2 road building: the second road may extend the first", "[CAT-13.2]") {
    Position pos = base_position();
    pos.players[0].settlements = {21};
    pos.players[0].dev_cards[kRoadBuilding] = 1;
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
    // 16-22 is reachable only through the road just placed.
    REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(16, 22))));
    CHECK(s.players[0].road_length == 2);
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("CAT-13.2 decision: with one road left in supply only that one is placed", "[CAT-13.2]") {
    Position pos = base_position();
    pos.players[0].settlements = {21};
    pos.players[0].roads = tree_from(21, 14);
    pos.players[0].dev_cards[kRoadBuilding] = 1;
    GameState s = start(pos);
    REQUIRE(s.players[0].roads_left == 1);
    REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
    REQUIRE(s.phase == Phase::RoadBuilding);
    CHECK(s.road_building_left == 1);
    LegalActions la;
    legal_actions(s, 0, la);
    REQUIRE(la.count > 0);
    REQUIRE(apply(s, la.list[0]));
    CHECK(s.players[0].roads_left == 0);
    CHECK(s.phase == Phase::Main);
    CHECK(s.road_building_left == 0);
}

TEST_CASE("CAT-13.2 decision: with one legal edge only that one is placed", "[CAT-13.2]") {
    // Player 0's settlement on 0 (a coastal corner with two sides): 0-3 is taken by player 1,
    // and from 4 both ways on (4-1, 4-8) are taken by player 2: only 0-4 can be built.
    Position pos = base_position();
    pos.players[0].settlements = {0};
    pos.players[0].dev_cards[kRoadBuilding] = 1;
    pos.players[1].settlements = {7};
    give_route(pos.players[1], {7, 3, 0});
    pos.players[2].settlements = {13};
    give_route(pos.players[2], {13, 8, 4, 1});
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
    REQUIRE(s.phase == Phase::RoadBuilding);
    LegalActions la;
    legal_actions(s, 0, la);
    REQUIRE(la.count == 1);
    CHECK(la.list[0].location == edge_between(0, 4));
    REQUIRE(apply(s, la.list[0]));
    CHECK(s.phase == Phase::Main);  // nothing more can be placed: the card is done
    CHECK(s.road_building_left == 0);
    CHECK(s.players[0].roads_left == 14);
}

TEST_CASE("CAT-13.2 decision: with no road placeable the card may be played and does nothing", "[CAT-13.2][CAT-13.5]") {
    SECTION("no legal edge") {
        Position pos = base_position();
        pos.players[0].settlements = {0};
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        pos.players[1].settlements = {7};
        give_route(pos.players[1], {7, 3, 0});
        pos.players[2].settlements = {13};
        give_route(pos.players[2], {13, 8, 4, 0});
        GameState s = start(pos);
        REQUIRE(has_action(s, 0, ActionType::PlayRoadBuilding));
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        CHECK(s.phase == Phase::Main);
        CHECK(s.road_building_left == 0);
        CHECK(s.dev_played);
        CHECK(s.players[0].dev_cards[kRoadBuilding] == 0);
        CHECK(s.players[0].roads_left == 15);
    }
    SECTION("no road left in supply") {
        Position pos = base_position();
        pos.players[0].settlements = {21};
        pos.players[0].roads = tree_from(21, 15);
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        GameState s = start(pos);
        REQUIRE(s.players[0].roads_left == 0);
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        CHECK(s.phase == Phase::Main);
        CHECK(s.road_building_left == 0);
        CHECK(s.players[0].dev_cards[kRoadBuilding] == 0);
    }
}

TEST_CASE("CAT-13.3 year of plenty: any 2 cards from the bank", "[CAT-13.3]") {
    Position pos = base_position();
    pos.players[0].dev_cards[kYearOfPlenty] = 1;
    GameState s = start(pos);
    check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 1}), "CAT-13.3");
    check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{1, 1, 1, 0, 0}), "CAT-13.3");
    SECTION("two of one type") {
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 2})));
        CHECK(s.players[0].hand == ResourceCounts{0, 0, 0, 0, 2});
        CHECK(s.bank == ResourceCounts{19, 19, 19, 19, 17});
    }
    SECTION("two different types") {
        EventList ev;
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{1, 0, 0, 1, 0}), &ev));
        CHECK(s.players[0].hand == ResourceCounts{1, 0, 0, 1, 0});
        CHECK(s.bank == ResourceCounts{18, 19, 19, 18, 19});
        bool took = false;
        for (const Event& e : ev)
            if (e.type == EventType::YearOfPlentyTook) took = e.cards == ResourceCounts{1, 0, 0, 1, 0};
        CHECK(took);
    }
}

TEST_CASE("CAT-13.3 decision: year of plenty with a nearly empty bank", "[CAT-13.3]") {
    Position pos = base_position();
    pos.players[0].dev_cards[kYearOfPlenty] = 1;
    SECTION("bank holds 1 ore and nothing else: take that one card") {
        pos.players[1].hand = ResourceCounts{19, 19, 19, 19, 18};
        GameState s = start(pos);
        REQUIRE(s.bank == ResourceCounts{0, 0, 0, 0, 1});
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 2}), "CAT-13.3");
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{1, 0, 0, 0, 0}), "CAT-13.3");
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{1, 0, 0, 0, 1}), "CAT-13.3");
        LegalActions la;
        legal_actions(s, 0, la);
        int yop = 0;
        for (const Action& a : la)
            if (a.type == ActionType::PlayYearOfPlenty) {
                ++yop;
                CHECK(a.get == ResourceCounts{0, 0, 0, 0, 1});
            }
        CHECK(yop == 1);
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 1})));
        CHECK(s.players[0].hand == ResourceCounts{0, 0, 0, 0, 1});
        CHECK(s.bank == ResourceCounts{});
    }
    SECTION("bank holds 1 brick and 2 ore: only cards the bank holds, still 2 of them") {
        pos.players[1].hand = ResourceCounts{19, 19, 19, 18, 17};
        GameState s = start(pos);
        REQUIRE(s.bank == ResourceCounts{0, 0, 0, 1, 2});
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 2, 0}), "CAT-13.3");
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 1}), "CAT-13.3");
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 1, 1})));
        CHECK(s.bank == ResourceCounts{0, 0, 0, 0, 1});
    }
    SECTION("empty bank: the card is played and takes nothing") {
        pos.players[1].hand = ResourceCounts{19, 19, 19, 19, 19};
        GameState s = start(pos);
        REQUIRE(s.bank == ResourceCounts{});
        check_rejected_keeps_deck(s, year_of_plenty(0, ResourceCounts{0, 0, 0, 0, 1}), "CAT-13.3");
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{})));
        CHECK(s.players[0].hand == ResourceCounts{});
        CHECK(s.players[0].dev_cards[kYearOfPlenty] == 0);
        CHECK(s.dev_played);
    }
}

TEST_CASE("CAT-13.4 cards from monopoly or year of plenty can be used at once", "[CAT-13.4]") {
    SECTION("year of plenty in the classic build phase, then build with the cards") {
        Position pos = base_position(Ruleset::Base, TradeBuildMode::Classic);
        pos.phase = Phase::Build;
        pos.players[0].settlements = {21};
        pos.players[0].dev_cards[kYearOfPlenty] = 1;
        GameState s = start(pos);
        REQUIRE(s.phase == Phase::Build);
        check_rejected_keeps_deck(s, act(ActionType::BuildRoad, 0, edge_between(21, 16)), "CAT-10.2");
        REQUIRE(apply(s, year_of_plenty(0, kRoadCost)));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
        CHECK(s.players[0].roads.has(edge_between(21, 16)));
    }
    SECTION("monopoly in the classic trade phase, then trade with the cards") {
        Position pos = base_position(Ruleset::Base, TradeBuildMode::Classic);
        pos.phase = Phase::Trade;
        pos.players[0].dev_cards[kMonopoly] = 1;
        pos.players[2].hand = ResourceCounts{0, 4, 0, 0, 0};
        GameState s = start(pos);
        REQUIRE(s.phase == Phase::Trade);
        REQUIRE(apply(s, monopoly(0, Resource::Wool)));
        Action bank = act(ActionType::BankTrade, 0);
        bank.give = ResourceCounts{0, 4, 0, 0, 0};
        bank.get = ResourceCounts{0, 0, 0, 0, 1};
        REQUIRE(apply(s, bank));
        CHECK(s.players[0].hand == ResourceCounts{0, 0, 0, 0, 1});
    }
}

TEST_CASE("CAT-13.5 a progress card is removed from the game after use", "[CAT-13.5][CAT-11.4]") {
    const DevCard card = GENERATE(DevCard::RoadBuilding, DevCard::YearOfPlenty, DevCard::Monopoly);
    Position pos = base_position();
    pos.players[0].settlements = {21};
    pos.players[0].dev_cards[static_cast<int>(card)] = 1;
    pos.deck = {DevCard::Knight, DevCard::VictoryPoint};
    GameState s = start(pos);
    const auto deck = remaining_deck(s);
    const int held = held_dev_cards(s);
    if (card == DevCard::RoadBuilding) {
        REQUIRE(apply(s, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(21, 16))));
        REQUIRE(apply(s, act(ActionType::BuildRoad, 0, edge_between(16, 22))));
    } else if (card == DevCard::YearOfPlenty) {
        REQUIRE(apply(s, year_of_plenty(0, ResourceCounts{2, 0, 0, 0, 0})));
    } else {
        REQUIRE(apply(s, monopoly(0, Resource::Lumber)));
    }
    CHECK(s.players[0].dev_cards[static_cast<int>(card)] == 0);
    CHECK(held_dev_cards(s) == held - 1);
    CHECK(remaining_deck(s) == deck);  // not back in the deck
    CHECK(s.players[0].knights_played == 0);
    for (int seat : {0, 1, kSpectator}) CHECK(make_view(s, seat).player[0].dev_card_count == 0);
}

// ---------------------------------------------------------------------------------------
// CAT-14 victory point cards

TEST_CASE("CAT-14.1 a VP card is worth 1 VP from the moment it is bought, and is never played", "[CAT-14.1]") {
    Position pos = base_position();
    pos.players[0].settlements = {21};
    pos.players[0].hand = kDevCardCost;
    pos.deck = {DevCard::VictoryPoint};
    GameState s = start(pos);
    REQUIRE(victory_points(s, 0) == 1);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    CHECK(victory_points(s, 0) == 2);
    CHECK(make_view(s, 0).player[0].total_vp == 2);
    CHECK(public_victory_points(s, 0) == 1);
    REQUIRE(apply(s, act(ActionType::EndTurn, 0)));
    timeout_until(s, 0);
    // Still worth 1 VP, still held, and no action plays it.
    CHECK(victory_points(s, 0) == 2);
    CHECK(s.players[0].dev_cards[kVictoryPoint] == 1);
    LegalActions la;
    legal_actions(s, 0, la);
    REQUIRE(la.count == 1);
    CHECK(la.list[0].type == ActionType::RollDice);
}

TEST_CASE("CAT-14.3 a VP card bought this turn wins at once if it brings its owner to 10", "[CAT-14.3][HK-8.5][CAT-14.1]") {
    const Ruleset rs = GENERATE(Ruleset::Base, Ruleset::HK2024);
    Position pos = base_position(rs);
    pos.players[0].cities = {21, 47, 3};    // 6
    pos.players[0].settlements = {26, 10};  // 2
    pos.players[0].dev_cards[kVictoryPoint] = 1;  // 9 in all
    pos.players[0].hand = ResourceCounts{0, 2, 2, 0, 2};
    pos.deck = {DevCard::Knight, DevCard::VictoryPoint};
    GameState s = start(pos);
    REQUIRE(victory_points(s, 0) == 9);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));  // a knight: still 9
    CHECK(s.phase == Phase::Main);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0), &ev));
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winner == 0);
    CHECK(victory_points(s, 0) == 10);
    CHECK(s.players[0].dev_bought_now[kVictoryPoint] == 1);
    REQUIRE_FALSE(ev.empty());
    CHECK(ev.back().type == EventType::GameOver);
    CHECK(ev.back().seat == 0);
}

TEST_CASE("HK-8.5 VP cards count even after the turn's one card was played", "[HK-8.5][CAT-11.5]") {
    Position pos = base_position(Ruleset::HK2024);
    pos.players[0].cities = {21, 47, 3};    // 6
    pos.players[0].settlements = {26, 10};  // 2
    pos.players[0].dev_cards[kVictoryPoint] = 1;
    pos.players[0].dev_cards[kMonopoly] = 1;
    pos.players[0].hand = kDevCardCost;
    pos.deck = {DevCard::VictoryPoint};
    GameState s = start(pos);
    REQUIRE(apply(s, monopoly(0, Resource::Brick)));
    REQUIRE(s.dev_played);
    REQUIRE(s.phase == Phase::Main);
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    CHECK(s.phase == Phase::GameOver);
    CHECK(s.winner == 0);
}

// ---------------------------------------------------------------------------------------
// HK-8

TEST_CASE("HK-8.1 buy on one's own turn as often as affordable, until all 25 are drawn", "[HK-8.1][CAT-10.14]") {
    Position pos = base_position(Ruleset::HK2024);
    pos.players[0].hand = ResourceCounts{0, 3, 3, 0, 3};
    pos.players[1].hand = kDevCardCost;
    pos.deck = {DevCard::Knight, DevCard::YearOfPlenty};
    GameState s = start(pos);
    REQUIRE(s.deck_next == kDevCards - 2);
    check_rejected_keeps_deck(s, act(ActionType::BuyDevCard, 1), "CAT-10.1");  // not player 1's turn
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    REQUIRE(apply(s, act(ActionType::BuyDevCard, 0)));
    CHECK(s.deck_next == kDevCards);
    CHECK(make_view(s, 1).deck_size == 0);
    CHECK(s.players[0].dev_cards == std::array<uint8_t, kDevCardTypes>{1, 0, 1, 0, 0});
    // All 25 drawn: no more, though player 0 can still pay.
    REQUIRE(covers(s.players[0].hand, kDevCardCost));
    check_rejected_keeps_deck(s, act(ActionType::BuyDevCard, 0), "CAT-10.14");
    CHECK_FALSE(has_action(s, 0, ActionType::BuyDevCard));
}

TEST_CASE("HK-8.4 no card while the roll is being resolved; before the roll and after it, yes", "[HK-8.4][CAT-11.2]") {
    Position pos = base_position(Ruleset::HK2024);
    pos.phase = Phase::PreRoll;
    pos.players[0].dev_cards[kKnight] = 1;
    pos.players[0].dev_cards[kMonopoly] = 1;
    pos.players[1].hand = ResourceCounts{2, 2, 2, 2, 0};  // 8 cards: discards on a 7
    GameState s = start(pos);
    REQUIRE(has_action(s, 0, ActionType::PlayKnight));  // before the roll
    GameState c;
    REQUIRE(roll_seven(s, c));
    REQUIRE(c.phase == Phase::Discard);
    check_rejected_keeps_deck(c, act(ActionType::PlayKnight, 0), "CAT-6.7");
    check_rejected_keeps_deck(c, monopoly(0, Resource::Ore), "CAT-6.7");
    Action d = act(ActionType::Discard, 1);
    d.give = ResourceCounts{2, 2, 0, 0, 0};
    REQUIRE(apply(c, d));
    REQUIRE(c.phase == Phase::MoveRobber);
    check_rejected_keeps_deck(c, act(ActionType::PlayKnight, 0), "CAT-6.7");
    check_rejected_keeps_deck(c, monopoly(0, Resource::Ore), "CAT-6.7");
    REQUIRE(apply(c, act(ActionType::MoveRobber, 0, hex_id(1, 1), -1)));
    REQUIRE(c.phase == Phase::Main);
    REQUIRE(apply(c, monopoly(0, Resource::Grain)));  // the roll is resolved: allowed
    CHECK(c.players[0].hand[idx(Resource::Grain)] == 2);
}
