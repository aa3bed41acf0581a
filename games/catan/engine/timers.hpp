// Clock policy (HK-2, CAT-17.1) as pure functions of times the server supplies.
// The engine keeps no clock: the server measures time, asks these functions for the
// deadline of the current wait, and applies a Timeout action when it passes.
#pragma once
#include <cstdint>
#include <optional>

#include "games/catan/engine/state.hpp"

namespace hexhall::catan {

struct TimerSettings {
    bool hk2024 = false;          // HK-2 timers
    int64_t turn_limit_ms = 0;    // casual per-turn limit (CAT-17.1: 180 s when on); 0 = none
    int64_t setup_limit_ms = 0;   // casual per-placement limit; 0 = none
    int64_t discard_limit_ms = 30'000;  // HK-2.8 decision (also used with casual limits)
};

inline constexpr int64_t kHkMapStudyMs = 3 * 60'000;      // HK-2.1
inline constexpr int64_t kHkSetupPlacementMs = 120'000;   // HK-2.2
inline constexpr int64_t kHkSetupWarningMs = 30'000;      // HK-2.2: warning with 30 s left
inline constexpr int64_t kHkUntimedMs = 60 * 60'000;      // HK-2.3
inline constexpr int64_t kHkTurnMs = 75'000;              // HK-2.4

// A deadline for one seat's current wait, in ms since the game began (HK-2.3 decision: the
// map-study period starts the game). `warn_at` is when to warn (HK-2.2), if any.
struct Deadline {
    int seat = -1;
    int64_t at = 0;
    std::optional<int64_t> warn_at;
};

// `wait_start` is when the current wait began (the phase, placement or turn), in ms since the
// game began. For a turn, pass when the turn began; the discard pause (HK-2.8) is accounted by
// `turn_paused_ms`, the time the turn clock stood still while discards were awaited.
std::optional<Deadline> deadline_for(const GameState& s, const TimerSettings& t, int seat, int64_t wait_start,
                                     int64_t turn_paused_ms = 0);

// HK-2.3/2.4: a turn starting at `turn_start` has no limit before the 60-minute mark, and 75 s
// counted from max(turn_start, 60 min) after it.
std::optional<int64_t> hk_turn_deadline(int64_t turn_start);

// HK-2.8: the active player's clock stops while discards are awaited.
bool turn_clock_runs(const GameState& s);

}  // namespace hexhall::catan
