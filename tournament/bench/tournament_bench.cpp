// Seating and standings at scale (issue 17): a 100-entrant, 5-round HK tournament with 10 teams,
// played with made-up results. Prints the seating time per round, the seating quality and the
// standings time, the peak memory (RSS) and a digest of every seating (equal digests: equal seatings,
// e.g. before and after a change of the search's data structures).
// Usage: tournament_bench [entrants] [rounds] [pairing: spread|swiss]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "server/games.hpp"
#include "tournament/results.hpp"
#include "tournament/seating.hpp"
#include "tournament/seeds.hpp"
#include "tournament/standings.hpp"

using namespace hexhall::tournament;
using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

int main(int argc, char** argv) {
    hexhall::server::register_builtin_games();  // which games and rulesets a tournament may use
    const int entrants = argc > 1 ? std::atoi(argv[1]) : 100;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    const bool swiss = argc > 3 && std::string(argv[3]) == "swiss";
    Tournament t;
    t.name = "bench";
    t.organiser = "bench";
    t.secret_seed = 2024;
    t.settings.rounds = rounds;
    t.settings.pairing = swiss ? Pairing::Swiss : Pairing::Spread;
    const int teams = entrants / 10;
    for (int i = 0; i < teams; ++i) t.teams.push_back({"team" + std::to_string(i), ""});
    for (int i = 0; i < entrants; ++i) {
        Entrant e;
        e.id = "e" + std::to_string(i);
        e.name = "Player " + std::to_string(i);
        if (i < teams * 4) e.team = "team" + std::to_string(i % teams);
        t.entrants.push_back(e);
    }
    std::printf("tournament_bench: %d entrants, %d rounds, %d teams of 4, pairing %s\n", entrants, rounds, teams,
                swiss ? "swiss" : "spread");
    SeatingRng rng{7};
    double total_seating = 0;
    for (int r = 1; r <= rounds; ++r) {
        const auto t0 = Clock::now();
        if (auto err = seat_next_round(t)) {
            std::printf("round %d: %s\n", r, err->c_str());
            return 1;
        }
        const double seat_ms = ms_since(t0);
        total_seating += seat_ms;
        start_round(t, r);
        for (const Table& table : t.rounds.back().tables) {
            TableResult res{r, table.number, {}, {}, {}};
            for (size_t s = 0; s < table.seats.size(); ++s) res.scores.push_back(static_cast<int>(2 + rng.below(8)));
            const int w = static_cast<int>(rng.below(static_cast<uint32_t>(table.seats.size())));
            res.scores[static_cast<size_t>(w)] = 10 + static_cast<int>(rng.below(3));
            res.winners = {w};
            if (auto err = record_result(t, res)) {
                std::printf("result: %s\n", err->c_str());
                return 1;
            }
        }
        finish_round(t, r);
        std::printf("round %d: %zu tables seated in %.1f ms\n", r, t.rounds.back().tables.size(), seat_ms);
    }
    std::vector<RoundSeating> played;
    for (const Round& r : t.rounds) {
        RoundSeating s;
        for (const Table& table : r.tables) s.push_back(table.seats);
        played.push_back(s);
    }
    uint64_t digest = 14695981039346656037ull;  // FNV-1a over every round's tables in seat order
    for (const RoundSeating& r : played)
        for (const auto& table : r) {
            for (const std::string& id : table) {
                for (char c : id) digest = (digest ^ static_cast<unsigned char>(c)) * 1099511628211ull;
                digest = (digest ^ ',') * 1099511628211ull;
            }
            digest = (digest ^ '|') * 1099511628211ull;
        }
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("seating digest %016llx; peak RSS %.1f MB\n", static_cast<unsigned long long>(digest),
                static_cast<double>(usage.ru_maxrss) / 1024.0);
    const SeatingQuality q = measure_seating(played, groups_to_keep_apart(t));
    std::printf("seating total %.1f ms; repeat pairs %d, group conflicts %d, players with a repeated seat letter %d, "
                "fewest distinct letters %d, extra 3-player tables %d\n",
                total_seating, q.repeat_pairs, q.group_conflicts, q.players_with_seat_repeat, q.min_distinct_seats, q.three_table_repeats);
    const auto t1 = Clock::now();
    const TournamentStandings s = compute_standings(t);
    std::printf("standings of %zu entrants and %zu teams in %.2f ms; leader %s with %d match points\n",
                s.individual.size(), s.teams.size(), ms_since(t1), s.individual.front().name.c_str(),
                s.individual.front().match_points);
    return 0;
}
