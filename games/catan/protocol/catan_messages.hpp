// Catan's messages on the game-agnostic envelope (protocol/messages.hpp): the payload key "catan",
// snapshots and patches built for the typed view stream, intents decoded into engine actions.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/envelope.hpp"
#include "games/catan/protocol/catan_json.hpp"
#include "protocol/messages.hpp"

namespace hexhall::protocol {

inline constexpr const char* kGame = "catan";

// ---------------------------------------------------------------- server -> client
json snapshot_message(uint64_t version, json view, std::optional<json> legal, const std::string& digest,
                      std::optional<int64_t> reply_to = std::nullopt);
json patch_message(uint64_t from, uint64_t to, json ops, json events, std::optional<json> legal,
                   const std::string& digest);
// An engine rejection as an error reply.
ProtocolError illegal_action(const catan::Result& r, std::optional<int64_t> id);

// ---------------------------------------------------------------- client -> server
json action_message(int64_t id, const catan::Action& a);

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
// The same for a message whose envelope is already checked (core::decode_game_message).
Decoded decode_client_message(const core::GameMessage& message, int seat) noexcept;

}  // namespace hexhall::protocol
