// GET /standings?rooms=<id>,<id>,…: the HK 2024 individual standings (HK-1) over finished games,
// for clubs and tournaments that play several tables. The ranking itself is the engine's
// (tournament/hk_standings.hpp); this reads the games from the Store and answers JSON. No networking.
#pragma once
#include <string_view>

#include "server/records.hpp"

namespace hexhall::server {

// `query`: the request's query string (after '?'). 400 without rooms or with more than 100,
// 503 without a store, else 200 with {"games":[…],"skipped":[…],"standings":[…]} (docs/protocol.md).
HttpAnswer standings_endpoint(const Hub& hub, std::string_view query);
// How many finished games' contributions are cached (a finished game is evaluated once; tests).
size_t finished_games_cached();

}  // namespace hexhall::server
