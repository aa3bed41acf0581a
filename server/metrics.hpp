// Process-wide server metrics (docs/operations.md, "Metrics"): plain atomics, no locks, so the
// action path only pays a few relaxed increments. Rendered as Prometheus text (format 0.0.4).
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hexhall::server::metrics {

using Clock = std::chrono::steady_clock;

// Upper bounds (seconds) of the action latency histogram's buckets (+Inf is implied).
inline constexpr double kLatencyBuckets[] = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                             0.01,   0.025,   0.05,   0.1,   0.25,   0.5, 1.0, 2.5};

// The network layer:
void connection_opened();
void connection_closed();
void connection_rejected();      // beyond --max-connections (HTTP 503)
void message_in();
void message_out();
void slow_drop();                // send queue overflow: the connection was dropped
void rate_limited();             // a message refused with `rate_limited`
void rate_limit_close();         // a connection closed (1008) for flooding
void hello_timeout();            // a connection closed for sending no hello in time
// The send budget (server/send_budget.hpp):
void send_budget_drop();           // a slow reader dropped to keep the server (or its address) in budget
void send_queued_bytes(size_t n);  // bytes queued for sending across every connection now
void memory_trimmed();             // freed memory handed back to the system after such drops
// An error message sent to a client, by its code (unknown codes are counted as "other").
void error_sent(std::string_view code);

// The room core:
void action_applied();                            // a client action changed the game
void game_message_handled(Clock::time_point received);  // receipt -> reply queued

// Bots (docs/decisions/022-bots-on-the-work-pool.md): a bot's decision thought (on the bot pool;
// counted apart if it ever ran on an I/O thread), one whose game moved meanwhile (dropped), one the
// full bot pool put off.
void bot_thought();
void bot_thought_stale();
void bot_thought_deferred();
struct BotThoughts {
    uint64_t total = 0, on_io_thread = 0, stale = 0, deferred = 0;
};
BotThoughts bot_thoughts();
// The server's I/O threads mark themselves (net.cpp) so that work done on them can be told apart.
void mark_io_thread();
bool on_io_thread();

int64_t connections();

// Whether an Authorization header carries `token` as its bearer token (compared in constant time);
// an empty token lets every request through (no --metrics-token).
bool bearer_matches(std::string_view authorization, std::string_view token);

// The Prometheus text exposition; `rooms` is the current number of rooms.
std::string render(size_t rooms);

}  // namespace hexhall::server::metrics
