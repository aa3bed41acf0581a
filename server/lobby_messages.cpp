#include "server/lobby_messages.hpp"

namespace hexhall::server {

namespace proto = hexhall::protocol;

namespace {

ParsedLobby fail(const char* code, std::string message, std::optional<int64_t> id = std::nullopt) {
    ParsedLobby p;
    p.error = proto::ProtocolError{code, std::move(message), "", id};
    return p;
}

json envelope(const char* type, std::optional<int64_t> id) {
    json j = {{"type", type}, {"v", proto::kProtocolVersion}};
    if (id) j["id"] = *id;
    return j;
}

}  // namespace

ParsedLobby parse_lobby(std::string_view text) {
    if (text.size() > proto::kMaxMessageBytes) return fail("too_large", "message too large");
    if (proto::json_depth(text, proto::kMaxDepth + 1) > proto::kMaxDepth) return fail("too_deep", "nested too deeply");
    json j = json::parse(text.begin(), text.end(), nullptr, false);
    if (j.is_discarded()) return fail("bad_json", "not valid JSON");
    if (!j.is_object()) return fail("bad_type", "a message is a JSON object");
    auto type_it = j.find("type");
    if (type_it == j.end()) return fail("missing_field", "missing field \"type\"");
    if (!type_it->is_string()) return fail("bad_type", "\"type\" must be a string");
    const std::string type = type_it->get<std::string>();

    std::optional<int64_t> id;
    auto id_it = j.find("id");
    if (id_it != j.end() && id_it->is_number_integer()) {
        const int64_t v = id_it->get<int64_t>();
        if (v >= 0 && v <= proto::kMaxRequestId) id = v;
    }
    LobbyRequest r;
    if (type == "action" || type == "resync") {
        r.kind = LobbyKind::Game;  // the room checks the rest (core::decode_game_message)
        r.game_id = id;
        r.body = std::move(j);
        ParsedLobby p;
        p.request = std::move(r);
        return p;
    }
    if (type == "hello") r.kind = LobbyKind::Hello;
    else if (type == "createRoom") r.kind = LobbyKind::CreateRoom;
    else if (type == "listRooms") r.kind = LobbyKind::ListRooms;
    else if (type == "joinRoom") r.kind = LobbyKind::JoinRoom;
    else if (type == "addBot") r.kind = LobbyKind::AddBot;
    else if (type == "start") r.kind = LobbyKind::Start;
    else if (type == "leaveRoom") r.kind = LobbyKind::LeaveRoom;
    else if (type == "removeBot") r.kind = LobbyKind::RemoveBot;
    else if (type == "kick") r.kind = LobbyKind::Kick;
    else if (type == "transferHost") r.kind = LobbyKind::TransferHost;
    else if (type == "chat") r.kind = LobbyKind::Chat;
    else if (type == "register") r.kind = LobbyKind::Register;
    else if (type == "login") r.kind = LobbyKind::Login;
    else if (type == "logout") r.kind = LobbyKind::Logout;
    else if (type == "logoutAll") r.kind = LobbyKind::LogoutAll;
    else if (type == "changePassword") r.kind = LobbyKind::ChangePassword;
    else if (type == "deleteAccount") r.kind = LobbyKind::DeleteAccount;
    else if (type == "playNow") r.kind = LobbyKind::PlayNow;
    else if (type == "leaveQueue") r.kind = LobbyKind::LeaveQueue;
    else if (type == "createClub") r.kind = LobbyKind::CreateClub;
    else if (type == "clubInvite") r.kind = LobbyKind::ClubInvite;
    else if (type == "joinClub") r.kind = LobbyKind::JoinClub;
    else if (type == "leaveClub") r.kind = LobbyKind::LeaveClub;
    else if (type == "removeMember") r.kind = LobbyKind::RemoveMember;
    else if (type == "myClubs") r.kind = LobbyKind::MyClubs;
    else return fail("unknown_type", "unknown message type", id);

    auto v_it = j.find("v");
    if (v_it == j.end()) return fail("missing_field", "missing field \"v\"", id);
    if (!v_it->is_number_integer()) return fail("bad_type", "\"v\" must be an integer", id);
    if (v_it->get<int64_t>() != proto::kProtocolVersion)
        return fail("bad_version", "unsupported protocol version (this server speaks v 1)", id);
    if (id_it == j.end()) return fail("missing_field", "missing field \"id\"");
    if (!id_it->is_number_integer()) return fail("bad_type", "\"id\" must be an integer");
    if (!id) return fail("out_of_range", "\"id\" out of range");
    r.id = *id;

    auto get_string = [&](const char* key, bool required, std::string& out) -> std::optional<ParsedLobby> {
        auto it = j.find(key);
        if (it == j.end() || it->is_null()) {
            if (required) return fail("missing_field", std::string("missing field \"") + key + "\"", id);
            return std::nullopt;
        }
        if (!it->is_string()) return fail("bad_type", std::string("\"") + key + "\" must be a string", id);
        out = it->get<std::string>();
        return std::nullopt;
    };

    switch (r.kind) {
        case LobbyKind::Hello: {
            if (auto e = get_string("name", true, r.name)) return *e;
            if (r.name.empty() || r.name.size() > kMaxNameBytes)
                return fail("out_of_range", "\"name\" must have 1 to 32 bytes", id);
            std::string token;
            if (auto e = get_string("token", false, token)) return *e;
            if (!token.empty()) r.token = token;
            break;
        }
        case LobbyKind::JoinRoom: {
            if (auto e = get_string("invite", false, r.invite)) return *e;
            if (r.invite.empty())
                if (auto e = get_string("room", true, r.room)) return *e;
            std::string s;
            if (auto e = get_string("password", false, s)) return *e;
            if (j.contains("password") && !j["password"].is_null()) r.password = s;
            s.clear();
            if (auto e = get_string("seatToken", false, s)) return *e;
            if (!s.empty()) r.seat_token = s;
            auto it = j.find("seat");
            if (it != j.end() && !it->is_null()) {
                if (!it->is_number_integer()) return fail("bad_type", "\"seat\" must be an integer or null", id);
                const int64_t v = it->get<int64_t>();
                if (v < 0 || v >= proto::kMaxSeats) return fail("out_of_range", "\"seat\" out of range", id);
                r.seat = static_cast<int>(v);
            }
            break;
        }
        case LobbyKind::AddBot:
        case LobbyKind::RemoveBot:
        case LobbyKind::Kick:
        case LobbyKind::TransferHost: {
            if (auto e = get_string("room", true, r.room)) return *e;
            auto it = j.find("seat");
            if (it == j.end()) return fail("missing_field", "missing field \"seat\"", id);
            if (!it->is_number_integer()) return fail("bad_type", "\"seat\" must be an integer", id);
            const int64_t v = it->get<int64_t>();
            if (v < 0 || v >= proto::kMaxSeats) return fail("out_of_range", "\"seat\" out of range", id);
            r.seat = static_cast<int>(v);
            if (r.kind == LobbyKind::AddBot)
                if (auto e = get_string("bot", false, r.bot)) return *e;
            break;
        }
        case LobbyKind::Start:
        case LobbyKind::LeaveRoom:
            if (auto e = get_string("room", true, r.room)) return *e;
            break;
        case LobbyKind::Chat:
            if (auto e = get_string("room", true, r.room)) return *e;
            if (auto e = get_string("text", true, r.text)) return *e;
            break;
        default:
            break;
    }
    r.body = std::move(j);
    ParsedLobby p;
    p.request = std::move(r);
    return p;
}

json welcome_message(int64_t id, const std::string& session, const std::string& name) {
    json j = envelope("welcome", id);
    j["session"] = session;
    j["name"] = name;
    return j;
}

json room_created_message(int64_t id, const std::string& room, const std::string& invite, const json& seat_tokens) {
    json j = envelope("roomCreated", id);
    j["room"] = room;
    j["invite"] = invite;
    if (!seat_tokens.empty()) j["seatTokens"] = seat_tokens;
    return j;
}

json ok_message(int64_t id) { return envelope("ok", id); }

json kicked_message(const std::string& room) {
    json j = envelope("kicked", std::nullopt);
    j["room"] = room;
    return j;
}

json replaced_message(const std::string& room) {
    json j = envelope("replaced", std::nullopt);
    j["room"] = room;
    return j;
}

json moved_message(const std::string& room, const std::string& url, std::optional<int64_t> id) {
    json j = envelope("moved", id);
    if (!room.empty()) j["room"] = room;  // none: a createRoom sent to the least-loaded node
    if (!url.empty()) j["url"] = url;
    return j;
}

json chat_message(std::optional<int64_t> id, const std::string& room, int seat, const std::string& name,
                  const std::string& text, int64_t time_ms) {
    json j = envelope("chat", id);
    j["room"] = room;
    j["seat"] = seat;
    j["name"] = name;
    j["text"] = text;
    j["time"] = time_ms;
    return j;
}

size_t utf8_length(const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

json rooms_message(int64_t id, json rooms) {
    json j = envelope("rooms", id);
    j["rooms"] = std::move(rooms);
    return j;
}

json joined_message(std::optional<int64_t> id, const std::string& room, int seat) {
    json j = envelope("joined", id);
    j["room"] = room;
    j["seat"] = seat < 0 ? json(nullptr) : json(seat);
    return j;
}

json bot_added_message(int64_t id, const std::string& room, int seat) {
    json j = envelope("botAdded", id);
    j["room"] = room;
    j["seat"] = seat;
    return j;
}

json started_message(std::optional<int64_t> id, const std::string& room) {
    json j = envelope("started", id);
    j["room"] = room;
    return j;
}

json lobby_error(const std::string& code, const std::string& message, std::optional<int64_t> id) {
    return proto::error_message(proto::ProtocolError{code, message, "", id});
}

std::optional<std::string> string_member(const LobbyRequest& r, const char* key, json& error) {
    auto it = r.body.find(key);
    if (it == r.body.end() || it->is_null()) {
        error = lobby_error("missing_field", std::string("missing field \"") + key + "\"", r.id);
        return std::nullopt;
    }
    if (!it->is_string()) {
        error = lobby_error("bad_type", std::string("\"") + key + "\" must be a string", r.id);
        return std::nullopt;
    }
    return it->get<std::string>();
}

}  // namespace hexhall::server
