// Production, rolling a 7 and the robber: CAT-7, CAT-8, HK-5.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

// Rolls `total` for the active player; returns the events.
EventList roll(GameState& s, int total) {
    REQUIRE(reseed_for_roll(s, total));
    EventList ev;
    check_ok(s, act(ActionType::RollDice, s.active), &ev);
    REQUIRE(s.dice[0] + s.dice[1] == total);
    return ev;
}

std::array<ResourceCounts, kMaxPlayers> hands(const GameState& s) {
    std::array<ResourceCounts, kMaxPlayers> h{};
    for (int i = 0; i < kMaxPlayers; ++i) h[i] = s.players[i].hand;
    return h;
}

ResourceCounts diff(const ResourceCounts& after, const ResourceCounts& before) {
    ResourceCounts d{};
    for (int r = 0; r < kResourceTypes; ++r) d[r] = static_cast<uint8_t>(after[r] - before[r]);
    return d;
}

// The starter board with numbers 3 and 4 swapped between (4,2) and (4,3), so that forest (3,4) and
// fields (4,3) both show 3 and share two corners (30 and 36).
Board shared_three_board() {
    Board b = starter_board();
    std::swap(b.number[hex_id(4, 2)], b.number[hex_id(4, 3)]);
    return b;
}

// The HK-5.2 board: the starter board with the two 6s moved onto forests (1,3) and (4,1).
Board forest_six_board() {
    Board b = starter_board();
    std::swap(b.number[hex_id(4, 1)], b.number[hex_id(2, 2)]);  // forest 8 <-> hills 6
    std::swap(b.number[hex_id(1, 3)], b.number[hex_id(5, 2)]);  // forest 9 <-> fields 6
    return b;
}

Position production_position(Ruleset ruleset = Ruleset::Base) {
    Position pos;
    pos.options.map = MapKind::Explicit;
    pos.options.board = shared_three_board();
    pos.options.ruleset = ruleset;
    pos.players[0].cities = {36};        // forest 3, fields 3, pasture 5
    pos.players[1].settlements = {40};   // mountains 4, fields 3, fields 6
    pos.players[2].settlements = {19};   // pasture 4, hills 10, forest 3
    pos.players[3].settlements = {0, 18};  // mountains 10; hills 6, pasture 4, desert
    pos.active = 3;
    pos.phase = Phase::PreRoll;
    return pos;
}

// Robber position on the starter board: three buildings round hills (2,2), seat 3 only has a road there.
Position robber_position(TradeBuildMode mode = TradeBuildMode::Combined, Ruleset ruleset = Ruleset::Base) {
    Position pos;
    if (ruleset == Ruleset::HK2024) {
        pos.options.map = MapKind::Explicit;
        pos.options.board = starter_board();
        pos.options.ruleset = ruleset;
    } else {
        pos.options.map = MapKind::Starter;
        pos.options.mode = mode;
    }
    pos.players[0].settlements = {17, 53};
    pos.players[1].settlements = {8, 2};
    pos.players[2].settlements = {18, 38};
    pos.players[3].settlements = {44, 41};
    pos.players[3].roads = {geometry().hex_side[hex_id(2, 2)][static_cast<int>(Side::NE)]};
    pos.active = 0;
    pos.phase = Phase::PreRoll;
    return pos;
}

const int kHills22 = hex_id(2, 2);
const int kEmptyHex = hex_id(3, 1);  // no building on any corner in robber_position

// Expected production for a roll, computed directly from the board (no shortage).
std::array<ResourceCounts, kMaxPlayers> expected_owed(const GameState& s, int total) {
    std::array<ResourceCounts, kMaxPlayers> owed{};
    for (int h = 0; h < kHexes; ++h) {
        if (s.board.terrain[h] == Terrain::Desert || s.board.number[h] != total || h == s.robber) continue;
        for (uint8_t v : geometry().hex_corner[h])
            for (int i = 0; i < s.options.players; ++i) {
                if (has_bit(s.players[i].settlements, v)) owed[i][static_cast<int>(s.board.terrain[h])] += 1;
                if (has_bit(s.players[i].cities, v)) owed[i][static_cast<int>(s.board.terrain[h])] += 2;
            }
    }
    return owed;
}

}  // namespace

// ---------------------------------------------------------------- CAT-7

TEST_CASE("CAT-7.1 the active player rolls two dice and adds them", "[CAT-7.1]") {
    std::map<int, int> totals;
    for (uint64_t seed = 0; seed < 2000; ++seed) {
        GameState s = start(robber_position(), seed);
        EventList ev;
        check_ok(s, act(ActionType::RollDice, 0), &ev);
        REQUIRE(s.rolled);
        REQUIRE_FALSE(ev.empty());
        const Event& e = ev.front();
        REQUIRE(e.type == EventType::DiceRolled);
        REQUIRE(e.seat == 0);
        REQUIRE(e.dice[0] == s.dice[0]);
        REQUIRE(e.dice[1] == s.dice[1]);
        REQUIRE(count_events(ev, EventType::DiceRolled) == 1);
        ++totals[s.dice[0] + s.dice[1]];
    }
    CHECK(totals.size() == 11);
    CHECK(totals.begin()->first == 2);
    CHECK(totals.rbegin()->first == 12);
    CHECK(totals[7] > totals[2] * 3);  // the sum of two dice, not one die of 2..12
    CHECK(totals[7] > totals[12] * 3);
    GameState s = start(robber_position());
    check_rejected(s, act(ActionType::RollDice, 1), "CAT-6.6");
}

TEST_CASE("CAT-7.2 every hex with the rolled number produces", "[CAT-7.2]") {
    for (int total : {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}) {
        GameState s = start(production_position());
        const auto want = expected_owed(s, total);
        const auto before = hands(s);
        const EventList ev = roll(s, total);
        for (int i = 0; i < 4; ++i) {
            INFO("total " << total << " seat " << i);
            CHECK(diff(s.players[i].hand, before[i]) == want[i]);
        }
        for (const Event& e : ev)
            if (e.type == EventType::Produced) CHECK(e.cards == want[e.seat]);
    }
    // Concretely, a 10 pays mountains (1,1) and hills (2,4): seat 3 gets one ore and nobody else anything.
    GameState s = start(production_position());
    roll(s, 10);
    CHECK(s.players[3].hand == rc(0, 0, 0, 0, 1));
    CHECK(s.players[2].hand == rc(0, 0, 0, 1, 0));  // seat 2 sits on hills 10 too
    CHECK(total_of(s.players[0].hand) == 0);
    CHECK(total_of(s.players[1].hand) == 0);
}

TEST_CASE("CAT-7.3 settlements earn 1, cities 2, for every player, from each producing hex", "[CAT-7.3]") {
    GameState s = start(production_position());
    REQUIRE(s.board.number[hex_id(3, 4)] == 3);
    REQUIRE(s.board.number[hex_id(4, 3)] == 3);
    const EventList ev = roll(s, 3);
    CHECK(s.players[0].hand == rc(2, 0, 2, 0, 0));  // a city on two 3s: 2 lumber and 2 grain
    CHECK(s.players[1].hand == rc(0, 0, 1, 0, 0));  // a settlement: 1 grain
    CHECK(s.players[2].hand == rc(1, 0, 0, 0, 0));
    CHECK(s.players[3].hand == ResourceCounts{});   // the active player has nothing on a 3
    CHECK(count_events(ev, EventType::Produced) == 3);
    CHECK(s.bank == rc(16, 19, 16, 19, 19));
}

TEST_CASE("CAT-7.4 the desert and the robber's hex never produce", "[CAT-7.4]") {
    // The robber on forest (3,4): the 3 pays only the fields.
    Position pos = production_position();
    pos.robber = hex_id(3, 4);
    GameState s = start(pos);
    roll(s, 3);
    CHECK(s.players[0].hand == rc(0, 0, 2, 0, 0));
    CHECK(s.players[1].hand == rc(0, 0, 1, 0, 0));
    CHECK(s.players[2].hand == ResourceCounts{});
    // Seat 3's settlement at 18 touches the desert: on no roll does the desert add anything.
    for (int total : {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}) {
        GameState g = start(production_position());
        const ResourceCounts before = g.players[3].hand;
        roll(g, total);
        ResourceCounts want{};
        if (total == 6) want[idx(Resource::Brick)] = 1;   // hills (2,2)
        if (total == 4) want[idx(Resource::Wool)] = 1;    // pasture (2,3)
        if (total == 10) want[idx(Resource::Ore)] = 1;    // mountains (1,1), seat 3's other settlement
        CHECK(diff(g.players[3].hand, before) == want);
    }
}

TEST_CASE("CAT-7.5 bank shortage: nobody gets a short resource, even a single recipient", "[CAT-7.5]") {
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.players[0].cities = {43};        // forest 8 (2 lumber), hills 5
    pos.players[0].settlements = {26};   // mountains 8 (1 ore)
    pos.players[1].hand = rc(18, 0, 0, 0, 0);  // the bank keeps 1 lumber
    pos.active = 0;
    GameState s = start(pos);
    REQUIRE(s.bank[0] == 1);
    const EventList ev = roll(s, 8);
    CHECK(s.players[0].hand == rc(0, 0, 0, 0, 1));  // lumber blocked, ore paid as normal
    CHECK(s.bank[0] == 1);
    int blocked = 0;
    for (const Event& e : ev)
        if (e.type == EventType::ProductionBlocked) {
            ++blocked;
            CHECK(e.resource == Resource::Lumber);
        }
    CHECK(blocked == 1);
    // Two recipients, 3 owed, 2 in the bank: nobody.
    pos.players[2].settlements = {28};  // forest 8 as well
    pos.players[1].hand = rc(17, 0, 0, 0, 0);
    GameState t = start(pos);
    roll(t, 8);
    CHECK(t.players[0].hand[0] == 0);
    CHECK(t.players[2].hand[0] == 0);
    CHECK(t.bank[0] == 2);
    // Exactly enough in the bank: everyone is paid.
    pos.players[1].hand = rc(16, 0, 0, 0, 0);
    GameState u = start(pos);
    roll(u, 8);
    CHECK(u.players[0].hand == rc(2, 0, 0, 0, 1));
    CHECK(u.players[2].hand == rc(1, 0, 0, 0, 0));
    CHECK(u.bank[0] == 0);
}

TEST_CASE("CAT-7.6 on a 7 no hex produces", "[CAT-7.6]") {
    GameState s = start(production_position());
    const auto before = hands(s);
    const EventList ev = roll(s, 7);
    CHECK(count_events(ev, EventType::Produced) == 0);
    CHECK(hands(s) == before);
    CHECK(s.phase == Phase::MoveRobber);
}

// ---------------------------------------------------------------- CAT-8

TEST_CASE("CAT-8.1 a 7 resolves discards, then the robber, then the steal", "[CAT-8.1]") {
    for (auto mode : {TradeBuildMode::Classic, TradeBuildMode::Combined}) {
        Position pos = robber_position(mode);
        pos.players[0].hand = rc(8, 0, 0, 0, 0);
        pos.players[1].hand = rc(0, 9, 0, 0, 0);
        GameState s = start(pos);
        EventList ev = roll(s, 7);
        CHECK(s.phase == Phase::Discard);
        CHECK(count_events(ev, EventType::DiscardRequired) == 2);
        check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 1), "CAT-8.4");
        check_ok(s, discard(0, rc(4, 0, 0, 0, 0)));
        CHECK(s.phase == Phase::Discard);
        check_ok(s, discard(1, rc(0, 4, 0, 0, 0)));
        CHECK(s.phase == Phase::MoveRobber);
        ev.clear();
        check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1), &ev);
        REQUIRE(ev.size() >= 2);
        CHECK(ev[0].type == EventType::RobberMoved);
        CHECK(ev[1].type == EventType::Stole);
        CHECK(s.players[0].hand == rc(4, 1, 0, 0, 0));
        CHECK(s.players[1].hand == rc(0, 4, 0, 0, 0));
        // Then the turn goes on: in classic mode with the trade phase.
        CHECK(s.phase == (mode == TradeBuildMode::Classic ? Phase::Trade : Phase::Main));
    }
}

TEST_CASE("CAT-8.2 more than 7 cards: discard half, rounded down, the active player too", "[CAT-8.2]") {
    Position pos = robber_position();
    pos.players[0].hand = rc(2, 2, 2, 2, 0);  // 8 -> 4 (the active player)
    pos.players[1].hand = rc(9, 0, 0, 0, 0);  // 9 -> 4
    pos.players[2].hand = rc(0, 0, 7, 0, 0);  // 7 -> none
    pos.players[3].hand = rc(3, 3, 3, 3, 3);  // 15 -> 7
    GameState s = start(pos);
    const EventList ev = roll(s, 7);
    CHECK(s.players[0].discard_owed == 4);
    CHECK(s.players[1].discard_owed == 4);
    CHECK(s.players[2].discard_owed == 0);
    CHECK(s.players[3].discard_owed == 7);
    for (const Event& e : ev)
        if (e.type == EventType::DiscardRequired) CHECK(e.value == s.players[e.seat].discard_owed);
    LegalActions la;
    legal_actions(s, 3, la);
    CHECK(la.discard == 7);
    check_rejected(s, discard(1, rc(3, 0, 0, 0, 0)), "CAT-8.2");
    check_rejected(s, discard(1, rc(5, 0, 0, 0, 0)), "CAT-8.2");
    check_rejected(s, discard(2, rc(0, 0, 1, 0, 0)), "CAT-8.2");
    check_ok(s, discard(1, rc(4, 0, 0, 0, 0)));
    check_rejected(s, discard(1, rc(4, 0, 0, 0, 0)), "CAT-8.2");  // once only
    check_ok(s, discard(0, rc(1, 1, 1, 1, 0)));
    check_ok(s, discard(3, rc(2, 2, 1, 1, 1)));
    CHECK(s.phase == Phase::MoveRobber);
    CHECK(total_of(s.players[1].hand) == 5);
    CHECK(total_of(s.players[3].hand) == 8);
    // No discard is owed outside a 7.
    GameState t = start(pos);
    roll(t, 6);
    check_rejected(t, discard(1, rc(4, 0, 0, 0, 0)), "CAT-8.2");
}

TEST_CASE("CAT-8.3 only resource cards count and can be discarded", "[CAT-8.3]") {
    Position pos = robber_position();
    pos.players[1].hand = rc(7, 0, 0, 0, 0);
    pos.players[1].dev_cards = {3, 0, 0, 0, 2};  // 5 development cards do not count
    pos.players[2].hand = rc(4, 4, 0, 0, 0);
    pos.players[2].dev_cards = {2, 0, 0, 0, 0};
    GameState s = start(pos);
    roll(s, 7);
    CHECK(s.players[1].discard_owed == 0);
    CHECK(s.players[2].discard_owed == 4);
    check_rejected(s, discard(2, rc(0, 0, 4, 0, 0)), "CAT-8.3");  // cards not in hand
    check_rejected(s, discard(2, rc(5, 0, 0, 0, 0)), "CAT-8.2");
    check_ok(s, discard(2, rc(2, 2, 0, 0, 0)));
    CHECK(s.players[2].dev_cards == std::array<uint8_t, kDevCardTypes>{2, 0, 0, 0, 0});
}

TEST_CASE("CAT-8.4 each player chooses the discards; all discard before the robber moves", "[CAT-8.4]") {
    Position pos = robber_position();
    pos.players[1].hand = rc(1, 2, 3, 2, 0);
    pos.players[3].hand = rc(0, 0, 0, 5, 5);
    GameState s = start(pos);
    roll(s, 7);
    REQUIRE(s.phase == Phase::Discard);
    // Either order works; the active player may not move the robber meanwhile.
    check_ok(s, discard(3, rc(0, 0, 0, 1, 4)));
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 1), "CAT-8.4");
    check_rejected(s, act(ActionType::MoveRobber, 0, kEmptyHex, -1), "CAT-8.4");
    const ResourceCounts bank = s.bank;
    check_ok(s, discard(1, rc(0, 0, 3, 1, 0)));
    CHECK(s.players[1].hand == rc(1, 2, 0, 1, 0));
    CHECK(s.players[3].hand == rc(0, 0, 0, 4, 1));
    CHECK(s.bank == rc(bank[0], bank[1], bank[2] + 3, bank[3] + 1, bank[4]));
    CHECK(s.phase == Phase::MoveRobber);
    // Any combination of cards adding up is accepted.
    GameState t = start(pos);
    roll(t, 7);
    check_ok(t, discard(1, rc(1, 2, 1, 0, 0)));
    CHECK(t.players[1].hand == rc(0, 0, 2, 2, 0));
}

TEST_CASE("CAT-8.5 the robber must move to another hex; the desert is allowed", "[CAT-8.5]") {
    Position pos = robber_position();
    GameState s = start(pos);
    roll(s, 7);
    REQUIRE(s.phase == Phase::MoveRobber);
    const int desert = desert_hex(s.board);
    REQUIRE(s.robber == desert);
    check_rejected(s, act(ActionType::MoveRobber, 0, desert, -1), "CAT-8.5");
    check_rejected(s, act(ActionType::MoveRobber, 0, kHexes, -1), "CAT-8.5");
    LegalActions la;
    legal_actions(s, 0, la);
    std::set<int> hexes;
    for (const Action& a : la) hexes.insert(a.location);
    CHECK(hexes.size() == kHexes - 1);
    CHECK(hexes.count(desert) == 0);
    EventList ev;
    check_ok(s, act(ActionType::MoveRobber, 0, kEmptyHex, -1), &ev);
    CHECK(s.robber == kEmptyHex);
    CHECK(ev[0].type == EventType::RobberMoved);
    CHECK(ev[0].location == kEmptyHex);
    // From elsewhere the desert is a legal destination.
    pos.robber = kEmptyHex;
    GameState t = start(pos);
    roll(t, 7);
    check_rejected(t, act(ActionType::MoveRobber, 0, kEmptyHex, -1), "CAT-8.5");
    check_ok(t, act(ActionType::MoveRobber, 0, desert, 2));  // seat 2's settlement 18 touches the desert
    CHECK(t.robber == desert);
}

TEST_CASE("CAT-8.6 the thief takes one card from a player on the robber's hex", "[CAT-8.6]") {
    Position pos = robber_position();
    pos.players[1].hand = rc(0, 0, 0, 0, 3);
    pos.players[2].hand = rc(0, 4, 0, 0, 0);
    GameState s = start(pos);
    roll(s, 7);
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 2));
    CHECK(s.players[0].hand == rc(0, 1, 0, 0, 0));
    CHECK(s.players[2].hand == rc(0, 3, 0, 0, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 0, 3));
    GameState t = start(pos);
    roll(t, 7);
    check_ok(t, act(ActionType::MoveRobber, 0, kHills22, 1));
    CHECK(t.players[0].hand == rc(0, 0, 0, 0, 1));
    CHECK(t.players[1].hand == rc(0, 0, 0, 0, 2));
    CHECK(t.bank == rc(19, 15, 19, 19, 16));  // the bank is not involved
}

TEST_CASE("CAT-8.7 development cards cannot be stolen", "[CAT-8.7]") {
    Position pos = robber_position();
    pos.players[1].dev_cards = {2, 0, 0, 0, 1};
    pos.players[2].hand = rc(0, 0, 0, 1, 0);
    pos.players[2].dev_cards = {1, 1, 0, 0, 0};
    GameState s = start(pos);
    roll(s, 7);
    EventList ev;
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1), &ev);
    CHECK(s.players[1].dev_cards == std::array<uint8_t, kDevCardTypes>{2, 0, 0, 0, 1});
    CHECK(s.players[0].dev_cards == std::array<uint8_t, kDevCardTypes>{});
    CHECK(total_of(s.players[0].hand) == 0);
    for (const Event& e : ev)
        if (e.type == EventType::Stole) CHECK(e.value == 0);
    GameState t = start(pos);
    roll(t, 7);
    check_ok(t, act(ActionType::MoveRobber, 0, kHills22, 2));
    CHECK(t.players[0].hand == rc(0, 0, 0, 1, 0));
    CHECK(t.players[2].dev_cards == std::array<uint8_t, kDevCardTypes>{1, 1, 0, 0, 0});
}

TEST_CASE("CAT-8.8 the stolen card is drawn blind and only thief and victim learn it", "[CAT-8.8]") {
    Position pos = robber_position();
    pos.players[1].hand = rc(1, 0, 0, 0, 1);
    std::set<int> stolen;
    for (uint64_t seed = 0; seed < 60; ++seed) {
        GameState s = start(pos, seed);
        roll(s, 7);
        s.rng = make_rng(seed * 7 + 1);
        EventList ev;
        check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1), &ev);
        REQUIRE(total_of(s.players[0].hand) == 1);
        const int r = s.players[0].hand[0] ? 0 : 4;
        stolen.insert(r);
        int priv = 0, pub = 0;
        for (const Event& e : ev) {
            if (e.type != EventType::Stole) continue;
            CHECK(e.seat == 0);
            CHECK(e.other == 1);
            if (e.has_resource) {
                ++priv;
                CHECK(static_cast<int>(e.resource) == r);
                CHECK(visible_to(e, 0));
                CHECK(visible_to(e, 1));
                CHECK_FALSE(visible_to(e, 2));
                CHECK_FALSE(visible_to(e, 3));
                CHECK_FALSE(visible_to(e, kSpectator));
            } else {
                ++pub;
                CHECK_FALSE(visible_to(e, 0));
                CHECK_FALSE(visible_to(e, 1));
                CHECK(visible_to(e, 2));
                CHECK(visible_to(e, 3));
                CHECK(visible_to(e, kSpectator));
            }
        }
        CHECK(priv == 1);
        CHECK(pub == 1);
        // The others see only the counts.
        const SeatView v = make_view(s, 2);
        CHECK(v.player[0].resource_count == 1);
        CHECK(v.player[1].resource_count == 1);
        CHECK_FALSE(v.player[0].known);
    }
    CHECK(stolen.size() == 2);  // either card may be taken
    // The thief knows every hand size before choosing.
    GameState s = start(pos);
    roll(s, 7);
    CHECK(make_view(s, 0).player[1].resource_count == 2);
    CHECK(make_view(s, 0).player[2].resource_count == 0);
}

TEST_CASE("CAT-8.9 only opponents with a building on the hex can be robbed", "[CAT-8.9]") {
    Position pos = robber_position();
    for (int i = 0; i < 4; ++i) pos.players[i].hand = rc(1, 1, 1, 1, 0);
    GameState s = start(pos);
    roll(s, 7);
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 0), "CAT-8.9");  // oneself
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 3), "CAT-8.9");  // a road only
    check_rejected(s, act(ActionType::MoveRobber, 0, kEmptyHex, 1), "CAT-8.9");  // not on that hex
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 4), "CAT-8.9");   // no such seat
    LegalActions la;
    legal_actions(s, 0, la);
    std::set<int> victims;
    for (const Action& a : la)
        if (a.location == kHills22) victims.insert(a.target);
    CHECK(victims == std::set<int>{1, 2});
    // A hex with only the active player's own building: no steal.
    const int own_hex = hex_id(2, 1);  // fields 12: seat 0's settlement 17 only
    EventList ev;
    check_ok(s, act(ActionType::MoveRobber, 0, own_hex, -1), &ev);
    CHECK(count_events(ev, EventType::Stole) == 0);
    CHECK(total_of(s.players[0].hand) == 4);
}

TEST_CASE("CAT-8.10 an eligible opponent must be picked, even one with no cards", "[CAT-8.10]") {
    Position pos = robber_position();
    pos.players[2].hand = rc(0, 0, 2, 0, 0);
    GameState s = start(pos);
    roll(s, 7);
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, -1), "CAT-8.10");
    LegalActions la;
    legal_actions(s, 0, la);
    for (const Action& a : la)
        if (a.location == kHills22) CHECK(a.target >= 1);
    // Seat 1 holds nothing: picking it is allowed, and nothing is stolen.
    EventList ev;
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1), &ev);
    CHECK(total_of(s.players[0].hand) == 0);
    CHECK(s.players[2].hand == rc(0, 0, 2, 0, 0));
    CHECK(count_events(ev, EventType::Stole) == 1);
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("CAT-8.11 the robber blocks its hex until moved; it moves only on a 7 or a knight", "[CAT-8.11]") {
    Position pos = robber_position();
    pos.players[0].dev_cards = {1, 0, 0, 0, 0};
    pos.robber = kHills22;  // hills 6: seats 0, 1, 2 all touch it
    GameState s = start(pos);
    check_rejected(s, act(ActionType::MoveRobber, 0, kEmptyHex, -1), "CAT-8.11");
    const auto before = hands(s);
    roll(s, 6);
    // Fields 6 (5,2) still pays seat 3 (settlement 44); hills (2,2) pays nobody.
    CHECK(s.players[1].hand == before[1]);
    CHECK(s.players[2].hand == before[2]);
    CHECK(s.players[0].hand == before[0]);
    CHECK(s.players[3].hand == rc(0, 0, 1, 0, 0));
    check_rejected(s, act(ActionType::MoveRobber, 0, kEmptyHex, -1), "CAT-8.11");
    // Next turns: still blocked.
    check_ok(s, act(ActionType::EndTurn, 0));
    roll(s, 6);
    CHECK(s.players[1].hand == before[1]);
    check_ok(s, act(ActionType::EndTurn, 1));
    roll(s, 8);
    check_ok(s, act(ActionType::EndTurn, 2));
    roll(s, 8);
    check_ok(s, act(ActionType::EndTurn, 3));
    // A knight moves it away; then the hills produce again.
    REQUIRE(s.active == 0);
    check_ok(s, act(ActionType::PlayKnight, 0));
    check_ok(s, act(ActionType::MoveRobber, 0, kEmptyHex, -1));
    CHECK(s.robber == kEmptyHex);
    const auto mid = hands(s);
    roll(s, 6);
    CHECK(diff(s.players[0].hand, mid[0]) == rc(0, 0, 0, 1, 0));
    CHECK(diff(s.players[1].hand, mid[1]) == rc(0, 0, 0, 1, 0));
    CHECK(diff(s.players[2].hand, mid[2]) == rc(0, 0, 0, 1, 0));
}

// ---------------------------------------------------------------- HK-5

namespace {
Position hk_forest_position() {
    Position pos;
    pos.options.map = MapKind::Explicit;
    pos.options.board = forest_six_board();
    pos.options.ruleset = Ruleset::HK2024;
    pos.options.players = 3;
    // A: two cities and a settlement on forest (4,1): owed 5 lumber on a 6.
    const auto& c = geometry().hex_corner[hex_id(4, 1)];
    pos.players[0].cities = {c[static_cast<int>(Corner::Top)], c[static_cast<int>(Corner::LowerRight)]};
    pos.players[0].settlements = {c[static_cast<int>(Corner::LowerLeft)]};
    pos.active = 0;
    return pos;
}
}  // namespace

TEST_CASE("HK-5.1 shortage: a single recipient takes what is left, several get nothing", "[HK-5.1]") {
    // The CAT-7.5 position under HK rules: seat 0 alone is owed 2 lumber with 1 in the supply.
    Position pos;
    pos.options.map = MapKind::Explicit;
    pos.options.board = starter_board();
    pos.options.ruleset = Ruleset::HK2024;
    pos.players[0].cities = {43};
    pos.players[0].settlements = {26};
    pos.players[1].hand = rc(18, 0, 0, 0, 0);
    GameState s = start(pos);
    EventList ev = roll(s, 8);
    CHECK(s.players[0].hand == rc(1, 0, 0, 0, 1));
    CHECK(s.bank[0] == 0);
    CHECK(count_events(ev, EventType::ProductionBlocked) == 0);
    // Base rules on the same position: nothing.
    Position base = pos;
    base.options.ruleset = Ruleset::Base;
    GameState b = start(base);
    roll(b, 8);
    CHECK(b.players[0].hand == rc(0, 0, 0, 0, 1));
    // Two recipients, short: nobody gets lumber; ore is still paid.
    pos.players[2].settlements = {28};
    pos.players[1].hand = rc(17, 0, 0, 0, 0);
    GameState t = start(pos);
    ev = roll(t, 8);
    CHECK(t.players[0].hand == rc(0, 0, 0, 0, 1));
    CHECK(t.players[2].hand == ResourceCounts{});
    CHECK(t.bank[0] == 2);
    CHECK(count_events(ev, EventType::ProductionBlocked) == 1);
    // Not short (supply equals what is owed): everyone is paid in full.
    pos.players[1].hand = rc(16, 0, 0, 0, 0);
    GameState u = start(pos);
    roll(u, 8);
    CHECK(u.players[0].hand == rc(2, 0, 0, 0, 1));
    CHECK(u.players[2].hand == rc(1, 0, 0, 0, 0));
}

TEST_CASE("HK-5.2 worked examples: 5 owed with 3 left gives 3; 5 + 1 owed with 5 left gives none", "[HK-5.2]") {
    {
        // (1) A is owed 5 lumber and the supply has 3: A gets 3.
        Position pos = hk_forest_position();
        pos.players[2].hand = rc(16, 0, 0, 0, 0);  // C holds the rest of the lumber
        GameState s = start(pos);
        REQUIRE(s.bank[0] == 3);
        const auto owed = expected_owed(s, 6);
        REQUIRE(owed[0] == rc(5, 0, 0, 0, 0));
        REQUIRE(owed[1] == ResourceCounts{});
        roll(s, 6);
        CHECK(s.players[0].hand == rc(3, 0, 0, 0, 0));
        CHECK(s.bank[0] == 0);
    }
    {
        // (2) A is owed 5, B is owed 1, the supply has 5: nobody gets lumber.
        Position pos = hk_forest_position();
        pos.players[1].settlements = {geometry().hex_corner[hex_id(1, 3)][static_cast<int>(Corner::Top)]};
        pos.players[2].hand = rc(14, 0, 0, 0, 0);
        GameState s = start(pos);
        REQUIRE(s.bank[0] == 5);
        const auto owed = expected_owed(s, 6);
        REQUIRE(owed[0] == rc(5, 0, 0, 0, 0));
        REQUIRE(owed[1] == rc(1, 0, 0, 0, 0));
        const EventList ev = roll(s, 6);
        CHECK(s.players[0].hand == ResourceCounts{});
        CHECK(s.players[1].hand == ResourceCounts{});
        CHECK(s.bank[0] == 5);
        CHECK(count_events(ev, EventType::ProductionBlocked) == 1);
    }
}

TEST_CASE("HK-5.3 on a 7, 8 or more cards: discard the smaller half, back to the supply", "[HK-5.3]") {
    Position pos = robber_position(TradeBuildMode::Combined, Ruleset::HK2024);
    pos.players[0].hand = rc(0, 0, 0, 0, 7);  // 7: keeps them all
    pos.players[1].hand = rc(8, 0, 0, 0, 0);  // 8 -> 4
    pos.players[2].hand = rc(0, 11, 0, 0, 0);  // 11 -> 5
    GameState s = start(pos);
    roll(s, 7);
    CHECK(s.players[0].discard_owed == 0);
    CHECK(s.players[1].discard_owed == 4);
    CHECK(s.players[2].discard_owed == 5);
    const ResourceCounts bank = s.bank;
    check_rejected(s, discard(2, rc(0, 6, 0, 0, 0)), "CAT-8.2");
    check_ok(s, discard(1, rc(4, 0, 0, 0, 0)));
    check_ok(s, discard(2, rc(0, 5, 0, 0, 0)));
    CHECK(s.bank == rc(bank[0] + 4, bank[1] + 5, bank[2], bank[3], bank[4]));
    CHECK(total_of(s.players[2].hand) == 6);
}

TEST_CASE("HK-5.4 a 7 is fully resolved before anything else", "[HK-5.4]") {
    Position pos = robber_position(TradeBuildMode::Combined, Ruleset::HK2024);
    pos.players[0].hand = rc(4, 0, 1, 1, 1);  // 7 cards: no discard
    pos.players[0].dev_cards = {1, 0, 0, 0, 0};
    pos.players[1].hand = rc(0, 8, 0, 0, 0);
    GameState s = start(pos);
    roll(s, 7);
    REQUIRE(s.phase == Phase::Discard);
    Action trade = act(ActionType::BankTrade, 0);
    trade.give = rc(4, 0, 0, 0, 0);
    trade.get = rc(0, 0, 0, 0, 1);
    Action offer = act(ActionType::OfferTrade, 0);
    offer.give = rc(1, 0, 0, 0, 0);
    offer.get = rc(0, 1, 0, 0, 0);
    offer.targets = 0b0010;
    const int road = geometry().intersection_edges[17][0];
    auto none_allowed = [&]() {
        check_rejected(s, trade, "CAT-9.1");
        check_rejected(s, offer, "CAT-9.1");
        check_rejected(s, act(ActionType::BuildRoad, 0, road), "CAT-10.1");
        check_rejected(s, act(ActionType::BuyDevCard, 0), "CAT-10.1");
        check_rejected(s, act(ActionType::PlayKnight, 0), "CAT-6.7");
        check_rejected(s, act(ActionType::EndTurn, 0), "CAT-6.5");
    };
    none_allowed();
    check_ok(s, discard(1, rc(0, 4, 0, 0, 0)));
    REQUIRE(s.phase == Phase::MoveRobber);
    none_allowed();
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1));
    REQUIRE(s.phase == Phase::Main);
    check_ok(s, trade);
    check_ok(s, act(ActionType::PlayKnight, 0));
}

TEST_CASE("HK-5.5 the robber moves to the desert or any resource hex, never stays", "[HK-5.5]") {
    Position pos = robber_position(TradeBuildMode::Combined, Ruleset::HK2024);
    pos.robber = kHills22;
    GameState s = start(pos);
    roll(s, 7);
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 1), "CAT-8.5");
    const int desert = desert_hex(s.board);
    // Every other hex is a legal destination, the desert included.
    LegalActions la;
    legal_actions(s, 0, la);
    std::set<int> hexes;
    for (const Action& a : la) hexes.insert(a.location);
    CHECK(hexes.size() == kHexes - 1);
    CHECK(hexes.count(desert) == 1);
    CHECK(hexes.count(kHills22) == 0);
    check_ok(s, act(ActionType::MoveRobber, 0, desert, 2));
    CHECK(s.robber == desert);
}

TEST_CASE("HK-5.6 steal from the owner of a building on the hex; an empty hand ends it", "[HK-5.6]") {
    Position pos = robber_position(TradeBuildMode::Combined, Ruleset::HK2024);
    pos.players[0].hand = rc(0, 0, 0, 1, 0);
    pos.players[2].hand = rc(0, 0, 0, 0, 2);
    GameState s = start(pos);
    roll(s, 7);
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, 0), "CAT-8.9");  // own building
    check_rejected(s, act(ActionType::MoveRobber, 0, kHills22, -1), "CAT-8.10");
    GameState t = s;
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 2));
    CHECK(s.players[0].hand == rc(0, 0, 0, 1, 1));
    CHECK(s.players[2].hand == rc(0, 0, 0, 0, 1));
    EventList ev;
    check_ok(t, act(ActionType::MoveRobber, 0, kHills22, 1), &ev);  // seat 1 has no cards
    CHECK(t.players[0].hand == rc(0, 0, 0, 1, 0));
    CHECK(t.phase == Phase::Main);
    for (const Event& e : ev)
        if (e.type == EventType::Stole) CHECK(e.value == 0);
}

TEST_CASE("HK-5.7 a hex with the robber produces nothing", "[HK-5.7]") {
    Position pos = production_position(Ruleset::HK2024);
    pos.robber = hex_id(4, 3);  // fields 3
    GameState s = start(pos);
    roll(s, 3);
    CHECK(s.players[0].hand == rc(2, 0, 0, 0, 0));
    CHECK(s.players[1].hand == ResourceCounts{});
    CHECK(s.players[2].hand == rc(1, 0, 0, 0, 0));
    // And once moved away, it produces again.
    Position free = production_position(Ruleset::HK2024);
    GameState f = start(free);
    roll(f, 3);
    CHECK(f.players[1].hand == rc(0, 0, 1, 0, 0));
}
