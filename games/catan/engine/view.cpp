// Per-seat and spectator views (CAT-0.4, CAT-11.1, CAT-14.2, CAT-16.5).
#include "games/catan/engine/view.hpp"

#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {

SeatView make_view(const GameState& s, int seat) {
    SeatView v;
    v.seat = seat;
    v.options = s.options;
    v.board = s.board;
    v.robber = s.robber;
    v.building_owner.fill(-1);
    v.road_owner.fill(-1);
    v.bank = s.bank;
    v.deck_size = static_cast<uint8_t>(kDevCards - s.deck_next);
    v.phase = s.phase;
    v.active = s.active;
    v.turn = s.turn;
    v.setup_step = s.setup_step;
    v.rolled = s.rolled;
    v.dev_played = s.dev_played;
    v.dice[0] = s.dice[0];
    v.dice[1] = s.dice[1];
    v.road_building_left = s.road_building_left;
    v.longest_road_holder = s.longest_road_holder;
    v.largest_army_holder = s.largest_army_holder;
    v.winner = s.winner;
    v.offer = s.offer;
    v.players = s.options.players;
    const bool over = s.phase == Phase::GameOver;
    for (int i = 0; i < s.options.players; ++i) {
        const PlayerState& p = s.players[i];
        PlayerView& pv = v.player[i];
        for_each_bit(p.settlements, 0, [&](int x) { v.building_owner[x] = static_cast<int8_t>(i); });
        for_each_bit(p.cities, 0, [&](int x) {
            v.building_owner[x] = static_cast<int8_t>(i);
            v.building_is_city[x] = true;
        });
        for_each_edge(p.roads, [&](int e) { v.road_owner[e] = static_cast<int8_t>(i); });
        pv.resource_count = static_cast<uint8_t>(total_of(p.hand));
        int devs = 0;
        for (uint8_t c : p.dev_cards) devs += c;
        pv.dev_card_count = static_cast<uint8_t>(devs);
        pv.knights_played = p.knights_played;
        pv.road_length = p.road_length;
        pv.public_vp = static_cast<uint8_t>(public_victory_points(s, i));
        pv.roads_left = p.roads_left;
        pv.settlements_left = p.settlements_left;
        pv.cities_left = p.cities_left;
        pv.discard_owed = p.discard_owed;
        pv.warnings = p.warnings;
        pv.disqualified = p.disqualified;
        pv.harbors = p.harbors;
        if (i == seat || over) {  // CAT-16.5: everything is shown at the end
            pv.known = true;
            pv.hand = p.hand;
            pv.dev_cards = p.dev_cards;
            pv.dev_bought_now = p.dev_bought_now;
            pv.total_vp = static_cast<uint8_t>(victory_points(s, i));
        }
    }
    return v;
}

bool visible_to(const Event& e, int seat) {
    const uint8_t b = seat == kSpectator ? kSpectatorBit : static_cast<uint8_t>(1u << seat);
    return (e.visible_to & b) != 0;
}

}  // namespace hexhall::catan
