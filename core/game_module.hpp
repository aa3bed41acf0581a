// One game type (GameModule) and the registry of the games a server hosts. A module is listed once,
// in server/games.cpp (register_builtin_games); everything else finds it by name: createRoom's
// "game", the stored room's `game` column, records, replays, verification and standings.
#pragma once
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace hexhall::core {

// A ruleset a tournament may use for a game (tournament/: what it offers, how it ranks, how a table's
// room is made). Plain data; the game's module lists its own.
struct TournamentRuleset {
    std::string ruleset;  // the tournament's "ruleset" ("base", "hk2024", …)
    std::string scoring;  // how tables are ranked: a policy of tournament/scoring.hpp ("hk2024", "win-score")
    int min_table = 2, max_table = 4;  // the table sizes a tournament may choose
    // The game's own createRoom members for a tournament table, from the round's shared board seed and
    // the tournament's clock preset ("hk2024", "untimed", "casual"); null: none.
    std::function<json(uint64_t board_seed, const std::string& clock_preset)> table_options;
};

// createRoom's members that are the room's, never a game's option (server/room_options.hpp): every
// game's create() is handed them and leaves them alone; one list for the server's door and the rules
// games (a key missing here was refused by those games: "rematchOf" in issue 26).
inline constexpr std::array<std::string_view, 8> kRoomOptionKeys = {"private", "password",     "spectators", "botFill",
                                                                     "grace",   "externalBots", "rematchOf",  "rated"};

struct GameModule {
    std::string name;   // payload key, rooms.game, listRooms' "game" (lowercase, stable)
    std::string title;  // for people
    int min_seats = 2, max_seats = 4;
    std::vector<std::string> bots;  // built-in bot names (addBot, botFill)
    std::string takeover_bot;       // plays a seat whose player left or timed out
    // The game's createRoom option keys, checked at the door (server/create_request.hpp); empty when
    // the game refuses unknown options itself (every rules game does: core/game_rules.hpp).
    std::vector<std::string> option_keys;

    // A new game from createRoom's request (the game options are its members; "seed" fixes the
    // secret seed, else a random one). nullptr with `error` set (naming the option) when invalid.
    std::function<std::unique_ptr<Game>(const json& request, std::string& error)> create;
    // A stored game again, before its actions: from its stored createRoom options, its set-up
    // (Game::setup()) and its secret seed. nullptr with `error` set when the set-up does not parse.
    std::function<std::unique_ptr<Game>(const json& options, const std::string& setup, uint64_t seed,
                                        std::string& error)>
        recreate;
    // Game records (GET /games/<room>/record): a stored record line as the record's action entry
    // {"seat": s, ...}, and an entry back to the record line (false with `error` set when invalid).
    std::function<json(int seat, const std::string& record)> record_entry;
    std::function<bool(const json& entry, int seat, std::string& record, std::string& error)> record_line;
    // The pure rules behind the game when it is written as rules (core/rules_game.hpp), else null:
    // the conformance suite (tests/conformance/) checks them directly too.
    const RulesModule* rules = nullptr;
    // The rulesets a tournament may use, in the order offered (the first is a new tournament's
    // default); empty: the game is not offered for tournaments.
    std::vector<TournamentRuleset> tournament;
    // What kind of game it is (core/game_rules.hpp: sequential or simultaneous moves, perfect or
    // imperfect information, chance); a rules game's is its RulesModule's.
    GameType type;
    // createRoom option sets that each play the game differently (its rulesets), for the tests and
    // tools that cover every game in every form; empty: the defaults are the only form.
    std::vector<json> variants;
    // The clock presets createRoom's "clock" accepts, the default ("none") first.
    std::vector<std::string> clocks = {"none", "relaxed", "standard", "fast"};

    bool has_bot(std::string_view bot) const {
        for (const std::string& b : bots)
            if (b == bot) return true;
        return false;
    }
};

class GameRegistry {
public:
    // Adds a module (a later one with the same name replaces it). The first one added is the default
    // game (createRoom without "game", stored rooms from before games had names).
    void add(GameModule module);
    const GameModule* find(std::string_view name) const;
    // A stored room's game: its `game` column, where empty (rows from before games had names) means
    // the default game. nullptr for a game this server does not host.
    const GameModule* find_stored(std::string_view name) const { return name.empty() ? &default_game() : find(name); }
    const GameModule& default_game() const { return modules_.front(); }
    const std::vector<GameModule>& modules() const { return modules_; }
    // "\"a\", \"b\"": for error messages.
    std::string names() const;

private:
    std::vector<GameModule> modules_;
};

// The process's registry. The server fills it once at start-up (register_builtin_games); tests may
// add test-only games before they start a server.
GameRegistry& game_registry();

}  // namespace hexhall::core
