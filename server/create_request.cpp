#include "server/create_request.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "server/safe_text.hpp"

namespace hexhall::server {

namespace {

constexpr std::array<std::string_view, 3> kEnvelope = {"type", "v", "id"};
// server/room_options.hpp
constexpr const auto& kRoomKeys = core::kRoomOptionKeys;
// Room keys of the server alone, never handed to a game (for_game): a club's room (decision 028).
constexpr std::array<std::string_view, 1> kServerRoomKeys = {"club"};
// Room keys that are not kept with the room: the password (only its hash is) and the rematch link.
constexpr std::array<std::string_view, 2> kNotStored = {"password", "rematchOf"};
// Every game: its name, the secret seed and the clock preset (the rules adapter's own keys).
constexpr std::array<std::string_view, 3> kGameKeys = {"game", "seed", "clock"};

template <size_t N>
bool in(const std::array<std::string_view, N>& keys, std::string_view k) {
    return std::find(keys.begin(), keys.end(), k) != keys.end();
}

// One of the game's options: its listed keys, or any key when the game refuses unknown ones itself.
bool game_key(const core::GameModule& game, std::string_view k) {
    if (in(kGameKeys, k)) return true;
    if (game.option_keys.empty()) return !k.empty() && k[0] != '_' && !in(kEnvelope, k);
    return std::find(game.option_keys.begin(), game.option_keys.end(), k) != game.option_keys.end();
}

}  // namespace

bool check_create_keys(const nlohmann::json& request, const core::GameModule& game, std::string& error) {
    if (!request.is_object()) return error = "createRoom must be an object", false;
    for (auto& [key, value] : request.items()) {
        if (!key.empty() && key[0] != '_' && (in(kEnvelope, key) || in(kRoomKeys, key) || in(kServerRoomKeys, key) ||
                                                game_key(game, key)))
            continue;
        error = "unknown option \"" + printable(key, 40) + "\"";
        return false;
    }
    return true;
}

nlohmann::json validated_options(const nlohmann::json& request, const core::GameModule& game) {
    nlohmann::json out = nlohmann::json::object();
    if (!request.is_object()) return out;
    for (auto& [key, value] : request.items())
        if (!in(kNotStored, key) && !key.empty() && key[0] != '_' && (in(kRoomKeys, key) || in(kServerRoomKeys, key) || game_key(game, key)))
            out[key] = value;
    return out;
}

nlohmann::json for_game(nlohmann::json request) {
    if (request.is_object())
        for (std::string_view key : kServerRoomKeys) request.erase(std::string(key));
    return request;
}

bool valid_hash(const std::string& hash) {
    return hash.size() == 64 &&
           std::all_of(hash.begin(), hash.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace hexhall::server
