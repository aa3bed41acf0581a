// Thousands of random full games with invariants checked after every step.
#include "scenario.hpp"

using namespace carcassonne_test;

static void check_invariants(const Game& g, const std::array<int, kMaxPlayers>& before) {
    // 72 tiles accounted for: on the table, put aside, shown, face down (CAR-1.1, CAR-4.4).
    REQUIRE(g.placed_count() + g.discarded_count() + g.bag_left() + (g.current_tile() >= 0 ? 1 : 0) == 72);
    for (int p = 0; p < g.players(); ++p) {
        int on_board = 0;
        for (int k = 0; k < kFollowersEach; ++k) on_board += g.follower(p, k).spot >= 0;
        REQUIRE(on_board + g.supply(p) == 7);  // followers conserved (CAR-1.3)
        REQUIRE(g.score(p) >= before[p]);      // scores only add up (CAR-6.10)
    }
    // Every follower stands on a feature of a placed tile; roads/cities/cloisters still on the
    // table are unfinished (completed ones returned their followers, CAR-5.6).
    for (int p = 0; p < g.players(); ++p)
        for (int k = 0; k < kFollowersEach; ++k) {
            const Follower& f = g.follower(p, k);
            if (f.spot < 0) continue;
            REQUIRE(f.tile < g.placed_count());
            if (f.spot == kCloisterSpot) {
                REQUIRE(tile_def(g.placed(f.tile).type).cloister);
                if (g.phase() == Phase::Place) REQUIRE(g.cloister_neighbours(f.tile) < 8);
                continue;
            }
            const int seg = g.seg_id(f.tile, f.spot);
            REQUIRE(g.seg_exists(seg));
            // (During the follower step a just-completed feature waits for step 3 of CAR-3.1.)
            if (g.seg_kind(seg) != Kind::Field && g.phase() != Phase::Follower) REQUIRE_FALSE(g.complete(seg));
            if (g.over()) REQUIRE(g.seg_kind(seg) == Kind::Field);  // CAR-8.8: only farmers remain
        }
}

TEST_CASE("random full games end with every invariant held", "[CAR-1.1][CAR-1.3][CAR-5.6][CAR-6.10][CAR-8.1][random]") {
    long games = 0, discards = 0;
    for (int players = 2; players <= 5; ++players) {
        for (uint64_t seed = 1; seed <= 750; ++seed) {
            Options o;
            o.players = players;
            if (seed % 3 == 0) o.rules = Ruleset{4, 1, true};
            Game g = Game::create(o, seed * 31 + static_cast<uint64_t>(players));
            Rng rng(seed);
            std::array<int, kMaxPlayers> before{};
            int steps = 0;
            while (!g.over()) {
                for (int p = 0; p < players; ++p) before[p] = g.score(p);
                g.random_step(rng);
                if (seed % 25 == 0) check_invariants(g, before);
                REQUIRE(++steps < 400);
            }
            check_invariants(g, before);
            REQUIRE(g.placed_count() + g.discarded_count() == 72);
            discards += g.discarded_count();
            ++games;
        }
    }
    CHECK(games == 3000);
    INFO("tiles put aside in 3000 games: " << discards);
    CHECK(discards >= 0);
}

TEST_CASE("regression: final scoring with events never throws and matches the silent run", "[CAR-8.2][CAR-8.5][random]") {
    for (uint64_t seed = 1; seed <= 200; ++seed) {
        Options o;
        o.players = 2 + static_cast<int>(seed % 4);
        Game quiet = Game::create(o, seed), loud = Game::create(o, seed);
        Rng r1(seed + 5);
        std::vector<Event> ev;
        std::vector<Placement> pls;
        std::vector<int> spots;
        while (!quiet.over()) {
            // The same choices with and without events: the engine must not depend on reporting.
            if (quiet.phase() == Phase::Place) {
                quiet.legal_placements(pls);
                const Placement pl = pls[r1.below(static_cast<uint32_t>(pls.size()))];
                REQUIRE_FALSE(quiet.place(pl, nullptr));
                REQUIRE_NOTHROW(loud.place(pl, &ev));
            } else {
                quiet.legal_spots(spots);
                spots.push_back(-1);
                const int spot = spots[r1.below(static_cast<uint32_t>(spots.size()))];
                REQUIRE_FALSE(quiet.deploy(spot, nullptr));
                REQUIRE_NOTHROW(loud.deploy(spot, &ev));
            }
            REQUIRE(loud.turn() == quiet.turn());
        }
        REQUIRE(loud.over());
        for (int p = 0; p < o.players; ++p) CHECK(loud.score(p) == quiet.score(p));
        int total = 0;
        for (const Event& e : ev)
            if (e.type == Event::Scored)
                for (int p = 0; p < o.players; ++p) total += e.scoring.points[p];
        int sum = 0;
        for (int p = 0; p < o.players; ++p) sum += quiet.score(p);
        CHECK(total == sum);  // every point is explained by a scoring event
    }
}
