// The Struggle for Catan rules engine: pure, typed, deterministic from (players, first seat,
// ruleset, seed, moves). No JSON here; games/struggle/module.cpp is the JSON layer.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "games/struggle/state.hpp"

namespace hexhall::struggle {

struct Refusal {
    const char* rule;     // the SFC rule broken
    std::string message;  // plain English
};

// A new game after setup (SFC-3): stacks per player count (SFC-2), shuffled deck, market, starting
// hands, settlement and road; `first` starts (SFC-3.10).
State new_game(int players, int first, std::shared_ptr<const Ruleset> rules, uint64_t seed);

int vp(const State& s, int seat);                       // SFC-11.1
int other_seats_vp_max(const State& s, int seat);
bool destiny_in_use(const State& s);                    // SFC-2.5
Cards build_cost(const Ruleset& rules, Building b, int expansion);  // SFC-12, SFC-9.7
// Whether `pay` pays exactly for `cost` (SFC-6.1, SFC-6.2 3-for-1, SFC-9.9 university once).
bool payment_valid(const Cards& cost, const Cards& pay, bool university, bool& uses_university);
// The opponent a road (knight) would be taken from when its stack is empty, or -1 (SFC-7.5..7.9).
int victim_for(const State& s, int seat, Building b);
int trade_allowance(const Player& p);                   // SFC-5.1, SFC-5.2

std::vector<int> awaiting(const State& s);
// Every move `seat` may make now, in a stable order.
void legal_moves(const State& s, int seat, std::vector<Move>& out);
// One of legal_moves(s, seat) drawn uniformly with `rng`, without listing them all: the same move
// as legal[uniform(rng, legal.size())] would be (random play, docs/performance.md).
Move random_legal_move(const State& s, int seat, Rng& rng);
// The first seat awaited (awaiting(s)[0] without allocating), or -1 when the game is over.
inline int first_awaiting(const State& s) {
    if (s.phase == Phase::Over) return -1;
    if (s.phase == Phase::Discard) {
        for (int i = 0; i < s.players; ++i)
            if (s.discard_due[i] > 0) return i;
        return -1;
    }
    return s.turn;
}

// Validates without changing anything.
std::optional<Refusal> check(const State& s, int seat, const Move& m);
// Validates and applies; on refusal nothing changes. `log` may be null (no events recorded).
std::optional<Refusal> act(State& s, int seat, const Move& m, std::vector<EventRec>* log);

// A copy in which everything `seat` cannot know is dealt again from `seed`: other hands (beyond
// what the seat knows of them), the deck order, and the hidden city sides of settlement cards.
State determinize(const State& s, int seat, uint64_t seed);

// Totals for invariant checks: every resource card is in exactly one place.
Cards all_resource_cards(const State& s);

}  // namespace hexhall::struggle
