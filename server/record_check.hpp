// Checks a finished game's record (GET /games/<room>/record, docs/fairness.md): the seed
// commitment, then a replay of every action with the record's game module. Used by tools/hexhall-verify.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_module.hpp"

namespace hexhall::server {

struct RecordCheck {
    bool ok = false;
    std::vector<std::string> checked;  // one line per check passed, in order
    std::string error;                 // the first check that failed
    std::shared_ptr<core::Game> game;  // after the replay (when the replay got that far)
    size_t actions = 0;                // actions replayed
};

// Never throws. `games`: where the record's "game" is looked up.
RecordCheck check_record(const nlohmann::json& record, const core::GameRegistry& games = core::game_registry());

}  // namespace hexhall::server
