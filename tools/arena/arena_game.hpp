// One arena game over the real protocol: a host connection creates a room (external seats reserved
// with seat tokens, docs/protocol.md "External bot seats"), adds the built-in bots, starts the
// external bot programs, starts the game, follows it as a spectator and reports the outcome the
// server announces (the `room` push's "result", the same for every game).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace hexhall::arena {

inline constexpr const char* kExternalPrefix = "ext:";

struct GameSpec {
    int index = 0;                      // game number (names records and logs)
    uint64_t seed = 0;                  // the room's fixed game seed
    std::vector<std::string> seats;     // per seat: a built-in bot of the game | "ext:<command>"
    nlohmann::json options;             // extra createRoom options ("game" and the game's own)
    std::string host = "127.0.0.1";
    uint16_t port = 0;
    // Several nodes (--url A,B,…): every node, host:port first. A lost connection is resumed on them in
    // turn with the session token, following `moved` (docs/protocol.md).
    std::vector<std::pair<std::string, uint16_t>> nodes;
    std::string record_dir;             // empty: keep no record (external bots' logs go to /tmp)
    int timeout_s = 600;                // the whole game
    bool seat_tokens = true;            // false: external bots join free seats without a token
};

struct GameResult {
    bool finished = false;
    int winner = -1;                    // the first of `winners`
    std::vector<int> winners;           // seats (several on a shared win)
    std::vector<int> scores;            // per seat, in the game's own unit
    int actions = 0;                    // patches seen by the spectator (one per applied action)
    std::string room;
    std::string error;                  // why it did not finish
    int resumes = 0;                    // the spectator's connection resumed on another node
    std::vector<int> external_status;   // per seat: exit status of its program (-1: not external)
};

GameResult play_game(const GameSpec& spec);

}  // namespace hexhall::arena
