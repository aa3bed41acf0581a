// Seating search: simulated annealing over seat swaps. See seating.hpp for the priorities.
#include "tournament/seating.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "tournament/seeds.hpp"

namespace hexhall::tournament {

namespace {

constexpr int kMaxSeats = 8;  // seat letters tracked per player (tables are at most this large)

// f(m) = m (m - 1) / 2: the cost of a count m where only the first occurrence is free.
int64_t tri(int64_t m) { return m * (m - 1) / 2; }

struct Where {
    int table = 0;
    int pos = 0;
};

class Search {
public:
    explicit Search(const SeatingRequest& r) : req_(r) {
        n_ = static_cast<int>(r.players.size());
        for (int i = 0; i < n_; ++i) {
            if (!index_.emplace(r.players[static_cast<size_t>(i)], i).second)
                throw std::invalid_argument("seating: player '" + r.players[static_cast<size_t>(i)] + "' twice");
        }
        int total = 0;
        for (int s : r.table_sizes) {
            if (s < 2 || s > kMaxSeats) throw std::invalid_argument("seating: bad table size");
            total += s;
        }
        if (total != n_) throw std::invalid_argument("seating: table sizes do not add up to the players");
        rounds_ = 1 + std::max(0, r.future_rounds);
        // Memory grows with the players, never with their pairs (issue 26: 10,000 entrants once took
        // 1.57 GB as three n x n matrices): meetings are kept per player as a short list of opponents,
        // groups as each player's group numbers, Swiss distances from each player's bracket.
        meet_.assign(static_cast<size_t>(n_), {});
        groups_of_.assign(static_cast<size_t>(n_), {});
        bucket_.assign(static_cast<size_t>(n_), 0);
        seatc_.assign(static_cast<size_t>(n_) * kMaxSeats, 0);
        threec_.assign(static_cast<size_t>(n_), 0);
        // History: meetings, seat letters and 3-player tables of the players seated now.
        for (const RoundSeating& round : r.history) {
            for (const auto& table : round) {
                std::vector<int> ids;
                for (size_t pos = 0; pos < table.size(); ++pos) {
                    auto it = index_.find(table[pos]);
                    if (it == index_.end()) continue;
                    ids.push_back(it->second);
                    if (pos < kMaxSeats) seatc_[seat_ix(it->second, static_cast<int>(pos))] += 1;
                    if (table.size() == 3) threec_[static_cast<size_t>(it->second)] += 1;
                }
                for (size_t i = 0; i < ids.size(); ++i)
                    for (size_t j = i + 1; j < ids.size(); ++j) add_meet(ids[i], ids[j], 1);
            }
        }
        for (size_t g = 0; g < r.groups.size(); ++g)
            for (const std::string& m : r.groups[g])
                if (auto it = index_.find(m); it != index_.end()) {
                    auto& mine = groups_of_[static_cast<size_t>(it->second)];
                    if (mine.empty() || mine.back() != static_cast<int>(g)) mine.push_back(static_cast<int>(g));
                }
        first_group_.assign(static_cast<size_t>(n_), -1);
        for (int p = 0; p < n_; ++p)
            if (!groups_of_[static_cast<size_t>(p)].empty()) first_group_[static_cast<size_t>(p)] = groups_of_[static_cast<size_t>(p)].front();
        arow_.assign(static_cast<size_t>(n_), 0);
        swiss_rank_.assign(static_cast<size_t>(n_), 0);
        if (!r.swiss_order.empty()) {
            if (r.swiss_order.size() != r.players.size())
                throw std::invalid_argument("seating: the Swiss order must list every player once");
            const int bracket = r.table_sizes.empty() ? 4 : r.table_sizes.front();
            std::vector<int> bucket(static_cast<size_t>(n_), -1);
            for (size_t i = 0; i < r.swiss_order.size(); ++i) {
                auto it = index_.find(r.swiss_order[i]);
                if (it == index_.end() || bucket[static_cast<size_t>(it->second)] >= 0)
                    throw std::invalid_argument("seating: the Swiss order must list every player once");
                bucket[static_cast<size_t>(it->second)] = static_cast<int>(i) / bracket;
                swiss_rank_[static_cast<size_t>(it->second)] = static_cast<int>(i);
            }
            bucket_ = std::move(bucket);
            swiss_on_ = true;
        }
    }

    RoundSeating run() {
        if (n_ == 0) return {};
        SeatingRng rng{derive_seed(req_.seed, {0x5EA7})};
        initial(rng);
        int64_t cost = total_cost();
        int64_t best = cost;
        std::vector<std::vector<std::vector<int>>> best_plan = plan_;
        std::vector<std::vector<Where>> best_where = where_;
        const int64_t floor = lower_bound();
        const int64_t budget = req_.max_moves > 0 ? req_.max_moves : std::max<int64_t>(5000, 8'000'000 / std::max(1, n_));
        // Tabu search with min-conflicts moves (as for the social golfer problem): take a player in
        // conflict (a repeat meeting, a group mate, a repeated seat letter) in some planned round and
        // make the best swap of that player in that round, even an uphill one, unless it is tabu;
        // after a long stall, restart from the best plan with a few random swaps.
        std::vector<std::vector<int64_t>> tabu(static_cast<size_t>(rounds_), std::vector<int64_t>(static_cast<size_t>(n_), -1));
        int64_t last_gain = 0;
        std::vector<int> conflicted;
        for (int64_t it = 0; it < budget && best > floor && n_ >= 2; ++it) {
            if (it - last_gain > 400) {
                plan_ = best_plan;
                where_ = best_where;
                rebuild_counts();
                for (int s = 0; s < std::max(2, n_ / 8); ++s) {
                    const int k = static_cast<int>(rng.below(static_cast<uint32_t>(rounds_)));
                    const int a = static_cast<int>(rng.below(static_cast<uint32_t>(n_)));
                    const int b = static_cast<int>(rng.below(static_cast<uint32_t>(n_)));
                    if (a != b) apply_swap(k, a, b);
                }
                cost = total_cost();
                last_gain = it;
            }
            const int k = static_cast<int>(rng.below(static_cast<uint32_t>(rounds_)));
            conflicted.clear();
            for (int p = 0; p < n_; ++p)
                if (in_conflict(k, p)) conflicted.push_back(p);
            const int a = conflicted.empty() ? static_cast<int>(rng.below(static_cast<uint32_t>(n_)))
                                             : conflicted[rng.below(static_cast<uint32_t>(conflicted.size()))];
            int64_t best_delta = 0;
            int best_b = -1;
            uint32_t ties = 0;
            for (const Met& m : meet_[static_cast<size_t>(a)]) arow_[static_cast<size_t>(m.other)] = m.times;
            for (int b = 0; b < n_; ++b) {
                if (b == a) continue;
                const int64_t d = delta(k, a, b);
                const bool allowed = tabu[static_cast<size_t>(k)][static_cast<size_t>(b)] < it || cost + d < best;
                if (!allowed) continue;
                if (best_b < 0 || d < best_delta) {
                    best_delta = d;
                    best_b = b;
                    ties = 1;
                } else if (d == best_delta && rng.below(++ties) == 0) {
                    best_b = b;
                }
            }
            for (const Met& m : meet_[static_cast<size_t>(a)]) arow_[static_cast<size_t>(m.other)] = 0;
            if (best_b < 0) continue;
            apply_swap(k, a, best_b);
            cost += best_delta;
            tabu[static_cast<size_t>(k)][static_cast<size_t>(a)] = it + 3 + rng.below(8);
            tabu[static_cast<size_t>(k)][static_cast<size_t>(best_b)] = it + 3 + rng.below(8);
            if (cost < best) {
                best = cost;
                best_plan = plan_;
                best_where = where_;
                last_gain = it;
            }
        }
        RoundSeating out;
        std::vector<std::vector<int>> round0 = best_plan[0];
        if (!req_.swiss_order.empty()) {
            // Table 1 is the top table: equal-sized tables ordered by their best-placed player.
            std::stable_sort(round0.begin(), round0.end(), [&](const auto& x, const auto& y) {
                if (x.size() != y.size()) return x.size() > y.size();
                return top(x) < top(y);
            });
        }
        for (const auto& table : round0) {
            std::vector<std::string> ids;
            for (int p : table) ids.push_back(req_.players[static_cast<size_t>(p)]);
            out.push_back(std::move(ids));
        }
        return out;
    }

private:
    // Meetings of a and b so far (history + plan): a scan of a's few opponents.
    int meet(int a, int b) const {
        for (const Met& m : meet_[static_cast<size_t>(a)])
            if (m.other == b) return m.times;
        return 0;
    }
    void bump(int a, int b, int d) {
        auto& list = meet_[static_cast<size_t>(a)];
        for (size_t i = 0; i < list.size(); ++i)
            if (list[i].other == b) {
                list[i].times += d;
                if (list[i].times == 0) {  // gone: the list stays as short as the player's opponents
                    list[i] = list.back();
                    list.pop_back();
                }
                return;
            }
        list.push_back({b, d});
    }
    bool same_group(int a, int b) const {
        const int fa = first_group_[static_cast<size_t>(a)], fb = first_group_[static_cast<size_t>(b)];
        if (fa < 0 || fb < 0) return false;  // most players: in no group, or in one
        if (fa == fb) return true;
        const auto& ga = groups_of_[static_cast<size_t>(a)];
        const auto& gb = groups_of_[static_cast<size_t>(b)];
        if (ga.size() < 2 && gb.size() < 2) return false;
        for (int g : ga)
            if (std::find(gb.begin(), gb.end(), g) != gb.end()) return true;
        return false;
    }
    static size_t seat_ix(int p, int pos) { return static_cast<size_t>(p) * kMaxSeats + static_cast<size_t>(pos); }
    void add_meet(int a, int b, int d) {
        bump(a, b, d);
        bump(b, a, d);
    }
    int top(const std::vector<int>& table) const {
        int best = n_;
        for (int p : table) best = std::min(best, swiss_rank_[static_cast<size_t>(p)]);
        return best;
    }
    // Static pair weight at one table in planned round k (groups; Swiss only in this round).
    int64_t pair_static(int k, int a, int b) const {
        int64_t w = same_group(a, b) ? req_.weights.group : 0;
        if (k == 0 && swiss_on_)
            w += req_.weights.swiss * std::abs(bucket_[static_cast<size_t>(a)] - bucket_[static_cast<size_t>(b)]);
        return w;
    }

    // True if p has a repeat opponent, a group mate or a repeated seat letter in planned round k.
    bool in_conflict(int k, int p) const {
        const Where w = where_[static_cast<size_t>(k)][static_cast<size_t>(p)];
        if (seatc_[seat_ix(p, w.pos)] > 1) return true;
        for (int x : plan_[static_cast<size_t>(k)][static_cast<size_t>(w.table)])
            if (x != p && (meet(p, x) > 1 || same_group(p, x))) return true;
        return false;
    }

    // A cost no plan can go below: the seat letters and 3-player tables spread as evenly as the
    // history allows (each planned round adds one letter per player, and the round's 3-player
    // seats go to whoever has had fewest). Used to stop the search early.
    int64_t lower_bound() const {
        const SeatingWeights& w = req_.weights;
        const int letters = *std::max_element(req_.table_sizes.begin(), req_.table_sizes.end());
        int64_t lb = 0;
        for (int p = 0; p < n_; ++p) {
            std::vector<int> c(static_cast<size_t>(letters));
            for (int l = 0; l < letters; ++l) c[static_cast<size_t>(l)] = history_seatc_[seat_ix(p, l)];
            for (int k = 0; k < rounds_; ++k) ++*std::min_element(c.begin(), c.end());
            for (int x : c) lb += w.seat * tri(x);
        }
        int threes = 0;
        for (int s : req_.table_sizes)
            if (s == 3) threes += 3;
        std::vector<int> c = history_threec_;
        for (int k = 0; k < rounds_; ++k)
            for (int i = 0; i < threes; ++i) ++*std::min_element(c.begin(), c.end());
        for (int x : c) lb += w.three * tri(x);
        return lb;
    }

    // Recomputes meetings, letters and 3-player counts from the history and the plan.
    void rebuild_counts() {
        meet_ = history_meet_;
        seatc_ = history_seatc_;
        threec_ = history_threec_;
        for (const auto& tables : plan_)
            for (const auto& table : tables)
                for (size_t i = 0; i < table.size(); ++i) {
                    seatc_[seat_ix(table[i], static_cast<int>(i))] += 1;
                    if (table.size() == 3) threec_[static_cast<size_t>(table[i])] += 1;
                    for (size_t j = i + 1; j < table.size(); ++j) add_meet(table[i], table[j], 1);
                }
    }

    void initial(SeatingRng& rng) {
        history_meet_ = meet_;
        history_seatc_ = seatc_;
        history_threec_ = threec_;
        std::vector<int> order(static_cast<size_t>(n_));
        plan_.assign(static_cast<size_t>(rounds_), {});
        where_.assign(static_cast<size_t>(rounds_), std::vector<Where>(static_cast<size_t>(n_)));
        for (int k = 0; k < rounds_; ++k) {
            for (int i = 0; i < n_; ++i) order[static_cast<size_t>(i)] = i;
            if (k == 0 && !req_.swiss_order.empty()) {
                std::sort(order.begin(), order.end(), [&](int x, int y) {
                    return swiss_rank_[static_cast<size_t>(x)] < swiss_rank_[static_cast<size_t>(y)];
                });
            } else {
                for (int i = n_ - 1; i > 0; --i)
                    std::swap(order[static_cast<size_t>(i)], order[rng.below(static_cast<uint32_t>(i + 1))]);
            }
            size_t next = 0;
            auto& tables = plan_[static_cast<size_t>(k)];
            for (size_t t = 0; t < req_.table_sizes.size(); ++t) {
                std::vector<int> table;
                for (int s = 0; s < req_.table_sizes[t]; ++s) {
                    const int p = order[next++];
                    where_[static_cast<size_t>(k)][static_cast<size_t>(p)] = Where{static_cast<int>(t), s};
                    table.push_back(p);
                }
                tables.push_back(std::move(table));
            }
            for (const auto& table : tables) {
                for (size_t i = 0; i < table.size(); ++i) {
                    seatc_[seat_ix(table[i], static_cast<int>(i))] += 1;
                    if (table.size() == 3) threec_[static_cast<size_t>(table[i])] += 1;
                    for (size_t j = i + 1; j < table.size(); ++j) add_meet(table[i], table[j], 1);
                }
            }
        }
    }

    int64_t total_cost() const {
        const SeatingWeights& w = req_.weights;
        int64_t c = 0;
        for (int a = 0; a < n_; ++a) {
            for (const Met& m : meet_[static_cast<size_t>(a)])
                if (m.other > a) c += w.repeat * tri(m.times);
            for (int s = 0; s < kMaxSeats; ++s) c += w.seat * tri(seatc_[seat_ix(a, s)]);
            c += w.three * tri(threec_[static_cast<size_t>(a)]);
        }
        for (int k = 0; k < rounds_; ++k)
            for (const auto& table : plan_[static_cast<size_t>(k)])
                for (size_t i = 0; i < table.size(); ++i)
                    for (size_t j = i + 1; j < table.size(); ++j) c += pair_static(k, table[i], table[j]);
        return c;
    }

    // Cost change if a and b exchange seats in planned round k.
    int64_t delta(int k, int a, int b) const {
        const SeatingWeights& w = req_.weights;
        const Where wa = where_[static_cast<size_t>(k)][static_cast<size_t>(a)];
        const Where wb = where_[static_cast<size_t>(k)][static_cast<size_t>(b)];
        int64_t d = 0;
        if (wa.table != wb.table) {
            const auto& ta = plan_[static_cast<size_t>(k)][static_cast<size_t>(wa.table)];
            const auto& tb = plan_[static_cast<size_t>(k)][static_cast<size_t>(wb.table)];
            // a leaves ta and meets tb (without b); b leaves tb and meets ta (without a). The four
            // sets of pairs are disjoint, so their changes add up. a's meetings come from arow_
            // (filled for this a by the caller); b's from one pass over b's opponents.
            for (int x : ta) {
                if (x == a) continue;
                d += -w.repeat * (arow_[static_cast<size_t>(x)] - 1) - pair_static(k, a, x);
                d += pair_static(k, b, x);
            }
            for (int y : tb) {
                if (y == b) continue;
                d += w.repeat - pair_static(k, b, y);
                d += w.repeat * arow_[static_cast<size_t>(y)] + pair_static(k, a, y);
            }
            const auto& where = where_[static_cast<size_t>(k)];
            for (const Met& m : meet_[static_cast<size_t>(b)]) {  // + meetings of b with ta, - with tb
                if (m.other == a) continue;
                const int table = where[static_cast<size_t>(m.other)].table;
                if (table == wa.table) d += w.repeat * m.times;
                else if (table == wb.table) d -= w.repeat * m.times;
            }
            if (ta.size() != tb.size()) {
                // One of them moves onto a 3-player table, the other off one (sizes differ by 1).
                const int onto3 = ta.size() == 3 ? b : a;
                const int off3 = ta.size() == 3 ? a : b;
                if (ta.size() == 3 || tb.size() == 3) {
                    d += w.three * threec_[static_cast<size_t>(onto3)];
                    d -= w.three * (threec_[static_cast<size_t>(off3)] - 1);
                }
            }
        }
        if (wa.pos != wb.pos) {
            d += w.seat * (seatc_[seat_ix(a, wb.pos)] - (seatc_[seat_ix(a, wa.pos)] - 1));
            d += w.seat * (seatc_[seat_ix(b, wa.pos)] - (seatc_[seat_ix(b, wb.pos)] - 1));
        }
        return d;
    }

    void apply_swap(int k, int a, int b) {
        auto& where = where_[static_cast<size_t>(k)];
        const Where wa = where[static_cast<size_t>(a)];
        const Where wb = where[static_cast<size_t>(b)];
        auto& tables = plan_[static_cast<size_t>(k)];
        auto& ta = tables[static_cast<size_t>(wa.table)];
        auto& tb = tables[static_cast<size_t>(wb.table)];
        if (wa.table != wb.table) {
            for (int x : ta)
                if (x != a) {
                    add_meet(a, x, -1);
                    add_meet(b, x, 1);
                }
            for (int y : tb)
                if (y != b) {
                    add_meet(b, y, -1);
                    add_meet(a, y, 1);
                }
            if (ta.size() == 3) {
                threec_[static_cast<size_t>(a)] -= 1;
                threec_[static_cast<size_t>(b)] += 1;
            }
            if (tb.size() == 3) {
                threec_[static_cast<size_t>(b)] -= 1;
                threec_[static_cast<size_t>(a)] += 1;
            }
        }
        seatc_[seat_ix(a, wa.pos)] -= 1;
        seatc_[seat_ix(b, wb.pos)] -= 1;
        seatc_[seat_ix(a, wb.pos)] += 1;
        seatc_[seat_ix(b, wa.pos)] += 1;
        ta[static_cast<size_t>(wa.pos)] = b;
        tb[static_cast<size_t>(wb.pos)] = a;
        where[static_cast<size_t>(a)] = wb;
        where[static_cast<size_t>(b)] = wa;
    }

    const SeatingRequest& req_;
    int n_ = 0;
    int rounds_ = 1;
    std::map<std::string, int> index_;
    struct Met {
        int other = 0;
        int times = 0;
    };
    std::vector<std::vector<Met>> meet_;   // per player: opponents met (history + plan) and how often
    std::vector<std::vector<int>> groups_of_;  // per player: the groups (indexes) they belong to
    std::vector<int> first_group_;  // per player: the first of those, -1 for none
    std::vector<int> arow_;         // during one move: the moving player's meetings with each player
    std::vector<int> bucket_;     // per player: Swiss bracket (rank / table size)
    bool swiss_on_ = false;       // a Swiss order was given
    std::vector<int> swiss_rank_; // position in the Swiss order
    std::vector<int> seatc_;      // n x kMaxSeats: times in each seat letter
    std::vector<int> threec_;     // n: times at a 3-player table
    std::vector<std::vector<Met>> history_meet_;                  // the same, history only
    std::vector<int> history_seatc_, history_threec_;
    std::vector<std::vector<std::vector<int>>> plan_;  // [round][table] -> players in seat order
    std::vector<std::vector<Where>> where_;            // [round][player]
};

}  // namespace

RoundSeating seat_round(const SeatingRequest& request) { return Search(request).run(); }

SeatingQuality measure_seating(const std::vector<RoundSeating>& rounds,
                               const std::vector<std::vector<std::string>>& groups) {
    SeatingQuality q;
    std::map<std::pair<std::string, std::string>, int> meetings;
    std::map<std::string, std::map<int, int>> seats;
    std::map<std::string, int> rounds_seated;
    std::map<std::string, int> threes;
    for (const RoundSeating& round : rounds) {
        for (const auto& table : round) {
            for (size_t i = 0; i < table.size(); ++i) {
                seats[table[i]][static_cast<int>(i)] += 1;
                rounds_seated[table[i]] += 1;
                if (table.size() == 3) threes[table[i]] += 1;
                for (size_t j = i + 1; j < table.size(); ++j)
                    meetings[std::minmax(table[i], table[j])] += 1;
            }
            for (const auto& g : groups) {
                int in = 0;
                for (const std::string& p : table)
                    if (std::find(g.begin(), g.end(), p) != g.end()) ++in;
                q.group_conflicts += in * (in - 1) / 2;
            }
        }
    }
    for (const auto& [pair, m] : meetings)
        if (m > 1) {
            q.repeat_pairs += 1;
            q.extra_meetings += m - 1;
        }
    q.min_distinct_seats = -1;
    for (const auto& [player, letters] : seats) {
        bool repeat = false;
        for (const auto& [letter, times] : letters)
            if (times > 1) {
                q.seat_repeats += times - 1;
                repeat = true;
            }
        if (repeat) q.players_with_seat_repeat += 1;
        if (rounds_seated[player] == static_cast<int>(rounds.size())) {
            const int distinct = static_cast<int>(letters.size());
            q.min_distinct_seats = q.min_distinct_seats < 0 ? distinct : std::min(q.min_distinct_seats, distinct);
        }
    }
    if (q.min_distinct_seats < 0) q.min_distinct_seats = 0;
    for (const auto& [player, times] : threes)
        if (times > 1) q.three_table_repeats += times - 1;
    return q;
}

}  // namespace hexhall::tournament
