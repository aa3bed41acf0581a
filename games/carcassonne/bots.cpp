#include "games/carcassonne/bots.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace hexhall::carcassonne {
namespace {

// Followers' expected worth for `players` seats: value[p] collects what p can expect to score.
void feature_values(const Game& g, std::array<double, kMaxPlayers>& value) {
    const int players = g.players();
    const double left = g.bag_left();
    const double progress_left = left / 71.0;  // 1 at the start, 0 at the end
    int seen_roots[kMaxPlayers * kFollowersEach];
    int n_seen = 0;
    for (int p = 0; p < players; ++p) {
        for (int k = 0; k < kFollowersEach; ++k) {
            const Follower& f = g.follower(p, k);
            if (f.spot < 0) continue;
            if (f.spot == kCloisterSpot) {
                const int n = g.cloister_neighbours(f.tile);
                value[p] += 1 + n + (8 - n) * std::min(1.0, left / (12.0 + 3.0 * (8 - n))) * 0.8;
                continue;
            }
            const int root = g.find(g.seg_id(f.tile, f.spot));
            bool dup = false;
            for (int i = 0; i < n_seen; ++i) dup |= seen_roots[i] == root;
            if (dup) continue;
            seen_roots[n_seen++] = root;
            int best = 0;
            for (int q = 0; q < players; ++q) best = std::max(best, g.followers_on(root, q));
            const Kind kind = g.seg_kind(root);
            double worth = 0;
            if (kind == Kind::Road) {
                const int open = g.open_edges(root);
                worth = g.feature_tiles(root) + 0.6 * open * progress_left;
            } else if (kind == Kind::City) {
                const int tiles = g.feature_tiles(root);
                const int pennants = g.feature_pennants(root);
                const int open = g.open_edges(root);
                const double done = 2.0 * tiles + 2.0 * pennants;
                const double undone = tiles + g.options().rules.unfinished_pennant * pennants;
                double q = std::max(0.1, 0.9 - 0.18 * (open - 1));
                q *= std::min(1.0, left / (4.0 * open));
                worth = q * done + (1 - q) * undone + 0.8 * open * progress_left;
            } else {  // field: completed cities now, unfinished ones might close later
                std::vector<int> done_cities;
                g.field_cities(root, done_cities);
                worth = 3.0 * static_cast<double>(done_cities.size());
                // Unfinished cities bordering: a rough count from the field's size.
                worth += std::min(6.0, 0.25 * g.feature_tiles(root)) * (1.0 - 0.5 * progress_left);
            }
            for (int q = 0; q < players; ++q)
                if (g.followers_on(root, q) == best) value[q] += worth;
        }
    }
}

template <class F>
void for_each_move(const Game& g, F&& f) {
    std::vector<Placement> placements;
    std::vector<int> spots;
    if (g.phase() == Phase::Place) {
        g.legal_placements(placements);
        for (const Placement& pl : placements) {
            Game after = g;
            after.place(pl, nullptr);
            if (after.phase() != Phase::Follower || after.last_placed() != g.placed_count()) {
                f(Move{pl, -1}, after);
                continue;
            }
            after.legal_spots(spots);
            spots.push_back(-1);
            for (int s : spots) {
                Game g2 = after;
                g2.deploy(s, nullptr);
                f(Move{pl, s}, g2);
            }
        }
    } else if (g.phase() == Phase::Follower) {
        g.legal_spots(spots);
        spots.push_back(-1);
        const PlacedTile& t = g.placed(g.last_placed());
        for (int s : spots) {
            Game g2 = g;
            g2.deploy(s, nullptr);
            f(Move{Placement{t.x, t.y, t.rot}, s}, g2);
        }
    }
}

Decision as_decision(const Game& g, const Move& m) {
    Decision d;
    d.is_place = g.phase() == Phase::Place;
    d.placement = m.placement;
    d.spot = m.spot;
    return d;
}

}  // namespace

double evaluate(const Game& g, int seat) {
    std::array<double, kMaxPlayers> value{};
    for (int p = 0; p < g.players(); ++p) value[p] = g.score(p);
    if (!g.over()) {
        feature_values(g, value);
        const double left = g.bag_left() / 71.0;
        for (int p = 0; p < g.players(); ++p) {
            const int s = g.supply(p);
            // Follower economy: the first few in supply are worth most, and less as the game ends.
            value[p] += (std::min(s, 3) * 2.5 + std::max(0, s - 3) * 0.8) * (0.3 + left);
        }
    }
    double best_other = -1e9;
    for (int p = 0; p < g.players(); ++p)
        if (p != seat) best_other = std::max(best_other, value[p]);
    return value[seat] - best_other;
}

void rate_moves(const Game& g, int seat, std::vector<RatedMove>& out) {
    out.clear();
    for_each_move(g, [&](const Move& m, const Game& after) { out.push_back({m, evaluate(after, seat)}); });
    std::stable_sort(out.begin(), out.end(), [](const RatedMove& a, const RatedMove& b) { return a.value > b.value; });
}

Decision heuristic_decide(const Game& g, int seat) {
    std::vector<RatedMove> moves;
    rate_moves(g, seat, moves);
    return as_decision(g, moves.front().move);
}

Move search_move(const Game& g, int seat, const SearchBudget& budget, uint64_t seed, SearchStats* stats) {
    std::vector<RatedMove> rated;
    rate_moves(g, seat, rated);
    const int n = std::min<int>(std::max(1, budget.candidates), static_cast<int>(rated.size()));
    if (n == 1 || (budget.playouts <= 0 && budget.millis <= 0)) {
        if (stats) stats->best = rated.front().move;
        return rated.front().move;
    }
    // The position after each candidate move, before the unknown future is drawn.
    std::vector<Game> after;
    after.reserve(n);
    for (int i = 0; i < n; ++i) {
        Game a = g;
        const Move& m = rated[i].move;
        if (a.phase() == Phase::Place) a.place(m.placement, nullptr);
        if (a.phase() == Phase::Follower && a.current_player() == seat) a.deploy(m.spot, nullptr);
        after.push_back(a);
    }
    std::vector<double> sum(n, 0.0);
    std::vector<int> count(n, 0);
    Rng rng(seed);
    const auto t0 = std::chrono::steady_clock::now();
    long total = 0;
    const double c = 0.35;  // exploration, on rewards in [0, 1]
    while (true) {
        if (budget.playouts > 0 && total >= budget.playouts) break;
        if (budget.millis > 0 && (total & 15) == 0 &&
            std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(budget.millis))
            break;
        int pick = 0;
        if (total < n) {
            pick = static_cast<int>(total);
        } else {
            double best = -1e18;
            const double logt = std::log(static_cast<double>(total));
            for (int i = 0; i < n; ++i) {
                const double ucb = sum[i] / count[i] + c * std::sqrt(logt / count[i]);
                if (ucb > best) best = ucb, pick = i;
            }
        }
        Game play = after[pick];
        play.reshuffle_bag(rng.next());
        Rng roll(rng.next());
        while (play.random_step(roll)) {
        }
        int other = 0;
        for (int p = 0; p < play.players(); ++p)
            if (p != seat) other = std::max(other, play.score(p));
        const int diff = play.score(seat) - other;
        // Reward: win/loss plus the margin, squashed into [0, 1].
        const double reward = 0.5 * (diff > 0 ? 1.0 : diff == 0 ? 0.5 : 0.0) + 0.5 / (1.0 + std::exp(-diff / 15.0));
        sum[pick] += reward;
        ++count[pick];
        ++total;
    }
    int best = 0;
    for (int i = 1; i < n; ++i)
        if (count[i] > 0 && (count[best] == 0 || sum[i] / count[i] > sum[best] / count[best])) best = i;
    if (stats) {
        stats->playouts = total;
        stats->best = rated[best].move;
    }
    return rated[best].move;
}

Decision search_decide(const Game& g, int seat, const SearchBudget& budget, uint64_t seed, SearchStats* stats) {
    return as_decision(g, search_move(g, seat, budget, seed, stats));
}

}  // namespace hexhall::carcassonne
