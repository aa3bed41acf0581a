// Ratings, players' game histories and leaderboards on the server (issue 29; docs/decisions/019-ratings.md
// for the model, 020-accounts.md and 029-ratings-in-the-store.md for what is stored). A finished game
// is recorded in the history of every account that played it; a rated one also rates them
// (tournament/rating.*: Weng-Lin Bradley-Terry, one rating per account, game and ruleset family).
// The store is the truth (rows shared by every node: a game rated on one node is on every node's
// pages and leaderboards); a rating is written by compare-and-set on its version, so two nodes
// rating one player at once never lose a game. Everything but cached_rating reads or writes the
// store: call it off the I/O threads. Thread-safe.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_rules.hpp"
#include "server/store.hpp"
#include "tournament/rating.hpp"

namespace hexhall::server {

// Document kinds of older servers' ratings and histories (RatingBook::load moves them into rows).
inline constexpr const char* kRatingKind = "rating";
inline constexpr const char* kGamesKind = "games";

struct PlayedSeat {
    std::string account;  // "" : no account (a bot, a guest, an external program)
    std::string session;  // humans: the seat's session (the hub finds its account when `account` is "")
    std::string name;
    std::string kind;  // human | bot | external
    bool abandoned = false;  // the player had left: a stand-in bot finished the game
};

struct PlayedGame {
    std::string room, game, family;
    bool rated = false;
    bool is_private = false;  // private or password rooms: no replay link on public pages
    std::string club;         // a club's room: its id (docs/decisions/028-clubs.md)
    std::string owner;        // a managed room's owner (a tournament's table: "tournament:<id>"), else ""
    int64_t finished_ms = 0;
    std::vector<PlayedSeat> seats;
    core::Outcome outcome;
};

struct RatingSettings {
    int min_games = 5;          // on a leaderboard from this many rated games (--leaderboard-min-games)
    int season_months = 3;      // seasons: quarters (decision 019)
    double season_widen = 25.0 / 6.0;  // sigma widening at a season's start (one beta)
};

// The ruleset family of a game's normal-form options: its "ruleset" when it has one, else "standard".
std::string ruleset_family(const nlohmann::json& options);

class RatingBook {
public:
    // `store` null (or one without rating rows): nothing is kept.
    explicit RatingBook(Store* store = nullptr, RatingSettings settings = {}) : store_(store), settings_(settings) {}
    // Moves ratings and histories an older server kept as documents (kinds "rating", "games") into the
    // rows, once (Hub::restore).
    void load();
    // Records `g` in each account's history (and a guest's, for a later claim); rates the accounts
    // when it is rated. Recording a game twice changes nothing. Throws std::runtime_error when the
    // store cannot be written (the caller tries again later).
    void record(const PlayedGame& g);
    // An account's rating in a game family, as the store has it (the current season's).
    std::optional<rating::Rating> rating_of(const std::string& account, const std::string& game,
                                            const std::string& family) const;
    // The same as last read or written on this node, without touching the store (for the I/O threads:
    // a rated seat's rating shown next to its name, Play now's skill). warm() reads an account's.
    std::optional<rating::Rating> cached_rating(const std::string& account, const std::string& game,
                                                const std::string& family) const;
    void warm(const std::string& account);
    // GET /players/<name>: games, win rate, ratings with their history (docs/protocol.md).
    nlohmann::json profile(const std::string& account, const std::string& name,
                           const std::function<std::string(const std::string&)>& name_of) const;
    // GET /leaderboard: by ordinal, at least min_games games; `season` "" : the current one. `name_of`
    // "" : leave the account out (deleted).
    nlohmann::json leaderboard(const std::string& game, const std::string& family, const std::string& season,
                               int64_t now_ms, const std::function<std::string(const std::string&)>& name_of) const;
    const RatingSettings& settings() const { return settings_; }
    // A guest session's finished games become the account's (register or log in from a guest session):
    // moved into its history (no game twice), the guest's seat naming the account. How many were moved.
    size_t claim_guest(const std::string& session, const std::string& account);
    // Guest sessions that expired: their histories go (Hub::sweep).
    void forget_guests(const std::vector<std::string>& sessions);
    // The (room, seat) of every game in an account's history (deleteAccount anonymises them).
    std::vector<std::pair<std::string, int>> seats_of(const std::string& account) const;
    static constexpr size_t kMaxHistory = 500;  // games shown per account, rating points per family
    // How many times record() read the ratings again because another writer changed one meanwhile.
    uint64_t retries() const { return retries_.load(); }

private:
    // A guest's history: an owner no account id is (ids are hex).
    static std::string guest_key(const std::string& session) { return "guest:" + session; }
    static std::string key(const std::string& account, const std::string& game, const std::string& family) {
        return account + ":" + game + ":" + family;
    }
    bool stored() const { return store_ && store_->has_ratings(); }
    void remember(const std::string& account, const std::string& game, const std::string& family,
                  const rating::Rating& r) const;
    Store* store_;
    RatingSettings settings_;
    mutable std::mutex mu_;  // the cache only: never held during a store call
    mutable std::map<std::string, rating::Rating> cache_;  // key(account, game, family)
    std::atomic<uint64_t> retries_{0};
};

}  // namespace hexhall::server
