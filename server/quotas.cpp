#include "server/quotas.hpp"

namespace hexhall::server {

void Quota::set_limit(size_t limit) {
    std::lock_guard lock(mu_);
    limit_ = limit;
}

size_t Quota::limit() const {
    std::lock_guard lock(mu_);
    return limit_;
}

bool Quota::take(const std::string& key) {
    std::lock_guard lock(mu_);
    size_t& n = held_[key];
    if (limit_ > 0 && n >= limit_) {
        if (n == 0) held_.erase(key);
        return false;
    }
    ++n;
    return true;
}

void Quota::give_back(const std::string& key) {
    std::lock_guard lock(mu_);
    auto it = held_.find(key);
    if (it == held_.end()) return;
    if (--it->second == 0) held_.erase(it);
}

size_t Quota::count(const std::string& key) const {
    std::lock_guard lock(mu_);
    auto it = held_.find(key);
    return it == held_.end() ? 0 : it->second;
}

}  // namespace hexhall::server

namespace hexhall::server {

BotGameLedger::BotGameLedger(size_t per_session, size_t per_address, size_t per_organiser)
    : session_(per_session), address_(per_address), organiser_(per_organiser) {}

BotGameLedger::Refused BotGameLedger::take(const std::string& room, const Principal& who) {
    std::lock_guard lock(mu_);
    if (held_.count(room)) return Refused::No;
    auto take = [](Quota& q, const std::string& key) { return key.empty() || q.take(key); };
    auto back = [](Quota& q, const std::string& key) {
        if (!key.empty()) q.give_back(key);
    };
    if (!take(session_, who.session)) return Refused::Session;
    if (!take(address_, who.address)) {
        back(session_, who.session);
        return Refused::Address;
    }
    if (!take(organiser_, who.organiser)) {
        back(session_, who.session);
        back(address_, who.address);
        return Refused::Organiser;
    }
    held_[room] = who;
    return Refused::No;
}

void BotGameLedger::give_back(const std::string& room) {
    std::lock_guard lock(mu_);
    auto it = held_.find(room);
    if (it == held_.end()) return;
    const Principal& who = it->second;
    if (!who.session.empty()) session_.give_back(who.session);
    if (!who.address.empty()) address_.give_back(who.address);
    if (!who.organiser.empty()) organiser_.give_back(who.organiser);
    held_.erase(it);
}

bool BotGameLedger::holds(const std::string& room) const {
    std::lock_guard lock(mu_);
    return held_.count(room) > 0;
}

size_t BotGameLedger::limit(Refused which) const {
    switch (which) {
        case Refused::Session: return session_.limit();
        case Refused::Address: return address_.limit();
        case Refused::Organiser: return organiser_.limit();
        default: return 0;
    }
}

const char* refused_by(BotGameLedger::Refused r) {
    switch (r) {
        case BotGameLedger::Refused::Session: return "session";
        case BotGameLedger::Refused::Address: return "address";
        case BotGameLedger::Refused::Organiser: return "tournament organiser";
        default: return "";
    }
}

}  // namespace hexhall::server
