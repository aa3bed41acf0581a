// Random Struggle for Catan games per second on one core (4 players, or each count given), and the
// search bot's decision time. Usage: struggle_playout [games] [search_decisions] [players,...]
// (e.g. `struggle_playout 20000 0 2,3,4`: one line per player count).
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>

#include "games/struggle/bots.hpp"

using namespace hexhall::struggle;

namespace {

void random_games(int players, int games, const std::shared_ptr<Ruleset>& rules) {
    std::vector<Move> scratch;
    long long moves = 0, turns = 0;
    int unfinished = 0;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    for (int g = 0; g < games; ++g) {
        State s = new_game(players, 0, rules, static_cast<uint64_t>(g));
        Rng rng = make_rng(static_cast<uint64_t>(g) * 2654435761u + 1);
        for (int steps = 0; s.phase != Phase::Over; ++steps) {
            if (steps == 20000) {  // a locked game (see docs/performance.md)
                ++unfinished;
                break;
            }
            const int who = first_awaiting(s);
            const Move m = random_move(s, who, rng, scratch);
            act(s, who, m, nullptr);
            ++moves;
        }
        turns += s.turns;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    std::printf("random %d-player playouts: %d games, %.2f s CPU (%.2f s wall), %.0f moves/game, %.1f turns/game, "
                "%d cut off\n",
                players, games, cpu, wall, static_cast<double>(moves) / games, static_cast<double>(turns) / games,
                unfinished);
    std::printf("%.0f games/s\n", games / cpu);
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 20000;
    const int decisions = argc > 2 ? std::atoi(argv[2]) : 40;
    auto rules = std::make_shared<Ruleset>(provisional_ruleset());
    for (const char* p = argc > 3 ? argv[3] : "4"; *p;) {
        char* end = nullptr;
        const long players = std::strtol(p, &end, 10);
        if (end == p || players < 2 || players > 6) {
            std::fprintf(stderr, "players: a comma-separated list of 2..6\n");
            return 2;
        }
        random_games(static_cast<int>(players), games, rules);
        p = *end == ',' ? end + 1 : end;
    }
    std::vector<Move> scratch;

    // The search bot's decision time, at its own decisions in heuristic-played 4-player games.
    double total = 0, worst = 0;
    int made = 0;
    for (int g = 0; made < decisions; ++g) {
        State s = new_game(4, 0, rules, 1000u + static_cast<uint64_t>(g));
        Rng rng = make_rng(static_cast<uint64_t>(g));
        while (s.phase != Phase::Over && made < decisions) {
            const int who = awaiting(s)[0];
            Move m;
            std::vector<Move> legal;
            legal_moves(s, who, legal);
            if (who == 0 && legal.size() > 1) {
                const State world = determinize(s, who, next_u64(rng));
                const std::clock_t a = std::clock();
                m = search_move(world, who, next_u64(rng), SearchConfig{});
                const double ms = 1000.0 * static_cast<double>(std::clock() - a) / CLOCKS_PER_SEC;
                total += ms;
                worst = std::max(worst, ms);
                ++made;
            } else {
                m = heuristic_move(s, who, rng, scratch);
            }
            act(s, who, m, nullptr);
        }
    }
    if (made > 0)
        std::printf("search bot: %d decisions, mean %.1f ms, max %.1f ms per decision (CPU time)\n", made, total / made,
                    worst);
    return 0;
}
