// Every player decision, and every referee/timeout outcome, is an Action.
#pragma once
#include <cstdint>

#include "games/catan/engine/resources.hpp"

namespace hexhall::catan {

enum class ActionType : uint8_t {
    PlaceSetupSettlement,  // location = intersection (CAT-5.4)
    PlaceSetupRoad,        // location = edge (CAT-5.7)
    RollDice,              // CAT-7.1
    Discard,               // give = the cards discarded (CAT-8.2, CAT-8.4)
    MoveRobber,            // location = hex, target = victim seat or -1 (CAT-8.5..8.10)
    BankTrade,             // give -> bank, get <- bank (CAT-9.9..9.14)
    OfferTrade,            // active player: give/get from the offerer's side, targets = seat mask (CAT-9.8)
    AcceptOffer,           // an addressed opponent accepts the open offer `offer`
    RejectOffer,           // an addressed opponent rejects it
    CounterOffer,          // an addressed opponent proposes other terms; give/get from the ACTIVE player's side
    ConfirmTrade,          // active player executes offer `offer` with target = one acceptor / counter-offerer
    WithdrawOffer,         // active player withdraws the open offer
    BuildRoad,             // location = edge (CAT-10.7); free while placing Road Building roads
    BuildSettlement,       // location = intersection (CAT-10.9)
    BuildCity,             // location = intersection (CAT-10.11)
    BuyDevCard,            // CAT-10.14
    PlayKnight,            // CAT-12.1, then MoveRobber
    PlayRoadBuilding,      // CAT-13.2, then up to two BuildRoad
    PlayYearOfPlenty,      // get = the cards taken (CAT-13.3)
    PlayMonopoly,          // resource (CAT-13.1)
    EndTurn,               // CAT-6.5
    // Referee / server actions (seat = the seat concerned):
    BeginPlacement,        // ends the HK map-study period (HK-2.1)
    Timeout,               // time ran out for `seat` (HK-2.2, HK-2.5..2.8, CAT-17.1)
    Warn,                  // referee warning (HK-10.6)
};
inline constexpr int kActionTypes = static_cast<int>(ActionType::Warn) + 1;

struct Action {
    ActionType type = ActionType::EndTurn;
    uint8_t seat = 0;
    uint8_t location = 0;
    int8_t target = -1;
    uint8_t targets = 0;  // seat bit mask
    Resource resource = Resource::Lumber;
    ResourceCounts give{};
    ResourceCounts get{};
    // AcceptOffer, RejectOffer, CounterOffer, ConfirmTrade: the id of the offer answered (CAT-9.8).
    // An id that is not the open offer's is refused; 0 means "the open offer" (records made before
    // answers carried ids, in-process callers). The wire protocol always sends an id (1..65535).
    uint16_t offer = 0;

    bool operator==(const Action&) const = default;
};

const char* action_name(ActionType t);
bool is_referee_action(ActionType t);

}  // namespace hexhall::catan
