// Information, components, starting player, setup and turn structure:
// CAT-0, CAT-1.6..1.10, CAT-3.6..3.8, CAT-4.7, CAT-5, CAT-6.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
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

// The action is rejected naming `rule`, and nothing changes, the generator included.
void check_rejected_keeps_rng(GameState& s, const Action& a, const std::string& rule) {
    const Rng rng = s.rng;
    check_rejected(s, a, rule);
    CHECK(std::equal(std::begin(rng.s), std::end(rng.s), std::begin(s.rng.s)));
}

GameState game(GameOptions o, uint64_t seed, EventList* ev = nullptr) {
    GameState s;
    const char* err = nullptr;
    INFO("new_game error: " << (err ? err : ""));
    REQUIRE(new_game(o, seed, s, ev, &err));
    return s;
}

GameOptions starter(int players = 4) {
    GameOptions o;
    o.map = MapKind::Starter;
    o.players = players;
    return o;
}

// Plays the setup with random legal placements.
void finish_setup(GameState& s, uint64_t seed, EventList* ev = nullptr) {
    Rng rng = make_rng(seed);
    LegalActions la;
    int guard = 0;
    while (s.turn == 0 && guard++ < 100) {
        if (s.phase == Phase::MapStudy) {
            check_ok(s, act(ActionType::BeginPlacement, 0), ev);
            continue;
        }
        check_ok(s, random_legal_action(s, s.active, rng, la), ev);
    }
    REQUIRE(s.turn == 1);
}

// A mid-game position on the starter board: each seat has two settlements far apart.
Position basic_position(TradeBuildMode mode, int players = 4) {
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.options.mode = mode;
    pos.options.players = players;
    const int spots[4][2] = {{4, 53}, {2, 44}, {20, 38}, {18, 41}};  // none on a harbor
    for (int i = 0; i < players; ++i) {
        pos.players[i].settlements = {spots[i][0], spots[i][1]};
        pos.players[i].roads = {geometry().intersection_edges[spots[i][0]][0],
                                geometry().intersection_edges[spots[i][1]][0]};
    }
    pos.active = 0;
    pos.phase = Phase::PreRoll;
    return pos;
}

// Starting-roll events in order.
std::vector<Event> starting_rolls(const EventList& ev) {
    std::vector<Event> out;
    for (const Event& e : ev)
        if (e.type == EventType::StartingRoll) out.push_back(e);
    return out;
}

}  // namespace

// ---------------------------------------------------------------- CAT-0

TEST_CASE("CAT-0.1 only 3 or 4 players; seats beyond the game are rejected", "[CAT-0.1]") {
    for (int n : {0, 1, 2, 5, 6}) {
        GameOptions o;
        o.players = n;
        GameState s;
        const char* err = nullptr;
        CHECK_FALSE(new_game(o, 1, s, nullptr, &err));
        CHECK(err != nullptr);
    }
    for (int n : {3, 4}) {
        GameOptions o;
        o.players = n;
        GameState s = game(o, 1);
        CHECK(s.options.players == n);
        // A seat number outside the game is refused by the engine.
        check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, n, 0), "CAT-0.1");
        check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 7, 0), "CAT-0.1");
    }
}

TEST_CASE("CAT-0.2 configuration defaults and explicit overrides", "[CAT-0.2]") {
    ResolvedOptions r{};
    // Defaults: random map, spiral numbers, combined mode.
    REQUIRE(resolve_options(GameOptions{}, r) == nullptr);
    CHECK(r.map == MapKind::Random);
    CHECK(r.number_placement == NumberPlacement::Spiral);
    CHECK(r.mode == TradeBuildMode::Combined);
    CHECK(r.ruleset == Ruleset::Base);
    // The starter map defaults to classic mode.
    REQUIRE(resolve_options(starter(), r) == nullptr);
    CHECK(r.mode == TradeBuildMode::Classic);
    // Either mode may be set with either map.
    GameOptions o = starter();
    o.mode = TradeBuildMode::Combined;
    REQUIRE(resolve_options(o, r) == nullptr);
    CHECK(r.mode == TradeBuildMode::Combined);
    o = GameOptions{};
    o.mode = TradeBuildMode::Classic;
    REQUIRE(resolve_options(o, r) == nullptr);
    CHECK(r.mode == TradeBuildMode::Classic);
    o.number_placement = NumberPlacement::Random;
    REQUIRE(resolve_options(o, r) == nullptr);
    CHECK(r.number_placement == NumberPlacement::Random);
    // The game starts with the resolved settings, and the map is the kind asked for.
    GameState s = game(starter(), 3);
    CHECK(s.options.mode == TradeBuildMode::Classic);
    CHECK(s.board == starter_board());
    GameState g = game(GameOptions{}, 3);
    CHECK(g.options.mode == TradeBuildMode::Combined);
    CHECK(g.options.map == MapKind::Random);
    // After the roll the mode decides the phase.
    for (auto mode : {TradeBuildMode::Classic, TradeBuildMode::Combined}) {
        GameState p = start(basic_position(mode));
        REQUIRE(reseed_for_roll(p, 8));
        check_ok(p, act(ActionType::RollDice, 0));
        CHECK(p.phase == (mode == TradeBuildMode::Classic ? Phase::Trade : Phase::Main));
    }
}

TEST_CASE("CAT-0.3 the active player acts; the bank holds every card not in a hand", "[CAT-0.3]") {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        GameState s = game(GameOptions{}, seed);
        Rng rng = make_rng(seed * 31);
        LegalActions la;
        int bought = 0;
        for (int step = 0; step < 3000 && s.phase != Phase::GameOver; ++step) {
            if (s.phase == Phase::MapStudy) break;
            const int seat = next_decider(s);
            // Nobody but the active player (or a discarding player) has anything to do.
            for (int i = 0; i < s.options.players; ++i) {
                legal_actions(s, i, la);
                if (i != s.active && s.phase != Phase::Discard) REQUIRE(la.count == 0);
            }
            const Action a = random_legal_action(s, seat, rng, la);
            EventList ev;
            REQUIRE(apply(s, a, &ev));
            for (const Event& e : ev)
                if (e.type == EventType::DevCardBought && e.has_card) ++bought;
            for (int r = 0; r < kResourceTypes; ++r) {
                int held = s.bank[r];
                for (int i = 0; i < s.options.players; ++i) held += s.players[i].hand[r];
                REQUIRE(held == kCardsPerResource);
            }
            REQUIRE(make_view(s, kSpectator).deck_size == kDevCards - bought);
            REQUIRE(s.deck_next == bought);
        }
    }
}

TEST_CASE("CAT-0.4 hands and development card types are hidden; counts and played knights are public",
          "[CAT-0.4]") {
    Position a = basic_position(TradeBuildMode::Combined);
    a.players[1].hand = rc(2, 1, 0, 3, 0);
    a.players[2].hand = rc(0, 2, 3, 0, 1);
    a.players[1].dev_cards = {1, 0, 0, 0, 1};
    a.players[1].knights_played = 2;
    Position b = a;
    // Same counts and same bank, different cards.
    b.players[1].hand = rc(0, 3, 3, 0, 0);
    b.players[2].hand = rc(2, 0, 0, 3, 1);
    b.players[1].dev_cards = {0, 0, 1, 0, 1};
    const GameState sa = start(a), sb = start(b);
    for (int seat : {0, 3, kSpectator}) {
        const SeatView va = make_view(sa, seat);
        const SeatView vb = make_view(sb, seat);
        CHECK(va == vb);  // nothing tells the two positions apart
        for (int i : {1, 2}) {
            const PlayerView& p = va.player[i];
            CHECK_FALSE(p.known);
            CHECK(p.hand == ResourceCounts{});
            CHECK(p.dev_cards == std::array<uint8_t, kDevCardTypes>{});
            CHECK(p.resource_count == 6);
        }
        CHECK(va.player[1].dev_card_count == 2);
        CHECK(va.player[1].knights_played == 2);  // played knights are public
        CHECK(va.player[1].public_vp == 2);       // the VP card stays hidden
        CHECK(va.player[1].total_vp == 0);
    }
    // The owner sees their own cards.
    const SeatView own = make_view(sa, 1);
    CHECK(own.player[1].known);
    CHECK(own.player[1].hand == rc(2, 1, 0, 3, 0));
    CHECK(own.player[1].dev_cards == std::array<uint8_t, kDevCardTypes>{1, 0, 0, 0, 1});
    CHECK(own.player[1].total_vp == 3);
    CHECK(make_view(sa, 1) != make_view(sb, 1));
    CHECK(make_view(sa, 2) != make_view(sb, 2));

    // A bought card is announced to everyone, its type only to the buyer.
    Position c = basic_position(TradeBuildMode::Combined);
    c.players[0].hand = kDevCardCost;
    c.players[0].dev_cards = {1, 0, 0, 0, 0};
    c.phase = Phase::Main;
    c.deck = {DevCard::Monopoly};
    GameState s = start(c);
    EventList ev;
    check_ok(s, act(ActionType::BuyDevCard, 0), &ev);
    int priv = 0, pub = 0;
    for (const Event& e : ev) {
        if (e.type != EventType::DevCardBought) continue;
        if (e.has_card) {
            ++priv;
            CHECK(e.card == DevCard::Monopoly);
            CHECK(visible_to(e, 0));
            for (int seat : {1, 2, 3, kSpectator}) CHECK_FALSE(visible_to(e, seat));
        } else {
            ++pub;
            CHECK_FALSE(visible_to(e, 0));
            for (int seat : {1, 2, 3, kSpectator}) CHECK(visible_to(e, seat));
        }
    }
    CHECK(priv == 1);
    CHECK(pub == 1);
    CHECK(make_view(s, 2).player[0].dev_card_count == 2);
    // A played knight is public, with its type, and counts in everyone's view.
    ev.clear();
    check_ok(s, act(ActionType::PlayKnight, 0), &ev);
    bool seen = false;
    for (const Event& e : ev)
        if (e.type == EventType::DevCardPlayed) {
            seen = true;
            CHECK(e.card == DevCard::Knight);
            CHECK(e.visible_to == kEveryone);
        }
    CHECK(seen);
    for (int seat : {1, 2, 3, kSpectator}) {
        CHECK(make_view(s, seat).player[0].knights_played == 1);
        CHECK(make_view(s, seat).player[0].dev_card_count == 1);
    }
}

// ---------------------------------------------------------------- CAT-1

TEST_CASE("CAT-1.6 95 resource cards, 19 of each", "[CAT-1.6]") {
    GameState s = game(GameOptions{}, 4);
    for (int r = 0; r < kResourceTypes; ++r) CHECK(s.bank[r] == 19);
    CHECK(total_of(s.bank) == 95);
    // A position cannot hold more than 19 of a kind.
    Position pos = basic_position(TradeBuildMode::Combined);
    pos.players[0].hand = rc(10, 0, 0, 0, 0);
    pos.players[1].hand = rc(9, 0, 0, 0, 0);
    GameState ok = start(pos);
    CHECK(ok.bank[0] == 0);
    pos.players[2].hand = rc(1, 0, 0, 0, 0);
    GameState bad;
    CHECK(start_from_position(pos, 1, bad) != nullptr);
}

TEST_CASE("CAT-1.7 25 development cards: 14 knights, 5 VP, 2 of each progress card", "[CAT-1.7]") {
    for (uint64_t seed = 0; seed < 20; ++seed) {
        GameState s = game(GameOptions{}, seed);
        std::array<int, kDevCardTypes> count{};
        for (DevCard d : s.deck) ++count[static_cast<int>(d)];
        CHECK(count == std::array<int, kDevCardTypes>{14, 2, 2, 2, 5});
        CHECK(make_view(s, kSpectator).deck_size == 25);
    }
    // A position may not hold more cards of a type than exist.
    Position pos = basic_position(TradeBuildMode::Combined);
    pos.players[0].dev_cards = {0, 0, 0, 2, 0};
    GameState s;
    CHECK(start_from_position(pos, 1, s) == nullptr);
    pos.players[1].dev_cards = {0, 0, 0, 1, 0};
    CHECK(start_from_position(pos, 1, s) != nullptr);
    pos.players[1].dev_cards = {};
    pos.players[1].knights_played = 14;
    pos.players[2].dev_cards = {1, 0, 0, 0, 0};
    CHECK(start_from_position(pos, 1, s) != nullptr);
}

TEST_CASE("CAT-1.8 each player has 5 settlements, 4 cities and 15 roads", "[CAT-1.8]") {
    GameState s = game(GameOptions{}, 2);
    for (int i = 0; i < 4; ++i) {
        CHECK(s.players[i].settlements_left == 5);
        CHECK(s.players[i].cities_left == 4);
        CHECK(s.players[i].roads_left == 15);
    }
    Position pos;
    pos.options.map = MapKind::Starter;
    pos.players[0].settlements = {0, 2, 10, 26, 47};
    pos.players[0].cities = {53, 38, 30, 19};
    for (int side = 0; side < 6; ++side) {
        pos.players[0].roads.push_back(geometry().hex_side[hex_id(1, 1)][side]);
        pos.players[0].roads.push_back(geometry().hex_side[hex_id(5, 3)][side]);
    }
    for (int side = 0; side < 3; ++side) pos.players[0].roads.push_back(geometry().hex_side[hex_id(3, 1)][side]);
    pos.phase = Phase::Main;
    GameState full = start(pos);
    CHECK(full.players[0].settlements_left == 0);
    CHECK(full.players[0].cities_left == 0);
    CHECK(full.players[0].roads_left == 0);
    // With nothing left in supply, nothing more can be built, whatever the hand.
    full.players[0].hand = rc(5, 5, 5, 5, 5);
    LegalActions la;
    legal_actions(full, 0, la);
    for (const Action& a : la) {
        CHECK(a.type != ActionType::BuildRoad);
        CHECK(a.type != ActionType::BuildSettlement);
        CHECK(a.type != ActionType::BuildCity);
    }
    GameState bad;
    Position more = pos;
    more.players[0].settlements.push_back(50);  // a sixth settlement
    CHECK(start_from_position(more, 1, bad) != nullptr);
    more = pos;
    more.players[0].cities.push_back(50);  // a fifth city
    CHECK(start_from_position(more, 1, bad) != nullptr);
    more = pos;
    more.players[0].roads.push_back(geometry().hex_side[hex_id(3, 3)][0]);  // a sixteenth road
    CHECK(start_from_position(more, 1, bad) != nullptr);
}

TEST_CASE("CAT-1.9 Longest Road and Largest Army are worth 2 VP; two dice; one robber", "[CAT-1.9]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    const int desert = hex_id(3, 3);
    // Five connected road pieces round a hex for seat 1 (its settlements stay where they were).
    for (int side = 0; side < 5; ++side) pos.players[1].roads.push_back(geometry().hex_side[hex_id(3, 4)][side]);
    pos.players[2].knights_played = 3;
    GameState s = start(pos);
    CHECK(s.longest_road_holder == 1);
    CHECK(s.largest_army_holder == 2);
    CHECK(public_victory_points(s, 0) == 2);
    CHECK(public_victory_points(s, 1) == 4);
    CHECK(public_victory_points(s, 2) == 4);
    CHECK(s.robber == desert);
    // Two six-sided dice.
    std::set<int> seen0, seen1;
    for (uint64_t k = 0; k < 300; ++k) {
        GameState c = start(basic_position(TradeBuildMode::Combined), k);
        REQUIRE(apply(c, act(ActionType::RollDice, 0)));
        REQUIRE(c.dice[0] >= 1);
        REQUIRE(c.dice[0] <= 6);
        REQUIRE(c.dice[1] >= 1);
        REQUIRE(c.dice[1] <= 6);
        seen0.insert(c.dice[0]);
        seen1.insert(c.dice[1]);
    }
    CHECK(seen0.size() == 6);
    CHECK(seen1.size() == 6);
}

TEST_CASE("CAT-1.10 a 3-player game uses seats 0..2 only", "[CAT-1.10]") {
    for (auto map : {MapKind::Starter, MapKind::Random}) {
        GameOptions o;
        o.players = 3;
        o.map = map;
        GameState s = game(o, 11);
        CHECK(make_view(s, 0).players == 3);
        check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 3, 0), "CAT-0.1");
        Rng rng = make_rng(5);
        EventList ev;
        REQUIRE(play_random_game(s, rng, 200000, &ev) > 0);
        for (const Event& e : ev) REQUIRE(e.seat < 3);
        CHECK(s.players[3].settlements == 0);
        CHECK(s.players[3].roads.empty());
        CHECK(total_of(s.players[3].hand) == 0);
        CHECK(s.winner >= 0);
        CHECK(s.winner < 3);
        check_rejected_keeps_rng(s, act(ActionType::Timeout, 3), "CAT-0.1");
    }
    // Mid-game: the fourth seat can do nothing.
    GameState s = start(basic_position(TradeBuildMode::Combined, 3));
    for (ActionType t : {ActionType::RollDice, ActionType::EndTurn, ActionType::BuyDevCard, ActionType::Warn})
        check_rejected_keeps_rng(s, act(t, 3), "CAT-0.1");
    LegalActions la;
    legal_actions(s, 3, la);
    CHECK(la.count == 0);
}

// ---------------------------------------------------------------- CAT-3

TEST_CASE("CAT-3.6 the starter map is set up by normal placement (decision)", "[CAT-3.6]") {
    for (int n : {3, 4}) {
        GameState s = game(starter(n), 9);
        CHECK(s.board == starter_board());
        CHECK(s.phase == Phase::SetupSettlement);
        CHECK(s.turn == 0);
        CHECK(s.occupied == 0);
        CHECK(s.all_roads.empty());
        for (int i = 0; i < n; ++i) CHECK(total_of(s.players[i].hand) == 0);
        finish_setup(s, 4);
        for (int i = 0; i < n; ++i) {
            CHECK(std::popcount(s.players[i].settlements) == 2);
            CHECK(s.players[i].roads.count() == 2);
        }
        if (n == 3) CHECK(s.players[3].settlements == 0);  // the fourth colour's pieces are not used
    }
}

TEST_CASE("CAT-3.7 a starred settlement grants one card per adjacent hex", "[CAT-3.7]") {
    Position pos = basic_position(TradeBuildMode::Classic);
    const int v = 28;  // touches fields 9, forest 11 and forest 8 on the starter map
    REQUIRE(geometry().intersection_hexes[v][0] != kNone);
    pos.players[2].settlements = {v, 47};
    pos.players[2].roads = {};
    pos.players[2].starred_settlement = v;
    pos.players[3].starred_settlement = 18;  // touches hills, pasture and the desert
    GameState s = start(pos);
    ResourceCounts want{};
    for (int8_t h : geometry().intersection_hexes[v])
        if (h != kNone && s.board.terrain[h] != Terrain::Desert) ++want[static_cast<int>(s.board.terrain[h])];
    CHECK(want == rc(2, 0, 1, 0, 0));
    CHECK(s.players[2].hand == want);
    CHECK(s.players[3].hand == rc(0, 1, 0, 1, 0));  // the desert gives nothing
    CHECK(s.players[0].hand == ResourceCounts{});
    CHECK(s.bank == rc(17, 18, 18, 18, 19));
    // The star must be on one of the player's own settlements.
    pos.players[1].starred_settlement = v;
    GameState bad;
    CHECK(start_from_position(pos, 1, bad) != nullptr);
}

TEST_CASE("CAT-3.8 starter map: seat 0 starts by default, or the configured seat; play goes clockwise",
          "[CAT-3.8]") {
    EventList ev;
    GameState s = game(starter(), 5, &ev);
    CHECK(s.options.starting_seat == 0);
    CHECK(s.starting_seat == 0);
    CHECK(s.active == 0);
    CHECK(starting_rolls(ev).empty());  // nobody rolls for it on the starter map
    for (int seat = 0; seat < 4; ++seat) {
        GameOptions o = starter();
        o.starting_seat = seat;
        GameState g = game(o, 5);
        CHECK(g.starting_seat == seat);
        CHECK(g.active == seat);
        finish_setup(g, 8);
        CHECK(g.active == seat);
        // Clockwise from there.
        for (int k = 1; k <= 4; ++k) {
            REQUIRE(reseed_for_roll(g, 8));
            check_ok(g, act(ActionType::RollDice, g.active));
            check_ok(g, act(ActionType::EndTurn, g.active));
            CHECK(g.active == (seat + k) % 4);
        }
    }
    GameOptions o = starter(3);
    o.starting_seat = 3;  // no such seat with 3 players
    GameState g;
    CHECK_FALSE(new_game(o, 1, g));
}

// ---------------------------------------------------------------- CAT-4.7

TEST_CASE("CAT-4.7 random map: roll-off for the starting player, ties reroll among the tied", "[CAT-4.7]") {
    int ties = 0, partial_ties = 0;
    for (uint64_t seed = 0; seed < 400; ++seed) {
        for (int n : {3, 4}) {
            GameOptions o;
            o.players = n;
            EventList ev;
            GameState s = game(o, seed, &ev);
            const auto rolls = starting_rolls(ev);
            REQUIRE(static_cast<int>(rolls.size()) >= n);
            // Replay the roll-off round by round.
            std::vector<int> contenders;
            for (int i = 0; i < n; ++i) contenders.push_back(i);
            std::size_t k = 0;
            int rounds = 0;
            while (true) {
                REQUIRE(k + contenders.size() <= rolls.size());
                int best = 0;
                std::vector<int> top;
                for (int seat : contenders) {
                    const Event& e = rolls[k++];
                    REQUIRE(e.seat == seat);
                    REQUIRE(e.dice[0] >= 1);
                    REQUIRE(e.dice[0] <= 6);
                    REQUIRE(e.dice[1] >= 1);
                    REQUIRE(e.dice[1] <= 6);
                    const int t = e.dice[0] + e.dice[1];
                    if (t > best) {
                        best = t;
                        top = {seat};
                    } else if (t == best) {
                        top.push_back(seat);
                    }
                }
                ++rounds;
                if (top.size() == 1) {
                    CHECK(s.starting_seat == top[0]);
                    break;
                }
                if (top.size() < contenders.size()) ++partial_ties;
                contenders = top;  // only the tied roll again
            }
            CHECK(k == rolls.size());
            if (rounds > 1) ++ties;
            CHECK(s.active == s.starting_seat);
            // The StartingPlayer event names the winner.
            bool announced = false;
            for (const Event& e : ev)
                if (e.type == EventType::StartingPlayer) announced = e.seat == s.starting_seat;
            CHECK(announced);
        }
    }
    CHECK(ties > 0);
    CHECK(partial_ties > 0);

    // A concrete seed with a tie: the reroll involves exactly the tied seats.
    bool found = false;
    for (uint64_t seed = 0; seed < 1000 && !found; ++seed) {
        GameOptions o;
        EventList ev;
        GameState s = game(o, seed, &ev);
        const auto rolls = starting_rolls(ev);
        if (rolls.size() <= 4) continue;
        std::vector<int> totals;
        for (int i = 0; i < 4; ++i) totals.push_back(rolls[i].dice[0] + rolls[i].dice[1]);
        const int best = *std::max_element(totals.begin(), totals.end());
        std::vector<int> tied;
        for (int i = 0; i < 4; ++i)
            if (totals[i] == best) tied.push_back(i);
        if (tied.size() != 2) continue;
        found = true;
        INFO("seed " << seed);
        REQUIRE(rolls.size() >= 6);
        CHECK(rolls[4].seat == tied[0]);
        CHECK(rolls[5].seat == tied[1]);
        CHECK((s.starting_seat == tied[0] || s.starting_seat == tied[1]));
    }
    CHECK(found);
    // A fixed starting seat skips the roll-off even on the random map.
    GameOptions o;
    o.starting_seat = 2;
    EventList ev;
    GameState s = game(o, 3, &ev);
    CHECK(starting_rolls(ev).empty());
    CHECK(s.active == 2);
}

// ---------------------------------------------------------------- CAT-5

TEST_CASE("CAT-5.1 each player places only pieces of their own colour", "[CAT-5.1]") {
    EventList ev;
    GameState s = game(starter(), 2);
    finish_setup(s, 6, &ev);
    const SeatView v = make_view(s, kSpectator);
    for (int i = 0; i < 4; ++i) {
        int buildings = 0, roads = 0;
        for (int x = 0; x < kIntersections; ++x) {
            if (v.building_owner[x] == i) ++buildings;
            CHECK(has_bit(s.players[i].settlements, x) == (v.building_owner[x] == i));
        }
        for (int e = 0; e < kEdges; ++e) roads += v.road_owner[e] == i;
        CHECK(buildings == 2);
        CHECK(roads == 2);
        CHECK(s.players[i].settlements_left == 3);
        CHECK(s.players[i].roads_left == 13);
    }
    // A player cannot place on another's step.
    GameState g = game(starter(), 2);
    check_rejected_keeps_rng(g, act(ActionType::PlaceSetupSettlement, 1, 0), "CAT-5.5");
}

TEST_CASE("CAT-5.2 preparation: full bank, shuffled deck, robber on the desert, special cards aside", "[CAT-5.2]") {
    std::set<std::vector<int>> orders;
    for (uint64_t seed = 0; seed < 10; ++seed) {
        GameState s = game(GameOptions{}, seed);
        CHECK(s.bank == rc(19, 19, 19, 19, 19));
        CHECK(s.deck_next == 0);
        CHECK(s.robber == desert_hex(s.board));
        CHECK(s.longest_road_holder == -1);
        CHECK(s.largest_army_holder == -1);
        CHECK(s.dice[0] == 0);
        std::vector<int> order;
        for (DevCard d : s.deck) order.push_back(static_cast<int>(d));
        orders.insert(order);
        for (int i = 0; i < 4; ++i) {
            CHECK(total_of(s.players[i].hand) == 0);
            CHECK(s.players[i].dev_cards == std::array<uint8_t, kDevCardTypes>{});
        }
    }
    CHECK(orders.size() > 5);  // the deck is shuffled
}

TEST_CASE("CAT-5.3 setup is two rounds of one settlement and one road each", "[CAT-5.3]") {
    GameState s = game(starter(), 1);
    check_rejected_keeps_rng(s, act(ActionType::RollDice, 0), "CAT-5.3");
    check_rejected_keeps_rng(s, act(ActionType::EndTurn, 0), "CAT-5.3");
    check_rejected_keeps_rng(s, act(ActionType::BuildRoad, 0, 0), "CAT-5.3");
    check_rejected_keeps_rng(s, act(ActionType::BuyDevCard, 0), "CAT-5.3");
    Rng rng = make_rng(2);
    LegalActions la;
    int settlements = 0, roads = 0;
    while (s.turn == 0) {
        const Action a = random_legal_action(s, s.active, rng, la);
        if (a.type == ActionType::PlaceSetupSettlement) ++settlements;
        if (a.type == ActionType::PlaceSetupRoad) ++roads;
        REQUIRE(apply(s, a));
        if (settlements == 4 && roads == 4) {  // after round 1: one of each
            for (int i = 0; i < 4; ++i) {
                CHECK(std::popcount(s.players[i].settlements) == 1);
                CHECK(s.players[i].roads.count() == 1);
            }
        }
    }
    CHECK(settlements == 8);
    CHECK(roads == 8);
    for (int i = 0; i < 4; ++i) {
        CHECK(std::popcount(s.players[i].settlements) == 2);
        CHECK(s.players[i].roads.count() == 2);
    }
}

TEST_CASE("CAT-5.4 round 1: settlement anywhere, then a road touching it", "[CAT-5.4]") {
    GameState s = game(starter(), 1);
    REQUIRE(s.active == 0);
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupRoad, 0, 0), "CAT-5.7");  // road before settlement
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 2, 30), "CAT-5.5");
    // Any empty intersection works for the first settlement: even the centre of the island.
    for (int v = 0; v < kIntersections; ++v) {
        GameState c = s;
        CHECK(apply(c, act(ActionType::PlaceSetupSettlement, 0, v)));
    }
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    CHECK(s.phase == Phase::SetupRoad);
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 0, 0), "CAT-5.4");  // the road comes first
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)));
    // Then the next player clockwise.
    CHECK(s.active == 1);
    CHECK(s.phase == Phase::SetupSettlement);
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 1, 30), "CAT-2.3");
    check_ok(s, act(ActionType::PlaceSetupSettlement, 1, 0));
}

TEST_CASE("CAT-5.5 snake order: 1,2,3,4,4,3,2,1 and 1,2,3,3,2,1", "[CAT-5.5]") {
    struct Case {
        int players, start;
        std::vector<int> order;
    };
    for (const Case& c : {Case{4, 0, {0, 1, 2, 3, 3, 2, 1, 0}}, Case{3, 0, {0, 1, 2, 2, 1, 0}},
                          Case{4, 2, {2, 3, 0, 1, 1, 0, 3, 2}}, Case{3, 1, {1, 2, 0, 0, 2, 1}}}) {
        GameOptions o = starter(c.players);
        o.starting_seat = c.start;
        GameState s = game(o, 3);
        Rng rng = make_rng(9);
        LegalActions la;
        std::vector<int> order;
        while (s.turn == 0) {
            const Action a = random_legal_action(s, s.active, rng, la);
            if (a.type == ActionType::PlaceSetupSettlement) {
                order.push_back(s.active);
                // Nobody else may place now.
                for (int i = 0; i < c.players; ++i)
                    if (i != s.active) check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, i, a.location), "CAT-5.5");
            }
            REQUIRE(apply(s, a));
        }
        CHECK(order == c.order);
    }
}

TEST_CASE("CAT-5.6 setup settlements obey the distance rule and need no road", "[CAT-5.6]") {
    GameState s = game(starter(), 1);
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)));
    for (int8_t nb : geometry().intersection_neighbors[30])
        if (nb != kNone) check_rejected_keeps_rng(s, act(ActionType::PlaceSetupSettlement, 1, nb), "CAT-10.10");
    // Two edges away is fine.
    int two_away = -1;
    for (int v = 0; v < kIntersections && two_away < 0; ++v) {
        if (v == 30 || has_bit(geometry().intersection_neighbor_mask[30], v)) continue;
        for (int8_t nb : geometry().intersection_neighbors[v])
            if (nb != kNone && has_bit(geometry().intersection_neighbor_mask[30], nb)) two_away = v;
    }
    REQUIRE(two_away >= 0);
    check_ok(s, act(ActionType::PlaceSetupSettlement, 1, two_away));
    check_ok(s, act(ActionType::PlaceSetupRoad, 1, free_edge_at(s, two_away)));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 2, 0));
    check_ok(s, act(ActionType::PlaceSetupRoad, 2, free_edge_at(s, 0)));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 3, 2));
    check_ok(s, act(ActionType::PlaceSetupRoad, 3, free_edge_at(s, 2)));
    // Second settlement of seat 3: far from its first and from its road, still legal.
    check_ok(s, act(ActionType::PlaceSetupSettlement, 3, 51));
    CHECK_FALSE(has_bit(geometry().intersection_neighbor_mask[51], 2));
}

TEST_CASE("CAT-5.7 each setup road touches the settlement of the same step", "[CAT-5.7]") {
    GameState s = game(starter(3), 1);
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 0));
    const int far = geometry().hex_side[hex_id(3, 3)][0];
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupRoad, 0, far), "CAT-5.7");
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 0)));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 1, 2));
    check_ok(s, act(ActionType::PlaceSetupRoad, 1, free_edge_at(s, 2)));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 2, 51));
    check_ok(s, act(ActionType::PlaceSetupRoad, 2, free_edge_at(s, 51)));
    // Seat 2's second settlement: a road next to its first settlement does not count.
    check_ok(s, act(ActionType::PlaceSetupSettlement, 2, 26));
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupRoad, 2, free_edge_at(s, 51)), "CAT-5.7");
    const int own_road = geometry().intersection_edges[51][0];
    CHECK(s.all_roads.has(own_road));
    check_rejected_keeps_rng(s, act(ActionType::PlaceSetupRoad, 2, own_road), "CAT-2.4");
    LegalActions la;
    legal_actions(s, 2, la);
    for (const Action& a : la) {
        REQUIRE(a.type == ActionType::PlaceSetupRoad);
        const auto& ends = geometry().edge_ends[a.location];
        CHECK((ends[0] == 26 || ends[1] == 26));
    }
    check_ok(s, act(ActionType::PlaceSetupRoad, 2, free_edge_at(s, 26)));
}

TEST_CASE("CAT-5.8 the second settlement takes one card per adjacent hex", "[CAT-5.8]") {
    GameState s = game(starter(3), 1);
    EventList ev;
    auto place = [&](int seat, int v) {
        check_ok(s, act(ActionType::PlaceSetupSettlement, seat, v), &ev);
        check_ok(s, act(ActionType::PlaceSetupRoad, seat, free_edge_at(s, v)), &ev);
    };
    place(0, 0);
    place(1, 2);
    place(2, 51);
    for (int i = 0; i < 3; ++i) CHECK(total_of(s.players[i].hand) == 0);  // round 1 gives nothing
    place(2, 28);  // fields + forest + forest: two adjacent forests give two lumber
    CHECK(s.players[2].hand == rc(2, 0, 1, 0, 0));
    place(1, 18);  // hills + pasture + desert: the desert gives nothing
    CHECK(s.players[1].hand == rc(0, 1, 0, 1, 0));
    place(0, 46);  // two pastures and the sea
    CHECK(s.players[0].hand == rc(0, 2, 0, 0, 0));
    CHECK(s.bank == rc(17, 16, 18, 18, 19));
    int granted = 0;
    for (const Event& e : ev)
        if (e.type == EventType::StartingResources) {
            ++granted;
            CHECK(e.cards == s.players[e.seat].hand);
        }
    CHECK(granted == 3);
    // In random setups the cards always match the hexes round the second settlement.
    for (uint64_t seed = 0; seed < 30; ++seed) {
        GameState g = game(GameOptions{}, seed);
        EventList gev;
        finish_setup(g, seed + 100, &gev);
        std::vector<int> last(4, -1);
        for (const Event& e : gev)
            if (e.type == EventType::SettlementPlaced) last[e.seat] = e.location;
        for (int i = 0; i < 4; ++i) {
            ResourceCounts want{};
            for (int8_t h : geometry().intersection_hexes[last[i]])
                if (h != kNone && g.board.terrain[h] != Terrain::Desert) ++want[static_cast<int>(g.board.terrain[h])];
            CHECK(g.players[i].hand == want);
        }
    }
}

TEST_CASE("CAT-5.9 after setup the starting player takes the first turn with the roll", "[CAT-5.9]") {
    for (int start = 0; start < 4; ++start) {
        GameOptions o;
        o.starting_seat = start;
        GameState s = game(o, 12);
        EventList ev;
        finish_setup(s, 3, &ev);
        CHECK(s.active == start);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.turn == 1);
        CHECK_FALSE(s.rolled);
        REQUIRE_FALSE(ev.empty());
        CHECK(ev.back().type == EventType::TurnStarted);
        CHECK(ev.back().seat == start);
        check_rejected_keeps_rng(s, act(ActionType::EndTurn, start), "CAT-6.4");
        check_rejected_keeps_rng(s, act(ActionType::RollDice, (start + 1) % 4), "CAT-6.6");
        check_ok(s, act(ActionType::RollDice, start));
    }
}

TEST_CASE("CAT-5.10 setup pieces are free, count towards the limits, and give 2 VP", "[CAT-5.10]") {
    GameState s = game(GameOptions{}, 21);
    EventList ev;
    finish_setup(s, 22, &ev);
    std::array<ResourceCounts, 4> granted{};
    for (const Event& e : ev)
        if (e.type == EventType::StartingResources) granted[e.seat] = e.cards;
    for (int i = 0; i < 4; ++i) {
        CHECK(s.players[i].hand == granted[i]);  // nothing was paid
        CHECK(s.players[i].settlements_left == 3);
        CHECK(s.players[i].roads_left == 13);
        CHECK(s.players[i].cities_left == 4);
        CHECK(victory_points(s, i) == 2);
        CHECK(public_victory_points(s, i) == 2);
    }
}

// ---------------------------------------------------------------- CAT-6

TEST_CASE("CAT-6.1 turns pass clockwise", "[CAT-6.1]") {
    GameState s = start(basic_position(TradeBuildMode::Combined));
    for (int k = 0; k < 9; ++k) {
        const int before = s.active;
        REQUIRE(reseed_for_roll(s, 6));
        check_ok(s, act(ActionType::RollDice, before));
        EventList ev;
        check_ok(s, act(ActionType::EndTurn, before), &ev);
        CHECK(s.active == (before + 1) % 4);
        REQUIRE(ev.size() >= 2);
        CHECK(ev[0].type == EventType::TurnEnded);
        CHECK(ev[1].type == EventType::TurnStarted);
        CHECK(ev[1].seat == (before + 1) % 4);
    }
    // In a random game every turn goes to the next seat.
    for (int n : {3, 4}) {
        GameOptions o;
        o.players = n;
        GameState g = game(o, 8);
        Rng rng = make_rng(8);
        EventList ev;
        play_random_game(g, rng, 200000, &ev);
        int last_end = -1, turns = 0;
        for (const Event& e : ev) {
            if (e.type == EventType::TurnEnded) last_end = e.seat;
            if (e.type == EventType::TurnStarted && last_end >= 0) {
                REQUIRE(e.seat == (last_end + 1) % n);
                ++turns;
            }
        }
        CHECK(turns > 10);
    }
}

TEST_CASE("CAT-6.2 classic mode: production, then trade, then build, never back", "[CAT-6.2]") {
    Position pos = basic_position(TradeBuildMode::Classic);
    pos.players[0].hand = rc(9, 0, 0, 2, 0);
    GameState s = start(pos);
    Action trade = act(ActionType::BankTrade, 0);
    trade.give = rc(4, 0, 0, 0, 0);
    trade.get = rc(0, 0, 0, 0, 1);
    check_rejected_keeps_rng(s, trade, "CAT-6.4");
    REQUIRE(reseed_for_roll(s, 12));  // nobody produces on 12 here
    check_ok(s, act(ActionType::RollDice, 0));
    CHECK(s.phase == Phase::Trade);
    check_rejected_keeps_rng(s, act(ActionType::RollDice, 0), "CAT-6.4");
    check_ok(s, trade);
    CHECK(s.phase == Phase::Trade);
    const int road = geometry().intersection_edges[4][1];
    check_ok(s, act(ActionType::BuildRoad, 0, road));
    CHECK(s.phase == Phase::Build);
    check_rejected_keeps_rng(s, trade, "CAT-6.2");
    Action offer = act(ActionType::OfferTrade, 0);
    offer.give = rc(1, 0, 0, 0, 0);
    offer.get = rc(0, 1, 0, 0, 0);
    offer.targets = 0b1110;
    check_rejected_keeps_rng(s, offer, "CAT-6.2");
    check_ok(s, act(ActionType::EndTurn, 0));
    CHECK(s.active == 1);
}

TEST_CASE("CAT-6.3 combined mode: trade and build in any order, any number of times", "[CAT-6.3]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    pos.players[0].hand = rc(10, 0, 0, 2, 0);
    GameState s = start(pos);
    REQUIRE(reseed_for_roll(s, 12));
    check_ok(s, act(ActionType::RollDice, 0));
    CHECK(s.phase == Phase::Main);
    Action trade = act(ActionType::BankTrade, 0);
    trade.give = rc(4, 0, 0, 0, 0);
    trade.get = rc(0, 0, 0, 1, 0);
    const auto& edges = geometry().intersection_edges[4];
    check_ok(s, act(ActionType::BuildRoad, 0, edges[1]));
    check_ok(s, trade);  // trading after building
    CHECK(s.phase == Phase::Main);
    check_ok(s, act(ActionType::BuildRoad, 0, edges[2]));
    check_ok(s, trade);
    CHECK(s.players[0].hand == rc(0, 0, 0, 2, 0));
    CHECK(s.phase == Phase::Main);
}

TEST_CASE("CAT-6.4 the roll comes first; only a development card before it", "[CAT-6.4]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    pos.players[0].dev_cards = {1, 0, 0, 0, 0};
    GameState s = start(pos);
    Action trade = act(ActionType::BankTrade, 0);
    trade.give = rc(4, 0, 0, 0, 0);
    trade.get = rc(0, 0, 0, 0, 1);
    Action offer = act(ActionType::OfferTrade, 0);
    offer.give = rc(1, 0, 0, 0, 0);
    offer.get = rc(0, 1, 0, 0, 0);
    offer.targets = 0b0010;
    check_rejected_keeps_rng(s, trade, "CAT-6.4");
    check_rejected_keeps_rng(s, offer, "CAT-6.4");
    check_rejected_keeps_rng(s, act(ActionType::BuildRoad, 0, geometry().intersection_edges[4][1]), "CAT-6.4");
    check_rejected_keeps_rng(s, act(ActionType::BuyDevCard, 0), "CAT-6.4");
    check_rejected_keeps_rng(s, act(ActionType::EndTurn, 0), "CAT-6.4");
    LegalActions la;
    legal_actions(s, 0, la);
    for (const Action& a : la)
        CHECK((a.type == ActionType::RollDice || a.type == ActionType::PlayKnight));
    CHECK_FALSE(la.offer_trade);
    // A knight before the roll, then the roll.
    check_ok(s, act(ActionType::PlayKnight, 0));
    check_ok(s, act(ActionType::MoveRobber, 0, hex_id(3, 1), -1));
    CHECK(s.phase == Phase::PreRoll);
    REQUIRE(reseed_for_roll(s, 12));
    check_ok(s, act(ActionType::RollDice, 0));
    check_rejected_keeps_rng(s, act(ActionType::RollDice, 0), "CAT-6.4");
    check_ok(s, trade);
}

TEST_CASE("CAT-6.5 the turn may end once the roll is resolved, not before", "[CAT-6.5]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    GameState s = start(pos);
    REQUIRE(reseed_for_roll(s, 7));
    check_ok(s, act(ActionType::RollDice, 0));
    REQUIRE(s.phase == Phase::MoveRobber);  // nobody holds more than 7 cards
    check_rejected_keeps_rng(s, act(ActionType::EndTurn, 0), "CAT-6.5");
    check_ok(s, act(ActionType::MoveRobber, 0, hex_id(3, 1), -1));
    check_ok(s, act(ActionType::EndTurn, 0));
    CHECK(s.active == 1);
    // Discards pending: not yet.
    pos.players[2].hand = rc(8, 0, 0, 0, 0);
    GameState d = start(pos);
    REQUIRE(reseed_for_roll(d, 7));
    check_ok(d, act(ActionType::RollDice, 0));
    REQUIRE(d.phase == Phase::Discard);
    check_rejected_keeps_rng(d, act(ActionType::EndTurn, 0), "CAT-6.5");
    // Road Building still being placed: not yet.
    pos.players[2].hand = {};
    pos.players[0].dev_cards = {0, 1, 0, 0, 0};
    pos.phase = Phase::Main;
    GameState r = start(pos);
    check_ok(r, act(ActionType::PlayRoadBuilding, 0));
    REQUIRE(r.phase == Phase::RoadBuilding);
    check_rejected_keeps_rng(r, act(ActionType::EndTurn, 0), "CAT-6.5");
}

TEST_CASE("CAT-6.6 what a player who is not active may do", "[CAT-6.6]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    for (int i = 0; i < 4; ++i) pos.players[i].hand = rc(2, 2, 2, 2, 2);
    pos.players[1].dev_cards = {1, 0, 0, 0, 0};
    GameState s = start(pos);
    check_rejected_keeps_rng(s, act(ActionType::RollDice, 1), "CAT-6.6");
    check_rejected_keeps_rng(s, act(ActionType::EndTurn, 1), "CAT-6.6");
    REQUIRE(reseed_for_roll(s, 12));
    check_ok(s, act(ActionType::RollDice, 0));
    check_rejected_keeps_rng(s, act(ActionType::EndTurn, 2), "CAT-6.6");
    check_rejected_keeps_rng(s, act(ActionType::BuildRoad, 1, geometry().intersection_edges[2][1]), "CAT-10.1");
    check_rejected_keeps_rng(s, act(ActionType::BuyDevCard, 1), "CAT-10.1");
    check_rejected_keeps_rng(s, act(ActionType::PlayKnight, 1), "CAT-11.2");
    check_rejected_keeps_rng(s, act(ActionType::MoveRobber, 1, hex_id(1, 1)), "CAT-6.6");
    Action offer = act(ActionType::OfferTrade, 1);
    offer.give = rc(1, 0, 0, 0, 0);
    offer.get = rc(0, 1, 0, 0, 0);
    offer.targets = 0b0100;
    check_rejected_keeps_rng(s, offer, "CAT-9.2");  // non-active players do not trade with each other
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK(la.count == 0);
    // ...but may trade with the active player.
    offer.seat = 0;
    offer.targets = 0b0010;
    check_ok(s, offer);
    legal_actions(s, 1, la);
    CHECK(la.count > 0);
    for (const Action& a : la) CHECK((a.type == ActionType::AcceptOffer || a.type == ActionType::RejectOffer));
    check_ok(s, act(ActionType::AcceptOffer, 1));
    check_ok(s, act(ActionType::ConfirmTrade, 0, 0, 1));
    CHECK(s.players[1].hand == rc(3, 1, 2, 2, 2));
}

TEST_CASE("CAT-6.7 no development card while a roll is being resolved", "[CAT-6.7]") {
    Position pos = basic_position(TradeBuildMode::Combined);
    pos.players[0].dev_cards = {1, 0, 1, 1, 0};
    pos.players[1].hand = rc(8, 0, 0, 0, 0);
    GameState s = start(pos);
    REQUIRE(reseed_for_roll(s, 7));
    check_ok(s, act(ActionType::RollDice, 0));
    REQUIRE(s.phase == Phase::Discard);
    check_rejected_keeps_rng(s, act(ActionType::PlayKnight, 0), "CAT-6.7");
    Action mono = act(ActionType::PlayMonopoly, 0);
    check_rejected_keeps_rng(s, mono, "CAT-6.7");
    Action discard = act(ActionType::Discard, 1);
    discard.give = rc(4, 0, 0, 0, 0);
    check_ok(s, discard);
    REQUIRE(s.phase == Phase::MoveRobber);
    check_rejected_keeps_rng(s, act(ActionType::PlayKnight, 0), "CAT-6.7");
    check_rejected_keeps_rng(s, mono, "CAT-6.7");
    Action yop = act(ActionType::PlayYearOfPlenty, 0);
    yop.get = rc(1, 1, 0, 0, 0);
    check_rejected_keeps_rng(s, yop, "CAT-6.7");
    LegalActions la;
    legal_actions(s, 0, la);
    for (const Action& a : la) CHECK(a.type == ActionType::MoveRobber);
    check_ok(s, act(ActionType::MoveRobber, 0, hex_id(3, 1), -1));
    check_ok(s, mono);  // the roll is resolved: now a card may be played
}
