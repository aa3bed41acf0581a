// The Hub across several nodes on one database (docs/decisions/017-several-nodes.md): a join or
// resume of a room that is not here is answered `moved` when another live node owns it, and the room
// is taken over (owner epoch + 1, replayed from the stored actions as at a restart) when its owner's
// lease expired or it was released. A node that lost its lease, or whose write to a room was fenced,
// stops its rooms and tells their clients to resume elsewhere.
#include <algorithm>
#include <chrono>
#include <future>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"
#include "server/hub.hpp"
#include "server/lobby_messages.hpp"
#include "server/log_limit.hpp"
#include "server/safe_text.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

std::shared_ptr<Room> Hub::route(const ClientPtr& c, const std::string& id, std::optional<int64_t> request_id,
                                 bool& answered) {
    RoomLocation where;
    try {
        if (auto room = serve_here(id, where)) return room;
    } catch (const std::exception& e) {
        // This node cannot reach the database (its connection to it is cut): it can neither say
        // where the room is nor take it over. The client is told to resume on another node
        // (`moved` without a URL, as when a room stops here), never left with an error.
        if (log_allowed("cluster route"))
            spdlog::warn("room {}: cannot be located from this node ({}): the client is sent elsewhere", printable(id),
                         printable(e.what()));
        where = {RoomLocation::Kind::Elsewhere, ""};
    }
    if (where.kind == RoomLocation::Kind::Elsewhere) {
        metrics::room_moved();
        answered = true;
        c->send(moved_message(id, where.url, request_id));
    }
    return nullptr;
}

std::shared_ptr<Room> Hub::serve_here(const std::string& id, RoomLocation& where) {
    std::lock_guard takeover(takeover_mu_);
    if (auto room = find_room(id)) return room;  // taken over meanwhile by another request here
    for (int attempt = 0; attempt < 2; ++attempt) {
        where = directory_->locate(id);
        if (where.kind != RoomLocation::Kind::Free) return nullptr;
        std::optional<StoredRoom> st = directory_->take_over(id);
        if (!st) continue;  // another node took it first: it is live, ask again where
        std::string why;
        if (!restore_room(*st, why)) {  // as at start-up: set aside, marked abandoned
            spdlog::error("room {}: cannot be taken over ({}); set aside, marked abandoned", printable(id),
                          printable(why));
            metrics::room_set_aside();
            store_->set_state(id, "abandoned", unix_ms_now());
            where.kind = RoomLocation::Kind::None;
            return nullptr;
        }
        metrics::room_taken_over();
        spdlog::info("room {}: taken over by node {}", id, directory_->node_id());
        return find_room(id);
    }
    return nullptr;
}

size_t Hub::adopt_orphans(size_t limit) {
    if (!directory_) return 0;
    size_t adopted = 0;
    for (const std::string& id : directory_->orphans(limit)) {
        RoomLocation where;
        adopted += serve_here(id, where) != nullptr;
    }
    return adopted;
}

void Hub::set_remote_nodes(const std::vector<NodeLoad>& nodes) {
    std::vector<std::string> listings;
    std::vector<NodeLoad> loads;
    for (const NodeLoad& n : nodes) {
        listings.push_back(n.listing);
        loads.push_back({n.id, n.url, n.rooms, {}, n.lease_left_ms});
    }
    set_remote_listings(listings);
    std::lock_guard lock(remote_mu_);
    remote_nodes_.swap(loads);
}

NodeLoad* Hub::clearly_less_loaded(int64_t here) {
    NodeLoad* least = nullptr;
    // Only nodes that renewed their leases lately: one that died since is still live for up to a
    // lease, and a client sent there would find nobody.
    for (NodeLoad& n : remote_nodes_)
        if (!n.url.empty() && renewed_recently(n, lease_.count()) && (!least || n.rooms < least->rooms)) least = &n;
    if (!least) return nullptr;
    const int64_t margin = static_cast<int64_t>(limits_.place_margin_rooms);
    const int64_t percent = static_cast<int64_t>(limits_.place_margin_percent);
    // Clearly busier: by more than `margin` rooms and by more than `percent` %.
    if (here - least->rooms <= margin || here * 100 <= least->rooms * (100 + percent)) return nullptr;
    return least;
}

std::optional<std::string> Hub::placement() {
    if (!directory_) return std::nullopt;
    const int64_t here = static_cast<int64_t>(room_count());
    std::lock_guard lock(remote_mu_);
    NodeLoad* least = clearly_less_loaded(here);
    if (!least) return std::nullopt;
    ++least->rooms;  // until its next renewal says how many it holds
    return least->url;
}

std::optional<std::string> Hub::less_loaded_node() {
    if (!directory_) return std::nullopt;
    const int64_t here = static_cast<int64_t>(room_count());
    std::lock_guard lock(remote_mu_);
    const NodeLoad* least = clearly_less_loaded(here);
    return least ? std::optional<std::string>(least->id) : std::nullopt;
}

size_t Hub::hand_over_wanted() {
    if (!directory_) return 0;
    // This runs on the lease's renewer thread: each room's strand is waited for at most a quarter
    // of the lease period (at least 50 ms; 1 s without a lease), so a few stuck rooms never delay
    // the next renewal past the lease (which would lose every room here).
    const std::chrono::milliseconds wait =
        lease_.count() > 0 ? std::max(std::chrono::milliseconds(50), lease_ / 4) : std::chrono::milliseconds(1000);
    size_t handed = 0;
    for (const auto& [id, url] : directory_->wanted_here()) {
        auto room = find_room(id);
        if (!room) {
            // Not running here (stopped after an earlier wait ran out): its owner row goes.
            std::lock_guard takeover(takeover_mu_);  // not while a request here takes it over
            if (find_room(id)) continue;             // it did: handed over at the next renewal
            directory_->release_room(id);
            ++handed;
            continue;
        }
        auto stopped = std::make_shared<std::promise<void>>();
        std::future<void> f = stopped->get_future();
        room->evict(url, [stopped] { stopped->set_value(); });
        // Its strand stops it (no action is taken after). A busy strand stops it later; its owner
        // row is released at the next renewal (above), and the wanting node waits until then.
        if (f.wait_for(wait) != std::future_status::ready) {
            spdlog::warn("room {}: wanted by another node, but did not stop in time: released at the next renewal",
                         printable(id));
            continue;
        }
        directory_->release_room(id);  // after its last write is committed
        ++handed;
    }
    return handed;
}

Hub::Fetched Hub::fetch_room(const std::string& id) {
    if (find_room(id)) return Fetched::Here;
    if (!directory_ || lease_.count() <= 0) return Fetched::Gone;
    try {
        directory_->want_room(id);
        const auto until = std::chrono::steady_clock::now() + 2 * lease_;
        const auto every = std::max(std::chrono::milliseconds(20), lease_ / 30);
        while (std::chrono::steady_clock::now() < until) {
            RoomLocation where;
            if (serve_here(id, where)) return Fetched::Here;
            if (where.kind == RoomLocation::Kind::None) return Fetched::Gone;
            std::this_thread::sleep_for(every);  // its node releases it at its next lease renewal
        }
    } catch (const std::exception& e) {
        if (log_allowed("cluster fetch"))
            spdlog::warn("room {}: cannot be brought here ({})", printable(id), printable(e.what()));
    }
    return Fetched::Moving;
}

void Hub::evict_all() {
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, room] : rooms_) rooms.push_back(room);
    }
    for (auto& room : rooms) room->evict();
}

void Hub::evict(const std::string& room) {
    if (auto r = find_room(room)) r->evict();
}

}  // namespace hexhall::server
