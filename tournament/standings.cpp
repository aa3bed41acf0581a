#include "tournament/standings.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

#include "tournament/referee.hpp"
#include "tournament/results.hpp"

namespace hexhall::tournament {

namespace hk = hexhall::hk;

namespace {

struct Totals {
    int games = 0, forfeits = 0, match_points = 0, game_points = 0;
    Fraction pop;
};

std::string status_text(const Entrant& e, bool disqualified) {
    if (disqualified) return "disqualified";
    if (e.status == EntrantStatus::Withdrawn) return "withdrawn";
    if (e.status == EntrantStatus::Substituted) return "substituted";
    return "";
}

}  // namespace

std::string csv_field(const std::string& s) {
    // OWASP "CSV injection": a cell a spreadsheet would read as a formula (= + - @, tab, CR first)
    // gets a leading single quote and is quoted, so it shows as the text it is.
    const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos;
    if (!formula && s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = formula ? "\"'" : "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + "\"";
}

namespace {

std::string decimal(const Fraction& f, int places) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", places, hk::to_double(f));
    return buf;
}

std::string exact(const Fraction& f) { return std::to_string(f.num) + "/" + std::to_string(f.den); }

}  // namespace

TournamentStandings compute_standings(const Tournament& t) {
    std::map<std::string, Totals> totals;
    const ScoringPolicy& policy = scoring_of(t);
    for (const TableResult& r : t.results) {
        const Table* table = find_table(t, r.round, r.table);
        if (!table) continue;  // validate() refuses such a tournament
        const bool played = r.absent.size() < table->seats.size();  // else nobody came: all forfeit
        const std::vector<std::string> seats = played ? game_seats(t, *table, r.absent) : std::vector<std::string>{};
        const std::vector<SeatScore> scores = played ? policy.score(outcome_of(r)) : std::vector<SeatScore>{};
        for (size_t i = 0; i < seats.size() && i < scores.size(); ++i) {
            if (seats[i].empty()) continue;  // a bot-played seat scores for nobody
            Totals& x = totals[seats[i]];
            x.games += 1;
            x.match_points += scores[i].match_points;
            x.game_points += scores[i].game_points;
            x.pop = x.pop + scores[i].pop;
        }
        for (const std::string& id : r.absent) {  // forfeit
            Totals& x = totals[id];
            x.games += 1;
            x.forfeits += 1;
        }
    }
    std::set<std::string> dq;
    for (const Disqualification& d : disqualifications(t)) dq.insert(d.entrant);

    std::vector<hk::Standing> all;
    std::vector<std::string> rankable;
    for (const auto& [id, x] : totals) {
        all.push_back(hk::Standing{id, x.games, x.match_points, x.game_points, x.pop, 0});
        if (!dq.count(id)) rankable.push_back(id);
    }
    const std::vector<hk::Standing> ranked = hk::subset_standings(all, rankable);

    TournamentStandings out;
    auto row = [&](const Entrant& e, int rank) {
        EntrantStanding s{e.id, e.name, e.team, e.division, 0, 0, 0, 0, Fraction{}, rank, status_text(e, dq.count(e.id) > 0)};
        if (auto it = totals.find(e.id); it != totals.end()) {
            s.games = it->second.games;
            s.forfeits = it->second.forfeits;
            s.match_points = it->second.match_points;
            s.game_points = it->second.game_points;
            s.pop = it->second.pop;
        }
        return s;
    };
    std::set<std::string> listed;
    for (const hk::Standing& s : ranked)
        if (const Entrant* e = find_entrant(t, s.player)) {
            out.individual.push_back(row(*e, s.rank));
            listed.insert(e->id);
        }
    std::vector<const Entrant*> rest;
    for (const Entrant& e : t.entrants)
        if (!listed.count(e.id)) rest.push_back(&e);
    std::sort(rest.begin(), rest.end(), [](const Entrant* a, const Entrant* b) { return a->id < b->id; });
    for (const Entrant* e : rest) out.individual.push_back(row(*e, 0));

    // Teams (HK-1.12, HK-1.13): members who played, the substitute in place of the one replaced.
    std::vector<hk::Team> teams;
    std::map<std::string, std::vector<std::string>> dq_members;  // team -> disqualified members
    for (const TeamDef& def : t.teams) {
        hk::Team team{def.name, def.division, {}};
        for (const Entrant& e : t.entrants) {
            if (e.team != def.name || e.status == EntrantStatus::Substituted || !totals.count(e.id)) continue;
            (dq.count(e.id) ? dq_members[def.name] : team.members).push_back(e.id);
        }
        if (!team.members.empty() || !dq_members[def.name].empty()) teams.push_back(std::move(team));
    }
    hk::DivisionRanks ranks = hk::division_ranks(ranked, teams);
    for (hk::Team& team : teams) {
        auto& division = ranks[team.division];
        for (const std::string& id : dq_members[team.name]) team.members.push_back(id);
        int ranked_in_division = 0;
        for (const hk::Team& other : teams)
            if (other.division == team.division)
                for (const std::string& m : other.members)
                    if (!dq.count(m)) ++ranked_in_division;
        for (const std::string& id : dq_members[team.name]) division[id] = ranked_in_division + 1;
    }
    out.teams = hk::team_standings(teams, ranks);
    return out;
}

std::string standings_csv(const TournamentStandings& s) {
    std::string out = "rank,entrant,name,team,division,games,forfeits,match_points,game_points,pop,pop_exact,status\r\n";
    for (const EntrantStanding& e : s.individual) {
        out += (e.rank > 0 ? std::to_string(e.rank) : std::string()) + "," + csv_field(e.entrant) + "," +
               csv_field(e.name) + "," + csv_field(e.team) + "," + csv_field(e.division) + "," +
               std::to_string(e.games) + "," + std::to_string(e.forfeits) + "," + std::to_string(e.match_points) +
               "," + std::to_string(e.game_points) + "," + decimal(e.pop, 4) + "," + exact(e.pop) + "," +
               csv_field(e.status) + "\r\n";
    }
    return out;
}

std::string team_standings_csv(const TournamentStandings& s) {
    std::string out = "division,rank,team,average,average_exact,member_ranks\r\n";
    for (const hk::TeamStanding& t : s.teams) {
        std::string members;
        for (int r : t.member_ranks) members += (members.empty() ? "" : " ") + std::to_string(r);
        out += csv_field(t.division) + "," + std::to_string(t.rank) + "," + csv_field(t.name) + "," +
               decimal(t.average, 4) + "," + exact(t.average) + "," + members + "\r\n";
    }
    return out;
}

}  // namespace hexhall::tournament
