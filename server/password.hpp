// Room passwords (docs/decisions/007-password-hashing.md): stored as libsodium Argon2id strings
// (salted, memory-hard); SHA-256 hex digests from older databases are still verified and replaced
// by an Argon2id hash on the first success. Both are slow on purpose: they run on the fair work pool
// (server/work_pool.hpp), never on a room's strand or under a lock. Guessers are throttled per
// address and session (PasswordThrottle).
#pragma once
#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace hexhall::server {

// An Argon2id string ("$argon2id$v=19$m=…") for `password`.
std::string hash_password(const std::string& password);

// Whether `given` matches `stored` (Argon2id string, or a legacy SHA-256 hex digest).
// `rehash`: set when `stored` should be replaced by hash_password(given) (legacy or weaker).
bool verify_password(const std::string& stored, const std::string& given, bool& rehash);

// Back-off for password guessers (docs/decisions/011-fair-work-pool.md), shared by every room and
// thread-safe. A guess is charged before it is checked, to the guessing session and to its
// address; both must be free. A session has kFreeTries guesses, an address kFreeTriesPerAddress
// (a club shares one); beyond, each further guess locks that key out for a time doubling from 1 s
// up to kMaxLock. A right password refunds its own charge only: it never clears the record, so a
// guesser cannot reset its cost with the password of a room of its own. A key is forgotten after
// kForget without guesses. Nothing is counted per room: strangers' guesses never lock anyone else
// out of a room (issue 26).
class PasswordThrottle {
public:
    using Clock = std::chrono::steady_clock;
    static constexpr int kFreeTries = 5;
    static constexpr int kFreeTriesPerAddress = 20;
    static constexpr std::chrono::seconds kMaxLock{300};
    static constexpr std::chrono::minutes kForget{30};
    static constexpr size_t kMaxKeys = 20000;  // per kind; beyond, the longest-quiet key is forgotten

    // Charges one guess; false (nothing charged) while the session or the address is locked out,
    // with `wait` set to the time left.
    bool try_guess(const std::string& address, const std::string& session, Clock::time_point now,
                   Clock::duration* wait = nullptr);
    // The guess was right, or was never checked (the pool refused it): its charge is given back.
    void refund(const std::string& address, const std::string& session);
    // Whether a guess would be allowed now (no charge).
    bool allowed(const std::string& address, const std::string& session, Clock::time_point now) const;

private:
    struct Entry {
        int guesses = 0;
        Clock::time_point last{}, locked_until{};
    };
    using Keys = std::map<std::string, Entry>;
    static Clock::time_point free_at(const Keys& keys, const std::string& key, Clock::time_point now);
    static void charge(Keys& keys, const std::string& key, int free, Clock::time_point now);
    static void refund(Keys& keys, const std::string& key);
    mutable std::mutex mu_;
    Keys by_address_, by_session_;
};

}  // namespace hexhall::server
