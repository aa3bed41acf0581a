// The game-agnostic envelope (docs/protocol.md): every message is {"type": ..., "v": 1, ...}; a game's
// payload sits under a member named by the game ("game": "<name>", "<name>": {...}). Canonical JSON,
// the view digest, the ack/error/snapshot/patch builders and the decoding of a game message's
// envelope are here; what is inside a payload is the game's business.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hexhall::core {

using json = nlohmann::json;

inline constexpr int kProtocolVersion = 1;
inline constexpr size_t kMaxMessageBytes = 64 * 1024;  // longer client messages: too_large
inline constexpr int kMaxDepth = 16;                    // deeper nesting of arrays/objects: too_deep
inline constexpr int64_t kMaxRequestId = 2147483647;    // client ids are integers 0..2^31-1
// Seats in messages are 0..kMaxSeats-1 (the schemas' bound); a room then checks the seat against its own
// game's seats. Every registered game has at most kMaxSeats (tests/conformance).
inline constexpr int kMaxSeats = 8;

// ---------------------------------------------------------------- digest
// Canonical form of a view: nlohmann dump() without indentation (no whitespace), object keys sorted
// (std::map order, i.e. bytewise), integers only, ASCII only.
std::string canonical(const json& j);
std::string sha256_hex(std::string_view bytes);
inline std::string view_digest(const json& view) { return sha256_hex(canonical(view)); }

// ---------------------------------------------------------------- server -> client
// game: the game's name, also the payload's key. The payload is {"view", "legal"?} / {"events", "legal"?}.
json snapshot_message(std::string_view game, uint64_t version, json view, std::optional<json> legal,
                      const std::string& digest, std::optional<int64_t> reply_to = std::nullopt);
json patch_message(std::string_view game, uint64_t from, uint64_t to, json ops, json events,
                   std::optional<json> legal, const std::string& digest);
// patch_message(...) with "clock" when given, written as make_text() (core/game.hpp) would write it
// (its members in key order) from parts already written that way: the operations, the viewer's
// events, legal actions and clock. Streams that share one view write the operations once.
std::string patch_message_text(std::string_view game, uint64_t from, uint64_t to, std::string_view ops,
                               std::string_view events, const std::string* legal, std::string_view digest,
                               const std::string* clock);
json ack_message(int64_t id, uint64_t version);

struct ProtocolError {
    std::string code;     // stable: bad_json, too_large, too_deep, bad_type, missing_field, unknown_type, ...
    std::string message;  // for humans; may change
    std::string rule;     // the rule broken, e.g. "CAR-5.2" (illegal_action only), else empty
    std::optional<int64_t> id;  // the client's request id when it could be read
};
json error_message(const ProtocolError& e);

// ---------------------------------------------------------------- client -> server
json resync_message(int64_t id);
// {"type":"action","v":1,"id":id,"game":game,"<game>":payload}
json action_message(std::string_view game, int64_t id, json payload);

// A game message (action or resync) with its envelope checked: the id, and for an action the payload
// under the game's key.
struct GameMessage {
    enum class Kind { Action, Resync };
    Kind kind = Kind::Resync;
    int64_t id = 0;
    json payload;  // Action: the member named by the game
};
struct DecodedGameMessage {
    std::optional<GameMessage> message;  // set on success
    ProtocolError error;                 // set otherwise
    bool ok() const { return message.has_value(); }
};
// Checks the envelope of a parsed game message for the game `game`: id, type (action|resync), v,
// and for an action "game" == game and the payload member. Never throws.
DecodedGameMessage decode_game_message(const json& message, std::string_view game) noexcept;
// The same from text, with the size and depth limits first (kMaxMessageBytes, kMaxDepth).
DecodedGameMessage decode_game_message(std::string_view text, std::string_view game) noexcept;

// Nesting depth of arrays/objects in JSON text (strings skipped), stopping early past `limit`.
int json_depth(std::string_view text, int limit);

}  // namespace hexhall::core
