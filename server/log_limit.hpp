// Rate limit for log lines that can repeat quickly (accept failures, handler faults, store
// faults): one line per key per interval; the lines left out are counted (metrics) and their number
// is logged with the next line allowed.
#pragma once
#include <chrono>
#include <string_view>

namespace hexhall::server {

// Whether a line for `key` may be written now (thread-safe). At most one per `interval` per key.
bool log_allowed(std::string_view key, std::chrono::milliseconds interval = std::chrono::milliseconds(1000));

}  // namespace hexhall::server
