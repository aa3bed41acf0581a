#include "games/catan/engine/random_play.hpp"

#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {

namespace {
using namespace detail;

// The active seat's choice before the roll (PreRoll) or after it (Trade, Build, Main; no open offer)
// drawn exactly as legal_actions(...).list[uniform(rng, count)] would be, from the sizes of the list's
// groups instead of the list: the same single uniform() draw, then the drawn entry is built in the
// listing's order (legal.cpp: the roll, bank trades, roads, settlements, cities, buying, knight, road
// building, monopoly, year of plenty, end of turn). Pinned by tests/test_random_play.cpp.
Action sampled_turn_action(const GameState& s, int seat, Rng& rng) {
    const PlayerState& p = s.players[seat];
    const bool pre_roll = s.phase == Phase::PreRoll;
    Action a;
    a.seat = static_cast<uint8_t>(seat);
    // Bank trades (Trade and Main): for each type given at its best rate, each other type the bank holds.
    std::array<uint8_t, kResourceTypes> rates{};
    int bank_types = 0;
    if (!pre_roll || !s.dev_played)
        for (int r = 0; r < kResourceTypes; ++r) bank_types += s.bank[r] != 0;
    int trades = 0;
    if (is_trade_or_main(s.phase)) {
        rates = bank_rates(s, seat);
        for (int g = 0; g < kResourceTypes; ++g)
            if (p.hand[g] >= rates[g]) trades += bank_types - (s.bank[g] != 0);
    }
    EdgeSet roads;
    if (!pre_roll && covers(p.hand, kRoadCost) && p.roads_left) roads = legal_road_edges(s, seat);
    const IntersectionSet settlements =
        !pre_roll && p.settlements_left && covers(p.hand, kSettlementCost) ? legal_settlement_spots(s, seat) : 0;
    const IntersectionSet cities = !pre_roll && p.cities_left && covers(p.hand, kCityCost) ? p.settlements : 0;
    const int buy = !pre_roll && s.deck_next < kDevCards && covers(p.hand, kDevCardCost);
    auto playable = [&](DevCard c) {
        return !s.dev_played && p.dev_cards[static_cast<int>(c)] > p.dev_bought_now[static_cast<int>(c)];
    };
    const int knight = playable(DevCard::Knight), road_building = playable(DevCard::RoadBuilding);
    const int monopoly = playable(DevCard::Monopoly) ? kResourceTypes : 0;
    int plenty = 0;
    const int want = std::min(2, total_of(s.bank));
    if (playable(DevCard::YearOfPlenty)) {
        if (want < 2) {
            plenty = want == 0 ? 1 : bank_types;
        } else {
            for (int r1 = 0; r1 < kResourceTypes; ++r1)
                for (int r2 = r1; r2 < kResourceTypes; ++r2) plenty += r1 == r2 ? s.bank[r1] >= 2 : s.bank[r1] && s.bank[r2];
        }
    }
    const int road_count = roads.count(), settlement_count = popcount64(settlements), city_count = popcount64(cities);
    const int roll = pre_roll, end = !pre_roll;
    const int total = roll + trades + road_count + settlement_count + city_count + buy + knight + road_building +
                      monopoly + plenty + end;
    uint32_t k = uniform(rng, static_cast<uint32_t>(total));
    if (k < static_cast<uint32_t>(roll)) {
        a.type = ActionType::RollDice;
        return a;
    }
    k -= static_cast<uint32_t>(roll);
    if (k < static_cast<uint32_t>(trades)) {
        a.type = ActionType::BankTrade;
        for (int g = 0; g < kResourceTypes; ++g) {
            if (p.hand[g] < rates[g]) continue;
            for (int r = 0; r < kResourceTypes; ++r) {
                if (r == g || !s.bank[r]) continue;
                if (k-- == 0) {
                    a.give[g] = rates[g];
                    a.get[r] = 1;
                    return a;
                }
            }
        }
    }
    k -= static_cast<uint32_t>(trades);
    auto nth_bit = [](uint64_t w, uint32_t n) {
        for (; n; --n) w &= w - 1;
        return std::countr_zero(w);
    };
    if (k < static_cast<uint32_t>(road_count)) {
        a.type = ActionType::BuildRoad;
        a.location = static_cast<uint8_t>(roads.nth(static_cast<int>(k)));
        return a;
    }
    k -= static_cast<uint32_t>(road_count);
    if (k < static_cast<uint32_t>(settlement_count)) {
        a.type = ActionType::BuildSettlement;
        a.location = static_cast<uint8_t>(nth_bit(settlements, k));
        return a;
    }
    k -= static_cast<uint32_t>(settlement_count);
    if (k < static_cast<uint32_t>(city_count)) {
        a.type = ActionType::BuildCity;
        a.location = static_cast<uint8_t>(nth_bit(cities, k));
        return a;
    }
    k -= static_cast<uint32_t>(city_count);
    if (k < static_cast<uint32_t>(buy)) {
        a.type = ActionType::BuyDevCard;
        return a;
    }
    k -= static_cast<uint32_t>(buy);
    if (k < static_cast<uint32_t>(knight)) {
        a.type = ActionType::PlayKnight;
        return a;
    }
    k -= static_cast<uint32_t>(knight);
    if (k < static_cast<uint32_t>(road_building)) {
        a.type = ActionType::PlayRoadBuilding;
        return a;
    }
    k -= static_cast<uint32_t>(road_building);
    if (k < static_cast<uint32_t>(monopoly)) {
        a.type = ActionType::PlayMonopoly;
        a.resource = static_cast<Resource>(k);
        return a;
    }
    k -= static_cast<uint32_t>(monopoly);
    if (k < static_cast<uint32_t>(plenty)) {
        a.type = ActionType::PlayYearOfPlenty;
        if (want == 0) return a;
        if (want == 1) {
            for (int r = 0; r < kResourceTypes; ++r)
                if (s.bank[r] && k-- == 0) {
                    a.get = one_of(static_cast<Resource>(r));
                    return a;
                }
        }
        for (int r1 = 0; r1 < kResourceTypes; ++r1)
            for (int r2 = r1; r2 < kResourceTypes; ++r2) {
                ResourceCounts g = one_of(static_cast<Resource>(r1));
                ++g[r2];
                if (!covers(s.bank, g)) continue;
                if (k-- == 0) {
                    a.get = g;
                    return a;
                }
            }
    }
    a.type = ActionType::EndTurn;
    return a;
}

// The hexes around each intersection, bit h for hex h.
const std::array<uint32_t, kIntersections>& intersection_hex_masks() {
    static const auto table = [] {
        std::array<uint32_t, kIntersections> out{};
        const Geometry& g = geometry();
        for (int v = 0; v < kIntersections; ++v)
            for (int8_t h : g.intersection_hexes[v])
                if (h != kNone) out[v] |= uint32_t{1} << h;
        return out;
    }();
    return table;
}

// The active seat's robber move drawn as legal_actions' list[uniform(count)]: per hex but the
// robber's, ascending, one entry per opponent with a building there (ascending seats), or one
// without a victim. Counted from each opponent's mask of hexes touched by their buildings.
Action sampled_robber_action(const GameState& s, int seat, Rng& rng) {
    const auto& around = intersection_hex_masks();
    const uint32_t others = ((uint32_t{1} << kHexes) - 1) & ~(uint32_t{1} << s.robber);
    std::array<uint32_t, kMaxPlayers> touched{};
    uint32_t any = 0;
    int entries = 0;
    for (int i = 0; i < s.options.players; ++i) {
        if (i == seat) continue;
        for_each_bit(buildings_of(s.players[i]), 0, [&](int v) { touched[i] |= around[v]; });
        touched[i] &= others;
        any |= touched[i];
        entries += popcount64(touched[i]);
    }
    entries += popcount64(others & ~any);  // one entry without a victim per such hex
    uint32_t k = uniform(rng, static_cast<uint32_t>(entries));
    Action a;
    a.type = ActionType::MoveRobber;
    a.seat = static_cast<uint8_t>(seat);
    for (uint32_t w = others; w; w &= w - 1) {
        const int h = std::countr_zero(w);
        a.location = static_cast<uint8_t>(h);
        if (!(any >> h & 1u)) {
            if (k-- == 0) return a;  // target -1
            continue;
        }
        for (int i = 0; i < s.options.players; ++i)
            if ((touched[i] >> h & 1u) && k-- == 0) {
                a.target = static_cast<int8_t>(i);
                return a;
            }
    }
    return a;  // not reached: k < entries
}

}  // namespace

int next_decider(const GameState& s) {
    if (s.phase == Phase::Discard)
        for (int i = 0; i < s.options.players; ++i)
            if (s.players[i].discard_owed) return i;
    return s.active;
}

Action random_discard(int seat, ResourceCounts hand, int n, Rng& rng) {
    Action a;
    a.type = ActionType::Discard;
    a.seat = static_cast<uint8_t>(seat);
    for (int k = 0; k < n && total_of(hand) > 0; ++k) {
        uint32_t pick = uniform(rng, static_cast<uint32_t>(total_of(hand)));
        int r = 0;
        while (pick >= hand[r]) pick -= hand[r++];
        --hand[r];
        ++a.give[r];
    }
    return a;
}

Action random_legal_action(const GameState& s, int seat, Rng& rng, LegalActions& la) {
    if (seat == s.active && (after_roll_phase(s.phase) || s.phase == Phase::PreRoll) && !s.offer.open &&
        seat < s.options.players && !s.players[seat].disqualified)
        return sampled_turn_action(s, seat, rng);
    if (seat == s.active && s.phase == Phase::MoveRobber && seat < s.options.players && !s.players[seat].disqualified)
        return sampled_robber_action(s, seat, rng);
    legal_actions(s, seat, la);
    if (la.discard) return random_discard(seat, s.players[seat].hand, la.discard, rng);
    return la.list[uniform(rng, static_cast<uint32_t>(la.count))];
}

int play_random_game(GameState& s, Rng& rng, int max_actions, EventList* events) {
    LegalActions la;
    int n = 0;
    while (s.phase != Phase::GameOver) {
        if (n >= max_actions) return -1;
        if (s.phase == Phase::MapStudy) {
            Action b;
            b.type = ActionType::BeginPlacement;
            apply(s, b, events);
            continue;
        }
        const Action a = random_legal_action(s, next_decider(s), rng, la);
        apply(s, a, events);
        ++n;
    }
    return n;
}

}  // namespace hexhall::catan
