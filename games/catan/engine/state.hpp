// The complete game state: plain data, cheap to copy (bots search by copying it).
#pragma once
#include <array>
#include <cstdint>

#include "games/catan/engine/bits.hpp"
#include "games/catan/engine/board.hpp"
#include "games/catan/engine/event.hpp"
#include "games/catan/engine/options.hpp"
#include "games/catan/engine/resources.hpp"
#include "games/catan/engine/rng.hpp"

namespace hexhall::catan {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kDevCards = 25;

enum class Phase : uint8_t {
    MapStudy,         // HK-2.1: nothing may be placed yet
    SetupSettlement,  // CAT-5.4
    SetupRoad,        // CAT-5.7
    PreRoll,          // CAT-6.4: roll, or play one development card
    Discard,          // CAT-8.2: waiting for every owed discard
    MoveRobber,       // CAT-8.5 / CAT-12.1
    Trade,            // classic mode trade phase (CAT-6.2)
    Build,            // classic mode build phase (CAT-6.2)
    Main,             // combined mode (CAT-6.3)
    RoadBuilding,     // placing Road Building roads (CAT-13.2)
    GameOver,
};
const char* phase_name(Phase p);

enum class OfferResponse : uint8_t { None, Accepted, Rejected, Countered };

// One open domestic trade offer of the active player (CAT-9.8). Terms are from the active player's side.
struct TradeOffer {
    bool open = false;
    uint16_t id = 0;
    ResourceCounts give{};
    ResourceCounts get{};
    uint8_t targets = 0;
    std::array<OfferResponse, kMaxPlayers> response{};
    std::array<ResourceCounts, kMaxPlayers> counter_give{};
    std::array<ResourceCounts, kMaxPlayers> counter_get{};

    bool operator==(const TradeOffer&) const = default;
};

struct PlayerState {
    ResourceCounts hand{};
    std::array<uint8_t, kDevCardTypes> dev_cards{};        // owned, not played (bought this turn included)
    std::array<uint8_t, kDevCardTypes> dev_bought_now{};   // of those, bought this turn (CAT-11.3, CAT-11.6)
    uint8_t knights_played = 0;
    uint8_t roads_left = 15, settlements_left = 5, cities_left = 4;  // CAT-1.8
    IntersectionSet settlements = 0, cities = 0;
    EdgeSet roads;
    uint8_t harbors = 0;          // bit per HarborType currently held (CAT-2.8)
    uint8_t harbors_usable = 0;   // classic mode: those held at the start of the turn (CAT-9.13)
    uint8_t road_length = 0;      // CAT-15.1
    uint8_t discard_owed = 0;     // CAT-8.2
    uint8_t warnings = 0;         // HK-10.6
    bool disqualified = false;
};

struct GameState {
    ResolvedOptions options{};
    Board board{};
    Rng rng{};
    std::array<PlayerState, kMaxPlayers> players{};
    ResourceCounts bank{};
    std::array<DevCard, kDevCards> deck{};
    uint8_t deck_next = 0;  // cards before this index have been drawn
    uint8_t robber = 0;
    IntersectionSet occupied = 0;  // every settlement and city
    EdgeSet all_roads;
    Phase phase = Phase::SetupSettlement;
    Phase resume_phase = Phase::Main;  // where MoveRobber / RoadBuilding returns to
    uint8_t active = 0;
    uint8_t starting_seat = 0;
    uint8_t setup_step = 0;            // 0 .. 2n-1 (CAT-5.5)
    uint8_t setup_settlement = 0;      // the settlement the pending setup road must touch
    uint16_t turn = 0;                 // 0 during setup, then 1, 2, ...
    bool rolled = false;
    bool dev_played = false;           // CAT-11.2
    bool end_turn_after_discards = false;  // a referee's 7 (HK-2.6, HK-2.7)
    uint8_t dice[2] = {0, 0};
    uint8_t road_building_left = 0;
    int8_t longest_road_holder = -1;
    uint8_t longest_road_bar = 4;      // HK-9.4: length to beat while the card is in the supply
    int8_t largest_army_holder = -1;
    int8_t winner = -1;
    TradeOffer offer{};
    // HK-7.3: net cards of each type the active player passed to each opponent this turn.
    std::array<std::array<int8_t, kResourceTypes>, kMaxPlayers> hk_net{};
    uint32_t actions_applied = 0;
};

int victory_points(const GameState& s, int seat);          // everything, hidden VP cards included
int public_victory_points(const GameState& s, int seat);   // what the others can see
int harbor_rate(const GameState& s, int seat, Resource r); // best bank rate usable now: 4, 3 or 2

}  // namespace hexhall::catan
