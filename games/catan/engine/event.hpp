// Events describe what happened; each carries who may see it (CAT-0.4).
#pragma once
#include <cstdint>
#include <vector>

#include "games/catan/engine/resources.hpp"

namespace hexhall::catan {

enum class DevCard : uint8_t { Knight = 0, RoadBuilding = 1, YearOfPlenty = 2, Monopoly = 3, VictoryPoint = 4 };
inline constexpr int kDevCardTypes = 5;
const char* dev_card_name(DevCard d);

enum class EventType : uint8_t {
    StartingRoll,          // seat, dice: roll-off for the first player (CAT-4.7)
    StartingPlayer,        // seat
    PlacementBegan,        // HK map study over
    SettlementPlaced,      // seat, location (setup or built)
    RoadPlaced,            // seat, location
    CityBuilt,             // seat, location
    StartingResources,     // seat, cards (CAT-5.8)
    DiceRolled,            // seat, dice
    Produced,              // seat, cards
    ProductionBlocked,     // resource: bank shortage (CAT-7.5 / HK-5.1)
    DiscardRequired,       // seat, value = count
    Discarded,             // seat, cards
    RobberMoved,           // seat, location = hex
    Stole,                 // seat = thief, other = victim, resource (private) / has_resource=false (public twin)
    BankTraded,            // seat, cards = given, cards2 = received
    TradeOffered,          // seat, cards = give, cards2 = get, value = target mask
    TradeAccepted,         // seat
    TradeRejected,         // seat
    TradeCountered,        // seat, cards/cards2 from the active player's side
    TradeWithdrawn,        // seat
    TradeExecuted,         // seat = active, other = partner, cards = active gave, cards2 = active got
    DevCardBought,         // seat, card (private) / has_card=false (public twin)
    DevCardPlayed,         // seat, card
    MonopolyTook,          // seat, other = victim, resource, value = count
    YearOfPlentyTook,      // seat, cards
    LongestRoad,           // seat = new holder or -1, value = length
    LargestArmy,           // seat = new holder, value = knights
    TurnEnded,             // seat
    TurnStarted,           // seat, value = turn number
    TimedOut,              // seat
    Warned,                // seat, value = warnings
    Disqualified,          // seat
    GameOver,              // seat = winner
};

// Visibility mask: bit s for seat s, kSpectatorBit for spectators.
inline constexpr uint8_t kSpectatorBit = 1u << 4;
inline constexpr uint8_t kEveryone = 0x1F;

struct Event {
    EventType type;
    uint8_t visible_to = kEveryone;
    int8_t seat = -1;
    int8_t other = -1;
    uint8_t location = 0;
    uint8_t value = 0;
    bool has_resource = false;
    bool has_card = false;
    Resource resource = Resource::Lumber;
    DevCard card = DevCard::Knight;
    uint8_t dice[2] = {0, 0};
    ResourceCounts cards{};
    ResourceCounts cards2{};
};

using EventList = std::vector<Event>;

}  // namespace hexhall::catan
