// Bot ladder: two built-in Carcassonne bots play two-player games through the module (each
// decides on GameRules::determinize copies of its own seat), seats swapped every other game.
// Usage: carcassonne_ladder <botA> <botB> [games=200] [search-playouts=5000] [first-seed=1]
// Prints A's wins, losses, draws, its win rate (draws count half) with a 95% Wilson interval.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "games/carcassonne/module.hpp"

using namespace hexhall;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s <botA> <botB> [games] [search-playouts] [first-seed]\n", argv[0]);
        return 2;
    }
    const std::string a = argv[1], b = argv[2];
    const int games = argc > 3 ? std::atoi(argv[3]) : 200;
    const int playouts = argc > 4 ? std::atoi(argv[4]) : 5000;
    const uint64_t first_seed = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 1;
    const core::RulesModule& module = carcassonne::carcassonne_module();
    int wins = 0, losses = 0, draws = 0;
    long score_a = 0, score_b = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < games; ++i) {
        const uint64_t seed = first_seed + static_cast<uint64_t>(i / 2);  // each deal played from both seats
        const int seat_a = i % 2;
        std::string error;
        auto game = module.create(core::json{{"players", 2}}, seed, error);
        auto named = [&](const std::string& name) { return name == "search" ? "search:" + std::to_string(playouts) : name; };
        auto bot_a = module.make_bot(named(a), seed * 2 + 11);
        auto bot_b = module.make_bot(named(b), seed * 2 + 12);
        if (!game || !bot_a || !bot_b) {
            std::fprintf(stderr, "cannot start: %s\n", error.c_str());
            return 2;
        }
        uint64_t det_seed = seed * 1000003u;
        std::vector<core::Event> events;
        while (!game->over()) {
            const int seat = game->awaiting().front();
            auto det = game->determinize(seat, ++det_seed);
            auto& bot = seat == seat_a ? bot_a : bot_b;
            const core::json action = bot->decide(*det, seat);
            events.clear();
            if (auto rej = game->act(seat, action, events)) {
                std::fprintf(stderr, "bot %s made an illegal move %s: %s %s\n", bot->name(), action.dump().c_str(),
                             rej->rule.c_str(), rej->message.c_str());
                return 1;
            }
        }
        const core::Outcome o = game->outcome();
        const int sa = o.scores[seat_a], sb = o.scores[1 - seat_a];
        score_a += sa;
        score_b += sb;
        if (sa > sb) ++wins;
        else if (sa < sb) ++losses;
        else ++draws;
        if ((i + 1) % 20 == 0 && i + 1 < games) {  // progress, for long runs on a shared machine
            std::printf("  after %d games: %d wins, %d losses, %d draws\n", i + 1, wins, losses, draws);
            std::fflush(stdout);
        }
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double n = games, p = (wins + 0.5 * draws) / n, z = 1.96;
    const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    std::printf("%s vs %s: %d games (seats swapped), %d wins, %d losses, %d draws; win rate %.1f%% "
                "(95%% Wilson %.1f%%-%.1f%%); mean score %.1f vs %.1f; %.1f s\n",
                a.c_str(), b.c_str(), games, wins, losses, draws, 100 * p, 100 * (centre - half),
                100 * (centre + half), score_a / n, score_b / n, secs);
    return 0;
}
