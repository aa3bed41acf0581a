#include "server/password.hpp"

#include <algorithm>
#include <stdexcept>

#include <sodium.h>

#include "server/session.hpp"

namespace hexhall::server {

namespace {
// OWASP's Argon2id minimum (t=2, m=19 MiB, p=1): ~20 ms here; a wrong guess costs the same.
constexpr unsigned long long kOps = 2;
constexpr size_t kMem = 19u << 20;

void init_sodium() {
    static const int ok = sodium_init();
    if (ok < 0) throw std::runtime_error("libsodium cannot be initialised");
}
}  // namespace

std::string hash_password(const std::string& password) {
    init_sodium();
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), kOps, kMem) != 0)
        throw std::runtime_error("password hashing: out of memory");
    return out;
}

bool verify_password(const std::string& stored, const std::string& given, bool& rehash) {
    init_sodium();
    rehash = false;
    if (stored.rfind("$argon2", 0) == 0) {
        if (crypto_pwhash_str_verify(stored.c_str(), given.data(), given.size()) != 0) return false;
        rehash = crypto_pwhash_str_needs_rehash(stored.c_str(), kOps, kMem) != 0;
        return true;
    }
    // An older database: an unsalted SHA-256 hex digest.
    const std::string digest = token_hash(given);
    if (digest.size() != stored.size() || sodium_memcmp(digest.data(), stored.data(), digest.size()) != 0) return false;
    rehash = true;
    return true;
}

PasswordThrottle::Clock::time_point PasswordThrottle::free_at(const Keys& keys, const std::string& key,
                                                             Clock::time_point now) {
    auto it = keys.find(key);
    if (it == keys.end() || now - it->second.last >= kForget) return {};
    return it->second.locked_until;
}

void PasswordThrottle::charge(Keys& keys, const std::string& key, int free, Clock::time_point now) {
    if (keys.size() >= kMaxKeys && !keys.count(key)) {
        // Bounded: the key quiet for longest goes (a locked-out key is the most recent, so it stays).
        auto oldest = std::min_element(keys.begin(), keys.end(),
                                       [](auto& a, auto& b) { return a.second.last < b.second.last; });
        keys.erase(oldest);
    }
    Entry& e = keys[key];
    if (now - e.last >= kForget) e = Entry{};
    e.last = now;
    if (++e.guesses >= free) {  // the free tries used up: each guess from now on locks, doubling
        const int doublings = std::min(e.guesses - free, 16);
        e.locked_until = now + std::min<Clock::duration>(std::chrono::seconds(1) * (1 << doublings), kMaxLock);
    }
}

void PasswordThrottle::refund(Keys& keys, const std::string& key) {
    auto it = keys.find(key);
    if (it == keys.end()) return;
    if (--it->second.guesses <= 0) keys.erase(it);
    // A lock-out already running stays: the guesser made the guess while it was charged.
}

bool PasswordThrottle::try_guess(const std::string& address, const std::string& session, Clock::time_point now,
                                 Clock::duration* wait) {
    std::lock_guard lock(mu_);
    const Clock::time_point until = std::max(free_at(by_address_, address, now), free_at(by_session_, session, now));
    if (now < until) {
        if (wait) *wait = until - now;
        return false;
    }
    charge(by_address_, address, kFreeTriesPerAddress, now);
    charge(by_session_, session, kFreeTries, now);
    return true;
}

void PasswordThrottle::refund(const std::string& address, const std::string& session) {
    std::lock_guard lock(mu_);
    refund(by_address_, address);
    refund(by_session_, session);
}

bool PasswordThrottle::allowed(const std::string& address, const std::string& session, Clock::time_point now) const {
    std::lock_guard lock(mu_);
    return now >= std::max(free_at(by_address_, address, now), free_at(by_session_, session, now));
}

}  // namespace hexhall::server
