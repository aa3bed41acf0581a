// RFC 6902 patch between two JSON values: the same operations, in the same order, as nlohmann's
// json::diff, computed visiting each value once. (json::diff compares whole subtrees for equality at
// every level before descending into them, and builds the path of every member it visits: most of
// a generic view stream's cost per action, docs/performance.md "Rooms at human pace".)
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace hexhall::core {

nlohmann::json json_diff(const nlohmann::json& from, const nlohmann::json& to);

// json_diff(from, to) of two objects, its operations grouped by top-level member: each group's
// member, whether the member is new (json_diff writes those after all the others) and its
// operations written as text (make_text), comma-separated. Members without operations have no group.
struct MemberOps {
    std::string key;
    bool added = false;
    std::string ops;
};
std::vector<MemberOps> json_diff_members(const nlohmann::json& from, const nlohmann::json& to);
// The operations of two objects with no member in common, each diffed by json_diff_members, as
// json_diff of the two merged would write them: "[...]".
std::string merged_ops_text(const std::vector<MemberOps>& a, const std::vector<MemberOps>& b);

}  // namespace hexhall::core
