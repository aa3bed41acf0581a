// The tournaments read which games and rulesets they may use, and how each is ranked, from the games'
// registry (core::GameModule::tournament): the tests run with the server's built-in games registered.
#include <algorithm>

#include <catch2/catch.hpp>

#include "core/game_module.hpp"
#include "server/games.hpp"
#include "tournament/model.hpp"

namespace {
const bool registered = (hexhall::server::register_builtin_games(), true);
}

using namespace hexhall;

TEST_CASE("tournament games come from the registry: every registered ruleset, and nothing else") {
    REQUIRE(registered);
    std::size_t offered = 0;
    for (const core::GameModule& m : core::game_registry().modules())
        for (const core::TournamentRuleset& r : m.tournament) {
            ++offered;
            const auto kind = tournament::find_game(m.name, r.ruleset);
            REQUIRE(kind);
            CHECK(kind->scoring == r.scoring);
            CHECK(kind->min_table == r.min_table);
            CHECK(kind->max_table == r.max_table);
            CHECK(r.min_table >= m.min_seats);
            CHECK(r.max_table <= m.max_seats);
        }
    CHECK(tournament::tournament_games().size() == offered);
    CHECK(offered > 0);
    CHECK_FALSE(tournament::find_game("no-such-game", "base"));
    // A new tournament's game and ruleset: the registry's first offered.
    tournament::Tournament t;
    CHECK(t.game == tournament::tournament_games().front().game);
    CHECK(t.ruleset == tournament::tournament_games().front().ruleset);
}

TEST_CASE("a game added to the registry with a tournament ruleset can be chosen, ranked by its policy") {
    core::GameModule extra = core::game_registry().modules().back();  // any module: only its name and rulesets matter here
    extra.name = "test-registry-game";
    extra.tournament = {{"base", "win-score", 2, 3, nullptr}};
    core::game_registry().add(extra);
    tournament::Tournament t;
    t.id = "t1";
    t.name = "Registry test";
    t.organiser = "o";
    t.game = "test-registry-game";
    t.ruleset = "base";
    t.settings.table_size = 3;
    CHECK_FALSE(tournament::validate(t));
    t.settings.table_size = 4;  // above the game's largest tournament table
    CHECK(tournament::validate(t));
}
