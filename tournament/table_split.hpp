// How many tables of which size a round needs (HK-0.2: tables of 4, with 3-player tables when the
// number of entrants requires).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace hexhall::tournament {

// Table sizes for `entrants` players: as many tables of `table_size` as possible, the rest of
// `table_size - 1` (never smaller than `min_table`), largest tables first. nullopt when no split
// exists. With table_size 4 and min_table 3 (HK-0.2): n % 4 == 0 -> all 4s; 3 -> one 3; 2 -> two 3s;
// 1 -> three 3s. Impossible: 0, 1, 2 and 5 entrants; every count from 6 on works.
std::optional<std::vector<int>> table_sizes(int entrants, int table_size = 4, int min_table = 3);

// Why table_sizes(entrants, ...) has no answer, in plain English naming HK-0.2; "" when it has one.
std::string table_split_problem(int entrants, int table_size = 4, int min_table = 3);

}  // namespace hexhall::tournament
