// The engine's public interface: create a game, list legal actions, apply an action.
#pragma once
#include <array>
#include <cstdint>

#include "games/catan/engine/action.hpp"
#include "games/catan/engine/event.hpp"
#include "games/catan/engine/options.hpp"
#include "games/catan/engine/state.hpp"

namespace hexhall::catan {

// Outcome of apply(): on rejection `rule` names the rule broken (e.g. "CAT-10.10").
struct Result {
    bool ok = true;
    const char* rule = "";
    const char* message = "";
    // The wire error code when it is not "illegal_action": "offer_closed" for an answer or
    // confirmation naming an offer that is no longer open (a race, not a rule broken).
    const char* code = "";
    explicit operator bool() const { return ok; }
};
inline Result accepted() { return {}; }
inline Result rejected(const char* rule, const char* message) { return {false, rule, message, ""}; }

// Creates a game. Returns false with an error message for invalid options.
bool new_game(const GameOptions& options, uint64_t seed, GameState& out, EventList* events = nullptr,
              const char** error = nullptr);

// Validates and applies an action. A rejected action changes nothing.
// Events (if given) are appended, each with its visibility.
Result apply(GameState& state, const Action& action, EventList* events = nullptr);

// The legal actions of one seat: concrete actions, plus parameterised families.
struct LegalActions {
    static constexpr int kCapacity = 256;
    std::array<Action, kCapacity> list;
    int count = 0;
    // Families (not enumerated):
    uint8_t discard = 0;           // must discard this many cards (any cards from the hand)
    bool offer_trade = false;      // may OfferTrade (any terms obeying CAT-9.4/9.5/9.8)
    bool counter_offer = false;    // may CounterOffer on the open offer
    bool bank_trade_bundles = false;  // BankTrade may also bundle several single trades (CAT-9.14)
    // The best BankTrade rate per resource, 0 when not available. Every rate the seat has works, also
    // mixed in one bundle: 4:1 always, 3:1 with a 3:1 harbor, 2:1 for a 2:1 harbor's type (CAT-9.9..9.11).
    std::array<uint8_t, kResourceTypes> bank_rate{};

    const Action* begin() const { return list.data(); }
    const Action* end() const { return list.data() + count; }
    void push(const Action& a) { list[count++] = a; }
};

void legal_actions(const GameState& state, int seat, LegalActions& out);

// Whether `seat` has anything to do now (a decision is awaited from it).
bool awaits(const GameState& state, int seat);

// Longest continuous route through `roads` not passing an opponent building (CAT-15.1, CAT-15.2).
int longest_road(const EdgeSet& roads, IntersectionSet opponent_buildings);

}  // namespace hexhall::catan
