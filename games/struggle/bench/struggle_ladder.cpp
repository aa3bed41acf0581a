// Strength ladder for the built-in Struggle for Catan bots. Every bot decides on a determinized
// copy of the game for its seat (GameRules::determinize), exactly as on the server.
// Usage: struggle_ladder <bot> <opponent> <players> <games> [first_seed]
//   e.g. struggle_ladder heuristic random 2 200     struggle_ladder search heuristic 4 200
// The tested bot sits in seat (game mod players), so it takes every seat equally often.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/struggle/module.hpp"

using namespace hexhall;

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: struggle_ladder <bot> <opponent> <players> <games> [first_seed]\n");
        return 2;
    }
    const std::string bot = argv[1], opponent = argv[2];
    const int players = std::atoi(argv[3]), games = std::atoi(argv[4]);
    const uint64_t first = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 1;
    const core::RulesModule& mod = struggle::struggle_module();
    int wins = 0, finished = 0;
    long long turns = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (int g = 0; g < games; ++g) {
        const uint64_t seed = first + static_cast<uint64_t>(g);
        std::string error;
        auto game = mod.create(nlohmann::json{{"players", players}}, seed, error);
        const int seat = g % players;
        std::vector<std::unique_ptr<core::RulesBot>> bots;
        for (int i = 0; i < players; ++i) bots.push_back(mod.make_bot(i == seat ? bot : opponent, seed * 10 + i));
        std::vector<core::Event> events;
        for (int step = 0; step < 20000 && !game->over(); ++step) {
            const int who = game->awaiting()[0];
            auto copy = game->determinize(who, seed * 1000003 + static_cast<uint64_t>(step));
            const nlohmann::json action = bots[who]->decide(*copy, who);
            if (auto r = game->act(who, action, events)) {
                std::fprintf(stderr, "game %d: %s refused: %s %s\n", g, action.dump().c_str(), r->rule.c_str(),
                             r->message.c_str());
                return 1;
            }
            events.clear();
        }
        if (game->over()) {
            ++finished;
            wins += game->outcome().winners[0] == seat;
            turns += struggle::struggle_state(*game)->turns;
        }
        if ((g + 1) % 20 == 0) std::fprintf(stderr, "%d games, %d wins\n", g + 1, wins);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = games, p = wins / n, z = 1.96;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    std::printf("%s vs %d x %s, %d players: %d games (%d finished), %d wins = %.1f%% (95%% Wilson %.1f%%-%.1f%%), "
                "%.1f turns/game, %.0f s\n",
                bot.c_str(), players - 1, opponent.c_str(), players, games, finished, wins, 100 * p,
                100 * (centre - half), 100 * (centre + half), finished ? static_cast<double>(turns) / finished : 0.0,
                secs);
    return 0;
}
