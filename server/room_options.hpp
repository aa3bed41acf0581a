// The game-agnostic createRoom options (docs/protocol.md, "Lobby (server)"): privacy, password,
// spectators, bot fill, disconnect grace, external bot seats. The game reads its own options.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hexhall::server {

struct RoomOptions {
    bool is_private = false;
    std::optional<std::string> password;  // 1–64 bytes
    bool spectators = true;
    std::optional<std::string> bot_fill;  // a built-in bot name
    int grace_s = 60;                     // 0–3600
    std::vector<int> external_bots;       // seats reserved for external bot programs
    bool fixed_seed = false;              // the request fixed the secret seed
    bool rated = false;                   // rated room: account sessions only, rated at the end (decision 020)
    std::string club;                     // a club's room (private; decision 028): the club's id
};

inline constexpr int kMaxGraceSeconds = 3600;
inline constexpr size_t kMaxPasswordBytes = 64;

// Reads the options from a createRoom request; false with `error` set when one is invalid.
// `seats` is the game's seat count (external bot seats must be below it).
// `bots`: the game's built-in bot names (botFill must be one of them).
bool parse_room_options(const nlohmann::json& request, int seats, const std::vector<std::string>& bots, RoomOptions& out,
                        std::string& error);

}  // namespace hexhall::server
