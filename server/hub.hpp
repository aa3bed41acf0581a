// The lobby: sessions, the room registry, and routing of every client message. No networking:
// the network layer calls on_message / on_close on the connection's strand, and supplies strands
// for rooms. Thread-safe.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "server/client.hpp"
#include "server/game.hpp"
#include "server/room.hpp"
#include "server/session.hpp"

namespace hexhall::server {

struct HubLimits {
    size_t max_rooms = 10000;
};

class Hub {
public:
    using StrandFactory = std::function<Post()>;
    Hub(GameFactory factory, StrandFactory strands, HubLimits limits = {});

    // Both on the client's strand (one at a time per client).
    void on_message(const ClientPtr& c, std::string_view text);
    void on_close(const ClientPtr& c);

    size_t room_count() const;

private:
    std::shared_ptr<Room> find_room(const std::string& id) const;
    std::string new_room_id();  // under mu_

    GameFactory factory_;
    StrandFactory strands_;
    HubLimits limits_;
    SessionStore sessions_;
    mutable std::mutex mu_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;
};

}  // namespace hexhall::server
