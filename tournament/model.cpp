#include "tournament/model.hpp"

#include <algorithm>
#include <set>

#include "core/game_module.hpp"
#include "tournament/referee.hpp"
#include "tournament/results.hpp"
#include "tournament/table_split.hpp"

namespace hexhall::tournament {

std::vector<GameKind> tournament_games() {
    std::vector<GameKind> out;
    for (const core::GameModule& m : core::game_registry().modules())
        for (const core::TournamentRuleset& r : m.tournament)
            out.push_back(GameKind{m.name, r.ruleset, r.scoring, r.min_table, r.max_table});
    return out;
}

std::optional<GameKind> find_game(const std::string& game, const std::string& ruleset) {
    for (GameKind& k : tournament_games())
        if (game == k.game && ruleset == k.ruleset) return std::move(k);
    return std::nullopt;
}

std::string default_tournament_game() {
    const std::vector<GameKind> games = tournament_games();
    return games.empty() ? std::string() : games.front().game;
}

std::string default_tournament_ruleset(const std::string& game) {
    for (const GameKind& k : tournament_games())
        if (k.game == game) return k.ruleset;
    return {};
}

const Entrant* find_entrant(const Tournament& t, const std::string& id) {
    for (const Entrant& e : t.entrants)
        if (e.id == id) return &e;
    return nullptr;
}

Entrant* find_entrant(Tournament& t, const std::string& id) {
    for (Entrant& e : t.entrants)
        if (e.id == id) return &e;
    return nullptr;
}

const Round* find_round(const Tournament& t, int number) {
    if (number < 1 || number > static_cast<int>(t.rounds.size())) return nullptr;
    return &t.rounds[static_cast<size_t>(number - 1)];
}

const Table* find_table(const Tournament& t, int round, int table) {
    const Round* r = find_round(t, round);
    if (!r || table < 1 || table > static_cast<int>(r->tables.size())) return nullptr;
    return &r->tables[static_cast<size_t>(table - 1)];
}

const char* to_string(EntrantStatus s) {
    switch (s) {
        case EntrantStatus::Registered: return "registered";
        case EntrantStatus::Withdrawn: return "withdrawn";
        case EntrantStatus::Substituted: return "substituted";
    }
    return "?";
}
const char* to_string(Pairing p) { return p == Pairing::Swiss ? "swiss" : "spread"; }
const char* to_string(NoShowPolicy p) { return p == NoShowPolicy::PlayWithThree ? "playWithThree" : "botScoresNothing"; }
const char* to_string(RoundStatus s) {
    switch (s) {
        case RoundStatus::Seated: return "seated";
        case RoundStatus::Started: return "started";
        case RoundStatus::Finished: return "finished";
    }
    return "?";
}
const char* to_string(RefereeActionKind k) {
    switch (k) {
        case RefereeActionKind::Warning: return "warning";
        case RefereeActionKind::Correction: return "correction";
        case RefereeActionKind::Pause: return "pause";
        case RefereeActionKind::Resume: return "resume";
        case RefereeActionKind::Ruling: return "ruling";
    }
    return "?";
}

std::string seat_label(int seat) { return std::string(1, static_cast<char>('A' + seat)); }

namespace {

constexpr size_t kMaxText = 200;
constexpr size_t kMaxNote = 4000;

std::optional<std::string> text(const std::string& what, const std::string& s, bool required, size_t max = kMaxText) {
    if (required && s.empty()) return what + " is required";
    if (s.size() > max) return what + " is longer than " + std::to_string(max) + " bytes";
    for (unsigned char c : s)
        if (c < 0x20) return what + " contains a control character";
    return std::nullopt;
}

std::optional<std::string> validate_settings(const Tournament& t, const GameKind& kind) {
    const Settings& s = t.settings;
    if (s.rounds < 1 || s.rounds > 50) return "rounds must be 1..50";
    if (s.table_size < kind.min_table || s.table_size > kind.max_table)
        return "table size " + std::to_string(s.table_size) + " is not allowed for " + t.game + " (" +
               std::to_string(kind.min_table) + ".." + std::to_string(kind.max_table) + ")";
    if (std::none_of(std::begin(kClockPresets), std::end(kClockPresets), [&](const char* p) { return s.clock_preset == p; }))
        return "unknown clock preset '" + s.clock_preset + "'";
    if (s.swiss_from_round < 2 || s.swiss_from_round > 50) return "swissFromRound must be 2..50";
    if (s.no_show_after_s < 0 || s.no_show_after_s > 3600) return "noShowAfterS must be 0..3600";
    return std::nullopt;
}

std::optional<std::string> validate_rounds(const Tournament& t, const GameKind& kind) {
    if (t.rounds.size() > static_cast<size_t>(t.settings.rounds)) return "more rounds than settings.rounds";
    for (size_t ri = 0; ri < t.rounds.size(); ++ri) {
        const Round& r = t.rounds[ri];
        const std::string where = "round " + std::to_string(ri + 1);
        if (r.number != static_cast<int>(ri) + 1) return where + " is numbered " + std::to_string(r.number);
        if (ri + 1 < t.rounds.size() && r.status != RoundStatus::Finished) return where + " is not finished but a later round exists";
        std::set<std::string> seated;
        std::set<uint64_t> seeds{r.board_seed};
        if (r.tables.empty()) return where + " has no tables";
        for (size_t ti = 0; ti < r.tables.size(); ++ti) {
            const Table& table = r.tables[ti];
            const std::string at = where + " table " + std::to_string(ti + 1);
            if (table.number != static_cast<int>(ti) + 1) return at + " is numbered " + std::to_string(table.number);
            const int n = static_cast<int>(table.seats.size());
            if (n < kind.min_table || n > t.settings.table_size)
                return at + " has " + std::to_string(n) + " seats (HK-0.2)";
            for (const std::string& id : table.seats) {
                if (!find_entrant(t, id)) return at + ": unknown entrant '" + id + "'";
                if (!seated.insert(id).second) return where + ": entrant '" + id + "' seated twice";
            }
            if (!seeds.insert(table.game_seed).second) return at + ": game seeds must be distinct (HK-3.1 secret dice per table)";
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const Tournament& t) {
    if (auto e = text("id", t.id, false, 64)) return e;
    if (auto e = text("name", t.name, true)) return e;
    if (auto e = text("organiser", t.organiser, true)) return e;
    const std::optional<GameKind> kind = find_game(t.game, t.ruleset);
    if (!kind) return "unknown game/ruleset '" + t.game + "/" + t.ruleset + "'";
    if (auto e = validate_settings(t, *kind)) return e;
    std::set<std::string> divisions;
    for (const std::string& d : t.divisions) {
        if (auto e = text("division", d, true)) return e;
        if (!divisions.insert(d).second) return "division '" + d + "' twice";
    }
    std::set<std::string> teams;
    for (const TeamDef& team : t.teams) {
        if (auto e = text("team name", team.name, true)) return e;
        if (!teams.insert(team.name).second) return "team '" + team.name + "' twice";
        if (divisions.empty() ? !team.division.empty() : !divisions.count(team.division))
            return "team '" + team.name + "': division '" + team.division + "' is not one of the tournament's";
    }
    std::set<std::string> ids;
    for (const Entrant& e : t.entrants) {
        if (auto err = text("entrant id", e.id, true, 64)) return err;
        if (auto err = text("entrant name", e.name, true)) return err;
        if (!ids.insert(e.id).second) return "entrant '" + e.id + "' twice";
        if (!e.team.empty()) {
            auto it = std::find_if(t.teams.begin(), t.teams.end(), [&](const TeamDef& d) { return d.name == e.team; });
            if (it == t.teams.end()) return "entrant '" + e.id + "': unknown team '" + e.team + "'";
            if (e.division != it->division) return "entrant '" + e.id + "': a team member is in the team's division (HK-1.12)";
        } else if (!e.division.empty() && !divisions.count(e.division)) {
            return "entrant '" + e.id + "': unknown division '" + e.division + "'";
        }
        if (e.joined_round < 1) return "entrant '" + e.id + "': joinedRound must be 1 or more";
    }
    for (const Entrant& e : t.entrants) {
        if (e.substitute_for.empty()) continue;
        const Entrant* replaced = find_entrant(t, e.substitute_for);
        if (!replaced || replaced == &e || replaced->status != EntrantStatus::Substituted)
            return "entrant '" + e.id + "' substitutes for '" + e.substitute_for + "', who is not a substituted entrant";
    }
    std::set<std::string> group_names;
    for (const Group& g : t.groups) {
        if (auto e = text("group name", g.name, true)) return e;
        if (!group_names.insert(g.name).second) return "group '" + g.name + "' twice";
        for (const std::string& m : g.members)
            if (!ids.count(m)) return "group '" + g.name + "': unknown entrant '" + m + "'";
    }
    if (auto e = validate_rounds(t, *kind)) return e;
    // Results and referee actions are checked as they would have been recorded, in order, against
    // the tournament as it was then (rounds as now: a later round's status does not matter here).
    Tournament replay = t;
    replay.results.clear();
    replay.referee_log.clear();
    for (Round& r : replay.rounds) r.status = RoundStatus::Started;
    for (const TableResult& r : t.results) {
        if (const Round* round = find_round(t, r.round); round && round->status == RoundStatus::Seated)
            return "round " + std::to_string(r.round) + " has a result but has not started";
        if (auto e = record_result(replay, r))
            return "result of round " + std::to_string(r.round) + " table " + std::to_string(r.table) + ": " + *e;
    }
    for (const RefereeAction& a : t.referee_log) {
        if (auto e = text("referee", a.referee, true)) return e;
        if (auto e = text("referee note", a.note, false, kMaxNote)) return e;
        if (auto e = record_referee_action(replay, a)) return "referee action: " + *e;
    }
    for (const Round& r : t.rounds)
        if (r.status == RoundStatus::Finished)
            for (const Table& table : r.tables)
                if (std::none_of(t.results.begin(), t.results.end(),
                                 [&](const TableResult& x) { return x.round == r.number && x.table == table.number; }))
                    return "round " + std::to_string(r.number) + " is finished but table " +
                           std::to_string(table.number) + " has no result";
    return std::nullopt;
}

}  // namespace hexhall::tournament
