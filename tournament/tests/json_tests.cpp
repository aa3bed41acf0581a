#include <catch2/catch.hpp>

#include "tournament/model_json.hpp"
#include "tournament/referee.hpp"
#include "tournament/registration.hpp"
#include "tournament/standings.hpp"
#include "tournament/tests/helpers.hpp"

using namespace hexhall::tournament;
using namespace hexhall::tournament::test;
using json = nlohmann::json;

namespace {

Tournament rich_tournament() {
    Tournament t = make_tournament(16, 3, 0, 42);
    t.divisions = {"secondary & youth", "primary & children"};
    t.teams = {{"Kowloon", "secondary & youth"}, {"Sha Tin", "primary & children"}};
    for (int i = 1; i <= 4; ++i) {
        Entrant& a = *find_entrant(t, "e" + std::to_string(i));
        a.team = "Kowloon";
        a.division = "secondary & youth";
        Entrant& b = *find_entrant(t, "e" + std::to_string(i + 4));
        b.team = "Sha Tin";
        b.division = "primary & children";
    }
    t.groups.push_back({"Chan family", {"e9", "e10"}});
    t.settings.no_show = NoShowPolicy::PlayWithThree;
    t.settings.pairing = Pairing::Swiss;
    t.settings.swiss_from_round = 3;
    REQUIRE_FALSE(seat_next_round(t));
    play_round(t, 1);
    REQUIRE_FALSE(seat_next_round(t));
    REQUIRE_FALSE(start_round(t, 2));
    const Table& table = t.rounds[1].tables[0];
    REQUIRE_FALSE(record_referee_action(t, {"Referee Wong", 100, 2, 1, RefereeActionKind::Pause, "", "", ""}));
    REQUIRE_FALSE(record_referee_action(t, {"Referee Wong", 200, 2, 1, RefereeActionKind::Correction, table.seats[1], "",
                                            "settlement next to a settlement removed"}));
    REQUIRE_FALSE(record_referee_action(t, {"Referee Wong", 300, 2, 1, RefereeActionKind::Resume, "", "", ""}));
    REQUIRE_FALSE(record_result(t, {2, 1, {table.seats[3]}, {0}, {10, 8, 6}}));
    return t;
}

std::string read_error(const json& j) {
    std::string error;
    const auto t = tournament_from_json(j, error);
    return t ? "" : error;
}

}  // namespace

TEST_CASE("A tournament survives JSON storage exactly (restart in the middle of round 2)", "[json][HK-3.1]") {
    const Tournament t = rich_tournament();
    REQUIRE_FALSE(validate(t));
    const json stored = to_json(t);
    std::string error;
    auto back = tournament_from_json(json::parse(stored.dump()), error);
    REQUIRE(back);
    CHECK(error.empty());
    CHECK(to_json(*back) == stored);
    // Both copies go on identically: same results accepted, same standings, same next seating.
    Tournament a = t, b = *back;
    for (Tournament* x : {&a, &b}) {
        for (const Table& table : x->rounds[1].tables)
            if (table.number > 1) {
                const int n = static_cast<int>(table.seats.size());
                TableResult res{2, table.number, {}, {1}, {}};
                for (int i = 0; i < n; ++i) res.scores.push_back(i == 1 ? 11 : 3 + i);
                REQUIRE_FALSE(record_result(*x, res));
            }
        REQUIRE_FALSE(finish_round(*x, 2));
        REQUIRE_FALSE(seat_next_round(*x));
    }
    CHECK(to_json(a) == to_json(b));
    CHECK(standings_csv(compute_standings(a)) == standings_csv(compute_standings(b)));
}

TEST_CASE("Reading refuses unknown keys, naming where", "[json]") {
    const json good = to_json(rich_tournament());
    json j = good;
    j["colour"] = "red";
    CHECK(read_error(j) == "tournament: unknown key \"colour\"");
    j = good;
    j["settings"]["turbo"] = true;
    CHECK(read_error(j) == "tournament.settings: unknown key \"turbo\"");
    j = good;
    j["rounds"][1]["tables"][0]["x"] = 1;
    CHECK(read_error(j) == "tournament.rounds[1].tables[0]: unknown key \"x\"");
    j = good;
    j["refereeLog"][0]["by"] = "someone";
    CHECK(read_error(j) == "tournament.refereeLog[0]: unknown key \"by\"");
    j = good;
    j["entrants"][3]["email"] = "a@b";
    CHECK(read_error(j) == "tournament.entrants[3]: unknown key \"email\"");
}

TEST_CASE("Reading refuses wrong types and values", "[json]") {
    const json good = to_json(rich_tournament());
    json j = good;
    j["secretSeed"] = 12;
    CHECK(read_error(j) == "tournament.secretSeed: must be a decimal string");
    j = good;
    j["secretSeed"] = "12x";
    CHECK(read_error(j) == "tournament.secretSeed: must be a decimal string");
    j = good;
    j.erase("name");
    CHECK(read_error(j) == "tournament: \"name\" is required");
    j = good;
    j["settings"]["pairing"] = "random";
    CHECK(read_error(j) == "tournament.settings.pairing: unknown value \"random\"");
    j = good;
    j["settings"]["rounds"] = "3";
    CHECK(read_error(j) == "tournament.settings.rounds: must be an integer");
    j = good;
    j["results"][0]["scores"] = {10, "8", 6};
    CHECK(read_error(j) == "tournament.results[0].scores: must be an array of integers");
    CHECK(read_error(json::array()) == "tournament: must be an object");
}

TEST_CASE("Reading validates the whole tournament", "[json][HK-0.2][HK-10.6]") {
    const json good = to_json(rich_tournament());
    json j = good;
    j["game"] = "chess";
    CHECK(read_error(j) == "unknown game/ruleset 'chess/hk2024'");
    j = good;
    j["settings"]["tableSize"] = 5;
    CHECK(read_error(j) == "table size 5 is not allowed for catan (3..4)");
    j = good;
    j["settings"]["clockPreset"] = "bullet";
    CHECK(read_error(j) == "unknown clock preset 'bullet'");
    j = good;
    j["entrants"][0]["team"] = "Nowhere";
    CHECK(read_error(j) == "entrant 'e1': unknown team 'Nowhere'");
    j = good;
    j["entrants"][0]["division"] = "primary & children";
    CHECK(read_error(j) == "entrant 'e1': a team member is in the team's division (HK-1.12)");
    j = good;
    j["entrants"][1]["id"] = "e1";
    CHECK(read_error(j) == "entrant 'e1' twice");
    j = good;
    j["groups"][0]["members"].push_back("ghost");
    CHECK(read_error(j) == "group 'Chan family': unknown entrant 'ghost'");
    j = good;
    j["rounds"][1]["tables"][1]["seats"][0] = j["rounds"][1]["tables"][0]["seats"][0];
    CHECK(read_error(j).find("seated twice") != std::string::npos);
    j = good;
    j["rounds"][1]["tables"][1]["gameSeed"] = j["rounds"][1]["tables"][0]["gameSeed"];
    CHECK(read_error(j).find("game seeds must be distinct") != std::string::npos);
    j = good;
    j["results"].back()["winners"] = {0, 1};
    CHECK(read_error(j) == "result of round 2 table 1: a game has exactly one winner (HK-1.2), got 2");
    j = good;
    j["refereeLog"][2]["kind"] = "pause";
    CHECK(read_error(j) == "referee action: the clock of this table is already paused");
    j = good;
    j["rounds"][1]["status"] = "seated";
    CHECK(read_error(j) == "round 2 has a result but has not started");
    j = good;
    j["rounds"][0]["status"] = "started";
    CHECK(read_error(j) == "round 1 is not finished but a later round exists");
}

TEST_CASE("Registration: add, rename, withdraw, substitute, close", "[registration][HK-1.12]") {
    Tournament t = make_tournament(8, 3, 2);
    CHECK(add_entrant(t, {"e9", "Late", "T1", "", EntrantStatus::Registered, "", 1}) == std::nullopt);
    CHECK(add_entrant(t, {"e9", "Again", "", "", EntrantStatus::Registered, "", 1}) == "entrant 'e9' twice");
    CHECK(add_entrant(t, {"e10", "", "", "", EntrantStatus::Registered, "", 1}) == "entrant name is required");
    CHECK(rename_entrant(t, "e9", "Lee Ka Yan") == std::nullopt);
    CHECK(find_entrant(t, "e9")->name == "Lee Ka Yan");
    CHECK(rename_entrant(t, "e99", "x") == "unknown entrant 'e99'");
    close_registration(t);
    CHECK(add_entrant(t, {"e10", "Too late", "", "", EntrantStatus::Registered, "", 1}) == "registration is closed");
    REQUIRE_FALSE(seat_next_round(t));  // 9 entrants: 3 tables of 3
    CHECK(substitute_entrant(t, "e1", {"s1", "Sub", "", "", EntrantStatus::Registered, "", 1}) ==
          "round 1 is seated: substitute after it, or swap seats");
    play_round(t);
    CHECK(withdraw_entrant(t, "e9") == std::nullopt);
    CHECK(withdraw_entrant(t, "e9") == "entrant 'e9' is already withdrawn");
    REQUIRE(substitute_entrant(t, "e1", {"s1", "Sub", "", "", EntrantStatus::Registered, "", 1}) == std::nullopt);
    const Entrant& s1 = *find_entrant(t, "s1");
    CHECK(s1.team == "T1");  // takes the team place
    CHECK(s1.substitute_for == "e1");
    CHECK(s1.joined_round == 2);
    CHECK(find_entrant(t, "e1")->status == EntrantStatus::Substituted);
    CHECK(seatable_entrants(t, 2) == std::vector<std::string>{"e2", "e3", "e4", "e5", "e6", "e7", "e8", "s1"});
    REQUIRE_FALSE(seat_next_round(t));
    play_round(t);
    REQUIRE_FALSE(validate(t));
    const TournamentStandings s = compute_standings(t);
    for (const EntrantStanding& e : s.individual) {
        if (e.entrant == "e1") CHECK(e.status == "substituted");
        if (e.entrant == "e9") CHECK(e.status == "withdrawn");
        if (e.entrant == "e9" || e.entrant == "e1" || e.entrant == "s1") CHECK(e.games == 1);
    }
    REQUIRE(s.teams.size() == 2);
    for (const auto& team : s.teams)
        if (team.name == "T1") CHECK(team.member_ranks.size() == 5);  // e3, e5, e7, e9 and s1, not e1
}
