#include "games/struggle/engine.hpp"

#include <algorithm>

#include "games/struggle/payments.hpp"

namespace hexhall::struggle {
namespace {

int bi(Building b) { return static_cast<int>(b); }

void log_event(std::vector<EventRec>* log, EventRec e) {
    if (log) log->push_back(e);
}

Refusal refuse(const char* rule, std::string message) { return Refusal{rule, std::move(message)}; }

// ---- knowledge (State::known): lower bounds only, so they always stay true ----

// (Cards by value: a copy the compiler knows is not part of the state.)
void public_loss(State& s, int x, const Cards c) {
    for (int t = 0; t < s.players; ++t) {
        Cards& k = s.known[t][x];
        for (int r = 0; r < kResources; ++r) k.n[r] = std::max(0, k.n[r] - c.n[r]);
    }
}
// `x` lost `k` cards that seat t did not see: each count may have dropped by up to k.
void unseen_loss(State& s, int t, int x, int k) {
    Cards& c = s.known[t][x];
    for (int r = 0; r < kResources; ++r) c.n[r] = std::max(0, c.n[r] - k);
}
// A card of resource r moves from `from` to `to`, seen by the two of them only.
void private_transfer(State& s, int from, int to, int r) {
    s.p[from].hand[r] -= 1;
    s.p[to].hand[r] += 1;
    s.known[to][from][r] = std::max(0, s.known[to][from][r] - 1);
    s.known[from][to][r] += 1;
    // Every seat but the two, without a branch per seat (issue 30): the two rows are put back.
    const Cards mine = s.known[from][from], theirs = s.known[to][from];
    for (int t = 0; t < s.players; ++t) unseen_loss(s, t, from, 1);
    s.known[from][from] = mine;
    s.known[to][from] = theirs;
}

// ---- cards ----

// Draws one card for the deck, reshuffling the discard pile when the deck is empty (SFC-10.2).
int draw_card(State& s, std::vector<EventRec>* log) {
    if (s.deck.empty()) {
        const int n = s.discard.total();
        if (n == 0) return -1;
        s.deck.resize(static_cast<size_t>(n));
        uint8_t* d = s.deck.data();
        for (int r = 0; r < kResources; ++r) {
            std::fill(d, d + s.discard[r], static_cast<uint8_t>(r));
            d += s.discard[r];
        }
        s.discard = Cards{};
        shuffle(s.rng, s.deck.data(), static_cast<int>(s.deck.size()));
        log_event(log, EventRec{EventKind::Reshuffled, -1, -1, {}, n, -1});
    }
    const int r = s.deck.back();
    s.deck.pop_back();
    return r;
}

Cards draw_cards(State& s, int k, std::vector<EventRec>* log) {
    Cards got;
    for (int i = 0; i < k; ++i) {
        const int r = draw_card(s, log);
        if (r < 0) break;
        got[r] += 1;
    }
    return got;
}

// Draws k cards straight into `hand` (fewer if the deck and the discard pile run out) and, with
// a log, records them as one Drew event. (Counting into a separate Cards first and adding it costs
// a store-forwarding stall on every draw step.)
void draw_to_hand(State& s, int seat, int k, int how, std::vector<EventRec>* log) {
    Cards& hand = s.p[seat].hand;
    if (!log) {
        if (static_cast<size_t>(k) <= s.deck.size()) {  // no reshuffle: the top k cards at once
            const uint8_t* top = s.deck.data() + s.deck.size();
            for (int i = 1; i <= k; ++i) hand[top[-i]] += 1;
            s.deck.resize(s.deck.size() - static_cast<size_t>(k));
            return;
        }
        for (int i = 0; i < k; ++i) {
            const int r = draw_card(s, nullptr);
            if (r < 0) break;
            hand[r] += 1;
        }
        return;
    }
    const Cards got = draw_cards(s, k, log);
    hand.add(got);
    log_event(log, EventRec{EventKind::Drew, seat, -1, got, got.total(), how});
}

int random_card_of(State& s, const Cards& hand) {
    int i = static_cast<int>(uniform(s.rng, static_cast<uint32_t>(hand.total())));
    for (int r = 0; r < kResources; ++r) {
        if (i < hand[r]) return r;
        i -= hand[r];
    }
    return kResources - 1;
}

void flip_destiny(State& s, std::vector<EventRec>* log) {
    if (!destiny_in_use(s)) return;  // SFC-8.9
    s.clockwise = !s.clockwise;
    log_event(log, EventRec{EventKind::DestinyFlipped, s.turn, -1, {}, s.clockwise ? 1 : 0, -1});
}

void start_turn(State& s, int seat, std::vector<EventRec>* log) {
    s.turn = seat;
    s.turns += 1;
    s.phase = Phase::Trade;
    s.built = 0;
    s.library_used = s.university_used = s.guild_used = false;
    s.trades_left = trade_allowance(s.p[seat]);
    s.deck_only = s.p[seat].roads == 0;
    log_event(log, EventRec{EventKind::TurnStarted, seat, -1, {}, s.turns, -1});
}

bool takeable(const Player& o, Building b) {  // (branch-free: & instead of &&)
    if (b == Building::Road) return (o.roads > 0) & !(o.owns(Expansion::Castle) & (o.roads <= 3));
    return (o.knights > 0) & !(o.owns(Expansion::Church) & (o.knights == 1));
}

// Sub-multisets of `from` with exactly k cards, in a stable order.
template <typename F>
void each_submultiset(const Cards& from, int k, F&& f) {
    Cards cur;
    auto rec = [&](auto&& self, int r, int left) -> void {
        if (r == kResources - 1) {
            if (left <= from[r]) {
                cur[r] = left;
                f(cur);
                cur[r] = 0;
            }
            return;
        }
        const int hi = std::min(left, from[r]);
        for (int c = hi; c >= 0; --c) {
            cur[r] = c;
            self(self, r + 1, left - c);
        }
        cur[r] = 0;
    };
    rec(rec, 0, k);
}

// ---- drawing one legal move without listing them all (random play) ----

// How many sub-multisets of `from` hold exactly k cards: at(r, left) for resources r.. .
// Up to 6 cards they are packed: the generating polynomial of the resources r..4, prod (1 + z +
// ... + z^from[s]), in eight 8-bit lanes of a 64-bit word (lane n: sub-multisets of n cards), one
// multiply per resource. Five resources give at most C(n + 4, 4) <= 210 sub-multisets of n <= 6
// cards, so those lanes never carry (lane 7 may, upwards and out).
struct SubmultisetCounts {
    int k = 0;
    bool packed = false;
    std::array<uint64_t, kResources + 1> suffix;
    // Not zeroed: count_submultisets fills every entry up to k, the only ones read.
    std::array<std::array<uint32_t, kResourceTotal + 1>, kResources + 1> ways;
    uint32_t at(int r, int left) const {
        return packed ? static_cast<uint32_t>(suffix[r] >> (8 * left)) & 0xFFu : ways[r][left];
    }
};
void count_submultisets(const Cards& from, int k, SubmultisetCounts& c) {
    c.k = k;
    c.packed = k <= 6 && from.nonnegative();
    if (c.packed) {
        // ones[h]: lanes 0..min(h, 7) set to 1
        static constexpr auto ones = [] {
            std::array<uint64_t, 8> o{};
            for (int h = 0; h < 8; ++h)
                for (int x = 0; x <= h; ++x) o[h] |= uint64_t{1} << (8 * x);
            return o;
        }();
        c.suffix[kResources] = 1;
        for (int r = kResources - 1; r >= 0; --r) c.suffix[r] = c.suffix[r + 1] * ones[std::min(from[r], 7)];
        return;
    }
    for (int left = 0; left <= k; ++left) c.ways[kResources][left] = left == 0 ? 1 : 0;
    for (int r = kResources - 1; r >= 0; --r)
        for (int left = 0; left <= k; ++left) {
            uint32_t w = 0;
            for (int x = 0; x <= std::min(left, from[r]); ++x) w += c.ways[r + 1][left - x];
            c.ways[r][left] = w;
        }
}
// The i-th sub-multiset of size c.k in each_submultiset's order (more of the lower resources first).
Cards nth_submultiset(const Cards& from, const SubmultisetCounts& c, uint32_t i) {
    Cards cur;
    int left = c.k;
    for (int r = 0; r < kResources; ++r) {
        for (int x = std::min(left, from[r]); x >= 0; --x) {
            const uint32_t w = c.at(r + 1, left - x);
            if (i < w) {
                cur[r] = x;
                left -= x;
                break;
            }
            i -= w;
        }
    }
    return cur;
}

// payments() memoised per thread in a small direct-mapped table (it stays in the CPU caches): the
// same (cost, hand, university) recurs within a build step and across turns. Results are identical.
const std::vector<Cards>& payments_of(const Cards& cost, const Cards& hand, bool university) {
    struct Slot {
        uint64_t key = ~0ull;
        std::vector<Cards> pays;
    };
    constexpr int kSlotBits = 10;
    thread_local std::array<Slot, 1u << kSlotBits> memo;
    thread_local std::vector<Cards> uncached;
    uint64_t key = university ? 1 : 0;
    bool fits = true;
    for (int r = 0; r < kResources; ++r) {
        fits = fits && cost[r] >= 0 && cost[r] < 64 && hand[r] >= 0 && hand[r] < 32;
        key = (key << 11) | (static_cast<uint64_t>(cost[r] & 63) << 5) | static_cast<uint64_t>(hand[r] & 31);
    }
    if (!fits) {
        list_payments(cost, hand, university, uncached);
        return uncached;
    }
    Slot& slot = memo[(key * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits)];
    if (slot.key != key) {
        list_payments(cost, hand, university, slot.pays);
        slot.key = key;
    }
    return slot.pays;
}

// count_payments() with quick answers first (issue 16).
uint32_t payment_count(const Cards& cost, const Cards& hand, bool university, int held, int most) {
    // A payment gives at least as many cards as the cost shows (a triple or the university card
    // covers one missing card each); with fewer than 3 of every resource and no university no
    // triple fits, so the cost itself is the one payment if held.
    if (held < cost.total()) return 0;
    if (!university && most < 3) return hand.contains(cost) ? 1 : 0;
    // The listing's quick exit.
    int missing = 0, triples = 0, spare = 0;
    for (int r = 0; r < kResources; ++r) {
        const int d = hand[r] - cost[r];
        const int surplus = std::max(d, 0);
        missing += surplus - d;
        triples += surplus / 3;
        spare += surplus % 3;
    }
    if (missing > triples + (university && (spare > 0 || triples > 0) ? 1 : 0)) return 0;
    return count_payments(cost, hand, university);
}

// The payment counts of the build step's costs for one hand, memoised per thread in a
// direct-mapped table keyed by (hand, university) (issue 16): random players' hands are small, so
// the same ones come back all the time. Slot i: building type i, kBuildings: the town hall. The
// table belongs to one set of costs, compared by value; other costs clear it.
class BuildCounts {
public:
    static constexpr int kCosts = kBuildings + 1;
    static constexpr uint32_t kUnknown = 127;  // counts of 127 or more are not kept

    // The slot of (hand, university) for `rules`' costs, or null when the hand does not fit a key.
    // A slot is one 64-bit word (the table stays small enough for the caches): the 21-bit key
    // (4 bits a resource, 1 for the university) over six 7-bit counts.
    uint64_t* slot(const std::shared_ptr<const Ruleset>& rules, const Cards& hand, bool university) {
        // The costs are compared when the ruleset changes; holding it keeps its address unique.
        if (rules != rules_) {
            rules_ = rules;
            std::array<Cards, kCosts> costs;
            for (int b = 0; b < kBuildings; ++b) costs[b] = rules->cost[b];
            costs[kBuildings] = build_cost(*rules, Building::Expansion, static_cast<int>(Expansion::TownHall));
            if (costs != costs_) {
                costs_ = costs;
                memo_.fill(kEmpty);
                nth_.fill(kEmpty);
            }
        }
        uint64_t key = university ? 1 : 0;
        for (int r = 0; r < kResources; ++r) {
            if (hand[r] < 0 || hand[r] >= 16) return nullptr;
            key = (key << 4) | static_cast<uint64_t>(hand[r]);
        }
        uint64_t& sl = memo_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kSlotBits)];
        if ((sl >> kKeyShift) != key) sl = (key << kKeyShift) | kAllUnknown;
        return &sl;
    }
    static uint32_t get(const uint64_t* sl, int id) { return static_cast<uint32_t>(*sl >> (7 * id)) & 127u; }
    // The i-th payment of cost slot `id` for the hand of slot `sl` (from slot()), memoised too:
    // a second direct-mapped table of words, the key (hand key, id, i) over the payment's five
    // counts in 5 bits each. `compute` gives it on a miss.
    template <typename F>
    Cards nth(const uint64_t* sl, int id, uint32_t i, F&& compute) {
        if (i >= 128) return compute();
        const uint64_t key = ((*sl >> kKeyShift) << 10) | (static_cast<uint64_t>(id) << 7) | i;  // 31 bits
        uint64_t& e = nth_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kNthBits)];
        if ((e >> 32) == key) {
            Cards pay;
            for (int r = 0; r < kResources; ++r) pay[r] = static_cast<int>((e >> (5 * r)) & 31u);
            return pay;
        }
        const Cards pay = compute();
        uint64_t packed = key << 32;
        for (int r = 0; r < kResources; ++r) {
            if (pay[r] < 0 || pay[r] >= 32) return pay;
            packed |= static_cast<uint64_t>(pay[r]) << (5 * r);
        }
        e = packed;
        return pay;
    }
    static void put(uint64_t* sl, int id, uint32_t n) {
        *sl = (*sl & ~(uint64_t{127} << (7 * id))) | (uint64_t{n} << (7 * id));
    }

private:
    static constexpr int kSlotBits = 15;
    static constexpr int kKeyShift = 7 * kCosts;
    static constexpr uint64_t kAllUnknown = (uint64_t{1} << kKeyShift) - 1;
    static constexpr uint64_t kEmpty = ~uint64_t{0};  // key bits all ones: never a real key (its counts are unknown anyway)
    std::shared_ptr<const Ruleset> rules_;
    std::array<Cards, kCosts> costs_{};
    std::array<uint64_t, 1u << kSlotBits> memo_ = [] {
        std::array<uint64_t, 1u << kSlotBits> m;
        m.fill(kEmpty);
        return m;
    }();
    static constexpr int kNthBits = 14;
    std::array<uint64_t, 1u << kNthBits> nth_ = [] {  // kEmpty: key bits all ones, never a real key
        std::array<uint64_t, 1u << kNthBits> m;
        m.fill(kEmpty);
        return m;
    }();
};

// Whether victim_for(s, seat, b) >= 0: some opponent's card may be taken. Its seat does not matter
// here, so every seat is looked at without a branch (issue 30: the sampler asks this per build step).
bool any_victim(const State& s, int seat, Building b) {
    unsigned mask = 0;
    for (int o = 0; o < s.players; ++o) mask |= static_cast<unsigned>(takeable(s.p[o], b)) << o;
    return (mask & ~(1u << seat)) != 0;
}

bool can_place(const State& s, int seat, Building b, int expansion, int settlement, std::optional<Refusal>* why) {
    const Player& me = s.p[seat];
    auto no = [&](const char* rule, const char* msg) {
        if (why) *why = refuse(rule, msg);
        return false;
    };
    switch (b) {
        case Building::Road:
        case Building::Knight: {
            const int stack = b == Building::Road ? s.road_stack : s.knight_stack;
            if (stack == 0 && !any_victim(s, seat, b))
                return no("SFC-7.9", b == Building::Road
                                         ? "the road stack is empty and no opponent has a road that may be taken"
                                         : "the knight stack is empty and no opponent has a knight that may be taken");
            return true;
        }
        case Building::Settlement:
            if (s.settlement_stack.empty()) return no("SFC-8.2", "the settlement/city stack is empty");
            return true;
        case Building::City:
            if (me.settlements.empty()) return no("SFC-8.4", "a city needs one of your settlements to upgrade");
            if (settlement < 0 || settlement >= static_cast<int>(me.settlements.size()))
                return no("SFC-8.4", "no such settlement of yours to upgrade");
            return true;
        case Building::Expansion:
            if (expansion < 0 || expansion >= kExpansions) return no("SFC-9.1", "name the expansion to build");
            if (me.cities == 0) return no("SFC-9.2", "a city expansion needs a city without an expansion");
            if (me.owns(static_cast<Expansion>(expansion)))
                return no("SFC-9.3", "you already own this city expansion");
            if (s.expansion_stack[expansion] == 0) return no("SFC-9.1", "the expansion stack has no such card left");
            return true;
    }
    return false;
}

void check_victory(State& s, std::vector<EventRec>* log) {
    if (vp(s, s.turn) >= kWinningVp) {
        s.phase = Phase::Over;
        s.winner = s.turn;
        log_event(log, EventRec{EventKind::Won, s.turn, -1, {}, vp(s, s.turn), -1});
    }
}

void take_or_stack(State& s, int seat, Building b, std::vector<EventRec>* log) {
    int& stack = b == Building::Road ? s.road_stack : s.knight_stack;
    int Player::*row = b == Building::Road ? &Player::roads : &Player::knights;
    if (stack > 0) {
        stack -= 1;
    } else {
        const int v = victim_for(s, seat, b);  // checked before payment (SFC-6.4)
        s.p[v].*row -= 1;
        log_event(log, EventRec{EventKind::TookCard, seat, v, {}, s.p[v].*row + 1, bi(b)});
    }
    s.p[seat].*row += 1;
}

void resolve_city_event(State& s, CityEvent ev, std::vector<EventRec>* log) {
    log_event(log, EventRec{EventKind::CityEventRevealed, s.turn, -1, {}, 0, static_cast<int>(ev)});
    if (ev == CityEvent::MarketDay) {  // SFC-8.6
        s.discard.add(s.market);
        s.market = Cards{};
        s.market = draw_cards(s, 5, log);
        log_event(log, EventRec{EventKind::MarketDay, s.turn, -1, s.market, 5, -1});
    } else if (ev == CityEvent::BrigandAttack) {  // SFC-8.7
        bool any = false;
        for (int i = 0; i < s.players; ++i) {
            const int over = s.p[i].hand.total() - kBrigandLimit;
            s.discard_due[i] = over > 0 ? over : 0;
            any = any || over > 0;
        }
        EventRec e{EventKind::BrigandAttack, s.turn, -1, {}, 0, -1};
        log_event(log, e);
        if (any) s.phase = Phase::Discard;
        else flip_destiny(s, log);
    }
}

void apply_build(State& s, int seat, const Move& m, bool uses_university, std::vector<EventRec>* log) {
    Player& me = s.p[seat];
    me.hand.remove(m.cards);
    s.discard.add(m.cards);
    public_loss(s, seat, m.cards);
    s.built |= static_cast<uint8_t>(1u << bi(m.building));
    if (uses_university) s.university_used = true;
    log_event(log, EventRec{EventKind::Built, seat, -1, m.cards, m.expansion, bi(m.building)});
    switch (m.building) {
        case Building::Road:
        case Building::Knight: take_or_stack(s, seat, m.building, log); break;
        case Building::Settlement:
            me.settlements.push_back(s.settlement_stack.back());
            s.settlement_stack.pop_back();
            if (m.flag) flip_destiny(s, log);  // SFC-8.3
            break;
        case Building::City: {
            const CityEvent ev = me.settlements[m.settlement];
            me.settlements.erase(me.settlements.begin() + m.settlement);
            me.cities += 1;
            check_victory(s, log);
            if (s.phase == Phase::Over) return;  // SFC-11.3: no event after the winning build
            resolve_city_event(s, ev, log);
            return;
        }
        case Building::Expansion:
            s.expansion_stack[m.expansion] -= 1;
            me.cities -= 1;
            me.expansions |= static_cast<uint8_t>(1u << m.expansion);
            break;
    }
    check_victory(s, log);
}

void blind_draws(State& s, int taker, int victim, int k, Cards& drawn) {
    for (int i = 0; i < k; ++i) {
        const int r = random_card_of(s, s.p[victim].hand);
        private_transfer(s, victim, taker, r);
        drawn[r] += 1;
    }
}

}  // namespace

bool destiny_in_use(const State& s) { return s.players >= 3; }

int trade_allowance(const Player& p) { return p.roads == 0 ? 1 : p.a_roads(); }

int vp(const State& s, int seat) {
    const Player& p = s.p[seat];
    // SFC-9.4 by table: the VP of each set of expansions (bit e: expansion e)
    static constexpr auto kExpansionVp = [] {
        std::array<uint8_t, 1u << kExpansions> t{};
        for (unsigned set = 0; set < t.size(); ++set)
            for (int e = 0; e < kExpansions; ++e)
                if (set & (1u << e)) t[set] = static_cast<uint8_t>(t[set] + expansion_vp(static_cast<Expansion>(e)));
        return t;
    }();
    return static_cast<int>(p.settlements.size()) + 2 * p.cities + p.roads / 2 + p.knights / 2 +
           kExpansionVp[p.expansions & ((1u << kExpansions) - 1)];
}

int other_seats_vp_max(const State& s, int seat) {
    int best = 0;
    for (int i = 0; i < s.players; ++i)
        if (i != seat) best = std::max(best, vp(s, i));
    return best;
}

Cards build_cost(const Ruleset& rules, Building b, int expansion) {
    Cards c = rules.cost[bi(b)];
    if (b == Building::Expansion && expansion == static_cast<int>(Expansion::TownHall)) c.add(rules.town_hall_extra);
    return c;
}

bool payment_valid(const Cards& cost, const Cards& pay, bool university, bool& uses_university) {
    // Paying p of a resource towards c of it: d directly (d <= min(c, p)), the other p - d = 3t + e
    // as t triples and e university cards. The payment balances iff sum(c - d - t - e) = 0, that is
    // sum(t) = (P - C) / 2 for the totals P paid and C owed; for each resource the feasible t form
    // an interval (see payments.cpp), so their sum is an interval too.
    if (!pay.nonnegative() || !cost.nonnegative()) return false;
    uses_university = false;
    if (pay[0] == cost[0] && pay[1] == cost[1] && pay[2] == cost[2] && pay[3] == cost[3] && pay[4] == cost[4])
        return true;  // every card paid directly
    int diff = 0, lo = 0, hi = 0, missing_e0 = 0, only = -1;
    std::array<int, kResources> lo0{}, hi0{}, lo1{}, hi1{};
    for (int r = 0; r < kResources; ++r) {
        const int c = cost[r], p = pay[r], q = p > c ? p - c : 0;
        diff += p - c;
        lo0[r] = (q + 2) / 3;  // e = 0: 3t in [q, p]
        hi0[r] = p / 3;
        lo1[r] = (q + 1) / 3;  // e = 1: 3t + 1 in [q, p]
        hi1[r] = p >= 1 ? (p - 1) / 3 : -1;
        if (lo0[r] <= hi0[r]) {
            lo += lo0[r];
            hi += hi0[r];
        } else {
            missing_e0 += 1;
            only = r;
        }
    }
    uses_university = false;
    if (diff < 0 || diff % 2 != 0) return false;
    const int t = diff / 2;
    if (missing_e0 == 0 && lo <= t && t <= hi) return true;  // without the university
    if (!university || missing_e0 > 1) return false;
    // One resource pays one card through the university (SFC-9.9).
    for (int r = 0; r < kResources; ++r) {
        if (lo1[r] > hi1[r] || (missing_e0 == 1 && r != only)) continue;
        const int l = missing_e0 == 1 ? lo + lo1[r] : lo - lo0[r] + lo1[r];
        const int h = missing_e0 == 1 ? hi + hi1[r] : hi - hi0[r] + hi1[r];
        if (l <= t && t <= h) {
            uses_university = true;
            return true;
        }
    }
    return false;
}

int victim_for(const State& s, int seat, Building b) {
    if (s.players == 2) {  // SFC-7.8
        const int o = 1 - seat;
        return takeable(s.p[o], b) ? o : -1;
    }
    const int step = s.clockwise ? 1 : s.players - 1;  // clockwise: the next seat on the left (SFC-7.6)
    auto next = [&](int o) {  // (o + step) % players, without a division
        o += step;
        return o >= s.players ? o - s.players : o;
    };
    for (int i = 1, o = next(seat); i < s.players; ++i, o = next(o))
        if (takeable(s.p[o], b)) return o;
    return -1;
}

State new_game(int players, int first, std::shared_ptr<const Ruleset> rules, uint64_t seed) {
    State s;
    s.rules = rules;
    s.players = players;
    s.first = first;
    s.rng = make_rng(seed);
    const Ruleset& t = *rules;
    // SFC-2: building cards by player count.
    s.road_stack = in_play(t.roads, players);
    s.knight_stack = in_play(t.knights, players);
    for (int e = 0; e < kCityEvents; ++e) {
        const std::array<int, kMarks> by_mark{t.settlements[Unmarked][e], t.settlements[Mark3][e],
                                              t.settlements[Mark4][e]};
        for (int i = in_play(by_mark, players); i > 0; --i) s.settlement_stack.push_back(static_cast<CityEvent>(e));
    }
    shuffle(s.rng, s.settlement_stack.data(), static_cast<int>(s.settlement_stack.size()));  // SFC-3.2
    s.expansion_stack = t.expansions;
    // SFC-3.5: deck and market.
    s.deck.reserve(kResourceTotal);
    for (int r = 0; r < kResources; ++r)
        for (int i = 0; i < kResourceCopies[r]; ++i) s.deck.push_back(static_cast<uint8_t>(r));
    shuffle(s.rng, s.deck.data(), static_cast<int>(s.deck.size()));
    s.market = draw_cards(s, 5, nullptr);
    // SFC-3.6, SFC-3.8: starting hands, settlement and road.
    for (int i = 0; i < players; ++i) {
        s.p[i].hand = draw_cards(s, 3, nullptr);
        s.p[i].settlements.push_back(s.settlement_stack.back());
        s.settlement_stack.pop_back();
        s.p[i].roads = 1;
        s.road_stack -= 1;
    }
    s.clockwise = true;  // SFC-3.7
    start_turn(s, first, nullptr);
    return s;
}


std::vector<int> awaiting(const State& s) {
    std::vector<int> out;
    if (s.phase == Phase::Over) return out;
    if (s.phase == Phase::Discard) {
        for (int i = 0; i < s.players; ++i)
            if (s.discard_due[i] > 0) out.push_back(i);
        return out;
    }
    out.push_back(s.turn);
    return out;
}

void legal_moves(const State& s, int seat, std::vector<Move>& out) {
    out.clear();
    if (s.phase == Phase::Over || seat < 0 || seat >= s.players) return;
    const Player& me = s.p[seat];
    if (s.phase == Phase::Discard) {
        if (s.discard_due[seat] == 0) return;
        each_submultiset(me.hand, s.discard_due[seat], [&](const Cards& c) {
            Move m;
            m.kind = MoveKind::Discard;
            m.cards = c;
            out.push_back(m);
        });
        return;
    }
    if (seat != s.turn) return;
    auto guild_moves = [&] {
        if (!me.owns(Expansion::MerchantGuild) || s.guild_used) return;
        const int mine = vp(s, seat);
        for (int o = 0; o < s.players; ++o)
            if (o != seat && s.p[o].hand.total() > 0 && vp(s, o) >= mine) {
                Move m;
                m.kind = MoveKind::Guild;
                m.opponent = static_cast<int8_t>(o);
                out.push_back(m);
            }
    };
    switch (s.phase) {
        case Phase::Trade: {
            out.push_back(Move{});  // EndTrade
            const int max_deck = std::min(s.trades_left, me.hand.total());
            for (int k = 1; k <= max_deck; ++k)
                each_submultiset(me.hand, k, [&](const Cards& c) {
                    Move m;
                    m.kind = MoveKind::TradeDeck;
                    m.cards = c;
                    out.push_back(m);
                });
            if (!s.deck_only && s.trades_left > 0) {
                for (int g = 0; g < kResources; ++g)
                    if (me.hand[g] > 0)
                        for (int t = 0; t < kResources; ++t)
                            if (s.market[t] > 0 && t != g) {  // a card for the same resource changes nothing
                                Move m;
                                m.kind = MoveKind::TradeMarket;
                                m.give = static_cast<int8_t>(g);
                                m.take = static_cast<int8_t>(t);
                                out.push_back(m);
                            }
                const bool library = me.owns(Expansion::Library) && !s.library_used;
                for (int o = 0; o < s.players; ++o) {
                    if (o == seat) continue;
                    const int kmax = std::min(s.trades_left, s.p[o].hand.total());
                    for (int k = 1; k <= kmax; ++k)
                        for (int lib = 0; lib <= (library ? 1 : 0); ++lib) {
                            Move m;
                            m.kind = MoveKind::TradePlayer;
                            m.opponent = static_cast<int8_t>(o);
                            m.count = static_cast<int8_t>(k);
                            m.flag = lib == 1;
                            out.push_back(m);
                        }
                }
            }
            guild_moves();
            return;
        }
        case Phase::GiveBack:
            each_submultiset(me.hand, s.trade_count, [&](const Cards& c) {
                Move m;
                m.kind = MoveKind::GiveBack;
                m.cards = c;
                out.push_back(m);
            });
            return;
        case Phase::LibraryPick:
            for (int r = 0; r < kResources; ++r)
                if (s.p[s.trade_opponent].hand[r] > 0) {
                    Move m;
                    m.kind = MoveKind::LibraryPick;
                    m.take = static_cast<int8_t>(r);
                    out.push_back(m);
                }
            return;
        case Phase::Build: {
            Move end;
            end.kind = MoveKind::EndBuild;
            out.push_back(end);
            const std::vector<Cards>* pays = nullptr;
            Cards last_cost;
            const bool university = me.owns(Expansion::University) && !s.university_used;
            for (int b = 0; b < kBuildings; ++b) {
                if (s.built & (1u << b)) continue;
                const Building bt = static_cast<Building>(b);
                const int variants = bt == Building::Expansion ? kExpansions : 1;
                for (int v = 0; v < variants; ++v) {
                    if (!can_place(s, seat, bt, v, 0, nullptr)) continue;
                    const Cards cost = build_cost(*s.rules, bt, v);
                    if (!pays || !(cost == last_cost)) {  // expansions mostly share one cost
                        pays = &payments_of(cost, me.hand, university);
                        last_cost = cost;
                    }
                    const int flips = bt == Building::Settlement && destiny_in_use(s) ? 2 : 1;
                    for (const Cards& pay : *pays)
                        for (int flip = 0; flip < flips; ++flip) {
                            Move m;
                            m.kind = MoveKind::Build;
                            m.building = bt;
                            m.expansion = static_cast<int8_t>(bt == Building::Expansion ? v : -1);
                            m.flag = flip == 1;
                            m.cards = pay;
                            out.push_back(m);
                        }
                }
            }
            guild_moves();
            return;
        }
        default: return;
    }
}

namespace {
// kBitCount[mask]: set bits of a 5-bit mask (std::popcount may be a library call).
constexpr auto kBitCount = [] {
    std::array<int8_t, 1u << kResources> t{};
    for (unsigned mask = 0; mask < t.size(); ++mask)
        for (int r = 0; r < kResources; ++r) t[mask] = static_cast<int8_t>(t[mask] + ((mask >> r) & 1u));
    return t;
}();
// kNthBit[mask][i]: the i-th lowest set bit of a 5-bit mask (-1 past the last).
constexpr auto kNthBit = [] {
    std::array<std::array<int8_t, kResources>, 1u << kResources> t{};
    for (unsigned mask = 0; mask < t.size(); ++mask) {
        int i = 0;
        for (auto& v : t[mask]) v = -1;
        for (int r = 0; r < kResources; ++r)
            if (mask & (1u << r)) t[mask][i++] = static_cast<int8_t>(r);
    }
    return t;
}();
}  // namespace

Move random_legal_move(const State& s, int seat, Rng& rng) {
    // Same order as legal_moves: count the moves, draw an index, build only that move.
    Move m;
    if (s.phase == Phase::Over || seat < 0 || seat >= s.players) return m;
    const Player& me = s.p[seat];
    SubmultisetCounts subs;
    auto pick = [&](uint32_t n) { return uniform(rng, n); };
    auto guild_count = [&](int* seats) {
        int n = 0;
        if (!me.owns(Expansion::MerchantGuild) || s.guild_used) return 0;
        const int mine = vp(s, seat);
        for (int o = 0; o < s.players; ++o)
            if (o != seat && s.p[o].hand.total() > 0 && vp(s, o) >= mine) seats[n++] = o;
        return n;
    };
    auto guild_move = [&](int o) {
        m.kind = MoveKind::Guild;
        m.opponent = static_cast<int8_t>(o);
    };
    if (s.phase == Phase::Discard || s.phase == Phase::GiveBack) {
        if (s.phase == Phase::Discard && s.discard_due[seat] == 0) return m;
        if (s.phase == Phase::GiveBack && seat != s.turn) return m;
        count_submultisets(me.hand, s.phase == Phase::Discard ? s.discard_due[seat] : s.trade_count, subs);
        m.kind = s.phase == Phase::Discard ? MoveKind::Discard : MoveKind::GiveBack;
        m.cards = nth_submultiset(me.hand, subs, pick(subs.at(0, subs.k)));
        return m;
    }
    if (seat != s.turn) return m;
    int guild_seats[kMaxPlayers];
    switch (s.phase) {
        case Phase::Trade: {
            const int max_deck = std::min(s.trades_left, me.hand.total());
            uint32_t deck = 0;
            bool tabled = false;
            if (max_deck > 5) {
                count_submultisets(me.hand, max_deck, subs);
                tabled = true;
                // ways[0][k] for every k <= max_deck comes from the same table
                for (int k = 1; k <= max_deck; ++k) deck += subs.at(0, k);
            } else if (max_deck > 0) {
                // Sub-multisets of k <= 5 cards by the shape of k (how many of one resource, of a
                // second, ...), from n[j]: the resources held at least j times. For 3 cards:
                // {a,b,c} C(n1,3), {a,a,b} n2 (n1 - 1), {a,a,a} n3.
                std::array<uint32_t, 6> n{};
                for (int r = 0; r < kResources; ++r)
                    for (int j = 1; j <= 5; ++j) n[j] += me.hand[r] >= j;
                static constexpr uint8_t kChoose[6][6] = {{1, 0, 0, 0, 0, 0},  {1, 1, 0, 0, 0, 0},
                                                           {1, 2, 1, 0, 0, 0},  {1, 3, 3, 1, 0, 0},
                                                           {1, 4, 6, 4, 1, 0},  {1, 5, 10, 10, 5, 1}};
                auto choose = [](uint32_t x, uint32_t k) -> uint32_t { return kChoose[x][k]; };  // x <= 5
                const uint32_t n1 = n[1], n2 = n[2], n3 = n[3], n4 = n[4], n5 = n[5];
                const uint32_t o1 = n1 > 0 ? n1 - 1 : 0;  // resources besides one held
                deck = n1;
                if (max_deck >= 2) deck += choose(n1, 2) + n2;
                if (max_deck >= 3) deck += choose(n1, 3) + n2 * o1 + n3;
                if (max_deck >= 4) deck += choose(n1, 4) + n2 * choose(o1, 2) + choose(n2, 2) + n3 * o1 + n4;
                if (max_deck >= 5)
                    deck += choose(n1, 5) + n2 * choose(o1, 3) + choose(n2, 2) * (n1 >= 2 ? n1 - 2 : 0) +
                            n3 * choose(o1, 2) + n3 * (n2 > 0 ? n2 - 1 : 0) + n4 * o1 + n5;
            }
            uint32_t market = 0, players = 0;
            int gives = 0, takes = 0;
            unsigned give_mask = 0, take_mask = 0;  // bit r: resource r held / in the market
            const bool library = me.owns(Expansion::Library) && !s.library_used;
            const int libs = library ? 2 : 1;
            std::array<int, kMaxPlayers> kmax{};
            if (!s.deck_only && s.trades_left > 0) {
                for (int r = 0; r < kResources; ++r) {
                    give_mask |= static_cast<unsigned>(me.hand[r] > 0) << r;
                    take_mask |= static_cast<unsigned>(s.market[r] > 0) << r;
                }
                gives = kBitCount[give_mask];
                takes = kBitCount[take_mask];
                // Every (give, take) pair but a card for the same resource (a no-op swap).
                market = static_cast<uint32_t>(gives * takes - kBitCount[give_mask & take_mask]);
                for (int o = 0; o < s.players; ++o) {  // every seat, then the mover's own taken off
                    kmax[o] = std::min(s.trades_left, s.p[o].hand.total());
                    players += static_cast<uint32_t>(kmax[o] * libs);
                }
                players -= static_cast<uint32_t>(kmax[seat] * libs);
                kmax[seat] = 0;
            }
            const int guilds = guild_count(guild_seats);
            uint32_t i = pick(1 + deck + market + players + static_cast<uint32_t>(guilds));
            if (i == 0) return m;  // EndTrade
            i -= 1;
            if (i < deck) {
                if (!tabled) count_submultisets(me.hand, max_deck, subs);
                int k = 1;
                while (i >= subs.at(0, k)) i -= subs.at(0, k++);
                subs.k = k;  // the table holds every size up to max_deck
                m.kind = MoveKind::TradeDeck;
                m.cards = nth_submultiset(me.hand, subs, i);
                return m;
            }
            i -= deck;
            if (i < market) {
                // The i-th pair in the legal list's order (give, then take; at most 20 pairs).
                m.kind = MoveKind::TradeMarket;
                for (int g = 0; g < gives; ++g) {
                    const int give = kNthBit[give_mask][g];
                    const uint32_t row = static_cast<uint32_t>(takes) - ((take_mask >> give) & 1u);
                    if (i >= row) {
                        i -= row;
                        continue;
                    }
                    for (int t = 0; t < takes; ++t) {
                        const int take = kNthBit[take_mask][t];
                        if (take == give) continue;
                        if (i-- == 0) {
                            m.give = static_cast<int8_t>(give);
                            m.take = static_cast<int8_t>(take);
                            return m;
                        }
                    }
                }
            }
            i -= market;
            if (i < players) {
                for (int o = 0; o < s.players; ++o) {
                    const uint32_t here = static_cast<uint32_t>(kmax[o] * libs);
                    if (i >= here) {
                        i -= here;
                        continue;
                    }
                    m.kind = MoveKind::TradePlayer;
                    m.opponent = static_cast<int8_t>(o);
                    // libs is 1 or 2
                    m.count = static_cast<int8_t>(1 + (libs == 2 ? i >> 1 : i));
                    m.flag = libs == 2 && (i & 1) == 1;
                    return m;
                }
            }
            i -= players;
            guild_move(guild_seats[i]);
            return m;
        }
        case Phase::LibraryPick: {
            const Cards& h = s.p[s.trade_opponent].hand;
            int n = 0;
            for (int r = 0; r < kResources; ++r) n += h[r] > 0;
            int i = static_cast<int>(pick(static_cast<uint32_t>(n)));
            m.kind = MoveKind::LibraryPick;
            for (int r = 0; r < kResources; ++r)
                if (h[r] > 0 && i-- == 0) m.take = static_cast<int8_t>(r);
            return m;
        }
        case Phase::Build: {
            // The groups of legal_moves' order: building type, expansion type; for each, its
            // payments (times 2 for a settlement's destiny flip). The payment count comes first:
            // it is mostly 0 and cheap to see, can_place may look at every opponent.
            struct Group {
                Cards cost;
                uint32_t pays;
                int8_t building, expansion;
                int flips;
                int id;  // BuildCounts' cost slot
            };
            std::array<Group, kBuildings + kExpansions> groups;
            int ng = 0;
            uint32_t total = 1;  // EndBuild
            const Ruleset& rules = *s.rules;
            const bool university = me.owns(Expansion::University) && !s.university_used;
            const int held = me.hand.total();
            const int most = std::max({me.hand[0], me.hand[1], me.hand[2], me.hand[3], me.hand[4]});
            // Small hands without the university are answered at once (payment_count): no memo.
            thread_local BuildCounts memo;
            uint64_t* known = university || most >= 3 ? memo.slot(s.rules, me.hand, university) : nullptr;
            auto payment_count = [&](int id, const Cards& cost) -> uint32_t {
                if (known) {
                    const uint32_t n = BuildCounts::get(known, id);
                    if (n != BuildCounts::kUnknown) return n;
                }
                const uint32_t n = struggle::payment_count(cost, me.hand, university, held, most);
                if (known && n < BuildCounts::kUnknown) BuildCounts::put(known, id, n);
                return n;
            };
            auto add = [&](Building bt, int v, const Cards& cost, uint32_t pays) {
                const int flips = bt == Building::Settlement && destiny_in_use(s) ? 2 : 1;
                const int id = bt == Building::Expansion && v == static_cast<int>(Expansion::TownHall) ? kBuildings
                                                                                                     : bi(bt);
                groups[ng++] = Group{cost, pays, static_cast<int8_t>(bt),
                                     static_cast<int8_t>(bt == Building::Expansion ? v : -1), flips, id};
                total += pays * static_cast<uint32_t>(flips);
            };
            for (int b = 0; b < kBuildings - 1; ++b) {
                if (s.built & (1u << b)) continue;
                const Building bt = static_cast<Building>(b);
                const Cards& cost = rules.cost[b];
                const uint32_t pays = payment_count(b, cost);
                if (pays == 0 || !can_place(s, seat, bt, 0, 0, nullptr)) continue;
                add(bt, 0, cost, pays);
            }
            if (!(s.built & (1u << bi(Building::Expansion))) && me.cities > 0) {
                const Cards& plain = rules.cost[bi(Building::Expansion)];
                int64_t plain_pays = -1;  // not counted yet
                for (int v = 0; v < kExpansions; ++v) {
                    if (me.owns(static_cast<Expansion>(v)) || s.expansion_stack[v] == 0) continue;  // can_place
                    if (v == static_cast<int>(Expansion::TownHall)) {
                        const Cards cost = build_cost(rules, Building::Expansion, v);
                        if (const uint32_t pays = payment_count(kBuildings, cost))
                            add(Building::Expansion, v, cost, pays);
                        continue;
                    }
                    if (plain_pays < 0) plain_pays = payment_count(bi(Building::Expansion), plain);
                    if (plain_pays > 0) add(Building::Expansion, v, plain, static_cast<uint32_t>(plain_pays));
                }
            }
            const int guilds = guild_count(guild_seats);
            uint32_t i = pick(total + static_cast<uint32_t>(guilds));
            if (i == 0) {
                m.kind = MoveKind::EndBuild;
                return m;
            }
            i -= 1;
            for (int gi = 0; gi < ng; ++gi) {
                const Group& g = groups[gi];
                const uint32_t here = g.pays * static_cast<uint32_t>(g.flips);
                if (i >= here) {
                    i -= here;
                    continue;
                }
                m.kind = MoveKind::Build;
                m.building = static_cast<Building>(g.building);
                m.expansion = g.expansion;
                // flips is 1 or 2
                m.flag = g.flips == 2 && (i & 1) == 1;
                const uint32_t j = g.flips == 2 ? i >> 1 : i;
                m.cards = known ? memo.nth(known, g.id, j, [&] { return nth_payment(g.cost, me.hand, university, j); })
                                : nth_payment(g.cost, me.hand, university, j);
                return m;
            }
            guild_move(guild_seats[i]);  // the groups' sizes are already taken off
            return m;
        }
        default: return m;
    }
}

namespace {
// check(), also telling a valid Build whether its payment uses the university (act needs it).
inline std::optional<Refusal> check_move(const State& s, int seat, const Move& m, bool& uses_university);
}  // namespace

std::optional<Refusal> check(const State& s, int seat, const Move& m) {
    bool univ = false;
    return check_move(s, seat, m, univ);
}

namespace {
[[gnu::always_inline]] inline std::optional<Refusal> check_move(const State& s, int seat, const Move& m, bool& uses_university) {
    if (s.phase == Phase::Over) return refuse("SFC-11.3", "the game is over");
    if (seat < 0 || seat >= s.players) return refuse("SFC-4.1", "not a seat in this game");
    const Player& me = s.p[seat];
    if (s.phase == Phase::Discard) {
        if (m.kind != MoveKind::Discard)
            return refuse("SFC-8.7", "a brigand attack is being resolved: players over 7 cards discard first");
        if (s.discard_due[seat] == 0) return refuse("SFC-8.7", "you owe no discards");
        if (!m.cards.nonnegative() || m.cards.total() != s.discard_due[seat])
            return refuse("SFC-8.7", "discard exactly " + std::to_string(s.discard_due[seat]) + " cards");
        if (!me.hand.contains(m.cards)) return refuse("SFC-8.7", "you can only discard cards from your hand");
        return std::nullopt;
    }
    if (m.kind == MoveKind::Discard) return refuse("SFC-8.7", "there is no brigand attack to discard for");
    if (seat != s.turn) return refuse("SFC-4.2", "it is not your turn");
    const bool trade_step = s.phase == Phase::Trade;
    switch (m.kind) {
        case MoveKind::EndTrade:
            if (!trade_step) return refuse("SFC-4.1", "the trade step is not in progress");
            return std::nullopt;
        case MoveKind::TradeDeck: {
            if (!trade_step) return refuse("SFC-4.1", "trades happen in the trade step");
            const int k = m.cards.total();
            if (!m.cards.nonnegative() || k < 1) return refuse("SFC-5.4", "give at least one card to the deck");
            if (k > s.trades_left)
                return refuse(s.deck_only ? "SFC-5.2" : "SFC-5.3", "this trade exceeds your trade allowance left (" +
                                                                       std::to_string(s.trades_left) + ")");
            if (!me.hand.contains(m.cards)) return refuse("SFC-5.8", "you do not hold the cards to give");
            return std::nullopt;
        }
        case MoveKind::TradeMarket:
            if (!trade_step) return refuse("SFC-4.1", "trades happen in the trade step");
            if (s.deck_only) return refuse("SFC-5.2", "with no road you may only trade 1 card with the deck");
            if (s.trades_left < 1) return refuse("SFC-5.3", "your trade allowance is used up");
            if (m.give < 0 || m.give >= kResources || m.take < 0 || m.take >= kResources)
                return refuse("SFC-5.5", "name the resource to give and the one to take");
            if (me.hand[m.give] < 1) return refuse("SFC-5.8", "you do not hold the card to give");
            if (s.market[m.take] < 1) return refuse("SFC-5.5", "the market has no such card");
            return std::nullopt;
        case MoveKind::TradePlayer:
            if (!trade_step) return refuse("SFC-4.1", "trades happen in the trade step");
            if (s.deck_only) return refuse("SFC-5.2", "with no road you may only trade 1 card with the deck");
            if (m.opponent < 0 || m.opponent >= s.players || m.opponent == seat)
                return refuse("SFC-5.6", "choose an opponent to trade with");
            if (m.count < 1) return refuse("SFC-5.6", "trade at least one card");
            if (m.count > s.trades_left) return refuse("SFC-5.3", "this trade exceeds your trade allowance left");
            if (m.count > s.p[m.opponent].hand.total())
                return refuse("SFC-5.8", "the opponent does not hold that many cards");
            if (m.flag && !me.owns(Expansion::Library)) return refuse("SFC-9.8", "you have no library");
            if (m.flag && s.library_used) return refuse("SFC-9.8", "the library works once per turn");
            return std::nullopt;
        case MoveKind::GiveBack:
            if (s.phase != Phase::GiveBack) return refuse("SFC-5.6", "there is no player trade to give back for");
            if (!m.cards.nonnegative() || m.cards.total() != s.trade_count)
                return refuse("SFC-5.6", "give back exactly " + std::to_string(s.trade_count) + " cards");
            if (!me.hand.contains(m.cards)) return refuse("SFC-5.6", "you can only give back cards from your hand");
            return std::nullopt;
        case MoveKind::LibraryPick:
            if (s.phase != Phase::LibraryPick) return refuse("SFC-9.8", "you are not looking at a hand");
            if (m.take < 0 || m.take >= kResources || s.p[s.trade_opponent].hand[m.take] < 1)
                return refuse("SFC-9.8", "pick a card the opponent holds");
            return std::nullopt;
        case MoveKind::Guild: {
            if (s.phase != Phase::Trade && s.phase != Phase::Build)
                return refuse("SFC-9.10", "the merchant guild is used in your trade or build step");
            if (!me.owns(Expansion::MerchantGuild)) return refuse("SFC-9.10", "you have no merchant guild");
            if (s.guild_used) return refuse("SFC-9.10", "the merchant guild works once per turn");
            if (m.opponent < 0 || m.opponent >= s.players || m.opponent == seat)
                return refuse("SFC-9.10", "choose an opponent");
            if (vp(s, m.opponent) < vp(s, seat))
                return refuse("SFC-9.10", "the opponent must have at least as many VP as you");
            if (s.p[m.opponent].hand.total() == 0) return refuse("SFC-9.10", "the opponent has no cards");
            return std::nullopt;
        }
        case MoveKind::Build: {
            if (s.phase != Phase::Build) return refuse("SFC-4.1", "building happens in the build step, after trading");
            if (s.built & (1u << bi(m.building)))
                return refuse("SFC-6.3", std::string("you already built a ") +
                                             std::string(kBuildingNames[bi(m.building)]) + " this turn");
            std::optional<Refusal> why;
            if (!can_place(s, seat, m.building, m.expansion, m.settlement, &why)) return why;
            if (m.flag && m.building != Building::Settlement)
                return refuse("SFC-8.3", "only a settlement lets you turn the destiny card");
            if (m.flag && !destiny_in_use(s)) return refuse("SFC-8.9", "there is no destiny card with 2 players");
            if (!m.cards.nonnegative() || !me.hand.contains(m.cards))
                return refuse("SFC-6.1", "you do not hold the cards you offer as payment");
            if (!payment_valid(build_cost(*s.rules, m.building, m.expansion), m.cards,
                               me.owns(Expansion::University) && !s.university_used, uses_university))
                return refuse("SFC-6.2", "the payment does not match the cost (3 identical cards may replace one)");
            return std::nullopt;
        }
        case MoveKind::EndBuild:
            if (s.phase != Phase::Build) return refuse("SFC-4.1", "the build step is not in progress");
            return std::nullopt;
        default: return refuse("", "unknown move");
    }
}

}  // namespace

std::optional<Refusal> act(State& s, int seat, const Move& m, std::vector<EventRec>* log) {
    bool univ = false;
    if (auto r = check_move(s, seat, m, univ)) return r;
    Player& me = s.p[seat];
    switch (m.kind) {
        case MoveKind::Discard:
            me.hand.remove(m.cards);
            s.discard.add(m.cards);
            public_loss(s, seat, m.cards);
            s.discard_due[seat] = 0;
            log_event(log, EventRec{EventKind::Discarded, seat, -1, m.cards, m.cards.total(), -1});
            if (std::all_of(s.discard_due.begin(), s.discard_due.end(), [](int d) { return d == 0; })) {
                s.phase = Phase::Build;
                flip_destiny(s, log);  // SFC-8.7: then the destiny card must be turned
            }
            break;
        case MoveKind::EndTrade: s.phase = Phase::Build; break;
        case MoveKind::TradeDeck: {
            const int k = m.cards.total();
            me.hand.remove(m.cards);
            s.discard.add(m.cards);
            public_loss(s, seat, m.cards);
            s.trades_left -= k;
            log_event(log, EventRec{EventKind::TradedDeck, seat, -1, m.cards, k, -1});
            draw_to_hand(s, seat, k, 0, log);
            break;
        }
        case MoveKind::TradeMarket: {
            me.hand[m.give] -= 1;
            s.market[m.give] += 1;
            s.market[m.take] -= 1;
            me.hand[m.take] += 1;
            // One card each way, public (public_loss / public_gain of a single card).
            for (int t = 0; t < s.players; ++t) {
                int& k = s.known[t][seat][m.give];
                k = std::max(0, k - 1);
                s.known[t][seat][m.take] += 1;
            }
            s.known[seat][seat][m.take] -= 1;  // every seat but the mover's own row (no branch per seat)
            s.trades_left -= 1;
            if (log) {
                Cards g;
                g[m.give] = 1;
                log_event(log, EventRec{EventKind::TradedMarket, seat, -1, g, m.take, m.give});
            }
            break;
        }
        case MoveKind::TradePlayer:
            s.trades_left -= m.count;
            s.trade_opponent = m.opponent;
            s.trade_count = m.count;
            s.trade_drawn = Cards{};
            if (m.flag) {
                s.library_used = true;
                // SFC-9.8: the hand is laid face up (攤牌): every player at the table sees it.
                for (int t = 0; t < s.players; ++t)
                    if (t != m.opponent) s.known[t][m.opponent] = s.p[m.opponent].hand;
                s.phase = Phase::LibraryPick;
                log_event(log, EventRec{EventKind::LibraryLook, seat, m.opponent, s.p[m.opponent].hand, m.count, -1});
            } else {
                blind_draws(s, seat, m.opponent, m.count, s.trade_drawn);
                s.phase = Phase::GiveBack;
                log_event(log, EventRec{EventKind::DrewFrom, seat, m.opponent, s.trade_drawn, m.count, 0});
            }
            break;
        case MoveKind::LibraryPick: {
            private_transfer(s, s.trade_opponent, seat, m.take);
            s.trade_drawn[m.take] += 1;
            Cards rest;
            blind_draws(s, seat, s.trade_opponent, s.trade_count - 1, rest);
            s.trade_drawn.add(rest);
            s.phase = Phase::GiveBack;
            log_event(log, EventRec{EventKind::DrewFrom, seat, s.trade_opponent, s.trade_drawn, s.trade_count, 1});
            break;
        }
        case MoveKind::GiveBack: {
            const int o = s.trade_opponent;
            for (int r = 0; r < kResources; ++r) {  // card by card, summed up
                const int k = m.cards[r];
                me.hand[r] -= k;
                s.p[o].hand[r] += k;
                s.known[o][seat][r] = std::max(0, s.known[o][seat][r] - k);
                s.known[seat][o][r] += k;
            }
            {  // every seat but the two, without a branch per seat: their rows are put back
                const Cards mine = s.known[seat][seat], theirs = s.known[o][seat];
                const int given = m.cards.total();
                for (int t = 0; t < s.players; ++t) unseen_loss(s, t, seat, given);
                s.known[seat][seat] = mine;
                s.known[o][seat] = theirs;
            }
            log_event(log, EventRec{EventKind::GaveBack, seat, o, m.cards, m.cards.total(), -1});
            s.trade_opponent = -1;
            s.trade_count = 0;
            s.trade_drawn = Cards{};
            s.phase = Phase::Trade;
            break;
        }
        case MoveKind::Guild: {
            Cards got;
            blind_draws(s, seat, m.opponent, 1, got);
            s.guild_used = true;
            log_event(log, EventRec{EventKind::Guild, seat, m.opponent, got, 1, -1});
            break;
        }
        case MoveKind::Build: {
            apply_build(s, seat, m, univ, log);  // univ: from check_move's payment check
            break;
        }
        case MoveKind::EndBuild: {
            // SFC-10.1: the draw step, 2 cards plus 1 per A-side knight.
            draw_to_hand(s, seat, 2 + me.a_knights(), 1, log);
            start_turn(s, seat + 1 < s.players ? seat + 1 : 0, log);  // SFC-4.2
            break;
        }
    }
    return std::nullopt;
}

State determinize(const State& src, int seat, uint64_t seed) {
    State s = src;
    s.rng = make_rng(seed);
    // Resource cards the seat cannot place: the deck and the other hands beyond what it knows.
    Cards pool;
    for (uint8_t r : s.deck) pool[r] += 1;
    std::array<Cards, kMaxPlayers> base{};
    for (int x = 0; x < s.players; ++x) {
        if (x == seat) continue;
        pool.add(s.p[x].hand);
        base[x] = seat >= 0 ? s.known[seat][x] : Cards{};
    }
    // A hand laid face up for the library's look (SFC-9.8) is known to everybody, spectators too.
    if (s.phase == Phase::LibraryPick && s.trade_opponent >= 0 && s.trade_opponent != seat)
        base[s.trade_opponent] = s.p[s.trade_opponent].hand;
    for (int x = 0; x < s.players; ++x)
        if (x != seat) pool.remove(base[x]);
    std::vector<uint8_t> cards;
    cards.reserve(pool.total());
    for (int r = 0; r < kResources; ++r)
        for (int i = 0; i < pool[r]; ++i) cards.push_back(static_cast<uint8_t>(r));
    shuffle(s.rng, cards.data(), static_cast<int>(cards.size()));
    size_t next = 0;
    for (int x = 0; x < s.players; ++x) {
        if (x == seat) continue;
        Cards h = base[x];
        const int size = s.p[x].hand.total();
        while (h.total() < size) h[cards[next++]] += 1;
        s.p[x].hand = h;
    }
    s.deck.assign(cards.begin() + static_cast<long>(next), cards.end());
    // What other seats knew may not hold in the new deal; keep only what still does.
    for (int t = 0; t < s.players; ++t)
        for (int x = 0; x < s.players; ++x)
            for (int r = 0; r < kResources; ++r) s.known[t][x][r] = std::min(s.known[t][x][r], s.p[x].hand[r]);
    if (s.trade_opponent >= 0 && seat != s.turn && seat != s.trade_opponent) {
        const int k = s.trade_drawn.total();
        s.trade_drawn = Cards{};
        for (int r = 0, left = k; r < kResources && left > 0; ++r) {
            const int c = std::min(left, s.p[s.turn].hand[r]);
            s.trade_drawn[r] = c;
            left -= c;
        }
    }
    // City sides nobody has seen (SFC-3.9): the stack and every settlement in play.
    std::vector<CityEvent> sides = s.settlement_stack;
    for (int x = 0; x < s.players; ++x) sides.insert(sides.end(), s.p[x].settlements.begin(), s.p[x].settlements.end());
    shuffle(s.rng, sides.data(), static_cast<int>(sides.size()));
    size_t k = 0;
    for (auto& e : s.settlement_stack) e = sides[k++];
    for (int x = 0; x < s.players; ++x)
        for (auto& e : s.p[x].settlements) e = sides[k++];
    return s;
}

Cards all_resource_cards(const State& s) {
    Cards c = s.discard;
    c.add(s.market);
    for (uint8_t r : s.deck) c[r] += 1;
    for (int i = 0; i < s.players; ++i) c.add(s.p[i].hand);
    return c;
}

}  // namespace hexhall::struggle
