// loggedOut (docs/protocol.md, "Accounts"; docs/decisions/020-accounts.md, "Revocation"): when a
// session's log-in ends by another hand — logout in another tab, logoutAll, a password change, the
// account deleted, or any of these on another node — its open connections are told, and act as
// guests from then on (the hub asks AccountBook for a session's account on every account-bound
// request, so nothing else has to change on the connection).
#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/handler_guard.hpp"
#include "server/hub.hpp"

namespace hexhall::server {

void Hub::track_connection(const ClientPtr& c) {
    bool arm = false;
    {
        std::lock_guard lock(conns_mu_);
        auto& list = conns_by_session_[c->session_hash];
        std::erase_if(list, [](const std::weak_ptr<Client>& w) { return w.expired(); });
        list.push_back(c);
        if (directory_ && !login_armed_) arm = login_armed_ = true;
    }
    if (arm) arm_login_check();
}

void Hub::untrack_connection(const ClientPtr& c) {
    std::lock_guard lock(conns_mu_);
    auto it = conns_by_session_.find(c->session_hash);
    if (it == conns_by_session_.end()) return;
    std::erase_if(it->second, [&c](const std::weak_ptr<Client>& w) {
        auto p = w.lock();
        return !p || p == c;
    });
    if (it->second.empty()) conns_by_session_.erase(it);
}

void Hub::push_logged_out(const std::vector<std::string>& sessions, const std::string& reason, const Client* except) {
    std::vector<std::pair<ClientPtr, std::string>> told;
    {
        std::lock_guard lock(conns_mu_);
        for (const std::string& session : sessions) {
            auto it = conns_by_session_.find(session);
            if (it == conns_by_session_.end()) continue;
            for (const std::weak_ptr<Client>& w : it->second)
                if (ClientPtr c = w.lock(); c && c.get() != except) told.emplace_back(std::move(c), session);
        }
    }
    for (auto& [c, session] : told) {
        json m = {{"type", "loggedOut"}, {"v", 1}, {"reason", reason}};
        if (auto s = sessions_.find(session)) m["name"] = s->name;  // the name it shows as a guest
        c->send(m);
    }
    if (!told.empty()) spdlog::info("accounts: {} connections logged out ({})", told.size(), reason);
}

// Several nodes: a session logged out on another node is only in the store. One query asks which of
// this node's connected, logged-in sessions still are; the others are read again (AccountBook
// refresh_session) and told.
void Hub::check_logins() {
    std::vector<std::string> connected;
    {
        std::lock_guard lock(conns_mu_);
        for (const auto& [session, list] : conns_by_session_)
            if (!list.empty()) connected.push_back(session);
    }
    std::vector<std::pair<std::string, std::string>> ours;  // (session, account) as this node has it
    for (const std::string& s : accounts_->logged_in_sessions())
        if (std::binary_search(connected.begin(), connected.end(), s))
            if (std::optional<Account> a = accounts_->by_session(s)) ours.emplace_back(s, a->id);
    if (!ours.empty() && store_) {
        // This node's own log-ins made before the snapshot are stored before the store is asked
        // (a log-in still queued must not read as revoked).
        store_->flush();
        std::vector<std::string> sessions;
        for (const auto& [session, id] : ours) sessions.push_back(session);
        std::map<std::string, std::string> standing;
        for (auto& [session, account] : store_->account_sessions_among(sessions)) standing[session] = account;
        std::vector<std::string> revoked, deleted;
        for (const auto& [session, id] : ours) {
            auto it = standing.find(session);
            if (it != standing.end() && it->second == id) continue;
            const std::optional<Account> now = accounts_->by_session(session);
            if (!now || now->id != id) continue;  // logged out or in again here meanwhile: not this check's
            accounts_->refresh_session(session);
            if (accounts_->by_session(session)) continue;  // logged in again meanwhile (or elsewhere)
            const std::optional<Account> a = accounts_->fresh_by_id(id);
            (a && a->deleted ? deleted : revoked).push_back(session);
        }
        push_logged_out(deleted, "accountDeleted", nullptr);
        push_logged_out(revoked, "revoked", nullptr);
    }
}

void Hub::arm_login_check() {
    {
        std::lock_guard lock(conns_mu_);
        if (!login_strand_) login_strand_ = strands_();
    }
    // On the fair work pool, charged to the server's own principal (as Play now's passes); a
    // refusal tries again a period later.
    login_strand_->post_after(limits_.login_check, [this] {
        const WorkPool::Admit admit = work_->submit({"server", "logins"}, [this](bool run) {
            if (!run) return;
            run_guarded("login check", [this] { check_logins(); });  // a store fault: the next check
            bool again = false;
            {
                std::lock_guard lock(conns_mu_);
                again = login_armed_ = !conns_by_session_.empty();  // else the next hello arms it
            }
            if (again) arm_login_check();
        });
        if (admit != WorkPool::Admit::Queued && admit != WorkPool::Admit::Stopped) arm_login_check();
    });
}

}  // namespace hexhall::server
