#include "tournament/referee.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "tournament/results.hpp"

namespace hexhall::tournament {

namespace {

bool counts_as_warning(RefereeActionKind k) { return k == RefereeActionKind::Warning || k == RefereeActionKind::Correction; }

}  // namespace

bool warnable_rule(const std::string& rule) {
    return rule == "HK-10.2" || rule == "HK-10.3" || rule == "HK-10.4" || rule == "HK-10.5" || rule == "HK-6.5";
}

int warnings_at(const Tournament& t, int round, int table, const std::string& entrant) {
    int n = 0;
    for (const RefereeAction& a : t.referee_log)
        if (counts_as_warning(a.kind) && a.round == round && a.table == table && a.entrant == entrant) ++n;
    return n;
}

bool table_paused(const Tournament& t, int round, int table) {
    bool paused = false;
    for (const RefereeAction& a : t.referee_log) {
        if (a.round != round || a.table != table) continue;
        if (a.kind == RefereeActionKind::Pause) paused = true;
        if (a.kind == RefereeActionKind::Resume) paused = false;
    }
    return paused;
}

std::vector<Disqualification> disqualifications(const Tournament& t) {
    std::vector<Disqualification> out;
    std::map<std::tuple<int, int, std::string>, int> count;
    std::set<std::string> done;
    for (const RefereeAction& a : t.referee_log) {
        if (!counts_as_warning(a.kind) || done.count(a.entrant)) continue;
        if (++count[{a.round, a.table, a.entrant}] == 2) {  // HK-10.6: two warnings in one match
            out.push_back({a.entrant, a.round, a.table, a.at_ms, a.referee});
            done.insert(a.entrant);
        }
    }
    return out;
}

bool is_disqualified(const Tournament& t, const std::string& entrant) {
    for (const Disqualification& d : disqualifications(t))
        if (d.entrant == entrant) return true;
    return false;
}

std::optional<std::string> check_referee_action(const Tournament& t, const RefereeAction& a) {
    if (a.referee.empty()) return "a referee action names its referee";
    if (a.at_ms < 0) return "the time of a referee action is Unix milliseconds";
    if (!t.referee_log.empty() && a.at_ms < t.referee_log.back().at_ms)
        return "referee actions are recorded in time order";
    const Round* round = find_round(t, a.round);
    if (!round) return "round " + std::to_string(a.round) + " does not exist";
    const bool running = round->status == RoundStatus::Started;
    if (!running && !(a.kind == RefereeActionKind::Ruling && round->status == RoundStatus::Finished))
        return "round " + std::to_string(a.round) + " is not running";
    const Table* table = find_table(t, a.round, a.table);
    if (!table) return "round " + std::to_string(a.round) + " has no table " + std::to_string(a.table);
    if (!a.entrant.empty() && std::find(table->seats.begin(), table->seats.end(), a.entrant) == table->seats.end())
        return "entrant '" + a.entrant + "' does not play at table " + std::to_string(a.table);
    switch (a.kind) {
        case RefereeActionKind::Warning:
        case RefereeActionKind::Correction:
            if (a.entrant.empty()) return std::string("a ") + to_string(a.kind) + " names the player concerned (HK-10.6)";
            if (is_disqualified(t, a.entrant)) return "entrant '" + a.entrant + "' is already disqualified (HK-10.6)";
            if (a.kind == RefereeActionKind::Warning && !warnable_rule(a.rule))
                return "a warning cites HK-10.2, HK-10.3, HK-10.4, HK-10.5 or HK-6.5 (HK-10.6), not '" + a.rule + "'";
            if (a.kind == RefereeActionKind::Correction && !(a.rule.empty() || a.rule == "HK-6.5"))
                return "a correction is the HK-6.5 procedure, not '" + a.rule + "'";
            if (a.kind == RefereeActionKind::Correction && a.note.empty())
                return "a correction says what was removed (HK-6.5)";
            break;
        case RefereeActionKind::Pause:
            if (table_paused(t, a.round, a.table)) return "the clock of this table is already paused";
            break;
        case RefereeActionKind::Resume:
            if (!table_paused(t, a.round, a.table)) return "the clock of this table is not paused";
            break;
        case RefereeActionKind::Ruling:
            if (a.note.empty()) return "a ruling note has text";
            break;
    }
    return std::nullopt;
}

std::optional<std::string> record_referee_action(Tournament& t, RefereeAction a) {
    if (auto err = check_referee_action(t, a)) return err;
    if (a.kind == RefereeActionKind::Correction && a.rule.empty()) a.rule = "HK-6.5";
    t.referee_log.push_back(std::move(a));
    return std::nullopt;
}

}  // namespace hexhall::tournament
