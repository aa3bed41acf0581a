// Quotas (docs/operations.md, "Limits and quotas"): what one session or one address may hold of
// the server's shared capacity — sockets per address, rooms per session and per address, running
// bot-only rooms per session and per address. A Quota counts per key against one limit.
#pragma once
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hexhall::server {

class Quota {
public:
    explicit Quota(size_t limit = 0) : limit_(limit) {}  // 0: unlimited
    void set_limit(size_t limit);
    size_t limit() const;
    // Takes one unit for `key`; false (and nothing taken) when `key` holds `limit` already.
    bool take(const std::string& key);
    void give_back(const std::string& key);
    size_t count(const std::string& key) const;

private:
    mutable std::mutex mu_;
    size_t limit_;
    std::unordered_map<std::string, size_t> held_;
};

}  // namespace hexhall::server
