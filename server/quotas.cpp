#include "server/quotas.hpp"

namespace hexhall::server {

void Quota::set_limit(size_t limit) {
    std::lock_guard lock(mu_);
    limit_ = limit;
}

size_t Quota::limit() const {
    std::lock_guard lock(mu_);
    return limit_;
}

bool Quota::take(const std::string& key) {
    std::lock_guard lock(mu_);
    size_t& n = held_[key];
    if (limit_ > 0 && n >= limit_) {
        if (n == 0) held_.erase(key);
        return false;
    }
    ++n;
    return true;
}

void Quota::give_back(const std::string& key) {
    std::lock_guard lock(mu_);
    auto it = held_.find(key);
    if (it == held_.end()) return;
    if (--it->second == 0) held_.erase(it);
}

size_t Quota::count(const std::string& key) const {
    std::lock_guard lock(mu_);
    auto it = held_.find(key);
    return it == held_.end() ? 0 : it->second;
}

}  // namespace hexhall::server
