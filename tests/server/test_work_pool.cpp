// The fair work pool (server/work_pool.hpp, docs/decisions/011-fair-work-pool.md): round-robin
// across addresses, then across one address's sessions; bounds per session, per address and in
// total, refused at once; stop() cancels what waits and lets what runs finish.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "server/work_pool.hpp"

using hexhall::server::WorkLimits;
using hexhall::server::WorkPool;

namespace work_pool_test {  // named: the server tests are one unity build
// Holds the pool's one thread in a first job until released, so that the order of what waits is
// seen; and collects what ran, in order.
struct Probe {
    std::mutex mu;
    std::condition_variable cv;
    bool entered = false, open = false;
    std::vector<std::string> ran, cancelled;
    void hold() {
        std::unique_lock lock(mu);
        entered = true;
        cv.notify_all();
        cv.wait_for(lock, std::chrono::seconds(60), [&] { return open; });
    }
    bool wait_entered() {
        std::unique_lock lock(mu);
        return cv.wait_for(lock, std::chrono::seconds(60), [&] { return entered; });
    }
    void release() {
        std::lock_guard lock(mu);
        open = true;
        cv.notify_all();
    }
    WorkPool::Job job(std::string what) {
        return [this, what](bool run) {
            std::lock_guard lock(mu);
            (run ? ran : cancelled).push_back(what);
            cv.notify_all();
        };
    }
    bool wait_ran(size_t n) {
        std::unique_lock lock(mu);
        return cv.wait_for(lock, std::chrono::seconds(60), [&] { return ran.size() >= n; });
    }
};
WorkLimits one_thread() {
    WorkLimits l;
    l.threads = 1;
    return l;
}
}  // namespace work_pool_test

TEST_CASE("work pool: round-robin across addresses, then sessions; a backlog never delays another's first job",
          "[server][fairshare]") {
    WorkPool pool(work_pool_test::one_thread());
    work_pool_test::Probe p;
    REQUIRE(pool.submit({"10.0.0.1", "a"}, [&](bool) { p.hold(); }) == WorkPool::Admit::Queued);
    REQUIRE(p.wait_entered());
    for (int i = 0; i < 6; ++i) REQUIRE(pool.submit({"10.0.0.1", "a"}, p.job("A" + std::to_string(i))) == WorkPool::Admit::Queued);
    REQUIRE(pool.submit({"10.0.0.1", "b"}, p.job("b0")) == WorkPool::Admit::Queued);  // same address, other session
    REQUIRE(pool.submit({"10.0.0.2", "v"}, p.job("V0")) == WorkPool::Admit::Queued);
    REQUIRE(pool.submit({"10.0.0.2", "v"}, p.job("V1")) == WorkPool::Admit::Queued);
    REQUIRE(pool.submit({"10.0.0.3", ""}, p.job("H0")) == WorkPool::Admit::Queued);
    CHECK(pool.queued() == 10);
    p.release();
    REQUIRE(p.wait_ran(10));
    CHECK(p.ran == std::vector<std::string>{"A0", "V0", "H0", "b0", "V1", "A1", "A2", "A3", "A4", "A5"});
    CHECK(pool.queued() == 0);
}

TEST_CASE("work pool: bounds per session, per address and in total are refused at once", "[server][fairshare]") {
    WorkLimits l = work_pool_test::one_thread();
    l.per_session = 2;
    l.per_address = 3;
    l.total = 5;
    WorkPool pool(l);
    work_pool_test::Probe p;
    REQUIRE(pool.submit({"10.0.0.9", ""}, [&](bool) { p.hold(); }) == WorkPool::Admit::Queued);
    REQUIRE(p.wait_entered());  // running: no longer queued
    CHECK(pool.submit({"10.0.0.1", "a"}, p.job("a0")) == WorkPool::Admit::Queued);
    CHECK(pool.submit({"10.0.0.1", "a"}, p.job("a1")) == WorkPool::Admit::Queued);
    CHECK(pool.submit({"10.0.0.1", "a"}, p.job("a2")) == WorkPool::Admit::PrincipalFull);
    CHECK(pool.submit({"10.0.0.1", "b"}, p.job("b0")) == WorkPool::Admit::Queued);
    CHECK(pool.submit({"10.0.0.1", "c"}, p.job("c0")) == WorkPool::Admit::AddressFull);  // a fresh session too
    CHECK(pool.submit({"10.0.0.2", "x"}, p.job("x0")) == WorkPool::Admit::Queued);
    CHECK(pool.submit({"10.0.0.3", "y"}, p.job("y0")) == WorkPool::Admit::Queued);
    CHECK(pool.submit({"10.0.0.4", "z"}, p.job("z0")) == WorkPool::Admit::Full);
    CHECK(pool.refused() == 3);
    CHECK(pool.queued() == 5);
    p.release();
    REQUIRE(p.wait_ran(5));
    // A refused job is dropped uncalled; room again once the queue has gone down.
    CHECK(p.cancelled.empty());
    CHECK(pool.submit({"10.0.0.1", "a"}, p.job("a3")) == WorkPool::Admit::Queued);
    REQUIRE(p.wait_ran(6));
    CHECK(std::count(p.ran.begin(), p.ran.end(), "a2") == 0);
}

TEST_CASE("work pool: stop lets the running job finish, cancels what waits, and refuses what comes after",
          "[server][fairshare]") {
    WorkPool pool(work_pool_test::one_thread());
    work_pool_test::Probe p;
    std::atomic<bool> finished{false};
    REQUIRE(pool.submit({"10.0.0.1", "a"}, [&](bool run) {
        p.hold();
        finished = run;
    }) == WorkPool::Admit::Queued);
    REQUIRE(p.wait_entered());
    for (int i = 0; i < 3; ++i) REQUIRE(pool.submit({"10.0.0." + std::to_string(i + 2), ""}, p.job("w" + std::to_string(i))) == WorkPool::Admit::Queued);
    std::thread stopper([&] { pool.stop(); });
    // stop() answers the waiting jobs (run == false) at once, then waits for the running one.
    {
        std::unique_lock lock(p.mu);
        REQUIRE(p.cv.wait_for(lock, std::chrono::seconds(60), [&] { return p.cancelled.size() == 3; }));
    }
    CHECK_FALSE(finished);
    p.release();
    stopper.join();
    CHECK(finished);
    CHECK(p.ran.empty());
    CHECK(pool.submit({"10.0.0.1", "a"}, p.job("late")) == WorkPool::Admit::Stopped);
    pool.stop();  // idempotent
    CHECK(p.cancelled.size() == 3);
}
