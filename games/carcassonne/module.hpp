// Carcassonne as a Hexhall game module: the JSON layer over the typed engine (options, actions,
// views, events, outcome, determinize) and the built-in bots. Payload: docs/protocol.md.
#pragma once
#include <memory>

#include "core/game_module.hpp"
#include "core/game_rules.hpp"
#include "games/carcassonne/bots.hpp"
#include "games/carcassonne/engine.hpp"

namespace hexhall::carcassonne {

const hexhall::core::RulesModule& carcassonne_module();
// The game as the server registers it (server/games.cpp): the rules module as a core::GameModule,
// with the rulesets a tournament may use.
hexhall::core::GameModule carcassonne_game_module();

// Parses and normalizes room options; nullopt with `error` naming the offending option.
std::optional<Options> parse_options(const hexhall::core::json& options, std::string& error);
hexhall::core::json options_json(const Options& options);

// The typed game inside a GameRules made by carcassonne_module() (nullptr for any other game).
const Game* typed_game(const hexhall::core::GameRules& rules);

// JSON for a typed engine event (the wire event), and for typed decisions.
hexhall::core::json event_json(const Game& g, const Event& e);
hexhall::core::json decision_json(const Decision& d);

}  // namespace hexhall::carcassonne
