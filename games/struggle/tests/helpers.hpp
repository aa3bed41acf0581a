// Shared helpers for the Struggle for Catan tests: positions built from plain data.
#pragma once
#include <catch2/catch.hpp>

#include "games/struggle/bots.hpp"
#include "games/struggle/engine.hpp"
#include "games/struggle/module.hpp"
#include <algorithm>
#include <set>

namespace sfc_test {
using namespace hexhall::struggle;
using nlohmann::json;

inline std::shared_ptr<const Ruleset> provisional() { return std::make_shared<Ruleset>(provisional_ruleset()); }

inline State fresh(int players = 4, uint64_t seed = 1) { return new_game(players, 0, provisional(), seed); }

inline Cards cards(int brick, int lumber, int ore, int wool, int grain) {
    Cards c;
    c.n = {brick, lumber, ore, wool, grain};
    return c;
}

// Gives `seat` exactly `hand`, moving cards between the hand and the deck so the totals stay right.
inline void set_hand(State& s, int seat, const Cards& hand) {
    for (int r = 0; r < kResources; ++r) {
        while (s.p[seat].hand[r] > hand[r]) {
            s.p[seat].hand[r] -= 1;
            s.deck.push_back(static_cast<uint8_t>(r));
        }
        while (s.p[seat].hand[r] < hand[r]) {
            auto it = std::find(s.deck.begin(), s.deck.end(), static_cast<uint8_t>(r));
            if (it != s.deck.end()) {
                s.deck.erase(it);
            } else if (s.discard[r] > 0) {
                s.discard[r] -= 1;
            } else {
                int other = -1;
                for (int x = 0; x < s.players && other < 0; ++x)
                    if (x != seat && s.p[x].hand[r] > 0) other = x;
                REQUIRE(other >= 0);
                s.p[other].hand[r] -= 1;
            }
            s.p[seat].hand[r] += 1;
        }
    }
    for (auto& row : s.known)
        for (auto& k : row) k = Cards{};
}

// Jumps to the build step of `seat`'s turn.
inline void to_build(State& s, int seat) {
    s.turn = seat;
    s.phase = Phase::Build;
    s.built = 0;
    s.library_used = s.university_used = s.guild_used = false;
}
inline void to_trade(State& s, int seat) {
    s.turn = seat;
    s.phase = Phase::Trade;
    s.built = 0;
    s.library_used = s.university_used = s.guild_used = false;
    s.trades_left = trade_allowance(s.p[seat]);
    s.deck_only = s.p[seat].roads == 0;
}

inline Move build(Building b, const Cards& pay, int expansion = -1, bool flip = false) {
    Move m;
    m.kind = MoveKind::Build;
    m.building = b;
    m.cards = pay;
    m.expansion = static_cast<int8_t>(expansion);
    m.flag = flip;
    return m;
}
inline Move simple(MoveKind k) {
    Move m;
    m.kind = k;
    return m;
}
inline Move with_cards(MoveKind k, const Cards& c) {
    Move m;
    m.kind = k;
    m.cards = c;
    return m;
}
inline Move market(Res give, Res take) {
    Move m;
    m.kind = MoveKind::TradeMarket;
    m.give = static_cast<int8_t>(give);
    m.take = static_cast<int8_t>(take);
    return m;
}
inline Move player_trade(int opponent, int count, bool library = false) {
    Move m;
    m.kind = MoveKind::TradePlayer;
    m.opponent = static_cast<int8_t>(opponent);
    m.count = static_cast<int8_t>(count);
    m.flag = library;
    return m;
}

// The rule a refused move names ("" when accepted).
inline std::string refused(State& s, int seat, const Move& m) {
    auto r = act(s, seat, m, nullptr);
    return r ? std::string(r->rule) : std::string();
}

inline Cards cost_of(const State& s, Building b, int expansion = -1) { return build_cost(*s.rules, b, expansion); }

inline int total_settlement_cards(const State& s) {
    int n = static_cast<int>(s.settlement_stack.size());
    for (int i = 0; i < s.players; ++i) n += static_cast<int>(s.p[i].settlements.size()) + s.p[i].cities +
                                             __builtin_popcount(s.p[i].expansions);
    return n;
}

}  // namespace sfc_test
