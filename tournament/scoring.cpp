#include "tournament/scoring.hpp"

#include <algorithm>

namespace hexhall::tournament {

namespace hk = hexhall::hk;

namespace {

hk::GameResult to_hk_result(const core::Outcome& o) {
    hk::GameResult g;
    for (size_t i = 0; i < o.scores.size(); ++i) g.players.push_back(std::string(1, static_cast<char>('A' + i)));
    g.vp = o.scores;
    g.winner = o.winners.size() == 1 ? o.winners.front() : -1;
    return g;
}

std::optional<std::string> check_hk(const core::Outcome& o) {
    if (o.winners.size() != 1)
        return "a game has exactly one winner (HK-1.2), got " + std::to_string(o.winners.size());
    return hk::validate_game_result(to_hk_result(o));
}

std::vector<SeatScore> score_hk(const core::Outcome& o) {
    const hk::GameResult g = to_hk_result(o);
    std::vector<SeatScore> out;
    for (int i = 0; i < static_cast<int>(g.players.size()); ++i)
        out.push_back({hk::match_points_in_game(g, i), hk::game_points_in_game(g, i), hk::pop_in_game(g, i)});
    return out;
}

std::optional<std::string> check_win_score(const core::Outcome& o) {
    const int n = static_cast<int>(o.scores.size());
    if (n < 2 || n > 8) return "a game has 2 to 8 seats, got " + std::to_string(n);
    for (int s : o.scores)
        if (s < 0) return "a score is negative";
    if (o.winners.empty()) return "a finished game has at least one winner";
    for (size_t i = 0; i < o.winners.size(); ++i) {
        if (o.winners[i] < 0 || o.winners[i] >= n) return "winner seat " + std::to_string(o.winners[i]) + " is not a seat";
        for (size_t j = 0; j < i; ++j)
            if (o.winners[j] == o.winners[i]) return "winner seat " + std::to_string(o.winners[i]) + " twice";
    }
    return std::nullopt;
}

std::vector<SeatScore> score_win_score(const core::Outcome& o) {
    int64_t sum = 0;
    for (int s : o.scores) sum += s;
    std::vector<SeatScore> out;
    for (size_t i = 0; i < o.scores.size(); ++i) {
        const bool won = std::find(o.winners.begin(), o.winners.end(), static_cast<int>(i)) != o.winners.end();
        out.push_back({won ? 1 : 0, o.scores[i], sum == 0 ? Fraction{} : hk::make_fraction(o.scores[i], sum)});
    }
    return out;
}

constexpr ScoringPolicy kPolicies[] = {
    {"hk2024", check_hk, score_hk},
    {"win-score", check_win_score, score_win_score},
};

}  // namespace

const ScoringPolicy* find_scoring_policy(const std::string& name) {
    for (const ScoringPolicy& p : kPolicies)
        if (name == p.name) return &p;
    return nullptr;
}

}  // namespace hexhall::tournament
