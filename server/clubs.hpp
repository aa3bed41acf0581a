// Clubs and their ladders (issue 29; docs/decisions/028-clubs.md). A club is a named group of
// accounts: an owner who founded it and members who joined by its invite code; the owner makes a
// new code (the old one stops working) and removes members, a member leaves. Its ladder is a
// rating book of its own per game and ruleset family (Weng-Lin, as tournament/rating.*), fed by
// the games of the club's rooms and the rated games in which two or more of its members played,
// rating only its members among themselves. Clubs, members and ladders are rows of the store (both
// backends), read through at every call, so every node on one database serves the same club at once
// (docs/decisions/033-clubs-across-nodes.md); a ladder is written by compare-and-set on each row's
// version. Everything here waits for the database: call it off the I/O threads. Thread-safe.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/ratings.hpp"
#include "server/store.hpp"

namespace hexhall::server {

// Older servers kept each ladder as a document of this kind (ClubLadders::load moves them into rows).
inline constexpr const char* kClubLadderKind = "clubLadder";

struct ClubLimits {
    size_t owned_per_account = 5;    // clubs one account may found
    size_t clubs_per_account = 50;   // clubs one account may belong to
    size_t members_per_club = 500;
};

struct Club {
    ClubRow row;
    std::map<std::string, int64_t> members;  // account id -> joined (unix ms); the owner is one
};

// Why a membership change was refused ("" : done); the lobby's error code.
struct ClubRefusal {
    std::string code, message;
    explicit operator bool() const { return !code.empty(); }
};

// Club refusals for a store that cannot be reached (the lobby's store_unavailable).
ClubRefusal club_store_unavailable();

class ClubBook {
public:
    // `store` null, or one without club rows: no clubs (every change refused as store_unavailable).
    explicit ClubBook(Store* store = nullptr, ClubLimits limits = {}) : store_(store), limits_(limits) {}

    // The club for `key` with `owner` its first member: name_taken when another club (made on any
    // node) has the key, quota_exceeded when `owner` founded as many clubs as it may.
    ClubRefusal create(const std::string& name, const std::string& key, const std::string& owner, int64_t now_ms,
                       Club& out);

    // Reads throw std::runtime_error when the store cannot be reached.
    std::optional<Club> by_id(const std::string& id) const;
    std::optional<Club> by_key(const std::string& key) const;
    std::optional<Club> by_invite(const std::string& invite) const;
    std::vector<Club> of_account(const std::string& account) const;  // by name key
    bool is_member(const std::string& club, const std::string& account) const;
    // The clubs having each of these accounts as a member: club id -> those members.
    std::map<std::string, std::set<std::string>> clubs_among(const std::vector<std::string>& accounts) const;

    ClubRefusal join(const std::string& invite, const std::string& account, int64_t now_ms, Club& out);
    ClubRefusal leave(const std::string& club, const std::string& account);
    ClubRefusal remove(const std::string& club, const std::string& owner, const std::string& member, Club& out);
    ClubRefusal new_invite(const std::string& club, const std::string& owner, Club& out);

private:
    bool stored() const { return store_ && store_->has_clubs(); }
    std::optional<Club> first(ClubBy by, const std::string& value) const;  // with its members
    Store* store_;
    ClubLimits limits_;
};

// One rating book per club, game and ruleset family.
class ClubLadders {
public:
    explicit ClubLadders(Store* store = nullptr, int min_games = 5) : store_(store), min_games_(min_games) {}
    // Moves ladders an older server kept as documents (kind "clubLadder") into rows, once (Hub::restore).
    void load();
    // Rates `g` on `club`'s ladder: the seats whose account is in `members` are rated among
    // themselves by their places (everyone else's place still counts for the order, as bots' do on
    // leaderboards). Fewer than two members seated: nothing changes. A game is rated once per club
    // (recording it again changes nothing); rows changed meanwhile by another node are read again and
    // the game rated again. Throws std::runtime_error when the store cannot be written.
    void record(const std::string& club, const std::set<std::string>& members, const PlayedGame& g);
    // The club's ladders: [{"game","ruleset","minGames","rows":[{rank,name,mu,sigma,ordinal,games}]}],
    // members only (`name_of` "" : not listed), those with at least min_games games ranked.
    nlohmann::json ladders(const std::string& club, const std::function<std::string(const std::string&)>& name_of) const;
    std::optional<std::pair<rating::Rating, int>> entry(const std::string& club, const std::string& game,
                                                        const std::string& family, const std::string& account) const;
    // How many times record() rated a game again because another writer changed a row meanwhile.
    uint64_t retries() const { return retries_.load(); }
    static constexpr int kMaxTries = 50;

private:
    bool stored() const { return store_ && store_->has_clubs(); }
    Store* store_;
    int min_games_;
    std::atomic<uint64_t> retries_{0};
};

}  // namespace hexhall::server
