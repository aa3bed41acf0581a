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

bool PasswordThrottle::allowed(const std::string& address, Clock::time_point now) const {
    if (window_failures_ >= kRoomPerMinute && now - window_start_ < std::chrono::minutes(1)) return false;
    auto it = by_address_.find(address);
    return it == by_address_.end() || now >= it->second.locked_until;
}

void PasswordThrottle::failed(const std::string& address, Clock::time_point now) {
    if (now - window_start_ >= std::chrono::minutes(1)) window_start_ = now, window_failures_ = 0;
    ++window_failures_;
    if (by_address_.size() > 10000) by_address_.clear();  // bounded
    Entry& e = by_address_[address];
    if (++e.failures >= kFreeTries) {
        const int doublings = std::min(e.failures - kFreeTries, 8);  // 1 s … 256 s
        e.locked_until = now + std::chrono::seconds(1) * (1 << doublings);
    }
}

void PasswordThrottle::succeeded(const std::string& address) { by_address_.erase(address); }

}  // namespace hexhall::server
