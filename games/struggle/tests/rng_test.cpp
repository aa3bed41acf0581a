// The Struggle draws from the core generator (core/random.hpp); its sequences are pinned to the values
// of the generator the game had before (games/struggle/rng.hpp until issue 25), so records stay the same.
#include <catch2/catch.hpp>

#include "games/struggle/rng.hpp"

using namespace hexhall::struggle;

TEST_CASE("the Struggle's generator is the core one, with the same sequences as before") {
    Rng r = make_rng(20261127);
    CHECK(next_u64(r) == 6702057940304510780ull);
    CHECK(next_u64(r) == 9848125878446575007ull);
    CHECK(next_u64(r) == 1641067575659639136ull);
    const uint32_t dice[] = {0, 5, 4, 5, 3, 3, 0, 3};
    for (uint32_t d : dice) CHECK(uniform(r, 6) == d);
    int items[] = {0, 1, 2, 3, 4, 5, 6, 7};
    shuffle(r, items, 8);
    const int shuffled[] = {4, 3, 0, 5, 6, 7, 2, 1};
    for (int i = 0; i < 8; ++i) CHECK(items[i] == shuffled[i]);
}
