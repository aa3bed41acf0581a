#include "server/ratings.hpp"

#include <algorithm>

#include "server/store.hpp"
#include "tournament/leaderboard.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

json rating_json(const rating::Rating& r) {
    return {{"mu", r.mu}, {"sigma", r.sigma}, {"ordinal", rating::ordinal(r)}};
}

rating::Rating rating_from(const json& j) {
    rating::Rating r;
    r.mu = j.value("mu", r.mu);
    r.sigma = j.value("sigma", r.sigma);
    return r;
}

std::string season_of(int64_t ms, int months) { return rating::season_at(ms / 1000, months).id; }

}  // namespace

std::string ruleset_family(const json& options) {
    if (options.is_object())
        if (auto it = options.find("ruleset"); it != options.end() && it->is_string()) return it->get<std::string>();
    return "standard";
}

void RatingBook::load() {
    if (!store_) return;
    std::lock_guard lock(mu_);
    for (const StoredDocument& d : store_->load_documents(kRatingKind)) {
        const json j = json::parse(d.body, nullptr, false);
        if (!j.is_object()) continue;
        Entry e;
        e.season = j.value("season", "");
        e.rating = rating_from(j);
        e.games = j.value("games", 0);
        if (auto h = j.find("history"); h != j.end() && h->is_array())
            for (const json& p : *h) e.history.push_back({p.value("room", ""), p.value("time", int64_t{0}), rating_from(p)});
        if (auto past = j.find("past"); past != j.end() && past->is_object())
            for (auto& [season, v] : past->items()) e.past[season] = {rating_from(v), v.value("games", 0)};
        ratings_[d.id] = std::move(e);
    }
    for (const StoredDocument& d : store_->load_documents(kGamesKind)) {
        json j = json::parse(d.body, nullptr, false);
        if (j.is_array()) games_[d.id] = std::move(j);
    }
}

void RatingBook::save_rating(const std::string& k, const Entry& e) {
    if (!store_) return;
    json j = rating_json(e.rating);
    j["season"] = e.season;
    j["games"] = e.games;
    json h = json::array();
    for (const Point& p : e.history) {
        json point = rating_json(p.rating);
        point["room"] = p.room;
        point["time"] = p.time;
        h.push_back(std::move(point));
    }
    j["history"] = std::move(h);
    json past = json::object();
    for (auto& [season, v] : e.past) {
        past[season] = rating_json(v.first);
        past[season]["games"] = v.second;
    }
    j["past"] = std::move(past);
    store_->put_document(kRatingKind, k, j.dump(), e.history.empty() ? 0 : e.history.back().time);
}

void RatingBook::save_games(const std::string& account) {
    if (store_) store_->put_document(kGamesKind, account, games_[account].dump(), 0);
}

void RatingBook::record(const PlayedGame& g) {
    std::lock_guard lock(mu_);
    const size_t n = g.seats.size();
    auto won = [&](size_t i) {
        return std::find(g.outcome.winners.begin(), g.outcome.winners.end(), static_cast<int>(i)) != g.outcome.winners.end();
    };
    std::vector<rating::Finish> finishes(n);
    for (size_t i = 0; i < n; ++i) {
        finishes[i].winner = won(i);
        if (i < g.outcome.scores.size()) finishes[i].score = g.outcome.scores[i];
        finishes[i].abandoned = g.seats[i].abandoned;
    }
    const std::vector<int> places = rating::places_of(finishes);
    std::vector<std::optional<rating::Rating>> before(n), after(n);
    const auto people = std::count_if(g.seats.begin(), g.seats.end(), [](const PlayedSeat& s) { return !s.account.empty(); });
    if (g.rated && people >= 2) {  // with fewer than two people nobody is rated (decision 019)
        const std::string season = season_of(g.finished_ms, settings_.season_months);
        std::vector<rating::SeatResult> seats(n);
        for (size_t i = 0; i < n; ++i) {
            seats[i].finish = finishes[i];
            if (g.seats[i].account.empty()) continue;
            Entry& e = ratings_[key(g.seats[i].account, g.game, g.family)];
            if (e.season.empty()) {
                e.season = season;
            } else if (e.season != season) {  // a new season: the old one's final rating is kept
                e.past[e.season] = {e.rating, e.games};
                e.rating = rating::carried_into_season(e.rating, settings_.season_widen);
                e.games = 0;
                e.season = season;
            }
            seats[i].person = before[i] = e.rating;
        }
        after = rating::rate_seats(seats);
        for (size_t i = 0; i < n; ++i) {
            if (!after[i]) continue;
            const std::string k = key(g.seats[i].account, g.game, g.family);
            Entry& e = ratings_[k];
            e.rating = *after[i];
            ++e.games;
            e.history.push_back({g.room, g.finished_ms, e.rating});
            if (e.history.size() > kMaxHistory) e.history.erase(e.history.begin());
            save_rating(k, e);
        }
    }
    json players = json::array();
    for (size_t i = 0; i < n; ++i) {
        json p = {{"name", g.seats[i].name}, {"kind", g.seats[i].kind}, {"place", places[i] + 1}};
        if (!g.seats[i].account.empty()) p["account"] = g.seats[i].account;
        if (g.seats[i].abandoned) p["abandoned"] = true;
        players.push_back(std::move(p));
    }
    for (size_t i = 0; i < n; ++i) {
        // A guest's games are kept under its session, for the account it may claim them with.
        const PlayedSeat& seat = g.seats[i];
        const std::string account = !seat.account.empty() ? seat.account
                                    : seat.kind == "human" && !seat.session.empty() ? guest_key(seat.session)
                                                                                    : std::string();
        if (account.empty()) continue;
        json entry = {{"room", g.room},     {"game", g.game},     {"ruleset", g.family},
                      {"rated", g.rated && after[i].has_value()}, {"time", g.finished_ms},
                      {"seat", i},          {"players", players}, {"winners", g.outcome.winners},
                      {"scores", g.outcome.scores}, {"won", won(i)}, {"private", g.is_private}};
        if (before[i] && after[i]) entry["rating"] = {{"before", rating_json(*before[i])}, {"after", rating_json(*after[i])}};
        json& list = games_[account];
        if (!list.is_array()) list = json::array();
        list.push_back(std::move(entry));
        if (list.size() > kMaxHistory) list.erase(list.begin());
        save_games(account);
    }
}

size_t RatingBook::claim_guest(const std::string& session, const std::string& account) {
    const std::string from = guest_key(session);
    // The store's copy first (another node may have recorded the guest's games), outside the lock.
    json stored;
    if (store_)
        if (std::optional<StoredDocument> d = store_->load_document(kGamesKind, from))
            stored = json::parse(d->body, nullptr, false);
    std::lock_guard lock(mu_);
    json guest = json::array();
    if (auto it = games_.find(from); it != games_.end()) {
        if (it->second.is_array()) guest = std::move(it->second);
        games_.erase(it);
    }
    if (stored.is_array()) guest.insert(guest.end(), stored.begin(), stored.end());
    if (guest.empty()) return 0;
    json& list = games_[account];
    if (!list.is_array()) list = json::array();
    auto has = [&list](const json& g) {
        return std::any_of(list.begin(), list.end(), [&g](const json& h) {
            return h.value("room", "") == g.value("room", "") && h.value("seat", -1) == g.value("seat", -1);
        });
    };
    size_t claimed = 0;
    for (json& g : guest) {
        if (!g.is_object() || has(g)) continue;
        const size_t seat = g.value("seat", size_t{0});
        if (g.contains("players") && g["players"].is_array() && seat < g["players"].size())
            g["players"][seat]["account"] = account;
        list.push_back(std::move(g));
        ++claimed;
    }
    std::stable_sort(list.begin(), list.end(),
                     [](const json& a, const json& b) { return a.value("time", int64_t{0}) < b.value("time", int64_t{0}); });
    while (list.size() > kMaxHistory) list.erase(list.begin());
    save_games(account);
    if (store_) store_->delete_document(kGamesKind, from);
    return claimed;
}

void RatingBook::forget_guests(const std::vector<std::string>& sessions) {
    std::lock_guard lock(mu_);
    for (const std::string& session : sessions) {
        const std::string key = guest_key(session);
        if (games_.erase(key) && store_) store_->delete_document(kGamesKind, key);
    }
}

std::optional<rating::Rating> RatingBook::rating_of(const std::string& account, const std::string& game,
                                                    const std::string& family) const {
    std::lock_guard lock(mu_);
    auto it = ratings_.find(key(account, game, family));
    if (it == ratings_.end()) return std::nullopt;
    return it->second.rating;
}

std::vector<std::pair<std::string, int>> RatingBook::seats_of(const std::string& account) const {
    std::lock_guard lock(mu_);
    std::vector<std::pair<std::string, int>> out;
    if (auto it = games_.find(account); it != games_.end())
        for (const json& g : it->second) out.emplace_back(g.value("room", ""), g.value("seat", 0));
    return out;
}

json RatingBook::profile(const std::string& account, const std::string& name,
                         const std::function<std::string(const std::string&)>& name_of) const {
    std::lock_guard lock(mu_);
    json games = json::array();
    int wins = 0;
    if (auto it = games_.find(account); it != games_.end()) {
        for (auto g = it->second.rbegin(); g != it->second.rend(); ++g) {  // newest first
            json entry = *g;
            const int seat = entry.value("seat", 0);
            json opponents = json::array();
            for (size_t i = 0; i < entry["players"].size(); ++i) {
                json& p = entry["players"][i];
                if (p.contains("account")) p["name"] = name_of(p["account"].get<std::string>());
                p.erase("account");
                if (static_cast<int>(i) != seat) opponents.push_back(p);
            }
            entry["opponents"] = std::move(opponents);
            entry["place"] = entry["players"].at(seat).value("place", 0);
            entry.erase("players");
            if (!entry.value("private", false))
                entry["replay"] = "/games/" + entry.value("room", "") + "/replay";
            entry.erase("private");
            wins += entry.value("won", false) ? 1 : 0;
            games.push_back(std::move(entry));
        }
    }
    json ratings = json::array();
    const std::string prefix = account + ":";
    for (auto it = ratings_.lower_bound(prefix); it != ratings_.end() && it->first.starts_with(prefix); ++it) {
        const std::string rest = it->first.substr(prefix.size());
        const size_t colon = rest.find(':');
        json r = rating_json(it->second.rating);
        r["game"] = rest.substr(0, colon);
        r["ruleset"] = colon == std::string::npos ? "" : rest.substr(colon + 1);
        r["season"] = it->second.season;
        r["games"] = it->second.games;
        json h = json::array();
        for (const Point& p : it->second.history) {
            json point = rating_json(p.rating);
            point["room"] = p.room;
            point["time"] = p.time;
            h.push_back(std::move(point));
        }
        r["history"] = std::move(h);
        ratings.push_back(std::move(r));
    }
    const size_t played = games.size();
    return {{"name", name},
            {"played", played},
            {"wins", wins},
            {"winRate", played ? static_cast<double>(wins) / static_cast<double>(played) : 0.0},
            {"games", std::move(games)},
            {"ratings", std::move(ratings)}};
}

json RatingBook::leaderboard(const std::string& game, const std::string& family, const std::string& season_asked,
                             int64_t now_ms, const std::function<std::string(const std::string&)>& name_of) const {
    const std::string current = season_of(now_ms, settings_.season_months);
    const std::string season = season_asked.empty() ? current : season_asked;
    std::vector<rating::Standing> standings;
    {
        std::lock_guard lock(mu_);
        const std::string suffix = ":" + game + ":" + family;
        for (auto& [k, e] : ratings_) {
            if (!k.ends_with(suffix)) continue;
            const std::string account = k.substr(0, k.size() - suffix.size());
            if (e.season == season) standings.push_back({account, e.rating, e.games});
            else if (auto p = e.past.find(season); p != e.past.end())
                standings.push_back({account, p->second.first, p->second.second});
        }
    }
    for (rating::Standing& s : standings) s.player = name_of(s.player);  // names: off the lock
    std::erase_if(standings, [](const rating::Standing& s) { return s.player.empty(); });  // deleted accounts
    json rows = json::array();
    for (const rating::LeaderboardRow& r : rating::leaderboard(standings, settings_.min_games)) {
        json row = rating_json(r.rating);
        row["rank"] = r.rank;
        row["name"] = r.player;
        row["games"] = r.games;
        rows.push_back(std::move(row));
    }
    return {{"game", game}, {"ruleset", family}, {"season", season}, {"current", season == current},
            {"minGames", settings_.min_games}, {"rows", std::move(rows)}};
}

}  // namespace hexhall::server
