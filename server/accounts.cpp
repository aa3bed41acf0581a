#include "server/accounts.hpp"

#include <algorithm>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "server/session.hpp"
#include "server/store.hpp"

namespace hexhall::server {

using json = nlohmann::json;

bool AccountBook::stored() const { return store_ && store_->has_accounts(); }

namespace {
AccountRow row_of(const Account& a) { return {a.id, a.name, a.key, a.hash, a.created_ms, a.deleted}; }
std::string anonymous_name(const std::string& id) { return "Deleted player " + id.substr(0, 6); }
}  // namespace

void AccountBook::load() {
    if (!stored()) return;
    // Databases from before the accounts table kept each account as a document: each moves into the
    // table (the same id, so a second start, or a second node, finds it there and changes nothing)
    // with its log-ins, and its document goes. One whose name another account holds stays a
    // document (logged): two nodes of the old kind could both register one name.
    for (const StoredDocument& d : store_->load_documents(kAccountKind)) {
        json j = json::parse(d.body, nullptr, false);
        if (!j.is_object()) continue;
        AccountRow row{d.id, j.value("name", ""), j.value("key", ""), j.value("hash", ""), j.value("created", int64_t{0}),
                       j.value("deleted", false)};
        if (row.deleted) row.key.clear(), row.hash.clear();
        const AccountWrite w = store_->create_account(row);
        if (w == AccountWrite::Failed) throw std::runtime_error("store: account " + d.id + " cannot be moved to the accounts table");
        if (w == AccountWrite::Taken) {
            const std::optional<AccountRow> there = store_->account_by_id(d.id);
            if (!there) {
                spdlog::error("accounts: account {} ({}) not moved to the accounts table: another account has its "
                              "name; its document is kept", d.id, row.name);
                continue;
            }
        }
        if (!row.deleted && j.contains("sessions") && j["sessions"].is_array())
            for (auto& s : j["sessions"])
                if (s.is_string()) store_->bind_account_session(s.get<std::string>(), d.id);
        store_->delete_document(kAccountKind, d.id);
    }
    store_->flush();
    rekey();
    const std::vector<AccountRow> rows = store_->load_accounts();
    const auto logins = store_->load_account_sessions();
    std::lock_guard lock(mu_);
    for (const AccountRow& row : rows) remember(row);
    for (const auto& [session, id] : logins)
        if (auto it = by_id_.find(id); it != by_id_.end() && !it->second.deleted) bind_here(id, session);
    spdlog::info("accounts: {} loaded", by_key_.size());
}

// Keys follow the name rule of the running server (decision 025): a changed rule, or new Unicode data
// in a newer ICU, changes keys, so each start recomputes them. Accounts whose key changes first move
// to their collided key (unique by id), then, oldest first, to their key; one that finds its key
// held by another account (older, or not re-keyed) keeps the collided key: it still logs in
// (fresh_login_candidates), and no new account can take the name. Idempotent; a second node starting
// at once finds the same keys.
void AccountBook::rekey() {
    std::vector<AccountRow> rows = store_->load_accounts();
    std::erase_if(rows, [](const AccountRow& r) { return r.deleted || r.key.empty(); });
    std::sort(rows.begin(), rows.end(), [](const AccountRow& a, const AccountRow& b) {
        return a.created_ms != b.created_ms ? a.created_ms < b.created_ms : a.id < b.id;
    });
    std::vector<std::pair<const AccountRow*, std::string>> changes;
    for (const AccountRow& row : rows) {
        const std::string want = account_name_key(row.name);
        if (!want.empty() && want != row.key) changes.emplace_back(&row, want);
    }
    auto write = [this](const std::string& id, const std::string& key) {
        const AccountWrite w = store_->set_account_key(id, key);
        if (w == AccountWrite::Failed) throw std::runtime_error("store: account " + id + " cannot be re-keyed");
        return w;
    };
    for (const auto& [row, want] : changes)
        if (row->key != collided_key(want, row->id)) write(row->id, collided_key(want, row->id));
    size_t moved = 0, kept = 0;
    for (const auto& [row, want] : changes) {
        if (write(row->id, want) == AccountWrite::Done) {
            ++moved;
            continue;
        }
        ++kept;
        spdlog::warn("accounts: account {} ({}) keeps the key {}: another account's name is too like its name",
                     row->id, row->name, collided_key(want, row->id));
    }
    if (moved || kept) spdlog::info("accounts: {} names re-keyed, {} keep a collided key", moved, kept);
}

// Under mu_. The cache's copy of the store's row (this node's sessions of it stay, unless it is deleted).
Account AccountBook::remember(const AccountRow& row) {
    Account& a = by_id_[row.id];
    if (!a.key.empty())
        if (auto k = by_key_.find(a.key); k != by_key_.end() && k->second == row.id) by_key_.erase(k);
    a.id = row.id;
    a.name = row.name;
    a.key = row.key;
    a.hash = row.hash;
    a.created_ms = row.created_ms;
    a.deleted = row.deleted;
    if (a.deleted) {
        for (const std::string& s : a.sessions) by_session_.erase(s);
        a.sessions.clear();
    } else if (!a.key.empty()) {
        by_key_[a.key] = a.id;
    }
    return a;
}

void AccountBook::bind_here(const std::string& id, const std::string& session) {
    if (auto old = by_session_.find(session); old != by_session_.end() && old->second != id)
        if (auto o = by_id_.find(old->second); o != by_id_.end()) o->second.sessions.erase(session);
    by_id_.at(id).sessions.insert(session);
    by_session_[session] = id;
}

void AccountBook::unbind_here(const std::string& session) {
    auto it = by_session_.find(session);
    if (it == by_session_.end()) return;
    if (auto a = by_id_.find(it->second); a != by_id_.end()) a->second.sessions.erase(session);
    by_session_.erase(it);
}

bool AccountBook::reserve(const std::string& key) {
    std::lock_guard lock(mu_);
    if (reserved_.count(key) || (!stored() && by_key_.count(key))) return false;
    reserved_.insert(key);
    return true;
}

void AccountBook::release(const std::string& key) {
    std::lock_guard lock(mu_);
    reserved_.erase(key);
}

AccountBook::Created AccountBook::create(const std::string& name, const std::string& key, const std::string& hash,
                                         const std::string& session, int64_t now_ms) {
    Created out;
    AccountRow row{"", name, key, hash, now_ms, false};
    if (!stored()) {
        std::lock_guard lock(mu_);
        reserved_.erase(key);
        if (by_key_.count(key)) {
            out.result = AccountWrite::Taken;
            return out;
        }
        do row.id = new_row_id();
        while (by_id_.count(row.id));
        remember(row);
        bind_here(row.id, session);
        out.result = AccountWrite::Done;
        out.account = by_id_.at(row.id);
        return out;
    }
    try {
        for (int attempt = 0; attempt < 3; ++attempt) {  // another try only if the id was taken
            row.id = new_row_id();
            out.result = store_->create_account(row);
            if (out.result != AccountWrite::Taken) break;
            if (auto holder = store_->account_by_key(key)) {
                std::lock_guard lock(mu_);
                remember(*holder);
                break;
            }
        }
    } catch (const std::exception& e) {
        spdlog::error("accounts: {}", e.what());
        out.result = AccountWrite::Failed;
    }
    std::lock_guard lock(mu_);
    reserved_.erase(key);
    if (out.result != AccountWrite::Done) return out;
    remember(row);
    bind_here(row.id, session);
    store_->bind_account_session(session, row.id);
    out.account = by_id_.at(row.id);
    return out;
}

std::optional<Account> AccountBook::fresh_by_key(const std::string& key) {
    if (!stored()) return by_key(key);
    const std::optional<AccountRow> row = store_->account_by_key(key);
    if (row) {
        std::lock_guard lock(mu_);
        return remember(*row);
    }
    // Free in the store: an account this node knew by that name was deleted (or renamed) elsewhere.
    std::optional<std::string> known;
    {
        std::lock_guard lock(mu_);
        if (auto k = by_key_.find(key); k != by_key_.end()) {
            known = k->second;
            by_key_.erase(k);
        }
    }
    if (known)
        if (const std::optional<AccountRow> old = store_->account_by_id(*known)) {
            std::lock_guard lock(mu_);
            remember(*old);
        }
    return std::nullopt;
}

std::optional<Account> AccountBook::fresh_by_id(const std::string& id) {
    if (!stored()) return by_id(id);
    const std::optional<AccountRow> row = store_->account_by_id(id);
    if (!row) return std::nullopt;
    std::lock_guard lock(mu_);
    return remember(*row);
}

std::vector<Account> AccountBook::fresh_login_candidates(const std::string& key) {
    std::vector<Account> out;
    if (key.empty()) return out;
    if (std::optional<Account> holder = fresh_by_key(key)) out.push_back(std::move(*holder));
    std::vector<std::string> collided;
    {
        std::lock_guard lock(mu_);
        const std::string prefix = key + kCollidedMark;
        for (auto it = by_key_.lower_bound(prefix); it != by_key_.end() && it->first.starts_with(prefix); ++it)
            collided.push_back(it->second);
    }
    for (const std::string& id : collided)
        if (std::optional<Account> a = fresh_by_id(id); a && !a->deleted && a->key.starts_with(key + kCollidedMark))
            out.push_back(std::move(*a));
    return out;
}

std::optional<Account> AccountBook::by_key(const std::string& key) {
    {
        std::lock_guard lock(mu_);
        auto it = by_key_.find(key);
        if (it != by_key_.end()) return by_id_.at(it->second);
    }
    if (!stored()) return std::nullopt;
    try {
        return fresh_by_key(key);
    } catch (const std::exception& e) {
        spdlog::warn("accounts: {}", e.what());
        return std::nullopt;
    }
}

std::optional<Account> AccountBook::by_id(const std::string& id) {
    {
        std::lock_guard lock(mu_);
        auto it = by_id_.find(id);
        if (it != by_id_.end()) return it->second;
    }
    if (!stored()) return std::nullopt;
    try {
        return fresh_by_id(id);
    } catch (const std::exception& e) {
        spdlog::warn("accounts: {}", e.what());
        return std::nullopt;
    }
}

std::optional<Account> AccountBook::by_session(const std::string& session) const {
    std::lock_guard lock(mu_);
    auto it = by_session_.find(session);
    if (it == by_session_.end()) return std::nullopt;
    return by_id_.at(it->second);
}

std::optional<std::string> AccountBook::name_of_session(const std::string& session) const {
    std::lock_guard lock(mu_);
    auto it = by_session_.find(session);
    if (it == by_session_.end()) return std::nullopt;
    return by_id_.at(it->second).name;
}

void AccountBook::refresh_session(const std::string& session) {
    if (!stored()) return;
    const std::optional<std::string> id = store_->account_of_session(session);
    const std::optional<AccountRow> row = id ? store_->account_by_id(*id) : std::nullopt;
    std::lock_guard lock(mu_);
    if (!row || row->deleted) {
        if (row) remember(*row);
        unbind_here(session);
        return;
    }
    remember(*row);
    bind_here(row->id, session);
}

bool AccountBook::bind(const std::string& id, const std::string& session) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end() || it->second.deleted) return false;
    bind_here(id, session);
    if (store_) store_->bind_account_session(session, id);
    return true;
}

std::optional<std::string> AccountBook::unbind(const std::string& session) {
    std::lock_guard lock(mu_);
    auto it = by_session_.find(session);
    if (it == by_session_.end()) return std::nullopt;
    const std::string id = it->second;
    unbind_here(session);
    if (store_) store_->unbind_account_session(session);
    return id;
}

std::vector<std::string> AccountBook::unbind_all(const std::string& id, const std::string& keep) {
    std::lock_guard lock(mu_);
    if (store_) store_->unbind_account_sessions(id, keep);  // the other nodes' log-ins too
    std::vector<std::string> out;
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return out;
    for (auto s = it->second.sessions.begin(); s != it->second.sessions.end();) {
        if (*s == keep) {
            ++s;
            continue;
        }
        by_session_.erase(*s);
        out.push_back(*s);
        s = it->second.sessions.erase(s);
    }
    return out;
}

std::vector<std::string> AccountBook::logged_in_sessions() const {
    std::lock_guard lock(mu_);
    std::vector<std::string> out;
    out.reserve(by_session_.size());
    for (const auto& [session, id] : by_session_) out.push_back(session);
    return out;
}

AccountWrite AccountBook::set_hash(const std::string& id, const std::string& expected, const std::string& hash) {
    if (!stored()) {
        std::lock_guard lock(mu_);
        auto it = by_id_.find(id);
        if (it == by_id_.end() || it->second.deleted || it->second.hash != expected) return AccountWrite::Stale;
        it->second.hash = hash;
        return AccountWrite::Done;
    }
    const AccountWrite w = store_->set_account_hash(id, expected, hash);
    std::lock_guard lock(mu_);
    if (w == AccountWrite::Done)
        if (auto it = by_id_.find(id); it != by_id_.end()) it->second.hash = hash;
    return w;
}

std::optional<Account> AccountBook::erase(const std::string& id) {
    const std::string anonymous = anonymous_name(id);
    std::optional<AccountRow> before;
    if (stored()) {
        before = store_->delete_account(id, anonymous);
        if (!before) return std::nullopt;
        store_->unbind_account_sessions(id, "");  // every node's log-ins
    }
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (!before) {  // no store: the cache is the book
        if (it == by_id_.end() || it->second.deleted) return std::nullopt;
        before = row_of(it->second);
    }
    Account out = it != by_id_.end() ? it->second : Account{};
    out.id = before->id;
    out.name = before->name;
    out.key = before->key;
    out.hash = before->hash;
    out.created_ms = before->created_ms;
    out.deleted = false;
    remember(AccountRow{id, anonymous, "", "", before->created_ms, true});
    return out;
}

void AccountBook::flush() {
    if (store_) store_->flush();
}

size_t AccountBook::size() const {
    std::lock_guard lock(mu_);
    return by_key_.size();
}

}  // namespace hexhall::server
