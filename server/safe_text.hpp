// Text that came from a client, on its way out (docs/operations.md, "Untrusted text"): every JSON
// reply is serialized so that invalid UTF-8 never throws (it becomes U+FFFD), and text written to
// a log has its control characters escaped so that a name cannot forge log lines.
#pragma once
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace hexhall::server {

// j.dump(), with invalid UTF-8 in strings replaced by U+FFFD instead of throwing.
std::string safe_dump(const nlohmann::json& j);

// For logs: control characters as \n, \r, \t or \xNN, invalid UTF-8 bytes as \xNN, and at most
// `max_bytes` bytes of `s` (then "…").
std::string printable(std::string_view s, size_t max_bytes = 200);

// Whether `s` is valid UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool valid_utf8(std::string_view s);

}  // namespace hexhall::server
