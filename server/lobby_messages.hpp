// Lobby message shapes (docs/protocol.md, "Lobby (server)"). Game messages (action, resync) are
// protocol/messages.hpp's; everything else a client sends before and around a game is here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

namespace hexhall::server {

using json = nlohmann::json;

enum class LobbyKind { Hello, CreateRoom, ListRooms, JoinRoom, AddBot, Start, Game };

struct LobbyRequest {
    LobbyKind kind = LobbyKind::Game;
    int64_t id = 0;
    json body;                  // the whole request object (createRoom options are read from it)
    std::string name;           // hello
    std::optional<std::string> token;  // hello
    std::string room;           // joinRoom, addBot, start
    std::optional<int> seat;    // joinRoom (nullopt: spectator), addBot
    std::string bot = "random"; // addBot
    std::optional<int64_t> game_id;  // Game: the request id if it could be read (for errors)
};

struct ParsedLobby {
    std::optional<LobbyRequest> request;  // set on success; kind Game: pass the text to the game
    protocol::ProtocolError error;
    bool ok() const { return request.has_value(); }
};

// Parses a client message far enough to route it. Never throws. Limits (size, depth) as protocol.md.
ParsedLobby parse_lobby(std::string_view text);

inline constexpr size_t kMaxNameBytes = 32;

json welcome_message(int64_t id, const std::string& session, const std::string& name);
json room_created_message(int64_t id, const std::string& room);
json rooms_message(int64_t id, json rooms);
json joined_message(std::optional<int64_t> id, const std::string& room, int seat /* -1: spectator */);
json bot_added_message(int64_t id, const std::string& room, int seat);
json started_message(std::optional<int64_t> id, const std::string& room);
json lobby_error(const std::string& code, const std::string& message, std::optional<int64_t> id);

}  // namespace hexhall::server
