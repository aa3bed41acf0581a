#include "games/catan/engine/random_play.hpp"

namespace hexhall::catan {

int next_decider(const GameState& s) {
    if (s.phase == Phase::Discard)
        for (int i = 0; i < s.options.players; ++i)
            if (s.players[i].discard_owed) return i;
    return s.active;
}

Action random_discard(int seat, ResourceCounts hand, int n, Rng& rng) {
    Action a;
    a.type = ActionType::Discard;
    a.seat = static_cast<uint8_t>(seat);
    for (int k = 0; k < n && total_of(hand) > 0; ++k) {
        uint32_t pick = uniform(rng, static_cast<uint32_t>(total_of(hand)));
        int r = 0;
        while (pick >= hand[r]) pick -= hand[r++];
        --hand[r];
        ++a.give[r];
    }
    return a;
}

Action random_legal_action(const GameState& s, int seat, Rng& rng, LegalActions& la) {
    legal_actions(s, seat, la);
    if (la.discard) return random_discard(seat, s.players[seat].hand, la.discard, rng);
    return la.list[uniform(rng, static_cast<uint32_t>(la.count))];
}

int play_random_game(GameState& s, Rng& rng, int max_actions, EventList* events) {
    LegalActions la;
    int n = 0;
    while (s.phase != Phase::GameOver) {
        if (n >= max_actions) return -1;
        if (s.phase == Phase::MapStudy) {
            Action b;
            b.type = ActionType::BeginPlacement;
            apply(s, b, events);
            continue;
        }
        const Action a = random_legal_action(s, next_decider(s), rng, la);
        apply(s, a, events);
        ++n;
    }
    return n;
}

}  // namespace hexhall::catan
