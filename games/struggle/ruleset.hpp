// The card-data table of a Struggle for Catan ruleset (SFC-12.2): costs, city-side events,
// expansion copies and player-count marks. `provisional` is the default; a room may pass another
// table as JSON (validated by ruleset_from_json).
#pragma once
#include <array>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "games/struggle/cards.hpp"

namespace hexhall::struggle {

// Cards of one kind by player-count mark (SFC-1.6, SFC-2): unmarked, marked "3 players",
// marked "4 players".
enum Mark : uint8_t { Unmarked, Mark3, Mark4 };
inline constexpr int kMarks = 3;
inline constexpr std::array<std::string_view, kMarks> kMarkNames{"unmarked", "mark3", "mark4"};

struct Ruleset {
    std::string name;
    std::array<Cards, kBuildings> cost{};  // by Building (SFC-12)
    Cards town_hall_extra{};               // added to the expansion cost for a town hall (SFC-9.7)
    std::array<int, kMarks> roads{};
    std::array<int, kMarks> knights{};
    std::array<std::array<int, kCityEvents>, kMarks> settlements{};  // [mark][event]
    std::array<int, kExpansions> expansions{};                      // copies of each type
};

const Ruleset& provisional_ruleset();

// How many cards of a kind are in play with `players` players (SFC-2.1 .. SFC-2.4).
int in_play(const std::array<int, kMarks>& by_mark, int players);

nlohmann::json ruleset_to_json(const Ruleset& rules);
// Validates a table; on error returns nullopt and names the offending member in `error`.
std::optional<Ruleset> ruleset_from_json(const nlohmann::json& table, std::string& error);
// Whether the table has enough cards for `players` players (a road and a settlement each, SFC-3.8)
// and can be won: one player could reach kWinningVp (SFC-11.3; most_vp). `error` says why not.
bool ruleset_fits(const Ruleset& rules, int players, std::string& error);
// An upper bound of the VP one player can ever hold with this table (a quick feasibility check, not
// a search); `unbuildable` gets the buildings whose cost can never be paid.
int most_vp(const Ruleset& rules, int players, std::string& unbuildable);

}  // namespace hexhall::struggle
