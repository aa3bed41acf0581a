// The Struggle for Catan as a Hexhall game module: the JSON layer over the typed engine
// (options, actions, views, events) implementing core::GameRules. Payload: docs/protocol.md.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "core/game_module.hpp"
#include "core/game_rules.hpp"
#include "games/struggle/engine.hpp"

namespace hexhall::struggle {

const hexhall::core::RulesModule& struggle_module();
// The game as the server registers it (server/games.cpp): the rules module as a core::GameModule,
// with the rulesets a tournament may use.
hexhall::core::GameModule struggle_game_module();

// The typed state behind a GameRules made by struggle_module() (nullptr for another game).
const State* struggle_state(const hexhall::core::GameRules& game);
// A game from a state (tests, bots); options are rebuilt from it.
std::unique_ptr<hexhall::core::GameRules> make_struggle_game(State state);

// The wire form of moves, shared with the bots and tests.
nlohmann::json move_to_json(const Move& m);
// Parses an action; on failure returns nullopt with a message in `error`.
// On refusal: `error` for people, `*code` (when given) the envelope's error code (missing_field,
// bad_type, out_of_range, bad_value, unknown_field, unknown_type).
std::optional<Move> move_from_json(const nlohmann::json& action, std::string& error, std::string* code = nullptr);
nlohmann::json cards_to_json(const Cards& c);
// What `seat` (or a spectator, -1) sees; without the members that never change in a game
// (fixed_view_json: the game, players, first seat and ruleset) when !with_fixed.
nlohmann::json view_json(const State& s, int seat, bool with_fixed = true);
nlohmann::json fixed_view_json(const State& s);
// The rest: what every viewer sees alike (the table, the public counts), and what is the viewer's
// own (its seat, hand, what it knows of others' hands, a trade's cards it may see).
nlohmann::json common_view_json(const State& s);
nlohmann::json own_view_json(const State& s, int seat);
// The events of one act() as the wire shows them, with visibility.
void events_to_json(const State& s, const std::vector<EventRec>& recs, std::vector<hexhall::core::Event>& out);

}  // namespace hexhall::struggle
