// Tic-tac-toe: a small test-only game (never shipped) of perfect information, sequential moves and no
// chance, so that the conformance suite and the server run a game with nothing hidden.
//
// Rules (IDs TTT-*): 2 players on a 3×3 grid, seat 0 first. On your turn (TTT-1: only the player to
// move marks) you mark an empty cell (TTT-2: cells 0–8, row by row; a marked cell cannot be marked).
// Three of your marks in a row, column or diagonal win (TTT-3); a full grid without a line is a draw,
// which both players share (TTT-4).
#pragma once
#include "core/game_rules.hpp"

namespace hexhall::test::tictactoe {

const core::RulesModule& module();

}  // namespace hexhall::test::tictactoe
