#include "games/catan/engine/action.hpp"
#include "games/catan/engine/event.hpp"
#include "games/catan/engine/options.hpp"
#include "games/catan/engine/state.hpp"

namespace hexhall::catan {

const char* action_name(ActionType t) {
    static const char* n[] = {"placeSetupSettlement", "placeSetupRoad", "rollDice", "discard", "moveRobber",
                              "bankTrade", "offerTrade", "acceptOffer", "rejectOffer", "counterOffer",
                              "confirmTrade", "withdrawOffer", "buildRoad", "buildSettlement", "buildCity",
                              "buyDevCard", "playKnight", "playRoadBuilding", "playYearOfPlenty", "playMonopoly",
                              "endTurn", "beginPlacement", "timeout", "warn"};
    return n[static_cast<int>(t)];
}

bool is_referee_action(ActionType t) {
    return t == ActionType::BeginPlacement || t == ActionType::Timeout || t == ActionType::Warn;
}

const char* dev_card_name(DevCard d) {
    static const char* n[] = {"knight", "roadBuilding", "yearOfPlenty", "monopoly", "victoryPoint"};
    return n[static_cast<int>(d)];
}

const char* phase_name(Phase p) {
    static const char* n[] = {"mapStudy", "setupSettlement", "setupRoad", "preRoll", "discard", "moveRobber",
                              "trade", "build", "main", "roadBuilding", "gameOver"};
    return n[static_cast<int>(p)];
}

const char* resolve_options(const GameOptions& in, ResolvedOptions& out) {
    if (in.players < 3 || in.players > 4) return "Catan is played by 3 or 4 players (CAT-0.1)";
    if (in.victory_points < 3 || in.victory_points > 20) return "victory points must be between 3 and 20";
    if (in.starting_seat < -1 || in.starting_seat >= in.players) return "starting seat out of range";
    if (in.map == MapKind::Explicit && !in.board) return "an explicit map needs a board";
    if (in.ruleset == Ruleset::HK2024 && in.map != MapKind::Explicit)
        return "the HK 2024 ruleset plays the organiser's board: map must be explicit (HK-3.1)";
    if (in.ruleset == Ruleset::HK2024 && in.mode && *in.mode != TradeBuildMode::Combined)
        return "the HK 2024 ruleset uses combined trade/build (HK-4.4)";
    out.players = in.players;
    out.map = in.map;
    out.number_placement = in.number_placement;
    out.ruleset = in.ruleset;
    out.victory_points = in.victory_points;
    if (in.ruleset == Ruleset::HK2024) out.mode = TradeBuildMode::Combined;
    else if (in.mode) out.mode = *in.mode;
    else out.mode = in.map == MapKind::Starter ? TradeBuildMode::Classic : TradeBuildMode::Combined;
    if (in.starting_seat >= 0) out.starting_seat = in.starting_seat;
    else if (in.ruleset == Ruleset::HK2024 || in.map != MapKind::Random) out.starting_seat = 0;
    else out.starting_seat = -1;
    return nullptr;
}

}  // namespace hexhall::catan
