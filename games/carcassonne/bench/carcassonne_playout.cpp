// Carcassonne benchmark: random full games per second on one core (2, 3, 4 and 5 players), and the
// search bot's playouts per second and decision time (skipped with 0 search playouts). Prints "N games/s" lines.
// Usage: carcassonne_playout [seconds-per-figure (default 2)] [search-playouts (default 5000)]
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>

#include "games/carcassonne/bots.hpp"
#include "games/carcassonne/engine.hpp"

using namespace hexhall::carcassonne;
using Clock = std::chrono::steady_clock;

static double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// CPU time of this thread: on a shared machine, "per core" means per CPU-second actually used.
static double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + ts.tv_nsec * 1e-9;
}

static void random_games(int players, double budget) {
    Options opt;
    opt.players = players;
    long games = 0, turns = 0;
    int64_t checksum = 0;
    const auto t0 = Clock::now();
    const double c0 = cpu_seconds();
    double elapsed = 0;
    while (cpu_seconds() - c0 < budget) {
        for (int i = 0; i < 200; ++i) {
            Game g = Game::create(opt, static_cast<uint64_t>(games) * 7919u + 1);
            Rng rng(static_cast<uint64_t>(games) + 12345u);
            while (g.random_step(rng)) {
            }
            for (int p = 0; p < players; ++p) checksum += g.score(p);
            turns += g.turn();
            ++games;
        }
        elapsed = seconds_since(t0);
    }
    const double cpu = cpu_seconds() - c0;
    std::printf("random play, %d players: %.0f games/s per CPU-second (%.0f games/s wall; %ld games, %.1f turns/game, "
                "mean score %.1f)\n",
                players, games / cpu, games / elapsed, games, static_cast<double>(turns) / games,
                static_cast<double>(checksum) / (games * players));
}

static void search_decisions(int playouts, int decisions) {
    Options opt;
    double total = 0, total_wall = 0, worst = 0;
    long total_playouts = 0;
    for (int d = 0; d < decisions; ++d) {
        Game g = Game::create(opt, 1000u + static_cast<uint64_t>(d));
        Rng rng(77u + static_cast<uint64_t>(d));
        const int advance = 2 * (d % 20);  // decisions spread over the opening and middle game
        for (int i = 0; i < advance && !g.over(); ++i) {
            g.random_step(rng);
            while (g.phase() == Phase::Follower) g.random_step(rng);
        }
        if (g.over()) continue;
        SearchBudget budget;
        budget.playouts = playouts;
        budget.millis = 0;
        SearchStats stats;
        const auto t0 = Clock::now();
        const double c0 = cpu_seconds();
        search_decide(g, g.current_player(), budget, 99u + static_cast<uint64_t>(d), &stats);
        const double s = seconds_since(t0);
        const double c = cpu_seconds() - c0;
        total += c;
        total_wall += s;
        worst = std::max(worst, s);
        total_playouts += stats.playouts;
    }
    std::printf("search bot: %.0f playouts/s per CPU-second; decision at %d playouts: mean %.3f s CPU, "
                "%.3f s wall, worst %.3f s wall (%d decisions, 2 players, turns 0-38)\n",
                total_playouts / total, playouts, total / decisions, total_wall / decisions, worst, decisions);
}

int main(int argc, char** argv) {
    const double budget = argc > 1 ? std::atof(argv[1]) : 2.0;
    const int playouts = argc > 2 ? std::atoi(argv[2]) : 5000;
    for (int players = 2; players <= kMaxPlayers; ++players) random_games(players, budget);
    if (playouts > 0) search_decisions(playouts, 20);
    return 0;
}
