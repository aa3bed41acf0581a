// core/json_diff.hpp against nlohmann's json::diff: the same operations in the same order, over
// random JSON values and random changes of them (members added, removed and changed, arrays grown
// and shrunk, types swapped, numbers equal across types, keys that need escaping), and over the views
// of every registered game through a random game.
#include <random>

#include <catch2/catch.hpp>

#include "core/json_diff.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::json;

const char* const kKeys[] = {"a", "b", "board", "x/y", "~t", "", "players", "z"};

json random_value(std::mt19937_64& rng, int depth) {
    switch (rng() % (depth > 3 ? 5 : 7)) {
        case 0: return nullptr;
        case 1: return rng() % 2 == 0;
        case 2: return static_cast<int>(rng() % 5) - 2;
        case 3: return static_cast<unsigned>(rng() % 3);  // equal to the ints 0..2 across types
        case 4: return std::string(1 + rng() % 2, static_cast<char>('p' + rng() % 3));
        case 5: {
            json a = json::array();
            for (size_t i = 0, n = rng() % 5; i < n; ++i) a.push_back(random_value(rng, depth + 1));
            return a;
        }
        default: {
            json o = json::object();
            for (size_t i = 0, n = rng() % 5; i < n; ++i) o[kKeys[rng() % 8]] = random_value(rng, depth + 1);
            return o;
        }
    }
}

// A copy of v with a few random changes somewhere inside.
json mutate(json v, std::mt19937_64& rng, int depth = 0) {
    if (rng() % 4 == 0 || depth > 4) return rng() % 2 ? random_value(rng, depth) : v;
    if (v.is_array()) {
        if (!v.empty() && rng() % 3 == 0) v.erase(v.size() - 1 - rng() % v.size());
        if (rng() % 3 == 0) v.push_back(random_value(rng, depth + 1));
        for (auto& e : v)
            if (rng() % 2) e = mutate(e, rng, depth + 1);
    } else if (v.is_object()) {
        if (rng() % 3 == 0) v.erase(kKeys[rng() % 8]);
        if (rng() % 3 == 0) v[kKeys[rng() % 8]] = random_value(rng, depth + 1);
        for (auto& [k, e] : v.items())
            if (rng() % 2) e = mutate(e, rng, depth + 1);
    }
    return v;
}

}  // namespace

TEST_CASE("json_diff: the same operations as json::diff, over random values and changes", "[json_diff]") {
    std::mt19937_64 rng(11);
    for (int i = 0; i < 20000; ++i) {
        const json a = random_value(rng, 0);
        const json b = mutate(a, rng);
        const json ops = hexhall::core::json_diff(a, b);
        INFO(a.dump() << " -> " << b.dump());
        REQUIRE(ops == json::diff(a, b));
        REQUIRE(a.patch(ops) == b);
    }
}

TEST_CASE("json_diff: the same operations as json::diff between every registered game's views",
          "[json_diff][conformance]") {
    for (const hexhall::core::GameModule& m : hexhall::test::registry_with_test_games().modules()) {
        if (!m.rules) continue;
        SECTION(std::string(m.name)) {
            std::string error;
            std::unique_ptr<hexhall::core::GameRules> g = m.rules->create({{"players", m.rules->max_seats}}, 5, error);
            REQUIRE(g);
            std::mt19937_64 rng(5);
            std::vector<json> before;
            for (int s = -1; s < g->seats(); ++s) before.push_back(g->view(s));
            for (int step = 0; step < 400 && !g->over(); ++step) {
                const std::vector<int> waiting = g->awaiting();
                const int seat = waiting[rng() % waiting.size()];
                const std::vector<json> legal = g->legal_actions(seat);
                std::vector<hexhall::core::Event> events;
                REQUIRE_FALSE(g->act(seat, legal[rng() % legal.size()], events));
                for (int s = -1; s < g->seats(); ++s) {
                    json after = g->view(s);
                    REQUIRE(hexhall::core::json_diff(before[s + 1], after) == json::diff(before[s + 1], after));
                    before[s + 1] = std::move(after);
                }
            }
        }
    }
}
