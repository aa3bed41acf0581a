// Catan plugged into the room core (game.hpp): engine + protocol::ViewStream per seat and spectators.
#pragma once
#include "server/game.hpp"

namespace hexhall::server {

// createRoom options: players (3|4, default 4), map ("starter"|"random", default "random"),
// mode ("classic"|"combined", default per CAT-0.2), vp (victory points, default 10), seed (integer,
// default random).
std::unique_ptr<Game> make_catan_game(const json& request, std::string& error);

}  // namespace hexhall::server
