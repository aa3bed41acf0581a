// The fair worker pool (docs/decisions/011-fair-work-pool.md): client-triggered CPU work (room
// password hashing and checking, the heavy HTTP endpoints) runs here, never on an I/O thread, a
// room's strand or under the hub's lock. Jobs are queued per principal — an address, and within it
// a session — and served round-robin: across addresses first, then across one address's sessions,
// so one principal's backlog never delays another's first job by more than one job per busy
// principal. Queues are bounded per session, per address and in total; a job beyond a bound is
// refused at once (the caller answers `busy` / HTTP 503). Threads: an asio::thread_pool.
#pragma once
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace boost::asio {
class thread_pool;
}

namespace hexhall::server {

// Whom a job is charged to: the peer address, and the session when known ("" : the address's
// session-less work, e.g. an HTTP request).
struct WorkPrincipal {
    std::string address;
    std::string session;
};

// The pool's size and bounds (ServerOptions::work; --work-threads, --work-queue).
struct WorkLimits {
    int threads = 2;
    size_t per_session = 8;   // queued jobs of one principal (session; or the address's session-less work)
    size_t per_address = 256;  // queued jobs of one address, its sessions together (a club's safety net)
    size_t total = 4096;       // queued jobs of everyone
};

class WorkPool {
public:
    using Limits = WorkLimits;
    enum class Admit { Queued, PrincipalFull, AddressFull, Full, Stopped };
    // Runs once: with true on a worker thread, or with false when the pool stops before its turn
    // (on the thread calling stop()) so that the caller can answer and give back what it took.
    using Job = std::function<void(bool run)>;

    explicit WorkPool(Limits limits = {});
    ~WorkPool();  // stop()
    WorkPool(const WorkPool&) = delete;
    WorkPool& operator=(const WorkPool&) = delete;

    // Queues `job` for `who`; anything but Queued: refused, `job` is dropped without being called.
    Admit submit(const WorkPrincipal& who, Job job);
    // Refuses new jobs, cancels the queued ones (job(false)), waits for the running ones. Idempotent.
    void stop();
    size_t queued() const;
    uint64_t refused() const;
    const Limits& limits() const { return limits_; }

private:
    void run_one();  // on a worker: the next job in round-robin order, if any
    struct Address {
        size_t queued = 0;
        std::map<std::string, std::deque<Job>> sessions;
        std::deque<std::string> turn;  // sessions with queued jobs, in round-robin order
    };
    bool pop(Job& job);  // under mu_

    Limits limits_;
    mutable std::mutex mu_;
    std::map<std::string, Address> addresses_;
    std::deque<std::string> turn_;  // addresses with queued jobs, in round-robin order
    size_t queued_ = 0;
    uint64_t refused_ = 0;
    bool stopped_ = false;
    std::mutex stop_mu_;
    std::unique_ptr<boost::asio::thread_pool> threads_;  // last: joined (stop()) before the rest goes
};

// The client-facing words for a refusal (the lobby's `busy` message, the HTTP 503 body).
const char* busy_message(WorkPool::Admit a);

}  // namespace hexhall::server
