// "Play now" (issue 29): one queue per game, ruleset and seat count. Players are matched by rating;
// the distance a player accepts widens with waiting; a room starts when full, or, after a chosen
// wait, with bots filling the empty seats (then it is casual, not rated). Plain data: the server
// owns the clock and calls match() on a timer and on every join. docs/decisions/019-ratings.md.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace hexhall::rating {

struct QueueRules {
    int seats = 4;                   // players per room
    double window = 2.0;             // rating distance (ordinal points) accepted at once
    double widen_per_second = 0.25;  // ... growing by this much per second of waiting
    double max_window = 40.0;        // ... up to this
    double bots_after = 60.0;        // seconds of waiting before bots may fill seats; negative: never
};

struct Match {
    std::vector<std::string> players;  // the oldest waiter first
    int bots = 0;                      // seats left to bots
    bool rated = true;                 // false when bots fill seats
};

class MatchQueue {
public:
    explicit MatchQueue(QueueRules rules = {});

    // Joins with `skill` (the player's ordinal) at time `now` (seconds); false if already queued.
    bool join(const std::string& player, double skill, double now);
    // Leaves at once; false if not queued.
    bool leave(const std::string& player);
    size_t size() const { return entries_.size(); }
    bool contains(const std::string& player) const { return entries_.count(player) != 0; }
    // Seconds `player` has waited, if queued.
    std::optional<double> waited(const std::string& player, double now) const;
    // The rating distance `player` accepts now, if queued.
    std::optional<double> window(const std::string& player, double now) const;

    // Forms every room it can, the longest waiters first, and removes their players from the queue.
    // A full room takes `seats` players whose rating spread every one of them accepts, the tightest
    // such group around the waiter; a waiter past `bots_after` with no full room takes the neighbours
    // it and they accept, and bots fill the rest.
    std::vector<Match> match(double now);

    const QueueRules& rules() const { return rules_; }

private:
    struct Entry {
        double skill = 0;
        double since = 0;
        uint64_t order = 0;
    };
    using SkillKey = std::pair<double, std::string>;
    using WaitKey = std::tuple<double, uint64_t, std::string>;

    double window_of(const Entry& e, double now) const;
    void remove(const std::string& player);

    QueueRules rules_;
    uint64_t joins_ = 0;
    std::unordered_map<std::string, Entry> entries_;
    std::set<SkillKey> by_skill_;
    std::set<WaitKey> by_wait_;
};

}  // namespace hexhall::rating
