#include "server/edge_metrics.hpp"

#include <array>
#include <atomic>
#include <cstdio>
#include <iterator>

#include "server/metrics.hpp"
#include "server/pg_store.hpp"
#include "server/store_metrics.hpp"

namespace hexhall::server::metrics {

namespace {
using Counter = std::atomic<uint64_t>;
struct Edges {
    Counter handler_exceptions{0}, rooms_set_aside{0}, store_failures{0}, quota_refusals{0}, sockets_refused{0},
        accept_backoffs{0}, log_suppressed{0}, takeovers{0}, moved{0}, placed{0}, dropped{0}, lease_losses{0};
    std::atomic<bool> store_failing{false};
    std::array<Counter, std::size(kLatencyBuckets) + 1> commit_seconds{};  // per bucket (the last: +Inf)
    Counter commit_ns{0};
};
Edges& edges() {
    static Edges e;
    return e;
}
void inc(Counter& c, uint64_t n = 1) { c.fetch_add(n, std::memory_order_relaxed); }
void put(std::string& out, const char* name, const char* type, const char* help, uint64_t v) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf, "# HELP %s %s\n# TYPE %s %s\n%s %llu\n", name, help, name, type, name,
                                static_cast<unsigned long long>(v));
    if (n > 0) out.append(buf, static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1);
}
}  // namespace

void handler_exception() { inc(edges().handler_exceptions); }
void room_set_aside() { inc(edges().rooms_set_aside); }
void store_commit_failed() { inc(edges().store_failures); }
void store_committed(std::chrono::steady_clock::duration took) {
    const double s = std::chrono::duration<double>(took).count();
    size_t b = 0;
    while (b < std::size(kLatencyBuckets) && s > kLatencyBuckets[b]) ++b;
    inc(edges().commit_seconds[b]);
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(took).count();
    inc(edges().commit_ns, static_cast<uint64_t>(ns > 0 ? ns : 0));
}
void store_failing(bool failing) { edges().store_failing.store(failing); }
bool store_is_failing() { return edges().store_failing.load(); }
void quota_refused() { inc(edges().quota_refusals); }
void socket_refused() { inc(edges().sockets_refused); }
void accept_backoff() { inc(edges().accept_backoffs); }
void log_suppressed(uint64_t n) { inc(edges().log_suppressed, n); }
void room_taken_over() { inc(edges().takeovers); }
void room_moved() { inc(edges().moved); }
void room_placed_elsewhere() { inc(edges().placed); }
void room_dropped() { inc(edges().dropped); }
void lease_lost() { inc(edges().lease_losses); }

void render_edges(std::string& out) {
    Edges& e = edges();
    auto get = [](const Counter& c) { return c.load(std::memory_order_relaxed); };
    put(out, "hexhall_handler_exceptions_total", "counter",
        "Requests whose handler failed unexpectedly (answered 400 or error bad_request).", get(e.handler_exceptions));
    put(out, "hexhall_rooms_set_aside_total", "counter", "Stored rooms that could not be restored at start-up.",
        get(e.rooms_set_aside));
    put(out, "hexhall_store_commit_failures_total", "counter", "Store transactions that failed (and were retried).",
        get(e.store_failures));
    {
        char buf[160];
        auto line = [&](const char* fmt, auto... args) {
            const int n = std::snprintf(buf, sizeof buf, fmt, args...);
            if (n > 0) out.append(buf, static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1);
        };
        out += "# HELP hexhall_store_commit_seconds Store transactions that committed: from their BEGIN to their COMMIT.\n"
               "# TYPE hexhall_store_commit_seconds histogram\n";
        unsigned long long cumulative = 0;
        for (size_t b = 0; b < e.commit_seconds.size(); ++b) {
            cumulative += get(e.commit_seconds[b]);
            if (b < std::size(kLatencyBuckets)) line("hexhall_store_commit_seconds_bucket{le=\"%g\"} %llu\n", kLatencyBuckets[b], cumulative);
            else line("hexhall_store_commit_seconds_bucket{le=\"+Inf\"} %llu\n", cumulative);
        }
        line("hexhall_store_commit_seconds_sum %.9f\n", static_cast<double>(get(e.commit_ns)) * 1e-9);
        line("hexhall_store_commit_seconds_count %llu\n", cumulative);  // equals +Inf (each bucket read once)
    }
    put(out, "hexhall_store_failing", "gauge", "1 while the store cannot commit (rooms are paused).",
        e.store_failing.load() ? 1 : 0);
    put(out, "hexhall_quota_refusals_total", "counter", "Requests refused by a per-session or per-address quota.",
        get(e.quota_refusals));
    put(out, "hexhall_sockets_refused_total", "counter", "Sockets closed at once because --max-connections was reached.",
        get(e.sockets_refused));
    put(out, "hexhall_accept_backoffs_total", "counter", "Times the listener paused for lack of file descriptors.",
        get(e.accept_backoffs));
    put(out, "hexhall_log_lines_suppressed_total", "counter", "Repeated log lines not written (rate limit).",
        get(e.log_suppressed));
    put(out, "hexhall_cluster_takeovers_total", "counter",
        "Rooms taken over here from a node whose lease expired (or that released them).", get(e.takeovers));
    put(out, "hexhall_cluster_moved_total", "counter", "Joins and resumes answered `moved` (another node owns the room).",
        get(e.moved));
    put(out, "hexhall_cluster_rooms_placed_elsewhere_total", "counter",
        "createRoom requests sent to a less loaded node (`moved` before the room was made).", get(e.placed));
    put(out, "hexhall_cluster_rooms_dropped_total", "counter",
        "Rooms stopped here because this node lost its lease or a write to them was fenced.", get(e.dropped));
    put(out, "hexhall_cluster_lease_losses_total", "counter", "Times this node's lease expired before it was renewed.",
        get(e.lease_losses));
    put(out, "hexhall_fenced_writes_refused_total", "counter",
        "Room writes refused because another node (or a later process) had taken the room over.",
        PgStore::fenced_writes_refused());
}

}  // namespace hexhall::server::metrics
