// Building and buying (CAT-10) and playing development cards (CAT-11..CAT-14).
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan::detail {

namespace {
Result check_build_time(const GameState& s, const Action& a) {
    if (a.seat != s.active) return rejected("CAT-10.1", "only the active player builds");
    if (s.phase == Phase::PreRoll) return rejected("CAT-6.4", "no building before the roll");
    if (!is_build_or_main(s.phase)) return rejected("CAT-10.1", "building happens after the roll is resolved");
    return accepted();
}

void pay(GameState& s, int seat, const ResourceCounts& cost) { transfer(s.players[seat].hand, s.bank, cost); }

void enter_build_phase(GameState& s) {
    if (s.phase == Phase::Trade) s.phase = Phase::Build;  // CAT-6.2: no going back to trading
}

void after_free_road(GameState& s) {
    --s.road_building_left;
    if (s.road_building_left == 0 || s.players[s.active].roads_left == 0 || legal_road_edges(s, s.active).empty()) {
        s.road_building_left = 0;
        s.phase = s.resume_phase;
    }
}

Result check_dev_play(const GameState& s, const Action& a, DevCard card) {
    if (a.seat != s.active) return rejected("CAT-11.2", "development cards are played on one's own turn");
    if (s.phase != Phase::PreRoll && !after_roll_phase(s.phase))
        return rejected("CAT-6.7", "no development card while a roll or card is being resolved");
    if (s.dev_played) return rejected("CAT-11.2", "only one development card may be played per turn");
    const PlayerState& p = s.players[a.seat];
    const int c = static_cast<int>(card);
    if (p.dev_cards[c] == 0) return rejected("CAT-11.1", "the player does not hold that card");
    if (p.dev_cards[c] <= p.dev_bought_now[c]) return rejected("CAT-11.3", "a card cannot be played in the turn it was bought");
    return accepted();
}

void play_card(GameState& s, int seat, DevCard card, EventList* ev) {
    --s.players[seat].dev_cards[static_cast<int>(card)];
    s.dev_played = true;
    Event e = make_event(EventType::DevCardPlayed, seat);
    e.card = card;
    e.has_card = true;
    emit(ev, e);
}
}  // namespace

Result apply_build(GameState& s, const Action& a, EventList* ev) {
    PlayerState& p = s.players[a.seat];
    switch (a.type) {
        case ActionType::BuildRoad: {
            const bool free = s.phase == Phase::RoadBuilding;
            if (!free)
                if (Result r = check_build_time(s, a); !r) return r;
            if (free && a.seat != s.active) return rejected("CAT-13.2", "only the card's player places its roads");
            if (p.roads_left == 0) return rejected("CAT-10.5", "no roads left in supply");
            if (a.location >= kEdges) return rejected("CAT-2.4", "no such edge");
            if (s.all_roads.has(a.location)) return rejected("CAT-2.4", "that edge already has a road");
            if (!legal_road_edges(s, a.seat).has(a.location)) {
                const auto& ends = geometry().edge_ends[a.location];
                const IntersectionSet reach = buildings_of(p) | road_ends(p);
                if (has_bit(reach, ends[0]) || has_bit(reach, ends[1]))
                    return rejected("CAT-10.8", "an opponent's building blocks the road there");
                return rejected("CAT-10.7", "a road must connect to the player's own road or building");
            }
            if (!free) {
                if (!covers(p.hand, kRoadCost)) return rejected("CAT-10.2", "a road costs 1 brick and 1 lumber");
                pay(s, a.seat, kRoadCost);
                enter_build_phase(s);
            }
            place_road(s, a.seat, a.location, ev);
            if (free && s.phase != Phase::GameOver) after_free_road(s);
            check_victory(s, ev);
            return accepted();
        }
        case ActionType::BuildSettlement: {
            if (Result r = check_build_time(s, a); !r) return r;
            if (p.settlements_left == 0) return rejected("CAT-10.12", "no settlements left: upgrade one to a city first");
            if (a.location >= kIntersections) return rejected("CAT-2.3", "no such intersection");
            if (has_bit(s.occupied, a.location)) return rejected("CAT-2.3", "that intersection already has a building");
            if (!has_bit(distance_rule_free(s), a.location)) return rejected("CAT-10.10", "too close to another building (distance rule)");
            if (!has_bit(road_ends(p), a.location)) return rejected("CAT-10.9", "a settlement must be at the end of the player's own road");
            if (!covers(p.hand, kSettlementCost)) return rejected("CAT-10.2", "a settlement costs brick, lumber, wool and grain");
            pay(s, a.seat, kSettlementCost);
            enter_build_phase(s);
            place_settlement(s, a.seat, a.location, ev);
            check_victory(s, ev);
            return accepted();
        }
        case ActionType::BuildCity: {
            if (Result r = check_build_time(s, a); !r) return r;
            if (a.location >= kIntersections) return rejected("CAT-2.3", "no such intersection");
            if (!has_bit(p.settlements, a.location)) return rejected("CAT-10.11", "a city replaces one of the player's own settlements");
            if (p.cities_left == 0) return rejected("CAT-10.12", "no cities left in supply");
            if (!covers(p.hand, kCityCost)) return rejected("CAT-10.2", "a city costs 3 ore and 2 grain");
            pay(s, a.seat, kCityCost);
            enter_build_phase(s);
            p.settlements &= ~bit(a.location);
            p.cities |= bit(a.location);
            ++p.settlements_left;
            --p.cities_left;
            Event e = make_event(EventType::CityBuilt, a.seat);
            e.location = a.location;
            emit(ev, e);
            check_victory(s, ev);
            return accepted();
        }
        case ActionType::BuyDevCard: {
            if (Result r = check_build_time(s, a); !r) return r;
            if (s.deck_next >= kDevCards) return rejected("CAT-10.14", "the development card deck is empty");
            if (!covers(p.hand, kDevCardCost)) return rejected("CAT-10.2", "a development card costs ore, wool and grain");
            pay(s, a.seat, kDevCardCost);
            enter_build_phase(s);
            const DevCard card = s.deck[s.deck_next++];
            ++p.dev_cards[static_cast<int>(card)];
            ++p.dev_bought_now[static_cast<int>(card)];  // CAT-11.6
            if (ev) {
                Event e = make_event(EventType::DevCardBought, a.seat);
                e.visible_to = seat_bit(a.seat);
                e.card = card;
                e.has_card = true;
                emit(ev, e);
                e.visible_to = static_cast<uint8_t>(kEveryone & ~seat_bit(a.seat));
                e.card = DevCard::Knight;
                e.has_card = false;
                emit(ev, e);
            }
            check_victory(s, ev);  // CAT-14.3: a VP card counts at once
            return accepted();
        }
        default:
            return rejected("CAT-10.1", "not a build action");
    }
}

Result apply_dev(GameState& s, const Action& a, EventList* ev) {
    switch (a.type) {
        case ActionType::PlayKnight: {
            if (Result r = check_dev_play(s, a, DevCard::Knight); !r) return r;
            play_card(s, a.seat, DevCard::Knight, ev);
            PlayerState& p = s.players[a.seat];
            ++p.knights_played;  // CAT-12.3
            const int holder = s.largest_army_holder;
            if (p.knights_played >= 3 && holder != a.seat &&
                (holder < 0 || p.knights_played > s.players[holder].knights_played)) {  // CAT-12.4, CAT-12.5
                s.largest_army_holder = static_cast<int8_t>(a.seat);
                Event e = make_event(EventType::LargestArmy, a.seat);
                e.value = p.knights_played;
                emit(ev, e);
            }
            s.resume_phase = s.phase;
            s.phase = Phase::MoveRobber;  // CAT-12.1: no discard step
            check_victory(s, ev);
            return accepted();
        }
        case ActionType::PlayRoadBuilding: {
            if (Result r = check_dev_play(s, a, DevCard::RoadBuilding); !r) return r;
            play_card(s, a.seat, DevCard::RoadBuilding, ev);
            const PlayerState& p = s.players[a.seat];
            const int can = std::min<int>(2, p.roads_left);
            if (can > 0 && !legal_road_edges(s, a.seat).empty()) {  // CAT-13.2 decision
                s.road_building_left = static_cast<uint8_t>(can);
                s.resume_phase = s.phase;
                s.phase = Phase::RoadBuilding;
            }
            return accepted();
        }
        case ActionType::PlayYearOfPlenty: {
            if (Result r = check_dev_play(s, a, DevCard::YearOfPlenty); !r) return r;
            const int want = std::min(2, total_of(s.bank));
            if (total_of(a.get) != want) return rejected("CAT-13.3", "take exactly 2 resource cards (fewer only if the bank has fewer)");
            if (!covers(s.bank, a.get)) return rejected("CAT-13.3", "the bank does not hold those cards");
            play_card(s, a.seat, DevCard::YearOfPlenty, ev);
            transfer(s.bank, s.players[a.seat].hand, a.get);  // CAT-13.4
            Event e = make_event(EventType::YearOfPlentyTook, a.seat);
            e.cards = a.get;
            emit(ev, e);
            return accepted();
        }
        case ActionType::PlayMonopoly: {
            if (Result r = check_dev_play(s, a, DevCard::Monopoly); !r) return r;
            if (idx(a.resource) >= kResourceTypes) return rejected("CAT-13.1", "name one resource type");
            play_card(s, a.seat, DevCard::Monopoly, ev);
            const int r = idx(a.resource);
            for (int i = 0; i < s.options.players; ++i) {
                if (i == a.seat) continue;
                const uint8_t n = s.players[i].hand[r];
                s.players[i].hand[r] = 0;
                s.players[a.seat].hand[r] = static_cast<uint8_t>(s.players[a.seat].hand[r] + n);
                Event e = make_event(EventType::MonopolyTook, a.seat);
                e.other = static_cast<int8_t>(i);
                e.resource = a.resource;
                e.has_resource = true;
                e.value = n;
                emit(ev, e);
            }
            return accepted();
        }
        default:
            return rejected("CAT-11.2", "not a development card action");
    }
}

}  // namespace hexhall::catan::detail
