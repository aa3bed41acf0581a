#include "server/http_limit.hpp"

#include <algorithm>

namespace hexhall::server {

void HttpRateLimit::configure(double per_second, double burst) {
    std::lock_guard lock(mu_);
    rate_ = per_second;
    burst_ = std::max(1.0, burst);
    buckets_.clear();
}

bool HttpRateLimit::allow(const std::string& address, Clock::time_point now) {
    std::lock_guard lock(mu_);
    if (rate_ <= 0) return true;
    if (buckets_.size() > 65536) buckets_.clear();  // bounded: a flood of addresses starts afresh
    auto [it, fresh] = buckets_.try_emplace(address);
    Bucket& b = it->second;
    if (fresh) b = {burst_, now};
    const double elapsed = std::chrono::duration<double>(now - b.refilled).count();
    b.tokens = std::min(burst_, b.tokens + elapsed * rate_);
    b.refilled = now;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
}

}  // namespace hexhall::server
