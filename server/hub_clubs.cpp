// Clubs over the lobby (docs/protocol.md, "Clubs"; docs/decisions/028-clubs.md): createClub,
// clubInvite, joinClub, leaveClub, removeMember, myClubs. Accounts only. Each request runs on the
// fair work pool, charged to the client's address and session (founding a club waits for the
// store's unique index; names are read from the accounts, which may read the store), never on the
// connection's strand. A game that ends feeds the ladders of the clubs it counts for.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/handler_guard.hpp"
#include "server/hub.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

json Hub::club_json(const Club& club, bool with_invite) const {
    auto name_of = [this](const std::string& id) {
        const std::optional<Account> a = accounts_->by_id(id);
        return a ? a->name : std::string("?");
    };
    // The owner first, then by the time they joined.
    std::vector<std::pair<std::string, int64_t>> order(club.members.begin(), club.members.end());
    std::stable_sort(order.begin(), order.end(), [&club](const auto& a, const auto& b) {
        return std::make_pair(a.first != club.row.owner, a.second) < std::make_pair(b.first != club.row.owner, b.second);
    });
    json members = json::array();
    for (const auto& [account, joined] : order) {
        const std::optional<Account> a = accounts_->by_id(account);
        if (a && a->deleted) continue;  // a deleted account is no member any more
        members.push_back({{"id", account}, {"name", a ? a->name : std::string("?")}, {"joined", joined}});
    }
    json j = {{"id", club.row.id},
              {"name", club.row.name},
              {"owner", {{"id", club.row.owner}, {"name", name_of(club.row.owner)}}},
              {"since", club.row.created_ms},
              {"members", std::move(members)}};
    if (with_invite) j["invite"] = club.row.invite;
    return j;
}

void Hub::club_request(const ClientPtr& c, const LobbyRequest& r) {
    const std::optional<Account> me = accounts_->by_session(c->session_hash);
    if (!me) return c->send(lobby_error("not_logged_in", "clubs are for accounts: log in first", r.id));
    std::optional<std::string> name, club, invite, member;
    switch (r.kind) {
        case LobbyKind::CreateClub:
            if (!(name = string_member(c, r, "name"))) return;
            break;
        case LobbyKind::JoinClub:
            if (!(invite = string_member(c, r, "invite"))) return;
            break;
        case LobbyKind::RemoveMember:
            if (!(member = string_member(c, r, "account"))) return;
            [[fallthrough]];
        case LobbyKind::ClubInvite:
        case LobbyKind::LeaveClub:
            if (!(club = string_member(c, r, "club"))) return;
            break;
        default:
            break;
    }
    std::optional<NameCheck> check;
    if (name) {
        check = check_account_name(*name);  // a club's name follows the accounts' rule (decision 025)
        if (!check->ok) return c->send(lobby_error("bad_value", check->error, r.id));
    }
    const WorkPrincipal who{c->address, c->session_hash};
    const auto admit = work_->submit(who, [this, c, id = r.id, kind = r.kind, account = me->id, check, club, invite,
                                           member](bool run) {
        if (!run) return c->send(lobby_error("busy", busy_message(WorkPool::Admit::Stopped), id));
        // The store is read and written at once (decision 033): a fault is the client's
        // store_unavailable, never a lost request.
        if (run_guarded("club request", [&] { club_job(c, id, kind, account, check, club, invite, member); })) {
            const ClubRefusal why = club_store_unavailable();
            c->send(lobby_error(why.code, why.message, id));
        }
    });
    if (admit != WorkPool::Admit::Queued) c->send(lobby_error("busy", busy_message(admit), r.id));
}

void Hub::club_job(const ClientPtr& c, int64_t id, LobbyKind kind, const std::string& account,
                   const std::optional<NameCheck>& check, const std::optional<std::string>& club,
                   const std::optional<std::string>& invite, const std::optional<std::string>& member) {
    auto answer = [&](const Club& k) {
        json m = {{"type", "club"}, {"v", 1}, {"id", id}};
        m["club"] = club_json(k, k.row.owner == account);
        c->send(m);
    };
    Club out;
    ClubRefusal why;
    switch (kind) {
        case LobbyKind::CreateClub:
            if ((why = clubs_->create(check->name, check->key, account, unix_ms_now(), out))) break;
            spdlog::info("club {} founded (conn {})", out.row.id, c->connection_id);
            return answer(out);
        case LobbyKind::ClubInvite: why = clubs_->new_invite(*club, account, out); break;
        case LobbyKind::JoinClub: why = clubs_->join(*invite, account, unix_ms_now(), out); break;
        case LobbyKind::RemoveMember: why = clubs_->remove(*club, account, *member, out); break;
        case LobbyKind::LeaveClub:
            if ((why = clubs_->leave(*club, account))) break;
            return c->send(ok_message(id));
        case LobbyKind::MyClubs: {
            json list = json::array();
            for (const Club& k : clubs_->of_account(account)) {
                json entry = {{"id", k.row.id}, {"name", k.row.name}, {"owner", k.row.owner == account},
                              {"members", k.members.size()}};
                if (k.row.owner == account) entry["invite"] = k.row.invite;  // the owner's alone
                list.push_back(std::move(entry));
            }
            return c->send(json{{"type", "clubs"}, {"v", 1}, {"id", id}, {"clubs", std::move(list)}});
        }
        default:
            return;
    }
    if (why) return c->send(lobby_error(why.code, why.message, id));
    answer(out);
}

void Hub::rate_for_clubs(const PlayedGame& g) {
    std::vector<std::string> accounts;
    for (const PlayedSeat& s : g.seats) accounts.push_back(s.account);
    for (const auto& [club, members] : clubs_->clubs_among(accounts))
        // A club room's every game; another room's rated games where two or more members met.
        if (club == g.club || g.rated) ladders_->record(club, members, g);
}

}  // namespace hexhall::server
