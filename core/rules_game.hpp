// The adapter from a pure rules engine (core/game_rules.hpp) to the room's Game (core/game.hpp):
// per-seat and spectator JSON view streams (snapshot, RFC 6902 patch, digest), legal actions and the
// events each seat may see in every message, bots deciding on determinized copies, the takeover bot,
// a simple turn clock (which a tournament referee may pause), and storage (set-up = the options in normal form, record line = the seat and
// the canonical dump of the action). A game written as rules gets all of this by registering
//   registry.add(rules_game_module(its_rules_module));
#pragma once
#include <memory>
#include <string>

#include "core/game_module.hpp"
#include "core/game_rules.hpp"

namespace hexhall::core {

// The GameModule for a RulesModule. createRoom's request: the game's options are its members other
// than the room's (type, v, id, game, seed, clock, private, password, spectators, botFill, grace,
// externalBots); "clock" is one of "none" (default), "relaxed" (180 s), "standard" (90 s), "fast"
// (45 s) per decision: when it runs out, the takeover bot decides for the seat (recorded like any action).
GameModule rules_game_module(const RulesModule& rules);

// A rules game's tournament table (GameModule::tournament's table_options): its turn clock for the
// tournament's clock preset: "hk2024" → "standard" (90 s a decision), "casual" → "relaxed" (180 s),
// "untimed" → "none" (docs/tournaments.md). The round's board seed is not used: the table's own seed
// deals it.
json rules_tournament_table_options(uint64_t board_seed, const std::string& clock_preset);

// The record line of `seat`'s `action` ("2 {\"type\":\"pass\"}"), and back (false when malformed).
std::string rules_record_line(int seat, const json& action);
bool parse_rules_record_line(const std::string& line, int& seat, json& action);

// The options of a createRoom request that are the game's (everything but the room's own members).
json rules_game_options(const json& request);

}  // namespace hexhall::core
