// Board and hand evaluation from a SeatView only (shared by the heuristic and search bots).
#pragma once
#include <array>
#include <cstdint>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/view.hpp"

namespace hexhall::catan::bots {

// Dice probability in 36ths: 6 - |7 - n|, 0 for the desert (number 0).
inline int pips(int number) { return number == 0 ? 0 : 6 - (number > 7 ? number - 7 : 7 - number); }

// Resource produced by a hex, or -1 for the desert.
int hex_resource(const SeatView& v, int hex);
// Expected production of `seat` in pips per resource (cities count double, the robber's hex nothing).
std::array<int, kResourceTypes> production(const SeatView& v, int seat);
// Harbor type at an intersection, or -1.
int harbor_at(const SeatView& v, int intersection);
// True when no building is on or next to `intersection` (CAT-10.10).
bool distance_free(const SeatView& v, int intersection);
// Value of a free spot for `seat`: pips, plus bonuses for new resource types and harbors.
double spot_value(const SeatView& v, int seat, int intersection);
// Intersections touched by the seat's roads.
IntersectionSet road_ends(const SeatView& v, int seat);
// Spots where `seat` could build a settlement now, given the cards.
IntersectionSet settlement_spots(const SeatView& v, int seat);
// Value of building a road on `edge`: the best free spot it opens (nearer counts more).
double road_value(const SeatView& v, int seat, int edge);

// Cards missing for `cost` with `hand`.
int missing(const ResourceCounts& hand, const ResourceCounts& cost);

// What the seat is saving for.
enum class Goal : uint8_t { City, Settlement, DevCard, Road, None };
const ResourceCounts& goal_cost(Goal g);
// The goal the seat should save for: the cheapest to complete, city first on ties.
Goal choose_goal(const SeatView& v, int seat, const ResourceCounts& hand);

// Cards of `hand` beyond what `cost` needs.
ResourceCounts surplus(const ResourceCounts& hand, const ResourceCounts& cost);

// Best discard of n cards: keeps cards toward the goal.
ResourceCounts choose_discard(const SeatView& v, int seat, int n);

// The opponent leading on public VP (ties: more cards), or -1.
int leading_opponent(const SeatView& v, int seat);

}  // namespace hexhall::catan::bots
