// Sessions: a client's identity across connections. Only a SHA-256 hash of each token is stored.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>
#include <optional>
#include <string>
#include <unordered_map>

namespace hexhall::server {

// 32 random bytes from std::random_device, as 64 lowercase hex digits.
std::string new_session_token();
// An invite code: 16 random bytes (128 bits) from std::random_device, base64url without padding
// (22 characters of A–Z a–z 0–9 - _).
std::string new_invite_code();
// A row's id (an account's, a club's): 8 random bytes from std::random_device, as 16 lowercase hex
// digits. The store's primary key refuses a repeat.
std::string new_row_id();
// Lowercase hex SHA-256 of the token (what the server stores).
std::string token_hash(const std::string& token);
// Whether `token` has the shape of a token (64 lowercase hex digits).
bool valid_token(const std::string& token);

struct SessionRecord {
    std::string name;
    std::string room;     // the room last joined ("" for none)
    int64_t seen_ms = 0;  // unix ms of its last hello or join
};

// Thread-safe map from token hash to session.
class SessionStore {
public:
    std::optional<SessionRecord> find(const std::string& hash) const;
    void put(const std::string& hash, SessionRecord r);
    void set_room(const std::string& hash, const std::string& room, int64_t now_ms);
    size_t size() const;
    // Removes and returns the sessions not seen since `before_ms` for which `keep` is false (a guest
    // whose room is gone: issue 12 finding 11).
    std::vector<std::string> expire(int64_t before_ms,
                                    const std::function<bool(const std::string& hash, const SessionRecord&)>& keep);

private:
    mutable std::mutex mu_;
    std::unordered_map<std::string, SessionRecord> sessions_;
};

}  // namespace hexhall::server
