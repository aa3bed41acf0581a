// GameRules::fixed_view and changing_view, for every registered game written as rules, through
// random games at every player count: the fixed members never change and are the same for every
// viewer, changing_view(seat) is view(seat) without them, and the digest written from the two
// parts (core::canonical_with) is the digest of the whole view.
#include <random>

#include <catch2/catch.hpp>

#include "core/json_view_stream.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::json;

void check_parts(const hexhall::core::GameRules& g, const json& fixed) {
    REQUIRE(g.fixed_view() == fixed);
    const auto members = hexhall::core::make_fixed_members(fixed);
    for (int s = -1; s < g.seats(); ++s) {
        INFO("viewer " << s);
        const json whole = g.view(s), changing = g.changing_view(s);
        json merged = changing;
        for (auto it = fixed.begin(); it != fixed.end(); ++it) {
            REQUIRE_FALSE(changing.contains(it.key()));
            merged[it.key()] = it.value();
        }
        REQUIRE(merged == whole);
        if (members) REQUIRE(hexhall::core::canonical_with(changing, *members) == hexhall::core::canonical(whole));
    }
}

}  // namespace

TEST_CASE("fixed view: the members a game declares fixed never change, and view = changing view + fixed members",
          "[conformance][fixed_view]") {
    for (const hexhall::core::GameModule& m : hexhall::test::registry_with_test_games().modules()) {
        if (!m.rules) continue;
        for (int players = m.rules->min_seats; players <= m.rules->max_seats; ++players) {
            SECTION(std::string(m.name) + " " + std::to_string(players) + " players") {
                std::string error;
                std::unique_ptr<hexhall::core::GameRules> g = m.rules->create({{"players", players}}, 7, error);
                REQUIRE(g);
                const json fixed = g->fixed_view();
                REQUIRE(fixed.is_object());
                std::mt19937_64 rng(7);
                check_parts(*g, fixed);
                for (int step = 0; step < 300 && !g->over(); ++step) {
                    const std::vector<int> waiting = g->awaiting();
                    const int seat = waiting[rng() % waiting.size()];
                    const std::vector<json> legal = g->legal_actions(seat);
                    std::vector<hexhall::core::Event> events;
                    REQUIRE_FALSE(g->act(seat, legal[rng() % legal.size()], events));
                    if (step % 10 == 0 || g->over()) check_parts(*g, fixed);
                }
            }
        }
    }
}

TEST_CASE("fixed view: canonical_with writes canonical() of the whole view, members in key order, keys escaped",
          "[fixed_view]") {
    const json fixed = {{"b", {1, 2}}, {"zz", "z"}, {"a\"q", {{"k", nullptr}}}, {"", 0}};
    const auto members = hexhall::core::make_fixed_members(fixed);
    REQUIRE(members);
    for (const json& changing : {json::object(), json{{"a", 1}}, json{{"c", {{"x", true}}}, {"ba", "\u00e9"}, {"\n", 2}},
                                 json{{"zzz", 3}, {"b0", json::array()}, {" ", 1}}}) {
        json whole = changing;
        for (auto it = fixed.begin(); it != fixed.end(); ++it) whole[it.key()] = it.value();
        REQUIRE(hexhall::core::canonical_with(changing, *members) == hexhall::core::canonical(whole));
    }
    REQUIRE_FALSE(hexhall::core::make_fixed_members(json::object()));
}
