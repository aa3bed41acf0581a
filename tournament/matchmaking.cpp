#include "tournament/matchmaking.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace hexhall::rating {

MatchQueue::MatchQueue(QueueRules rules) : rules_(rules) { rules_.seats = std::max(1, rules_.seats); }

bool MatchQueue::join(const std::string& player, double skill, double now) {
    if (entries_.count(player) || !std::isfinite(skill)) return false;
    Entry e{skill, now, joins_++};
    entries_.emplace(player, e);
    by_skill_.emplace(skill, player);
    by_wait_.emplace(now, e.order, player);
    return true;
}

void MatchQueue::remove(const std::string& player) {
    auto it = entries_.find(player);
    if (it == entries_.end()) return;
    by_skill_.erase({it->second.skill, player});
    by_wait_.erase({it->second.since, it->second.order, player});
    entries_.erase(it);
}

bool MatchQueue::leave(const std::string& player) {
    if (!entries_.count(player)) return false;
    remove(player);
    return true;
}

std::optional<double> MatchQueue::waited(const std::string& player, double now) const {
    auto it = entries_.find(player);
    if (it == entries_.end()) return std::nullopt;
    return std::max(0.0, now - it->second.since);
}

double MatchQueue::window_of(const Entry& e, double now) const {
    return std::min(rules_.max_window, rules_.window + rules_.widen_per_second * std::max(0.0, now - e.since));
}

std::optional<double> MatchQueue::window(const std::string& player, double now) const {
    auto it = entries_.find(player);
    if (it == entries_.end()) return std::nullopt;
    return window_of(it->second, now);
}

std::vector<Match> MatchQueue::match(double now) {
    std::vector<Match> out;
    const int k = rules_.seats;
    for (auto w = by_wait_.begin(); w != by_wait_.end();) {
        const WaitKey key = *w;
        const std::string& name = std::get<2>(key);
        const Entry me = entries_.at(name);
        const auto at = by_skill_.find({me.skill, name});

        // Windows of k consecutive players (by rating) that contain the waiter: the tightest whose
        // spread every member accepts.
        std::vector<std::string> best;
        double best_spread = 0;
        auto first = at;
        for (int back = 0; back < k - 1 && first != by_skill_.begin(); ++back) --first;
        for (auto start = first;; ++start) {
            std::vector<std::string> group;
            double accepted = window_of(me, now);
            auto it = start;
            for (int i = 0; i < k && it != by_skill_.end(); ++i, ++it) {
                group.push_back(it->second);
                accepted = std::min(accepted, window_of(entries_.at(it->second), now));
            }
            if (static_cast<int>(group.size()) < k) break;
            const double spread = std::prev(it)->first - start->first;
            if (spread <= accepted && (best.empty() || spread < best_spread)) best = group, best_spread = spread;
            if (start == at) break;
        }

        Match m;
        if (!best.empty()) {
            m.players.push_back(name);
            for (auto& p : best)
                if (p != name) m.players.push_back(p);
        } else if (rules_.bots_after >= 0 && now - me.since >= rules_.bots_after) {
            // Bots fill the seats nobody acceptable can take: the nearest mutually acceptable players.
            m.players.push_back(name);
            auto lo = at, hi = std::next(at);
            auto accepts = [&](const SkillKey& q) {
                const double d = std::abs(q.first - me.skill);
                return d <= window_of(me, now) && d <= window_of(entries_.at(q.second), now);
            };
            while (static_cast<int>(m.players.size()) < k) {
                const bool can_lo = lo != by_skill_.begin() && accepts(*std::prev(lo));
                const bool can_hi = hi != by_skill_.end() && accepts(*hi);
                if (!can_lo && !can_hi) break;
                const bool take_lo = can_lo && (!can_hi || me.skill - std::prev(lo)->first <= hi->first - me.skill);
                if (take_lo) m.players.push_back((--lo)->second);
                else m.players.push_back((hi++)->second);
            }
            m.bots = k - static_cast<int>(m.players.size());
            m.rated = m.bots == 0;
        }
        if (m.players.empty()) {
            ++w;
            continue;
        }
        for (const auto& p : m.players) remove(p);
        out.push_back(std::move(m));
        w = by_wait_.upper_bound(key);
    }
    return out;
}

}  // namespace hexhall::rating
