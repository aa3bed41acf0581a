#include "server/ratings.hpp"

#include <algorithm>
#include <stdexcept>

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

namespace {

json past_json(const std::map<std::string, std::pair<rating::Rating, int>>& past) {
    json j = json::object();
    for (auto& [season, v] : past) {
        j[season] = rating_json(v.first);
        j[season]["games"] = v.second;
    }
    return j;
}

std::map<std::string, std::pair<rating::Rating, int>> past_from(const std::string& text) {
    std::map<std::string, std::pair<rating::Rating, int>> out;
    const json j = json::parse(text, nullptr, false);
    if (j.is_object())
        for (auto& [season, v] : j.items())
            if (v.is_object()) out[season] = {rating_from(v), v.value("games", 0)};
    return out;
}

rating::Rating rating_of_row(const RatingRow& row) {
    rating::Rating r;
    r.mu = row.mu;
    r.sigma = row.sigma;
    return r;
}

}  // namespace

void RatingBook::remember(const std::string& account, const std::string& game, const std::string& family,
                          const rating::Rating& r) const {
    std::lock_guard lock(mu_);
    cache_[key(account, game, family)] = r;
}

// Older servers kept each rating ("rating", id account:game:family, with its history and past seasons)
// and each history ("games", id account or guest:<session>) as a document: each becomes rows (a row
// already there is kept: another node moved it first), then the document goes.
void RatingBook::load() {
    if (!stored()) return;
    for (const StoredDocument& d : store_->load_documents(kRatingKind)) {
        const json j = json::parse(d.body, nullptr, false);
        const size_t a = d.id.find(':'), b = a == std::string::npos ? a : d.id.find(':', a + 1);
        if (j.is_object() && b != std::string::npos) {
            RatingRow row;
            row.account = d.id.substr(0, a);
            row.game = d.id.substr(a + 1, b - a - 1);
            row.family = d.id.substr(b + 1);
            const rating::Rating r = rating_from(j);
            row.season = j.value("season", "");
            row.mu = r.mu;
            row.sigma = r.sigma;
            row.games = j.value("games", 0);
            if (auto past = j.find("past"); past != j.end() && past->is_object()) row.past = past->dump();
            std::vector<RatingPoint> points;
            if (auto h = j.find("history"); h != j.end() && h->is_array())
                for (const json& p : *h) {
                    const rating::Rating pr = rating_from(p);
                    points.push_back({row.account, row.game, row.family, p.value("room", ""), p.value("time", int64_t{0}),
                                      pr.mu, pr.sigma});
                }
            if (store_->write_ratings({row}, points) == AccountWrite::Failed)
                throw std::runtime_error("store: ratings could not be moved into rows");
        }
        store_->delete_document(kRatingKind, d.id);
    }
    for (const StoredDocument& d : store_->load_documents(kGamesKind)) {
        const json j = json::parse(d.body, nullptr, false);
        std::vector<PlayedRow> rows;
        if (j.is_array())
            for (const json& g : j)
                if (g.is_object())
                    rows.push_back({d.id, g.value("room", ""), g.value("seat", 0), g.value("time", int64_t{0}), g.dump()});
        if (store_->put_played(rows) < 0) throw std::runtime_error("store: game histories could not be moved into rows");
        store_->delete_document(kGamesKind, d.id);
    }
    store_->flush();
}

void RatingBook::record(const PlayedGame& g) {
    if (!stored()) return;
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
        // Read every player's rating, rate, and write them all if none changed meanwhile; else again.
        for (int attempt = 0;; ++attempt) {
            std::vector<rating::SeatResult> seats(n);
            std::vector<RatingRow> rows(n);
            std::fill(before.begin(), before.end(), std::nullopt);
            for (size_t i = 0; i < n; ++i) {
                seats[i].finish = finishes[i];
                if (g.seats[i].account.empty()) continue;
                RatingRow& row = rows[i];
                if (std::vector<RatingRow> got = store_->load_ratings(g.seats[i].account, g.game, g.family); !got.empty()) {
                    row = std::move(got.front());
                } else {
                    row.account = g.seats[i].account;
                    row.game = g.game;
                    row.family = g.family;
                    const rating::Rating fresh;
                    row.mu = fresh.mu;
                    row.sigma = fresh.sigma;
                }
                rating::Rating r = rating_of_row(row);
                if (row.season.empty()) {
                    row.season = season;
                } else if (row.season != season) {  // a new season: the old one's final rating is kept
                    auto past = past_from(row.past);
                    past[row.season] = {r, row.games};
                    row.past = past_json(past).dump();
                    r = rating::carried_into_season(r, settings_.season_widen);
                    row.games = 0;
                    row.season = season;
                }
                seats[i].person = before[i] = r;
            }
            after = rating::rate_seats(seats);
            std::vector<RatingRow> writes;
            std::vector<RatingPoint> points;
            for (size_t i = 0; i < n; ++i) {
                if (!after[i]) continue;
                RatingRow row = rows[i];
                row.mu = after[i]->mu;
                row.sigma = after[i]->sigma;
                ++row.games;
                points.push_back({row.account, g.game, g.family, g.room, g.finished_ms, row.mu, row.sigma});
                writes.push_back(std::move(row));
            }
            const AccountWrite w = store_->write_ratings(writes, points);
            if (w == AccountWrite::Done) {
                for (const RatingRow& row : writes) remember(row.account, row.game, row.family, rating_of_row(row));
                break;
            }
            if (w == AccountWrite::Taken) {  // rated before (a retry after a fault): the histories may still lack it
                std::fill(before.begin(), before.end(), std::nullopt);
                std::fill(after.begin(), after.end(), std::nullopt);
                break;
            }
            if (w == AccountWrite::Failed || attempt >= 50) throw std::runtime_error("store: ratings not written");
            retries_.fetch_add(1);
        }
    }
    json players = json::array();
    for (size_t i = 0; i < n; ++i) {
        json p = {{"name", g.seats[i].name}, {"kind", g.seats[i].kind}, {"place", places[i] + 1}};
        if (!g.seats[i].account.empty()) p["account"] = g.seats[i].account;
        if (g.seats[i].abandoned) p["abandoned"] = true;
        players.push_back(std::move(p));
    }
    std::vector<PlayedRow> rows;
    for (size_t i = 0; i < n; ++i) {
        // A guest's games are kept under its session, for the account it may claim them with.
        const PlayedSeat& seat = g.seats[i];
        const std::string owner = !seat.account.empty() ? seat.account
                                  : seat.kind == "human" && !seat.session.empty() ? guest_key(seat.session)
                                                                                  : std::string();
        if (owner.empty()) continue;
        json entry = {{"room", g.room},     {"game", g.game},     {"ruleset", g.family},
                      {"rated", g.rated && people >= 2 && !seat.account.empty()},
                      {"time", g.finished_ms},
                      {"seat", i},          {"players", players}, {"winners", g.outcome.winners},
                      {"scores", g.outcome.scores}, {"won", won(i)}, {"private", g.is_private}};
        if (before[i] && after[i]) entry["rating"] = {{"before", rating_json(*before[i])}, {"after", rating_json(*after[i])}};
        rows.push_back({owner, g.room, static_cast<int>(i), g.finished_ms, entry.dump()});
    }
    if (!rows.empty() && store_->put_played(rows) < 0) throw std::runtime_error("store: game histories not written");
}

size_t RatingBook::claim_guest(const std::string& session, const std::string& account) {
    if (!stored()) return 0;
    const std::string from = guest_key(session);
    std::vector<PlayedRow> rows = store_->load_played(from, 0);
    if (rows.empty()) return 0;
    for (PlayedRow& row : rows) {
        json g = json::parse(row.body, nullptr, false);
        if (g.is_object() && g.contains("players") && g["players"].is_array() &&
            static_cast<size_t>(row.seat) < g["players"].size())
            g["players"][static_cast<size_t>(row.seat)]["account"] = account;
        row.owner = account;
        row.body = g.dump();
    }
    const int claimed = store_->put_played(rows);
    if (claimed < 0 || !store_->delete_played({from})) throw std::runtime_error("store: a guest's games not claimed");
    return static_cast<size_t>(claimed);
}

void RatingBook::forget_guests(const std::vector<std::string>& sessions) {
    if (!stored() || sessions.empty()) return;
    std::vector<std::string> owners;
    for (const std::string& session : sessions) owners.push_back(guest_key(session));
    if (!store_->delete_played(owners)) throw std::runtime_error("store: expired guests' games not deleted");
}

std::optional<rating::Rating> RatingBook::rating_of(const std::string& account, const std::string& game,
                                                    const std::string& family) const {
    if (!stored()) return std::nullopt;
    const std::vector<RatingRow> rows = store_->load_ratings(account, game, family);
    if (rows.empty()) return std::nullopt;
    const rating::Rating r = rating_of_row(rows.front());
    remember(account, game, family, r);
    return r;
}

std::optional<rating::Rating> RatingBook::cached_rating(const std::string& account, const std::string& game,
                                                        const std::string& family) const {
    std::lock_guard lock(mu_);
    auto it = cache_.find(key(account, game, family));
    if (it == cache_.end()) return std::nullopt;
    return it->second;
}

void RatingBook::warm(const std::string& account) {
    if (!stored()) return;
    for (const RatingRow& row : store_->load_ratings(account, "", ""))
        remember(row.account, row.game, row.family, rating_of_row(row));
}

std::vector<std::pair<std::string, int>> RatingBook::seats_of(const std::string& account) const {
    std::vector<std::pair<std::string, int>> out;
    if (!stored()) return out;
    for (const PlayedRow& row : store_->load_played(account, 0)) out.emplace_back(row.room, row.seat);
    return out;
}

json RatingBook::profile(const std::string& account, const std::string& name,
                         const std::function<std::string(const std::string&)>& name_of) const {
    json games = json::array();
    int wins = 0;
    json ratings = json::array();
    if (stored()) {
        const std::vector<PlayedRow> played = store_->load_played(account, kMaxHistory);
        for (auto row = played.rbegin(); row != played.rend(); ++row) {  // newest first
            json entry = json::parse(row->body, nullptr, false);
            if (!entry.is_object() || !entry.contains("players") || !entry["players"].is_array()) continue;
            const int seat = row->seat;
            json opponents = json::array();
            for (size_t i = 0; i < entry["players"].size(); ++i) {
                json& p = entry["players"][i];
                if (p.contains("account")) p["name"] = name_of(p["account"].get<std::string>());
                p.erase("account");
                if (static_cast<int>(i) != seat) opponents.push_back(p);
            }
            entry["opponents"] = std::move(opponents);
            entry["place"] = seat >= 0 && static_cast<size_t>(seat) < entry["players"].size()
                                 ? entry["players"][static_cast<size_t>(seat)].value("place", 0)
                                 : 0;
            entry.erase("players");
            if (!entry.value("private", false)) entry["replay"] = "/games/" + entry.value("room", "") + "/replay";
            entry.erase("private");
            wins += entry.value("won", false) ? 1 : 0;
            games.push_back(std::move(entry));
        }
        for (const RatingRow& row : store_->load_ratings(account, "", "")) {
            const rating::Rating current = rating_of_row(row);
            remember(account, row.game, row.family, current);
            json r = rating_json(current);
            r["game"] = row.game;
            r["ruleset"] = row.family;
            r["season"] = row.season;
            r["games"] = row.games;
            json h = json::array();
            for (const RatingPoint& p : store_->load_rating_points(account, row.game, row.family, kMaxHistory)) {
                rating::Rating pr;
                pr.mu = p.mu;
                pr.sigma = p.sigma;
                json point = rating_json(pr);
                point["room"] = p.room;
                point["time"] = p.time_ms;
                h.push_back(std::move(point));
            }
            r["history"] = std::move(h);
            ratings.push_back(std::move(r));
        }
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
    if (stored() && !game.empty() && !family.empty())
        for (const RatingRow& row : store_->load_ratings("", game, family)) {
            if (row.season == season) {
                standings.push_back({row.account, rating_of_row(row), row.games});
            } else {
                const auto past = past_from(row.past);
                if (auto p = past.find(season); p != past.end())
                    standings.push_back({row.account, p->second.first, p->second.second});
            }
        }
    for (rating::Standing& s : standings) s.player = name_of(s.player);
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
