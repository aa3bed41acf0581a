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

std::optional<std::string> Hub::take_room_quota(const Principal& who) {
    auto refused = [](const char* per, size_t limit) {
        return "at most " + std::to_string(limit) + " open rooms per " + per + ": close one first";
    };
    std::lock_guard q(quota_mu_);
    if (!who.session.empty() && !rooms_by_session_.take(who.session))
        return refused("session", rooms_by_session_.limit());
    if (!who.organiser.empty() && !rooms_by_organiser_.take(who.organiser)) {
        if (!who.session.empty()) rooms_by_session_.give_back(who.session);
        return refused("tournament organiser", rooms_by_organiser_.limit());
    }
    if (!who.address.empty() && !rooms_by_address_.take(who.address)) {
        if (!who.session.empty()) rooms_by_session_.give_back(who.session);
        if (!who.organiser.empty()) rooms_by_organiser_.give_back(who.organiser);
        return refused("address", rooms_by_address_.limit());
    }
    return std::nullopt;
}

void Hub::give_back_room_quota(const Principal& who) {
    std::lock_guard q(quota_mu_);
    if (!who.session.empty()) rooms_by_session_.give_back(who.session);
    if (!who.organiser.empty()) rooms_by_organiser_.give_back(who.organiser);
    if (!who.address.empty()) rooms_by_address_.give_back(who.address);
}

void Hub::set_room_holder(const std::string& room_id, const Principal& who) {
    std::lock_guard q(quota_mu_);
    room_holders_[room_id] = who;
}

void Hub::give_back_room_quota(const std::string& room_id) {
    bot_games_->give_back(room_id);  // the room closed: its bot game, if any, ends with it
    std::optional<Principal> who;
    {
        std::lock_guard q(quota_mu_);
        auto it = room_holders_.find(room_id);
        if (it == room_holders_.end()) return;
        who = std::move(it->second);
        room_holders_.erase(it);
    }
    give_back_room_quota(*who);
}

// listRooms, one page at a time: public rooms by id after `after`, at most `limit` (1–100, default
// 50); `next` is the cursor of the next page (null on the last).
namespace {
// A room's listRooms entry: its `room` push without the invite and the rematch link.
json listing_entry(const Room& room) {
    json s = room.summary();
    s.erase("invite");
    s.erase("rematch");
    return s;
}
}  // namespace

std::string Hub::public_listing() const {
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, room] : rooms_) {
            if (rooms.size() == kMaxListing) break;
            if (!room->is_private()) rooms.push_back(room);
        }
    }
    json list = json::array();
    for (auto& room : rooms) list.push_back(listing_entry(*room));
    return list.dump();
}

void Hub::set_remote_listings(const std::vector<std::string>& listings) {
    std::map<std::string, json> rooms;
    for (const std::string& text : listings) {
        json list = json::parse(text, nullptr, false);
        if (!list.is_array()) continue;
        for (json& entry : list)
            if (entry.is_object() && entry.contains("room") && entry["room"].is_string())
                rooms.emplace(entry["room"].get<std::string>(), std::move(entry));
    }
    std::lock_guard lock(remote_mu_);
    remote_rooms_.swap(rooms);
}

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
    // One page of this node's rooms and (several nodes) the other nodes' listings, by room id.
    std::map<std::string, json> page;
    for (auto& room : rooms) page.emplace(room->id(), listing_entry(*room));
    {
        std::lock_guard lock(remote_mu_);
        size_t n = 0;
        for (auto it = after.empty() ? remote_rooms_.begin() : remote_rooms_.upper_bound(after);
             it != remote_rooms_.end() && n <= limit; ++it, ++n)
            page.emplace(it->first, it->second);  // a room here wins (it may just have been taken over)
    }
    json list = json::array();
    for (auto& [id, entry] : page) {
        if (list.size() == limit) break;
        list.push_back(std::move(entry));
    }
    const bool more = page.size() > limit;
    json reply = rooms_message(r.id, std::move(list));
    reply["next"] = more ? reply["rooms"].back().at("room") : json(nullptr);
    c->send(reply);
}

}  // namespace hexhall::server
