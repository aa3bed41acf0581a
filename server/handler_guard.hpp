// The one place where an exception thrown while handling one request (HTTP or WebSocket) or one
// room task stops: it is logged (rate-limited) and counted, and the caller answers that request
// alone with a 400 / `error` bad_request. Nothing a client sends may end the process.
#pragma once
#include <exception>
#include <optional>
#include <string>

#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"
#include "server/log_limit.hpp"
#include "server/safe_text.hpp"

namespace hexhall::server {

// Runs f(); returns nullopt, or what the exception it threw said.
template <class F>
std::optional<std::string> run_guarded(const char* where, F&& f) noexcept {
    std::string what;
    try {
        f();
        return std::nullopt;
    } catch (const std::exception& e) {
        what = e.what();
    } catch (...) {
        what = "unknown exception";
    }
    try {
        metrics::handler_exception();
        if (log_allowed(where)) spdlog::error("{}: the handler failed: {}", where, printable(what));
    } catch (...) {
    }
    return what;
}

}  // namespace hexhall::server
