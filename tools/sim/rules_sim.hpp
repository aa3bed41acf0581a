// hexhall-sim for every game written as pure rules (core/game_rules.hpp): plays many games between
// the game's built-in bots through its RulesModule and reports win shares, game lengths and speed.
// The game is found by name in the registry; nothing here knows any game.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_rules.hpp"

namespace hexhall::sim {

struct RulesSimConfig {
    int games = 1000;
    uint64_t seed = 1;
    int players = 0;                     // 0: the game's minimum
    std::vector<std::string> bots;       // one per seat (one name: every seat)
    nlohmann::json options = nlohmann::json::object();  // extra game options ("players" is set here)
    bool rotate = true;                  // game g seats bot i at (i + g) mod players
    std::string record_dir;              // each game's options, seed and actions as JSON
    int threads = 1;
    int max_actions = 200000;
};

struct RulesGameResult {
    std::vector<int> winners;            // seats
    std::vector<int> scores;
    std::vector<int> seat_of_bot;        // bot entry i played seat seat_of_bot[i]
    int actions = 0;
    bool finished = false;
    std::string error;
};

// Checks the configuration against the module (players, bot names); "" when fine.
std::string check_config(const core::RulesModule& module, RulesSimConfig& c);

// One game, deterministic in (c.seed, index) only.
RulesGameResult play_rules_game(const core::RulesModule& module, const RulesSimConfig& c, int index);

// Plays c.games games on c.threads threads and prints the report; returns the exit status.
int run_rules_sim(const core::RulesModule& module, const RulesSimConfig& c);

}  // namespace hexhall::sim
