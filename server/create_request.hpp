// createRoom at the door (docs/protocol.md, "createRoom options"): only known keys are accepted,
// and what is stored for a room is its validated options, never the raw request. Restore reads
// stored options through the same list, so a stored key can never reach the server's internals.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/game_module.hpp"

namespace hexhall::server {

// False with `error` set when `request` has a key that is neither the envelope (type, v, id), a
// room option (server/room_options.hpp) nor an option of a game (`game` and the game's keys).
// Keys starting with '_' are the server's own and always refused.
// `game` is the room's game module: its option_keys, or any key when it validates its own options.
bool check_create_keys(const nlohmann::json& request, const core::GameModule& game, std::string& error);

// The room and game options of `request` (known keys only: no envelope, no password, nothing
// internal). Call after the options were validated.
nlohmann::json validated_options(const nlohmann::json& request, const core::GameModule& game);

// `request` without the room keys no game is handed ("club": decision 028), for a game's create.
nlohmann::json for_game(nlohmann::json request);

// Whether `hash` has the shape of a stored token hash (64 lowercase hex digits).
bool valid_hash(const std::string& hash);

}  // namespace hexhall::server
