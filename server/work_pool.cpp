#include "server/work_pool.hpp"

#include <algorithm>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/handler_guard.hpp"

namespace hexhall::server {

namespace {
constexpr int kWorkerNice = 10;  // CFS weight 110 against 1024 for the I/O threads
}  // namespace

WorkPool::WorkPool(Limits limits) : limits_(limits), threads_(std::make_unique<boost::asio::thread_pool>(static_cast<size_t>(std::max(1, limits.threads)))) {}

WorkPool::~WorkPool() { stop(); }

WorkPool::Admit WorkPool::submit(const WorkPrincipal& who, Job job) {
    {
        std::lock_guard lock(mu_);
        Admit refuse = Admit::Queued;
        auto a = addresses_.find(who.address);
        if (stopped_) refuse = Admit::Stopped;
        else if (queued_ >= limits_.total) refuse = Admit::Full;
        else if (a != addresses_.end() && a->second.queued >= limits_.per_address) refuse = Admit::AddressFull;
        else if (a != addresses_.end()) {
            auto s = a->second.sessions.find(who.session);
            if (s != a->second.sessions.end() && s->second.size() >= limits_.per_session) refuse = Admit::PrincipalFull;
        }
        if (refuse != Admit::Queued) {
            ++refused_;
            return refuse;
        }
        if (a == addresses_.end()) {
            a = addresses_.emplace(who.address, Address{}).first;
            turn_.push_back(who.address);  // a newcomer waits at most one job per busy address
        }
        std::deque<Job>& q = a->second.sessions[who.session];
        if (q.empty()) a->second.turn.push_back(who.session);
        q.push_back(std::move(job));
        ++a->second.queued;
        ++queued_;
    }
    // One run_one per queued job: each runs whichever job is next in turn, not necessarily this one.
    boost::asio::post(*threads_, [this] { run_one(); });
    return Admit::Queued;
}

bool WorkPool::pop(Job& job) {
    if (turn_.empty()) return false;
    const std::string address = std::move(turn_.front());
    turn_.pop_front();
    Address& a = addresses_.at(address);
    const std::string session = std::move(a.turn.front());
    a.turn.pop_front();
    auto s = a.sessions.find(session);
    job = std::move(s->second.front());
    s->second.pop_front();
    if (s->second.empty()) a.sessions.erase(s);
    else a.turn.push_back(session);
    --queued_;
    if (--a.queued == 0) addresses_.erase(address);
    else turn_.push_back(address);
    return true;
}

namespace {
// A worker thread yields the CPU to the I/O threads and room strands (Linux: nice is per thread).
void lower_priority_once() {
    thread_local bool lowered = false;
    if (lowered) return;
    lowered = true;
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kWorkerNice);
}
}  // namespace

void WorkPool::run_one() {
    lower_priority_once();
    Job job;
    {
        std::lock_guard lock(mu_);
        if (!pop(job)) return;  // cancelled by stop()
    }
    run_guarded("work job", [&] { job(true); });
}

void WorkPool::stop() {
    std::lock_guard stopping(stop_mu_);
    std::vector<Job> cancelled;
    {
        std::lock_guard lock(mu_);
        if (stopped_) return;
        stopped_ = true;
        for (Job job; pop(job);) cancelled.push_back(std::move(job));
    }
    for (Job& job : cancelled) run_guarded("work job (cancelled)", [&] { job(false); });
    threads_->join();  // the running jobs finish; the run_one left over find nothing
}

size_t WorkPool::queued() const {
    std::lock_guard lock(mu_);
    return queued_;
}

uint64_t WorkPool::refused() const {
    std::lock_guard lock(mu_);
    return refused_;
}

const char* busy_message(WorkPool::Admit a) {
    switch (a) {
        case WorkPool::Admit::Stopped: return "the server is shutting down";
        case WorkPool::Admit::Full: return "the server is busy: try again in a few seconds";
        default: return "too many of your requests are waiting: try again when they are answered";
    }
}

}  // namespace hexhall::server
