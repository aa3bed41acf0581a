// Bank and harbor trades, and the domestic trade negotiation (CAT-9, HK-7).
#include "games/catan/engine/rules_internal.hpp"

namespace hexhall::catan::detail {

std::array<uint8_t, kResourceTypes> bank_rates(const GameState& s, int seat) {
    // As harbor_rate() for each resource, by table over the six harbor bits (computed once).
    static const auto table = [] {
        std::array<std::array<uint8_t, kResourceTypes>, 64> out{};
        for (unsigned h = 0; h < 64; ++h) {
            const uint8_t any = (h & 1u) ? 3 : 4;
            for (int i = 0; i < kResourceTypes; ++i)
                out[h][i] = (h >> static_cast<int>(specific_harbor(static_cast<Resource>(i)))) & 1u ? uint8_t{2} : any;
        }
        return out;
    }();
    return table[s.players[seat].harbors_usable & 63u];
}

BankRateSets bank_rate_sets(const GameState& s, int seat) {
    const unsigned h = s.players[seat].harbors_usable;
    BankRateSets r{};
    for (int i = 0; i < kResourceTypes; ++i) {
        r[i] = 1u << 4;                    // CAT-9.9: 4:1 always
        if (h & 1u) r[i] |= 1u << 3;       // CAT-9.10: a 3:1 harbor, for every type
        if ((h >> static_cast<int>(specific_harbor(static_cast<Resource>(i)))) & 1u) r[i] |= 1u << 2;  // CAT-9.11
    }
    return r;
}

namespace {
// Bit k set: `n` cards of one type split exactly into k groups, each of a size in `rates` (bit r = rate r).
uint64_t single_trade_counts(unsigned rates, int n) {
    if (n == 0) return 1;
    if (n > 2 * 62) return 0;  // more cards than any hand holds
    uint64_t out = 0;
    for (int twos = 0; 2 * twos <= n; ++twos) {
        if (twos && !(rates & 4u)) break;
        for (int threes = 0; 2 * twos + 3 * threes <= n; ++threes) {
            if (threes && !(rates & 8u)) break;
            const int rest = n - 2 * twos - 3 * threes;
            if (rest % 4 || (rest && !(rates & 16u))) continue;
            const int k = twos + threes + rest / 4;
            if (k < 64) out |= uint64_t{1} << k;
        }
    }
    return out;
}
}  // namespace

bool bank_trade_decomposes(const BankRateSets& rates, const ResourceCounts& give, const ResourceCounts& get) {
    // Reachable numbers of single trades over the types given so far (bit k = k singles).
    // A type not given (counts == 1: zero singles) leaves `reach` as it is; otherwise shift by each
    // possible count (the set bits only).
    uint64_t reach = 1;
    for (int i = 0; i < kResourceTypes; ++i) {
        if (give[i] == 0) continue;
        uint64_t next = 0;
        for (uint64_t counts = single_trade_counts(rates[i], give[i]); counts; counts &= counts - 1)
            next |= reach << std::countr_zero(counts);
        reach = next;
    }
    const int want = total_of(get);
    return want > 0 && want < 64 && (reach >> want & 1u);
}

namespace {
bool same_type_both_sides(const ResourceCounts& a, const ResourceCounts& b) {
    for (int i = 0; i < kResourceTypes; ++i)
        if (a[i] && b[i]) return true;
    return false;
}

Result check_terms(const ResourceCounts& give, const ResourceCounts& get) {
    if (total_of(give) == 0 || total_of(get) == 0) return rejected("CAT-9.4", "each side must give at least one card");
    if (same_type_both_sides(give, get)) return rejected("CAT-9.5", "a trade may not have the same resource on both sides");
    return accepted();
}

Result check_trade_time(const GameState& s, const Action& a) {
    if (a.seat != s.active) return rejected("CAT-9.2", "only the active player trades with the bank or proposes trades");
    if (s.phase == Phase::PreRoll) return rejected("CAT-6.4", "no trading before the roll");
    if (s.phase == Phase::Build) return rejected("CAT-6.2", "the trade phase is over once building has begun");
    if (!is_trade_or_main(s.phase)) return rejected("CAT-9.1", "trading happens after the roll is resolved");
    return accepted();
}

// HK-7.3: the net of all trades between the active player and `partner` this turn may not be one-sided.
bool hk_gift(const GameState& s, int partner, const ResourceCounts& give, const ResourceCounts& get) {
    int pos = 0, neg = 0;
    for (int i = 0; i < kResourceTypes; ++i) {
        const int n = s.hk_net[partner][i] + give[i] - get[i];
        pos += n > 0;
        neg += n < 0;
    }
    return (pos > 0) != (neg > 0);
}

// The offer an answer or confirmation names is the open one (0: whichever is open).
bool offer_is_open(const GameState& s, uint16_t id) { return s.offer.open && (id == 0 || id == s.offer.id); }
Result offer_closed() {
    Result r = rejected("CAT-9.8", "that offer is no longer open (withdrawn, carried out, or replaced by a newer one)");
    r.code = "offer_closed";
    return r;
}

Result execute_trade(GameState& s, int partner, const ResourceCounts& give, const ResourceCounts& get, EventList* ev) {
    PlayerState& me = s.players[s.active];
    PlayerState& other = s.players[partner];
    if (!covers(me.hand, give)) return rejected("CAT-9.8", "the active player no longer holds the cards offered");
    if (!covers(other.hand, get)) return rejected("CAT-9.8", "the other player no longer holds the cards asked for");
    if (s.options.ruleset == Ruleset::HK2024) {
        if (hk_gift(s, partner, give, get)) return rejected("HK-7.3", "over this turn's trades with this player, one side only gives (a gift)");
        if (bank_trade_decomposes(bank_rate_sets(s, s.active), give, get) && covers(s.bank, get))
            return rejected("HK-7.5", "the active player could make exactly this trade with the bank");
        for (int i = 0; i < kResourceTypes; ++i)
            s.hk_net[partner][i] = static_cast<int8_t>(s.hk_net[partner][i] + give[i] - get[i]);
    }
    transfer(me.hand, other.hand, give);
    transfer(other.hand, me.hand, get);
    Event e = make_event(EventType::TradeExecuted, s.active);
    e.other = static_cast<int8_t>(partner);
    e.cards = give;
    e.cards2 = get;
    emit(ev, e);
    close_offer(s);
    return accepted();
}
}  // namespace

// When an action breaks several rules, the first of these checks that fails names the rule (the most
// specific one first; docs/protocol.md "Which rule an error names"). Answers and confirmations are
// first checked against the open offer: naming another is offer_closed (a race), whoever sends it.
//   1. who may take this action at all (CAT-9.2: the active player; an addressed opponent),
//   2. when (CAT-6.4 before the roll, CAT-6.2 after building, CAT-9.1 while a roll or card resolves),
//   3. the parties (CAT-9.2) and one answer per seat (CAT-9.8),
//   4. the terms themselves (CAT-9.4, CAT-9.5, then the bank rates CAT-9.9..9.11, CAT-9.14),
//   5. the cards: each side holds what it gives (CAT-9.8), the bank holds what it gives (CAT-9.12),
//   6. HK-7.3 and HK-7.5, judged when a player trade is carried out (HK-7.7).
Result apply_trade(GameState& s, const Action& a, EventList* ev) {
    switch (a.type) {
        case ActionType::BankTrade: {
            if (Result r = check_trade_time(s, a); !r) return r;
            if (Result r = check_terms(a.give, a.get); !r) return r;
            const auto rates = bank_rate_sets(s, a.seat);
            if (!bank_trade_decomposes(rates, a.give, a.get)) {
                // Name the most specific rule the player's rates come from.
                for (int i = 0; i < kResourceTypes; ++i)
                    if (a.give[i] && (rates[i] & 4u))
                        return rejected("CAT-9.11", "give 2 of the 2:1 harbor's resource (or 4, or 3 at a 3:1 harbor) per card taken");
                for (int i = 0; i < kResourceTypes; ++i)
                    if (a.give[i] && (rates[i] & 8u))
                        return rejected("CAT-9.10", "give 3 of one type (or 4) per card taken at a 3:1 harbor");
                return rejected("CAT-9.9", "the bank trades 4 of one type for 1 card");
            }
            PlayerState& p = s.players[a.seat];
            if (!covers(p.hand, a.give)) return rejected("CAT-9.8", "cannot give cards not in hand");
            if (!covers(s.bank, a.get)) return rejected("CAT-9.12", "the bank does not hold the card asked for");
            transfer(p.hand, s.bank, a.give);
            transfer(s.bank, p.hand, a.get);
            Event e = make_event(EventType::BankTraded, a.seat);
            e.cards = a.give;
            e.cards2 = a.get;
            emit(ev, e);
            return accepted();
        }
        case ActionType::OfferTrade: {
            if (Result r = check_trade_time(s, a); !r) return r;
            const uint8_t opponents = static_cast<uint8_t>(all_seats(s) & ~seat_bit(a.seat));
            if (a.targets == 0 || (a.targets & ~opponents)) return rejected("CAT-9.2", "offer to one or more opponents");
            if (Result r = check_terms(a.give, a.get); !r) return r;
            if (!covers(s.players[a.seat].hand, a.give)) return rejected("CAT-9.8", "cannot offer cards not in hand");
            uint16_t id = static_cast<uint16_t>(s.offer.id + 1);
            if (id == 0) id = 1;  // 0 is never an offer's id (Action::offer)
            s.offer = TradeOffer{};
            s.offer.open = true;
            s.offer.id = id;
            s.offer.give = a.give;
            s.offer.get = a.get;
            s.offer.targets = a.targets;
            Event e = make_event(EventType::TradeOffered, a.seat);
            e.cards = a.give;
            e.cards2 = a.get;
            e.value = a.targets;
            emit(ev, e);
            return accepted();
        }
        case ActionType::AcceptOffer:
        case ActionType::RejectOffer:
        case ActionType::CounterOffer: {
            if (!offer_is_open(s, a.offer)) return offer_closed();  // a race, whoever sends it
            if (a.seat == s.active) return rejected("CAT-9.2", "the active player does not answer their own offer");
            if (!(s.offer.targets & seat_bit(a.seat))) return rejected("CAT-9.2", "the offer is not addressed to this player");
            if (!after_roll_phase(s.phase)) return rejected("CAT-9.1", "offers wait while the robber or a card is resolved");
            if (s.offer.response[a.seat] != OfferResponse::None)
                return rejected("CAT-9.8", "this player has already answered this offer");
            Event e = make_event(EventType::TradeRejected, a.seat);
            if (a.type == ActionType::AcceptOffer) {
                if (!covers(s.players[a.seat].hand, s.offer.get)) return rejected("CAT-9.8", "cannot accept without the cards asked for");
                s.offer.response[a.seat] = OfferResponse::Accepted;
                e.type = EventType::TradeAccepted;
            } else if (a.type == ActionType::RejectOffer) {
                s.offer.response[a.seat] = OfferResponse::Rejected;
            } else {
                if (Result r = check_terms(a.give, a.get); !r) return r;
                if (!covers(s.players[a.seat].hand, a.get)) return rejected("CAT-9.8", "cannot counter with cards not in hand");
                s.offer.response[a.seat] = OfferResponse::Countered;
                s.offer.counter_give[a.seat] = a.give;
                s.offer.counter_get[a.seat] = a.get;
                e.type = EventType::TradeCountered;
                e.cards = a.give;
                e.cards2 = a.get;
            }
            emit(ev, e);
            return accepted();
        }
        case ActionType::ConfirmTrade: {
            if (!offer_is_open(s, a.offer)) return offer_closed();  // a race, whoever sends it
            if (a.seat != s.active) return rejected("CAT-9.2", "only the active player confirms a trade");
            if (s.phase == Phase::Build) return rejected("CAT-6.2", "the trade phase is over once building has begun");
            if (!is_trade_or_main(s.phase)) return rejected("CAT-9.1", "trades wait while the robber or a card is resolved");
            if (a.target < 0 || a.target >= s.options.players || a.target == a.seat)
                return rejected("CAT-9.2", "confirm with one opponent");
            const auto resp = s.offer.response[a.target];
            if (resp == OfferResponse::Accepted) return execute_trade(s, a.target, s.offer.give, s.offer.get, ev);
            if (resp == OfferResponse::Countered)
                return execute_trade(s, a.target, s.offer.counter_give[a.target], s.offer.counter_get[a.target], ev);
            return rejected("CAT-9.8", "that player has not agreed to these terms");
        }
        case ActionType::WithdrawOffer: {
            if (a.seat != s.active) return rejected("CAT-9.2", "only the active player withdraws an offer");
            if (!s.offer.open) return rejected("CAT-9.8", "there is no open offer");
            close_offer(s);
            emit(ev, make_event(EventType::TradeWithdrawn, a.seat));
            return accepted();
        }
        default:
            return rejected("CAT-9.1", "not a trade action");
    }
}

}  // namespace hexhall::catan::detail
