// An action's shape, checked before a game's rules see it, with the envelope's error codes
// (docs/protocol.md "Errors": missing_field, bad_type, out_of_range, unknown_field, unknown_type), so
// that every game refuses malformed input the same way: no rule, a stable code.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "core/game_rules.hpp"

namespace hexhall::core {

// A refusal of malformed input (no rule).
inline Rejection malformed(std::string code, std::string message) { return Rejection{"", std::move(message), std::move(code)}; }

// The action is an object with a string "type" (missing_field / bad_type otherwise).
std::optional<Rejection> check_action_type(const nlohmann::json& action);

// An action type the game does not have: unknown_type, naming the ones it has.
Rejection unknown_action_type(const std::string& type, const std::string& known);

struct IntMember {
    const char* key;
    int64_t lo, hi;
};
// The action has exactly "type" and the integer `members`, each within its range; their values go
// to `values` in the same order.
std::optional<Rejection> check_int_members(const nlohmann::json& action, std::initializer_list<IntMember> members,
                                           std::vector<int64_t>& values);

}  // namespace hexhall::core
