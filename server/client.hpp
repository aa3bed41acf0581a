// A connected client as the room core sees it, and how the core runs work on a strand.
#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "server/game.hpp"

namespace hexhall::server {

class Room;

// Runs a function on one strand (the network layer supplies an asio::strand per room).
using Post = std::function<void(std::function<void()>)>;
// Runs a function on the same strand after a delay (an asio::steady_timer; no cancellation: the
// function checks whether it is still wanted).
using PostAfter = std::function<void(std::chrono::milliseconds, std::function<void()>)>;
struct Strand {
    Post post;
    PostAfter post_after;
};

class Client {
public:
    virtual ~Client() = default;
    // Queues a message. Thread-safe, never blocks; an overflowing queue drops the connection.
    virtual void send(Text text) = 0;
    void send(const json& j) { send(make_text(j)); }
    // Sends what is queued, then closes the connection with 1008 (policy) and `reason` (any thread).
    virtual void close_after_send(const std::string& reason) { (void)reason; }
    // A request of this connection was handed to a room (begun, on the connection's strand) and
    // handled there (done, on the room's strand). A connection reads no further while
    // kMaxRoomRequests of its requests wait in rooms: a client that sends faster than its room
    // answers is slowed at its own socket instead of queueing work and memory in the server.
    static constexpr int kMaxRoomRequests = 8;
    virtual void work_begun() {}
    virtual void work_done() {}

    // Owned by the connection's strand (only Hub touches these, from on_message / on_close):
    uint64_t connection_id = 0;  // set by the network layer (a counter, for logs)
    std::string address;  // the peer's IP address, set by the network layer (quotas)
    std::string session_hash;  // empty until hello
    std::string name;
    std::shared_ptr<Room> room;  // the room joined (or rejoined by hello)
};
using ClientPtr = std::shared_ptr<Client>;

}  // namespace hexhall::server
