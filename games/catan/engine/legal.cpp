// legal_actions(): every legal action of one seat; trade terms and discards as families.
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan {
using namespace detail;

namespace {
Action make(ActionType t, int seat, int location = 0, int target = -1) {
    Action a;
    a.type = t;
    a.seat = static_cast<uint8_t>(seat);
    a.location = static_cast<uint8_t>(location);
    a.target = static_cast<int8_t>(target);
    return a;
}

bool can_play(const GameState& s, int seat, DevCard c) {
    const PlayerState& p = s.players[seat];
    return !s.dev_played && p.dev_cards[static_cast<int>(c)] > p.dev_bought_now[static_cast<int>(c)];
}

void dev_plays(const GameState& s, int seat, LegalActions& out) {
    if (s.dev_played) return;
    if (can_play(s, seat, DevCard::Knight)) out.push(make(ActionType::PlayKnight, seat));
    if (can_play(s, seat, DevCard::RoadBuilding)) out.push(make(ActionType::PlayRoadBuilding, seat));
    if (can_play(s, seat, DevCard::Monopoly))
        for (int r = 0; r < kResourceTypes; ++r) {
            Action a = make(ActionType::PlayMonopoly, seat);
            a.resource = static_cast<Resource>(r);
            out.push(a);
        }
    if (can_play(s, seat, DevCard::YearOfPlenty)) {
        const int want = std::min(2, total_of(s.bank));
        Action a = make(ActionType::PlayYearOfPlenty, seat);
        if (want == 0) {
            out.push(a);
        } else if (want == 1) {
            for (int r = 0; r < kResourceTypes; ++r)
                if (s.bank[r]) {
                    a.get = one_of(static_cast<Resource>(r));
                    out.push(a);
                }
        } else {
            for (int r1 = 0; r1 < kResourceTypes; ++r1)
                for (int r2 = r1; r2 < kResourceTypes; ++r2) {
                    ResourceCounts g = one_of(static_cast<Resource>(r1));
                    ++g[r2];
                    if (!covers(s.bank, g)) continue;
                    a.get = g;
                    out.push(a);
                }
        }
    }
}

void road_spots(const GameState& s, int seat, ActionType t, LegalActions& out) {
    if (s.players[seat].roads_left == 0) return;
    for_each_edge(legal_road_edges(s, seat), [&](int e) { out.push(make(t, seat, e)); });
}

void builds(const GameState& s, int seat, LegalActions& out) {
    const PlayerState& p = s.players[seat];
    if (covers(p.hand, kRoadCost)) road_spots(s, seat, ActionType::BuildRoad, out);
    if (p.settlements_left && covers(p.hand, kSettlementCost))
        for_each_bit(legal_settlement_spots(s, seat), 0, [&](int v) { out.push(make(ActionType::BuildSettlement, seat, v)); });
    if (p.cities_left && covers(p.hand, kCityCost))
        for_each_bit(p.settlements, 0, [&](int v) { out.push(make(ActionType::BuildCity, seat, v)); });
    if (s.deck_next < kDevCards && covers(p.hand, kDevCardCost)) out.push(make(ActionType::BuyDevCard, seat));
}

void trades(const GameState& s, int seat, LegalActions& out) {
    const PlayerState& p = s.players[seat];
    const auto rates = bank_rates(s, seat);
    out.bank_rate = rates;
    out.bank_trade_bundles = true;
    for (int g = 0; g < kResourceTypes; ++g) {
        if (p.hand[g] < rates[g]) continue;
        for (int r = 0; r < kResourceTypes; ++r) {
            if (r == g || !s.bank[r]) continue;
            Action a = make(ActionType::BankTrade, seat);
            a.give[g] = rates[g];
            a.get[r] = 1;
            out.push(a);
        }
    }
    if (total_of(p.hand) > 0) out.offer_trade = true;
    if (s.offer.open) {
        out.push(make(ActionType::WithdrawOffer, seat));
        for (int i = 0; i < s.options.players; ++i) {
            const auto resp = s.offer.response[i];
            if (resp != OfferResponse::Accepted && resp != OfferResponse::Countered) continue;
            const ResourceCounts& give = resp == OfferResponse::Accepted ? s.offer.give : s.offer.counter_give[i];
            const ResourceCounts& get = resp == OfferResponse::Accepted ? s.offer.get : s.offer.counter_get[i];
            if (!covers(p.hand, give) || !covers(s.players[i].hand, get)) continue;
            Action c = make(ActionType::ConfirmTrade, seat, 0, i);
            c.offer = s.offer.id;
            if (s.options.ruleset == Ruleset::HK2024) {
                GameState probe = s;  // HK-7.3/7.5 are judged at execution: ask the engine
                if (!apply(probe, c, nullptr)) continue;
            }
            out.push(c);
        }
    }
}
}  // namespace

void legal_actions(const GameState& s, int seat, LegalActions& out) {
    out.count = 0;
    out.discard = 0;
    out.offer_trade = out.counter_offer = out.bank_trade_bundles = false;
    out.bank_rate = {};
    if (seat < 0 || seat >= s.options.players || s.players[seat].disqualified) return;
    const PlayerState& p = s.players[seat];
    if (seat != s.active || s.phase == Phase::Discard) {
        if (s.phase == Phase::Discard && p.discard_owed) out.discard = p.discard_owed;
        // One answer per seat and offer (CAT-9.8): once answered, nothing is left to do on it.
        if (seat != s.active && s.offer.open && (s.offer.targets & seat_bit(seat)) && after_roll_phase(s.phase) &&
            s.offer.response[seat] == OfferResponse::None) {
            Action accept = make(ActionType::AcceptOffer, seat);
            accept.offer = s.offer.id;
            Action reject = make(ActionType::RejectOffer, seat);
            reject.offer = s.offer.id;
            if (covers(p.hand, s.offer.get)) out.push(accept);
            out.push(reject);
            if (total_of(p.hand) > 0) out.counter_offer = true;
        }
        return;
    }
    switch (s.phase) {
        case Phase::SetupSettlement:
            for_each_bit(distance_rule_free(s), 0, [&](int v) { out.push(make(ActionType::PlaceSetupSettlement, seat, v)); });
            break;
        case Phase::SetupRoad:
            for_each_edge(intersection_edge_sets()[s.setup_settlement] & ~s.all_roads,
                          [&](int e) { out.push(make(ActionType::PlaceSetupRoad, seat, e)); });
            break;
        case Phase::PreRoll:
            out.push(make(ActionType::RollDice, seat));
            dev_plays(s, seat, out);
            break;
        case Phase::MoveRobber: {
            const Geometry& g = geometry();
            std::array<IntersectionSet, kMaxPlayers> owned{};
            for (int i = 0; i < s.options.players; ++i)
                if (i != seat) owned[i] = buildings_of(s.players[i]);
            for (int h = 0; h < kHexes; ++h) {
                if (h == s.robber) continue;
                bool any = false;
                for (int i = 0; i < s.options.players; ++i)
                    if (owned[i] & g.hex_corner_mask[h]) {
                        out.push(make(ActionType::MoveRobber, seat, h, i));
                        any = true;
                    }
                if (!any) out.push(make(ActionType::MoveRobber, seat, h, -1));
            }
            break;
        }
        case Phase::RoadBuilding:
            road_spots(s, seat, ActionType::BuildRoad, out);
            break;
        case Phase::Trade:
        case Phase::Main:
            trades(s, seat, out);
            [[fallthrough]];
        case Phase::Build:
            builds(s, seat, out);
            dev_plays(s, seat, out);
            out.push(make(ActionType::EndTurn, seat));
            break;
        default:
            break;
    }
}

bool awaits(const GameState& s, int seat) {
    if (s.phase == Phase::GameOver || s.phase == Phase::MapStudy) return false;
    if (s.players[seat].disqualified) return false;
    if (s.phase == Phase::Discard) return s.players[seat].discard_owed > 0;
    if (seat == s.active) return true;
    // As in legal_actions: offers are answered only after the roll and any card are resolved (CAT-9.1).
    return s.offer.open && after_roll_phase(s.phase) && (s.offer.targets & seat_bit(seat)) &&
           s.offer.response[seat] == OfferResponse::None;
}

}  // namespace hexhall::catan
