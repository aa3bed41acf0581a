// The game-agnostic envelope, as the protocol library names it (core/envelope.hpp): every message is
// {"type": ..., "v": 1, ...}; a game's payload sits under a key named by the game. See docs/protocol.md.
#pragma once
#include "core/envelope.hpp"

namespace hexhall::protocol {

using json = nlohmann::json;
using core::ack_message;
using core::canonical;
using core::error_message;
using core::json_depth;
using core::kMaxDepth;
using core::kMaxMessageBytes;
using core::kMaxRequestId;
using core::kMaxSeats;
using core::kProtocolVersion;
using core::ProtocolError;
using core::resync_message;
using core::sha256_hex;
using core::view_digest;

}  // namespace hexhall::protocol
