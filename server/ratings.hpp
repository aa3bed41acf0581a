// Ratings, players' game histories and leaderboards on the server (issue 29; docs/decisions/019-ratings.md
// for the model, 020-accounts.md for what is stored). A finished game is recorded in the history of
// every account that played it; a rated one also rates them (tournament/rating.*: Weng-Lin
// Bradley-Terry, one rating per account, game and ruleset family). Kept in memory and written
// through to the store as documents (kinds "rating" and "games"); loaded by Hub::restore.
// Thread-safe.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_rules.hpp"
#include "tournament/rating.hpp"

namespace hexhall::server {

class Store;

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
    explicit RatingBook(Store* store = nullptr, RatingSettings settings = {}) : store_(store), settings_(settings) {}
    void load();
    // Records `g` in each account's history; rates the accounts when it is rated.
    void record(const PlayedGame& g);
    // An account's rating in a game family, if it has one (the current season's).
    std::optional<rating::Rating> rating_of(const std::string& account, const std::string& game,
                                            const std::string& family) const;
    // GET /players/<name>: games, win rate, ratings with their history (docs/protocol.md).
    nlohmann::json profile(const std::string& account, const std::string& name,
                           const std::function<std::string(const std::string&)>& name_of) const;
    // GET /leaderboard: by ordinal, at least min_games games; `season` "" : the current one. `name_of`
    // "" : leave the account out (deleted).
    nlohmann::json leaderboard(const std::string& game, const std::string& family, const std::string& season,
                               int64_t now_ms, const std::function<std::string(const std::string&)>& name_of) const;
    const RatingSettings& settings() const { return settings_; }
    // A guest session's finished games become the account's (register or log in from a guest session):
    // moved into its history (in time order, no game twice), the guest's seat naming the account.
    // How many were moved. Reads the store (call it off the I/O threads).
    size_t claim_guest(const std::string& session, const std::string& account);
    // Guest sessions that expired: their histories go (Hub::sweep).
    void forget_guests(const std::vector<std::string>& sessions);
    // The (room, seat) of every game in an account's history (deleteAccount anonymises them).
    std::vector<std::pair<std::string, int>> seats_of(const std::string& account) const;
    static constexpr size_t kMaxHistory = 500;  // games kept per account, rating points per family

private:
    struct Point {
        std::string room;
        int64_t time = 0;
        rating::Rating rating;
    };
    struct Entry {  // one account in one game family
        std::string season;  // the season of the last game
        rating::Rating rating;
        int games = 0;  // in that season
        std::vector<Point> history;
        std::map<std::string, std::pair<rating::Rating, int>> past;  // earlier seasons: final rating, games
    };
    // A guest's history: a key no account id has (ids are hex).
    static std::string guest_key(const std::string& session) { return "guest:" + session; }
    static std::string key(const std::string& account, const std::string& game, const std::string& family) {
        return account + ":" + game + ":" + family;
    }
    void save_rating(const std::string& k, const Entry& e);  // under mu_
    void save_games(const std::string& account);             // under mu_
    Store* store_;
    RatingSettings settings_;
    mutable std::mutex mu_;
    std::map<std::string, Entry> ratings_;               // key(account, game, family)
    std::map<std::string, nlohmann::json> games_;        // account (or guest_key) -> its games (array, oldest first)
};

}  // namespace hexhall::server
