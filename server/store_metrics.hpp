// The store's latency (docs/operations.md, "Metrics"): how long each committed transaction took,
// observed by both stores' writer threads; rendered by metrics::render_edges() as the histogram
// hexhall_store_commit_seconds (the action latency histogram's buckets).
#pragma once
#include <chrono>

namespace hexhall::server::metrics {

// A store transaction committed; `took`: from its BEGIN to its COMMIT (what a batch of
// acknowledgements waits for).
void store_committed(std::chrono::steady_clock::duration took);

}  // namespace hexhall::server::metrics
