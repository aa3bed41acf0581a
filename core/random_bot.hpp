// The `random` bot of a game written as rules (core/game_rules.hpp): one of legal_actions(seat),
// uniformly, with the core generator (core/random.hpp); every game's random bot. Each game names the
// draw its random bot has always made, so that its games keep their choices
// (docs/decisions/023-one-random-generator.md).
#pragma once
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/game_rules.hpp"
#include "core/random.hpp"

namespace hexhall::core {

// The random-legal choice every game's `random` bot makes: one of the n listed legal actions,
// uniformly, with the core generator. This bot makes it over legal_actions(seat) (every game written
// as rules); a game with its own typed legal list (not written as rules) picks over that list.
template <class List>
decltype(auto) pick_uniform(const List& legal, size_t n, Rng& rng) {
    return legal[uniform(rng, static_cast<uint32_t>(n))];
}

// One of legal_actions(seat), at the index draw(n) gives (uniform in [0, n)); null when there is none.
template <class Draw>
json random_legal_action(const GameRules& game, int seat, Draw&& draw) {
    std::vector<json> legal = game.legal_actions(seat);
    if (legal.empty()) return json();
    return std::move(legal[static_cast<size_t>(draw(static_cast<uint32_t>(legal.size())))]);
}

// How a random bot draws its index, from its seed.
enum class RandomDraw {
    Uniform,        // Rng (xoshiro256**) from make_rng(seed), uniform(): a new game's choice
    MultiplyShift,  // SplitMix64(seed).below()
    Remainder,      // SplitMix64(seed).remainder()
};

class RandomLegalBot final : public RulesBot {
public:
    RandomLegalBot(uint64_t seed, RandomDraw draw) : draw_(draw), rng_(make_rng(seed)), split_(seed) {}
    json decide(const GameRules& game, int seat) override {
        return random_legal_action(game, seat, [this](uint32_t n) -> uint32_t {
            switch (draw_) {
                case RandomDraw::Uniform: return uniform(rng_, n);
                case RandomDraw::MultiplyShift: return split_.below(n);
                case RandomDraw::Remainder: break;
            }
            return static_cast<uint32_t>(split_.remainder(n));
        });
    }
    const char* name() const override { return "random"; }

private:
    RandomDraw draw_;
    Rng rng_;
    SplitMix64 split_;
};

inline std::unique_ptr<RulesBot> make_random_bot(uint64_t seed, RandomDraw draw = RandomDraw::Uniform) {
    return std::make_unique<RandomLegalBot>(seed, draw);
}

}  // namespace hexhall::core
