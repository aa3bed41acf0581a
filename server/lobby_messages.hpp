// Lobby message shapes (docs/protocol.md, "Lobby (server)"). Game messages (action, resync) are
// core/envelope.hpp's; everything else a client sends before and around a game is here.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "protocol/messages.hpp"

namespace hexhall::server {

using json = nlohmann::json;

enum class LobbyKind {
    Hello, CreateRoom, ListRooms, JoinRoom, AddBot, Start, LeaveRoom, RemoveBot, Kick, TransferHost, Chat, Game,
    // Accounts (hub_accounts.cpp, docs/decisions/020-accounts.md): the members are read there.
    Register, Login, Logout, LogoutAll, ChangePassword, DeleteAccount,
    PlayNow, LeaveQueue,  // hub_play_now.cpp
    CreateClub, ClubInvite, JoinClub, LeaveClub, RemoveMember, MyClubs  // hub_clubs.cpp
};

struct LobbyRequest {
    LobbyKind kind = LobbyKind::Game;
    int64_t id = 0;
    json body;                  // the whole request object (createRoom options; Game: the message)
    std::string name;           // hello
    std::optional<std::string> token;  // hello
    std::string room;           // every room request (joinRoom: or `invite`)
    std::string invite;         // joinRoom
    std::optional<std::string> password;   // joinRoom
    std::optional<std::string> seat_token; // joinRoom
    std::optional<int> seat;    // joinRoom (nullopt: spectator), addBot, removeBot, kick, transferHost
    std::string bot = "random"; // addBot
    std::string text;           // chat
    std::optional<int64_t> game_id;  // Game: the request id if it could be read (for errors)
};

struct ParsedLobby {
    std::optional<LobbyRequest> request;  // set on success; kind Game: pass the text to the game
    protocol::ProtocolError error;
    bool ok() const { return request.has_value(); }
};

// Parses a client message far enough to route it. Never throws. Limits (size, depth) as protocol.md.
ParsedLobby parse_lobby(std::string_view text);

// A request's string member `key` (accounts, clubs: hub_accounts.cpp, hub_clubs.cpp). When it is
// missing (or null) or not a string: nullopt, and `error` is the error to send (missing_field, bad_type).
std::optional<std::string> string_member(const LobbyRequest& r, const char* key, json& error);
// The same, sending the error to `client` (anything with send(json)).
template <class Sender>
std::optional<std::string> string_member(const Sender& client, const LobbyRequest& r, const char* key) {
    json error;
    std::optional<std::string> v = string_member(r, key, error);
    if (!v) client->send(error);
    return v;
}

inline constexpr size_t kMaxNameBytes = 32;

json welcome_message(int64_t id, const std::string& session, const std::string& name);
inline constexpr size_t kMaxChatChars = 300;
inline constexpr size_t kMaxChatBytes = 1200;

// seat_tokens: [{"seat":n,"token":"…"}] (omitted when empty).
json room_created_message(int64_t id, const std::string& room, const std::string& invite, const json& seat_tokens);
json ok_message(int64_t id);
json kicked_message(const std::string& room);
// To a connection whose seat another connection of the same session took (it is then closed).
json replaced_message(const std::string& room);
// Another node serves the room (`url`: its WebSocket URL), or this one stopped serving it ("" : no
// URL, resume on any node). docs/decisions/017-several-nodes.md
json moved_message(const std::string& room, const std::string& url, std::optional<int64_t> id);
json chat_message(std::optional<int64_t> id, const std::string& room, int seat, const std::string& name,
                  const std::string& text, int64_t time_ms);
// Number of UTF-8 code points (the text is valid UTF-8: the JSON parser checked it).
size_t utf8_length(const std::string& s);
json rooms_message(int64_t id, json rooms);
json joined_message(std::optional<int64_t> id, const std::string& room, int seat /* -1: spectator */);
json bot_added_message(int64_t id, const std::string& room, int seat);
json started_message(std::optional<int64_t> id, const std::string& room);
json lobby_error(const std::string& code, const std::string& message, std::optional<int64_t> id);

}  // namespace hexhall::server
