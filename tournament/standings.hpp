// Tournament standings from the recorded results (HK-1), with forfeits, no-shows and
// disqualifications (HK-10.6) applied, and team standings by division (HK-1.12, HK-1.13).
//
// Per table, the scoring policy (scoring.hpp) gives each seat of the game as played its match
// points, game points and PoP; the totals are ranked by tournament/hk_standings (hk::subset_standings:
// HK-1.9 keys, exact fractions, shared ranks 1, 2, 2, 4 per HK-1.10).
//
// Decisions (the rules are silent):
//  - A bot-played seat (no-show, NoShowPolicy::BotScoresNothing) scores for nobody, but its points
//    count in the others' PoP denominators (the game was played by four); if the bot wins, nobody
//    gets that match point.
//  - An absent entrant scores a forfeit: a game with 0 match points, 0 game points and 0 PoP, under
//    either no-show policy (HK-1.9 compares per-game averages when game counts differ, so a missed
//    game must count as a game).
//  - A disqualified entrant (HK-10.6) is listed without a rank, after the ranked players; their
//    games still count for their opponents as played. In a team, they count as ranked last in
//    their division (rank = ranked members + 1).
//  - Withdrawn and substituted entrants keep the games they played and are ranked with them; a
//    substitute is a new entrant who takes the team place of the one replaced.
#pragma once
#include <string>
#include <vector>

#include "tournament/hk_standings.hpp"
#include "tournament/model.hpp"
#include "tournament/scoring.hpp"

namespace hexhall::tournament {

struct EntrantStanding {
    std::string entrant;  // id
    std::string name;
    std::string team;
    std::string division;
    int games = 0;        // including forfeits
    int forfeits = 0;
    int match_points = 0;
    int game_points = 0;
    Fraction pop;
    int rank = 0;          // 0: not ranked (disqualified, or no game yet)
    std::string status;    // "", "withdrawn", "substituted", "disqualified"
};

struct TournamentStandings {
    std::vector<EntrantStanding> individual;          // ranked by rank, then unranked by id
    std::vector<hexhall::hk::TeamStanding> teams;  // by division, then rank
};

TournamentStandings compute_standings(const Tournament& t);

// CSV (RFC 4180, "\r\n" line ends) of the individual standings:
// rank,entrant,name,team,division,games,forfeits,match_points,game_points,pop,pop_exact,status
// pop is rounded to 4 decimals for reading; pop_exact is the exact fraction "num/den".
std::string standings_csv(const TournamentStandings& s);
// One text cell of these CSV files (RFC 4180 quoting; a cell that begins with = + - @, tab or CR
// is written as '<text>, quoted, as OWASP recommends against CSV injection).
std::string csv_field(const std::string& s);
// CSV of the team standings: division,rank,team,average,average_exact,member_ranks
std::string team_standings_csv(const TournamentStandings& s);

}  // namespace hexhall::tournament
