#include "server/send_budget.hpp"

#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "server/metrics.hpp"

// jemalloc's control interface, declared weak: it is non-null when jemalloc is the process's
// allocator (hexhall-server links it, decision 024; or LD_PRELOAD), null under glibc's malloc
// (unit tests, the sanitizer build), whose own malloc_trim is then used.
extern "C" int mallctl(const char* name, void* oldp, size_t* oldlenp, void* newp, size_t newlen)
    __attribute__((weak));

namespace hexhall::server {

namespace {

// Hands freed heap pages back to the system, whichever allocator is in use. glibc keeps them
// otherwise (RSS stayed at its peak); jemalloc returns dirty pages only after its decay time
// (10 s by default), so it is asked to purge every arena now. "arena.4096.purge": 4096 is
// MALLCTL_ARENAS_ALL in <jemalloc/jemalloc.h> (jemalloc 5).
void release_free_memory() {
    if (mallctl) {
        mallctl("arena.4096.purge", nullptr, nullptr, nullptr, 0);
    } else {
        malloc_trim(0);
    }
}

}  // namespace

SendBudget::SendBudget(size_t total, size_t per_address)
    : limit_(total), per_address_limit_(per_address), trim_thread_([this] { trimmer(); }) {}

SendBudget::~SendBudget() {
    {
        std::lock_guard lock(trim_mu_);
        stop_ = true;
    }
    trim_cv_.notify_all();
    trim_thread_.join();
}

void SendBudget::open(uint64_t id, const std::string& address, std::function<void()> drop) {
    std::lock_guard lock(mu_);
    Entry& e = entries_[id];
    e.address = address;
    e.drop = std::move(drop);
}

uint64_t SendBudget::pick_victim(const std::string& address) {
    uint64_t victim = 0;
    size_t most = 0;
    for (auto& [id, e] : entries_)
        if (!e.dropping && e.bytes > most && (address.empty() || e.address == address)) most = e.bytes, victim = id;
    if (victim == 0) return 0;
    Entry& e = entries_[victim];
    e.dropping = true;  // its queue is cleared: its bytes no longer count
    total_ -= e.bytes;
    if ((by_address_[e.address] -= e.bytes) == 0) by_address_.erase(e.address);
    e.bytes = 0;
    return victim;
}

bool SendBudget::add(uint64_t id, size_t bytes) {
    std::vector<std::function<void()>> drops;
    bool self_dropped = false;
    {
        std::lock_guard lock(mu_);
        auto it = entries_.find(id);
        if (it == entries_.end()) return true;  // not (or no longer) accounted
        if (it->second.dropping) return false;
        Entry& me = it->second;
        me.bytes += bytes;
        total_ += bytes;
        by_address_[me.address] += bytes;
        auto take = [&](const std::string& address) {
            const uint64_t v = pick_victim(address);
            if (v == 0) return false;
            if (v == id) self_dropped = true;
            else drops.push_back(entries_[v].drop);
            return true;
        };
        while (!self_dropped && by_address_[me.address] > per_address_limit_ && take(me.address)) {}
        while (!self_dropped && total_ > limit_ && take("")) {}
        if (self_dropped) {  // the bytes just counted were taken out with the rest of its queue
            metrics::send_budget_drop();
        }
        peak_ = std::max(peak_, total_);
        metrics::send_queued_bytes(total_);
    }
    for (auto& d : drops) {
        metrics::send_budget_drop();
        if (d) d();
    }
    return !self_dropped;
}

void SendBudget::release(uint64_t id, size_t bytes) {
    std::lock_guard lock(mu_);
    auto it = entries_.find(id);
    if (it == entries_.end() || it->second.dropping) return;
    Entry& e = it->second;
    bytes = std::min(bytes, e.bytes);
    e.bytes -= bytes;
    total_ -= bytes;
    if ((by_address_[e.address] -= bytes) == 0) by_address_.erase(e.address);
    metrics::send_queued_bytes(total_);
}

void SendBudget::forget(uint64_t id) {
    bool trim = false;
    {
        std::lock_guard lock(mu_);
        auto it = entries_.find(id);
        if (it == entries_.end()) return;
        Entry& e = it->second;
        if (!e.dropping) {
            total_ -= e.bytes;
            if ((by_address_[e.address] -= e.bytes) == 0) by_address_.erase(e.address);
        }
        entries_.erase(it);
        metrics::send_queued_bytes(total_);
        if (++closes_since_trim_ >= kClosesPerTrim) {
            closes_since_trim_ = 0;
            trim = true;
        }
    }
    if (trim) trim_soon();
}

void SendBudget::trim_soon() {
    {
        std::lock_guard lock(trim_mu_);
        trim_wanted_ = true;
    }
    trim_cv_.notify_all();
}

void SendBudget::trimmer() {
    std::unique_lock lock(trim_mu_);
    for (;;) {
        trim_cv_.wait(lock, [&] { return stop_ || trim_wanted_; });
        if (stop_) return;
        // Let the other victims of the same flood clear their queues first: one trim for them all.
        trim_cv_.wait_for(lock, std::chrono::seconds(1), [&] { return stop_; });
        if (stop_) return;
        trim_wanted_ = false;
        lock.unlock();
        release_free_memory();
        metrics::memory_trimmed();
        lock.lock();
    }
}

size_t SendBudget::total() const {
    std::lock_guard lock(mu_);
    return total_;
}

size_t SendBudget::peak() const {
    std::lock_guard lock(mu_);
    return peak_;
}

size_t SendBudget::of_address(const std::string& address) const {
    std::lock_guard lock(mu_);
    auto it = by_address_.find(address);
    return it == by_address_.end() ? 0 : it->second;
}

}  // namespace hexhall::server
