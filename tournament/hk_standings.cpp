// HK 2024 tournament standings (HK-1). See standings.hpp.
#include "tournament/hk_standings.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace hexhall::hk {

// ---------------------------------------------------------------------------------------
// Fraction

namespace {

__extension__ typedef __int128 Wide;  // GCC/Clang 128-bit integer, for exact cross products

int64_t checked_mul(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("Fraction: int64 overflow");
    return r;
}

int64_t checked_add(int64_t a, int64_t b) {
    int64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("Fraction: int64 overflow");
    return r;
}

}  // namespace

Fraction make_fraction(int64_t num, int64_t den) {
    if (den == 0) throw std::invalid_argument("Fraction: zero denominator");
    constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
    if (num == kMin || den == kMin) throw std::overflow_error("Fraction: int64 overflow");
    if (den < 0) {
        num = -num;
        den = -den;
    }
    const int64_t g = std::gcd(num, den);  // > 0 because den > 0
    return Fraction{num / g, den / g};
}

std::strong_ordering operator<=>(const Fraction& a, const Fraction& b) {
    // Denominators are positive, so a < b  <=>  a.num * b.den < b.num * a.den.
    // Each product of two int64 fits in 128 bits, so this never overflows.
    const Wide lhs = static_cast<Wide>(a.num) * b.den;
    const Wide rhs = static_cast<Wide>(b.num) * a.den;
    return lhs < rhs ? std::strong_ordering::less
                     : (lhs > rhs ? std::strong_ordering::greater : std::strong_ordering::equal);
}

Fraction operator+(const Fraction& a, const Fraction& b) {
    // a/b + c/d over lcm(b, d) to keep intermediates small.
    const int64_t g = std::gcd(a.den, b.den);
    const int64_t bd = b.den / g;
    const int64_t ad = a.den / g;
    const int64_t num = checked_add(checked_mul(a.num, bd), checked_mul(b.num, ad));
    const int64_t den = checked_mul(a.den, bd);
    return make_fraction(num, den);
}

Fraction divide(const Fraction& a, int64_t k) {
    if (k == 0) throw std::invalid_argument("Fraction: division by zero");
    if (k == std::numeric_limits<int64_t>::min()) throw std::overflow_error("Fraction: int64 overflow");
    // Cancel first so the denominator product stays as small as possible.
    const int64_t g = std::gcd(a.num, k);  // gcd(0, k) == |k|
    const int64_t num = a.num / g;
    const int64_t kk = k / g;
    return make_fraction(num, checked_mul(a.den, kk));
}

double to_double(const Fraction& f) { return static_cast<double>(f.num) / static_cast<double>(f.den); }

// ---------------------------------------------------------------------------------------
// Games

std::optional<std::string> validate_game_result(const GameResult& g) {
    const size_t n = g.players.size();
    if (n != 3 && n != 4) return "a game has 3 or 4 players (HK-0.2), got " + std::to_string(n);
    if (g.vp.size() != n) return "one VP total per player is required (HK-1.4)";
    for (size_t i = 0; i < n; ++i) {
        if (g.players[i].empty()) return "player " + std::to_string(i) + " has an empty name";
        for (size_t j = 0; j < i; ++j)
            if (g.players[j] == g.players[i]) return "player '" + g.players[i] + "' appears twice";
        if (g.vp[i] < 0) return "player '" + g.players[i] + "' has negative VP";
    }
    if (g.winner < 0 || static_cast<size_t>(g.winner) >= n)
        return "a game has exactly one declared winner (HK-1.2); winner index " + std::to_string(g.winner) +
               " is not a player";
    if (g.vp[static_cast<size_t>(g.winner)] < 10)
        return "the winner needs 10 or more VP to declare victory (HK-1.1); '" +
               g.players[static_cast<size_t>(g.winner)] + "' has " +
               std::to_string(g.vp[static_cast<size_t>(g.winner)]);
    return std::nullopt;
}

int match_points_in_game(const GameResult& g, int i) { return i == g.winner ? 1 : 0; }

int game_points_in_game(const GameResult& g, int i) {
    const int vp = g.vp[static_cast<size_t>(i)];
    // HK-1.5 and its Decision: only the winner is capped, at 10.
    return i == g.winner ? std::min(vp, 10) : vp;
}

Fraction pop_in_game(const GameResult& g, int i) {
    const int64_t vp = g.vp[static_cast<size_t>(i)];
    int64_t sum = 0;
    for (int v : g.vp) sum += v;
    if (g.vp.size() == 3) {
        // HK-1.7: imaginary 4th player scoring sum/3, so the denominator is
        // sum + sum/3 = 4*sum/3, and vp / (4*sum/3) = 3*vp / (4*sum).
        return make_fraction(3 * vp, 4 * sum);
    }
    return make_fraction(vp, sum);  // HK-1.6
}

// ---------------------------------------------------------------------------------------
// Individual ranking

namespace {

// Returns <0 if a ranks above b, >0 if below, 0 if the HK-1.9 keys are all equal.
int compare_keys(const Standing& a, const Standing& b) {
    if (a.match_points != b.match_points) return a.match_points > b.match_points ? -1 : 1;
    const auto gp = make_fraction(a.game_points, a.games) <=> make_fraction(b.game_points, b.games);
    if (gp != 0) return gp > 0 ? -1 : 1;
    const auto pop = divide(a.pop, a.games) <=> divide(b.pop, b.games);
    if (pop != 0) return pop > 0 ? -1 : 1;
    return 0;
}

// Sorts by HK-1.9 (ties by name) and assigns competition ranks (HK-1.10).
void sort_and_rank(std::vector<Standing>& s) {
    for (const Standing& x : s)
        if (x.games <= 0) throw std::invalid_argument("standing for '" + x.player + "' has no games");
    std::sort(s.begin(), s.end(), [](const Standing& a, const Standing& b) {
        const int c = compare_keys(a, b);
        return c != 0 ? c < 0 : a.player < b.player;
    });
    for (size_t i = 0; i < s.size(); ++i)
        s[i].rank = (i > 0 && compare_keys(s[i - 1], s[i]) == 0) ? s[i - 1].rank : static_cast<int>(i) + 1;
}

}  // namespace

bool same_ranking_keys(const Standing& a, const Standing& b) { return compare_keys(a, b) == 0; }
bool ranks_above(const Standing& a, const Standing& b) { return compare_keys(a, b) < 0; }

std::vector<Standing> individual_standings(const std::vector<GameResult>& games) {
    std::vector<Standing> out;
    std::map<std::string, size_t> index;
    for (size_t gi = 0; gi < games.size(); ++gi) {
        const GameResult& g = games[gi];
        if (auto err = validate_game_result(g)) throw std::invalid_argument("game " + std::to_string(gi) + ": " + *err);
        for (size_t i = 0; i < g.players.size(); ++i) {
            auto [it, inserted] = index.emplace(g.players[i], out.size());
            if (inserted) out.push_back(Standing{g.players[i], 0, 0, 0, Fraction{}, 0});
            Standing& s = out[it->second];
            const int pi = static_cast<int>(i);
            s.games += 1;
            s.match_points += match_points_in_game(g, pi);  // HK-1.3, HK-1.11
            s.game_points += game_points_in_game(g, pi);    // HK-1.4, HK-1.5, HK-1.11
            s.pop = s.pop + pop_in_game(g, pi);             // HK-1.6, HK-1.7, HK-1.11
        }
    }
    sort_and_rank(out);
    return out;
}

std::vector<Standing> subset_standings(const std::vector<Standing>& standings,
                                       const std::vector<std::string>& players) {
    std::vector<Standing> out;
    for (const Standing& s : standings)
        if (std::find(players.begin(), players.end(), s.player) != players.end()) out.push_back(s);
    sort_and_rank(out);
    return out;
}

// ---------------------------------------------------------------------------------------
// Team ranking

DivisionRanks division_ranks(const std::vector<Standing>& standings, const std::vector<Team>& teams) {
    std::map<std::string, std::vector<std::string>> members;
    for (const Team& t : teams) {
        auto& m = members[t.division];
        m.insert(m.end(), t.members.begin(), t.members.end());
    }
    DivisionRanks out;
    for (const auto& [division, players] : members) {
        auto& ranks = out[division];
        for (const Standing& s : subset_standings(standings, players)) ranks[s.player] = s.rank;
    }
    return out;
}

namespace {

// Returns <0 if a ranks above b, >0 if below, 0 if tied (HK-1.12, HK-1.13 + Decision).
int compare_teams(const TeamStanding& a, const TeamStanding& b) {
    const auto avg = a.average <=> b.average;
    if (avg != 0) return avg < 0 ? -1 : 1;  // lower average is better
    std::vector<int> wa = a.member_ranks, wb = b.member_ranks;
    std::sort(wa.begin(), wa.end(), std::greater<>());  // worst-placed first
    std::sort(wb.begin(), wb.end(), std::greater<>());
    const size_t n = std::min(wa.size(), wb.size());
    for (size_t i = 0; i < n; ++i)
        if (wa[i] != wb[i]) return wa[i] < wb[i] ? -1 : 1;  // better worst member wins
    return 0;
}

}  // namespace

std::vector<TeamStanding> team_standings(const std::vector<Team>& teams, const DivisionRanks& ranks) {
    std::vector<std::string> division_order;
    std::map<std::string, std::vector<TeamStanding>> by_division;
    for (const Team& t : teams) {
        if (t.members.empty()) throw std::invalid_argument("team '" + t.name + "' has no members");
        const auto div = ranks.find(t.division);
        TeamStanding ts{t.name, t.division, {}, Fraction{}, 0};
        int64_t sum = 0;
        for (const std::string& m : t.members) {
            const bool found = div != ranks.end() && div->second.count(m) != 0;
            if (!found)
                throw std::invalid_argument("team '" + t.name + "': member '" + m + "' has no rank in division '" +
                                            t.division + "'");
            const int r = div->second.at(m);
            ts.member_ranks.push_back(r);
            sum += r;
        }
        ts.average = make_fraction(sum, static_cast<int64_t>(t.members.size()));
        if (by_division.find(t.division) == by_division.end()) division_order.push_back(t.division);
        by_division[t.division].push_back(std::move(ts));
    }
    std::vector<TeamStanding> out;
    for (const std::string& d : division_order) {
        std::vector<TeamStanding>& v = by_division[d];
        std::sort(v.begin(), v.end(), [](const TeamStanding& a, const TeamStanding& b) {
            const int c = compare_teams(a, b);
            return c != 0 ? c < 0 : a.name < b.name;
        });
        for (size_t i = 0; i < v.size(); ++i)
            v[i].rank = (i > 0 && compare_teams(v[i - 1], v[i]) == 0) ? v[i - 1].rank : static_cast<int>(i) + 1;
        out.insert(out.end(), v.begin(), v.end());
    }
    return out;
}

}  // namespace hexhall::hk
