#include "tournament/leaderboard.hpp"

#include <algorithm>
#include <cstdio>

namespace hexhall::rating {

std::vector<LeaderboardRow> leaderboard(std::span<const Standing> standings, int min_games, const Model& model) {
    std::vector<LeaderboardRow> rows;
    for (const Standing& s : standings)
        if (s.games >= min_games) rows.push_back({0, s.player, s.rating, ordinal(s.rating, model), s.games});
    std::sort(rows.begin(), rows.end(), [](const LeaderboardRow& a, const LeaderboardRow& b) {
        if (a.ordinal != b.ordinal) return a.ordinal > b.ordinal;
        if (a.games != b.games) return a.games > b.games;
        return a.player < b.player;
    });
    for (size_t i = 0; i < rows.size(); ++i)
        rows[i].rank = (i > 0 && rows[i].ordinal == rows[i - 1].ordinal) ? rows[i - 1].rank : static_cast<int>(i) + 1;
    return rows;
}

namespace {

// Days since 1970-01-01 <-> civil date (H. Hinnant's algorithms, proleptic Gregorian).
int64_t days_from_civil(int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void civil_from_days(int64_t z, int64_t& y, unsigned& m) {
    z += 719468;
    const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    m = mp < 10 ? mp + 3 : mp - 9;
    y = static_cast<int64_t>(yoe) + era * 400 + (m <= 2);
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

}  // namespace

Season season_at(int64_t unix_seconds, int months) {
    if (months != 1 && months != 2 && months != 3 && months != 4 && months != 6 && months != 12) months = 3;
    int64_t year = 0;
    unsigned month = 1;
    civil_from_days(floor_div(unix_seconds, 86400), year, month);
    const unsigned first = (month - 1) / static_cast<unsigned>(months) * static_cast<unsigned>(months) + 1;
    unsigned next = first + static_cast<unsigned>(months);
    int64_t next_year = year;
    if (next > 12) next -= 12, ++next_year;
    char id[32];
    std::snprintf(id, sizeof id, "%04lld-%02u", static_cast<long long>(year), first);
    return {id, days_from_civil(year, first, 1) * 86400, days_from_civil(next_year, next, 1) * 86400};
}

}  // namespace hexhall::rating
