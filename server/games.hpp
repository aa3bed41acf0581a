// The games this server hosts: the one list of game modules (docs/architecture.md, "Games").
#pragma once
#include "core/game_module.hpp"

namespace hexhall::server {

// Adds every built-in game to `registry` (the first is the default game); idempotent.
void register_builtin_games(core::GameRegistry& registry = core::game_registry());

}  // namespace hexhall::server
