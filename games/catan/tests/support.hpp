// Helpers shared by the engine test files (tests/test_*.cpp). Header-only on purpose: every
// tests/*.cpp is compiled into engine_tests, so this must not become a .cpp in tests/.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/view.hpp"

namespace hexhall::catan::test {

// Development card types as indices into PlayerState::dev_cards.
inline constexpr int kKnight = static_cast<int>(DevCard::Knight);
inline constexpr int kRoadBuilding = static_cast<int>(DevCard::RoadBuilding);
inline constexpr int kYearOfPlenty = static_cast<int>(DevCard::YearOfPlenty);
inline constexpr int kMonopoly = static_cast<int>(DevCard::Monopoly);
inline constexpr int kVictoryPoint = static_cast<int>(DevCard::VictoryPoint);

// ------------------------------------------------------------------------- builders

inline ResourceCounts rc(int lumber, int wool, int grain, int brick, int ore) {
    return {static_cast<uint8_t>(lumber), static_cast<uint8_t>(wool), static_cast<uint8_t>(grain),
            static_cast<uint8_t>(brick), static_cast<uint8_t>(ore)};
}

// The defaults are those of Action itself (location 0, target -1).
inline Action act(ActionType t, int seat, int location = 0, int target = -1) {
    Action a;
    a.type = t;
    a.seat = static_cast<uint8_t>(seat);
    a.location = static_cast<uint8_t>(location);
    a.target = static_cast<int8_t>(target);
    return a;
}

inline Action bank(int seat, const ResourceCounts& give, const ResourceCounts& get) {
    Action a = act(ActionType::BankTrade, seat);
    a.give = give;
    a.get = get;
    return a;
}

inline Action discard(int seat, ResourceCounts give) {
    Action a = act(ActionType::Discard, seat);
    a.give = give;
    return a;
}

inline Action counter(int seat, const ResourceCounts& give, const ResourceCounts& get) {
    Action a = act(ActionType::CounterOffer, seat);
    a.give = give;
    a.get = get;
    return a;
}

inline Action confirm(int seat, int target) {
    Action a = act(ActionType::ConfirmTrade, seat);
    a.target = static_cast<int8_t>(target);
    return a;
}

// ------------------------------------------------------------------------- board

// The edge joining two adjacent intersections (fails the test if they are not adjacent).
inline int edge_between(int u, int v) {
    const Geometry& g = geometry();
    for (int k = 0; k < 3; ++k)
        if (g.intersection_neighbors[u][k] == v) return g.intersection_edges[u][k];
    FAIL("intersections " << u << " and " << v << " are not adjacent");
    return -1;
}

// Roads along a route given by its intersections, in order.
inline void give_route(PlayerSetup& p, std::initializer_list<int> vs) {
    const int* v = vs.begin();
    for (std::size_t i = 1; i < vs.size(); ++i) p.roads.push_back(edge_between(v[i - 1], v[i]));
}

// A free edge touching intersection v, or -1.
inline int free_edge_at(const GameState& s, int v) {
    for (int8_t e : geometry().intersection_edges[v])
        if (e != kNone && !s.all_roads.has(e)) return e;
    return -1;
}

// ------------------------------------------------------------------------- games and positions

inline GameOptions hk_options(int players = 4, const Board& board = starter_board()) {
    GameOptions o;
    o.ruleset = Ruleset::HK2024;
    o.map = MapKind::Explicit;
    o.board = board;
    o.players = players;
    return o;
}

// An empty Main-phase position: the starter map (base rules) or the starter board as an explicit map (HK).
inline Position base_position(Ruleset ruleset = Ruleset::Base, TradeBuildMode mode = TradeBuildMode::Combined) {
    Position pos;
    if (ruleset == Ruleset::HK2024) {
        pos.options.ruleset = Ruleset::HK2024;
        pos.options.map = MapKind::Explicit;
        pos.options.board = starter_board();
    } else {
        pos.options.map = MapKind::Starter;
        pos.options.mode = mode;
    }
    pos.phase = Phase::Main;
    return pos;
}

inline GameState start(const Position& pos, uint64_t seed = 1) {
    GameState s;
    const char* err = start_from_position(pos, seed, s);
    INFO("start_from_position: " << (err ? err : ""));
    REQUIRE(err == nullptr);
    return s;
}

// ------------------------------------------------------------------------- observation

// Every seat's view plus the spectator's: equal snapshots mean nothing visible changed.
inline std::vector<SeatView> views(const GameState& s) {
    std::vector<SeatView> v;
    for (int i = 0; i < s.options.players; ++i) v.push_back(make_view(s, i));
    v.push_back(make_view(s, kSpectator));
    return v;
}

inline int count_events(const EventList& ev, EventType t) {
    int n = 0;
    for (const Event& e : ev) n += e.type == t;
    return n;
}

// An expected answer or confirmation with offer 0 matches the listed one whatever offer id it names
// (legal_actions names the open offer; tests of the ids set them).
inline bool lists(const LegalActions& la, const Action& a) {
    for (Action x : la) {
        if (a.offer == 0) x.offer = 0;
        if (x == a) return true;
    }
    return false;
}

inline bool lists_type(const LegalActions& la, ActionType t) {
    for (const Action& x : la)
        if (x.type == t) return true;
    return false;
}

// ------------------------------------------------------------------------- applying actions

inline void check_ok(GameState& s, const Action& a, EventList* ev = nullptr) {
    const Result r = apply(s, a, ev);
    INFO("action " << action_name(a.type) << " seat " << int(a.seat) << " loc " << int(a.location) << " target "
                   << int(a.target) << " -> " << r.rule << " " << r.message);
    REQUIRE(r.ok);
}

// The action is rejected naming `rule`, and nothing any seat can see changes.
inline void check_rejected(GameState& s, const Action& a, const std::string& rule) {
    const auto before = views(s);
    const uint32_t applied = s.actions_applied;
    EventList ev;
    const Result r = apply(s, a, &ev);
    INFO("action " << action_name(a.type) << " seat " << int(a.seat) << " loc " << int(a.location) << " target "
                   << int(a.target) << " -> " << r.rule << " " << r.message);
    CHECK_FALSE(r.ok);
    CHECK(std::string(r.rule) == rule);
    CHECK(ev.empty());
    CHECK(views(s) == before);
    CHECK(s.actions_applied == applied);
}

// ------------------------------------------------------------------------- forcing the dice

// Sets s.rng to make_rng(k) for the first k in 1, 2, ... such that applying `a` to a copy makes
// `ok(copy)` true. False if `a` is rejected or no such k is found.
template <typename Pred>
bool reseed_for(GameState& s, const Action& a, Pred ok) {
    for (uint64_t k = 1; k < 20000; ++k) {
        GameState c = s;
        c.rng = make_rng(k);
        if (!apply(c, a)) return false;
        if (ok(c)) {
            s.rng = make_rng(k);
            return true;
        }
    }
    return false;
}

// Rolls for `seat` on a copy of `s` reseeded to make_rng(k), k = 0, 1, ..., and stores in `out` the
// first copy whose dice total 7. Returns false if none of the first 300 seeds rolls a 7.
inline bool roll_seven(const GameState& s, GameState& out, int seat = 0) {
    for (uint64_t k = 0; k < 300; ++k) {
        out = s;
        out.rng = make_rng(k);
        REQUIRE(apply(out, act(ActionType::RollDice, seat)));
        if (out.dice[0] + out.dice[1] == 7) return true;
    }
    return false;
}

// Reseeds so that `a` (a RollDice, or a Timeout before the roll) rolls `total`.
inline bool reseed_for_total(GameState& s, const Action& a, int total) {
    return reseed_for(s, a, [&](const GameState& c) { return c.dice[0] + c.dice[1] == total; });
}

// Reseeds so that the active player's RollDice rolls `total`.
inline bool reseed_for_roll(GameState& s, int total) {
    return reseed_for_total(s, act(ActionType::RollDice, s.active), total);
}

// Rolls for the active player with the generator reseeded to make_rng(k * seed_step), k = 1, 2, ...,
// until the roll is not a 7. Files pass their own seed_step, so each keeps the dice its tests were written with.
inline void roll_non7(GameState& s, uint64_t seed_step) {
    for (uint64_t k = 1; k < 1000; ++k) {
        GameState c = s;
        c.rng = make_rng(k * seed_step);
        REQUIRE(apply(c, act(ActionType::RollDice, c.active)));
        if (c.dice[0] + c.dice[1] != 7) {
            s = c;
            return;
        }
    }
    FAIL("no roll other than 7 found");
}

// Ends turns (rolling where needed, as roll_non7) until `seat` is active and has rolled.
inline void advance_to(GameState& s, int seat, uint64_t seed_step) {
    while (s.active != seat) {
        if (s.phase == Phase::PreRoll) roll_non7(s, seed_step);
        REQUIRE(apply(s, act(ActionType::EndTurn, s.active)));
    }
    roll_non7(s, seed_step);
}

}  // namespace hexhall::catan::test

// Accepted, or the test stops with the rule and message.
#define ACCEPTS(state, action)                               \
    do {                                                     \
        const Result r_ = apply((state), (action));          \
        INFO("rejected: " << r_.rule << " " << r_.message);  \
        REQUIRE(r_.ok);                                      \
    } while (0)

// Rejected naming rule_id, with nothing changed. The using file defines
// same_state(before, after) for what "nothing changed" covers there.
#define REJECTS(state, action, rule_id)                      \
    do {                                                     \
        const GameState before_ = (state);                   \
        const Result r_ = apply((state), (action));          \
        INFO("message: " << r_.message);                     \
        CHECK_FALSE(r_.ok);                                  \
        CHECK(std::string(r_.rule) == (rule_id));            \
        CHECK(same_state(before_, (state)));                 \
    } while (0)
