// Game records: the options, the seed and every applied action (players' and referee's).
// Together they determine the whole game, so a record replays to the identical state.
// Text format: docs/record-format.md. Pure: text in and out as std::string, no I/O.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/catan/engine/action.hpp"
#include "games/catan/engine/options.hpp"
#include "games/catan/engine/state.hpp"

namespace hexhall::catan {

struct GameRecord {
    GameOptions options;
    uint64_t seed = 0;
    std::vector<Action> actions;
};

// The record as text (one header line per option, then one line per action).
std::string to_text(const GameRecord& record);
// Parses text written by to_text (or by hand, see docs/record-format.md). On failure returns
// false and, if `error` is given, a message naming the line.
bool from_text(const std::string& text, GameRecord& out, std::string* error = nullptr);

// Starts the game and applies every action in order; each must be accepted. On failure returns
// false with a message naming the action's index and the rule that rejected it.
bool replay(const GameRecord& record, GameState& out, std::string* error = nullptr);

// The ActionType with this action_name(), e.g. "buildRoad".
bool parse_action_type(std::string_view name, ActionType& out);
// One action as a record line without the line break, e.g. "buildRoad seat=2 loc=17".
std::string action_to_text(const Action& a);
// Parses one action line as written by action_to_text.
bool action_from_text(std::string_view line, Action& out, std::string* error = nullptr);

}  // namespace hexhall::catan
