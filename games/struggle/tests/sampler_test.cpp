// random_legal_move against the listing on positions random games rarely reach (issue 16): large
// trade allowances (deck trades of 4-5 cards, closed-form counts), give-backs and discards of up
// to 9 cards (packed and table counts of sub-multisets), build steps with large hands and the
// university (payment counts, their memo and the memo of drawn payments).
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;

namespace {

// Draws `draws` moves from `s` with different generators; each must be legal[uniform(n)] with the
// same generator, consuming it the same way, and accepted by check.
void same_as_listing(const State& s, int seat, int draws, long long& checked) {
    std::vector<Move> legal;
    legal_moves(s, seat, legal);
    REQUIRE_FALSE(legal.empty());
    for (int d = 0; d < draws; ++d) {
        Rng a = make_rng(static_cast<uint64_t>(d) * 7919 + 1), b = a;
        const Move drawn = random_legal_move(s, seat, a);
        const Move& listed = legal[uniform(b, static_cast<uint32_t>(legal.size()))];
        REQUIRE(move_to_json(drawn) == move_to_json(listed));
        REQUIRE(a.s[0] == b.s[0]);
        REQUIRE_FALSE(check(s, seat, drawn));
        ++checked;
    }
}

Cards random_hand(Rng& rng, int size) {
    Cards h;
    for (int i = 0; i < size; ++i) h[static_cast<int>(uniform(rng, kResources))] += 1;
    return h;
}

}  // namespace

TEST_CASE("deck trades of up to 5 cards, give-backs and discards are drawn as listed",
          "[SFC-5.3][SFC-5.4][SFC-5.6][SFC-8.7]") {
    Rng rng = make_rng(1616);
    long long checked = 0;
    for (int round = 0; round < 300; ++round) {
        State s = fresh(4, 100 + static_cast<uint64_t>(round));
        const int seat = round % 4;
        // Clamped to the cards there are of each resource (set_hand moves real cards).
        Cards hand = random_hand(rng, static_cast<int>(uniform(rng, 14)));
        for (int r = 0; r < kResources; ++r) hand[r] = std::min(hand[r], kResourceCopies[r] - 4);
        set_hand(s, seat, hand);
        {  // trade step
            State t = s;
            to_trade(t, seat);
            t.p[seat].roads = 1 + static_cast<int>(uniform(rng, 9));
            t.trades_left = 1 + static_cast<int>(uniform(rng, 5));  // SFC-5.3: up to 5 A-side roads
            t.deck_only = false;
            same_as_listing(t, seat, 8, checked);
        }
        const int k = std::min(s.p[seat].hand.total(), 1 + static_cast<int>(uniform(rng, 9)));
        if (k == 0) continue;
        {  // give back
            State t = s;
            to_trade(t, seat);
            t.phase = Phase::GiveBack;
            t.trade_opponent = (seat + 1) % 4;
            t.trade_count = k;
            same_as_listing(t, seat, 8, checked);
        }
        {  // discard
            State t = s;
            t.phase = Phase::Discard;
            t.discard_due = {};
            t.discard_due[seat] = k;
            same_as_listing(t, seat, 8, checked);
        }
    }
    CHECK(checked > 1000);
}

TEST_CASE("build steps with large hands and the university are drawn as listed, twice over",
          "[SFC-6.1][SFC-6.2][SFC-6.3][SFC-9.9][SFC-9.7]") {
    Rng rng = make_rng(1617);
    long long checked = 0;
    for (int round = 0; round < 400; ++round) {
        State s = fresh(4, 500 + static_cast<uint64_t>(round % 40));  // hands recur: memo hits
        const int seat = round % 4;
        Rng hands = make_rng(static_cast<uint64_t>(round % 40));
        Cards hand = random_hand(hands, static_cast<int>(uniform(hands, 20)));
        for (int r = 0; r < kResources; ++r) hand[r] = std::min(hand[r], kResourceCopies[r] - 4);
        set_hand(s, seat, hand);
        to_build(s, seat);
        s.p[seat].cities = static_cast<int>(uniform(rng, 2));
        if (uniform(rng, 2) == 1) s.p[seat].expansions |= 1u << static_cast<int>(Expansion::University);
        s.university_used = uniform(rng, 4) == 0;
        s.built = static_cast<uint8_t>(uniform(rng, 4) == 0 ? 1u << uniform(rng, kBuildings) : 0u);
        same_as_listing(s, seat, 12, checked);
    }
    CHECK(checked > 3000);
}
