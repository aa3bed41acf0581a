// core::patch_message_text writes exactly what make_text(patch_message(...)) writes, with and
// without legal actions and a clock, for every registered game's name and names that sort
// anywhere among the envelope's members.
#include <random>

#include <catch2/catch.hpp>

#include "core/game.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::json;

std::string text_of(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

json random_list(std::mt19937_64& rng) {
    json a = json::array();
    for (size_t i = 0, n = rng() % 4; i < n; ++i)
        a.push_back({{"type", std::string(1 + rng() % 3, static_cast<char>('a' + rng() % 26))}, {"n", static_cast<int>(rng() % 9) - 4}});
    return a;
}

}  // namespace

TEST_CASE("patch_message_text: the same text as make_text(patch_message(...)), every game name, "
          "with and without legal actions and clock",
          "[envelope]") {
    std::vector<std::string> names{"a", "catan", "clocks", "cl", "diges", "zz", "p\u00e9\"x", "tp", "v1"};
    for (const hexhall::core::GameModule& m : hexhall::test::registry_with_test_games().modules()) names.emplace_back(m.name);
    std::mt19937_64 rng(5);
    for (const std::string& game : names)
        for (int i = 0; i < 200; ++i) {
            const json ops = random_list(rng), events = random_list(rng);
            const std::optional<json> legal = rng() % 2 ? std::optional<json>(random_list(rng)) : std::nullopt;
            std::optional<json> clock;
            if (rng() % 2) {
                clock = json{{"seat", rng() % 4}, {"deadline", rng() % 100000}, {"kind", "turn"}};
                if (rng() % 2) (*clock)["paused"] = true, (*clock)["leftMs"] = rng() % 5000;
            }
            const uint64_t from = rng() % 1000;
            const std::string digest = std::to_string(rng());
            json expected = hexhall::core::patch_message(game, from, from + 1, ops, events, legal, digest);
            if (clock) expected["clock"] = *clock;
            const std::string legal_text = legal ? text_of(*legal) : "", clock_text = clock ? text_of(*clock) : "";
            const std::string written =
                hexhall::core::patch_message_text(game, from, from + 1, text_of(ops), text_of(events), legal ? &legal_text : nullptr,
                                                  digest, clock ? &clock_text : nullptr);
            INFO(game);
            REQUIRE(written == *hexhall::core::make_text(expected));
        }
}
