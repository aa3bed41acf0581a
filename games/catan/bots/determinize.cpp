#include "games/catan/bots/determinize.hpp"

#include <vector>

#include "games/catan/engine/bits.hpp"

namespace hexhall::catan::bots {

namespace {
template <typename T>
T draw(std::vector<T>& pool, Rng& rng, T fallback) {
    if (pool.empty()) return fallback;
    const uint32_t k = uniform(rng, static_cast<uint32_t>(pool.size()));
    const T x = pool[k];
    pool[k] = pool.back();
    pool.pop_back();
    return x;
}
}  // namespace

void determinize(const SeatView& v, Rng& rng, GameState& s) {
    s = GameState{};
    s.options = v.options;
    s.board = v.board;
    s.rng = make_rng(next_u64(rng));
    s.bank = v.bank;
    s.robber = v.robber;
    const int n = v.players;
    for (int x = 0; x < kIntersections; ++x) {
        const int o = v.building_owner[x];
        if (o < 0) continue;
        s.occupied |= bit(x);
        if (v.building_is_city[x]) s.players[o].cities |= bit(x);
        else s.players[o].settlements |= bit(x);
    }
    for (int e = 0; e < kEdges; ++e) {
        const int o = v.road_owner[e];
        if (o < 0) continue;
        s.all_roads.set(e);
        s.players[o].roads.set(e);
    }
    // Unseen resource cards and development cards.
    std::vector<uint8_t> cards;
    const PlayerView& me = v.player[v.seat];
    for (int r = 0; r < kResourceTypes; ++r) {
        const int unseen = kCardsPerResource - v.bank[r] - me.hand[r];
        for (int k = 0; k < unseen; ++k) cards.push_back(static_cast<uint8_t>(r));
    }
    std::array<int, kDevCardTypes> dev_left{14, 2, 2, 2, 5};
    for (int i = 0; i < n; ++i) dev_left[0] -= v.player[i].knights_played;
    for (int c = 0; c < kDevCardTypes; ++c) dev_left[c] -= me.dev_cards[c];
    std::vector<DevCard> devs;
    for (int c = 0; c < kDevCardTypes; ++c)
        for (int k = 0; k < dev_left[c]; ++k) devs.push_back(static_cast<DevCard>(c));

    for (int i = 0; i < n; ++i) {
        const PlayerView& pv = v.player[i];
        PlayerState& p = s.players[i];
        p.knights_played = pv.knights_played;
        p.roads_left = pv.roads_left;
        p.settlements_left = pv.settlements_left;
        p.cities_left = pv.cities_left;
        p.harbors = pv.harbors;
        p.harbors_usable = pv.harbors;
        p.road_length = pv.road_length;
        p.discard_owed = pv.discard_owed;
        p.warnings = pv.warnings;
        p.disqualified = pv.disqualified;
        if (pv.known) {
            p.hand = pv.hand;
            p.dev_cards = pv.dev_cards;
            p.dev_bought_now = pv.dev_bought_now;
            continue;
        }
        for (int k = 0; k < pv.resource_count; ++k) ++p.hand[draw<uint8_t>(cards, rng, 0)];
        for (int k = 0; k < pv.dev_card_count; ++k) ++p.dev_cards[static_cast<int>(draw(devs, rng, DevCard::Knight))];
    }
    s.deck_next = static_cast<uint8_t>(kDevCards - v.deck_size);
    for (int k = 0; k < kDevCards; ++k) s.deck[k] = k < s.deck_next ? DevCard::Knight : draw(devs, rng, DevCard::Knight);

    s.phase = v.phase;
    s.resume_phase = v.options.mode == TradeBuildMode::Classic ? Phase::Trade : Phase::Main;
    s.active = v.active;
    s.turn = v.turn;
    s.setup_step = v.setup_step;
    s.rolled = v.rolled;
    s.dev_played = v.dev_played;
    s.dice[0] = v.dice[0];
    s.dice[1] = v.dice[1];
    s.road_building_left = v.road_building_left;
    s.longest_road_holder = v.longest_road_holder;
    s.longest_road_bar = 4;
    s.largest_army_holder = v.largest_army_holder;
    s.winner = v.winner;
    s.offer = v.offer;
}

}  // namespace hexhall::catan::bots
