// Seating a tournament's rounds (seating.hpp, "On a tournament").
#include <algorithm>
#include <set>

#include "tournament/referee.hpp"
#include "tournament/seating.hpp"
#include "tournament/seeds.hpp"
#include "tournament/standings.hpp"
#include "tournament/table_split.hpp"

namespace hexhall::tournament {

std::vector<std::string> seatable_entrants(const Tournament& t, int round) {
    std::set<std::string> dq;
    for (const Disqualification& d : disqualifications(t)) dq.insert(d.entrant);
    std::vector<std::string> out;
    for (const Entrant& e : t.entrants)
        if (e.status == EntrantStatus::Registered && e.joined_round <= round && !dq.count(e.id)) out.push_back(e.id);
    return out;
}

std::vector<std::vector<std::string>> groups_to_keep_apart(const Tournament& t) {
    std::vector<std::vector<std::string>> out;
    for (const Group& g : t.groups) out.push_back(g.members);
    if (t.settings.keep_teams_apart)
        for (const TeamDef& team : t.teams) {
            std::vector<std::string> members;
            for (const Entrant& e : t.entrants)
                if (e.team == team.name) members.push_back(e.id);
            out.push_back(std::move(members));
        }
    return out;
}

std::optional<std::string> seat_next_round(Tournament& t) {
    const int r = static_cast<int>(t.rounds.size()) + 1;
    if (r > t.settings.rounds) return "all " + std::to_string(t.settings.rounds) + " rounds are seated";
    if (!t.rounds.empty() && t.rounds.back().status != RoundStatus::Finished)
        return "round " + std::to_string(r - 1) + " is not finished";
    const std::optional<GameKind> kind = find_game(t.game, t.ruleset);
    if (!kind) return "unknown game/ruleset";
    SeatingRequest req;
    req.players = seatable_entrants(t, r);
    const auto sizes = table_sizes(static_cast<int>(req.players.size()), t.settings.table_size,
                                   std::max(kind->min_table, t.settings.table_size - 1));
    if (!sizes)
        return table_split_problem(static_cast<int>(req.players.size()), t.settings.table_size,
                                   std::max(kind->min_table, t.settings.table_size - 1));
    req.table_sizes = *sizes;
    for (const Round& past : t.rounds) {
        RoundSeating seating;
        for (const Table& table : past.tables) seating.push_back(table.seats);
        req.history.push_back(std::move(seating));
    }
    req.groups = groups_to_keep_apart(t);
    const bool swiss = t.settings.pairing == Pairing::Swiss;
    if (swiss && r >= t.settings.swiss_from_round) {
        const TournamentStandings standings = compute_standings(t);
        std::set<std::string> playing(req.players.begin(), req.players.end());
        for (const EntrantStanding& s : standings.individual)  // ranked first, in rank order
            if (playing.count(s.entrant)) req.swiss_order.push_back(s.entrant);
    } else {
        const int last_planned = swiss ? std::min(t.settings.rounds, t.settings.swiss_from_round - 1) : t.settings.rounds;
        req.future_rounds = std::max(0, last_planned - r);
    }
    req.seed = derive_seed(t.secret_seed, {1, static_cast<uint64_t>(r)});
    const RoundSeating seating = seat_round(req);

    Round round;
    round.number = r;
    round.status = RoundStatus::Seated;
    round.board_seed = derive_seed(t.secret_seed, {2, static_cast<uint64_t>(r)}) & kRoomSeedMask;
    std::set<uint64_t> used{round.board_seed};
    for (size_t i = 0; i < seating.size(); ++i) {
        Table table;
        table.number = static_cast<int>(i) + 1;
        table.seats = seating[i];
        uint64_t bump = 0;
        do {
            table.game_seed = derive_seed(t.secret_seed, {3, static_cast<uint64_t>(r), i + 1, bump++}) & kRoomSeedMask;
        } while (!used.insert(table.game_seed).second);
        round.tables.push_back(std::move(table));
    }
    t.rounds.push_back(std::move(round));
    t.registration_open = false;
    return std::nullopt;
}

std::optional<std::string> swap_seats(Tournament& t, int round, const std::string& a, const std::string& b) {
    if (round < 1 || round > static_cast<int>(t.rounds.size())) return "round " + std::to_string(round) + " does not exist";
    Round& r = t.rounds[static_cast<size_t>(round - 1)];
    if (r.status != RoundStatus::Seated) return "round " + std::to_string(round) + " has started: seats are fixed";
    if (a == b) return "a swap needs two different entrants";
    std::string* sa = nullptr;
    std::string* sb = nullptr;
    for (Table& table : r.tables)
        for (std::string& id : table.seats) {
            if (id == a) sa = &id;
            if (id == b) sb = &id;
        }
    if (!sa) return "entrant '" + a + "' is not seated in round " + std::to_string(round);
    if (!sb) return "entrant '" + b + "' is not seated in round " + std::to_string(round);
    std::swap(*sa, *sb);
    return std::nullopt;
}

std::optional<std::string> start_round(Tournament& t, int round) {
    if (round < 1 || round > static_cast<int>(t.rounds.size())) return "round " + std::to_string(round) + " does not exist";
    Round& r = t.rounds[static_cast<size_t>(round - 1)];
    if (r.status != RoundStatus::Seated) return "round " + std::to_string(round) + " has already started";
    r.status = RoundStatus::Started;
    return std::nullopt;
}

std::optional<std::string> finish_round(Tournament& t, int round) {
    if (round < 1 || round > static_cast<int>(t.rounds.size())) return "round " + std::to_string(round) + " does not exist";
    Round& r = t.rounds[static_cast<size_t>(round - 1)];
    if (r.status != RoundStatus::Started) return "round " + std::to_string(round) + " is not running";
    for (const Table& table : r.tables)
        if (std::none_of(t.results.begin(), t.results.end(),
                         [&](const TableResult& x) { return x.round == round && x.table == table.number; }))
            return "table " + std::to_string(table.number) + " has no result yet";
    r.status = RoundStatus::Finished;
    return std::nullopt;
}

}  // namespace hexhall::tournament
