// Bank and harbor trades, and the domestic trade negotiation (CAT-9, HK-7).
#include "engine/rules_internal.hpp"

namespace hexhall::catan::detail {

std::array<uint8_t, kResourceTypes> bank_rates(const GameState& s, int seat) {
    // As harbor_rate() for each resource, from one read of the harbor bits.
    const unsigned h = s.players[seat].harbors_usable;
    const uint8_t any = (h & 1u) ? 3 : 4;
    std::array<uint8_t, kResourceTypes> r{};
    for (int i = 0; i < kResourceTypes; ++i)
        r[i] = (h >> static_cast<int>(specific_harbor(static_cast<Resource>(i)))) & 1u ? uint8_t{2} : any;
    return r;
}

bool bank_trade_decomposes(const std::array<uint8_t, kResourceTypes>& rates, const ResourceCounts& give,
                           const ResourceCounts& get) {
    int singles = 0;
    for (int i = 0; i < kResourceTypes; ++i) {
        if (give[i] % rates[i]) return false;
        singles += give[i] / rates[i];
    }
    return singles > 0 && singles == total_of(get);
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

Result execute_trade(GameState& s, int partner, const ResourceCounts& give, const ResourceCounts& get, EventList* ev) {
    PlayerState& me = s.players[s.active];
    PlayerState& other = s.players[partner];
    if (!covers(me.hand, give)) return rejected("CAT-9.8", "the active player no longer holds the cards offered");
    if (!covers(other.hand, get)) return rejected("CAT-9.8", "the other player no longer holds the cards asked for");
    if (s.options.ruleset == Ruleset::HK2024) {
        if (hk_gift(s, partner, give, get)) return rejected("HK-7.3", "over this turn's trades with this player, one side only gives (a gift)");
        if (bank_trade_decomposes(bank_rates(s, s.active), give, get) && covers(s.bank, get))
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

Result apply_trade(GameState& s, const Action& a, EventList* ev) {
    switch (a.type) {
        case ActionType::BankTrade: {
            if (Result r = check_trade_time(s, a); !r) return r;
            if (Result r = check_terms(a.give, a.get); !r) return r;
            PlayerState& p = s.players[a.seat];
            if (!covers(p.hand, a.give)) return rejected("CAT-9.8", "cannot give cards not in hand");
            const auto rates = bank_rates(s, a.seat);
            if (!bank_trade_decomposes(rates, a.give, a.get)) {
                // Name the most specific rule the player's rates come from.
                for (int i = 0; i < kResourceTypes; ++i)
                    if (a.give[i] && rates[i] == 2) return rejected("CAT-9.11", "give exactly 2 of the harbor's resource per card");
                for (int i = 0; i < kResourceTypes; ++i)
                    if (a.give[i] && rates[i] == 3) return rejected("CAT-9.10", "give exactly 3 of one type per card at a 3:1 harbor");
                return rejected("CAT-9.9", "the bank trades 4 of one type for 1 card");
            }
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
            if (Result r = check_terms(a.give, a.get); !r) return r;
            if (!covers(s.players[a.seat].hand, a.give)) return rejected("CAT-9.8", "cannot offer cards not in hand");
            const uint8_t opponents = static_cast<uint8_t>(all_seats(s) & ~seat_bit(a.seat));
            if (a.targets == 0 || (a.targets & ~opponents)) return rejected("CAT-9.2", "offer to one or more opponents");
            const uint16_t id = static_cast<uint16_t>(s.offer.id + 1);
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
            if (!s.offer.open) return rejected("CAT-9.8", "there is no open offer");
            if (a.seat == s.active || !(s.offer.targets & seat_bit(a.seat)))
                return rejected("CAT-9.2", "the offer is not addressed to this player");
            if (!after_roll_phase(s.phase)) return rejected("CAT-9.1", "offers wait while the robber or a card is resolved");
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
            if (a.seat != s.active) return rejected("CAT-9.2", "only the active player confirms a trade");
            if (!s.offer.open) return rejected("CAT-9.8", "there is no open offer");
            if (s.phase == Phase::Build) return rejected("CAT-6.2", "the trade phase is over once building has begun");
            if (!is_trade_or_main(s.phase)) return rejected("CAT-9.1", "trades wait while the robber or a card is resolved");
            if (a.target < 0 || a.target >= s.options.players) return rejected("CAT-9.8", "confirm with one player");
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
