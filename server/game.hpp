// The room core's view of a game: core/game.hpp (Game) and core/game_module.hpp (the registry).
#pragma once
#include "core/game.hpp"
#include "core/game_module.hpp"

namespace hexhall::server {

using json = nlohmann::json;
using core::Game;
using core::GameMessage;
using core::GameModule;
using core::GameRegistry;
using core::GameReply;
using core::GameUpdate;
using core::kSpectatorSeat;
using core::make_text;
using core::StoredAction;
using core::Text;

}  // namespace hexhall::server
