#include "server/edge_metrics.hpp"

#include <atomic>
#include <cstdio>

namespace hexhall::server::metrics {

namespace {
using Counter = std::atomic<uint64_t>;
struct Edges {
    Counter handler_exceptions{0}, rooms_set_aside{0}, store_failures{0}, quota_refusals{0}, sockets_refused{0},
        accept_backoffs{0}, log_suppressed{0};
    std::atomic<bool> store_failing{false};
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
void store_failing(bool failing) { edges().store_failing.store(failing); }
bool store_is_failing() { return edges().store_failing.load(); }
void quota_refused() { inc(edges().quota_refusals); }
void socket_refused() { inc(edges().sockets_refused); }
void accept_backoff() { inc(edges().accept_backoffs); }
void log_suppressed(uint64_t n) { inc(edges().log_suppressed, n); }

void render_edges(std::string& out) {
    Edges& e = edges();
    auto get = [](const Counter& c) { return c.load(std::memory_order_relaxed); };
    put(out, "hexhall_handler_exceptions_total", "counter",
        "Requests whose handler failed unexpectedly (answered 400 or error bad_request).", get(e.handler_exceptions));
    put(out, "hexhall_rooms_set_aside_total", "counter", "Stored rooms that could not be restored at start-up.",
        get(e.rooms_set_aside));
    put(out, "hexhall_store_commit_failures_total", "counter", "Store transactions that failed (and were retried).",
        get(e.store_failures));
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
}

}  // namespace hexhall::server::metrics
