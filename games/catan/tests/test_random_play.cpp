// random_legal_action draws the very action legal_actions' list would give at the same uniform() draw,
// also where it counts the list's groups instead of listing them (the active seat's own turn, no open
// offer; the robber's move):
// random play, the random bot and the benchmarks play the same games as before (issue 30).
#include <catch2/catch.hpp>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/record.hpp"
#include "games/catan/tests/random_game.hpp"

using namespace hexhall::catan;

namespace {

// What random_legal_action drew before it counted: the listed action at uniform(count), or the
// random discard of the family.
Action listed_pick(const GameState& s, int seat, Rng& rng, LegalActions& la) {
    legal_actions(s, seat, la);
    if (la.discard) return random_discard(seat, s.players[seat].hand, la.discard, rng);
    return la.list[uniform(rng, static_cast<uint32_t>(la.count))];
}

}  // namespace

TEST_CASE("random_legal_action draws legal[uniform(n)] without listing, in every phase and ruleset",
          "[random_play][CAT-6.2][CAT-6.3][CAT-8.5][CAT-8.9][CAT-9.9][CAT-10.2][CAT-13.3]") {
    Rng rng = make_rng(20261127);
    LegalActions la, listed;
    long long compared = 0, counted = 0, robber = 0, trades = 0, plenty = 0, monopoly = 0, builds = 0;
    for (int g = 0; g < 120; ++g) {
        const GameOptions o = hexhall::test::random_options(rng, g);
        GameState s;
        REQUIRE(new_game(o, next_u64(rng), s));
        for (int steps = 0; s.phase != Phase::GameOver && steps < 20000; ++steps) {
            for (int seat = 0; seat < s.options.players; ++seat) {
                if (!awaits(s, seat)) continue;
                const uint64_t draw_seed = next_u64(rng);
                Rng a_rng = make_rng(draw_seed), b_rng = make_rng(draw_seed);
                const Action drawn = random_legal_action(s, seat, a_rng, la);
                const Action expected = listed_pick(s, seat, b_rng, listed);
                INFO("game " << g << " step " << steps << " seat " << seat << " phase " << phase_name(s.phase)
                             << ": drawn " << action_to_text(drawn) << ", listed " << action_to_text(expected));
                REQUIRE(drawn == expected);
                REQUIRE(next_u64(a_rng) == next_u64(b_rng));  // the same number of draws
                ++compared;
                robber += seat == s.active && s.phase == Phase::MoveRobber;
                if (seat == s.active && (s.phase == Phase::Trade || s.phase == Phase::Build || s.phase == Phase::Main ||
                                         s.phase == Phase::PreRoll) &&
                    !s.offer.open) {
                    ++counted;
                    trades += drawn.type == ActionType::BankTrade;
                    plenty += drawn.type == ActionType::PlayYearOfPlenty;
                    monopoly += drawn.type == ActionType::PlayMonopoly;
                    builds += drawn.type == ActionType::BuildRoad || drawn.type == ActionType::BuildSettlement ||
                              drawn.type == ActionType::BuildCity || drawn.type == ActionType::BuyDevCard;
                }
            }
            const Action a = hexhall::test::next_action(s, rng, la);
            REQUIRE(apply(s, a));
        }
    }
    // The counted path really ran, over every kind of entry.
    CHECK(compared > 50000);
    CHECK(counted > 20000);
    CHECK(trades > 1000);
    CHECK(builds > 1000);
    CHECK(plenty > 20);
    CHECK(monopoly > 20);
    CHECK(robber > 1000);
}

TEST_CASE("covers agrees with the per-type comparison for every count 0..255", "[random_play][CAT-10.2]") {
    auto naive = [](const ResourceCounts& have, const ResourceCounts& need) {
        for (int i = 0; i < kResourceTypes; ++i)
            if (have[i] < need[i]) return false;
        return true;
    };
    long long disagreements = 0, held = 0;
    for (int lane = 0; lane < kResourceTypes; ++lane)
        for (int a = 0; a < 256; ++a)
            for (int b = 0; b < 256; ++b) {
                ResourceCounts have{3, 200, 0, 128, 255}, need{3, 127, 0, 128, 0};  // the other lanes are covered
                have[lane] = static_cast<uint8_t>(a);
                need[lane] = static_cast<uint8_t>(b);
                disagreements += covers(have, need) != naive(have, need);
                held += covers(have, need);
            }
    Rng rng = make_rng(7);
    for (int k = 0; k < 100000; ++k) {
        ResourceCounts have{}, need{};
        for (int i = 0; i < kResourceTypes; ++i) {
            have[i] = static_cast<uint8_t>(uniform(rng, k % 2 ? 256 : 5));
            need[i] = static_cast<uint8_t>(uniform(rng, k % 2 ? 256 : 4));
        }
        disagreements += covers(have, need) != naive(have, need);
    }
    CHECK(disagreements == 0);
    CHECK(held == 5LL * 256 * 257 / 2);  // a >= b in each lane's 256 × 256 pairs
}
