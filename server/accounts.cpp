#include "server/accounts.hpp"

#include <cctype>
#include <random>

#include <nlohmann/json.hpp>

#include "server/store.hpp"

namespace hexhall::server {

using json = nlohmann::json;

namespace {

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool separator(char c) { return c == ' ' || c == '_' || c == '-' || c == '.'; }

std::string new_account_id() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    std::string id;
    for (int word = 0; word < 2; ++word)
        for (uint32_t w = rd(), i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
    return id;
}

json to_json(const Account& a) {
    return {{"name", a.name},       {"key", a.key},
            {"hash", a.hash},       {"created", a.created_ms},
            {"sessions", a.sessions}, {"deleted", a.deleted}};
}

}  // namespace

NameCheck check_account_name(const std::string& name) {
    NameCheck r;
    if (name.size() < kMinAccountName || name.size() > kMaxAccountName) {
        r.error = "a name has 3 to 20 characters";
        return r;
    }
    bool letter = false;
    for (size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (separator(c)) {
            if (i == 0 || i + 1 == name.size() || !alnum(name[i - 1])) {
                r.error = "a space, '_', '-' or '.' may only stand alone between letters or digits";
                return r;
            }
        } else if (!alnum(c)) {
            r.error = "a name has only the letters A-Z and a-z, the digits 0-9, and single spaces, '_', '-' or '.'";
            return r;
        }
        letter = letter || std::isalpha(static_cast<unsigned char>(c));
    }
    if (!letter) {
        r.error = "a name has at least one letter";
        return r;
    }
    // The skeleton: case and separators do not count, and look-alike letters are one.
    std::string k;
    for (char c : name) {
        if (separator(c)) continue;
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        switch (c) {
            case '0': c = 'o'; break;
            case '1': case 'i': c = 'l'; break;
            case '5': c = 's'; break;
            default: break;
        }
        k += c;
    }
    std::string key;
    for (size_t i = 0; i < k.size(); ++i) {
        if (k[i] == 'r' && i + 1 < k.size() && k[i + 1] == 'n') key += 'm', ++i;
        else if (k[i] == 'v' && i + 1 < k.size() && k[i + 1] == 'v') key += 'w', ++i;
        else key += k[i];
    }
    if (key.starts_with("deletedplayer")) {
        r.error = "this name is reserved";
        return r;
    }
    r.ok = true;
    r.key = std::move(key);
    return r;
}

void AccountBook::load() {
    if (!store_) return;
    std::lock_guard lock(mu_);
    for (const StoredDocument& d : store_->load_documents(kAccountKind)) {
        json j = json::parse(d.body, nullptr, false);
        if (!j.is_object()) continue;
        Account a;
        a.id = d.id;
        a.name = j.value("name", "");
        a.key = j.value("key", "");
        a.hash = j.value("hash", "");
        a.created_ms = j.value("created", int64_t{0});
        a.deleted = j.value("deleted", false);
        if (j.contains("sessions") && j["sessions"].is_array())
            for (auto& s : j["sessions"])
                if (s.is_string()) a.sessions.insert(s.get<std::string>());
        if (!a.deleted && !a.key.empty()) by_key_[a.key] = a.id;
        for (auto& s : a.sessions) by_session_[s] = a.id;
        by_id_[a.id] = std::move(a);
    }
}

void AccountBook::save(const Account& a) {
    if (store_) store_->put_document(kAccountKind, a.id, to_json(a).dump(), a.created_ms);
}

bool AccountBook::reserve(const std::string& key) {
    std::lock_guard lock(mu_);
    if (by_key_.count(key) || reserved_.count(key)) return false;
    reserved_.insert(key);
    return true;
}

void AccountBook::release(const std::string& key) {
    std::lock_guard lock(mu_);
    reserved_.erase(key);
}

Account AccountBook::create(const std::string& name, const std::string& key, const std::string& hash,
                            const std::string& session, int64_t now_ms) {
    std::lock_guard lock(mu_);
    reserved_.erase(key);
    Account a;
    do a.id = new_account_id();
    while (by_id_.count(a.id));
    a.name = name;
    a.key = key;
    a.hash = hash;
    a.created_ms = now_ms;
    if (auto old = by_session_.find(session); old != by_session_.end()) {
        if (auto o = by_id_.find(old->second); o != by_id_.end()) {
            o->second.sessions.erase(session);
            save(o->second);
        }
    }
    a.sessions.insert(session);
    by_session_[session] = a.id;
    by_key_[key] = a.id;
    by_id_[a.id] = a;
    save(a);
    return a;
}

std::optional<Account> AccountBook::by_key(const std::string& key) const {
    std::lock_guard lock(mu_);
    auto it = by_key_.find(key);
    if (it == by_key_.end()) return std::nullopt;
    return by_id_.at(it->second);
}

std::optional<Account> AccountBook::by_id(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return std::nullopt;
    return it->second;
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

bool AccountBook::bind(const std::string& id, const std::string& session) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end() || it->second.deleted) return false;
    if (auto old = by_session_.find(session); old != by_session_.end() && old->second != id) {
        Account& o = by_id_.at(old->second);
        o.sessions.erase(session);
        save(o);
    }
    it->second.sessions.insert(session);
    by_session_[session] = id;
    save(it->second);
    return true;
}

std::optional<std::string> AccountBook::unbind(const std::string& session) {
    std::lock_guard lock(mu_);
    auto it = by_session_.find(session);
    if (it == by_session_.end()) return std::nullopt;
    const std::string id = it->second;
    by_session_.erase(it);
    Account& a = by_id_.at(id);
    a.sessions.erase(session);
    save(a);
    return id;
}

size_t AccountBook::unbind_all(const std::string& id, const std::string& keep) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end()) return 0;
    size_t n = 0;
    for (auto s = it->second.sessions.begin(); s != it->second.sessions.end();) {
        if (*s == keep) {
            ++s;
            continue;
        }
        by_session_.erase(*s);
        s = it->second.sessions.erase(s);
        ++n;
    }
    save(it->second);
    return n;
}

bool AccountBook::set_hash(const std::string& id, const std::string& expected, const std::string& hash) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end() || it->second.deleted || it->second.hash != expected) return false;
    it->second.hash = hash;
    save(it->second);
    return true;
}

std::optional<Account> AccountBook::erase(const std::string& id) {
    std::lock_guard lock(mu_);
    auto it = by_id_.find(id);
    if (it == by_id_.end() || it->second.deleted) return std::nullopt;
    Account before = it->second;
    Account& a = it->second;
    by_key_.erase(a.key);
    for (auto& s : a.sessions) by_session_.erase(s);
    a.sessions.clear();
    a.name = "Deleted player " + a.id.substr(0, 6);
    a.key.clear();
    a.hash.clear();
    a.deleted = true;
    save(a);
    return before;
}

size_t AccountBook::size() const {
    std::lock_guard lock(mu_);
    return by_key_.size();
}

}  // namespace hexhall::server
