// A per-seat view (and a spectator view): exactly what that seat may know (CAT-0.4).
#pragma once
#include <array>
#include <cstdint>

#include "games/catan/engine/state.hpp"

namespace hexhall::catan {

inline constexpr int kSpectator = -1;

struct PlayerView {
    uint8_t resource_count = 0;
    uint8_t dev_card_count = 0;
    uint8_t knights_played = 0;
    uint8_t road_length = 0;
    uint8_t public_vp = 0;
    uint8_t roads_left = 0, settlements_left = 0, cities_left = 0;
    uint8_t discard_owed = 0;
    uint8_t warnings = 0;
    bool disqualified = false;
    // Known only to the seat itself, or to everyone once the game is over:
    bool known = false;
    ResourceCounts hand{};
    std::array<uint8_t, kDevCardTypes> dev_cards{};
    std::array<uint8_t, kDevCardTypes> dev_bought_now{};
    uint8_t total_vp = 0;
    uint8_t harbors = 0;  // public: derivable from the board

    bool operator==(const PlayerView&) const = default;
};

struct SeatView {
    int seat = kSpectator;
    ResolvedOptions options{};
    Board board{};
    uint8_t robber = 0;
    std::array<int8_t, kIntersections> building_owner{};  // -1 empty
    std::array<bool, kIntersections> building_is_city{};
    std::array<int8_t, kEdges> road_owner{};
    ResourceCounts bank{};
    uint8_t deck_size = 0;
    Phase phase = Phase::SetupSettlement;
    uint8_t active = 0;
    uint16_t turn = 0;
    uint8_t setup_step = 0;
    bool rolled = false;
    bool dev_played = false;
    uint8_t dice[2] = {0, 0};
    uint8_t road_building_left = 0;
    int8_t longest_road_holder = -1;
    int8_t largest_army_holder = -1;
    int8_t winner = -1;
    TradeOffer offer{};
    int players = 4;
    std::array<PlayerView, kMaxPlayers> player{};

    bool operator==(const SeatView&) const = default;
};

SeatView make_view(const GameState& state, int seat);
// Whether an event may be shown to `seat` (kSpectator for spectators).
bool visible_to(const Event& e, int seat);

}  // namespace hexhall::catan
