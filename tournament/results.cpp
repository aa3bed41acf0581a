#include "tournament/results.hpp"

#include <algorithm>

namespace hexhall::tournament {

std::vector<std::string> game_seats(const Tournament& t, const Table& table, const std::vector<std::string>& absent) {
    auto is_absent = [&](const std::string& id) { return std::find(absent.begin(), absent.end(), id) != absent.end(); };
    std::vector<std::string> present;
    for (const std::string& id : table.seats)
        if (!is_absent(id)) present.push_back(id);
    const std::optional<GameKind> kind = find_game(t.game, t.ruleset);
    const int min_table = kind ? kind->min_table : 3;
    if (t.settings.no_show == NoShowPolicy::PlayWithThree && static_cast<int>(present.size()) >= min_table)
        return present;
    std::vector<std::string> seats;
    for (const std::string& id : table.seats) seats.push_back(is_absent(id) ? std::string() : id);
    return seats;
}

const ScoringPolicy& scoring_of(const Tournament& t) {
    const std::optional<GameKind> kind = find_game(t.game, t.ruleset);
    const ScoringPolicy* p = kind ? find_scoring_policy(kind->scoring) : nullptr;
    return p ? *p : *find_scoring_policy("win-score");
}

core::Outcome outcome_of(const TableResult& r) { return core::Outcome{r.winners, r.scores}; }

std::optional<std::string> check_result(const Tournament& t, const TableResult& r) {
    const Round* round = find_round(t, r.round);
    if (!round) return "round " + std::to_string(r.round) + " does not exist";
    if (round->status != RoundStatus::Started) return "round " + std::to_string(r.round) + " is not running";
    const Table* table = find_table(t, r.round, r.table);
    if (!table) return "round " + std::to_string(r.round) + " has no table " + std::to_string(r.table);
    for (const TableResult& other : t.results)
        if (other.round == r.round && other.table == r.table)
            return "table " + std::to_string(r.table) + " of round " + std::to_string(r.round) + " already has a result";
    for (size_t i = 0; i < r.absent.size(); ++i) {
        if (std::find(table->seats.begin(), table->seats.end(), r.absent[i]) == table->seats.end())
            return "absent entrant '" + r.absent[i] + "' is not seated at this table";
        if (std::find(r.absent.begin(), r.absent.begin() + static_cast<long>(i), r.absent[i]) != r.absent.begin() + static_cast<long>(i))
            return "absent entrant '" + r.absent[i] + "' listed twice";
    }
    if (r.absent.size() == table->seats.size()) {  // nobody showed up: no game, every entrant forfeits
        if (!r.winners.empty() || !r.scores.empty()) return "a table where nobody showed up has no game to record";
        return std::nullopt;
    }
    const std::vector<std::string> seats = game_seats(t, *table, r.absent);
    if (r.scores.size() != seats.size())
        return "the game as played has " + std::to_string(seats.size()) + " seats, the result has " +
               std::to_string(r.scores.size()) + " scores";
    if (auto err = scoring_of(t).check(outcome_of(r))) return *err;
    return std::nullopt;
}

std::optional<std::string> record_result(Tournament& t, const TableResult& r) {
    if (auto err = check_result(t, r)) return err;
    t.results.push_back(r);
    return std::nullopt;
}

}  // namespace hexhall::tournament
