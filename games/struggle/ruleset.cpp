#include "games/struggle/ruleset.hpp"

#include <algorithm>
#include <vector>

#include "games/struggle/state.hpp"

namespace hexhall::struggle {
namespace {
using nlohmann::json;

Cards cards_of(std::initializer_list<std::pair<Res, int>> items) {
    Cards c;
    for (auto [r, k] : items) c[r] += k;
    return c;
}

Ruleset make_provisional() {
    Ruleset t;
    t.name = "provisional";
    t.cost[static_cast<int>(Building::Road)] = cards_of({{Lumber, 1}, {Brick, 1}});
    t.cost[static_cast<int>(Building::Knight)] = cards_of({{Ore, 1}, {Wool, 1}, {Grain, 1}});
    t.cost[static_cast<int>(Building::Settlement)] = cards_of({{Lumber, 1}, {Brick, 1}, {Wool, 1}, {Grain, 1}});
    t.cost[static_cast<int>(Building::City)] = cards_of({{Ore, 3}, {Grain, 2}});
    t.cost[static_cast<int>(Building::Expansion)] =
        cards_of({{Brick, 1}, {Lumber, 1}, {Ore, 1}, {Wool, 1}, {Grain, 1}});
    t.town_hall_extra = cards_of({{Ore, 2}});
    t.roads = {5, 2, 2};
    t.knights = {3, 1, 1};
    // [mark][none, marketDay, brigandAttack]: 8 market day and 7 brigand attack in all.
    t.settlements = {{{0, 5, 4}, {0, 1, 2}, {0, 2, 1}}};
    t.expansions = {2, 2, 1, 1, 1, 2};  // castle, church, town hall, library, university, merchant guild
    return t;
}

json cards_json(const Cards& c) {
    json j = json::object();
    for (int r = 0; r < kResources; ++r)
        if (c[r] != 0) j[std::string(kResourceNames[r])] = c[r];
    return j;
}

bool read_count(const json& v, int max, int& out, const std::string& where, std::string& error) {
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > max) {
        error = where + " must be an integer from 0 to " + std::to_string(max);
        return false;
    }
    out = static_cast<int>(v.get<long long>());
    return true;
}

template <size_t N>
bool read_named(const json& obj, const std::array<std::string_view, N>& names, int max, std::array<int, N>& out,
                const std::string& where, std::string& error, bool all_required) {
    if (!obj.is_object()) {
        error = where + " must be an object";
        return false;
    }
    out.fill(0);
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        size_t i = 0;
        while (i < N && names[i] != it.key()) ++i;
        if (i == N) {
            error = where + " has an unknown member \"" + it.key() + "\"";
            return false;
        }
        if (!read_count(it.value(), max, out[i], where + "." + it.key(), error)) return false;
    }
    if (all_required)
        for (size_t i = 0; i < N; ++i)
            if (!obj.contains(std::string(names[i]))) {
                error = where + " lacks \"" + std::string(names[i]) + "\"";
                return false;
            }
    return true;
}

bool read_cards(const json& obj, Cards& out, const std::string& where, std::string& error) {
    return read_named(obj, kResourceNames, 20, out.n, where, error, false);
}

}  // namespace

const Ruleset& provisional_ruleset() {
    static const Ruleset table = make_provisional();
    return table;
}

int in_play(const std::array<int, kMarks>& m, int players) {
    switch (players) {
        case 2: return m[Unmarked];
        case 3: return m[Unmarked] + m[Mark3];
        case 4: return m[Unmarked] + m[Mark3] + m[Mark4];
        case 5: return m[Unmarked] + 2 * m[Mark3] + m[Mark4];
        default: return m[Unmarked] + 2 * m[Mark3] + 2 * m[Mark4];
    }
}

json ruleset_to_json(const Ruleset& t) {
    json j;
    j["name"] = t.name;
    json costs = json::object();
    for (int b = 0; b < kBuildings; ++b) costs[std::string(kBuildingNames[b])] = cards_json(t.cost[b]);
    costs["townHallExtra"] = cards_json(t.town_hall_extra);
    j["costs"] = costs;
    auto marks = [](const std::array<int, kMarks>& m) {
        json o;
        for (int k = 0; k < kMarks; ++k) o[std::string(kMarkNames[k])] = m[k];
        return o;
    };
    j["roads"] = marks(t.roads);
    j["knights"] = marks(t.knights);
    json s;
    for (int k = 0; k < kMarks; ++k) {
        json e;
        for (int v = 0; v < kCityEvents; ++v) e[std::string(kCityEventNames[v])] = t.settlements[k][v];
        s[std::string(kMarkNames[k])] = e;
    }
    j["settlements"] = s;
    json x;
    for (int e = 0; e < kExpansions; ++e) x[std::string(kExpansionNames[e])] = t.expansions[e];
    j["expansions"] = x;
    return j;
}

std::optional<Ruleset> ruleset_from_json(const json& j, std::string& error) {
    static const std::array<std::string_view, 6> top{"name", "costs", "roads", "knights", "settlements", "expansions"};
    if (!j.is_object()) {
        error = "ruleset must be an object";
        return std::nullopt;
    }
    for (auto it = j.begin(); it != j.end(); ++it) {
        bool known = false;
        for (auto k : top) known = known || k == it.key();
        if (!known) {
            error = "ruleset has an unknown member \"" + it.key() + "\"";
            return std::nullopt;
        }
    }
    for (auto k : top)
        if (!j.contains(std::string(k))) {
            error = "ruleset lacks \"" + std::string(k) + "\"";
            return std::nullopt;
        }
    Ruleset t;
    if (!j["name"].is_string() || j["name"].get<std::string>().empty() || j["name"].get<std::string>().size() > 64) {
        error = "ruleset.name must be a string of 1 to 64 characters";
        return std::nullopt;
    }
    t.name = j["name"].get<std::string>();
    const json& costs = j["costs"];
    if (!costs.is_object()) {
        error = "ruleset.costs must be an object";
        return std::nullopt;
    }
    for (auto it = costs.begin(); it != costs.end(); ++it) {
        bool known = it.key() == "townHallExtra";
        for (auto k : kBuildingNames) known = known || k == it.key();
        if (!known) {
            error = "ruleset.costs has an unknown member \"" + it.key() + "\"";
            return std::nullopt;
        }
    }
    for (int b = 0; b < kBuildings; ++b) {
        const std::string key(kBuildingNames[b]);
        if (!costs.contains(key)) {
            error = "ruleset.costs lacks \"" + key + "\"";
            return std::nullopt;
        }
        if (!read_cards(costs[key], t.cost[b], "ruleset.costs." + key, error)) return std::nullopt;
        if (t.cost[b].total() == 0) {
            error = "ruleset.costs." + key + " must cost at least one card";
            return std::nullopt;
        }
    }
    if (costs.contains("townHallExtra") &&
        !read_cards(costs["townHallExtra"], t.town_hall_extra, "ruleset.costs.townHallExtra", error))
        return std::nullopt;
    if (!read_named(j["roads"], kMarkNames, 30, t.roads, "ruleset.roads", error, true)) return std::nullopt;
    if (!read_named(j["knights"], kMarkNames, 30, t.knights, "ruleset.knights", error, true)) return std::nullopt;
    const json& s = j["settlements"];
    if (!s.is_object()) {
        error = "ruleset.settlements must be an object";
        return std::nullopt;
    }
    for (auto it = s.begin(); it != s.end(); ++it) {
        bool known = false;
        for (auto k : kMarkNames) known = known || k == it.key();
        if (!known) {
            error = "ruleset.settlements has an unknown member \"" + it.key() + "\"";
            return std::nullopt;
        }
    }
    for (int k = 0; k < kMarks; ++k) {
        const std::string key(kMarkNames[k]);
        if (!s.contains(key)) {
            error = "ruleset.settlements lacks \"" + key + "\"";
            return std::nullopt;
        }
        if (!read_named(s[key], kCityEventNames, 30, t.settlements[k], "ruleset.settlements." + key, error, false))
            return std::nullopt;
    }
    if (!read_named(j["expansions"], kExpansionNames, 9, t.expansions, "ruleset.expansions", error, true))
        return std::nullopt;
    return t;
}

namespace {

// Whether `cost` can ever be paid: each resource's copies paid directly (SFC-1.1), every unit beyond
// them by three surplus cards (a university card saves two once), from a hand that holds at most the
// cards not in the market (SFC-10.3: no hand limit). Optimistic: a table refused is never winnable.
bool ever_payable(const Cards& cost) {
    int cards = 0;
    for (int r = 0; r < kResources; ++r) {
        const int direct = std::min(cost[r], kResourceCopies[r]);
        cards += direct + 3 * (cost[r] - direct);
    }
    return cards - 2 <= kResourceTotal - 5;
}

}  // namespace

int most_vp(const Ruleset& t, int players, std::string& unbuildable) {
    auto payable = [&](Building b, Cards extra = {}) {
        Cards c = t.cost[static_cast<int>(b)];
        c.add(extra);
        return ever_payable(c);
    };
    for (int b = 0; b < kBuildings; ++b)
        if (!payable(static_cast<Building>(b)))
            unbuildable += (unbuildable.empty() ? "" : ", ") + std::string(kBuildingNames[b]);
    std::array<int, kMarks> by_mark{};
    for (int k = 0; k < kMarks; ++k)
        for (int v = 0; v < kCityEvents; ++v) by_mark[k] += t.settlements[k][v];
    // One player's best: every settlement the others did not start with (SFC-3.8, SFC-11.5: they stay
    // with their builders), each a city, the best expansions on them (one per type, SFC-9.3), and
    // every road and knight in play, taken from the others too (a row of n shows n / 2 B sides).
    const int settlements = payable(Building::Settlement) ? std::max(1, in_play(by_mark, players) - (players - 1)) : 1;
    int vp = settlements;
    if (payable(Building::City)) {
        vp = 2 * settlements;
        if (payable(Building::Expansion)) {
            std::vector<int> rises;
            for (int e = 0; e < kExpansions; ++e) {
                if (t.expansions[e] <= 0) continue;
                if (static_cast<Expansion>(e) != Expansion::TownHall) rises.push_back(1);
                else if (payable(Building::Expansion, t.town_hall_extra)) rises.push_back(2);  // SFC-9.7
            }
            std::sort(rises.rbegin(), rises.rend());
            for (size_t i = 0; i < rises.size() && i < static_cast<size_t>(settlements); ++i) vp += rises[i];
        }
    }
    if (payable(Building::Road)) vp += in_play(t.roads, players) / 2;
    if (payable(Building::Knight)) vp += in_play(t.knights, players) / 2;
    return vp;
}

bool ruleset_fits(const Ruleset& t, int players, std::string& error) {
    if (in_play(t.roads, players) < players) {
        error = "ruleset.roads has too few road cards for " + std::to_string(players) + " players (SFC-3.8)";
        return false;
    }
    std::array<int, kMarks> settlements{};
    for (int k = 0; k < kMarks; ++k)
        for (int v = 0; v < kCityEvents; ++v) settlements[k] += t.settlements[k][v];
    if (in_play(settlements, players) < players) {
        error = "ruleset.settlements has too few settlement/city cards for " + std::to_string(players) +
                " players (SFC-3.8)";
        return false;
    }
    std::string unbuildable;
    if (const int vp = most_vp(t, players, unbuildable); vp < kWinningVp) {
        error = "this table can never be won with " + std::to_string(players) + " players: a player could reach at most " +
                std::to_string(vp) + " of the " + std::to_string(kWinningVp) + " VP needed (SFC-11.3)";
        if (!unbuildable.empty())
            error += "; never buildable, their costs needing more cards than a hand can hold (SFC-1.1): " + unbuildable;
        return false;
    }
    return true;
}

}  // namespace hexhall::struggle
