// Helpers shared by the rule files. Not part of the engine's public interface.
#pragma once
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"

namespace hexhall::catan::detail {

inline void emit(EventList* events, const Event& e) {
    if (events) events->push_back(e);
}
inline Event make_event(EventType t, int seat = -1) {
    Event e{};
    e.type = t;
    e.seat = static_cast<int8_t>(seat);
    return e;
}
inline uint8_t seat_bit(int seat) { return static_cast<uint8_t>(1u << seat); }
inline uint8_t all_seats(const GameState& s) { return static_cast<uint8_t>((1u << s.options.players) - 1); }

const std::array<EdgeSet, kIntersections>& intersection_edge_sets();

// Turn order in setup (CAT-5.5).
int setup_seat(const GameState& s, int step);

IntersectionSet buildings_of(const PlayerState& p);
IntersectionSet opponent_buildings(const GameState& s, int seat);
IntersectionSet road_ends(const PlayerState& p);
// Edges where `seat` may build a road now (CAT-10.7, CAT-10.8).
EdgeSet legal_road_edges(const GameState& s, int seat);
// Intersections where `seat` may build a settlement after setup (CAT-10.9, CAT-10.10).
IntersectionSet legal_settlement_spots(const GameState& s, int seat);
// Intersections free under the distance rule (setup, CAT-5.6).
IntersectionSet distance_rule_free(const GameState& s);

void place_road(GameState& s, int seat, int edge, EventList* ev);
void place_settlement(GameState& s, int seat, int v, EventList* ev);
void update_harbors(GameState& s, int seat);
// CAT-15.3..15.7 / HK-9.4: measure the players in `remeasure` (seat bits; the others' lengths
// cannot have changed) and move the Longest Road card.
void update_longest_road(GameState& s, EventList* ev, uint8_t remeasure = 0xFF);
// CAT-16.4: the active player wins as soon as they have enough VP on their own turn.
void check_victory(GameState& s, EventList* ev);

void roll_dice(GameState& s, EventList* ev, bool referee);
void move_robber(GameState& s, int hex, int victim, EventList* ev);
void end_turn(GameState& s, EventList* ev);
void random_discard(GameState& s, int seat, EventList* ev);
void finish_discards_if_done(GameState& s, EventList* ev);
void close_offer(GameState& s);

// The best bank rate of a seat usable right now, per resource (CAT-9.9..9.11, CAT-9.13).
std::array<uint8_t, kResourceTypes> bank_rates(const GameState& s, int seat);
// Every bank rate of a seat usable right now, per resource: bit r set when r:1 is available. 4:1 is
// always there (CAT-9.9), 3:1 with a 3:1 harbor (CAT-9.10), 2:1 for the type of a 2:1 harbor (CAT-9.11).
using BankRateSets = std::array<uint8_t, kResourceTypes>;
BankRateSets bank_rate_sets(const GameState& s, int seat);
// CAT-9.14: `give` splits exactly into groups, one per card of `get`, each of k identical cards where
// k is one of the seat's rates for that type (rates may be mixed, also within one type).
bool bank_trade_decomposes(const BankRateSets& rates, const ResourceCounts& give, const ResourceCounts& get);

Result apply_setup(GameState& s, const Action& a, EventList* ev);
Result apply_turn(GameState& s, const Action& a, EventList* ev);
Result apply_trade(GameState& s, const Action& a, EventList* ev);
Result apply_build(GameState& s, const Action& a, EventList* ev);
Result apply_dev(GameState& s, const Action& a, EventList* ev);
Result apply_referee(GameState& s, const Action& a, EventList* ev);

inline bool is_trade_or_main(Phase p) { return p == Phase::Trade || p == Phase::Main; }
inline bool is_build_or_main(Phase p) { return p == Phase::Trade || p == Phase::Build || p == Phase::Main; }
inline bool after_roll_phase(Phase p) { return p == Phase::Trade || p == Phase::Build || p == Phase::Main; }
inline Phase main_phase(const GameState& s) {
    return s.options.mode == TradeBuildMode::Classic ? Phase::Trade : Phase::Main;
}

}  // namespace hexhall::catan::detail
