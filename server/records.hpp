// GET /games/<room>/record (docs/protocol.md, "Game records"): a finished game's record as JSON,
// built from the Store. No networking: net.cpp calls record_endpoint() and sends the answer.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/state.hpp"
#include "server/store.hpp"

namespace hexhall::server {

struct HttpAnswer {
    int status = 200;
    std::string body;
    std::string content_type = "application/json";
};

class Hub;

// GET /games/<room>/replay: the spectator's stream of the finished game, {"room","players",
// "complete","messages":[snapshot, patch, ...]} (replay.cpp). A client replays it without any rules.
nlohmann::json replay_json(const StoredRoom& room);

// nullopt when `target` (path without the query) is not /games/<room>/record or .../replay. 404 for
// an unknown room, 409 while it is not finished (or not yet stored), 503 without a store, else 200.
// A private or password-protected room's record and replay are served only with its invite code
// as `?invite=` (what its members know; seedReveal's link carries it): 404 otherwise, as for a
// room that does not exist.
std::optional<HttpAnswer> record_endpoint(const Hub& hub, std::string_view target, std::string_view query = {});

// A stored game's state before its first action, from its set-up and secret seed; false when the
// set-up does not parse. The record, replay and standings endpoints replay the actions from it.
bool initial_state(const RoomRow& room, catan::GameState& state);

// The record of a stored room: {"room","game","options","setup","seed","salt","commitment",
// "players","actions","result"} (the seed is in it: only for finished rooms).
nlohmann::json record_json(const StoredRoom& room);

}  // namespace hexhall::server
