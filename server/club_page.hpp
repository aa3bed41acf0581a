// A club's page over HTTP (docs/protocol.md, "Clubs"): GET /clubs/<name> — the club, its members
// and its ladders per game and ruleset family. Read-only and public (no invite); served on the fair
// work pool like /players (server/profiles.hpp).
#pragma once
#include <optional>
#include <string_view>

#include "server/http_handler.hpp"

namespace hexhall::server {

class Hub;

// The answer when `target` is /clubs/<name>; nullopt otherwise.
std::optional<HttpAnswer> club_endpoint(const Hub& hub, std::string_view target);

}  // namespace hexhall::server
