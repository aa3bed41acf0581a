// The game-agnostic envelope: every message is {"type": ..., "v": 1, ...}; the game's payload sits
// under a key named by the game ("catan"). See docs/protocol.md.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/catan_json.hpp"

namespace hexhall::protocol {

inline constexpr int kProtocolVersion = 1;
inline constexpr const char* kGame = "catan";
inline constexpr size_t kMaxMessageBytes = 64 * 1024;  // longer client messages: too_large
inline constexpr int kMaxDepth = 16;                    // deeper nesting of arrays/objects: too_deep
inline constexpr int64_t kMaxRequestId = 2147483647;    // client ids are integers 0..2^31-1

// ---------------------------------------------------------------- digest
// Canonical form of a view: nlohmann dump() without indentation (no whitespace), object keys sorted
// (std::map order, i.e. bytewise), integers only, ASCII only.
std::string canonical(const json& j);
std::string sha256_hex(std::string_view bytes);
inline std::string view_digest(const json& view) { return sha256_hex(canonical(view)); }

// ---------------------------------------------------------------- server -> client
json snapshot_message(uint64_t version, json view, std::optional<json> legal, const std::string& digest,
                      std::optional<int64_t> reply_to = std::nullopt);
json patch_message(uint64_t from, uint64_t to, json ops, json events, std::optional<json> legal,
                   const std::string& digest);
json ack_message(int64_t id, uint64_t version);

struct ProtocolError {
    std::string code;     // stable: bad_json, too_large, too_deep, bad_type, missing_field, unknown_type, ...
    std::string message;  // for humans; may change
    std::string rule;     // the rule broken, e.g. "CAT-10.10" (illegal_action only), else empty
    std::optional<int64_t> id;  // the client's request id when it could be read
};
json error_message(const ProtocolError& e);
// An engine rejection as an error reply.
ProtocolError illegal_action(const catan::Result& r, std::optional<int64_t> id);

// ---------------------------------------------------------------- client -> server
json action_message(int64_t id, const catan::Action& a);
json resync_message(int64_t id);

enum class ClientKind { Action, Resync };
struct ClientMessage {
    ClientKind kind = ClientKind::Resync;
    int64_t id = 0;
    catan::Action action{};  // kind == Action; action.seat = the seat passed to the decoder
};
struct Decoded {
    std::optional<ClientMessage> message;  // set on success
    ProtocolError error;                   // set otherwise
    bool ok() const { return message.has_value(); }
};
// Decodes one client message. Never throws; enforces kMaxMessageBytes, kMaxDepth and all ranges.
Decoded decode_client_message(std::string_view text, int seat = 0) noexcept;
// Nesting depth of arrays/objects in JSON text (strings skipped), stopping early past `limit`.
int json_depth(std::string_view text, int limit);

}  // namespace hexhall::protocol
