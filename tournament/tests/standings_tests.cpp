#include <catch2/catch.hpp>

#include "tournament/hk_standings.hpp"
#include "tournament/referee.hpp"
#include "tournament/results.hpp"
#include "tournament/standings.hpp"
#include "tournament/tests/helpers.hpp"

using namespace hexhall::tournament;
using namespace hexhall::tournament::test;
namespace hk = hexhall::hk;

namespace {

const EntrantStanding& row(const TournamentStandings& s, const std::string& id) {
    for (const EntrantStanding& e : s.individual)
        if (e.entrant == id) return e;
    FAIL("no standing for " << id);
    return s.individual.front();
}

Fraction frac(int64_t n, int64_t d) { return hk::make_fraction(n, d); }

}  // namespace

TEST_CASE("HK-1.8 worked examples exact through the tournament: 10/27 and 3-player 10/32",
          "[HK-1.8][HK-1.6][HK-1.7][standings]") {
    Tournament t = make_tournament(7, 1);
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {10, 8, 6}}));
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").pop == frac(10, 27));
    CHECK(row(s, "e5").pop == frac(10, 32));
    CHECK(row(s, "e5").pop == frac(5, 16));  // 0.3125
    CHECK(row(s, "e6").pop == frac(8, 32));
    // HK-1.9: equal match points (1) and game points (10): PoP decides, e1 0.3703… > e5 0.3125.
    CHECK(row(s, "e1").rank == 1);
    CHECK(row(s, "e5").rank == 2);
}

TEST_CASE("HK-1.5 the winner's game points are capped at 10, PoP uses the actual VP; HK-1.11",
          "[HK-1.5][HK-1.11][standings]") {
    Tournament t = make_tournament(8, 1);
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {11, 10, 6, 1}}));  // e6 also has 10: no match point
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e5").game_points == 10);
    CHECK(row(s, "e5").pop == frac(11, 28));
    CHECK(row(s, "e6").match_points == 0);
    CHECK(row(s, "e6").game_points == 10);
    CHECK(row(s, "e5").rank == 1);  // 11/28 > 10/27
    CHECK(row(s, "e1").rank == 2);
    CHECK(row(s, "e6").rank == 3);
}

TEST_CASE("HK-1.10 equal keys share the rank and the next rank skips", "[HK-1.10][standings]") {
    Tournament t = make_tournament(8, 1);
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {10, 8, 5, 4}}));
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").rank == 1);
    CHECK(row(s, "e5").rank == 1);
    CHECK(row(s, "e2").rank == 3);
    CHECK(row(s, "e6").rank == 3);
    CHECK(row(s, "e4").rank == 7);
}

TEST_CASE("HK-1.13 team tie: equal averages, the team whose worst member placed better ranks higher",
          "[HK-1.13][HK-1.12][standings]") {
    Tournament t = make_tournament(8, 1);
    t.teams = {{"Alpha", ""}, {"Zeta", ""}};
    // Individual ranks (see the HK-1.5 case): e5 1, e1 2, e6 3, e2 4, e7 5, e3 6, e4 7, e8 8.
    for (const char* id : {"e5", "e2", "e3", "e4"}) find_entrant(t, id)->team = "Zeta";   // 1 4 6 7 -> 18/4
    for (const char* id : {"e1", "e6", "e7", "e8"}) find_entrant(t, id)->team = "Alpha";  // 2 3 5 8 -> 18/4
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {11, 9, 6, 2}}));
    REQUIRE_FALSE(validate(t));
    const TournamentStandings s = compute_standings(t);
    REQUIRE(s.teams.size() == 2);
    CHECK(s.teams[0].name == "Zeta");  // worst member 7 beats Alpha's 8
    CHECK(s.teams[0].rank == 1);
    CHECK(s.teams[0].average == frac(9, 2));
    CHECK(s.teams[1].name == "Alpha");
    CHECK(s.teams[1].average == frac(9, 2));
    CHECK(s.teams[1].rank == 2);
}

TEST_CASE("HK-1.12 teams are ranked within their division", "[HK-1.12][standings]") {
    Tournament t = make_tournament(8, 1);
    t.divisions = {"secondary & youth", "primary & children"};
    t.teams = {{"S1", "secondary & youth"}, {"S2", "secondary & youth"}, {"P1", "primary & children"}};
    const char* teams[] = {"S1", "S2", "S1", "S2", "P1", "P1", "P1", "P1"};
    for (int i = 0; i < 8; ++i) {
        Entrant& e = *find_entrant(t, "e" + std::to_string(i + 1));
        e.team = teams[i];
        e.division = e.team[0] == 'S' ? "secondary & youth" : "primary & children";
    }
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {1}, {4, 10, 5, 8}}));  // e2 1st, e4, e3, e1
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(validate(t));
    const TournamentStandings s = compute_standings(t);
    REQUIRE(s.teams.size() == 3);
    CHECK(s.teams[0].name == "S2");  // division ranks e2 1, e4 2 -> 3/2
    CHECK(s.teams[0].member_ranks == std::vector<int>{1, 2});
    CHECK(s.teams[1].name == "S1");  // e1 4, e3 3 -> 7/2
    CHECK(s.teams[1].rank == 2);
    CHECK(s.teams[2].name == "P1");
    CHECK(s.teams[2].rank == 1);
    CHECK(s.teams[2].average == frac(10, 4));
}

TEST_CASE("HK-1 standings equal an independent engine computation over a whole event", "[HK-1.9][standings]") {
    Tournament t = make_tournament(15, 3, 3, 8);  // tables 4, 4, 4, 3
    std::vector<hk::GameResult> games;
    for (int r = 1; r <= 3; ++r) {
        REQUIRE_FALSE(seat_next_round(t));
        REQUIRE_FALSE(start_round(t, r));
        for (const Table& table : t.rounds.back().tables) {
            const int n = static_cast<int>(table.seats.size());
            TableResult res{r, table.number, {}, {(r + table.number) % n}, {}};
            for (int i = 0; i < n; ++i) res.scores.push_back(i == res.winners[0] ? 10 + (r % 3) : 2 + (i * r + table.number) % 9);
            REQUIRE_FALSE(record_result(t, res));
            games.push_back({table.seats, res.scores, res.winners[0]});
        }
        REQUIRE_FALSE(finish_round(t, r));
    }
    const auto expected = hk::individual_standings(games);
    const TournamentStandings s = compute_standings(t);
    REQUIRE(s.individual.size() == expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const EntrantStanding& got = row(s, expected[i].player);
        INFO(expected[i].player);
        CHECK(got.rank == expected[i].rank);
        CHECK(got.match_points == expected[i].match_points);
        CHECK(got.game_points == expected[i].game_points);
        CHECK(got.pop == expected[i].pop);
        CHECK(got.games == 3);
    }
}

TEST_CASE("No-show, bot plays the seat: the absent entrant forfeits, the bot's VP stay in the PoP",
          "[HK-1.6][standings][no-show]") {
    Tournament t = make_tournament(8, 1);
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE(game_seats(t, t.rounds[0].tables[0], {"e4"}) == std::vector<std::string>{"e1", "e2", "e3", ""});
    REQUIRE_FALSE(record_result(t, {1, 1, {"e4"}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {"e8"}, {3}, {5, 8, 4, 10}}));  // the bot wins table 2
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").pop == frac(10, 27));
    CHECK(row(s, "e4").games == 1);
    CHECK(row(s, "e4").forfeits == 1);
    CHECK(row(s, "e4").match_points == 0);
    CHECK(row(s, "e4").game_points == 0);
    CHECK(row(s, "e4").pop == Fraction{});
    CHECK(row(s, "e8").forfeits == 1);
    for (const char* id : {"e5", "e6", "e7"}) CHECK(row(s, id).match_points == 0);  // nobody gets the bot's win
    CHECK(row(s, "e6").pop == frac(8, 27));
    CHECK(row(s, "e1").rank == 1);
    CHECK(row(s, "e8").rank == 7);  // e4 and e8 share the last rank with 0/0/0
    CHECK(row(s, "e4").rank == 7);
}

TEST_CASE("No-show, the table plays with 3: HK-1.7 PoP, forfeit for the absent; too few falls back to a bot",
          "[HK-1.7][HK-0.2][standings][no-show]") {
    Tournament t = make_tournament(7, 1);
    t.settings.no_show = NoShowPolicy::PlayWithThree;
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7"}});
    REQUIRE(game_seats(t, t.rounds[0].tables[0], {"e2"}) == std::vector<std::string>{"e1", "e3", "e4"});
    REQUIRE(game_seats(t, t.rounds[0].tables[1], {"e7"}) == std::vector<std::string>{"e5", "e6", ""});
    CHECK(record_result(t, {1, 1, {"e2"}, {0}, {10, 8, 5, 4}}) ==
          "the game as played has 3 seats, the result has 4 scores");
    REQUIRE_FALSE(record_result(t, {1, 1, {"e2"}, {0}, {10, 8, 6}}));
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").pop == frac(5, 16));
    CHECK(row(s, "e2").forfeits == 1);
    CHECK(row(s, "e3").pop == frac(8, 32));
}

TEST_CASE("HK-10.6 a disqualified player is unranked; others close ranks; team counts them last",
          "[HK-10.6][HK-1.12][standings]") {
    Tournament t = make_tournament(8, 2);
    t.teams = {{"T", ""}};
    find_entrant(t, "e1")->team = "T";
    find_entrant(t, "e6")->team = "T";
    add_round(t, {{"e1", "e2", "e3", "e4"}, {"e5", "e6", "e7", "e8"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    REQUIRE_FALSE(record_result(t, {1, 2, {}, {0}, {11, 9, 6, 2}}));
    REQUIRE_FALSE(record_referee_action(t, {"ref", 1, 1, 1, RefereeActionKind::Warning, "e1", "HK-10.3", "phone"}));
    CHECK(compute_standings(t).individual.front().entrant == "e5");
    CHECK(row(compute_standings(t), "e1").rank == 2);  // one warning: still ranked
    REQUIRE_FALSE(record_referee_action(t, {"ref", 2, 1, 1, RefereeActionKind::Warning, "e1", "HK-10.4", "rude"}));
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").rank == 0);
    CHECK(row(s, "e1").status == "disqualified");
    CHECK(s.individual.back().entrant == "e1");
    CHECK(row(s, "e6").rank == 2);  // closes the gap
    CHECK(row(s, "e8").rank == 7);
    REQUIRE(s.teams.size() == 1);
    CHECK(s.teams[0].member_ranks == std::vector<int>{1, 2});  // e6 1st of the team's ranked, e1 last
    t.rounds[0].status = RoundStatus::Finished;
    REQUIRE_FALSE(validate(t));
    REQUIRE_FALSE(seat_next_round(t));
    for (const Table& table : t.rounds[1].tables)
        CHECK(std::find(table.seats.begin(), table.seats.end(), "e1") == table.seats.end());
    CHECK(t.rounds[1].tables.size() == 2);  // 7 players: 4 + 3
}

TEST_CASE("win-score scoring: shared wins, uncapped scores, share of points", "[standings][scoring]") {
    Tournament t = make_tournament(5, 1);
    // A registered game ranked by "win-score" with tables of five (the registry's, not named here).
    const std::vector<GameKind> kinds = tournament_games();
    const auto kind = std::find_if(kinds.begin(), kinds.end(),
                                   [](const GameKind& k) { return k.scoring == "win-score" && k.max_table >= 5; });
    REQUIRE(kind != kinds.end());
    t.game = kind->game;
    t.ruleset = kind->ruleset;
    t.settings.table_size = 5;
    t.settings.clock_preset = "casual";
    REQUIRE_FALSE(validate(t));
    add_round(t, {{"e1", "e2", "e3", "e4", "e5"}});
    CHECK(record_result(t, {1, 1, {}, {}, {90, 90, 40, 30, 0}}) == "a finished game has at least one winner");
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0, 1}, {90, 90, 40, 30, 0}}));
    const TournamentStandings s = compute_standings(t);
    CHECK(row(s, "e1").match_points == 1);
    CHECK(row(s, "e2").match_points == 1);
    CHECK(row(s, "e1").game_points == 90);
    CHECK(row(s, "e1").pop == frac(90, 250));
    CHECK(row(s, "e1").rank == 1);
    CHECK(row(s, "e2").rank == 1);
    CHECK(row(s, "e5").pop == Fraction{});
}

TEST_CASE("Results are validated by the game's scoring policy (HK-1.1, HK-1.2)", "[HK-1.2][HK-1.1][standings]") {
    Tournament t = make_tournament(4, 1);
    add_round(t, {{"e1", "e2", "e3", "e4"}});
    CHECK(record_result(t, {1, 1, {}, {0, 1}, {10, 10, 5, 4}}) == "a game has exactly one winner (HK-1.2), got 2");
    CHECK(record_result(t, {1, 1, {}, {0}, {9, 8, 5, 4}})->find("HK-1.1") != std::string::npos);
    CHECK(record_result(t, {1, 1, {"e9"}, {0}, {10, 8, 5, 4}}) == "absent entrant 'e9' is not seated at this table");
    CHECK(record_result(t, {1, 2, {}, {0}, {10, 8, 5, 4}}) == "round 1 has no table 2");
    REQUIRE_FALSE(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}));
    CHECK(record_result(t, {1, 1, {}, {0}, {10, 8, 5, 4}}) == "table 1 of round 1 already has a result");
    CHECK(t.results.size() == 1);
}

TEST_CASE("CSV export of the standings (RFC 4180, exact PoP)", "[HK-1.10][standings][csv]") {
    Tournament t = make_tournament(4, 1);
    t.teams = {{"Club, \"East\"", ""}};
    find_entrant(t, "e1")->team = "Club, \"East\"";
    find_entrant(t, "e2")->name = "Chan Tai Man";
    add_round(t, {{"e1", "e2", "e3", "e4"}});
    REQUIRE_FALSE(record_result(t, {1, 1, {"e4"}, {0}, {10, 8, 5, 4}}));
    const TournamentStandings s = compute_standings(t);
    CHECK(standings_csv(s) ==
          "rank,entrant,name,team,division,games,forfeits,match_points,game_points,pop,pop_exact,status\r\n"
          "1,e1,Player 1,\"Club, \"\"East\"\"\",,1,0,1,10,0.3704,10/27,\r\n"
          "2,e2,Chan Tai Man,,,1,0,0,8,0.2963,8/27,\r\n"
          "3,e3,Player 3,,,1,0,0,5,0.1852,5/27,\r\n"
          "4,e4,Player 4,,,1,1,0,0,0.0000,0/1,\r\n");
    CHECK(team_standings_csv(s) ==
          "division,rank,team,average,average_exact,member_ranks\r\n"
          ",1,\"Club, \"\"East\"\"\",1.0000,1/1,1\r\n");
}

namespace {

// RFC 4180 rows of cells (quoted cells may hold commas, quotes and line breaks).
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string cell;
    bool quoted = false, was_quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') cell += '"', ++i;
            else if (c == '"') quoted = false;
            else cell += c;
        } else if (c == '"') {
            quoted = was_quoted = true;
        } else if (c == ',') {
            rows.back().push_back(cell), cell.clear(), was_quoted = false;
        } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
            rows.back().push_back(cell), cell.clear(), was_quoted = false;
            rows.emplace_back();
            ++i;
        } else {
            cell += c;
        }
    }
    if (rows.back().empty()) rows.pop_back();
    return rows;
}

}  // namespace

TEST_CASE("CSV cells a spreadsheet would run as formulas are written as text (OWASP CSV injection)",
          "[standings][csv]") {
    // Every character OWASP lists as a formula start, in every text column of both files.
    for (const std::string lead : {"=", "+", "-", "@", "\t", "\r"}) {
        const std::string text = lead + "HYPERLINK(\"http://x\",\"y\")";
        Tournament t = make_tournament(4, 1);
        t.teams = {{lead + "Team", lead + "Div"}};
        for (Entrant& e : t.entrants) e.division = lead + "Div";
        find_entrant(t, "e1")->team = lead + "Team";
        find_entrant(t, "e2")->name = text;
        add_round(t, {{"e1", "e2", "e3", "e4"}});
        REQUIRE_FALSE(record_result(t, {1, 1, {}, {1}, {5, 10, 4, 3}}));
        const TournamentStandings s = compute_standings(t);
        INFO("lead character " << static_cast<int>(lead[0]));
        const auto rows = parse_csv(standings_csv(s));
        REQUIRE(rows.size() == 5);
        bool seen_name = false;
        for (size_t r = 1; r < rows.size(); ++r) {
            REQUIRE(rows[r].size() == 12);
            for (size_t col : {3u, 4u}) {  // team, division (every division, e1's team)
                const std::string& cell = rows[r][col];
                if (cell.empty()) continue;
                CHECK(cell.front() == '\'');  // shown as text, the original after the quote
                CHECK(cell.substr(1).starts_with(lead));
            }
            if (rows[r][1] == "e2") {
                CHECK(rows[r][2] == "'" + text);
                seen_name = true;
            }
        }
        CHECK(seen_name);
        const auto teams = parse_csv(team_standings_csv(s));
        REQUIRE(teams.size() == 2);
        CHECK(teams[1][0] == "'" + lead + "Div");
        CHECK(teams[1][2] == "'" + lead + "Team");
    }
    // The quote and the quoting only where a formula could start.
    CHECK(csv_field("=1+2") == "\"'=1+2\"");
    CHECK(csv_field("Chan-Tai Man") == "Chan-Tai Man");
    CHECK(csv_field("") == "");
    CHECK(csv_field("a,b") == "\"a,b\"");
}
