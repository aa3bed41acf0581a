// RFC 6902 patch between two JSON values: the same operations, in the same order, as nlohmann's
// json::diff, computed visiting each value once. (json::diff compares whole subtrees for equality at
// every level before descending into them, and builds the path of every member it visits: most of
// a generic view stream's cost per action, docs/performance.md "Rooms at human pace".)
#pragma once
#include <nlohmann/json.hpp>

namespace hexhall::core {

nlohmann::json json_diff(const nlohmann::json& from, const nlohmann::json& to);

}  // namespace hexhall::core
