// Pins the legal-action lists the JSON layer sends: a hash of every list over fixed seeded random
// games, recorded before the playout speed work (docs/performance.md) and asserted since, so engine
// optimisations cannot change what clients see.
#include <cstdio>

#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;
using hexhall::core::Event;

namespace {

uint64_t fnv1a(uint64_t h, const std::string& text) {
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    return h;
}

struct Pin {
    uint64_t hash = 0xCBF29CE484222325ull;
    long long lists = 0, actions = 0;
};

// Plays one game through the module, each seat picking uniformly from the listed actions with the
// test's own generator, and folds every listed action (in order) into the pin.
void play(int players, uint64_t seed, Pin& pin) {
    std::string error;
    auto g = struggle_module().create(json{{"players", players}}, seed, error);
    REQUIRE(g);
    Rng rng = make_rng(seed * 7919 + 13);
    std::vector<Event> ev;
    for (int step = 0; step < 4000 && !g->over(); ++step) {
        const int seat = g->awaiting()[0];
        const auto legal = g->legal_actions(seat);
        REQUIRE_FALSE(legal.empty());
        pin.hash = fnv1a(pin.hash, "|" + std::to_string(seat) + ":" + std::to_string(legal.size()));
        for (const json& a : legal) pin.hash = fnv1a(pin.hash, a.dump());
        pin.lists += 1;
        pin.actions += static_cast<long long>(legal.size());
        const json a = legal[uniform(rng, static_cast<uint32_t>(legal.size()))];
        REQUIRE_FALSE(g->act(seat, a, ev));
    }
}

}  // namespace

TEST_CASE("the legal-action lists of fixed seeded games are unchanged (wire pin)",
          "[SFC-4.1][SFC-5.4][SFC-5.5][SFC-5.6][SFC-6.2][SFC-8.7][SFC-9.9]") {
    Pin pin;
    for (int players = 2; players <= 6; ++players)
        for (uint64_t seed = 1; seed <= 10; ++seed) play(players, 100 * static_cast<uint64_t>(players) + seed, pin);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(pin.hash));
    INFO("lists " << pin.lists << ", actions " << pin.actions << ", hash " << hex);
    // Recorded again when the no-op market swaps (a card for the same resource, SFC-5.5) left the
    // lists (issue 25); before: 32741 lists, 276397 actions, 19dcaa6f215b402d (a1f5031).
    CHECK(pin.lists == 34322);
    CHECK(pin.actions == 271442);
    CHECK(std::string(hex) == "e9ba0dec08e81489");
}

TEST_CASE("random_legal_move draws exactly legal[uniform(n)] without listing (uniform random play)",
          "[SFC-4.1][SFC-5.4][SFC-6.2][SFC-8.7][SFC-9.10]") {
    std::vector<Move> legal;
    long long checked = 0;
    for (int players = 2; players <= 6; ++players)
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            State s = new_game(players, 0, provisional(), 500 + seed);
            Rng play = make_rng(seed);
            for (int step = 0; step < 4000 && s.phase != Phase::Over; ++step) {
                const int seat = first_awaiting(s);
                REQUIRE(seat == awaiting(s)[0]);
                legal_moves(s, seat, legal);
                REQUIRE_FALSE(legal.empty());
                Rng a = play, b = play;
                const Move drawn = random_legal_move(s, seat, a);
                const Move& listed = legal[uniform(b, static_cast<uint32_t>(legal.size()))];
                REQUIRE(move_to_json(drawn) == move_to_json(listed));
                REQUIRE(a.s[0] == b.s[0]);
                ++checked;
                play = a;
                REQUIRE_FALSE(act(s, seat, drawn, nullptr));
            }
        }
    CHECK(checked > 10000);
}

TEST_CASE("the market swaps listed never give a card for the same resource", "[SFC-5.5]") {
    for (int players = 2; players <= 6; ++players) {
        std::string error;
        auto g = struggle_module().create(json{{"players", players}}, 900 + static_cast<uint64_t>(players), error);
        REQUIRE(g);
        Rng rng = make_rng(77 + static_cast<uint64_t>(players));
        std::vector<Event> ev;
        int swaps = 0;
        for (int step = 0; step < 4000 && !g->over(); ++step) {
            const int seat = g->awaiting()[0];
            const auto legal = g->legal_actions(seat);
            for (const json& a : legal)
                if (a["type"] == "tradeMarket") {
                    ++swaps;
                    CHECK(a["give"] != a["take"]);
                }
            REQUIRE_FALSE(g->act(seat, legal[uniform(rng, static_cast<uint32_t>(legal.size()))], ev));
        }
        CHECK(swaps > 0);
    }
}
