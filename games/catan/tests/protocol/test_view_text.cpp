// The typed writers (protocol/view_text.hpp) against nlohmann: every section's text equals the dump
// of its JSON value, and the ops between any two values equal the dumps of json::diff. The sync test
// checks them on consecutive views; here the pairs are far apart (many ops per section, removes and
// adds together) and the players are random values, so every field and shape change is reached.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/catan/protocol/view_text.hpp"
#include "games/catan/tests/random_game.hpp"

using namespace hexhall;
using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

std::string dumps(const json& ops) {
    std::string t;
    for (const json& op : ops) {
        if (!t.empty()) t.push_back(',');
        t.append(op.dump());
    }
    return t;
}

uint8_t small(Rng& rng, uint32_t n) { return static_cast<uint8_t>(uniform(rng, n)); }

PlayerView random_player(Rng& rng) {
    PlayerView p;
    p.resource_count = small(rng, 30);
    p.dev_card_count = small(rng, 12);
    p.knights_played = small(rng, 8);
    p.road_length = small(rng, 16);
    p.public_vp = small(rng, 11);
    p.roads_left = small(rng, 16);
    p.settlements_left = small(rng, 6);
    p.cities_left = small(rng, 5);
    p.discard_owed = small(rng, 10);
    p.warnings = small(rng, 3);
    p.disqualified = uniform(rng, 2) == 1;
    p.known = uniform(rng, 2) == 1;
    for (auto& c : p.hand) c = small(rng, 20);
    for (auto& c : p.dev_cards) c = small(rng, 15);
    for (auto& c : p.dev_bought_now) c = small(rng, 3);
    p.total_vp = small(rng, 13);
    p.harbors = small(rng, 64);
    return p;
}

// A variant of p with a few fields changed (often none of the shape-changing ones).
PlayerView mutate(PlayerView p, Rng& rng) {
    const PlayerView r = random_player(rng);
    const int changes = 1 + static_cast<int>(uniform(rng, 4));
    for (int k = 0; k < changes; ++k) {
        switch (uniform(rng, 12)) {
            case 0: p.resource_count = r.resource_count; break;
            case 1: p.hand = r.hand; break;
            case 2: p.hand[uniform(rng, kResourceTypes)] = r.hand[0]; break;
            case 3: p.dev_cards[uniform(rng, kDevCardTypes)] = r.dev_cards[0]; break;
            case 4: p.dev_bought_now = r.dev_bought_now; break;
            case 5: p.disqualified = !p.disqualified; break;
            case 6: p.warnings = r.warnings; break;
            case 7: p.public_vp = r.public_vp; p.total_vp = r.total_vp; break;
            case 8: p.roads_left = r.roads_left; p.road_length = r.road_length; break;
            case 9: p.harbors = r.harbors; break;  // shape: the harbors array
            case 10: p.known = !p.known; break;      // shape: the known-only members
            default: p.settlements_left = r.settlements_left; p.cities_left = r.cities_left; break;
        }
    }
    return p;
}

}  // namespace

TEST_CASE("player text and ops equal nlohmann's dump and json::diff", "[protocol][view_text]") {
    Rng rng = make_rng(2026);
    int shape_changes = 0, ops_seen = 0;
    for (int i = 0; i < 20000; ++i) {
        const int index = static_cast<int>(uniform(rng, kMaxPlayers));
        const PlayerView a = random_player(rng);
        const PlayerView b = uniform(rng, 4) == 0 ? random_player(rng) : mutate(a, rng);
        std::string text;
        append_player_text(text, b, index);
        REQUIRE(text == player_json(b, index).dump());
        const json expected = json::diff(player_json(a, index), player_json(b, index), "/players/" + std::to_string(index));
        std::string ops = "x";  // the writer puts a ',' before its first op when the output is not empty
        append_player_ops(ops, a, b, index);
        const std::string want = dumps(expected);
        REQUIRE(ops == (want.empty() ? "x" : "x," + want));
        shape_changes += a.known != b.known || a.harbors != b.harbors;
        ops_seen += static_cast<int>(expected.size());
    }
    CHECK(shape_changes > 1000);
    CHECK(ops_seen > 20000);
}

TEST_CASE("section texts and ops equal nlohmann's dump and json::diff, for views far apart", "[protocol][view_text]") {
    LegalActions la;
    int pairs = 0;
    for (uint64_t g = 0; g < 40; ++g) {
        Rng rng = make_rng(g + 99);
        GameOptions options = test::random_options(rng, static_cast<int>(g));
        GameState s;
        REQUIRE(new_game(options, 500 + g, s));
        std::vector<GameState> states{s};
        for (int n = 0; n < 3000 && s.phase != Phase::GameOver; ++n) {
            REQUIRE(apply(s, test::next_action(s, rng, la)));
            if (uniform(rng, 25) == 0 || s.phase == Phase::GameOver) states.push_back(s);
        }
        for (size_t i = 0; i + 1 < states.size(); ++i) {
            const size_t j = i + 1 + uniform(rng, static_cast<uint32_t>(states.size() - i - 1));
            const int seat = static_cast<int>(uniform(rng, static_cast<uint32_t>(options.players + 1))) - 1;
            const SeatView a = make_view(states[i], seat), b = make_view(states[j], seat);
            for (int k = 0; k < kViewSections; ++k) {
                const auto sec = static_cast<ViewSection>(k);
                std::string text;
                append_section_text(text, sec, b);
                REQUIRE(text == section_json(sec, b).dump());
                if (sec == ViewSection::Players) continue;  // diffed per player (above, and the sync test)
                std::string ops;
                append_section_ops(ops, sec, a, b);
                INFO("game " << g << " section " << section_key(sec));
                REQUIRE(ops == dumps(json::diff(section_json(sec, a), section_json(sec, b),
                                                std::string("/") + section_key(sec))));
            }
            for (int p = 0; p < a.players; ++p) {
                std::string ops;
                append_player_ops(ops, a.player[p], b.player[p], p);
                REQUIRE(ops == dumps(json::diff(player_json(a.player[p], p), player_json(b.player[p], p),
                                                "/players/" + std::to_string(p))));
            }
            ++pairs;
        }
    }
    CHECK(pairs > 1000);
}
