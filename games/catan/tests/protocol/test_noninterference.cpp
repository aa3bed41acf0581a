// Non-interference: what a seat may not know (other hands' compositions, other seats' development
// card types, the deck order, the RNG state) must not change anything that seat receives: its view
// JSON, its legal actions JSON, and, after the same deterministic action, its patch and events.
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "games/catan/protocol/view_stream.hpp"
#include "games/catan/tests/protocol/helpers.hpp"

using namespace hexhall;
using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

bool is_other(int q, int seat) { return seat == kSpectator || q != seat; }

// Permutes the types of the hidden non-victory-point development cards: other seats' (keeping each
// seat's count and which of its cards were bought this turn) and the undrawn deck's. Victory point
// cards stay where they are, so nobody's total changes.
void shuffle_hidden_dev_cards(GameState& t, int seat, Rng& rng) {
    struct Slot { int owner; bool now; int deck_index; };
    std::vector<Slot> slots;
    std::vector<DevCard> types;
    const int vp = static_cast<int>(DevCard::VictoryPoint);
    for (int q = 0; q < t.options.players; ++q) {
        if (!is_other(q, seat)) continue;
        PlayerState& p = t.players[q];
        for (int d = 0; d < kDevCardTypes; ++d) {
            if (d == vp) continue;
            for (int k = 0; k < p.dev_cards[d]; ++k) {
                slots.push_back({q, k < p.dev_bought_now[d], -1});
                types.push_back(static_cast<DevCard>(d));
            }
            p.dev_cards[d] = 0;
            p.dev_bought_now[d] = 0;
        }
    }
    for (int i = t.deck_next; i < kDevCards; ++i)
        if (t.deck[i] != DevCard::VictoryPoint) {
            slots.push_back({-1, false, i});
            types.push_back(t.deck[i]);
        }
    if (!types.empty()) shuffle(rng, types.data(), static_cast<int>(types.size()));
    for (size_t i = 0; i < slots.size(); ++i) {
        const Slot& sl = slots[i];
        if (sl.owner < 0) {
            t.deck[sl.deck_index] = types[i];
        } else {
            PlayerState& p = t.players[sl.owner];
            ++p.dev_cards[static_cast<int>(types[i])];
            if (sl.now) ++p.dev_bought_now[static_cast<int>(types[i])];
        }
    }
}

// Q gives an X to R and R gives a Y to Q (both hidden from `seat`): counts and bank unchanged.
// Keeps the promises of an open offer (an acceptor / counter-offerer still holds what it offered).
bool swap_hidden_cards(GameState& t, int seat, Rng& rng) {
    const int n = t.options.players;
    const int q = static_cast<int>(uniform(rng, n)), r = static_cast<int>(uniform(rng, n));
    if (q == r || !is_other(q, seat) || !is_other(r, seat)) return false;
    const int x = static_cast<int>(uniform(rng, kResourceTypes)), y = static_cast<int>(uniform(rng, kResourceTypes));
    PlayerState& pq = t.players[q];
    PlayerState& pr = t.players[r];
    if (x == y || !pq.hand[x] || !pr.hand[y]) return false;
    GameState u = t;
    --u.players[q].hand[x]; ++u.players[q].hand[y];
    --u.players[r].hand[y]; ++u.players[r].hand[x];
    if (u.offer.open)
        for (int i : {q, r}) {
            if (u.offer.response[i] == OfferResponse::Accepted && !covers(u.players[i].hand, u.offer.get)) return false;
            if (u.offer.response[i] == OfferResponse::Countered && !covers(u.players[i].hand, u.offer.counter_get[i]))
                return false;
            if (i == u.active && !covers(u.players[i].hand, u.offer.give)) return false;
        }
    t = u;
    return true;
}

// Whether the outcome of `a` depends only on what its seat knows.
bool deterministic_for_actor(const Action& a) {
    switch (a.type) {
        case ActionType::RollDice:      // dice: the RNG
        case ActionType::BuyDevCard:    // the deck order
        case ActionType::PlayMonopoly:  // reveals the others' counts of a type, by the rules
            return false;
        case ActionType::MoveRobber: return a.target < 0;  // a steal draws blind
        default: return true;
    }
}

std::string legal_text(const GameState& s, int seat, LegalActions& la) {
    if (seat == kSpectator) return "";
    legal_actions(s, seat, la);
    return legal_json(la).dump();
}

}  // namespace

TEST_CASE("hidden information does not reach a seat's view, legal actions, patch or events",
          "[protocol][noninterference]") {
    LegalActions la, la2;
    EventList ev1, ev2;
    uint64_t states = 0, seat_checks = 0, perturbed = 0, actions_compared = 0;
#if defined(__SANITIZE_ADDRESS__)
    const uint64_t games = 10;  // the sanitizer build is ~20x slower
#else
    const uint64_t games = 60;
#endif
    for (uint64_t g = 0; g < games; ++g) {
        GameOptions opt = test::varied_options(g);
        opt.victory_points = 10;
        GameState s;
        REQUIRE(new_game(opt, 500 + g, s));
        Rng rng = make_rng(g + 99);
        Rng prng = make_rng(g * 31 + 7);
        int next_sample = 5 + static_cast<int>(uniform(rng, 20));
        for (int n = 0; s.phase != Phase::GameOver && n < 4000; ++n) {
            apply(s, test::random_step(s, rng, la));
            if (n != next_sample || s.phase == Phase::GameOver) continue;
            next_sample = n + 1 + static_cast<int>(uniform(rng, 25));
            ++states;
            for (int seat = -1; seat < s.options.players; ++seat) {
                GameState t = s;
                shuffle_hidden_dev_cards(t, seat, prng);
                for (int k = 0; k < 4; ++k) swap_hidden_cards(t, seat, prng);
                if (t.deck_next < kDevCards)
                    shuffle(prng, t.deck.data() + t.deck_next, kDevCards - t.deck_next);
                t.rng = make_rng(next_u64(prng));
                // Sanity: the perturbation kept every count.
                for (int q = 0; q < s.options.players; ++q)
                    REQUIRE(total_of(t.players[q].hand) == total_of(s.players[q].hand));
                REQUIRE(t.bank == s.bank);
                bool differs = false;
                for (int q = 0; q < s.options.players; ++q)
                    differs = differs || t.players[q].hand != s.players[q].hand ||
                              t.players[q].dev_cards != s.players[q].dev_cards;
                differs = differs || t.deck != s.deck;
                perturbed += differs ? 1 : 0;

                // vs/vt: the reference patch (JSON); ws/wt: the text the server sends (patch_text).
                ViewStream vs(seat), vt(seat), ws(seat), wt(seat);
                const std::string snap_s = vs.snapshot(s).dump(), snap_t = vt.snapshot(t).dump();
                REQUIRE(snap_s == snap_t);
                ws.snapshot(s);
                wt.snapshot(t);
                REQUIRE(legal_text(s, seat, la) == legal_text(t, seat, la2));
                ++seat_checks;

                if (seat == kSpectator) continue;
                legal_actions(s, seat, la);
                if (la.count == 0 && la.discard == 0) continue;
                Rng pick = make_rng(n * 5 + static_cast<uint64_t>(seat));
                const Action a = random_legal_action(s, seat, pick, la);
                if (!deterministic_for_actor(a)) continue;
                GameState s2 = s, t2 = t;
                ev1.clear();
                ev2.clear();
                REQUIRE(apply(s2, a, &ev1));
                REQUIRE(apply(t2, a, &ev2));
                REQUIRE((s2.phase == Phase::GameOver) == (t2.phase == Phase::GameOver));
                if (s2.phase == Phase::GameOver) continue;  // CAT-16.5: the end reveals every hand
                REQUIRE(vs.patch(s2, ev1).dump() == vt.patch(t2, ev2).dump());
                REQUIRE(ws.patch_text(s2, ev1) == wt.patch_text(t2, ev2));
                ++actions_compared;
            }
        }
    }
    WARN("non-interference: " << states << " states, " << seat_checks << " state x seat checks (spectator included), "
                              << perturbed << " with hidden information actually changed, " << actions_compared
                              << " follow-up actions whose patches were compared");
    CHECK(seat_checks > 100);
}
