// Players' pages and leaderboards over HTTP (docs/protocol.md, "Accounts, ratings and
// leaderboards"): GET /players/<name> and GET /leaderboard?game=…&ruleset=…&season=…. Read-only,
// from the hub's accounts and ratings (server/accounts.hpp, server/ratings.hpp); served on the
// fair work pool like /standings.
#pragma once
#include <optional>
#include <string_view>

#include "server/http_handler.hpp"

namespace hexhall::server {

class Hub;

// The answer when `target` is one of these endpoints; nullopt otherwise.
std::optional<HttpAnswer> player_endpoint(const Hub& hub, std::string_view target, std::string_view query);

}  // namespace hexhall::server
