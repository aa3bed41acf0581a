// Engine playout benchmark (issue 2): full 4-player games of uniformly random legal actions
// (bank trades included, domestic offers never made), single thread.
//
//   engine_playout [--games N] [--seed S] [--no-views]
//
// Pass 1 times new_game + legal_actions + apply for whole games.
// Pass 2 replays the same games (same seeds, so the same actions) and additionally
// builds make_view for all four seats after every action; the difference is the view cost.
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/view.hpp"

using namespace hexhall::catan;

namespace {

struct PassResult {
    double seconds = 0;      // wall time (steady_clock)
    double cpu_seconds = 0;  // process CPU time (std::clock), less disturbed by other load
    uint64_t actions = 0;
    uint64_t unfinished = 0;
    uint64_t checksum = 0;  // keeps the optimiser from dropping the views
};

PassResult run(int games, uint64_t seed, bool views) {
    PassResult r;
    GameOptions opt;
    opt.players = 4;
    opt.map = MapKind::Random;
    LegalActions la;
    GameState s;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    for (int g = 0; g < games; ++g) {
        const uint64_t game_seed = seed + static_cast<uint64_t>(g);
        new_game(opt, game_seed, s);
        Rng rng = make_rng(game_seed ^ 0x9E3779B97F4A7C15ull);
        int n = 0;
        while (s.phase != Phase::GameOver && n < 100000) {
            const Action a = random_legal_action(s, next_decider(s), rng, la);
            apply(s, a);
            ++n;
            if (views)
                for (int seat = 0; seat < 4; ++seat) {
                    const SeatView v = make_view(s, seat);
                    r.checksum += v.player[seat].resource_count + (v.phase == Phase::GameOver ? 1u : 0u);
                }
        }
        if (s.phase != Phase::GameOver) ++r.unfinished;
        r.actions += static_cast<uint64_t>(n);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
    return r;
}

void usage() {
    std::fprintf(stderr, "usage: engine_playout [--games N] [--seed S] [--no-views]\n");
}

}  // namespace

int main(int argc, char** argv) {
    int games = 10000;
    uint64_t seed = 1;
    bool views = true;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--games" && i + 1 < argc) games = std::atoi(argv[++i]);
        else if (arg == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--no-views") views = false;
        else if (arg == "--help" || arg == "-h") { usage(); return 0; }
        else { usage(); return 2; }
    }
    if (games <= 0) { usage(); return 2; }

    const PassResult play = run(games, seed, false);
    const PassResult view = views ? run(games, seed, true) : play;
    if (play.actions != view.actions) {
        std::fprintf(stderr, "error: the two passes diverged (%llu vs %llu actions)\n",
                     static_cast<unsigned long long>(play.actions), static_cast<unsigned long long>(view.actions));
        return 1;
    }
    const double apg = static_cast<double>(play.actions) / games;
    const double ns_action = play.seconds * 1e9 / static_cast<double>(play.actions);
    const double ns_views = (view.seconds - play.seconds) * 1e9 / static_cast<double>(play.actions);
    std::printf("games:              %d (4 players, random map, seed %llu, %llu unfinished)\n", games,
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(play.unfinished));
    std::printf("playout time:       %.3f s wall, %.3f s CPU (%.0f games/s by CPU time)\n", play.seconds,
                play.cpu_seconds, games / play.cpu_seconds);
    std::printf("games/s:            %.0f\n", games / play.seconds);
    std::printf("actions/game:       %.1f\n", apg);
    std::printf("ns/action:          %.1f  (legal_actions + random pick + apply)\n", ns_action);
    std::printf("views (4 seats):    %.1f ns/action  (%.1f ns per make_view; pass 2 %.3f s)\n", ns_views,
                ns_views / 4, view.seconds);
    std::printf("games/s with views: %.0f\n", games / view.seconds);
    if (view.checksum == 42) std::printf(" \n");
    return 0;
}
