// Bytes queued for sending, across every WebSocket (issue 26, docs/operations.md "Memory"): a
// budget for the whole server and a share of it per peer address. A per-connection cap alone let
// one address's never-reading sockets take the server from 64 MB to 1.24 GB. When a queue would
// take its address over its share, or the server over its budget, the connections holding the most
// queued bytes (of that address, or of the server) are dropped first: the slowest readers go, and a
// client that reads keeps working. Freed memory goes back to the system after such drops.
// Thread-safe; Asio-free (server/net.cpp drives it).
#pragma once
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace hexhall::server {

class SendBudget {
public:
    // total: bytes queued across the server; per_address: across one address's connections.
    SendBudget(size_t total, size_t per_address);
    ~SendBudget();
    SendBudget(const SendBudget&) = delete;
    SendBudget& operator=(const SendBudget&) = delete;

    // A connection joins the accounting. `drop` asks it to go (called from any thread, never under
    // the budget's lock; it must clear the connection's queue, which then calls forget()).
    void open(uint64_t id, const std::string& address, std::function<void()> drop);
    // `bytes` more queued by connection `id`. False when `id` itself must go instead (nothing was
    // counted): the caller drops itself. Other victims get their `drop` called.
    bool add(uint64_t id, size_t bytes);
    // `bytes` of `id`'s queue were sent or discarded.
    void release(uint64_t id, size_t bytes);
    // The connection is gone (its remaining bytes are given back). Every kClosesPerTrim closes
    // ask for a trim too: the buffers of many closed connections stay with the allocator otherwise
    // (glibc's malloc_trim, or a purge of jemalloc's arenas: send_budget.cpp).
    void forget(uint64_t id);
    static constexpr int kClosesPerTrim = 16;
    // A dropped connection cleared its queue: memory is handed back to the system soon (at most
    // once a second, on the budget's own thread, never an I/O thread).
    void trim_soon();

    size_t total() const;
    size_t peak() const;  // the largest total seen
    size_t of_address(const std::string& address) const;

private:
    struct Entry {
        std::string address;
        size_t bytes = 0;
        bool dropping = false;
        std::function<void()> drop;
    };
    // Marks the connection holding the most bytes (of `address`, or of every address when empty)
    // for dropping and takes its bytes out of the totals; returns its id, or 0 when none is left.
    uint64_t pick_victim(const std::string& address);
    void trimmer();

    const size_t limit_, per_address_limit_;
    mutable std::mutex mu_;
    std::map<uint64_t, Entry> entries_;
    std::map<std::string, size_t> by_address_;
    size_t total_ = 0, peak_ = 0;
    int closes_since_trim_ = 0;

    std::mutex trim_mu_;
    std::condition_variable trim_cv_;
    bool trim_wanted_ = false, stop_ = false;
    std::thread trim_thread_;
};

}  // namespace hexhall::server
