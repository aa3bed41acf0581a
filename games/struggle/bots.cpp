#include "games/struggle/bots.hpp"

#include <algorithm>
#include <cmath>

#include "core/random_bot.hpp"
#include "games/struggle/module.hpp"

namespace hexhall::struggle {
namespace {

// How far `hand` is from paying `cost`, counting 3 identical surplus cards as one missing card.
int deficit(const Cards& cost, const Cards& hand) {
    int missing = 0, triples = 0;
    for (int r = 0; r < kResources; ++r) {
        if (hand[r] < cost[r]) missing += cost[r] - hand[r];
        else triples += (hand[r] - cost[r]) / 3;
    }
    return std::max(0, missing - triples);
}

double hand_score(const State& s, int seat, const Cards& hand) {
    const Player& me = s.p[seat];
    const Ruleset& t = *s.rules;
    double score = 0;
    auto target = [&](Building b, int expansion, double weight) {
        const int d = deficit(build_cost(t, b, expansion), hand);
        score += weight * 6.0 / (1.0 + d);
    };
    if (!me.settlements.empty()) target(Building::City, -1, 3.0);
    if (!s.settlement_stack.empty()) target(Building::Settlement, -1, 2.4);
    if (me.cities > 0) {
        int best = -1;
        for (int e = 0; e < kExpansions; ++e)
            if (!me.owns(static_cast<Expansion>(e)) && s.expansion_stack[e] > 0 &&
                (best < 0 || e != static_cast<int>(Expansion::TownHall)))
                best = e;
        if (best >= 0) target(Building::Expansion, best, 3.0);
    }
    if (s.knight_stack > 0 || victim_for(s, seat, Building::Knight) >= 0) target(Building::Knight, -1, 1.4);
    if (s.road_stack > 0 || victim_for(s, seat, Building::Road) >= 0)
        target(Building::Road, -1, me.roads < 3 ? 1.8 : 1.2);
    const int n = hand.total();
    score += std::min(n, kBrigandLimit) * 1.0 + std::max(0, n - kBrigandLimit) * 0.3;
    return score;
}

double ability_score(const Player& p) {
    double v = 14.0 * p.a_roads() + 22.0 * p.a_knights();
    if (p.owns(Expansion::Library)) v += 8;
    if (p.owns(Expansion::University)) v += 8;
    if (p.owns(Expansion::MerchantGuild)) v += 14;
    if (p.owns(Expansion::Castle)) v += 4;
    if (p.owns(Expansion::Church)) v += 4;
    return v;
}

template <typename Pred>
const Move* best_by(const std::vector<Move>& moves, Pred&& score) {
    const Move* best = nullptr;
    double best_v = -1e300;
    for (const Move& m : moves) {
        const double v = score(m);
        if (v > best_v) {
            best_v = v;
            best = &m;
        }
    }
    return best;
}

Cards after_loss(Cards h, const Cards& c) {
    h.remove(c);
    return h;
}

}  // namespace

double evaluate(const State& s, int seat) {
    if (s.winner >= 0) return s.winner == seat ? 1e5 : -1e5;
    const Player& me = s.p[seat];
    double v = 100.0 * vp(s, seat) + ability_score(me) + hand_score(s, seat, me.hand);
    v -= 12.0 * other_seats_vp_max(s, seat);
    return v;
}

Move random_move(const State& s, int seat, Rng& rng, std::vector<Move>& scratch) {
    (void)scratch;  // kept for callers; the sampler lists nothing
    return random_legal_move(s, seat, rng);
}

Move heuristic_move(const State& s, int seat, Rng& rng, std::vector<Move>& moves) {
    legal_moves(s, seat, moves);
    if (moves.size() == 1) return moves[0];
    const Player& me = s.p[seat];
    switch (s.phase) {
        case Phase::Discard:
        case Phase::GiveBack:
            return *best_by(moves, [&](const Move& m) { return hand_score(s, seat, after_loss(me.hand, m.cards)); });
        case Phase::LibraryPick:
            return *best_by(moves, [&](const Move& m) {
                Cards h = me.hand;
                h[m.take] += 1;
                return hand_score(s, seat, h);
            });
        case Phase::Trade: {
            for (const Move& m : moves)  // a free card first
                if (m.kind == MoveKind::Guild) return m;
            const double now = hand_score(s, seat, me.hand);
            const Move* best_market = best_by(moves, [&](const Move& m) {
                if (m.kind != MoveKind::TradeMarket) return -1e300;
                Cards h = me.hand;
                h[m.give] -= 1;
                h[m.take] += 1;
                return hand_score(s, seat, h);
            });
            if (best_market && best_market->kind == MoveKind::TradeMarket) {
                Cards h = me.hand;
                h[best_market->give] -= 1;
                h[best_market->take] += 1;
                if (hand_score(s, seat, h) > now + 0.5) return *best_market;
            }
            // One card from the opponent holding most (a library look if there is one): keep the best.
            const Move* trade = best_by(moves, [&](const Move& m) {
                if (m.kind != MoveKind::TradePlayer || m.count != 1) return -1e300;
                return s.p[m.opponent].hand.total() + (m.flag ? 100.0 : 0.0) + 0.01 * uniform(rng, 10);
            });
            if (trade && trade->kind == MoveKind::TradePlayer) return *trade;
            // A deck trade of one card when the expected hand after it is better.
            const Move* deck = nullptr;
            double deck_v = now + 0.3;
            for (const Move& m : moves) {
                if (m.kind != MoveKind::TradeDeck || m.cards.total() != 1) continue;
                const Cards rest = after_loss(me.hand, m.cards);
                double expected = 0;
                for (int r = 0; r < kResources; ++r) {
                    Cards h = rest;
                    h[r] += 1;
                    expected += hand_score(s, seat, h) * kResourceCopies[r] / kResourceTotal;
                }
                if (expected > deck_v) {
                    deck_v = expected;
                    deck = &m;
                }
            }
            if (deck) return *deck;
            return moves[0];  // end trading
        }
        case Phase::Build: {
            for (const Move& m : moves)
                if (m.kind == MoveKind::Guild) return m;
            const double base = evaluate(s, seat);
            const Move* best = nullptr;
            double best_v = base + 1.0;
            for (const Move& m : moves) {
                if (m.kind != MoveKind::Build) continue;
                State copy = s;
                act(copy, seat, m, nullptr);
                double v = evaluate(copy, seat);
                if (m.flag) v += 0.5 * (victim_for(copy, seat, Building::Road) != victim_for(s, seat, Building::Road));
                if (v > best_v) {
                    best_v = v;
                    best = &m;
                }
            }
            return best ? *best : moves[0];  // moves[0] ends building
        }
        default: return moves[0];
    }
}

namespace {

// Plays heuristic moves for everyone from `s` until the game ends or `horizon` more turns began.
double playout_score(State s, int seat, int horizon, Rng& rng, std::vector<Move>& scratch) {
    const int stop = s.turns + horizon;
    int guard = 0;
    while (s.phase != Phase::Over && s.turns < stop && ++guard < 5000) {
        const int who = awaiting(s)[0];
        const Move m = heuristic_move(s, who, rng, scratch);
        act(s, who, m, nullptr);
    }
    if (s.winner >= 0) return s.winner == seat ? 1.0 : 0.0;
    // Not finished: a soft score from VP lead and position.
    const double diff = (evaluate(s, seat) + 12.0 * other_seats_vp_max(s, seat) - 100.0 * other_seats_vp_max(s, seat)) / 150.0;
    return 1.0 / (1.0 + std::exp(-diff));
}

}  // namespace

Move search_move(const State& root, int seat, uint64_t seed, const SearchConfig& cfg) {
    std::vector<Move> moves;
    legal_moves(root, seat, moves);
    if (moves.size() <= 1) return moves.empty() ? Move{} : moves[0];
    Rng rng = make_rng(seed);
    std::vector<Move> scratch;
    // Candidates: the heuristic's own choice plus the best moves by a one-step evaluation.
    const Move preferred = heuristic_move(root, seat, rng, scratch);
    std::vector<std::pair<double, Move>> ranked;
    for (const Move& m : moves) {
        State copy = root;
        act(copy, seat, m, nullptr);
        const bool same = move_to_json(m) == move_to_json(preferred);
        ranked.push_back({evaluate(copy, seat) + (same ? 1e4 : 0.0), m});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    if (static_cast<int>(ranked.size()) > cfg.max_candidates) ranked.resize(cfg.max_candidates);
    std::vector<double> total(ranked.size(), 0.0);
    for (int w = 0; w < cfg.determinizations; ++w) {
        const State world = determinize(root, seat, next_u64(rng));
        for (size_t i = 0; i < ranked.size(); ++i)
            for (int k = 0; k < cfg.playouts_per_move; ++k) {
                State copy = world;
                copy.rng = make_rng(seed ^ (static_cast<uint64_t>(w) * 7919 + static_cast<uint64_t>(k) * 104729));
                act(copy, seat, ranked[i].second, nullptr);
                Rng prng = make_rng(seed + static_cast<uint64_t>(w * 31 + k));
                total[i] += playout_score(std::move(copy), seat, cfg.horizon_turns, prng, scratch);
            }
    }
    size_t best = 0;
    for (size_t i = 1; i < ranked.size(); ++i)
        if (total[i] > total[best] + 1e-9) best = i;
    return ranked[best].second;
}

namespace {

class TypedBot final : public core::RulesBot {
public:
    enum Kind { Heuristic, Search };
    TypedBot(Kind kind, uint64_t seed) : kind_(kind), rng_(make_rng(seed)) {}
    nlohmann::json decide(const core::GameRules& game, int seat) override {
        const State* s = struggle_state(game);
        if (!s) return nlohmann::json{{"type", "endTrade"}};
        Move m;
        switch (kind_) {
            case Heuristic: m = heuristic_move(*s, seat, rng_, scratch_); break;
            case Search: m = search_move(*s, seat, next_u64(rng_), SearchConfig{}); break;
        }
        return move_to_json(m);
    }
    const char* name() const override {
        return kind_ == Heuristic ? "heuristic" : "search";
    }

private:
    Kind kind_;
    Rng rng_;
    std::vector<Move> scratch_;
};

}  // namespace

std::unique_ptr<core::RulesBot> make_struggle_bot(std::string_view name, uint64_t seed) {
    // The core's random-legal bot (core/random_bot.hpp): legal[uniform(n)] over legal_actions, the
    // same draw as random_legal_move (legal_pin_test), so the same games (test_fingerprint.cpp).
    if (name == "random") return core::make_random_bot(seed);
    if (name == "heuristic") return std::make_unique<TypedBot>(TypedBot::Heuristic, seed);
    if (name == "search") return std::make_unique<TypedBot>(TypedBot::Search, seed);
    return nullptr;
}

}  // namespace hexhall::struggle
