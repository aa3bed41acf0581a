// Log set-up for hexhall-server: level and format (text, or one JSON object per line).
#pragma once
#include <string>
#include <string_view>

namespace hexhall::server {

// level: trace|debug|info|warn|error|off; format: text|json. Applies to spdlog's default logger.
void setup_logging(const std::string& level, const std::string& format);

// `s` as the inside of a JSON string (quotes, backslashes and control characters escaped).
std::string json_escape(std::string_view s);

}  // namespace hexhall::server
