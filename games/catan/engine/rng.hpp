// The game's only source of randomness: the core generator (core/random.hpp: xoshiro256** seeded
// through splitmix64, Lemire's bounded draw, Fisher-Yates; no standard-library distributions), held
// in the game state. Its sequences are those of the copy the engine had before (issue 25).
#pragma once
#include "core/random.hpp"

namespace hexhall::catan {

using core::make_rng;
using core::next_u64;
using core::Rng;
using core::shuffle;
using core::uniform;

}  // namespace hexhall::catan
