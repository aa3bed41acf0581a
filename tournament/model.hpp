// A tournament as plain data (issue 17): who organises it, which game and ruleset, its settings,
// divisions and teams (HK-1.12), entrants, groups to keep apart, the rounds with their seating and
// seeds (HK-3.1), the finished tables' results and the referees' log (HK-10.6, HK-6.5).
//
// Everything the server must store is in `Tournament`; model_json.* turns it into JSON and back
// (validated, unknown keys refused), so a tournament survives a restart. The functions that change a
// tournament (seating.hpp, results.hpp, referee.hpp) validate first and change nothing on refusal.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hexhall::tournament {

enum class EntrantStatus { Registered, Withdrawn, Substituted };

struct Entrant {
    std::string id;        // unique within the tournament, e.g. "e7"; results and seating use it
    std::string name;      // display name (the organiser may rename)
    std::string team;      // "" or the name of one of Tournament::teams
    std::string division;  // "" or one of Tournament::divisions (a team member has the team's)
    EntrantStatus status = EntrantStatus::Registered;
    std::string substitute_for;  // "" or the id of the entrant this one replaced
    int joined_round = 1;        // first round this entrant may be seated in (substitutes join later)
};

struct TeamDef {
    std::string name;
    std::string division;  // "" when the tournament has no divisions
};

// Entrants who should not meet at a table (same club, family): kept apart where possible.
struct Group {
    std::string name;
    std::vector<std::string> members;  // entrant ids
};

enum class Pairing {
    Spread,  // every round: meet as many different opponents as possible
    Swiss,   // from `swiss_from_round` on: tables of players on similar standings
};

enum class NoShowPolicy {
    BotScoresNothing,  // a built-in bot plays the seat; the absent entrant scores a forfeit (0)
    PlayWithThree,     // the table plays without the absent entrant (if 3 or more remain)
};

struct Settings {
    int rounds = 3;                 // 1..50
    int table_size = 4;             // HK-0.2: 4, with 3-player tables when the count requires
    std::string clock_preset = "hk2024";  // see kClockPresets
    Pairing pairing = Pairing::Spread;
    int swiss_from_round = 2;       // first Swiss round when pairing == Swiss (>= 2)
    bool keep_teams_apart = true;   // team mates count as a group to keep apart
    NoShowPolicy no_show = NoShowPolicy::BotScoresNothing;
    int no_show_after_s = 600;      // an entrant not present this long after the start is absent
};

enum class RoundStatus { Seated, Started, Finished };

struct Table {
    int number = 1;                  // 1-based within the round
    std::vector<std::string> seats;  // entrant ids; seat i is labelled 'A' + i (HK-0.3)
    uint64_t game_seed = 0;          // secret: dice and deck of this table only
};

struct Round {
    int number = 1;  // 1-based
    RoundStatus status = RoundStatus::Seated;
    uint64_t board_seed = 0;  // HK-3.1: the same board on every table of the round (public)
    std::vector<Table> tables;
};

// The result of one finished table. `winners` and `scores` are the generic game outcome
// (core::Outcome) over the seats of the game as played (see game_seats in results.hpp).
struct TableResult {
    int round = 1;
    int table = 1;
    std::vector<std::string> absent;  // entrants of the table who did not show (no-show policy)
    std::vector<int> winners;         // seat indices of the game as played
    std::vector<int> scores;          // per seat of the game as played
};

enum class RefereeActionKind { Warning, Correction, Pause, Resume, Ruling };

// One referee action, recorded as given (HK-10.6 warnings, HK-6.5 corrections, clock pauses,
// ruling notes). A correction carries its own warning (HK-6.5 "and gives that player a warning").
struct RefereeAction {
    std::string referee;  // who: the referee's name (from their token)
    int64_t at_ms = 0;    // when: Unix milliseconds, supplied by the server
    int round = 1;
    int table = 1;
    RefereeActionKind kind = RefereeActionKind::Ruling;
    std::string entrant;  // warning / correction: the player concerned; otherwise optional
    std::string rule;     // warning: HK-10.2..HK-10.5 or HK-6.5; correction: HK-6.5; else optional
    std::string note;     // free text, goes into the table's record
};

// A new tournament's game (the first registered game offering tournaments) and a game's default
// ruleset (its first); empty when none.
std::string default_tournament_game();
std::string default_tournament_ruleset(const std::string& game);

struct Tournament {
    std::string id;
    std::string name;
    std::string organiser;
    std::string game = default_tournament_game();                // see tournament_games()
    std::string ruleset = default_tournament_ruleset(game);      // per game, see tournament_games()
    Settings settings;
    std::vector<std::string> divisions;
    std::vector<TeamDef> teams;
    std::vector<Entrant> entrants;
    std::vector<Group> groups;
    bool registration_open = true;
    uint64_t secret_seed = 0;  // secret: derives every board and game seed
    std::vector<Round> rounds;
    std::vector<TableResult> results;
    std::vector<RefereeAction> referee_log;
};

// A game and ruleset a tournament may be created for, with its scoring policy (scoring.hpp): read
// from the games' registry (core::GameModule::tournament, listed by each game's module).
struct GameKind {
    std::string game;
    std::string ruleset;
    std::string scoring;  // scoring policy name
    int min_table = 2;    // smallest table the game allows
    int max_table = 4;    // largest
};
// Every (game, ruleset) the registered games offer, in the registry's order.
std::vector<GameKind> tournament_games();
inline constexpr const char* kClockPresets[] = {"hk2024", "untimed", "casual"};

// The registry's entry for (game, ruleset); nullopt when no registered game offers it.
std::optional<GameKind> find_game(const std::string& game, const std::string& ruleset);

// Lookups (nullptr when absent).
const Entrant* find_entrant(const Tournament& t, const std::string& id);
Entrant* find_entrant(Tournament& t, const std::string& id);
const Round* find_round(const Tournament& t, int number);
const Table* find_table(const Tournament& t, int round, int table);

// Checks every invariant of a tournament (names, references between parts, seating, results,
// referee log). Returns the first problem found, or nullopt. model_json's reader calls it.
std::optional<std::string> validate(const Tournament& t);

const char* to_string(EntrantStatus s);
const char* to_string(Pairing p);
const char* to_string(NoShowPolicy p);
const char* to_string(RoundStatus s);
const char* to_string(RefereeActionKind k);
std::string seat_label(int seat);  // 0 -> "A" (HK-0.3)

}  // namespace hexhall::tournament
