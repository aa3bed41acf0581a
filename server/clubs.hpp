// Clubs and their ladders (issue 29; docs/decisions/028-clubs.md). A club is a named group of
// accounts: an owner who founded it and members who joined by its invite code; the owner makes a
// new code (the old one stops working) and removes members, a member leaves. Its ladder is a
// rating book of its own per game and ruleset family (Weng-Lin, as tournament/rating.*), fed by
// the games of the club's rooms and the rated games in which two or more of its members played,
// rating only its members among themselves. Clubs and members are rows of the store (both
// backends), ladders documents (kind "clubLadder"). Thread-safe; memory only except where it says.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/ratings.hpp"
#include "server/store.hpp"

namespace hexhall::server {

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

class ClubBook {
public:
    explicit ClubBook(Store* store = nullptr, ClubLimits limits = {}) : store_(store), limits_(limits) {}
    void load();  // Hub::restore

    // A name being founded on this node (held while the store decides). False: held, known taken,
    // or `owner` founded as many clubs as it may (then `why` says which).
    bool reserve(const std::string& key, const std::string& owner, ClubRefusal& why);
    void release(const std::string& key);
    // The club for a reserved key, with `owner` its first member. Waits for the database (off the
    // I/O threads): Taken when another club (made on any node) has the key.
    AccountWrite create(const std::string& name, const std::string& key, const std::string& owner, int64_t now_ms,
                        Club& out);

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
    Store* store_;
    ClubLimits limits_;
    mutable std::mutex mu_;
    std::map<std::string, Club> by_id_;
    std::map<std::string, std::string> by_key_, by_invite_;  // -> id
    std::set<std::string> reserved_;
    size_t owned_by(const std::string& account) const;  // under mu_ (reserved ones not counted)
};

// One rating book per club, game and ruleset family.
class ClubLadders {
public:
    explicit ClubLadders(Store* store = nullptr, int min_games = 5) : store_(store), min_games_(min_games) {}
    void load();  // Hub::restore
    // Rates `g` on `club`'s ladder: the seats whose account is in `members` are rated among
    // themselves by their places (everyone else's place still counts for the order, as bots' do on
    // leaderboards). Fewer than two members seated: nothing changes.
    void record(const std::string& club, const std::set<std::string>& members, const PlayedGame& g);
    // The club's ladders: [{"game","ruleset","minGames","rows":[{rank,name,mu,sigma,ordinal,games}]}],
    // members only (`name_of` "" : not listed), those with at least min_games games ranked.
    nlohmann::json ladders(const std::string& club, const std::function<std::string(const std::string&)>& name_of) const;
    std::optional<std::pair<rating::Rating, int>> entry(const std::string& club, const std::string& game,
                                                        const std::string& family, const std::string& account) const;

private:
    struct Entry {
        rating::Rating rating;
        int games = 0;
    };
    static std::string key(const std::string& club, const std::string& game, const std::string& family) {
        return club + ":" + game + ":" + family;
    }
    Store* store_;
    int min_games_;
    mutable std::mutex mu_;
    std::map<std::string, std::map<std::string, Entry>> books_;  // key -> account -> entry
};

}  // namespace hexhall::server
