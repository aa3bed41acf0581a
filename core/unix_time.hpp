// The wall clock as Hexhall stores and sends it: Unix milliseconds (the wire's `deadline`, the store's
// created/finished times, a game's action times).
#pragma once
#include <chrono>
#include <cstdint>

namespace hexhall::core {

inline int64_t unix_ms_now() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace hexhall::core
