// Shared builders for the tournament tests.
#pragma once
#include <string>
#include <vector>

#include "tournament/model.hpp"
#include "tournament/results.hpp"
#include "tournament/seating.hpp"

namespace hexhall::tournament::test {

// A valid Catan hk2024 tournament with `n` entrants e1..en ("Player i"); with `teams` > 0 the
// first 4 * teams entrants form teams T1..Tteams (member i in team i % teams), no divisions.
inline Tournament make_tournament(int n, int rounds = 3, int teams = 0, uint64_t seed = 17) {
    Tournament t;
    t.id = "t1";
    t.name = "Test Cup";
    t.organiser = "org";
    t.secret_seed = seed;
    t.settings.rounds = rounds;
    for (int i = 0; i < teams; ++i) t.teams.push_back({"T" + std::to_string(i + 1), ""});
    for (int i = 0; i < n; ++i) {
        Entrant e;
        e.id = "e" + std::to_string(i + 1);
        e.name = "Player " + std::to_string(i + 1);
        if (i < 4 * teams) e.team = "T" + std::to_string(i % teams + 1);
        t.entrants.push_back(e);
    }
    return t;
}

// The seating of every round so far.
inline std::vector<RoundSeating> seatings(const Tournament& t) {
    std::vector<RoundSeating> out;
    for (const Round& r : t.rounds) {
        RoundSeating s;
        for (const Table& table : r.tables) s.push_back(table.seats);
        out.push_back(s);
    }
    return out;
}

// Records a result for every table of the current round: seat `winner_seat % size` wins with 10,
// the others score 5 + seat, then finishes the round.
inline void play_round(Tournament& t, int winner_seat = 0) {
    const int r = static_cast<int>(t.rounds.size());
    start_round(t, r);
    for (const Table& table : t.rounds.back().tables) {
        const int n = static_cast<int>(table.seats.size());
        TableResult res{r, table.number, {}, {winner_seat % n}, {}};
        for (int s = 0; s < n; ++s) res.scores.push_back(s == winner_seat % n ? 10 : 5 + s);
        record_result(t, res);
    }
    finish_round(t, r);
}

}  // namespace hexhall::tournament::test

namespace hexhall::tournament::test {

// Appends a round seated by hand (tables of entrant ids), started, with distinct seeds.
inline void add_round(Tournament& t, const std::vector<std::vector<std::string>>& tables) {
    Round r;
    r.number = static_cast<int>(t.rounds.size()) + 1;
    r.status = RoundStatus::Started;
    r.board_seed = 1000u * static_cast<uint64_t>(r.number);
    for (size_t i = 0; i < tables.size(); ++i)
        r.tables.push_back(Table{static_cast<int>(i) + 1, tables[i], r.board_seed + i + 1});
    t.rounds.push_back(r);
}

}  // namespace hexhall::tournament::test
