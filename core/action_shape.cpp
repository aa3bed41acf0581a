#include "core/action_shape.hpp"

#include <algorithm>

namespace hexhall::core {

std::optional<Rejection> check_action_type(const nlohmann::json& action) {
    if (!action.is_object()) return malformed("bad_type", "an action is an object with a string \"type\"");
    auto it = action.find("type");
    if (it == action.end()) return malformed("missing_field", "missing field \"type\" in the action");
    if (!it->is_string()) return malformed("bad_type", "\"type\" must be a string");
    return std::nullopt;
}

Rejection unknown_action_type(const std::string& type, const std::string& known) {
    return malformed("unknown_type", "unknown action type \"" + type + "\" (" + known + ")");
}

std::optional<Rejection> check_int_members(const nlohmann::json& action, std::initializer_list<IntMember> members,
                                           std::vector<int64_t>& values) {
    const std::string type = action.at("type").get<std::string>();
    values.clear();
    for (const IntMember& m : members) {
        auto it = action.find(m.key);
        if (it == action.end()) return malformed("missing_field", type + " needs \"" + m.key + "\"");
        if (!it->is_number_integer()) return malformed("bad_type", "\"" + std::string(m.key) + "\" must be an integer");
        const int64_t v = it->get<int64_t>();
        if (v < m.lo || v > m.hi)
            return malformed("out_of_range", "\"" + std::string(m.key) + "\" must be from " + std::to_string(m.lo) +
                                                 " to " + std::to_string(m.hi));
        values.push_back(v);
    }
    for (auto it = action.begin(); it != action.end(); ++it) {
        if (it.key() == "type") continue;
        const bool known = std::any_of(members.begin(), members.end(), [&](const IntMember& m) { return it.key() == m.key; });
        if (!known) return malformed("unknown_field", "\"" + it.key() + "\" is not a member of a " + type + " action");
    }
    return std::nullopt;
}

}  // namespace hexhall::core
