#include "server/session.hpp"

#include <random>

#include "protocol/messages.hpp"

namespace hexhall::server {

std::string new_session_token() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    std::string out;
    out.reserve(64);
    for (int i = 0; i < 8; ++i) {  // 8 x 32 bits = 32 bytes
        uint32_t w = rd();
        for (int b = 0; b < 4; ++b, w >>= 8) {
            out += kHex[(w >> 4) & 0xF];
            out += kHex[w & 0xF];
        }
    }
    return out;
}

std::string new_invite_code() {
    static constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::random_device rd;
    std::string out;
    for (int i = 0; i < 22; ++i) out += kB64[rd() & 63];  // 22 x 6 = 132 random bits
    return out;
}

std::string new_row_id() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    std::string id;
    for (int word = 0; word < 2; ++word)
        for (uint32_t w = rd(), i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
    return id;
}

std::string token_hash(const std::string& token) { return protocol::sha256_hex(token); }

bool valid_token(const std::string& token) {
    if (token.size() != 64) return false;
    for (char c : token)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::optional<SessionRecord> SessionStore::find(const std::string& hash) const {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(hash);
    if (it == sessions_.end()) return std::nullopt;
    return it->second;
}

void SessionStore::put(const std::string& hash, SessionRecord r) {
    std::lock_guard lock(mu_);
    sessions_[hash] = std::move(r);
}

void SessionStore::set_room(const std::string& hash, const std::string& room, int64_t now_ms) {
    std::lock_guard lock(mu_);
    auto it = sessions_.find(hash);
    if (it != sessions_.end()) it->second.room = room, it->second.seen_ms = now_ms;
}

std::vector<std::string> SessionStore::expire(int64_t before_ms,
                                              const std::function<bool(const std::string&, const SessionRecord&)>& keep) {
    std::lock_guard lock(mu_);
    std::vector<std::string> gone;
    for (auto it = sessions_.begin(); it != sessions_.end();) {
        if (it->second.seen_ms < before_ms && !keep(it->first, it->second)) {
            gone.push_back(it->first);
            it = sessions_.erase(it);
        } else {
            ++it;
        }
    }
    return gone;
}

size_t SessionStore::size() const {
    std::lock_guard lock(mu_);
    return sessions_.size();
}

}  // namespace hexhall::server
