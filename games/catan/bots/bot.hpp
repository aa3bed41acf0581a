// Built-in bots (games/catan/docs/bots.md). A bot sees exactly what its seat may know: the SeatView and the
// seat's LegalActions. It never receives a GameState, so it is fair by construction.
#pragma once
#include <cstdint>
#include <memory>
#include <string_view>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/view.hpp"

namespace hexhall::catan::bots {

// Everything a bot may use for one decision.
struct BotDecisionInput {
    const SeatView& view;
    const LegalActions& legal;
};

class Bot {
public:
    virtual ~Bot() = default;
    // Returns an action for view.seat that the engine accepts: one of legal.list, or an instance of
    // one of its families (discard = n, answering or making a domestic offer, bundled bank trades).
    virtual Action decide(const SeatView& view, const LegalActions& legal) = 0;
    Action decide(const BotDecisionInput& in) { return decide(in.view, in.legal); }
    virtual const char* name() const = 0;
};

// "random", "heuristic" or "search"; nullptr for an unknown name. The seed fixes every choice.
std::unique_ptr<Bot> make_bot(std::string_view name, uint64_t seed);
// Comma-separated list of the known names, for help texts.
const char* bot_names();

// The search bot's per-decision time budget (milliseconds); make_bot("search") uses the default.
std::unique_ptr<Bot> make_search_bot(uint64_t seed, int budget_ms, int max_playouts = 0);

}  // namespace hexhall::catan::bots
