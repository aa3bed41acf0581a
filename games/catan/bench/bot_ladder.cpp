// Bot strength ladder (games/catan/docs/bots.md): one hero bot against three copies of a villain bot,
// 4 players, random maps, the hero's seat rotating (seat g % 4 in game g).
//
//   bot_ladder --hero heuristic --villain random --games 1000 --seed 1 --threads 2
//              [--search-ms 100] [--search-playouts N] [--max-decisions 20000] [--no-progress-rounds 50]
//              [--progress]
//
// Prints the hero's win share with a 95% Wilson interval, games/s and unfinished games
// (stopped by the no-progress guard or the per-game decision watchdog). With --progress, one line
// per finished game goes to stderr with the running count and interval (for long runs that may
// have to be cut short).
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "games/catan/bots/bot.hpp"
#include "games/catan/bots/bot_game.hpp"
#include "games/catan/engine/engine.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::bots;

namespace {

struct Config {
    std::string hero = "heuristic", villain = "random";
    int games = 1000;
    uint64_t seed = 1;
    int threads = 2;
    int search_ms = 100;
    int search_playouts = 0;
    bool progress = false;
    BotGameLimits limits;
};

struct Totals {
    int games = 0, hero_wins = 0, other_wins = 0, no_progress = 0, decision_limit = 0, rejected = 0;
    long long decisions = 0, turns = 0;
    std::vector<int> wins_by_seat = std::vector<int>(4, 0);
};

uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

struct Wilson {
    double p, lo, hi;
};

// 95% Wilson score interval for k successes in n trials.
Wilson wilson(int k, int n) {
    const double z = 1.96, nn = n;
    const double p = k / nn;
    const double denom = 1 + z * z / nn;
    const double centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {p, centre - half, centre + half};
}

std::unique_ptr<Bot> make(const Config& c, const std::string& name, uint64_t seed) {
    if (name == "search") return make_search_bot(seed, c.search_ms, c.search_playouts);
    return make_bot(name, seed);
}

void usage() {
    std::fprintf(stderr,
                 "usage: bot_ladder [--hero NAME] [--villain NAME] [--games N] [--seed S] [--threads T]\n"
                 "                  [--search-ms MS] [--search-playouts N] [--max-decisions N] [--no-progress-rounds N]\n"
                 "                  [--progress]\n"
                 "bots: %s\n",
                 bot_names());
}

}  // namespace

int main(int argc, char** argv) {
    Config c;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool more = i + 1 < argc;
        if (arg == "--hero" && more) c.hero = argv[++i];
        else if (arg == "--villain" && more) c.villain = argv[++i];
        else if (arg == "--games" && more) c.games = std::atoi(argv[++i]);
        else if (arg == "--seed" && more) c.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--threads" && more) c.threads = std::atoi(argv[++i]);
        else if (arg == "--search-ms" && more) c.search_ms = std::atoi(argv[++i]);
        else if (arg == "--search-playouts" && more) c.search_playouts = std::atoi(argv[++i]);
        else if (arg == "--max-decisions" && more) c.limits.max_decisions = std::atoi(argv[++i]);
        else if (arg == "--no-progress-rounds" && more) c.limits.no_progress_rounds = std::atoi(argv[++i]);
        else if (arg == "--progress") c.progress = true;
        else if (arg == "--help" || arg == "-h") { usage(); return 0; }
        else { usage(); return 2; }
    }
    if (c.games <= 0 || c.threads <= 0 || !make_bot(c.hero, 0) || !make_bot(c.villain, 0)) {
        usage();
        return 2;
    }

    Totals total;
    std::mutex mu;
    std::atomic<int> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (;;) {
            const int g = next.fetch_add(1);
            if (g >= c.games) return;
            const uint64_t game_seed = mix(c.seed * 1000003ull + static_cast<uint64_t>(g));
            const int hero_seat = g % 4;
            GameOptions opt;
            opt.players = 4;
            opt.map = MapKind::Random;
            GameState s;
            new_game(opt, game_seed, s);
            std::vector<std::unique_ptr<Bot>> owned;
            std::vector<Bot*> seats;
            for (int seat = 0; seat < 4; ++seat) {
                owned.push_back(make(c, seat == hero_seat ? c.hero : c.villain, mix(game_seed + 1 + seat)));
                seats.push_back(owned.back().get());
            }
            const BotGameResult r = play_bot_game(s, seats, c.limits);
            std::lock_guard<std::mutex> lock(mu);
            ++total.games;
            total.decisions += r.decisions;
            total.turns += r.turns;
            switch (r.end) {
                case GameEnd::Won:
                    if (r.winner == hero_seat) ++total.hero_wins;
                    else ++total.other_wins;
                    if (r.winner >= 0) ++total.wins_by_seat[r.winner];
                    break;
                case GameEnd::NoProgress: ++total.no_progress; break;
                case GameEnd::DecisionLimit: ++total.decision_limit; break;
                case GameEnd::Rejected:
                    ++total.rejected;
                    std::fprintf(stderr, "game %d: seat %d's %s rejected (%s)\n", g, r.rejected_action.seat,
                                 action_name(r.rejected_action.type), r.rejected_rule);
                    break;
            }
            if (c.progress) {
                const Wilson w = wilson(total.hero_wins, total.games);
                const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                std::fprintf(stderr, "game %d (hero seat %d): winner %d | %d games, hero %d = %.1f%% (%.1f .. %.1f), %.0f s\n",
                             g, hero_seat, r.end == GameEnd::Won ? r.winner : -1, total.games, total.hero_wins,
                             100 * w.p, 100 * w.lo, 100 * w.hi, el);
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < c.threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // Wilson score interval over all games (unfinished games count as not won).
    const double n = total.games;
    const Wilson w = wilson(total.hero_wins, total.games);
    std::printf("hero %s vs 3x %s: %d games, seed %llu, %d threads\n", c.hero.c_str(), c.villain.c_str(),
                total.games, static_cast<unsigned long long>(c.seed), c.threads);
    std::printf("hero wins     %d / %d = %.1f%%  (95%% Wilson CI %.1f%% .. %.1f%%)\n", total.hero_wins,
                total.games, 100 * w.p, 100 * w.lo, 100 * w.hi);
    std::printf("villain wins  %d\n", total.other_wins);
    std::printf("unfinished    %d  (no-progress %d, decision-limit %d, rejected %d)\n",
                total.no_progress + total.decision_limit + total.rejected, total.no_progress, total.decision_limit,
                total.rejected);
    std::printf("wins by seat  %d %d %d %d\n", total.wins_by_seat[0], total.wins_by_seat[1], total.wins_by_seat[2],
                total.wins_by_seat[3]);
    std::printf("mean turns    %.1f, mean decisions %.1f\n", total.turns / n, total.decisions / n);
    std::printf("speed         %.2f games/s (%.1f s)\n", total.games / secs, secs);
    return total.rejected ? 1 : 0;
}
