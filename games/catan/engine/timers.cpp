#include "games/catan/engine/timers.hpp"

#include <algorithm>

namespace hexhall::catan {

std::optional<int64_t> hk_turn_deadline(int64_t turn_start) {
    (void)kHkUntimedMs;
    return std::max(turn_start, kHkUntimedMs) + kHkTurnMs;
}

bool turn_clock_runs(const GameState& s) { return s.phase != Phase::Discard; }

std::optional<Deadline> deadline_for(const GameState& s, const TimerSettings& t, int seat, int64_t wait_start,
                                     int64_t turn_paused_ms) {
    Deadline d;
    d.seat = seat;
    switch (s.phase) {
        case Phase::GameOver:
            return std::nullopt;
        case Phase::MapStudy:
            if (!t.hk2024) return std::nullopt;
            d.at = wait_start + kHkMapStudyMs;
            return d;
        case Phase::SetupSettlement:
        case Phase::SetupRoad:
            if (seat != s.active) return std::nullopt;
            if (t.hk2024) {
                d.at = wait_start + kHkSetupPlacementMs;
                d.warn_at = d.at - kHkSetupWarningMs;
                return d;
            }
            if (t.setup_limit_ms <= 0) return std::nullopt;
            d.at = wait_start + t.setup_limit_ms;
            return d;
        case Phase::Discard:
            if (!s.players[seat].discard_owed) return std::nullopt;
            if (!t.hk2024 && t.turn_limit_ms <= 0) return std::nullopt;
            d.at = wait_start + t.discard_limit_ms;
            return d;
        default:
            if (seat != s.active) return std::nullopt;
            if (t.hk2024) {
                const auto base = hk_turn_deadline(wait_start);
                d.at = *base + turn_paused_ms;
                return d;
            }
            if (t.turn_limit_ms <= 0) return std::nullopt;
            d.at = wait_start + t.turn_limit_ms + turn_paused_ms;
            return d;
    }
}

}  // namespace hexhall::catan
