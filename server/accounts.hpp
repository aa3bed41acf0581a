// Player accounts (issue 29, docs/decisions/020-accounts.md): a unique display name and an Argon2id
// password hash (server/password.hpp), bound to any number of sessions (server/session.hpp). A
// guest session that registers or logs in keeps its seats: seats belong to sessions, and the session
// now also names an account. Kept in memory and written through to the store as documents of kind
// "account" (both stores hold documents); restored by Hub::restore. Thread-safe.
#pragma once
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace hexhall::server {

class Store;

inline constexpr const char* kAccountKind = "account";
inline constexpr size_t kMinAccountName = 3, kMaxAccountName = 20;
inline constexpr size_t kMinPassword = 8, kMaxPassword = 128;

// The conservative name rule of decision 020: 3–20 characters of ASCII letters and digits, with
// single separators (space, '_', '-', '.') between them, at least one letter. `key` is what must be
// unique: lower case, separators dropped, look-alikes folded (0→o, 1→l, i→l, 5→s, rn→m, vv→w), so
// "Ann", "A.nn" and "ANN" collide, and so do "Lily", "L1ly" and "lily".
struct NameCheck {
    bool ok = false;
    std::string key;    // set when ok
    std::string error;  // set when not ok: why, for the player
};
NameCheck check_account_name(const std::string& name);

struct Account {
    std::string id;    // 16 hex digits
    std::string name;  // as registered (shown); "Deleted player <id>" once deleted
    std::string key;   // check_account_name's key ("" once deleted)
    std::string hash;  // Argon2id string ("" once deleted)
    int64_t created_ms = 0;
    std::set<std::string> sessions;  // token hashes of the sessions logged in to it
    bool deleted = false;
};

class AccountBook {
public:
    explicit AccountBook(Store* store = nullptr) : store_(store) {}
    void load();  // from the store's documents (Hub::restore)

    // A name being registered: held while its password is hashed (false: taken or held).
    bool reserve(const std::string& key);
    void release(const std::string& key);
    // The account for a reserved key, with `session` logged in (the key is no longer held).
    Account create(const std::string& name, const std::string& key, const std::string& hash,
                   const std::string& session, int64_t now_ms);

    std::optional<Account> by_key(const std::string& key) const;
    std::optional<Account> by_id(const std::string& id) const;
    std::optional<Account> by_session(const std::string& session) const;
    std::optional<std::string> name_of_session(const std::string& session) const;

    // Logs `session` in to account `id` (out of any other). False when the account is gone.
    bool bind(const std::string& id, const std::string& session);
    // Logs `session` out; the account it was in (nullopt: none).
    std::optional<std::string> unbind(const std::string& session);
    // Logs every session of account `id` out except `keep` ("": all); how many went.
    size_t unbind_all(const std::string& id, const std::string& keep = "");
    // A new password hash (only if `expected` is still the current one: two changes race).
    bool set_hash(const std::string& id, const std::string& expected, const std::string& hash);
    // Deletes the account: name anonymised, hash and key cleared, every session logged out; the
    // name is free again. Returns the sessions that were logged in, and the old name.
    std::optional<Account> erase(const std::string& id);
    size_t size() const;

private:
    void save(const Account& a);  // under mu_: the store queues it (no disk wait)
    Store* store_;
    mutable std::mutex mu_;
    std::map<std::string, Account> by_id_;
    std::map<std::string, std::string> by_key_;      // key -> id
    std::map<std::string, std::string> by_session_;  // session hash -> id
    std::set<std::string> reserved_;
};

}  // namespace hexhall::server
