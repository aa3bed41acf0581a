// Requests per second per peer address for the heavy HTTP endpoints (/standings, /games/<room>/…):
// a token bucket per address; beyond it the request gets 429 with Retry-After (issue 12 finding 9).
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hexhall::server {

class HttpRateLimit {
public:
    using Clock = std::chrono::steady_clock;
    // rate 0: unlimited.
    void configure(double per_second, double burst);
    // Takes one token for `address`; false when its bucket is empty.
    bool allow(const std::string& address, Clock::time_point now);

private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point refilled{};
    };
    std::mutex mu_;
    double rate_ = 0, burst_ = 0;
    std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace hexhall::server
