// A node's lease (docs/decisions/017-several-nodes.md): renewed in the shared database every
// ttl / 3 on a thread of its own; a node that has not renewed it for `ttl` (lost connection, or
// frozen) has lost it: `on_lost` runs once (the hub stops every room here and tells its clients),
// before other nodes may take its rooms over (their view of the expiry starts later than ours).
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "server/room_directory.hpp"

namespace hexhall::server {

class NodeLease {
public:
    struct Hooks {
        std::function<int64_t()> rooms;        // the node's room count (stored with the lease: its load)
        std::function<std::string()> listing;  // its public rooms' lobby entries (a JSON array)
        std::function<void(const std::vector<NodeLoad>&)> others;  // the other live nodes' loads and listings
        std::function<void()> lost;            // the lease was lost
        std::function<void()> after_renewal;   // on the renewer thread after each renewal (not the first)
    };
    // Takes the lease at once (throws std::runtime_error when it cannot), then renews it.
    NodeLease(RoomDirectory& directory, std::string public_url, std::chrono::milliseconds ttl, Hooks hooks);
    ~NodeLease();  // stops renewing (the lease then expires, or release_node() ends it)
    NodeLease(const NodeLease&) = delete;
    NodeLease& operator=(const NodeLease&) = delete;

    bool held() const { return held_.load(); }
    uint64_t losses() const { return losses_.load(); }

private:
    bool renew();         // one renewal; true when it committed
    void check_expiry();  // loses the lease when its deadline passed
    void renewer();
    void watchdog();  // apart from the renewer, which may hang in a network call

    RoomDirectory& directory_;
    const std::string url_;
    const std::chrono::milliseconds ttl_;
    Hooks hooks_;
    std::atomic<bool> held_{false};
    std::atomic<int64_t> deadline_{0};  // steady ms: the lease is ours until then
    std::atomic<uint64_t> losses_{0};
    std::mutex mu_;
    std::condition_variable cv_;
    bool stop_ = false;
    std::thread renewer_, watchdog_;
};

}  // namespace hexhall::server
