// Quotas (docs/operations.md, "Limits and quotas"): what one session or one address may hold of
// the server's shared capacity — sockets per address, rooms per session, per address and per
// tournament organiser, bot games per session, per address and per organiser. A Quota counts per
// key against one limit; the BotGameLedger holds the bot games (docs/decisions/012-bot-game-accounting.md).
#pragma once
#include <atomic>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hexhall::server {

class Quota {
public:
    explicit Quota(size_t limit = 0) : limit_(limit) {}  // 0: unlimited
    void set_limit(size_t limit);
    size_t limit() const;
    // Takes one unit for `key`; false (and nothing taken) when `key` holds `limit` already.
    bool take(const std::string& key);
    void give_back(const std::string& key);
    size_t count(const std::string& key) const;

private:
    mutable std::mutex mu_;
    size_t limit_;
    std::unordered_map<std::string, size_t> held_;
};

// Whom a room's use of the shared capacity is charged to: the session and address that created
// it, or for a tournament's table its organiser (and the address the tournament was created from).
// An empty key is not counted.
struct Principal {
    std::string session, address, organiser;
};

// The one count of bot games: a room holds one unit of each of its principal's keys while its game
// is a bot game (no person seated and connected; Room decides). Thread-safe.
class BotGameLedger {
public:
    BotGameLedger(size_t per_session, size_t per_address, size_t per_organiser);
    enum class Refused { No, Session, Address, Organiser };
    // Holds a bot game for `room` (nothing when it holds one already); else what refused it.
    Refused take(const std::string& room, const Principal& who);
    void give_back(const std::string& room);  // nothing when `room` holds none
    bool holds(const std::string& room) const;
    size_t limit(Refused which) const;
    // Bot games held now by a session / an address / an organiser.
    size_t by_session(const std::string& key) const { return session_.count(key); }
    size_t by_address(const std::string& key) const { return address_.count(key); }
    size_t by_organiser(const std::string& key) const { return organiser_.count(key); }
private:
    mutable std::mutex mu_;
    Quota session_, address_, organiser_;
    std::map<std::string, Principal> held_;  // by room id
};

// "a bot game" / "a room" limit message for the client: "at most N … per session".
const char* refused_by(BotGameLedger::Refused r);

}  // namespace hexhall::server
