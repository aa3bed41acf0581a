// The Struggle for Catan's only source of randomness: the core generator (core/random.hpp:
// xoshiro256** seeded through splitmix64, a portable bounded-integer method, no standard-library
// distributions).
#pragma once
#include "core/random.hpp"

namespace hexhall::struggle {

using core::make_rng;
using core::next_u64;
using core::Rng;
using core::shuffle;
using core::splitmix64;
using core::uniform;

}  // namespace hexhall::struggle
