#include "tests/games/goofspiel/goofspiel.hpp"

#include "core/action_shape.hpp"
#include "core/random_bot.hpp"

#include <algorithm>

namespace hexhall::test::goofspiel {

namespace {

using core::Event;
using core::json;
using core::Rejection;

// The core generator's splitmix64 with the remainder draw (core/random.hpp), as the game always drew.
using Rng = core::SplitMix64;

constexpr int kNoBid = 0;

class Goofspiel final : public core::GameRules {
public:
    Goofspiel(int players, int cards, uint64_t seed, bool leaky)
        : players_(players), cards_(cards), leaky_(leaky), hands_(players), bids_(players, kNoBid), scores_(players, 0) {
        for (int c = 1; c <= cards; ++c) prizes_.push_back(c);
        Rng rng{seed};
        core::shuffle_by_remainder(rng, prizes_.data(), static_cast<int>(prizes_.size()));
        for (auto& h : hands_)
            for (int c = 1; c <= cards; ++c) h.push_back(c);
    }

    std::unique_ptr<core::GameRules> clone() const override { return std::make_unique<Goofspiel>(*this); }
    int seats() const override { return players_; }
    json options() const override { return {{"players", players_}, {"cards", cards_}}; }
    bool over() const override { return prizes_.empty(); }
    core::Outcome outcome() const override {
        core::Outcome o;
        o.scores = scores_;
        const int best = *std::max_element(scores_.begin(), scores_.end());
        for (int p = 0; p < players_; ++p)
            if (scores_[p] == best) o.winners.push_back(p);
        return o;
    }
    std::vector<int> awaiting() const override {
        std::vector<int> out;
        if (over()) return out;
        for (int p = 0; p < players_; ++p)
            if (bids_[p] == kNoBid) out.push_back(p);
        return out;
    }
    std::vector<json> legal_actions(int seat) const override {
        std::vector<json> out;
        if (over() || seat < 0 || seat >= players_ || bids_[seat] != kNoBid) return out;
        for (int c : hands_[seat]) out.push_back({{"type", "bid"}, {"card", c}});
        return out;
    }
    std::optional<Rejection> act(int seat, const json& action, std::vector<Event>& events) override {
        std::vector<int64_t> v;
        if (auto bad = core::check_action_type(action)) return bad;
        if (action["type"] != "bid") return core::unknown_action_type(action["type"].get<std::string>(), "bid");
        if (auto bad = core::check_int_members(action, {{"card", -1000, 1000}}, v)) return bad;
        if (over() || seat < 0 || seat >= players_ || bids_[seat] != kNoBid)
            return Rejection{"GSP-1", "you have already bid this round"};
        const int card = action["card"].get<int>();
        auto& hand = hands_[seat];
        auto it = std::find(hand.begin(), hand.end(), card);
        if (it == hand.end()) return Rejection{"GSP-2", "that card is not in your hand"};
        hand.erase(it);
        bids_[seat] = card;
        // The bid: its card to the bidder only; the others learn that the seat has bid.
        if (leaky_) {
            events.push_back({{{"type", "bid"}, {"seat", seat}, {"card", card}}, core::kEveryone});
        } else {
            events.push_back({{{"type", "bid"}, {"seat", seat}, {"card", card}}, core::seat_bit(seat)});
            events.push_back({{{"type", "bid"}, {"seat", seat}}, core::kEveryone & ~core::seat_bit(seat)});
        }
        if (std::find(bids_.begin(), bids_.end(), kNoBid) == bids_.end()) resolve(events);
        return std::nullopt;
    }
    json view(int seat) const override {
        json hands = json::array(), bid = json::array();
        for (int p = 0; p < players_; ++p) {
            // Public: the cards not yet revealed (a secret bid is still among them) and who has bid.
            std::vector<int> h = hands_[p];
            if (bids_[p] != kNoBid) h.push_back(bids_[p]);
            std::sort(h.begin(), h.end());
            hands.push_back(h);
            bid.push_back(bids_[p] != kNoBid);
        }
        json v = {{"prize", over() ? json() : json(prizes_.back())},
                  {"prizesLeft", prizes_.size()},
                  {"cards", hands},
                  {"hasBid", bid},
                  {"scores", scores_},
                  {"lastRound", last_round_},
                  {"over", over()}};
        if (seat >= 0 && seat < players_) v["myBid"] = bids_[seat] == kNoBid ? json() : json(bids_[seat]);
        return v;
    }
    std::unique_ptr<core::GameRules> determinize(int seat, uint64_t seed) const override {
        auto copy = std::make_unique<Goofspiel>(*this);
        Rng rng{seed};
        // The prizes under the top one: hidden from everybody.
        if (copy->prizes_.size() > 1) {
            std::vector<int> under(copy->prizes_.begin(), copy->prizes_.end() - 1);
            core::shuffle_by_remainder(rng, under.data(), static_cast<int>(under.size()));
            std::copy(under.begin(), under.end(), copy->prizes_.begin());
        }
        // Another seat's secret bid: any card of the cards it has not revealed.
        for (int p = 0; p < players_; ++p) {
            if (p == seat || bids_[p] == kNoBid) continue;
            std::vector<int> pool = hands_[p];
            pool.push_back(bids_[p]);
            std::sort(pool.begin(), pool.end());
            const size_t pick = rng.remainder(pool.size());
            copy->bids_[p] = pool[pick];
            pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(pick));
            copy->hands_[p] = pool;
        }
        return copy;
    }

private:
    void resolve(std::vector<Event>& events) {  // GSP-3
        const int prize = prizes_.back();
        prizes_.pop_back();
        const int best = *std::max_element(bids_.begin(), bids_.end());
        json winner = nullptr;
        if (std::count(bids_.begin(), bids_.end(), best) == 1) {
            const int w = static_cast<int>(std::find(bids_.begin(), bids_.end(), best) - bids_.begin());
            scores_[w] += prize;
            winner = w;
        }
        last_round_ = {{"prize", prize}, {"bids", bids_}, {"winner", winner}};
        events.push_back({{{"type", "revealed"}, {"prize", prize}, {"bids", bids_}, {"winner", winner}}, core::kEveryone});
        std::fill(bids_.begin(), bids_.end(), kNoBid);
        if (!prizes_.empty()) events.push_back({{{"type", "prize"}, {"card", prizes_.back()}}, core::kEveryone});
    }

    int players_, cards_;
    bool leaky_;
    std::vector<int> prizes_;  // the top (turned up) at the back
    std::vector<std::vector<int>> hands_;
    std::vector<int> bids_;    // this round's secret bids (kNoBid: not yet)
    std::vector<int> scores_;
    json last_round_ = nullptr;
};

// Bids the card equal to the prize (every hand holds each value once until it is spent), else its
// lowest card.
class MatchingBot final : public core::RulesBot {
public:
    json decide(const core::GameRules& g, int seat) override {
        const std::vector<json> legal = g.legal_actions(seat);
        if (legal.empty()) return json();
        const json prize = g.view(seat).at("prize");
        for (const json& a : legal)
            if (a.at("card") == prize) return a;
        return legal.front();
    }
    const char* name() const override { return "matching"; }
};

std::unique_ptr<core::GameRules> create_game(const json& options, uint64_t seed, std::string& error, bool leaky) {
    int players = 2, cards = 13;
    if (!options.is_object()) return error = "options must be an object", nullptr;
    for (auto& [key, value] : options.items()) {
        if (key == "players") {
            if (!value.is_number_integer() || value.get<int64_t>() < 2 || value.get<int64_t>() > 4)
                return error = "\"players\" must be 2, 3 or 4", nullptr;
            players = value.get<int>();
        } else if (key == "cards") {
            if (!value.is_number_integer() || value.get<int64_t>() < 3 || value.get<int64_t>() > 13)
                return error = "\"cards\" must be 3 to 13", nullptr;
            cards = value.get<int>();
        } else {
            return error = "unknown option \"" + key + "\"", nullptr;
        }
    }
    return std::make_unique<Goofspiel>(players, cards, seed, leaky);
}
std::unique_ptr<core::GameRules> create(const json& options, uint64_t seed, std::string& error) {
    return create_game(options, seed, error, false);
}
std::unique_ptr<core::GameRules> create_leaky(const json& options, uint64_t seed, std::string& error) {
    return create_game(options, seed, error, true);
}

std::unique_ptr<core::RulesBot> make_bot(std::string_view name, uint64_t seed) {
    if (name == "random") return core::make_random_bot(seed, core::RandomDraw::Remainder);
    if (name == "matching") return std::make_unique<MatchingBot>();
    return nullptr;
}

constexpr core::GameType kType{core::GameType::Dynamics::Simultaneous, core::GameType::Information::Imperfect, true};

}  // namespace

const core::RulesModule& module() {
    static const core::RulesModule m{"goofspiel", "Goofspiel (test game)", 2, 4, {"random", "matching"}, "matching",
                                     &create, &make_bot, kType};
    return m;
}

const core::RulesModule& leaky_module() {
    static const core::RulesModule m{"goofspiel", "Goofspiel with a planted leak (test game)", 2, 4, {"random", "matching"},
                                     "matching", &create_leaky, &make_bot, kType};
    return m;
}

}  // namespace hexhall::test::goofspiel
