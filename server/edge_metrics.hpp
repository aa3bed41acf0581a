// Metrics of the server's edges (docs/operations.md, "Limits and quotas", "Storage failure"):
// refused work, handler faults, storage faults, set-aside rooms. Plain atomics, rendered by
// metrics::render() after the core metrics.
#pragma once
#include <cstdint>
#include <string>

namespace hexhall::server::metrics {

void handler_exception();        // a request handler threw: answered 400 / `error` bad_request
void room_set_aside();           // a stored room could not be restored (start-up)
void store_commit_failed();      // a store transaction failed (it is retried)
void store_failing(bool failing);  // gauge: the store is failing now
bool store_is_failing();
void quota_refused();            // a request refused by a per-session / per-address quota
void socket_refused();           // a socket closed at once: --max-connections (any kind) reached
void accept_backoff();           // accept() failed for lack of descriptors: the listener paused
void log_suppressed(uint64_t n);  // repeated log lines not written
// Several nodes (docs/decisions/017-several-nodes.md):
void room_taken_over();          // a room of a dead (or released) node taken over here
void room_moved();               // a join or resume answered `moved` (another live node owns the room)
void room_placed_elsewhere();    // a createRoom answered `moved` to the least-loaded live node
void room_dropped();             // a room stopped here: lease lost, or a write to it fenced
void lease_lost();               // this node's lease expired before it could renew it

void render_edges(std::string& out);

}  // namespace hexhall::server::metrics
