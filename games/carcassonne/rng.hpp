// Carcassonne's generator: the core's splitmix64 by itself with its multiply-shift draw
// (core/random.hpp: core::SplitMix64, next() and below()), so a seed gives the same bag and the same
// bots' choices as the copy the game had before (docs/decisions/023-one-random-generator.md).
#pragma once
#include "core/random.hpp"

namespace hexhall::carcassonne {

using Rng = core::SplitMix64;

}  // namespace hexhall::carcassonne
