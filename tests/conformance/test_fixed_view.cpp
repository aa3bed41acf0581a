// GameRules::fixed_view, changing_view, common_view and own_view, for every registered game written
// as rules, through random games at every player count: the fixed members never change and are the
// same for every viewer, changing_view(seat) is view(seat) without them and the common members plus
// the viewer's own, and the digest written from the parts (core::canonical_of_parts) is the digest
// of the whole view. And the operations of the parts merged (core::merged_ops_text) are json_diff's.
#include <random>

#include <catch2/catch.hpp>

#include "core/json_view_stream.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::json;

void check_parts(const hexhall::core::GameRules& g, const json& fixed, bool common_declared) {
    REQUIRE(g.fixed_view() == fixed);
    const auto members = hexhall::core::make_fixed_members(fixed);
    const json common = g.common_view();
    REQUIRE(common.is_object());
    REQUIRE(common.empty() == !common_declared);  // declared for the whole game or not at all
    const hexhall::core::MemberTexts common_texts = hexhall::core::member_texts(common);
    for (int s = -1; s < g.seats(); ++s) {
        INFO("viewer " << s);
        const json whole = g.view(s), changing = g.changing_view(s), own = g.own_view(s);
        json merged = changing;
        for (auto it = fixed.begin(); it != fixed.end(); ++it) {
            REQUIRE_FALSE(changing.contains(it.key()));
            merged[it.key()] = it.value();
        }
        REQUIRE(merged == whole);
        if (members) REQUIRE(hexhall::core::canonical_with(changing, *members) == hexhall::core::canonical(whole));
        json parts = own;  // changing view = common members + the viewer's own
        for (auto it = common.begin(); it != common.end(); ++it) {
            REQUIRE_FALSE(own.contains(it.key()));
            parts[it.key()] = it.value();
        }
        REQUIRE(parts == changing);
        const hexhall::core::MemberTexts own_texts = hexhall::core::member_texts(own);
        REQUIRE(hexhall::core::canonical_of_parts({&own_texts, &common_texts, members ? &members->texts : nullptr}) ==
                hexhall::core::canonical(whole));
    }
}

}  // namespace

TEST_CASE("fixed and common view: the members a game declares fixed never change, view = changing view + fixed "
          "members, changing view = common members + the viewer's own",
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
                const bool common_declared = !g->common_view().empty();
                std::mt19937_64 rng(7);
                check_parts(*g, fixed, common_declared);
                for (int step = 0; step < 300 && !g->over(); ++step) {
                    const std::vector<int> waiting = g->awaiting();
                    const int seat = waiting[rng() % waiting.size()];
                    const std::vector<json> legal = g->legal_actions(seat);
                    std::vector<hexhall::core::Event> events;
                    REQUIRE_FALSE(g->act(seat, legal[rng() % legal.size()], events));
                    if (step % 10 == 0 || g->over()) check_parts(*g, fixed, common_declared);
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

TEST_CASE("merged_ops_text: the operations of two disjoint parts, each diffed by member, merged as json_diff of the "
          "whole writes them", "[fixed_view][json_diff]") {
    std::mt19937_64 rng(3);
    const char* keys[] = {"a", "b", "c", "d", "e", "f", "g/h", "~"};
    auto value = [&]() -> json {
        switch (rng() % 4) {
            case 0: return static_cast<int>(rng() % 3);
            case 1: return json::array({static_cast<int>(rng() % 2), "x"});
            case 2: return json{{"k", static_cast<int>(rng() % 2)}};
            default: return nullptr;
        }
    };
    for (int i = 0; i < 5000; ++i) {
        json from_a = json::object(), from_b = json::object(), to_a = json::object(), to_b = json::object();
        for (const char* k : keys) {  // each key belongs to part a or b, and may be missing before or after
            const bool in_a = rng() % 2;
            if (rng() % 4) (in_a ? from_a : from_b)[k] = value();
            if (rng() % 4) (in_a ? to_a : to_b)[k] = value();
        }
        json from = from_a, to = to_a;
        from.update(from_b);
        to.update(to_b);
        const std::string merged = hexhall::core::merged_ops_text(hexhall::core::json_diff_members(from_a, to_a),
                                                                  hexhall::core::json_diff_members(from_b, to_b));
        REQUIRE(merged == hexhall::core::json_diff(from, to).dump());
        REQUIRE(from.patch(json::parse(merged)) == to);
    }
}
