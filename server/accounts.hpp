// Player accounts (issue 29, docs/decisions/020-accounts.md): a unique display name and an Argon2id
// password hash (server/password.hpp), bound to any number of sessions (server/session.hpp). A
// guest session that registers or logs in keeps its seats: seats belong to sessions, and the session
// now also names an account. The store's accounts table is the truth (several nodes share it:
// "Accounts across nodes"): its unique index decides whether a name is taken, and log-ins,
// password changes and deletions read the account from it. This book is each node's cache of it,
// filled by Hub::restore and read through on a miss. Thread-safe; the methods that say so wait
// for the database (call them off the I/O threads).
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/account_name.hpp"
#include "server/store.hpp"

namespace hexhall::server {

inline constexpr const char* kAccountKind = "account";
inline constexpr size_t kMinPassword = 8, kMaxPassword = 128;


struct Account {
    std::string id;    // 16 hex digits
    std::string name;  // as registered (shown); "Deleted player <id>" once deleted
    std::string key;   // account_name_key of the name ("" once deleted; collided_key when older took it)
    std::string hash;  // Argon2id string ("" once deleted)
    int64_t created_ms = 0;
    std::set<std::string> sessions;  // token hashes of the sessions logged in to it
    bool deleted = false;
};

class AccountBook {
public:
    explicit AccountBook(Store* store = nullptr) : store_(store) {}
    // Hub::restore: moves the "account" documents of older databases into the store's accounts table,
    // recomputes every name's key (decision 025: a new rule or new Unicode data), then loads the
    // accounts and their log-ins.
    void load();

    // A name being registered on this node: held while its password is hashed (false: held already,
    // or, without a store, taken).
    bool reserve(const std::string& key);
    void release(const std::string& key);
    // The account for a reserved key, with `session` logged in (the key is no longer held). The
    // store's unique index decides: Taken when another account (made on any node) has the key,
    // Failed when the store cannot be written. Waits for the database.
    struct Created {
        AccountWrite result = AccountWrite::Failed;
        Account account;  // when Done
    };
    Created create(const std::string& name, const std::string& key, const std::string& hash,
                   const std::string& session, int64_t now_ms);

    // The account as the store has it now (the cache is updated; a deleted account's sessions are
    // logged out here). Wait for the database; throw std::runtime_error when it cannot be read.
    std::optional<Account> fresh_by_key(const std::string& key);
    std::optional<Account> fresh_by_id(const std::string& id);
    // Who a log-in by a name with this key may be, as the store has them now: the account holding the
    // key, then any older account that keeps a collided key (decision 025). Waits for the database;
    // throws when it cannot be read.
    std::vector<Account> fresh_login_candidates(const std::string& key);
    // From the cache, read through to the store on a miss (nullopt when it cannot be read).
    std::optional<Account> by_key(const std::string& key);
    std::optional<Account> by_id(const std::string& id);
    // This node's log-ins (memory only: I/O threads).
    std::optional<Account> by_session(const std::string& session) const;
    std::optional<std::string> name_of_session(const std::string& session) const;
    // The session's log-in as the store has it (another node may have logged it in or out since):
    // a `hello` on one of several nodes. Waits for the database; throws when it cannot be read.
    void refresh_session(const std::string& session);

    // Logs `session` in to account `id` (out of any other). False when the account is gone.
    bool bind(const std::string& id, const std::string& session);
    // Logs `session` out; the account it was in (nullopt: none).
    std::optional<std::string> unbind(const std::string& session);
    // Logs every session of account `id` out except `keep` ("": all), on every node; the sessions
    // this node knew of (their connections are told: loggedOut).
    std::vector<std::string> unbind_all(const std::string& id, const std::string& keep = "");
    // Every session of this node logged in (the periodic check against the store, several nodes).
    std::vector<std::string> logged_in_sessions() const;
    // A new password hash, only if `expected` is still the current one (two changes race, on one
    // node or two): Stale otherwise. Waits for the database.
    AccountWrite set_hash(const std::string& id, const std::string& expected, const std::string& hash);
    // Deletes the account: name anonymised, hash and key cleared, every session logged out; the
    // name is free again. Returns the account as it was (with this node's sessions); nullopt when
    // it is gone already. Waits for the database; throws when it cannot be written.
    std::optional<Account> erase(const std::string& id);
    size_t size() const;  // accounts this node knows of (not deleted)
    // Waits until the log-ins and log-outs made so far are stored, so other nodes see them.
    void flush();

private:
    bool stored() const;                          // the store keeps accounts
    void rekey();                                 // load(): every live account's key as the rule says now
    Account remember(const AccountRow& row);      // under mu_: the cache takes the store's row
    void bind_here(const std::string& id, const std::string& session);   // under mu_
    void unbind_here(const std::string& session);  // under mu_
    Store* store_;
    mutable std::mutex mu_;
    std::map<std::string, Account> by_id_;
    std::map<std::string, std::string> by_key_;      // key -> id
    std::map<std::string, std::string> by_session_;  // session hash -> id
    std::set<std::string> reserved_;
};

}  // namespace hexhall::server
