// Ladder check (CAT-9.8): a bot that answers every offer with a greedy counter-offer cannot farm the
// heuristic bot. The heuristic bot judges a counter-offer as it judges an offer (games/catan/docs/bots.md).
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "games/catan/bots/bot.hpp"
#include "games/catan/bots/bot_game.hpp"
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/view.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::bots;

namespace {

// Plays like the heuristic bot, except that it never accepts an offer: it counters every offer it
// can, asking the offerer for twice the cards offered for the same cards in return.
class GreedyCounterBot final : public Bot {
public:
    explicit GreedyCounterBot(uint64_t seed) : inner_(make_bot("heuristic", seed)) {}
    Action decide(const SeatView& v, const LegalActions& la) override {
        if (v.seat != v.active && v.offer.open && la.counter_offer && covers(v.player[v.seat].hand, v.offer.get)) {
            Action c;
            c.type = ActionType::CounterOffer;
            c.seat = static_cast<uint8_t>(v.seat);
            c.offer = v.offer.id;
            c.get = v.offer.get;  // terms from the active player's side: it still gets what it asked for
            for (int r = 0; r < kResourceTypes; ++r) c.give[r] = static_cast<uint8_t>(2 * v.offer.give[r]);
            return c;
        }
        return inner_->decide(v, la);
    }
    const char* name() const override { return "greedy-counter"; }

private:
    std::unique_ptr<Bot> inner_;
};

struct Tally {
    int games = 0, finished = 0;
    int heuristic_wins = 0, greedy_wins = 0;
    int counters = 0;                 // counter-offers made by the greedy bot
    int counter_trades = 0;           // counter-offers the heuristic bot carried out
    int lopsided_counter_trades = 0;  // of those, the heuristic bot gave more cards than it got
};

}  // namespace

TEST_CASE("CAT-9.8 ladder: a greedy-counter bot does not farm the heuristic bot by trading", "[bots][ladder][CAT-9.8]") {
    Tally t;
    constexpr int kGames = 40;
    for (int g = 0; g < kGames; ++g) {
        GameOptions opt;
        opt.players = 4;
        opt.map = MapKind::Random;
        if (g % 2) opt.mode = TradeBuildMode::Classic;
        const uint64_t seed = 7000 + static_cast<uint64_t>(g);
        GameState s;
        REQUIRE(new_game(opt, seed, s));
        // Greedy-counter bots in two seats, alternating which two.
        std::vector<std::unique_ptr<Bot>> owned;
        std::vector<bool> greedy(4);
        for (int i = 0; i < 4; ++i) {
            greedy[i] = (i + g) % 2 == 1;
            owned.push_back(greedy[i] ? std::unique_ptr<Bot>(std::make_unique<GreedyCounterBot>(seed * 11 + i))
                                      : make_bot("heuristic", seed * 11 + i));
        }
        ProgressGuard guard(50);
        LegalActions la;
        EventList ev;
        for (int decisions = 0; s.phase != Phase::GameOver && decisions < 20000 && !guard.stalled(s); ++decisions) {
            const int seat = bot_decider(s);
            REQUIRE(seat >= 0);
            legal_actions(s, seat, la);
            const Action a = owned[seat]->decide(make_view(s, seat), la);
            const GameState before = s;
            ev.clear();
            const Result r = apply(s, a, &ev);
            INFO("seat " << seat << " " << action_name(a.type) << ": " << r.rule << " " << r.message);
            REQUIRE(r.ok);
            guard.note(s, a);
            if (a.type == ActionType::CounterOffer && greedy[seat]) ++t.counters;
            if (a.type == ActionType::ConfirmTrade && !greedy[a.seat] && greedy[a.target] &&
                before.offer.response[a.target] == OfferResponse::Countered) {
                ++t.counter_trades;
                if (total_of(before.offer.counter_give[a.target]) > total_of(before.offer.counter_get[a.target]))
                    ++t.lopsided_counter_trades;
            }
        }
        ++t.games;
        if (s.phase == Phase::GameOver) {
            ++t.finished;
            (greedy[s.winner] ? t.greedy_wins : t.heuristic_wins) += 1;
        }
    }
    WARN("counter ladder: " << t.games << " games, " << t.finished << " finished; wins heuristic " << t.heuristic_wins
                            << ", greedy-counter " << t.greedy_wins << "; greedy counters " << t.counters
                            << ", carried out " << t.counter_trades << ", lopsided " << t.lopsided_counter_trades);
    CHECK(t.counters > 50);  // the greedy bot really tried
    CHECK(t.lopsided_counter_trades == 0);
    CHECK(t.counter_trades == 0);  // twice the cards for the same return never helps the heuristic bot
    CHECK(t.greedy_wins <= t.heuristic_wins);
}
