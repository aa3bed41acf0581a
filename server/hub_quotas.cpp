// The Hub's quotas and the paged room list (docs/operations.md, "Limits and quotas"; docs/protocol.md,
// listRooms): what one session or one address may hold of the shared capacity.
#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"
#include "server/hub.hpp"
#include "server/safe_text.hpp"

namespace hexhall::server {

namespace {
constexpr size_t kDefaultPage = 50, kMaxPage = 100;
}  // namespace

bool Hub::take_room_quota(const ClientPtr& c, int64_t id) {
    auto refuse = [&](const char* who, size_t limit) {
        metrics::quota_refused();
        c->send(lobby_error("quota_exceeded",
                            "at most " + std::to_string(limit) + " open rooms per " + who + ": close one first", id));
        return false;
    };
    if (!rooms_by_session_.take(c->session_hash)) return refuse("session", rooms_by_session_.limit());
    if (!rooms_by_address_.take(c->address)) {
        rooms_by_session_.give_back(c->session_hash);
        return refuse("address", rooms_by_address_.limit());
    }
    return true;
}

void Hub::give_back_room_quota(const std::string& room_id) {
    std::lock_guard q(quota_mu_);
    for (auto* holders : {&room_holders_, &bot_room_holders_}) {
        auto it = holders->find(room_id);
        if (it == holders->end()) continue;
        if (holders == &room_holders_) {
            rooms_by_session_.give_back(it->second.session);
            rooms_by_address_.give_back(it->second.address);
        } else {
            bot_rooms_by_session_.give_back(it->second.session);
            bot_rooms_by_address_.give_back(it->second.address);
        }
        holders->erase(it);
    }
}

// A start that would run a game without any person (every seat a bot, or botFill for every empty
// seat) counts against the bot-room quota until that game is over or its room closed.
bool Hub::take_bot_room_quota(const ClientPtr& c, const std::shared_ptr<Room>& room, int64_t id) {
    const json summary = room->summary();
    if (summary.value("started", false)) return true;  // the room answers already_started
    for (const json& seat : summary.at("seats"))
        if (seat.is_object() && seat.value("kind", "") != "bot") return true;  // a person plays
    // Games that ended (or rooms that closed) give their quota back first. (Lock order: mu_ is
    // never taken under quota_mu_.)
    std::vector<std::string> held;
    {
        std::lock_guard q(quota_mu_);
        for (auto& [rid, h] : bot_room_holders_) held.push_back(rid);
    }
    std::vector<std::string> done;
    for (const std::string& rid : held)
        if (auto r = find_room(rid); !r || r->summary().value("over", false)) done.push_back(rid);
    std::lock_guard q(quota_mu_);
    for (const std::string& rid : done) {
        auto it = bot_room_holders_.find(rid);
        if (it == bot_room_holders_.end()) continue;
        bot_rooms_by_session_.give_back(it->second.session);
        bot_rooms_by_address_.give_back(it->second.address);
        bot_room_holders_.erase(it);
    }
    if (bot_room_holders_.count(room->id())) return true;  // a second start: the room answers
    auto refuse = [&](const char* who, size_t limit) {
        metrics::quota_refused();
        c->send(lobby_error("too_many_bot_rooms",
                            "at most " + std::to_string(limit) + " games with only bots at once per " + who, id));
        return false;
    };
    if (!bot_rooms_by_session_.take(c->session_hash)) return refuse("session", bot_rooms_by_session_.limit());
    if (!bot_rooms_by_address_.take(c->address)) {
        bot_rooms_by_session_.give_back(c->session_hash);
        return refuse("address", bot_rooms_by_address_.limit());
    }
    bot_room_holders_[room->id()] = Holder{c->session_hash, c->address};
    return true;
}

// listRooms, one page at a time: public rooms by id after `after`, at most `limit` (1–100, default
// 50); `next` is the cursor of the next page (null on the last).
void Hub::list_rooms(const ClientPtr& c, const LobbyRequest& r) {
    size_t limit = kDefaultPage;
    std::string after;
    if (auto it = r.body.find("limit"); it != r.body.end() && !it->is_null()) {
        if (!it->is_number_integer() || it->get<int64_t>() < 1 || it->get<int64_t>() > static_cast<int64_t>(kMaxPage))
            return c->send(lobby_error("out_of_range", "\"limit\" must be 1 to 100", r.id));
        limit = static_cast<size_t>(it->get<int64_t>());
    }
    if (auto it = r.body.find("after"); it != r.body.end() && !it->is_null()) {
        if (!it->is_string() || it->get<std::string>().size() > 64)
            return c->send(lobby_error("bad_type", "\"after\" must be a room id", r.id));
        after = it->get<std::string>();
    }
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::lock_guard lock(mu_);
        for (auto it = after.empty() ? rooms_.begin() : rooms_.upper_bound(after);
             it != rooms_.end() && rooms.size() <= limit; ++it)
            if (!it->second->is_private()) rooms.push_back(it->second);
    }
    const bool more = rooms.size() > limit;
    if (more) rooms.pop_back();
    json list = json::array();
    for (auto& room : rooms) {
        json s = room->summary();
        s.erase("invite");
        s.erase("rematch");
        list.push_back(std::move(s));
    }
    json reply = rooms_message(r.id, std::move(list));
    reply["next"] = more ? json(rooms.back()->id()) : json(nullptr);
    c->send(reply);
}

}  // namespace hexhall::server
