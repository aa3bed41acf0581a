// Accounts over the lobby (docs/protocol.md, "Accounts"; docs/decisions/020-accounts.md): register,
// login, logout, logoutAll, changePassword, deleteAccount. Every password hash and check runs on
// the fair work pool, charged to the client's address and session (decision 011), never on the
// connection's strand or under a lock; log-in guesses are throttled per account and per address.
#include <spdlog/spdlog.h>

#include "server/handler_guard.hpp"
#include "server/hub.hpp"
#include "server/password.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

namespace {

// `claimed`: the guest session's finished games that became the account's.
json account_message(int64_t id, const Account& a, size_t claimed) {
    return {{"type", "account"}, {"v", 1}, {"id", id}, {"account", {{"id", a.id}, {"name", a.name}}}, {"claimed", claimed}};
}

bool password_fits(const ClientPtr& c, const LobbyRequest& r, const std::string& password) {
    if (password.size() >= kMinPassword && password.size() <= kMaxPassword) return true;
    c->send(lobby_error("out_of_range", "a password has 8 to 128 bytes", r.id));
    return false;
}

// What an unknown account's log-in is checked against, so that it costs the same as a known one's.
const std::string& decoy_hash() {
    static const std::string hash = hash_password("not the password of any account");
    return hash;
}

std::string locked_message(PasswordThrottle::Clock::duration wait) {
    const auto s = std::chrono::duration_cast<std::chrono::seconds>(wait).count() + 1;
    return "too many wrong passwords for this account or from your address: try again in " + std::to_string(s) + " s";
}

json store_unavailable(int64_t id) {
    return lobby_error("store_unavailable", "the server cannot reach its accounts now: try again later", id);
}

}  // namespace

void Hub::account_request(const ClientPtr& c, const LobbyRequest& r) {
    const std::string session = c->session_hash;
    const WorkPrincipal who{c->address, session};
    const std::optional<Account> current = accounts_->by_session(session);
    auto busy = [c, id = r.id](WorkPool::Admit a) { c->send(lobby_error("busy", busy_message(a), id)); };

    switch (r.kind) {
        case LobbyKind::Register: {
            if (current) return c->send(lobby_error("already_logged_in", "log out first", r.id));
            auto name = string_member(c, r, "name");
            if (!name) return;
            auto password = string_member(c, r, "password");
            if (!password || !password_fits(c, r, *password)) return;
            const NameCheck check = check_account_name(*name);
            if (!check.ok) return c->send(lobby_error("bad_value", check.error, r.id));
            // Held on this node while the password is hashed; the store's unique index decides.
            if (!accounts_->reserve(check.key))
                return c->send(lobby_error("name_taken", "that name (or one too like it) is taken", r.id));
            auto book = accounts_;
            const auto admit = work_->submit(who, [c, id = r.id, book, ratings = ratings_, name = check.name,
                                                   key = check.key, password = *password, session](bool run) {
                if (!run) {
                    book->release(key);
                    return c->send(lobby_error("busy", busy_message(WorkPool::Admit::Stopped), id));
                }
                // A name taken (on any node) costs no hash; one taken meanwhile is refused by the insert.
                bool taken = false;
                if (run_guarded("register", [&] { taken = book->fresh_by_key(key).has_value(); })) {
                    book->release(key);
                    return c->send(store_unavailable(id));
                }
                if (taken) {
                    book->release(key);
                    return c->send(lobby_error("name_taken", "that name (or one too like it) is taken", id));
                }
                const AccountBook::Created made = book->create(name, key, hash_password(password), session, unix_ms_now());
                if (made.result == AccountWrite::Taken)
                    return c->send(lobby_error("name_taken", "that name (or one too like it) is taken", id));
                if (made.result != AccountWrite::Done) return c->send(store_unavailable(id));
                size_t claimed = 0;  // what the guest played is the account's now
                run_guarded("register", [&] { claimed = ratings->claim_guest(session, made.account.id); });
                spdlog::info("account {} registered (conn {})", made.account.id, c->connection_id);
                c->send(account_message(id, made.account, claimed));
            });
            if (admit != WorkPool::Admit::Queued) {
                accounts_->release(check.key);
                busy(admit);
            }
            return;
        }
        case LobbyKind::Login: {
            if (current) return c->send(lobby_error("already_logged_in", "log out first", r.id));
            auto name = string_member(c, r, "name");
            if (!name) return;
            auto password = string_member(c, r, "password");
            if (!password) return;
            // Any name's key, not only one that may be registered now: older accounts keep theirs.
            const std::string key = account_name_key(*name);
            if (key.empty() || password->size() > kMaxPassword)
                return c->send(lobby_error("bad_login", "no account has this name and password", r.id));
            PasswordThrottle::Clock::duration wait{};
            if (!logins_->try_guess(c->address, key, PasswordThrottle::Clock::now(), &wait))
                return c->send(lobby_error("login_locked", locked_message(wait), r.id));
            auto book = accounts_;
            auto throttle = logins_;
            const auto admit = work_->submit(who, [this, c, id = r.id, book, throttle, ratings = ratings_, key,
                                                   password = *password, session, address = c->address](bool run) {
                if (!run) {
                    throttle->refund(address, key);
                    return c->send(lobby_error("busy", busy_message(WorkPool::Admit::Stopped), id));
                }
                // The account as the store has it now: registered, re-keyed or deleted on any node
                // (and, rarely, an older account whose name became too like it: decision 025).
                std::vector<Account> candidates;
                if (run_guarded("login", [&] { candidates = book->fresh_login_candidates(key); })) {
                    throttle->refund(address, key);
                    return c->send(store_unavailable(id));
                }
                bool rehash = false;
                std::optional<Account> account;
                if (candidates.empty()) verify_password(decoy_hash(), password, rehash);
                for (const Account& a : candidates)
                    if (rehash = false; verify_password(a.hash, password, rehash)) {
                        account = a;
                        break;
                    }
                if (!account || !book->bind(account->id, session))
                    return c->send(lobby_error("bad_login", "no account has this name and password", id));
                throttle->refund(address, key);
                if (rehash) book->set_hash(account->id, account->hash, hash_password(password));  // newer parameters
                size_t claimed = 0;  // what the guest played is the account's now
                run_guarded("login", [&] {
                    claimed = ratings->claim_guest(session, account->id);
                    ratings->warm(account->id);  // its ratings beside its name in rated rooms, Play now's skill
                });
                json reply = account_message(id, *account, claimed);
                // Seats the account holds from another device's session: this one may take them over.
                if (json playing = playing_of(account->id); !playing.empty()) reply["playing"] = std::move(playing);
                c->send(reply);
            });
            if (admit != WorkPool::Admit::Queued) {
                logins_->refund(c->address, key);
                busy(admit);
            }
            return;
        }
        case LobbyKind::Logout:
            if (!current) return c->send(lobby_error("not_logged_in", "this session is not logged in", r.id));
            accounts_->unbind(session);
            c->send(ok_message(r.id));
            return push_logged_out({session}, "logout", c.get());  // the session's other tabs
        case LobbyKind::LogoutAll:
            if (!current) return c->send(lobby_error("not_logged_in", "this session is not logged in", r.id));
            c->send(ok_message(r.id));
            return push_logged_out(accounts_->unbind_all(current->id), "logoutAll", c.get());
        case LobbyKind::ChangePassword:
        case LobbyKind::DeleteAccount: {
            if (!current) return c->send(lobby_error("not_logged_in", "this session is not logged in", r.id));
            auto password = string_member(c, r, "password");
            if (!password) return;
            std::string fresh;
            if (r.kind == LobbyKind::ChangePassword) {
                auto p = string_member(c, r, "newPassword");
                if (!p || !password_fits(c, r, *p)) return;
                fresh = *p;
            }
            PasswordThrottle::Clock::duration wait{};
            if (!logins_->try_guess(c->address, current->key, PasswordThrottle::Clock::now(), &wait))
                return c->send(lobby_error("password_locked", locked_message(wait), r.id));
            auto book = accounts_;
            auto throttle = logins_;
            const bool change = r.kind == LobbyKind::ChangePassword;
            const auto admit = work_->submit(who, [this, c, id = r.id, book, throttle, account = *current, change, fresh,
                                                   password = *password, session, address = c->address](bool run) {
                if (!run) {
                    throttle->refund(address, account.key);
                    return c->send(lobby_error("busy", busy_message(WorkPool::Admit::Stopped), id));
                }
                // The hash as the store has it now (changed, or the account deleted, on another node).
                std::optional<Account> now;
                if (run_guarded("account", [&] { now = book->fresh_by_id(account.id); })) {
                    throttle->refund(address, account.key);
                    return c->send(store_unavailable(id));
                }
                if (!now || now->deleted) {  // deleted on another node meanwhile
                    throttle->refund(address, account.key);
                    book->unbind(session);
                    return c->send(lobby_error("not_logged_in", "this session is not logged in", id));
                }
                bool rehash = false;
                if (!verify_password(now->hash, password, rehash))
                    return c->send(lobby_error("bad_password", "that is not this account's password", id));
                throttle->refund(address, account.key);
                if (change) {
                    // The other sessions are logged out: a password change is what one does after a leak.
                    const AccountWrite w = book->set_hash(account.id, now->hash, hash_password(fresh));
                    if (w == AccountWrite::Failed) return c->send(store_unavailable(id));
                    if (w != AccountWrite::Done)
                        return c->send(lobby_error("bad_request", "the account changed meanwhile: try again", id));
                    const std::vector<std::string> out = book->unbind_all(account.id, session);
                    book->flush();  // logged out on every node before the answer
                    push_logged_out(out, "passwordChanged", nullptr);
                } else {
                    std::optional<Account> gone;
                    if (run_guarded("deleteAccount", [&] { gone = book->erase(account.id); }))
                        return c->send(store_unavailable(id));
                    if (!gone) return c->send(lobby_error("bad_request", "the account is gone already", id));
                    push_logged_out(std::vector<std::string>(gone->sessions.begin(), gone->sessions.end()),
                                    "accountDeleted", c.get());
                    anonymise_games(account.id, book->by_id(account.id)->name);  // games stay, the name goes
                    spdlog::info("account {} deleted (conn {})", account.id, c->connection_id);
                }
                c->send(ok_message(id));
            });
            if (admit != WorkPool::Admit::Queued) {
                logins_->refund(c->address, current->key);
                busy(admit);
            }
            return;
        }
        default:
            return;
    }
}

}  // namespace hexhall::server
