#include "games/catan/engine/position.hpp"

#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {
using namespace detail;

const char* start_from_position(const Position& pos, uint64_t seed, GameState& s) {
    const char* err = nullptr;
    if (!new_game(pos.options, seed, s, nullptr, &err)) return err;
    const Geometry& g = geometry();
    const int n = s.options.players;
    if (pos.active < 0 || pos.active >= n) return "active seat out of range";
    if (pos.robber >= kHexes) return "robber hex out of range";
    if (pos.robber >= 0) s.robber = static_cast<uint8_t>(pos.robber);
    std::array<int, kDevCardTypes> unseen{14, 2, 2, 2, 5};
    for (int i = 0; i < n; ++i) {
        const PlayerSetup& ps = pos.players[i];
        PlayerState& p = s.players[i];
        for (int v : ps.settlements) {
            if (v < 0 || v >= kIntersections || has_bit(s.occupied, v)) return "bad or doubled settlement";
            p.settlements |= bit(v);
            s.occupied |= bit(v);
        }
        for (int v : ps.cities) {
            if (v < 0 || v >= kIntersections || has_bit(s.occupied, v)) return "bad or doubled city";
            p.cities |= bit(v);
            s.occupied |= bit(v);
        }
        for (int e : ps.roads) {
            if (e < 0 || e >= kEdges || s.all_roads.has(e)) return "bad or doubled road";
            p.roads.set(e);
            s.all_roads.set(e);
        }
        if (std::popcount(p.settlements) > 5 || std::popcount(p.cities) > 4 || p.roads.count() > 15)
            return "more pieces than a player has (CAT-1.8)";
        p.settlements_left = static_cast<uint8_t>(5 - std::popcount(p.settlements));
        p.cities_left = static_cast<uint8_t>(4 - std::popcount(p.cities));
        p.roads_left = static_cast<uint8_t>(15 - p.roads.count());
        p.hand = ps.hand;
        if (ps.starred_settlement >= 0) {
            if (!has_bit(p.settlements, ps.starred_settlement)) return "the starred settlement must be the player's";
            for (int8_t h : g.intersection_hexes[ps.starred_settlement])
                if (h != kNone && s.board.terrain[h] != Terrain::Desert) ++p.hand[static_cast<int>(s.board.terrain[h])];
        }
        p.dev_cards = ps.dev_cards;
        p.knights_played = ps.knights_played;
        unseen[0] -= ps.knights_played;
        for (int c = 0; c < kDevCardTypes; ++c) unseen[c] -= ps.dev_cards[c];
        update_harbors(s, i);
        p.harbors_usable = p.harbors;
    }
    for (int r = 0; r < kResourceTypes; ++r) {
        int held = 0;
        for (int i = 0; i < n; ++i) held += s.players[i].hand[r];
        if (held > kCardsPerResource) return "more than 19 cards of one resource (CAT-1.6)";
        s.bank[r] = static_cast<uint8_t>(kCardsPerResource - held);
    }
    for (int c : unseen)
        if (c < 0) return "more development cards than the deck has (CAT-1.7)";
    // The deck: cards not yet drawn sit at the end of s.deck.
    std::vector<DevCard> rest;
    if (!pos.deck.empty()) {
        std::array<int, kDevCardTypes> count{};
        for (DevCard d : pos.deck) ++count[static_cast<int>(d)];
        for (int c = 0; c < kDevCardTypes; ++c)
            if (count[c] > unseen[c]) return "the deck holds cards that are elsewhere";
        rest = pos.deck;
    } else {
        for (int c = 0; c < kDevCardTypes; ++c)
            for (int k = 0; k < unseen[c]; ++k) rest.push_back(static_cast<DevCard>(c));
        shuffle(s.rng, rest.data(), static_cast<int>(rest.size()));
    }
    s.deck_next = static_cast<uint8_t>(kDevCards - rest.size());
    for (std::size_t k = 0; k < rest.size(); ++k) s.deck[s.deck_next + k] = rest[k];
    for (int k = 0; k < s.deck_next; ++k) s.deck[k] = DevCard::Knight;  // drawn already; never read
    // Special cards.
    update_longest_road(s, nullptr);
    int best = 2, who = -1;
    for (int i = 0; i < n; ++i)
        if (s.players[i].knights_played > best) {
            best = s.players[i].knights_played;
            who = i;
        } else if (s.players[i].knights_played == best) {
            who = best >= 3 ? who : -1;
        }
    s.largest_army_holder = static_cast<int8_t>(who);
    s.setup_step = static_cast<uint8_t>(2 * n);
    s.turn = static_cast<uint16_t>(pos.turn < 1 ? 1 : pos.turn);
    s.active = static_cast<uint8_t>(pos.active);
    if (pos.phase == Phase::PreRoll) {
        s.phase = Phase::PreRoll;
    } else if (pos.phase == Phase::Main || pos.phase == Phase::Trade || pos.phase == Phase::Build) {
        s.phase = pos.phase == Phase::Main ? main_phase(s) : pos.phase;
        if (s.options.mode == TradeBuildMode::Combined) s.phase = Phase::Main;
        s.rolled = true;
    } else {
        return "a position starts before or after the roll";
    }
    return nullptr;
}

}  // namespace hexhall::catan
