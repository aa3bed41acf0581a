#include "server/clubs.hpp"

#include <algorithm>

#include "server/session.hpp"
#include "tournament/leaderboard.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

ClubRefusal refuse(std::string code, std::string message) { return {std::move(code), std::move(message)}; }

}  // namespace

void ClubBook::load() {
    if (!store_ || !store_->has_clubs()) return;
    std::vector<ClubRow> clubs = store_->load_clubs();
    std::vector<ClubMemberRow> members = store_->load_club_members();
    std::lock_guard lock(mu_);
    for (ClubRow& row : clubs) {
        const std::string id = row.id;
        by_key_[row.key] = id;
        by_invite_[row.invite] = id;
        by_id_[id].row = std::move(row);
    }
    for (const ClubMemberRow& m : members)
        if (auto it = by_id_.find(m.club); it != by_id_.end()) it->second.members[m.account] = m.joined_ms;
}

size_t ClubBook::owned_by(const std::string& account) const {
    return static_cast<size_t>(
        std::count_if(by_id_.begin(), by_id_.end(), [&](const auto& c) { return c.second.row.owner == account; }));
}

bool ClubBook::reserve(const std::string& key, const std::string& owner, ClubRefusal& why) {
    std::lock_guard lock(mu_);
    if (owned_by(owner) >= limits_.owned_per_account) {
        why = refuse("quota_exceeded", "an account founds at most " + std::to_string(limits_.owned_per_account) + " clubs");
        return false;
    }
    if (by_key_.count(key) || !reserved_.insert(key).second) {
        why = refuse("name_taken", "that club name (or one too like it) is taken");
        return false;
    }
    return true;
}

void ClubBook::release(const std::string& key) {
    std::lock_guard lock(mu_);
    reserved_.erase(key);
}

AccountWrite ClubBook::create(const std::string& name, const std::string& key, const std::string& owner,
                              int64_t now_ms, Club& out) {
    Club c;
    c.row = {new_row_id(), name, key, owner, new_invite_code(), now_ms};
    c.members[owner] = now_ms;
    AccountWrite w = AccountWrite::Done;
    if (store_ && store_->has_clubs()) {
        w = store_->create_club(c.row);  // the unique index decides, whichever node asks
        if (w == AccountWrite::Done) store_->put_club_member({c.row.id, owner, now_ms});
    }
    std::lock_guard lock(mu_);
    reserved_.erase(key);
    if (w != AccountWrite::Done) return w;
    by_key_[key] = c.row.id;
    by_invite_[c.row.invite] = c.row.id;
    by_id_[c.row.id] = c;
    out = std::move(c);
    return w;
}

std::optional<Club> ClubBook::by_id(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return std::nullopt;
    return it->second;
}

std::optional<Club> ClubBook::by_key(const std::string& key) const {
    std::lock_guard lock(mu_);
    auto it = by_key_.find(key);
    if (it == by_key_.end()) return std::nullopt;
    return by_id_.at(it->second);
}

std::optional<Club> ClubBook::by_invite(const std::string& invite) const {
    std::lock_guard lock(mu_);
    auto it = by_invite_.find(invite);
    if (it == by_invite_.end()) return std::nullopt;
    return by_id_.at(it->second);
}

std::vector<Club> ClubBook::of_account(const std::string& account) const {
    std::lock_guard lock(mu_);
    std::vector<Club> out;
    for (const auto& [key, id] : by_key_) {
        const Club& c = by_id_.at(id);
        if (c.members.count(account)) out.push_back(c);
    }
    return out;
}

bool ClubBook::is_member(const std::string& club, const std::string& account) const {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(club);
    return it != by_id_.end() && it->second.members.count(account) > 0;
}

std::map<std::string, std::set<std::string>> ClubBook::clubs_among(const std::vector<std::string>& accounts) const {
    std::lock_guard lock(mu_);
    std::map<std::string, std::set<std::string>> out;
    for (const auto& [id, c] : by_id_)
        for (const std::string& a : accounts)
            if (!a.empty() && c.members.count(a)) out[id].insert(a);
    return out;
}

ClubRefusal ClubBook::join(const std::string& invite, const std::string& account, int64_t now_ms, Club& out) {
    std::lock_guard lock(mu_);
    auto it = by_invite_.find(invite);
    if (it == by_invite_.end()) return refuse("no_club", "no club has this invite (the owner may have made a new one)");
    Club& c = by_id_.at(it->second);
    if (c.members.count(account)) return refuse("already_member", "you are a member of this club already");
    if (c.members.size() >= limits_.members_per_club)
        return refuse("club_full", "a club has at most " + std::to_string(limits_.members_per_club) + " members");
    const size_t mine = static_cast<size_t>(
        std::count_if(by_id_.begin(), by_id_.end(), [&](const auto& e) { return e.second.members.count(account) > 0; }));
    if (mine >= limits_.clubs_per_account)
        return refuse("quota_exceeded", "an account belongs to at most " + std::to_string(limits_.clubs_per_account) + " clubs");
    c.members[account] = now_ms;
    if (store_ && store_->has_clubs()) store_->put_club_member({c.row.id, account, now_ms});
    out = c;
    return {};
}

ClubRefusal ClubBook::leave(const std::string& club, const std::string& account) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(club);
    if (it == by_id_.end() || !it->second.members.count(account))
        return refuse("not_member", "you are not a member of this club");
    if (it->second.row.owner == account) return refuse("bad_request", "the owner of a club stays in it");
    it->second.members.erase(account);
    if (store_ && store_->has_clubs()) store_->delete_club_member(club, account);
    return {};
}

ClubRefusal ClubBook::remove(const std::string& club, const std::string& owner, const std::string& member, Club& out) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(club);
    if (it == by_id_.end()) return refuse("no_club", "no such club");
    Club& c = it->second;
    if (c.row.owner != owner) return refuse("not_owner", "only the club's owner may do this");
    if (member == owner) return refuse("bad_value", "the owner of a club stays in it");
    if (!c.members.erase(member)) return refuse("not_member", "no member of this club has that name");
    if (store_ && store_->has_clubs()) store_->delete_club_member(club, member);
    out = c;
    return {};
}

ClubRefusal ClubBook::new_invite(const std::string& club, const std::string& owner, Club& out) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(club);
    if (it == by_id_.end()) return refuse("no_club", "no such club");
    Club& c = it->second;
    if (c.row.owner != owner) return refuse("not_owner", "only the club's owner may do this");
    by_invite_.erase(c.row.invite);
    c.row.invite = new_invite_code();
    by_invite_[c.row.invite] = club;
    if (store_ && store_->has_clubs()) store_->set_club_invite(club, c.row.invite);
    out = c;
    return {};
}

// ---- ladders ------------------------------------------------------------------------------------

void ClubLadders::load() {
    if (!store_) return;
    std::lock_guard lock(mu_);
    for (const StoredDocument& d : store_->load_documents(kClubLadderKind)) {
        const json j = json::parse(d.body, nullptr, false);
        if (!j.is_object()) continue;
        auto& book = books_[d.id];
        for (auto& [account, v] : j.items()) {
            if (!v.is_object()) continue;
            Entry e;
            e.rating.mu = v.value("mu", e.rating.mu);
            e.rating.sigma = v.value("sigma", e.rating.sigma);
            e.games = v.value("games", 0);
            book[account] = e;
        }
    }
}

void ClubLadders::record(const std::string& club, const std::set<std::string>& members, const PlayedGame& g) {
    const size_t n = g.seats.size();
    std::vector<rating::SeatResult> seats(n);
    size_t rated = 0;
    std::lock_guard lock(mu_);
    auto& book = books_[key(club, g.game, g.family)];
    for (size_t i = 0; i < n; ++i) {
        rating::Finish& f = seats[i].finish;
        f.winner = std::find(g.outcome.winners.begin(), g.outcome.winners.end(), static_cast<int>(i)) != g.outcome.winners.end();
        if (i < g.outcome.scores.size()) f.score = g.outcome.scores[i];
        f.abandoned = g.seats[i].abandoned;
        const std::string& account = g.seats[i].account;
        if (account.empty() || !members.count(account)) continue;
        auto it = book.find(account);
        seats[i].person = it == book.end() ? rating::Rating{} : it->second.rating;
        ++rated;
    }
    if (rated < 2) {  // a ladder compares members: with one, nothing to compare
        if (book.empty()) books_.erase(key(club, g.game, g.family));
        return;
    }
    const std::vector<std::optional<rating::Rating>> after = rating::rate_seats(seats);
    for (size_t i = 0; i < n; ++i) {
        if (!after[i]) continue;
        Entry& e = book[g.seats[i].account];
        e.rating = *after[i];
        ++e.games;
    }
    if (!store_) return;
    json doc = json::object();
    for (const auto& [account, e] : book)
        doc[account] = {{"mu", e.rating.mu}, {"sigma", e.rating.sigma}, {"games", e.games}};
    store_->put_document(kClubLadderKind, key(club, g.game, g.family), doc.dump(), g.finished_ms);
}

std::optional<std::pair<rating::Rating, int>> ClubLadders::entry(const std::string& club, const std::string& game,
                                                                 const std::string& family, const std::string& account) const {
    std::lock_guard lock(mu_);
    auto b = books_.find(key(club, game, family));
    if (b == books_.end()) return std::nullopt;
    auto e = b->second.find(account);
    if (e == b->second.end()) return std::nullopt;
    return std::make_pair(e->second.rating, e->second.games);
}

json ClubLadders::ladders(const std::string& club, const std::function<std::string(const std::string&)>& name_of) const {
    std::vector<std::pair<std::string, std::vector<rating::Standing>>> found;  // "game:family" -> standings
    {
        std::lock_guard lock(mu_);
        const std::string prefix = club + ":";
        for (auto it = books_.lower_bound(prefix); it != books_.end() && it->first.starts_with(prefix); ++it) {
            std::vector<rating::Standing> standings;
            for (const auto& [account, e] : it->second) standings.push_back({account, e.rating, e.games});
            found.emplace_back(it->first.substr(prefix.size()), std::move(standings));
        }
    }
    json out = json::array();
    for (auto& [game_family, standings] : found) {
        for (rating::Standing& s : standings) s.player = name_of(s.player);  // names: off the lock
        std::erase_if(standings, [](const rating::Standing& s) { return s.player.empty(); });  // not members now
        const size_t colon = game_family.find(':');
        json rows = json::array();
        for (const rating::LeaderboardRow& r : rating::leaderboard(standings, min_games_)) {
            rows.push_back({{"rank", r.rank},
                            {"name", r.player},
                            {"mu", r.rating.mu},
                            {"sigma", r.rating.sigma},
                            {"ordinal", rating::ordinal(r.rating)},
                            {"games", r.games}});
        }
        json unranked = json::array();  // members on the ladder with fewer games than minGames
        for (const rating::Standing& s : standings)
            if (s.games < min_games_) unranked.push_back({{"name", s.player}, {"games", s.games}});
        out.push_back({{"game", game_family.substr(0, colon)},
                       {"ruleset", game_family.substr(colon + 1)},
                       {"minGames", min_games_},
                       {"rows", std::move(rows)},
                       {"unranked", std::move(unranked)}});
    }
    return out;
}

}  // namespace hexhall::server
