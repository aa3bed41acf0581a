#include "games/catan/bots/search_bot.hpp"

#include <chrono>
#include <vector>

#include "games/catan/bots/bot_game.hpp"
#include "games/catan/bots/determinize.hpp"
#include "games/catan/bots/random_bot.hpp"
#include "games/catan/bots/view_eval.hpp"

namespace hexhall::catan::bots {

namespace {
constexpr int kMaxSearchedPerTurn = 30;

bool in_main(Phase p) { return p == Phase::Main || p == Phase::Trade || p == Phase::Build; }

// Candidate actions: the heuristic's choice, EndTurn, the best few of each kind.
std::vector<Action> candidates(const SeatView& v, const LegalActions& la, const Action& preferred, int cap) {
    std::vector<Action> out;
    auto push = [&](const Action& a) {
        for (const Action& b : out)
            if (b == a) return;
        if (static_cast<int>(out.size()) < cap) out.push_back(a);
    };
    push(preferred);
    for (const Action& a : la)
        if (a.type == ActionType::EndTurn) push(a);
    auto best = [&](ActionType t, auto score) {
        const Action* b = nullptr;
        double bv = -1e18;
        for (const Action& a : la)
            if (a.type == t) {
                const double s = score(a);
                if (s > bv) {
                    bv = s;
                    b = &a;
                }
            }
        if (b) push(*b);
    };
    best(ActionType::BuildCity, [&](const Action& a) {
        double value = 0;
        for (int8_t h : geometry().intersection_hexes[a.location])
            if (h != kNone && h != v.robber) value += pips(v.board.number[h]);
        return value;
    });
    best(ActionType::BuildSettlement, [&](const Action& a) { return spot_value(v, v.seat, a.location); });
    best(ActionType::BuyDevCard, [&](const Action&) { return 0.0; });
    best(ActionType::BuildRoad, [&](const Action& a) { return road_value(v, v.seat, a.location); });
    best(ActionType::PlayKnight, [&](const Action&) { return 0.0; });
    best(ActionType::PlayRoadBuilding, [&](const Action&) { return 0.0; });
    best(ActionType::PlayMonopoly, [&](const Action& a) { return -static_cast<double>(v.player[v.seat].hand[idx(a.resource)]); });
    // Year of plenty and bank trades: toward the goal.
    const ResourceCounts& hand = v.player[v.seat].hand;
    const ResourceCounts& cost = goal_cost(choose_goal(v, v.seat, hand));
    auto toward = [&](const Action& a) {
        ResourceCounts h = hand;
        subtract(h, a.give);
        add(h, a.get);
        return -static_cast<double>(missing(h, cost)) - 0.01 * total_of(a.give);
    };
    best(ActionType::PlayYearOfPlenty, toward);
    for (const Action& a : la)
        if (a.type == ActionType::BankTrade && toward(a) > -static_cast<double>(missing(hand, cost))) push(a);
    return out;
}

double evaluate(const GameState& s, int me) {
    if (s.phase == Phase::GameOver) return s.winner == me ? 30.0 : -30.0;
    const SeatView v = make_view(s, me);
    auto score = [&](int i) {
        const auto prod = production(v, i);
        int pipsum = 0, kinds = 0;
        for (int r = 0; r < kResourceTypes; ++r) {
            pipsum += prod[r];
            kinds += prod[r] > 0;
        }
        const PlayerState& p = s.players[i];
        int devs = 0;
        for (uint8_t c : p.dev_cards) devs += c;
        return victory_points(s, i) + 0.06 * pipsum + 0.15 * kinds + 0.15 * devs +
               0.05 * std::min(total_of(p.hand), 7) + 0.05 * p.road_length;
    };
    double best_opp = -1e9;
    for (int i = 0; i < s.options.players; ++i)
        if (i != me) best_opp = std::max(best_opp, score(i));
    return score(me) - 0.5 * best_opp;
}

double playout(GameState& s, int me, int horizon_rounds, uint64_t seed) {
    HeuristicBot bots[kMaxPlayers] = {HeuristicBot(seed), HeuristicBot(seed + 1), HeuristicBot(seed + 2),
                                      HeuristicBot(seed + 3)};
    LegalActions la;
    const int stop_turn = s.turn + 1 + horizon_rounds * s.options.players;
    for (int steps = 0; steps < 4000 && s.phase != Phase::GameOver && s.turn < stop_turn; ++steps) {
        const int seat = bot_decider(s);
        if (seat < 0) break;
        legal_actions(s, seat, la);
        const Action a = bots[seat].decide(make_view(s, seat), la);
        if (!apply(s, a)) break;
    }
    return evaluate(s, me);
}
}  // namespace

Action SearchBot::decide(const SeatView& v, const LegalActions& la) {
    const Action preferred = fallback_.decide(v, la);
    if (la.discard || v.seat != v.active || !in_main(v.phase) || v.offer.open) return preferred;
    if (v.turn != turn_seen_) {
        turn_seen_ = v.turn;
        actions_this_turn_ = 0;
    }
    if (++actions_this_turn_ > kMaxSearchedPerTurn) return preferred;
    const std::vector<Action> cands = candidates(v, la, preferred, config_.max_candidates);
    if (cands.size() < 2) return preferred;

    std::vector<double> sum(cands.size(), 0.0);
    const auto t0 = std::chrono::steady_clock::now();
    const auto budget = std::chrono::milliseconds(config_.budget_ms);
    GameState base, sim;
    int iters = 0;
    for (;; ++iters) {
        if (config_.max_playouts > 0 ? iters >= config_.max_playouts
                                     : (iters > 0 && std::chrono::steady_clock::now() - t0 >= budget))
            break;
        determinize(v, rng_, base);
        const uint64_t seed = next_u64(rng_);
        for (std::size_t c = 0; c < cands.size(); ++c) {
            sim = base;  // the same sample and dice for every candidate
            if (!apply(sim, cands[c])) {
                sum[c] -= 1e6;  // cannot happen for listed actions; keep it out of the running
                continue;
            }
            sum[c] += playout(sim, v.seat, config_.horizon_rounds, seed);
        }
    }
    std::size_t best = 0;
    for (std::size_t c = 1; c < cands.size(); ++c)
        if (sum[c] > sum[best] + 1e-9) best = c;
    return cands[best];
}

std::unique_ptr<Bot> make_search_bot(uint64_t seed, int budget_ms, int max_playouts) {
    SearchConfig c;
    c.budget_ms = budget_ms;
    c.max_playouts = max_playouts;
    return std::make_unique<SearchBot>(seed, c);
}

}  // namespace hexhall::catan::bots
