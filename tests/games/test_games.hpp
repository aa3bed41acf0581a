// The test-only games (never shipped): registered next to the built-in ones by the conformance suite
// and the server tests, so that every check runs over more than one game.
#pragma once
#include "core/game_module.hpp"
#include "core/rules_game.hpp"
#include "server/games.hpp"
#include "tests/games/goofspiel/goofspiel.hpp"
#include "tests/games/hilo/hilo.hpp"
#include "tests/games/tictactoe/tictactoe.hpp"

namespace hexhall::test {

// The built-in games first (the first stays the default), then the test games. Idempotent.
inline core::GameRegistry& registry_with_test_games() {
    core::GameRegistry& r = core::game_registry();
    server::register_builtin_games(r);
    r.add(core::rules_game_module(hilo::module()));
    r.add(core::rules_game_module(goofspiel::module()));
    r.add(core::rules_game_module(tictactoe::module()));
    return r;
}

}  // namespace hexhall::test
