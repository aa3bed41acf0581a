#include "server/games.hpp"

#include "core/rules_game.hpp"
#include "games/carcassonne/module.hpp"
#include "games/struggle/module.hpp"
#include "games/catan/catan_game.hpp"

namespace hexhall::server {

void register_builtin_games(core::GameRegistry& registry) {
    registry.add(catan_module());  // first: the default for createRoom without "game" and older stores
    registry.add(core::rules_game_module(carcassonne::carcassonne_module()));
    registry.add(core::rules_game_module(struggle::struggle_module()));
}

}  // namespace hexhall::server
