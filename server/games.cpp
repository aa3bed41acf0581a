#include "server/games.hpp"

#include "games/carcassonne/module.hpp"
#include "games/struggle/module.hpp"
#include "games/catan/catan_game.hpp"

namespace hexhall::server {

void register_builtin_games(core::GameRegistry& registry) {
    registry.add(catan::catan_module());  // first: the default for createRoom without "game" and older stores
    registry.add(carcassonne::carcassonne_game_module());
    registry.add(struggle::struggle_game_module());
}

}  // namespace hexhall::server
