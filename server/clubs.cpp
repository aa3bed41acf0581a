#include "server/clubs.hpp"

#include <algorithm>

#include "server/session.hpp"
#include "tournament/leaderboard.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

ClubRefusal refuse(std::string code, std::string message) { return {std::move(code), std::move(message)}; }

ClubRefusal written(AccountWrite w) {
    return w == AccountWrite::Done ? ClubRefusal{} : club_store_unavailable();
}

}  // namespace

ClubRefusal club_store_unavailable() {
    return refuse("store_unavailable", "the server cannot reach its clubs now: try again later");
}

std::optional<Club> ClubBook::first(ClubBy by, const std::string& value) const {
    if (!stored() || value.empty()) return std::nullopt;
    std::vector<ClubRow> rows = store_->find_clubs(by, value);
    if (rows.empty()) return std::nullopt;
    Club c;
    c.row = std::move(rows.front());
    for (const ClubMemberRow& m : store_->load_club_members(c.row.id, "")) c.members[m.account] = m.joined_ms;
    return c;
}

ClubRefusal ClubBook::create(const std::string& name, const std::string& key, const std::string& owner,
                             int64_t now_ms, Club& out) {
    if (!stored()) return club_store_unavailable();
    if (store_->find_clubs(ClubBy::Owner, owner).size() >= limits_.owned_per_account)
        return refuse("quota_exceeded", "an account founds at most " + std::to_string(limits_.owned_per_account) + " clubs");
    Club c;
    c.row = {new_row_id(), name, key, owner, new_invite_code(), now_ms};
    c.members[owner] = now_ms;
    const AccountWrite w = store_->create_club(c.row);  // the unique index decides, whichever node asks
    if (w == AccountWrite::Taken) return refuse("name_taken", "that club name (or one too like it) is taken");
    if (w != AccountWrite::Done) return club_store_unavailable();
    if (ClubRefusal why = written(store_->add_club_member({c.row.id, owner, now_ms}))) return why;
    out = std::move(c);
    return {};
}

std::optional<Club> ClubBook::by_id(const std::string& id) const { return first(ClubBy::Id, id); }
std::optional<Club> ClubBook::by_key(const std::string& key) const { return first(ClubBy::Key, key); }
std::optional<Club> ClubBook::by_invite(const std::string& invite) const { return first(ClubBy::Invite, invite); }

std::vector<Club> ClubBook::of_account(const std::string& account) const {
    std::vector<Club> out;
    if (!stored() || account.empty()) return out;
    for (const ClubMemberRow& m : store_->load_club_members("", account))
        if (std::optional<Club> c = first(ClubBy::Id, m.club)) out.push_back(std::move(*c));
    std::sort(out.begin(), out.end(), [](const Club& a, const Club& b) { return a.row.key < b.row.key; });
    return out;
}

bool ClubBook::is_member(const std::string& club, const std::string& account) const {
    return stored() && !club.empty() && !account.empty() && !store_->load_club_members(club, account).empty();
}

std::map<std::string, std::set<std::string>> ClubBook::clubs_among(const std::vector<std::string>& accounts) const {
    std::map<std::string, std::set<std::string>> out;
    if (!stored()) return out;
    for (const std::string& a : std::set<std::string>(accounts.begin(), accounts.end()))
        if (!a.empty())
            for (const ClubMemberRow& m : store_->load_club_members("", a)) out[m.club].insert(a);
    std::erase_if(out, [](const auto& e) { return e.second.size() < 2; });  // nobody to compare with
    return out;
}

ClubRefusal ClubBook::join(const std::string& invite, const std::string& account, int64_t now_ms, Club& out) {
    if (!stored()) return club_store_unavailable();
    std::optional<Club> c = first(ClubBy::Invite, invite);
    if (!c) return refuse("no_club", "no club has this invite (the owner may have made a new one)");
    if (c->members.count(account)) return refuse("already_member", "you are a member of this club already");
    // The limits are read, then the row written: two joins at once on two nodes may pass one over
    // (a fair-share bound, not an invariant; decision 033).
    if (c->members.size() >= limits_.members_per_club)
        return refuse("club_full", "a club has at most " + std::to_string(limits_.members_per_club) + " members");
    if (store_->load_club_members("", account).size() >= limits_.clubs_per_account)
        return refuse("quota_exceeded", "an account belongs to at most " + std::to_string(limits_.clubs_per_account) + " clubs");
    const AccountWrite w = store_->add_club_member({c->row.id, account, now_ms});
    if (w == AccountWrite::Taken) return refuse("already_member", "you are a member of this club already");
    if (w != AccountWrite::Done) return club_store_unavailable();
    c->members[account] = now_ms;
    out = std::move(*c);
    return {};
}

ClubRefusal ClubBook::leave(const std::string& club, const std::string& account) {
    if (!stored()) return club_store_unavailable();
    const std::vector<ClubRow> rows = store_->find_clubs(ClubBy::Id, club);
    if (!rows.empty() && rows.front().owner == account) {
        if (store_->load_club_members(club, account).empty()) return refuse("not_member", "you are not a member of this club");
        return refuse("bad_request", "the owner of a club stays in it");
    }
    if (rows.empty()) return refuse("not_member", "you are not a member of this club");
    const AccountWrite w = store_->remove_club_member(club, account);
    if (w == AccountWrite::Stale) return refuse("not_member", "you are not a member of this club");
    return written(w);
}

ClubRefusal ClubBook::remove(const std::string& club, const std::string& owner, const std::string& member, Club& out) {
    if (!stored()) return club_store_unavailable();
    std::optional<Club> c = first(ClubBy::Id, club);
    if (!c) return refuse("no_club", "no such club");
    if (c->row.owner != owner) return refuse("not_owner", "only the club's owner may do this");
    if (member == owner) return refuse("bad_value", "the owner of a club stays in it");
    const AccountWrite w = store_->remove_club_member(club, member);
    if (w == AccountWrite::Stale) return refuse("not_member", "no member of this club has that name");
    if (w != AccountWrite::Done) return club_store_unavailable();
    c->members.erase(member);
    out = std::move(*c);
    return {};
}

ClubRefusal ClubBook::new_invite(const std::string& club, const std::string& owner, Club& out) {
    if (!stored()) return club_store_unavailable();
    std::optional<Club> c = first(ClubBy::Id, club);
    if (!c) return refuse("no_club", "no such club");
    if (c->row.owner != owner) return refuse("not_owner", "only the club's owner may do this");
    const std::string invite = new_invite_code();
    const AccountWrite w = store_->set_club_invite(club, invite);
    if (w == AccountWrite::Stale) return refuse("no_club", "no such club");
    if (w != AccountWrite::Done) return club_store_unavailable();
    c->row.invite = invite;
    out = std::move(*c);
    return {};
}

// ---- ladders ------------------------------------------------------------------------------------

void ClubLadders::load() {
    if (!stored()) return;
    for (const StoredDocument& d : store_->load_documents(kClubLadderKind)) {
        // id "<club>:<game>:<family>" (club ids are hex, games have no colon)
        const size_t c1 = d.id.find(':'), c2 = c1 == std::string::npos ? c1 : d.id.find(':', c1 + 1);
        const json j = json::parse(d.body, nullptr, false);
        if (c2 != std::string::npos && j.is_object()) {
            const std::string club = d.id.substr(0, c1), game = d.id.substr(c1 + 1, c2 - c1 - 1), family = d.id.substr(c2 + 1);
            if (store_->load_club_ratings(club, game, family).empty()) {  // else another node moved it first
                std::vector<ClubRatingRow> rows;
                for (auto& [account, v] : j.items()) {
                    if (!v.is_object()) continue;
                    const rating::Rating fresh{};
                    rows.push_back({club, game, family, account, v.value("mu", fresh.mu), v.value("sigma", fresh.sigma),
                                    v.value("games", 0), 0});
                }
                const AccountWrite w = store_->write_club_ratings(club, "", rows);
                if (w == AccountWrite::Failed) throw std::runtime_error("store: a club's ladder not moved into rows");
            }
        }
        store_->delete_document(kClubLadderKind, d.id);
    }
    store_->flush();
}

void ClubLadders::record(const std::string& club, const std::set<std::string>& members, const PlayedGame& g) {
    if (!stored()) return;
    const size_t n = g.seats.size();
    for (int attempt = 0; attempt < kMaxTries; ++attempt) {
        std::map<std::string, ClubRatingRow> book;  // account -> row as read
        for (ClubRatingRow& r : store_->load_club_ratings(club, g.game, g.family)) book[r.account] = std::move(r);
        std::vector<rating::SeatResult> seats(n);
        size_t rated = 0;
        for (size_t i = 0; i < n; ++i) {
            rating::Finish& f = seats[i].finish;
            f.winner = std::find(g.outcome.winners.begin(), g.outcome.winners.end(), static_cast<int>(i)) != g.outcome.winners.end();
            if (i < g.outcome.scores.size()) f.score = g.outcome.scores[i];
            f.abandoned = g.seats[i].abandoned;
            const std::string& account = g.seats[i].account;
            if (account.empty() || !members.count(account)) continue;
            auto it = book.find(account);
            seats[i].person = it == book.end() ? rating::Rating{} : rating::Rating{it->second.mu, it->second.sigma};
            ++rated;
        }
        if (rated < 2) return;  // a ladder compares members: with one, nothing to compare
        const std::vector<std::optional<rating::Rating>> after = rating::rate_seats(seats);
        std::vector<ClubRatingRow> rows;
        for (size_t i = 0; i < n; ++i) {
            if (!after[i]) continue;
            const std::string& account = g.seats[i].account;
            auto it = book.find(account);
            ClubRatingRow row = it == book.end() ? ClubRatingRow{club, g.game, g.family, account, 0, 0, 0, 0} : it->second;
            row.mu = after[i]->mu;
            row.sigma = after[i]->sigma;
            ++row.games;
            rows.push_back(std::move(row));
        }
        switch (store_->write_club_ratings(club, g.room, rows)) {
            case AccountWrite::Done:
            case AccountWrite::Taken:  // rated before (a retry of this game's recording)
                return;
            case AccountWrite::Stale:
                ++retries_;
                continue;
            case AccountWrite::Failed:
                throw std::runtime_error("store: a club's ladder not written");
        }
    }
    throw std::runtime_error("store: a club's ladder kept changing: not written");
}

std::optional<std::pair<rating::Rating, int>> ClubLadders::entry(const std::string& club, const std::string& game,
                                                                 const std::string& family, const std::string& account) const {
    if (!stored()) return std::nullopt;
    for (const ClubRatingRow& r : store_->load_club_ratings(club, game, family))
        if (r.account == account) return std::make_pair(rating::Rating{r.mu, r.sigma}, r.games);
    return std::nullopt;
}

json ClubLadders::ladders(const std::string& club, const std::function<std::string(const std::string&)>& name_of) const {
    std::map<std::pair<std::string, std::string>, std::vector<rating::Standing>> found;  // (game, family) -> standings
    if (stored())
        for (const ClubRatingRow& r : store_->load_club_ratings(club, "", ""))
            found[{r.game, r.family}].push_back({r.account, rating::Rating{r.mu, r.sigma}, r.games});
    json out = json::array();
    for (auto& [game_family, standings] : found) {
        for (rating::Standing& s : standings) s.player = name_of(s.player);
        std::erase_if(standings, [](const rating::Standing& s) { return s.player.empty(); });  // not members now
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
        out.push_back({{"game", game_family.first},
                       {"ruleset", game_family.second},
                       {"minGames", min_games_},
                       {"rows", std::move(rows)},
                       {"unranked", std::move(unranked)}});
    }
    return out;
}

}  // namespace hexhall::server
