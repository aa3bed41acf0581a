#include "server/log_limit.hpp"

#include <map>
#include <utility>
#include <mutex>
#include <string>

#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"

namespace hexhall::server {

bool log_allowed(std::string_view key, std::chrono::milliseconds interval) {
    struct Entry {
        std::chrono::steady_clock::time_point last{};
        uint64_t suppressed = 0;
    };
    static std::mutex mu;
    static std::map<std::string, Entry, std::less<>> entries;
    const auto now = std::chrono::steady_clock::now();
    uint64_t left_out = 0;
    {
        std::lock_guard lock(mu);
        auto it = entries.find(key);
        if (it == entries.end()) {
            if (entries.size() > 1000) entries.clear();  // keys are few and fixed; never grows without bound
            it = entries.emplace(std::string(key), Entry{}).first;
        } else if (now - it->second.last < interval) {
            ++it->second.suppressed;
            metrics::log_suppressed(1);
            return false;
        }
        it->second.last = now;
        left_out = std::exchange(it->second.suppressed, 0);
    }
    if (left_out > 0) spdlog::warn("{}: {} similar log lines left out", key, left_out);
    return true;
}

}  // namespace hexhall::server
