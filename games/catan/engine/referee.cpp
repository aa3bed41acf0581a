// Referee and timeout outcomes (HK-2, CAT-17.1, HK-10.6).
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan::detail {

namespace {
void random_setup_road(GameState& s, EventList* ev) {
    EdgeSet free = intersection_edge_sets()[s.setup_settlement] & ~s.all_roads;
    const int e = free.nth(static_cast<int>(uniform(s.rng, static_cast<uint32_t>(free.count()))));
    Action a;
    a.type = ActionType::PlaceSetupRoad;
    a.seat = s.active;
    a.location = static_cast<uint8_t>(e);
    apply_setup(s, a, ev);
}

// HK-2.5..2.7 / CAT-17.1: the turn ends at once; a missing roll is made; the robber goes to the desert.
void time_out_turn(GameState& s, EventList* ev) {
    close_offer(s);
    s.road_building_left = 0;
    const uint8_t desert = static_cast<uint8_t>(desert_hex(s.board));
    if (s.phase == Phase::Discard) {  // (a disqualified active player) others still owe discards:
        move_robber(s, desert, -1, ev);  // HK-2.7: the robber was not moved yet
        s.end_turn_after_discards = true;  // the discards still happen, then the turn ends
        return;
    }
    if (s.phase == Phase::MoveRobber) {
        move_robber(s, desert, -1, ev);
        s.phase = s.resume_phase;
    }
    if (!s.rolled) {
        roll_dice(s, ev, true);
        if (s.phase == Phase::Discard || s.phase == Phase::MoveRobber) {
            move_robber(s, desert, -1, ev);  // HK-2.7: no one is robbed
            if (s.phase == Phase::Discard) {
                s.end_turn_after_discards = true;  // HK-2.7 decision: discards still happen
                return;
            }
        }
    }
    end_turn(s, ev);
}
}  // namespace

Result apply_referee(GameState& s, const Action& a, EventList* ev) {
    switch (a.type) {
        case ActionType::BeginPlacement:
            if (s.phase != Phase::MapStudy) return rejected("HK-2.1", "the map-study period is not running");
            s.phase = Phase::SetupSettlement;
            emit(ev, make_event(EventType::PlacementBegan));
            return accepted();
        case ActionType::Warn: {
            PlayerState& p = s.players[a.seat];
            if (p.disqualified) return rejected("HK-10.6", "the player is already disqualified");
            ++p.warnings;
            Event e = make_event(EventType::Warned, a.seat);
            e.value = p.warnings;
            emit(ev, e);
            if (p.warnings >= 2) {  // HK-10.6: two warnings in a match disqualify
                p.disqualified = true;
                p.discard_owed = 0;
                emit(ev, make_event(EventType::Disqualified, a.seat));
                if (s.phase == Phase::Discard) finish_discards_if_done(s, ev);
                // Their turn ends at once; a finished game stays finished (HK-10.7 ruling after the end).
                if (s.turn > 0 && s.active == a.seat && s.phase != Phase::GameOver) time_out_turn(s, ev);
            }
            return accepted();
        }
        case ActionType::Timeout: {
            Event t = make_event(EventType::TimedOut, a.seat);
            switch (s.phase) {
                case Phase::MapStudy:
                    s.phase = Phase::SetupSettlement;
                    emit(ev, make_event(EventType::PlacementBegan));
                    return accepted();
                case Phase::SetupSettlement: {
                    if (a.seat != s.active) return rejected("HK-2.2", "only the placing player's time can run out");
                    emit(ev, t);
                    uint64_t w = distance_rule_free(s);  // HK-2.2: a random legal intersection
                    for (auto k = uniform(s.rng, static_cast<uint32_t>(popcount64(w))); k > 0; --k) w &= w - 1;
                    Action place;
                    place.type = ActionType::PlaceSetupSettlement;
                    place.seat = s.active;
                    place.location = static_cast<uint8_t>(std::countr_zero(w));
                    apply_setup(s, place, ev);
                    random_setup_road(s, ev);
                    return accepted();
                }
                case Phase::SetupRoad:
                    if (a.seat != s.active) return rejected("HK-2.2", "only the placing player's time can run out");
                    emit(ev, t);
                    random_setup_road(s, ev);
                    return accepted();
                case Phase::Discard:
                    if (!s.players[a.seat].discard_owed)
                        return rejected("HK-2.8", "while discards are awaited only a discarding player's clock runs");
                    emit(ev, t);
                    random_discard(s, a.seat, ev);  // HK-2.8
                    return accepted();
                case Phase::GameOver:
                    return rejected("CAT-16.2", "the game is over");
                default:
                    if (a.seat != s.active) return rejected("HK-2.5", "only the active player's turn can time out");
                    emit(ev, t);
                    time_out_turn(s, ev);
                    return accepted();
            }
        }
        default:
            return rejected("HK-2.5", "not a referee action");
    }
}

}  // namespace hexhall::catan::detail

namespace hexhall::catan {
using namespace detail;

namespace {
// Every return hands the callee's Result straight on (no copy assembled from its parts: copying it
// after the one-byte write of `ok` stalled on store forwarding, a third of apply()'s time).
Result dispatch(GameState& s, const Action& a, EventList* ev) {
    if (a.seat >= s.options.players) return rejected("CAT-0.1", "no such seat");
    if (is_referee_action(a.type)) return apply_referee(s, a, ev);
    if (s.phase == Phase::GameOver) return rejected("CAT-16.2", "the game is over");
    if (s.phase == Phase::MapStudy) return rejected("HK-2.1", "nothing may be placed during the map-study period");
    if (s.players[a.seat].disqualified) return rejected("HK-10.6", "the player has been disqualified");
    if (static_cast<int>(a.type) >= kActionTypes) return rejected("CAT-0.3", "unknown action");
    switch (a.type) {
        case ActionType::PlaceSetupSettlement:
        case ActionType::PlaceSetupRoad:
            return apply_setup(s, a, ev);
        case ActionType::RollDice:
        case ActionType::Discard:
        case ActionType::MoveRobber:
        case ActionType::EndTurn:
            if (s.turn == 0) return rejected("CAT-5.3", "setup placements come first");
            return apply_turn(s, a, ev);
        case ActionType::BankTrade:
        case ActionType::OfferTrade:
        case ActionType::AcceptOffer:
        case ActionType::RejectOffer:
        case ActionType::CounterOffer:
        case ActionType::ConfirmTrade:
        case ActionType::WithdrawOffer:
            if (s.turn == 0) return rejected("CAT-5.3", "setup placements come first");
            return apply_trade(s, a, ev);
        case ActionType::BuildRoad:
        case ActionType::BuildSettlement:
        case ActionType::BuildCity:
        case ActionType::BuyDevCard:
            if (s.turn == 0) return rejected("CAT-5.3", "setup placements come first");
            return apply_build(s, a, ev);
        default:
            if (s.turn == 0) return rejected("CAT-5.3", "setup placements come first");
            return apply_dev(s, a, ev);
    }
}
}  // namespace

Result apply(GameState& s, const Action& a, EventList* ev) {
    Result r = dispatch(s, a, ev);
    s.actions_applied += r.ok;
    return r;
}

}  // namespace hexhall::catan
