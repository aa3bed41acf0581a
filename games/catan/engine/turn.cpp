// The roll, production, the 7 procedure, ending a turn (CAT-6, CAT-7, CAT-8).
#include "games/catan/engine/rules_internal.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hexhall::catan::detail {

namespace {
// The hexes showing `total`, bit h for hex h: two 16-byte compares where SSE2 is there (every x86-64),
// else a branch-free scan (the per-hex test it replaces mispredicted on every roll).
uint32_t hexes_numbered(const Board& b, int total) {
    static_assert(kHexes > 16 && kHexes <= 32);
#if defined(__SSE2__)
    const __m128i want = _mm_set1_epi8(static_cast<char>(total));
    const auto* n = reinterpret_cast<const __m128i*>(b.number.data());
    const auto* tail = reinterpret_cast<const __m128i*>(b.number.data() + kHexes - 16);
    const uint32_t lo = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(n), want)));
    const uint32_t hi = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(tail), want)));
    return lo | (hi << (kHexes - 16));
#else
    uint32_t out = 0;
    for (int h = 0; h < kHexes; ++h) out |= static_cast<uint32_t>(b.number[h] == total) << h;
    return out;
#endif
}

void produce(GameState& s, int total, EventList* ev) {
    const Geometry& g = geometry();
    const int n = s.options.players;
    std::array<ResourceCounts, kMaxPlayers> owed{};
    std::array<int, kResourceTypes> sum{};
    unsigned paid = 0;  // seats owed anything
    uint32_t rolled = hexes_numbered(s.board, total) & ~(uint32_t{1} << s.robber);  // CAT-7.4
    for (; rolled; rolled &= rolled - 1) {  // ascending hexes, as before (CAT-7.2)
        const int h = std::countr_zero(rolled);
        const int r = static_cast<int>(s.board.terrain[h]);
        const IntersectionSet corners = g.hex_corner_mask[h];
        if (!(s.occupied & corners)) continue;
        for (int i = 0; i < n; ++i) {
            const PlayerState& p = s.players[i];
            if (!((p.settlements | p.cities) & corners)) continue;
            const int k = popcount64(p.settlements & corners) + 2 * popcount64(p.cities & corners);  // CAT-7.3
            owed[i][r] = static_cast<uint8_t>(owed[i][r] + k);
            sum[r] += k;
            paid |= 1u << i;
        }
    }
    if (!paid) return;
    for (int r = 0; r < kResourceTypes; ++r) {
        if (sum[r] == 0 || sum[r] <= s.bank[r]) continue;
        int owed_players = 0, only = -1;
        for (int i = 0; i < n; ++i)
            if (owed[i][r]) {
                ++owed_players;
                only = i;
            }
        if (s.options.ruleset == Ruleset::HK2024 && owed_players == 1) {
            owed[only][r] = s.bank[r];  // HK-5.1(a): the only recipient takes what is left
        } else {
            for (int i = 0; i < n; ++i) owed[i][r] = 0;  // CAT-7.5, HK-5.1(b)
            Event e = make_event(EventType::ProductionBlocked);
            e.resource = static_cast<Resource>(r);
            e.has_resource = true;
            emit(ev, e);
        }
    }
    for (int i = 0; i < n; ++i) {
        if (!(paid & (1u << i)) || total_of(owed[i]) == 0) continue;
        transfer(s.bank, s.players[i].hand, owed[i]);
        Event e = make_event(EventType::Produced, i);
        e.cards = owed[i];
        emit(ev, e);
    }
}
}  // namespace

void roll_dice(GameState& s, EventList* ev, bool referee) {
    s.dice[0] = static_cast<uint8_t>(1 + uniform(s.rng, 6));
    s.dice[1] = static_cast<uint8_t>(1 + uniform(s.rng, 6));
    s.rolled = true;
    Event e = make_event(EventType::DiceRolled, s.active);
    e.dice[0] = s.dice[0];
    e.dice[1] = s.dice[1];
    e.value = referee ? 1 : 0;
    emit(ev, e);
    const int total = s.dice[0] + s.dice[1];
    if (total != 7) {
        produce(s, total, ev);
        s.phase = main_phase(s);
        return;
    }
    // CAT-8.1..8.4: discards first, all at once.
    bool any = false;
    for (int i = 0; i < s.options.players; ++i) {
        PlayerState& p = s.players[i];
        const int held = total_of(p.hand);
        // A disqualified player (HK-10.6) makes no more decisions, so owes no discard either.
        p.discard_owed = held > 7 && !p.disqualified ? static_cast<uint8_t>(held / 2) : 0;
        if (p.discard_owed) {
            any = true;
            Event d = make_event(EventType::DiscardRequired, i);
            d.value = p.discard_owed;
            emit(ev, d);
        }
    }
    s.resume_phase = main_phase(s);
    s.phase = any ? Phase::Discard : Phase::MoveRobber;
}

void finish_discards_if_done(GameState& s, EventList* ev) {
    for (int i = 0; i < s.options.players; ++i)
        if (s.players[i].discard_owed) return;
    if (s.end_turn_after_discards) {  // a referee's 7: the robber already went to the desert (HK-2.7)
        s.end_turn_after_discards = false;
        end_turn(s, ev);
        return;
    }
    s.phase = Phase::MoveRobber;
}

void random_discard(GameState& s, int seat, EventList* ev) {
    PlayerState& p = s.players[seat];
    ResourceCounts out{};
    ResourceCounts left = p.hand;
    for (int k = 0; k < p.discard_owed; ++k) {
        uint32_t pick = uniform(s.rng, static_cast<uint32_t>(total_of(left)));
        for (int r = 0; r < kResourceTypes; ++r) {
            if (pick < left[r]) {
                --left[r];
                ++out[r];
                break;
            }
            pick -= left[r];
        }
    }
    transfer(p.hand, s.bank, out);
    p.discard_owed = 0;
    Event e = make_event(EventType::Discarded, seat);
    e.cards = out;
    emit(ev, e);
    finish_discards_if_done(s, ev);
}

void move_robber(GameState& s, int hex, int victim, EventList* ev) {
    s.robber = static_cast<uint8_t>(hex);
    Event e = make_event(EventType::RobberMoved, s.active);
    e.location = static_cast<uint8_t>(hex);
    emit(ev, e);
    if (victim < 0) return;
    PlayerState& v = s.players[victim];
    const int held = total_of(v.hand);
    Event st = make_event(EventType::Stole, s.active);
    st.other = static_cast<int8_t>(victim);
    if (held == 0) {  // CAT-8.10: nothing to take
        emit(ev, st);
        return;
    }
    uint32_t pick = uniform(s.rng, static_cast<uint32_t>(held));  // CAT-8.8: drawn blind
    int r = 0;
    while (pick >= v.hand[r]) pick -= v.hand[r++];
    --v.hand[r];
    ++s.players[s.active].hand[r];
    if (ev) {
        st.value = 1;
        st.visible_to = static_cast<uint8_t>(seat_bit(s.active) | seat_bit(victim));
        st.has_resource = true;
        st.resource = static_cast<Resource>(r);
        emit(ev, st);
        st.visible_to = static_cast<uint8_t>(kEveryone & ~st.visible_to);  // the public twin
        st.has_resource = false;
        st.resource = Resource::Lumber;
        emit(ev, st);
    }
}

void close_offer(GameState& s) {
    const uint16_t id = s.offer.id;
    s.offer = TradeOffer{};
    s.offer.id = id;
}

void end_turn(GameState& s, EventList* ev) {
    const int n = s.options.players;
    close_offer(s);  // open offers lapse (HK-2.5)
    s.players[s.active].dev_bought_now = {};
    emit(ev, make_event(EventType::TurnEnded, s.active));
    int next = s.active;
    for (int k = 0; k < n; ++k) {  // CAT-6.1; disqualified players are skipped (HK-10.6)
        next = (next + 1) % n;
        if (!s.players[next].disqualified) break;
    }
    s.active = static_cast<uint8_t>(next);
    ++s.turn;
    s.rolled = false;
    s.dev_played = false;
    s.road_building_left = 0;
    s.end_turn_after_discards = false;
    s.hk_net = {};
    s.phase = Phase::PreRoll;
    PlayerState& p = s.players[s.active];
    p.harbors_usable = p.harbors;  // CAT-9.13: harbors built last turn become usable
    Event e = make_event(EventType::TurnStarted, s.active);
    e.value = static_cast<uint8_t>(s.turn & 0xFF);
    emit(ev, e);
    check_victory(s, ev);  // CAT-16.4: at the first moment of the player's own turn
}

Result apply_turn(GameState& s, const Action& a, EventList* ev) {
    const Geometry& g = geometry();
    switch (a.type) {
        case ActionType::RollDice:
            if (a.seat != s.active) return rejected("CAT-6.6", "only the active player rolls");
            if (s.phase != Phase::PreRoll) return rejected("CAT-6.4", "the dice have already been rolled this turn");
            roll_dice(s, ev, false);
            return accepted();
        case ActionType::Discard: {
            if (s.phase != Phase::Discard) return rejected("CAT-8.2", "no discard is owed now");
            PlayerState& p = s.players[a.seat];
            if (!p.discard_owed) return rejected("CAT-8.2", "this player does not have to discard");
            if (total_of(a.give) != p.discard_owed) return rejected("CAT-8.2", "discard exactly half of the hand, rounded down");
            if (!covers(p.hand, a.give)) return rejected("CAT-8.3", "cannot discard cards not in hand");
            transfer(p.hand, s.bank, a.give);
            p.discard_owed = 0;
            Event e = make_event(EventType::Discarded, a.seat);
            e.cards = a.give;
            emit(ev, e);
            finish_discards_if_done(s, ev);
            return accepted();
        }
        case ActionType::MoveRobber: {
            if (a.seat != s.active) return rejected("CAT-6.6", "only the active player moves the robber");
            if (s.phase == Phase::Discard) return rejected("CAT-8.4", "every discard must be done before the robber moves");
            if (s.phase != Phase::MoveRobber) return rejected("CAT-8.11", "the robber moves only on a 7 or a knight");
            if (a.location >= kHexes) return rejected("CAT-8.5", "no such hex");
            if (a.location == s.robber) return rejected("CAT-8.5", "the robber must move to a different hex");
            uint8_t eligible = 0;
            for (int i = 0; i < s.options.players; ++i)
                if (i != s.active && (buildings_of(s.players[i]) & g.hex_corner_mask[a.location])) eligible |= seat_bit(i);
            if (a.target >= 0) {
                if (a.target >= s.options.players || a.target == s.active || !(eligible & seat_bit(a.target)))
                    return rejected("CAT-8.9", "only an opponent with a building on that hex can be robbed");
            } else if (eligible) {
                return rejected("CAT-8.10", "an eligible opponent must be chosen");
            }
            move_robber(s, a.location, a.target, ev);
            s.phase = s.resume_phase;
            return accepted();
        }
        case ActionType::EndTurn:
            if (a.seat != s.active) return rejected("CAT-6.6", "only the active player ends the turn");
            if (s.phase == Phase::PreRoll) return rejected("CAT-6.4", "roll the dice first");
            if (!after_roll_phase(s.phase)) return rejected("CAT-6.5", "finish resolving the roll or card first");
            end_turn(s, ev);
            return accepted();
        default:
            return rejected("CAT-6.6", "not a turn action");
    }
}

}  // namespace hexhall::catan::detail
