// GET /games/<room>/record (docs/protocol.md, "Game records"): a finished game's record as JSON,
// built from the Store. No networking: net.cpp calls record_endpoint() and sends the answer.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "server/game.hpp"
#include "server/http_handler.hpp"
#include "server/store.hpp"

namespace hexhall::server {


class Hub;

// A stored game replayed with its game module (found by the room's `game`; rows without one: the
// default game): recreated from its set-up and secret seed, then every stored action applied in
// order (`each` sees every update). `game` is null when the set-up cannot be recreated; `complete`
// is false when an action was refused (the replay stops there, `error` says why).
struct ReplayedGame {
    std::unique_ptr<Game> game;
    bool complete = false;
    std::string error;
};
ReplayedGame replay_stored(const StoredRoom& room, const std::function<void(const GameUpdate&)>& each = {},
                           const GameRegistry& games = core::game_registry());
// The name of a stored room's game as records and replays give it: a row from before games had
// names (empty) plays the default game.
std::string stored_game_name(const RoomRow& room, const GameRegistry& games = core::game_registry());

// GET /games/<room>/replay: the spectator's stream of the finished game, {"room","players",
// "complete","messages":[snapshot, patch, ...]} (replay.cpp). A client replays it without any rules.
nlohmann::json replay_json(const StoredRoom& room);

// nullopt when `target` (path without the query) is not /games/<room>/record or .../replay. 404 for
// an unknown room, 409 while it is not finished (or not yet stored), 503 without a store, else 200.
// A private or password-protected room's record and replay are served only with its invite code
// as `?invite=` (what its members know; seedReveal's link carries it): 404 otherwise, as for a
// room that does not exist.
// Finished games' bodies are cached (they never change); finished_bodies_cached() counts them (tests).
std::optional<HttpAnswer> record_endpoint(const Hub& hub, std::string_view target, std::string_view query = {});
size_t finished_bodies_cached();
// Drops a finished room's cached record and replay (a referee's note was added).
void forget_finished_bodies(const Store* store, const std::string& room);

// The record of a stored room: {"room","game","options","setup","seed","salt","commitment",
// "players","actions","result"} (the seed is in it: only for finished rooms).
nlohmann::json record_json(const StoredRoom& room);

}  // namespace hexhall::server
