// A tournament as JSON, for storage (so it survives a restart) and for the public API.
//
// Reading is strict: every object may hold only its known keys (an unknown key is refused, naming
// its path), types must match, seeds are decimal strings (64-bit values do not fit a JavaScript
// number), and the result must pass validate(). Missing optional members take their defaults.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "tournament/model.hpp"

namespace hexhall::tournament {

enum class JsonView {
    Stored,  // everything, secrets included: for the server's store only
    Public,  // without the secret seed and the per-table game seeds (HK-3.1: dice stay secret)
};

nlohmann::json to_json(const Tournament& t, JsonView view = JsonView::Stored);

// Reads a stored tournament; on failure returns nullopt and sets `error` (path and reason).
std::optional<Tournament> tournament_from_json(const nlohmann::json& j, std::string& error);

}  // namespace hexhall::tournament
