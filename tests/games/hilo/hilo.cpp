#include "tests/games/hilo/hilo.hpp"

#include "core/action_shape.hpp"
#include "core/random_bot.hpp"

#include <algorithm>
#include <atomic>

namespace hexhall::test::hilo {

namespace {

using core::Event;
using core::json;
using core::Rejection;

constexpr int kHand = 3;

// The core generator's splitmix64 with the remainder draw (core/random.hpp), as the game always drew.
using Rng = core::SplitMix64;

class HiLo final : public core::GameRules {
public:
    HiLo(int players, uint64_t seed) : players_(players), hands_(players), scores_(players, 0) {
        for (int c = 1; c <= 12; ++c) deck_.insert(deck_.end(), {c, c});
        Rng rng{seed};
        core::shuffle_by_remainder(rng, deck_.data(), static_cast<int>(deck_.size()));
        for (int i = 0; i < kHand; ++i)
            for (auto& h : hands_) h.push_back(draw());
    }

    std::unique_ptr<core::GameRules> clone() const override { return std::make_unique<HiLo>(*this); }
    int seats() const override { return players_; }
    json options() const override { return {{"players", players_}}; }
    bool over() const override {
        return std::all_of(hands_.begin(), hands_.end(), [](const auto& h) { return h.empty(); });
    }
    core::Outcome outcome() const override {
        core::Outcome o;
        o.scores = scores_;
        const int best = *std::max_element(scores_.begin(), scores_.end());
        for (int p = 0; p < players_; ++p)
            if (scores_[p] == best) o.winners.push_back(p);
        return o;
    }
    std::vector<int> awaiting() const override {
        if (over()) return {};
        return {turn_};
    }
    std::vector<json> legal_actions(int seat) const override {
        std::vector<json> out;
        if (over() || seat != turn_) return out;
        std::vector<int> cards = hands_[seat];
        std::sort(cards.begin(), cards.end());
        cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
        for (int c : cards) out.push_back({{"type", "play"}, {"card", c}});
        return out;
    }
    std::optional<Rejection> act(int seat, const json& action, std::vector<Event>& events) override {
        std::vector<int64_t> v;
        if (auto bad = core::check_action_type(action)) return bad;
        if (action["type"] != "play") return core::unknown_action_type(action["type"].get<std::string>(), "play");
        if (auto bad = core::check_int_members(action, {{"card", -1000, 1000}}, v)) return bad;
        if (over() || seat != turn_) return Rejection{"TST-1", "it is not your turn"};
        const int card = action["card"].get<int>();
        auto& hand = hands_[seat];
        auto it = std::find(hand.begin(), hand.end(), card);
        if (it == hand.end()) return Rejection{"TST-2", "that card is not in your hand"};
        hand.erase(it);
        const bool scored = card > pile_;  // TST-3
        if (scored) ++scores_[seat];
        pile_ = card;
        events.push_back({{{"type", "played"}, {"seat", seat}, {"card", card}, {"scored", scored}}, core::kEveryone});
        if (!deck_.empty()) {
            const int drawn = draw();
            hand.push_back(drawn);
            // The card drawn: to its player only; the others learn that a card was drawn.
            events.push_back({{{"type", "drew"}, {"seat", seat}, {"card", drawn}}, core::seat_bit(seat)});
            events.push_back({{{"type", "drew"}, {"seat", seat}}, core::kEveryone & ~core::seat_bit(seat)});
        }
        for (int i = 1; i <= players_; ++i) {  // the next player who still has cards
            const int next = (turn_ + i) % players_;
            if (!hands_[next].empty()) {
                turn_ = next;
                break;
            }
        }
        return std::nullopt;
    }
    json view(int seat) const override {
        json sizes = json::array();
        for (const auto& h : hands_) sizes.push_back(h.size());
        json v = {{"deck", deck_.size()}, {"handSizes", sizes},  {"pile", pile_},
                  {"scores", scores_},    {"turn", turn_},       {"over", over()}};
        if (seat >= 0 && seat < players_) {
            std::vector<int> hand = hands_[seat];
            std::sort(hand.begin(), hand.end());  // the order of a hand is nobody's business
            v["hand"] = hand;
        }
        return v;
    }
    std::unique_ptr<core::GameRules> determinize(int seat, uint64_t seed) const override {
        auto copy = std::make_unique<HiLo>(*this);
        std::vector<int> pool = deck_;
        for (int p = 0; p < players_; ++p)
            if (p != seat) pool.insert(pool.end(), hands_[p].begin(), hands_[p].end());
        Rng rng{seed};
        core::shuffle_by_remainder(rng, pool.data(), static_cast<int>(pool.size()));
        size_t at = 0;
        for (int p = 0; p < players_; ++p)
            if (p != seat)
                for (int& c : copy->hands_[p]) c = pool[at++];
        for (int& c : copy->deck_) c = pool[at++];
        return copy;
    }

private:
    int draw() {
        const int c = deck_.back();
        deck_.pop_back();
        return c;
    }

    int players_;
    std::vector<int> deck_;
    std::vector<std::vector<int>> hands_;
    std::vector<int> scores_;
    int pile_ = 0;
    int turn_ = 0;
};

// Plays the lowest card that scores, else its lowest card.
class GreedyBot final : public core::RulesBot {
public:
    json decide(const core::GameRules& g, int seat) override {
        const std::vector<json> legal = g.legal_actions(seat);
        if (legal.empty()) return json();
        const int pile = g.view(seat).at("pile").get<int>();
        for (const json& a : legal)
            if (a.at("card").get<int>() > pile) return a;
        return legal.front();
    }
    const char* name() const override { return "greedy"; }
};

std::atomic<int> created{0};

std::unique_ptr<core::GameRules> create(const json& options, uint64_t seed, std::string& error) {
    created.fetch_add(1);
    int players = 2;
    if (!options.is_object()) return error = "options must be an object", nullptr;
    for (auto& [key, value] : options.items()) {
        if (key != "players") return error = "unknown option \"" + key + "\"", nullptr;
        if (!value.is_number_integer() || value.get<int64_t>() < 2 || value.get<int64_t>() > 4)
            return error = "\"players\" must be 2, 3 or 4", nullptr;
        players = value.get<int>();
    }
    return std::make_unique<HiLo>(players, seed);
}

std::unique_ptr<core::RulesBot> make_bot(std::string_view name, uint64_t seed) {
    if (name == "random") return core::make_random_bot(seed, core::RandomDraw::Remainder);
    if (name == "greedy") return std::make_unique<GreedyBot>();
    return nullptr;
}

}  // namespace

int games_created() { return created.load(); }

const core::RulesModule& module() {
    static const core::RulesModule m{"hilo", "Hi-Lo (test game)", 2, 4, {"random", "greedy"}, "greedy", &create,
                                     &make_bot, core::GameType{}};  // sequential, imperfect, chance
    return m;
}

}  // namespace hexhall::test::hilo
