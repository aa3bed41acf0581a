#include "games/catan/bots/bot.hpp"
#include "games/catan/bots/heuristic_bot.hpp"
#include "games/catan/bots/random_bot.hpp"

namespace hexhall::catan::bots {

std::unique_ptr<Bot> make_bot(std::string_view name, uint64_t seed) {
    if (name == "random") return std::make_unique<RandomBot>(seed);
    if (name == "heuristic") return std::make_unique<HeuristicBot>(seed);
    if (name == "search") return make_search_bot(seed, 100);
    return nullptr;
}

const char* bot_names() { return "random, heuristic, search"; }

}  // namespace hexhall::catan::bots
