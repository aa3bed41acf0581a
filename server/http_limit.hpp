// Requests per second per peer address for the heavy HTTP endpoints (/standings, /games/<room>/…):
// a token bucket per address; beyond it the request gets 429 with Retry-After (issue 12 finding 9).
//
// ApiRateLimit: the endpoints other parts of the server add (the tournaments API, /tournaments):
// a budget per bearer token first (each entrant, referee and organiser has their own), a budget
// per address for requests without a token, and a much larger safety net per address, sized so
// that a club of 100 players behind one address can run a tournament (issue 26; the limits are
// documented in docs/tournaments.md, "Limits").
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
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

// Requests per second and bursts; a rate of 0 is unlimited. These defaults are hexhall-server's.
struct ApiLimits {
    double per_token = 5, token_burst = 20;            // requests with "Authorization: Bearer <token>"
    double anonymous = 20, anonymous_burst = 300;      // requests without a token, per address
    double per_address = 200, address_burst = 400;     // every request, per address (the safety net)
    static ApiLimits unlimited() { return {0, 1, 0, 1, 0, 1}; }
};

class ApiRateLimit {
public:
    using Clock = HttpRateLimit::Clock;
    enum class Verdict { Allowed, Token, Anonymous, Address };
    void configure(const ApiLimits& limits);
    // `token`: the bearer token ("" when none). Takes one request from the caller's own budget,
    // then from its address's; a refusal names the budget that ran out.
    Verdict allow(const std::string& address, std::string_view token, Clock::time_point now);

private:
    HttpRateLimit token_, anonymous_, address_;
};

// The bearer token of an Authorization header value ("" when it is not "Bearer <token>").
std::string_view bearer_token(std::string_view authorization);

}  // namespace hexhall::server
