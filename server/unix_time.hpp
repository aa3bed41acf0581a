// The wall clock as the server stores and sends it: Unix milliseconds (the wire's `deadline`, the
// store's created/finished times).
#pragma once
#include <chrono>
#include <cstdint>

namespace hexhall::server {

inline int64_t unix_ms_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace hexhall::server
