// Random play with everything a game can contain, for property and protocol tests: uniformly random
// legal actions of the seat the game waits on, plus domestic offers, counter-offers and responses,
// the odd timeout and referee warning, and varied options including the HK 2024 ruleset.
#pragma once
#include "games/catan/engine/board.hpp"
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"

namespace hexhall::test {
using namespace hexhall::catan;

// One card of a type held (by `hand`), or -1.
inline int random_held(Rng& rng, const ResourceCounts& hand, int except = -1) {
    int options[kResourceTypes], n = 0;
    for (int r = 0; r < kResourceTypes; ++r)
        if (hand[r] && r != except) options[n++] = r;
    return n ? options[uniform(rng, static_cast<uint32_t>(n))] : -1;
}

// A random instance of the OfferTrade family (CAT-9.4/9.5/9.8): some cards held, for another type.
inline bool random_offer(const GameState& s, Rng& rng, Action& a) {
    const int me = s.active;
    const int r1 = random_held(rng, s.players[me].hand);
    if (r1 < 0) return false;
    int r2 = static_cast<int>(uniform(rng, kResourceTypes - 1));
    if (r2 >= r1) ++r2;
    a = Action{};
    a.type = ActionType::OfferTrade;
    a.seat = static_cast<uint8_t>(me);
    a.give[r1] = static_cast<uint8_t>(1 + uniform(rng, s.players[me].hand[r1]));
    a.get[r2] = static_cast<uint8_t>(1 + uniform(rng, 2));
    const uint8_t opponents = static_cast<uint8_t>(((1u << s.options.players) - 1) & ~(1u << me));
    do a.targets = static_cast<uint8_t>(uniform(rng, 16) & opponents);
    while (!a.targets);
    return true;
}

// A random instance of the CounterOffer family: terms from the active player's side.
inline bool random_counter(const GameState& s, int seat, Rng& rng, Action& a) {
    const int mine = random_held(rng, s.players[seat].hand);  // what the active player would get
    if (mine < 0) return false;
    int theirs = static_cast<int>(uniform(rng, kResourceTypes - 1));
    if (theirs >= mine) ++theirs;
    a = Action{};
    a.type = ActionType::CounterOffer;
    a.seat = static_cast<uint8_t>(seat);
    a.get[mine] = 1;
    a.give[theirs] = static_cast<uint8_t>(1 + uniform(rng, 2));
    return true;
}

inline GameOptions random_options(Rng& rng, int g) {
    GameOptions o;
    o.players = 3 + static_cast<int>(uniform(rng, 2));
    o.map = uniform(rng, 2) ? MapKind::Random : MapKind::Starter;
    if (o.map == MapKind::Random && uniform(rng, 2)) o.number_placement = NumberPlacement::Random;
    const uint32_t m = uniform(rng, 3);
    if (m == 1) o.mode = TradeBuildMode::Classic;
    if (m == 2) o.mode = TradeBuildMode::Combined;
    if (g % 4 == 3) {  // HK 2024: the organiser's explicit board, combined mode (HK-3.1, HK-4.4)
        o.ruleset = Ruleset::HK2024;
        o.map = MapKind::Explicit;
        o.board = random_board(rng, NumberPlacement::Random);
        o.mode.reset();
    }
    return o;
}

// Chooses the next action of the main line: mostly a uniformly random legal action of the seat
// the game waits on, plus domestic trading and the odd referee action, so those paths run too.
inline Action next_action(const GameState& s, Rng& rng, LegalActions& la) {
    const int n = s.options.players;
    Action a;
    if (s.phase == Phase::MapStudy) {
        a.type = ActionType::BeginPlacement;
        return a;
    }
    const uint32_t roll = uniform(rng, 4000);
    if (roll < 6) {  // time runs out for the seat the game waits on (HK-2.2..2.8, CAT-17.1)
        a.type = ActionType::Timeout;
        a.seat = static_cast<uint8_t>(next_decider(s));
        return a;
    }
    if (roll < 7) {  // a referee warning (HK-10.6)
        a.type = ActionType::Warn;
        a.seat = static_cast<uint8_t>(uniform(rng, n));
        if (!s.players[a.seat].disqualified) return a;
    }
    if (s.offer.open) {
        for (int seat = 0; seat < n; ++seat) {
            if (seat == s.active || !awaits(s, seat) || uniform(rng, 3) == 0) continue;
            if (uniform(rng, 4) == 0 && random_counter(s, seat, rng, a)) return a;
            return random_legal_action(s, seat, rng, la);
        }
    } else if ((s.phase == Phase::Trade || s.phase == Phase::Main) && uniform(rng, 12) == 0 &&
               random_offer(s, rng, a)) {
        return a;
    }
    return random_legal_action(s, next_decider(s), rng, la);
}

}  // namespace hexhall::test
