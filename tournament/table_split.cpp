#include "tournament/table_split.hpp"

namespace hexhall::tournament {

std::optional<std::vector<int>> table_sizes(int entrants, int table_size, int min_table) {
    if (entrants <= 0 || table_size < 2 || min_table < 2 || min_table > table_size) return std::nullopt;
    const int small = table_size - 1;
    // entrants = table_size * big + small * smalls with the fewest small tables: smalls ≡ -entrants
    // (mod table_size), because table_size * big + (table_size - 1) * smalls ≡ -smalls.
    const int smalls = (table_size - entrants % table_size) % table_size;
    if (smalls > 0 && small < min_table) return std::nullopt;
    if (smalls * small > entrants) return std::nullopt;
    const int big = (entrants - smalls * small) / table_size;
    std::vector<int> sizes(static_cast<size_t>(big), table_size);
    sizes.insert(sizes.end(), static_cast<size_t>(smalls), small);
    return sizes;
}

std::string table_split_problem(int entrants, int table_size, int min_table) {
    if (table_sizes(entrants, table_size, min_table)) return "";
    return std::to_string(entrants) + " entrants cannot be split into tables of " + std::to_string(table_size) +
           (table_size - 1 >= min_table ? " and " + std::to_string(table_size - 1) : std::string()) +
           " players (HK-0.2)";
}

}  // namespace hexhall::tournament
