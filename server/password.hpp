// Room passwords (docs/decisions/007-password-hashing.md): stored as libsodium Argon2id strings
// (salted, memory-hard); SHA-256 hex digests from older databases are still verified and replaced
// by an Argon2id hash on the first success. Failures are throttled per room and address.
#pragma once
#include <chrono>
#include <map>
#include <string>

namespace hexhall::server {

// An Argon2id string ("$argon2id$v=19$m=…") for `password`.
std::string hash_password(const std::string& password);

// Whether `given` matches `stored` (Argon2id string, or a legacy SHA-256 hex digest).
// `rehash`: set when `stored` should be replaced by hash_password(given) (legacy or weaker).
bool verify_password(const std::string& stored, const std::string& given, bool& rehash);

// Back-off after wrong passwords (one room): an address that failed kFreeTries times waits,
// doubling from 1 s to 5 min; the room as a whole allows at most kRoomPerMinute failures a minute.
class PasswordThrottle {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr int kFreeTries = 5;
    static constexpr int kRoomPerMinute = 60;
    // Whether `address` may try now.
    bool allowed(const std::string& address, Clock::time_point now) const;
    void failed(const std::string& address, Clock::time_point now);
    void succeeded(const std::string& address);

private:
    struct Entry {
        int failures = 0;
        Clock::time_point locked_until{};
    };
    std::map<std::string, Entry> by_address_;
    Clock::time_point window_start_{};
    int window_failures_ = 0;
};

}  // namespace hexhall::server
