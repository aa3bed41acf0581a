// Catan plugged into the room core (core/game.hpp): engine + protocol::ViewStream per seat and spectators.
// Depends on core/ only (the server finds it through its registry, server/games.cpp).
#pragma once
#include <memory>
#include <string>

#include "core/game.hpp"
#include "core/game_module.hpp"

namespace hexhall::catan {

// createRoom options: players (3|4, default 4), map ("starter"|"random", default "random"), numbers
// ("spiral"|"random"), mode ("classic"|"combined", default per CAT-0.2), ruleset ("base"|"hk2024";
// hk2024 plays an explicit board the server generates), vp (victory points, default 10), boardSeed
// (the board comes from it), seed (integer, default random), clock ("none"|"relaxed"|"standard"|
// "fast"|"hk2024"; default hk2024 with that ruleset, else none).
std::unique_ptr<core::Game> make_catan_game(const core::json& request, std::string& error);

// Catan as the registry lists it (server/games.cpp).
core::GameModule catan_module();

}  // namespace hexhall::catan
