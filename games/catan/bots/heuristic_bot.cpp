#include "games/catan/bots/heuristic_bot.hpp"

#include "games/catan/bots/random_bot.hpp"
#include "games/catan/bots/view_eval.hpp"

namespace hexhall::catan::bots {

namespace {
constexpr int kMaxActionsPerTurn = 60;  // own safety net: end the turn after this many
constexpr int kMaxTradesPerTurn = 8;
constexpr int kNearWin = 8;  // never trade with an opponent showing this many VP

const Action* find(const LegalActions& la, ActionType t) {
    for (const Action& a : la)
        if (a.type == t) return &a;
    return nullptr;
}

template <typename Score>
const Action* best_of(const LegalActions& la, ActionType t, Score score) {
    const Action* best = nullptr;
    double best_v = -1e18;
    for (const Action& a : la) {
        if (a.type != t) continue;
        const double v = score(a);
        if (v > best_v) {
            best_v = v;
            best = &a;
        }
    }
    return best;
}

bool has_building_on(const SeatView& v, int seat, int hex) {
    for (uint8_t x : geometry().hex_corner[hex])
        if (v.building_owner[x] == seat) return true;
    return false;
}

int building_weight(const SeatView& v, int seat, int hex) {
    int w = 0;
    for (uint8_t x : geometry().hex_corner[hex])
        if (v.building_owner[x] == seat) w += v.building_is_city[x] ? 2 : 1;
    return w;
}

double city_value(const SeatView& v, int x) {
    double value = 0;
    for (int8_t h : geometry().intersection_hexes[x])
        if (h != kNone && h != v.robber) value += pips(v.board.number[h]);
    return value;
}

// Would playing one more knight take (or keep contesting) Largest Army?
bool knight_for_army(const SeatView& v, int seat) {
    const int mine = v.player[seat].knights_played + 1;
    if (mine < 3 || v.largest_army_holder == seat) return false;
    const int holder = v.largest_army_holder;
    return holder < 0 || mine > v.player[holder].knights_played;
}

// The test every domestic trade must pass, offer or counter-offer alike: `seat` gives `give` and
// gets `get`; the trade brings its goal closer and it gets at least as many cards as it gives.
bool trade_helps(const SeatView& v, int seat, const ResourceCounts& give, const ResourceCounts& get) {
    const ResourceCounts& hand = v.player[seat].hand;
    const Goal goal = choose_goal(v, seat, hand);
    if (goal == Goal::None || !covers(hand, give) || total_of(get) < total_of(give)) return false;
    const ResourceCounts& cost = goal_cost(goal);
    ResourceCounts after = hand;
    subtract(after, give);
    add(after, get);
    return missing(after, cost) < missing(hand, cost);
}

bool robber_hurts_me(const SeatView& v, int seat) {
    return has_building_on(v, seat, v.robber) && pips(v.board.number[v.robber]) >= 2;
}
}  // namespace

Action heuristic_setup(const SeatView& v, const LegalActions& la) {
    const int seat = v.seat;
    if (v.phase == Phase::SetupSettlement) {
        if (const Action* a = best_of(la, ActionType::PlaceSetupSettlement,
                                      [&](const Action& x) { return spot_value(v, seat, x.location); }))
            return *a;
    } else {
        if (const Action* a = best_of(la, ActionType::PlaceSetupRoad,
                                      [&](const Action& x) { return road_value(v, seat, x.location); }))
            return *a;
    }
    return la.list[0];
}

Action heuristic_road(const SeatView& v, const LegalActions& la) {
    if (const Action* a = best_of(la, ActionType::BuildRoad,
                                  [&](const Action& x) { return road_value(v, v.seat, x.location); }))
        return *a;
    return la.list[0];
}

Action heuristic_robber(const SeatView& v, const LegalActions& la) {
    const int seat = v.seat;
    const int leader = leading_opponent(v, seat);
    const Action* a = best_of(la, ActionType::MoveRobber, [&](const Action& m) {
        const int h = m.location;
        const int p = pips(v.board.number[h]);
        if (has_building_on(v, seat, h)) return -100.0 - p * building_weight(v, seat, h);
        double score = 0;
        for (int i = 0; i < v.players; ++i) {
            if (i == seat) continue;
            const int w = building_weight(v, i, h);
            score += p * w * (1.0 + 0.25 * v.player[i].public_vp + (i == leader ? 0.5 : 0.0));
        }
        if (m.target >= 0) {
            const PlayerView& t = v.player[m.target];
            score += (t.resource_count > 0 ? 2.0 : 0.0) + 0.3 * t.resource_count + 0.3 * t.public_vp;
        }
        return score;
    });
    return a ? *a : la.list[0];
}

Action HeuristicBot::answer_offer(const SeatView& v, const LegalActions& la) const {
    const int seat = v.seat;
    const Action* accept = find(la, ActionType::AcceptOffer);
    const Action* reject = find(la, ActionType::RejectOffer);
    if (accept && v.player[v.active].public_vp < kNearWin) {
        // Terms are from the active player's side: they give offer.give to me, get offer.get from me.
        if (trade_helps(v, seat, v.offer.get, v.offer.give)) return *accept;
    }
    if (reject) return *reject;
    return la.count ? la.list[0] : make_action(ActionType::RejectOffer, seat);
}

Action HeuristicBot::decide(const SeatView& v, const LegalActions& la) {
    const int seat = v.seat;
    if (la.discard) {
        Action a = make_action(ActionType::Discard, seat);
        a.give = choose_discard(v, seat, la.discard);
        return a;
    }
    if (la.count == 0) return make_action(ActionType::EndTurn, seat);
    if (seat != v.active) return answer_offer(v, la);
    switch (v.phase) {
        case Phase::SetupSettlement:
        case Phase::SetupRoad:
            return heuristic_setup(v, la);
        case Phase::PreRoll:
            if (const Action* k = find(la, ActionType::PlayKnight); k && robber_hurts_me(v, seat)) return *k;
            if (const Action* r = find(la, ActionType::RollDice)) return *r;
            return la.list[0];
        case Phase::MoveRobber:
            return heuristic_robber(v, la);
        case Phase::RoadBuilding:
            return heuristic_road(v, la);
        case Phase::Main:
        case Phase::Trade:
        case Phase::Build:
            return main_turn(v, la);
        default:
            return la.list[0];
    }
}

Action HeuristicBot::main_turn(const SeatView& v, const LegalActions& la) {
    const int seat = v.seat;
    const PlayerView& me = v.player[seat];
    const ResourceCounts& hand = me.hand;
    if (v.turn != turn_seen_) {
        turn_seen_ = v.turn;
        actions_this_turn_ = trades_this_turn_ = 0;
        trade_goal_ = -1;
    }
    const Action end = make_action(ActionType::EndTurn, seat);
    if (++actions_this_turn_ > kMaxActionsPerTurn) return end;

    // 1. An open offer of ours: take the first acceptance of our own terms, or a counter-offer that
    //    passes the test an offer to us must pass (trade_helps); else withdraw.
    if (v.offer.open) {
        for (const Action& c : la) {
            if (c.type != ActionType::ConfirmTrade) continue;
            if (v.offer.response[c.target] == OfferResponse::Accepted) return c;
            // Counter terms are from our side: we give counter_give and get counter_get.
            if (v.offer.response[c.target] == OfferResponse::Countered &&
                v.player[c.target].public_vp < kNearWin &&
                trade_helps(v, seat, v.offer.counter_give[c.target], v.offer.counter_get[c.target]))
                return c;
        }
        if (const Action* w = find(la, ActionType::WithdrawOffer)) return *w;
    }

    const Goal goal = choose_goal(v, seat, hand);
    const ResourceCounts& cost = goal_cost(goal);
    const int miss = goal == Goal::None ? 0 : missing(hand, cost);

    // 2. Development cards.
    if (!v.dev_played) {
        if (const Action* k = find(la, ActionType::PlayKnight);
            k && (robber_hurts_me(v, seat) || knight_for_army(v, seat)))
            return *k;
        if (miss > 0) {
            if (const Action* y = best_of(la, ActionType::PlayYearOfPlenty, [&](const Action& a) {
                    ResourceCounts h = hand;
                    add(h, a.get);
                    return -static_cast<double>(missing(h, cost));
                })) {
                ResourceCounts h = hand;
                add(h, y->get);
                if (missing(h, cost) < miss) return *y;
            }
            // Monopoly on the needed resource the opponents produce most.
            std::array<int, kResourceTypes> opp{};
            for (int i = 0; i < v.players; ++i)
                if (i != seat) {
                    const auto p = production(v, i);
                    for (int r = 0; r < kResourceTypes; ++r) opp[r] += p[r];
                }
            if (const Action* m = best_of(la, ActionType::PlayMonopoly, [&](const Action& a) {
                    const int r = idx(a.resource);
                    return (hand[r] < cost[r] ? 100.0 : 0.0) + opp[r];
                });
                m && hand[idx(m->resource)] < cost[idx(m->resource)] && opp[idx(m->resource)] >= 6)
                return *m;
        }
        if (const Action* rb = find(la, ActionType::PlayRoadBuilding);
            rb && me.roads_left > 0 && me.settlements_left > 0 && settlement_spots(v, seat) == 0)
            return *rb;
    }

    // 3. Build: city > settlement > development card > road.
    if (const Action* c = best_of(la, ActionType::BuildCity, [&](const Action& a) { return city_value(v, a.location); }))
        return *c;
    if (const Action* s = best_of(la, ActionType::BuildSettlement,
                                  [&](const Action& a) { return spot_value(v, seat, a.location); }))
        return *s;
    if (const Action* d = find(la, ActionType::BuyDevCard)) {
        ResourceCounts after = hand;
        subtract(after, kDevCardCost);
        const bool spare = goal == Goal::None || missing(after, cost) <= miss;
        if (goal == Goal::DevCard || spare || total_of(hand) >= 8) return *d;
    }
    if (find(la, ActionType::BuildRoad) && me.settlements_left > 0) {
        ResourceCounts after = hand;
        subtract(after, kRoadCost);
        const bool spare = goal == Goal::None || missing(after, cost) <= miss;
        if (goal == Goal::Road || spare || total_of(hand) >= 8) {
            const Action* r = best_of(la, ActionType::BuildRoad,
                                      [&](const Action& a) { return road_value(v, seat, a.location); });
            if (r && road_value(v, seat, r->location) > 0) return *r;
        }
    }

    // 4. Bank trades: surplus toward the goal (the goal is fixed for the turn, so trades never cycle).
    if (goal != Goal::None && trades_this_turn_ < kMaxTradesPerTurn && find(la, ActionType::BankTrade)) {
        if (trade_goal_ < 0) trade_goal_ = static_cast<int>(goal);
        const ResourceCounts& tcost = goal_cost(static_cast<Goal>(trade_goal_));
        const int tmiss = missing(hand, tcost);
        const ResourceCounts sur = surplus(hand, tcost);
        int can = 0;
        for (int r = 0; r < kResourceTypes; ++r)
            if (la.bank_rate[r]) can += sur[r] / la.bank_rate[r];
        if (tmiss > 0 && (can >= tmiss || (total_of(hand) >= 8 && can > 0))) {
            const Action* t = best_of(la, ActionType::BankTrade, [&](const Action& a) {
                int give = -1, get = -1;
                for (int r = 0; r < kResourceTypes; ++r) {
                    if (a.give[r]) give = r;
                    if (a.get[r]) get = r;
                }
                if (give < 0 || get < 0 || a.give[give] > sur[give] || hand[get] >= tcost[get]) return -1e9;
                return static_cast<double>(sur[give]) - a.give[give];
            });
            if (t) {
                int give = 0, get = 0;
                for (int r = 0; r < kResourceTypes; ++r) {
                    if (t->give[r]) give = r;
                    if (t->get[r]) get = r;
                }
                if (t->give[give] <= sur[give] && hand[get] < tcost[get]) {
                    ++trades_this_turn_;
                    return *t;
                }
            }
        }
    }

    // 5. One domestic offer per turn: one surplus card for one missing card.
    if (la.offer_trade && offered_turn_ != v.turn && goal != Goal::None && miss >= 1 && miss <= 2) {
        const ResourceCounts sur = surplus(hand, cost);
        int give = -1, get = -1;
        for (int r = 0; r < kResourceTypes; ++r) {
            if (sur[r] && (give < 0 || sur[r] > sur[give])) give = r;
            if (hand[r] < cost[r] && get < 0) get = r;
        }
        uint8_t targets = 0;
        for (int i = 0; i < v.players; ++i)
            if (i != seat && !v.player[i].disqualified && v.player[i].public_vp < kNearWin && v.player[i].resource_count)
                targets = static_cast<uint8_t>(targets | (1u << i));
        if (give >= 0 && get >= 0 && targets) {
            offered_turn_ = v.turn;
            Action o = make_action(ActionType::OfferTrade, seat);
            o.give[give] = 1;
            o.get[get] = 1;
            o.targets = targets;
            return o;
        }
    }

    if (const Action* e = find(la, ActionType::EndTurn)) return *e;
    (void)seed_;
    return la.list[0];
}

}  // namespace hexhall::catan::bots
