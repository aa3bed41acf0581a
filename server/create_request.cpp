#include "server/create_request.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "server/safe_text.hpp"

namespace hexhall::server {

namespace {

constexpr std::array<std::string_view, 3> kEnvelope = {"type", "v", "id"};
// server/room_options.hpp
constexpr std::array<std::string_view, 6> kRoomKeys = {"private", "password", "spectators", "botFill", "grace",
                                                       "externalBots"};
// The games' options (server/catan_game.cpp: make_catan_game). A game registry would list them
// per game; with one game the list is here.
constexpr std::array<std::string_view, 10> kGameKeys = {"game",     "players", "vp",      "seed", "boardSeed",
                                                        "map",      "numbers", "ruleset", "mode", "clock"};

template <size_t N>
bool in(const std::array<std::string_view, N>& keys, std::string_view k) {
    return std::find(keys.begin(), keys.end(), k) != keys.end();
}

}  // namespace

bool check_create_keys(const nlohmann::json& request, std::string& error) {
    if (!request.is_object()) return error = "createRoom must be an object", false;
    for (auto& [key, value] : request.items()) {
        if (!key.empty() && key[0] != '_' && (in(kEnvelope, key) || in(kRoomKeys, key) || in(kGameKeys, key)))
            continue;
        error = "unknown option \"" + printable(key, 40) + "\"";
        return false;
    }
    return true;
}

nlohmann::json validated_options(const nlohmann::json& request) {
    nlohmann::json out = nlohmann::json::object();
    if (!request.is_object()) return out;
    for (auto& [key, value] : request.items())
        if (key != "password" && (in(kRoomKeys, key) || in(kGameKeys, key))) out[key] = value;
    return out;
}

bool valid_hash(const std::string& hash) {
    return hash.size() == 64 &&
           std::all_of(hash.begin(), hash.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

}  // namespace hexhall::server
