// hexhall-sim's generic path (tools/sim/rules_sim.hpp) over every registered game written as pure
// rules: a game's record replays to the same outcome, results depend on (seed, index) only, and
// seats rotate so every bot entry plays every seat.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/game_module.hpp"
#include "server/games.hpp"
#include "tools/sim/rules_sim.hpp"

using hexhall::core::json;
using hexhall::sim::RulesSimConfig;

namespace {

std::vector<const hexhall::core::RulesModule*> rules_games() {
    static const bool once = (hexhall::server::register_builtin_games(), true);
    (void)once;
    std::vector<const hexhall::core::RulesModule*> out;
    for (const hexhall::core::GameModule& m : hexhall::core::game_registry().modules())
        if (m.rules) out.push_back(m.rules);
    return out;
}

}  // namespace

TEST_CASE("hexhall-sim: every rules game's record replays to the same outcome", "[sim]") {
    const auto games = rules_games();
    REQUIRE(games.size() >= 2);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "hexhall-sim-test";
    for (const hexhall::core::RulesModule* module : games) {
        DYNAMIC_SECTION(module->name) {
            std::filesystem::remove_all(dir);
            std::filesystem::create_directories(dir);
            RulesSimConfig c;
            c.bots = {"heuristic", "random"};
            c.record_dir = dir.string();
            REQUIRE(hexhall::sim::check_config(*module, c).empty());
            const hexhall::sim::RulesGameResult r = hexhall::sim::play_rules_game(*module, c, 3);
            REQUIRE(r.error.empty());
            REQUIRE(r.finished);
            REQUIRE_FALSE(r.winners.empty());

            std::ifstream in(dir / "game-000003.json");
            const json rec = json::parse(in);
            CHECK(rec["game"] == std::string(module->name));
            std::string error;
            auto game = module->create(rec["options"], std::stoull(rec["seed"].get<std::string>()), error);
            REQUIRE(game);
            std::vector<hexhall::core::Event> events;
            for (const json& a : rec["actions"]) REQUIRE_FALSE(game->act(a["seat"], a["action"], events));
            REQUIRE(game->over());
            CHECK(game->outcome().winners == r.winners);
            CHECK(game->outcome().scores == r.scores);
            CHECK(rec["result"]["scores"] == json(r.scores));
        }
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("hexhall-sim: results depend on the seed and the game's index only; seats rotate", "[sim]") {
    for (const hexhall::core::RulesModule* module : rules_games()) {
        DYNAMIC_SECTION(module->name) {
            RulesSimConfig c;
            c.bots = {"random", "random", "heuristic"};
            if (module->max_seats < 3) c.bots.pop_back();
            REQUIRE(hexhall::sim::check_config(*module, c).empty());
            const auto a = hexhall::sim::play_rules_game(*module, c, 1);
            const auto b = hexhall::sim::play_rules_game(*module, c, 1);
            REQUIRE(a.error.empty());
            CHECK(a.scores == b.scores);
            CHECK(a.actions == b.actions);
            std::set<int> heuristic_seats;
            for (int g = 0; g < c.players; ++g)
                heuristic_seats.insert(hexhall::sim::play_rules_game(*module, c, g).seat_of_bot.back());
            CHECK(static_cast<int>(heuristic_seats.size()) == c.players);
            c.seed = 2;
            CHECK(hexhall::sim::play_rules_game(*module, c, 1).scores != a.scores);
        }
    }
}

TEST_CASE("hexhall-sim: configurations the game cannot play are refused with a reason", "[sim]") {
    for (const hexhall::core::RulesModule* module : rules_games()) {
        RulesSimConfig c;
        c.bots = {"nonesuch"};
        CHECK(hexhall::sim::check_config(*module, c).find("unknown bot 'nonesuch'") != std::string::npos);
        RulesSimConfig many;
        many.players = module->max_seats + 1;
        CHECK(hexhall::sim::check_config(*module, many).find("seats") != std::string::npos);
    }
}
