#include "server/games.hpp"

#include "server/catan_game.hpp"

namespace hexhall::server {

void register_builtin_games(core::GameRegistry& registry) {
    registry.add(catan_module());  // first: the default for createRoom without "game" and older stores
}

}  // namespace hexhall::server
