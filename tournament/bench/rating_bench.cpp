// Ratings and Play now at scale (issue 29). Prints rating updates per second (2, 4 and 6 players)
// and a Play-now queue of N players joining at once with spread ratings: wall time of each match()
// pass, how long players waited (simulated seconds) and the rating spread of the rooms formed.
// Usage: rating_bench [queued players, default 10000] [seats, default 4]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "tournament/matchmaking.hpp"
#include "tournament/rating.hpp"

using namespace hexhall::rating;
using Clock = std::chrono::steady_clock;

static double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

static double pct(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

int main(int argc, char** argv) {
    const int queued = argc > 1 ? std::atoi(argv[1]) : 10000;
    const int seats = argc > 2 ? std::atoi(argv[2]) : 4;
    std::mt19937_64 rng(2026);
    std::normal_distribution<double> mu(25, 6);
    std::uniform_real_distribution<double> sigma(1, 8.3);

    for (int n : {2, 4, 6}) {
        std::vector<Rating> before(static_cast<size_t>(n));
        std::vector<int> places(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) before[static_cast<size_t>(i)] = {mu(rng), sigma(rng)}, places[static_cast<size_t>(i)] = i;
        const int updates = 1'000'000;
        double sink = 0;
        const auto t0 = Clock::now();
        for (int k = 0; k < updates; ++k) {
            places[static_cast<size_t>(k % n)] = (k / n) % n;  // vary the places (ties included)
            sink += rate(before, places)[0].mu;
        }
        const double s = seconds_since(t0);
        std::printf("rating updates, %d players: %.0f games/s (%.2f us each) [%g]\n", n, updates / s, s / updates * 1e6, sink * 0);
    }

    QueueRules rules;
    rules.seats = seats;
    MatchQueue q(rules);
    std::vector<double> skill(static_cast<size_t>(queued));
    for (int i = 0; i < queued; ++i) {
        skill[static_cast<size_t>(i)] = mu(rng) - 3 * sigma(rng);
        q.join("p" + std::to_string(i), skill[static_cast<size_t>(i)], 0);
    }
    std::vector<double> waits, spreads, pass_ms;
    int rooms = 0, bot_rooms = 0;
    for (int second = 0; q.size() > 0 && second <= 600; ++second) {
        const auto t0 = Clock::now();
        const auto matches = q.match(second);
        pass_ms.push_back(seconds_since(t0) * 1e3);
        for (const auto& m : matches) {
            ++rooms;
            bot_rooms += m.bots > 0;
            double lo = 1e9, hi = -1e9;
            for (const auto& p : m.players) {
                const double s = skill[static_cast<size_t>(std::stoi(p.substr(1)))];
                lo = std::min(lo, s), hi = std::max(hi, s);
                waits.push_back(second);
            }
            spreads.push_back(hi - lo);
        }
    }
    std::printf("play now, %d players queued at once, %d seats (window %.1f + %.2f/s, bots after %.0f s):\n", queued,
                seats, rules.window, rules.widen_per_second, rules.bots_after);
    std::printf("  rooms %d (%d with bots), left in queue %zu\n", rooms, bot_rooms, q.size());
    std::printf("  first match() pass %.1f ms, later passes p50 %.2f ms, max %.1f ms\n", pass_ms.empty() ? 0 : pass_ms[0],
                pct(pass_ms, 0.5), pct(pass_ms, 1.0));
    std::printf("  wait (simulated s): p50 %.0f, p90 %.0f, max %.0f\n", pct(waits, 0.5), pct(waits, 0.9), pct(waits, 1.0));
    std::printf("  rating spread in a room (ordinal points): p50 %.2f, p90 %.2f, max %.2f\n", pct(spreads, 0.5),
                pct(spreads, 0.9), pct(spreads, 1.0));
    return 0;
}
