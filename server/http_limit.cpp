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

void ApiRateLimit::configure(const ApiLimits& l) {
    token_.configure(l.per_token, l.token_burst);
    anonymous_.configure(l.anonymous, l.anonymous_burst);
    address_.configure(l.per_address, l.address_burst);
}

ApiRateLimit::Verdict ApiRateLimit::allow(const std::string& address, std::string_view token, Clock::time_point now) {
    if (!token.empty()) {
        // Tokens are 43 base64url characters; a longer value is cut (the bucket map stays small).
        if (!token_.allow(std::string(token.substr(0, 64)), now)) return Verdict::Token;
    } else if (!anonymous_.allow(address, now)) {
        return Verdict::Anonymous;
    }
    return address_.allow(address, now) ? Verdict::Allowed : Verdict::Address;
}

std::string_view bearer_token(std::string_view authorization) {
    constexpr std::string_view kPrefix = "Bearer ";
    return authorization.starts_with(kPrefix) ? authorization.substr(kPrefix.size()) : std::string_view();
}

}  // namespace hexhall::server
