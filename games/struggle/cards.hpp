// Resource cards, building types and city expansions of The Struggle for Catan (SFC-1).
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace hexhall::struggle {

enum Res : uint8_t { Brick, Lumber, Ore, Wool, Grain };
inline constexpr int kResources = 5;
inline constexpr std::array<std::string_view, kResources> kResourceNames{"brick", "lumber", "ore", "wool",
                                                                        "grain"};
// SFC-1.1: 67 resource cards.
inline constexpr std::array<int, kResources> kResourceCopies{11, 11, 16, 15, 14};
inline constexpr int kResourceTotal = 67;

// A multiset of resource cards (a hand, the market, the discard pile, a payment).
struct Cards {
    std::array<int, kResources> n{};
    int& operator[](int r) { return n[r]; }
    int operator[](int r) const { return n[r]; }
    int total() const { return n[0] + n[1] + n[2] + n[3] + n[4]; }
    // Branch-free: the sign bit of any shortfall, in 64 bits so that no pair of ints overflows
    // (a move's counts come from clients; issue 30).
    bool contains(const Cards& o) const {
        int64_t d = 0;
        for (int r = 0; r < kResources; ++r) d |= int64_t{n[r]} - o.n[r];
        return d >= 0;
    }
    void add(const Cards& o) {
        for (int r = 0; r < kResources; ++r) n[r] += o.n[r];
    }
    void remove(const Cards& o) {
        for (int r = 0; r < kResources; ++r) n[r] -= o.n[r];
    }
    bool nonnegative() const { return n[0] >= 0 && n[1] >= 0 && n[2] >= 0 && n[3] >= 0 && n[4] >= 0; }
    bool operator==(const Cards&) const = default;
};

// SFC-6.3: the five building types.
enum class Building : uint8_t { Road, Knight, Settlement, City, Expansion };
inline constexpr int kBuildings = 5;
inline constexpr std::array<std::string_view, kBuildings> kBuildingNames{"road", "knight", "settlement", "city",
                                                                        "expansion"};

// SFC-1.5: the six city expansion types.
enum class Expansion : uint8_t { Castle, Church, TownHall, Library, University, MerchantGuild };
inline constexpr int kExpansions = 6;
inline constexpr std::array<std::string_view, kExpansions> kExpansionNames{
    "castle", "church", "townHall", "library", "university", "merchantGuild"};
// SFC-9.4: 3 VP, the town hall 4.
inline constexpr int expansion_vp(Expansion e) { return e == Expansion::TownHall ? 4 : 3; }

// SFC-1.4: the event on a city side.
enum class CityEvent : uint8_t { None, MarketDay, BrigandAttack };
inline constexpr int kCityEvents = 3;
inline constexpr std::array<std::string_view, kCityEvents> kCityEventNames{"none", "marketDay", "brigandAttack"};

}  // namespace hexhall::struggle
