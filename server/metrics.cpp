#include "server/metrics.hpp"

#include "server/edge_metrics.hpp"

#include <sodium.h>

#include <array>
#include <atomic>
#include <cstdio>

namespace hexhall::server::metrics {

namespace {

// Every error code the server sends (docs/protocol.md and the lobby spec); others count as "other".
constexpr std::string_view kCodes[] = {
    "already_hello", "already_seated", "already_started", "bad_json",       "bad_option",
    "bad_password",  "bad_type",       "bad_value",       "bad_version",    "illegal_action",
    "kicked",        "missing_field",  "bad_request",     "store_unavailable", "quota_exceeded",
    "too_many_bot_rooms", "password_locked",  "no_room",         "no_session",     "no_spectators",
    "not_host",      "not_in_room",    "not_seated",      "not_started",    "offer_closed",
    "out_of_range",  "rate_limited",   "seat_reserved",   "seat_taken",     "seats_empty",
    "spectator",     "too_deep",       "too_large",       "too_long",       "too_many_rooms",
    "unknown_field", "unknown_game",   "unknown_type",    "busy",           "other"};
constexpr size_t kNumCodes = std::size(kCodes);
constexpr size_t kNumBuckets = std::size(kLatencyBuckets) + 1;  // + the +Inf bucket

using Counter = std::atomic<uint64_t>;

struct State {
    std::atomic<int64_t> connections{0};
    Counter connections_total{0}, connections_rejected{0};
    Counter messages_in{0}, messages_out{0};
    Counter slow_drops{0}, rate_limited{0}, rate_limit_closes{0}, hello_timeouts{0};
    Counter actions{0};
    Counter send_budget_drops{0}, memory_trims{0};
    std::atomic<size_t> send_queued{0}, send_queued_peak{0};
    std::array<Counter, kNumCodes> errors{};
    std::array<Counter, kNumBuckets> latency{};  // per bucket, not cumulative
    Counter latency_sum_ns{0};
    Counter bot_thoughts{0}, bot_thoughts_io{0}, bot_thoughts_stale{0}, bot_thoughts_deferred{0};
};

thread_local bool io_thread = false;

State& state() {
    static State s;
    return s;
}

void inc(Counter& c) { c.fetch_add(1, std::memory_order_relaxed); }
uint64_t get(const Counter& c) { return c.load(std::memory_order_relaxed); }

void line(std::string& out, const char* fmt, auto... args) {
    char buf[256];
    const int n = std::snprintf(buf, sizeof buf, fmt, args...);
    if (n > 0) out.append(buf, static_cast<size_t>(n) < sizeof buf ? static_cast<size_t>(n) : sizeof buf - 1);
}

void header(std::string& out, const char* name, const char* type, const char* help) {
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void counter(std::string& out, const char* name, const char* help, uint64_t v) {
    header(out, name, "counter", help);
    line(out, "%s %llu\n", name, static_cast<unsigned long long>(v));
}

}  // namespace

void connection_opened() {
    state().connections.fetch_add(1, std::memory_order_relaxed);
    inc(state().connections_total);
}
void connection_closed() { state().connections.fetch_sub(1, std::memory_order_relaxed); }
void connection_rejected() { inc(state().connections_rejected); }
void message_in() { inc(state().messages_in); }
void message_out() { inc(state().messages_out); }
void slow_drop() { inc(state().slow_drops); }
void rate_limited() { inc(state().rate_limited); }
void rate_limit_close() { inc(state().rate_limit_closes); }
void hello_timeout() { inc(state().hello_timeouts); }
void action_applied() { inc(state().actions); }
void send_budget_drop() { inc(state().send_budget_drops); }
void memory_trimmed() { inc(state().memory_trims); }
void send_queued_bytes(size_t n) {
    State& s = state();
    s.send_queued.store(n, std::memory_order_relaxed);
    size_t peak = s.send_queued_peak.load(std::memory_order_relaxed);
    while (n > peak && !s.send_queued_peak.compare_exchange_weak(peak, n, std::memory_order_relaxed)) {}
}
int64_t connections() { return state().connections.load(std::memory_order_relaxed); }
void mark_io_thread() { io_thread = true; }
bool on_io_thread() { return io_thread; }
void bot_thought() {
    inc(state().bot_thoughts);
    if (io_thread) inc(state().bot_thoughts_io);
}
void bot_thought_stale() { inc(state().bot_thoughts_stale); }
void bot_thought_deferred() { inc(state().bot_thoughts_deferred); }
BotThoughts bot_thoughts() {
    const State& s = state();
    return {get(s.bot_thoughts), get(s.bot_thoughts_io), get(s.bot_thoughts_stale), get(s.bot_thoughts_deferred)};
}

void error_sent(std::string_view code) {
    size_t i = 0;
    while (i + 1 < kNumCodes && kCodes[i] != code) ++i;
    inc(state().errors[i]);
}

void game_message_handled(Clock::time_point received) {
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - received).count();
    const double secs = static_cast<double>(ns) * 1e-9;
    size_t b = 0;
    while (b < std::size(kLatencyBuckets) && secs > kLatencyBuckets[b]) ++b;
    State& s = state();
    inc(s.latency[b]);
    s.latency_sum_ns.fetch_add(static_cast<uint64_t>(ns > 0 ? ns : 0), std::memory_order_relaxed);
}

bool bearer_matches(std::string_view authorization, std::string_view token) {
    if (token.empty()) return true;
    constexpr std::string_view kScheme = "Bearer ";
    if (authorization.size() != kScheme.size() + token.size()) return false;
    for (size_t i = 0; i < kScheme.size(); ++i)  // the scheme is case-insensitive (RFC 9110 11.1)
        if ((authorization[i] | 0x20) != (kScheme[i] | 0x20)) return false;
    return sodium_memcmp(authorization.data() + kScheme.size(), token.data(), token.size()) == 0;
}

std::string render(size_t rooms) {
    State& s = state();
    std::string out;
    out.reserve(4096);
    header(out, "hexhall_rooms", "gauge", "Rooms that exist now.");
    line(out, "hexhall_rooms %zu\n", rooms);
    header(out, "hexhall_connections", "gauge", "Open WebSocket connections.");
    line(out, "hexhall_connections %lld\n", static_cast<long long>(s.connections.load(std::memory_order_relaxed)));
    counter(out, "hexhall_connections_total", "WebSocket connections accepted.", get(s.connections_total));
    counter(out, "hexhall_connections_rejected_total", "WebSocket upgrades refused with 503 (--max-connections).",
            get(s.connections_rejected));
    counter(out, "hexhall_actions_total", "Client actions applied to a game (rate() gives actions/s).", get(s.actions));
    counter(out, "hexhall_messages_in_total", "WebSocket messages received.", get(s.messages_in));
    counter(out, "hexhall_messages_out_total", "WebSocket messages queued for sending.", get(s.messages_out));
    counter(out, "hexhall_slow_connections_dropped_total", "Connections dropped because their send queue overflowed.",
            get(s.slow_drops));
    counter(out, "hexhall_rate_limited_total", "Messages refused with error rate_limited.", get(s.rate_limited));
    counter(out, "hexhall_rate_limit_closes_total", "Connections closed (1008) for flooding.", get(s.rate_limit_closes));
    counter(out, "hexhall_hello_timeouts_total", "Connections closed for sending no hello in time.",
            get(s.hello_timeouts));

    counter(out, "hexhall_send_budget_drops_total",
            "Slow readers dropped because the send buffers of the server or of their address were over budget.",
            get(s.send_budget_drops));
    header(out, "hexhall_send_queued_bytes", "gauge", "Bytes queued for sending across every WebSocket now.");
    line(out, "hexhall_send_queued_bytes %zu\n", s.send_queued.load(std::memory_order_relaxed));
    header(out, "hexhall_send_queued_bytes_peak", "gauge", "The most bytes ever queued for sending at once.");
    line(out, "hexhall_send_queued_bytes_peak %zu\n", s.send_queued_peak.load(std::memory_order_relaxed));
    counter(out, "hexhall_memory_trims_total", "Times freed memory was handed back to the system after slow readers went.",
            get(s.memory_trims));

    header(out, "hexhall_errors_total", "counter", "Error messages sent to clients, by code.");
    for (size_t i = 0; i < kNumCodes; ++i)
        line(out, "hexhall_errors_total{code=\"%.*s\"} %llu\n", static_cast<int>(kCodes[i].size()), kCodes[i].data(),
             static_cast<unsigned long long>(get(s.errors[i])));

    header(out, "hexhall_action_latency_seconds", "histogram",
           "Game messages (action, resync): from receipt to the reply being queued.");
    uint64_t cumulative = 0;
    for (size_t b = 0; b < kNumBuckets; ++b) {
        cumulative += get(s.latency[b]);
        if (b < std::size(kLatencyBuckets))
            line(out, "hexhall_action_latency_seconds_bucket{le=\"%g\"} %llu\n", kLatencyBuckets[b],
                 static_cast<unsigned long long>(cumulative));
        else
            line(out, "hexhall_action_latency_seconds_bucket{le=\"+Inf\"} %llu\n",
                 static_cast<unsigned long long>(cumulative));
    }
    line(out, "hexhall_action_latency_seconds_sum %.9f\n", static_cast<double>(get(s.latency_sum_ns)) * 1e-9);
    // The count equals the +Inf bucket (counts read once, so a concurrent observation cannot split them).
    line(out, "hexhall_action_latency_seconds_count %llu\n", static_cast<unsigned long long>(cumulative));
    counter(out, "hexhall_bot_thoughts_total", "Built-in bots' decisions thought on the bot pool.", get(s.bot_thoughts));
    counter(out, "hexhall_bot_thoughts_stale_total", "Bot decisions dropped because the game moved while the bot thought.",
            get(s.bot_thoughts_stale));
    counter(out, "hexhall_bot_thoughts_deferred_total", "Bot steps put off because the bot pool's queues were full.",
            get(s.bot_thoughts_deferred));
    render_edges(out);
    return out;
}

}  // namespace hexhall::server::metrics
