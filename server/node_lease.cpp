#include "server/node_lease.hpp"

#include <stdexcept>

#include <spdlog/spdlog.h>

namespace hexhall::server {

namespace {
int64_t steady_now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
}  // namespace

NodeLease::NodeLease(RoomDirectory& directory, std::string public_url, std::chrono::milliseconds ttl, Hooks hooks)
    : directory_(directory), url_(std::move(public_url)), ttl_(ttl), hooks_(std::move(hooks)) {
    if (!renew()) throw std::runtime_error("cluster: node " + directory_.node_id() + " cannot take its lease");
    spdlog::info("cluster: node {} at {}: lease of {} ms, renewed every {} ms", directory_.node_id(), url_, ttl_.count(),
                 ttl_.count() / 3);
    renewer_ = std::thread([this] { renewer(); });
    watchdog_ = std::thread([this] { watchdog(); });
}

NodeLease::~NodeLease() {
    {
        std::lock_guard lock(mu_);
        stop_ = true;
    }
    cv_.notify_all();
    renewer_.join();
    watchdog_.join();
}

bool NodeLease::renew() {
    // The deadline counts from before the request: the database's expiry (from its commit) is later.
    const int64_t sent = steady_now_ms();
    std::vector<NodeLoad> others;
    if (!directory_.renew_lease(url_, hooks_.rooms ? hooks_.rooms() : 0, ttl_.count(),
                                hooks_.listing ? hooks_.listing() : "[]", others))
        return false;
    deadline_ = sent + ttl_.count();
    if (hooks_.others) hooks_.others(others);
    if (!held_.exchange(true) && losses_.load() > 0) spdlog::warn("cluster: node {} holds its lease again", directory_.node_id());
    return true;
}

void NodeLease::check_expiry() {
    if (steady_now_ms() < deadline_.load() || !held_.exchange(false)) return;
    losses_.fetch_add(1);
    spdlog::error("cluster: node {} lost its lease (not renewed for {} ms): its rooms stop here", directory_.node_id(),
                  ttl_.count());
    if (hooks_.lost) hooks_.lost();
}

void NodeLease::renewer() {
    std::unique_lock lock(mu_);
    while (!cv_.wait_for(lock, ttl_ / 3, [&] { return stop_; })) {
        lock.unlock();
        check_expiry();  // woken after a freeze (SIGSTOP): the rooms go before the lease is renewed
        if (renew() && hooks_.after_renewal) hooks_.after_renewal();
        lock.lock();
    }
}

void NodeLease::watchdog() {
    const auto every = std::max(std::chrono::milliseconds(20), ttl_ / 12);
    std::unique_lock lock(mu_);
    while (!cv_.wait_for(lock, every, [&] { return stop_; })) {
        lock.unlock();
        check_expiry();
        lock.lock();
    }
}

}  // namespace hexhall::server
