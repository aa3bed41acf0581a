// Creating a game (CAT-4, CAT-5.1, CAT-5.2) and the setup placements (CAT-5.3..5.10).
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {
using namespace detail;

namespace {
void roll_for_start(GameState& s, EventList* ev) {
    // CAT-4.7: everyone rolls; ties for the highest roll again, only among the tied.
    uint8_t contenders = all_seats(s);
    for (;;) {
        int best = 0;
        uint8_t top = 0;
        for (int i = 0; i < s.options.players; ++i) {
            if (!(contenders & seat_bit(i))) continue;
            Event e = make_event(EventType::StartingRoll, i);
            e.dice[0] = static_cast<uint8_t>(1 + uniform(s.rng, 6));
            e.dice[1] = static_cast<uint8_t>(1 + uniform(s.rng, 6));
            emit(ev, e);
            const int total = e.dice[0] + e.dice[1];
            if (total > best) {
                best = total;
                top = seat_bit(i);
            } else if (total == best) {
                top |= seat_bit(i);
            }
        }
        if (std::popcount(top) == 1) {
            s.starting_seat = static_cast<uint8_t>(std::countr_zero(top));
            return;
        }
        contenders = top;
    }
}
}  // namespace

bool new_game(const GameOptions& options, uint64_t seed, GameState& s, EventList* ev, const char** error) {
    s = GameState{};
    if (const char* err = resolve_options(options, s.options)) {
        if (error) *error = err;
        return false;
    }
    if (options.map == MapKind::Explicit) {
        if (auto why = validate_board(*options.board)) {
            if (error) *error = "the explicit board does not have the CAT-1 components";
            return false;
        }
    }
    s.rng = make_rng(seed);
    if (options.map == MapKind::Starter) s.board = starter_board();
    else if (options.map == MapKind::Explicit) s.board = *options.board;
    else s.board = random_board(s.rng, options.number_placement);
    s.robber = static_cast<uint8_t>(desert_hex(s.board));  // CAT-4.6
    s.bank.fill(kCardsPerResource);                         // CAT-1.6
    int d = 0;                                              // CAT-1.7
    auto put = [&](DevCard c, int n) {
        for (int k = 0; k < n; ++k) s.deck[d++] = c;
    };
    put(DevCard::Knight, 14);
    put(DevCard::VictoryPoint, 5);
    put(DevCard::RoadBuilding, 2);
    put(DevCard::YearOfPlenty, 2);
    put(DevCard::Monopoly, 2);
    shuffle(s.rng, s.deck.data(), kDevCards);               // CAT-5.2
    if (s.options.starting_seat >= 0) s.starting_seat = static_cast<uint8_t>(s.options.starting_seat);
    else roll_for_start(s, ev);
    emit(ev, make_event(EventType::StartingPlayer, s.starting_seat));
    s.active = static_cast<uint8_t>(setup_seat(s, 0));
    s.phase = s.options.ruleset == Ruleset::HK2024 ? Phase::MapStudy : Phase::SetupSettlement;  // HK-2.1
    return true;
}

namespace detail {

Result apply_setup(GameState& s, const Action& a, EventList* ev) {
    const Geometry& g = geometry();
    if (a.type == ActionType::PlaceSetupSettlement) {
        if (s.phase != Phase::SetupSettlement) return rejected("CAT-5.4", "not the time to place a setup settlement");
        if (a.seat != s.active) return rejected("CAT-5.5", "it is another player's turn to place");
        if (a.location >= kIntersections) return rejected("CAT-2.3", "no such intersection");
        if (has_bit(s.occupied, a.location)) return rejected("CAT-2.3", "that intersection already has a building");
        if (!has_bit(distance_rule_free(s), a.location))
            return rejected("CAT-10.10", "too close to another building (distance rule)");
        place_settlement(s, a.seat, a.location, ev);
        if (s.setup_step >= s.options.players) {  // second settlement: CAT-5.8
            ResourceCounts got{};
            for (int8_t h : g.intersection_hexes[a.location]) {
                if (h == kNone || s.board.terrain[h] == Terrain::Desert) continue;
                const int r = static_cast<int>(s.board.terrain[h]);
                if (s.bank[r] > got[r]) ++got[r];
            }
            transfer(s.bank, s.players[a.seat].hand, got);
            Event e = make_event(EventType::StartingResources, a.seat);
            e.cards = got;
            emit(ev, e);
        }
        s.setup_settlement = a.location;
        s.phase = Phase::SetupRoad;
        return accepted();
    }
    // PlaceSetupRoad
    if (s.phase != Phase::SetupRoad) return rejected("CAT-5.7", "place the setup settlement first");
    if (a.seat != s.active) return rejected("CAT-5.5", "it is another player's turn to place");
    if (a.location >= kEdges) return rejected("CAT-2.4", "no such edge");
    if (s.all_roads.has(a.location)) return rejected("CAT-2.4", "that edge already has a road");
    const auto& ends = g.edge_ends[a.location];
    if (ends[0] != s.setup_settlement && ends[1] != s.setup_settlement)
        return rejected("CAT-5.7", "the setup road must touch the settlement just placed");
    place_road(s, a.seat, a.location, ev);
    ++s.setup_step;
    if (s.setup_step == 2 * s.options.players) {  // CAT-5.9
        s.turn = 1;
        s.active = s.starting_seat;
        s.phase = Phase::PreRoll;
        for (int i = 0; i < s.options.players; ++i) s.players[i].harbors_usable = s.players[i].harbors;
        Event e = make_event(EventType::TurnStarted, s.active);
        e.value = 1;
        emit(ev, e);
    } else {
        s.active = static_cast<uint8_t>(setup_seat(s, s.setup_step));
        s.phase = Phase::SetupSettlement;
    }
    return accepted();
}

}  // namespace detail
}  // namespace hexhall::catan
