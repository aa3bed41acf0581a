// Checks a finished game's record (GET /games/<room>/record, docs/fairness.md): the seed
// commitment, then a replay of every action with the engine. Used by tools/hexhall-verify.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/state.hpp"

namespace hexhall::server {

struct RecordCheck {
    bool ok = false;
    std::vector<std::string> checked;  // one line per check passed, in order
    std::string error;                 // the first check that failed
    catan::GameState final_state{};    // after the replay (when the replay got that far)
    size_t actions = 0;                // actions replayed
};

// Never throws.
RecordCheck check_record(const nlohmann::json& record);

}  // namespace hexhall::server
