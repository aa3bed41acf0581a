// HK-10: equipment and conduct. The engine enforces what it can: fixed components (HK-10.1), each seat
// knows only its own hidden information (HK-10.2, HK-10.3), nothing against the rules is accepted
// (HK-10.4), poor play is never punished (HK-10.5), and the referee's warnings (HK-10.6, HK-10.7).
#include <catch2/catch.hpp>

#include <initializer_list>
#include <utility>
#include <string>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/geometry.hpp"
#include "games/catan/engine/position.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/view.hpp"

#include "support.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::test;

namespace {

Action warn(int seat) { return act(ActionType::Warn, seat); }

Position hk_position() {
    Position pos;
    pos.options = hk_options();
    pos.phase = Phase::Main;
    return pos;
}

// Every field of the state a rejected action could touch.
bool same_state(const GameState& a, const GameState& b) {
    for (int i = 0; i < 4; ++i)
        if (a.rng.s[i] != b.rng.s[i]) return false;
    for (int i = 0; i < kMaxPlayers; ++i) {
        const PlayerState &p = a.players[i], &q = b.players[i];
        if (p.hand != q.hand || p.dev_cards != q.dev_cards || p.dev_bought_now != q.dev_bought_now ||
            p.knights_played != q.knights_played || p.roads_left != q.roads_left ||
            p.settlements_left != q.settlements_left || p.cities_left != q.cities_left ||
            p.settlements != q.settlements || p.cities != q.cities || !(p.roads == q.roads) ||
            p.harbors != q.harbors || p.harbors_usable != q.harbors_usable || p.road_length != q.road_length ||
            p.discard_owed != q.discard_owed || p.warnings != q.warnings || p.disqualified != q.disqualified)
            return false;
    }
    return a.bank == b.bank && a.deck == b.deck && a.deck_next == b.deck_next && a.robber == b.robber &&
           a.occupied == b.occupied && a.all_roads == b.all_roads && a.phase == b.phase &&
           a.resume_phase == b.resume_phase && a.active == b.active && a.turn == b.turn &&
           a.setup_step == b.setup_step && a.setup_settlement == b.setup_settlement && a.rolled == b.rolled &&
           a.dev_played == b.dev_played && a.dice[0] == b.dice[0] && a.dice[1] == b.dice[1] &&
           a.road_building_left == b.road_building_left && a.longest_road_holder == b.longest_road_holder &&
           a.longest_road_bar == b.longest_road_bar && a.starting_seat == b.starting_seat &&
           a.end_turn_after_discards == b.end_turn_after_discards &&
           a.largest_army_holder == b.largest_army_holder && a.winner == b.winner && a.offer == b.offer &&
           a.hk_net == b.hk_net && a.actions_applied == b.actions_applied && a.board == b.board;
}

// Plays one random legal action (ending the HK map-study period when needed).
void random_step(GameState& s, Rng& rng, LegalActions& la, EventList* ev) {
    if (s.phase == Phase::MapStudy) {
        REQUIRE(apply(s, act(ActionType::BeginPlacement, 0), ev));
        return;
    }
    REQUIRE(apply(s, random_legal_action(s, next_decider(s), rng, la), ev));
}

GameState new_hk_game(uint64_t seed) {
    GameState s;
    REQUIRE(new_game(hk_options(), seed, s));
    return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// HK-10.1 components

TEST_CASE("HK-10.1 components are fixed and conserved for the whole game", "[HK-10.1][HK-0.4]") {
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        INFO("seed " << seed);
        GameState s = new_hk_game(seed);
        const Board board = s.board;
        const auto deck = s.deck;
        std::array<int, kDevCardTypes> deck_count{};
        for (DevCard c : deck) ++deck_count[static_cast<int>(c)];
        REQUIRE(deck_count == std::array<int, kDevCardTypes>{14, 2, 2, 2, 5});
        Rng rng = make_rng(seed + 100);
        LegalActions la;
        int progress_played = 0;
        for (int n = 0; n < 30000 && s.phase != Phase::GameOver; ++n) {
            EventList ev;
            random_step(s, rng, la, &ev);
            for (const Event& e : ev)
                if (e.type == EventType::DevCardPlayed && e.card != DevCard::Knight) ++progress_played;
            // 19 of each resource, in the bank or in hands; nothing added or lost.
            for (int r = 0; r < kResourceTypes; ++r) {
                int total = s.bank[r];
                for (int i = 0; i < 4; ++i) total += s.players[i].hand[r];
                REQUIRE(total == kCardsPerResource);
            }
            // 25 development cards: undrawn, held, played knights, or used progress cards.
            int accounted = kDevCards - s.deck_next + progress_played;
            for (int i = 0; i < 4; ++i) {
                for (uint8_t c : s.players[i].dev_cards) accounted += c;
                accounted += s.players[i].knights_played;
            }
            REQUIRE(accounted == kDevCards);
            REQUIRE(s.deck == deck);  // the deck is never reshuffled or replaced
            // Each player's 15 roads, 5 settlements and 4 cities: on the board or in supply.
            for (int i = 0; i < 4; ++i) {
                const PlayerState& p = s.players[i];
                REQUIRE(p.roads_left + p.roads.count() == 15);
                REQUIRE(p.settlements_left + std::popcount(p.settlements) == 5);
                REQUIRE(p.cities_left + std::popcount(p.cities) == 4);
            }
            REQUIRE(s.board == board);  // no hex, number or harbor is changed
            REQUIRE(s.robber < kHexes);
        }
        CHECK(s.phase == Phase::GameOver);
    }
}

// ---------------------------------------------------------------------------------------
// HK-10.2 / HK-10.3 knowledge: a seat's own notes, and no channel to others' hidden cards

TEST_CASE("HK-10.2 each seat's view holds its own hidden information and nobody else's", "[HK-10.2][HK-10.3][CAT-0.4]") {
    for (uint64_t seed = 1; seed <= 3; ++seed) {
        GameState s = new_hk_game(seed);
        Rng rng = make_rng(seed + 200);
        LegalActions la;
        for (int n = 0; n < 30000 && s.phase != Phase::GameOver; ++n) {
            EventList ev;
            random_step(s, rng, la, &ev);
            // Private event details go only to the seats concerned.
            for (const Event& e : ev) {
                if (e.type == EventType::DevCardBought && e.has_card) REQUIRE(e.visible_to == (1u << e.seat));
                if (e.type == EventType::Stole && e.has_resource)
                    REQUIRE(e.visible_to == ((1u << e.seat) | (1u << e.other)));
            }
            if (n % 7 || s.phase == Phase::GameOver) continue;
            for (int seat = 0; seat < 4; ++seat) {
                const SeatView v = make_view(s, seat);
                for (int i = 0; i < 4; ++i) {
                    const PlayerState& p = s.players[i];
                    REQUIRE(v.player[i].resource_count == total_of(p.hand));
                    if (i == seat) {
                        REQUIRE(v.player[i].known);
                        REQUIRE(v.player[i].hand == p.hand);
                        REQUIRE(v.player[i].dev_cards == p.dev_cards);
                        REQUIRE(v.player[i].total_vp == victory_points(s, i));
                    } else {
                        REQUIRE_FALSE(v.player[i].known);
                        REQUIRE(v.player[i].hand == ResourceCounts{});
                        REQUIRE(v.player[i].dev_cards == std::array<uint8_t, kDevCardTypes>{});
                        REQUIRE(v.player[i].total_vp == 0);
                    }
                }
            }
        }
    }
}

TEST_CASE("HK-10.3 a seat's view does not depend on the make-up of other hands", "[HK-10.3][HK-10.2]") {
    // Players 1 and 2 swap the make-up of their hands and development cards (same counts each, same bank):
    // seats 0 and 3 and spectators cannot tell the two games apart.
    Position pos = hk_position();
    pos.players[0].hand = ResourceCounts{1, 2, 0, 0, 1};
    pos.players[1].hand = ResourceCounts{2, 0, 1, 0, 0};
    pos.players[1].dev_cards[kKnight] = 1;
    pos.players[2].hand = ResourceCounts{0, 0, 0, 3, 0};
    pos.players[2].dev_cards[kRoadBuilding] = 1;
    GameState a = start(pos);
    std::swap(pos.players[1].hand, pos.players[2].hand);
    std::swap(pos.players[1].dev_cards, pos.players[2].dev_cards);
    GameState b = start(pos);
    REQUIRE(a.bank == b.bank);
    for (int seat : {0, 3, kSpectator}) CHECK(make_view(a, seat) == make_view(b, seat));
    // The players concerned do see the difference in their own hands.
    CHECK_FALSE(make_view(a, 1) == make_view(b, 1));
    CHECK_FALSE(make_view(a, 2) == make_view(b, 2));
}

// ---------------------------------------------------------------------------------------
// HK-10.4 anything against the rules is rejected

TEST_CASE("HK-10.4 random actions against the rules are rejected with a rule and change nothing", "[HK-10.4]") {
    int rejected_count = 0, accepted_count = 0;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        GameState s = new_hk_game(seed);
        Rng rng = make_rng(seed + 300);
        Rng noise = make_rng(seed + 400);
        LegalActions la, mine;
        for (int n = 0; n < 30000 && s.phase != Phase::GameOver; ++n) {
            for (int k = 0; k < 4; ++k) {
                Action a;
                do a.type = static_cast<ActionType>(uniform(noise, kActionTypes));
                while (is_referee_action(a.type));
                a.seat = static_cast<uint8_t>(uniform(noise, 5));
                a.location = static_cast<uint8_t>(uniform(noise, 80));
                a.target = static_cast<int8_t>(static_cast<int>(uniform(noise, 6)) - 1);
                a.targets = static_cast<uint8_t>(uniform(noise, 32));
                a.resource = static_cast<Resource>(uniform(noise, kResourceTypes));
                for (int r = 0; r < kResourceTypes; ++r) {
                    a.give[r] = static_cast<uint8_t>(uniform(noise, 8) < 6 ? 0 : uniform(noise, 5));
                    a.get[r] = static_cast<uint8_t>(uniform(noise, 8) < 6 ? 0 : uniform(noise, 3));
                }
                GameState c = s;
                const auto before = views(s);
                EventList ev;
                const Result r = apply(c, a, &ev);
                if (!r) {
                    ++rejected_count;
                    INFO("rejected " << action_name(a.type) << " by " << r.rule << ": " << r.message);
                    const std::string rule = r.rule;
                    REQUIRE((rule.rfind("CAT-", 0) == 0 || rule.rfind("HK-", 0) == 0));
                    REQUIRE(ev.empty());
                    REQUIRE(same_state(c, s));
                    REQUIRE(views(c) == before);
                    continue;
                }
                ++accepted_count;
                // Accepted: it was legal. Enumerated actions must be in the seat's legal list;
                // the parameterised ones must belong to an available family.
                INFO("accepted " << action_name(a.type) << " by seat " << int(a.seat));
                REQUIRE(a.seat < 4);
                legal_actions(s, a.seat, mine);
                bool listed = false;
                for (const Action& l : mine) listed |= l == a;
                if (a.type == ActionType::Discard) listed |= mine.discard == total_of(a.give);
                if (a.type == ActionType::OfferTrade) listed |= mine.offer_trade;
                if (a.type == ActionType::CounterOffer) listed |= mine.counter_offer;
                if (a.type == ActionType::BankTrade) listed |= mine.bank_trade_bundles;
                if (a.type == ActionType::PlayMonopoly || a.type == ActionType::PlayKnight ||
                    a.type == ActionType::PlayRoadBuilding || a.type == ActionType::RollDice ||
                    a.type == ActionType::EndTurn || a.type == ActionType::BuyDevCard ||
                    a.type == ActionType::WithdrawOffer || a.type == ActionType::RejectOffer ||
                    a.type == ActionType::AcceptOffer) {
                    // These ignore the unused fields: compare on the fields that matter.
                    for (const Action& l : mine)
                        if (l.type == a.type && (a.type != ActionType::PlayMonopoly || l.resource == a.resource))
                            listed = true;
                }
                if (a.type == ActionType::MoveRobber || a.type == ActionType::BuildRoad ||
                    a.type == ActionType::BuildSettlement || a.type == ActionType::BuildCity ||
                    a.type == ActionType::PlaceSetupSettlement || a.type == ActionType::PlaceSetupRoad) {
                    for (const Action& l : mine)
                        if (l.type == a.type && l.location == a.location &&
                            (a.type != ActionType::MoveRobber || l.target == a.target))
                            listed = true;
                }
                if (a.type == ActionType::PlayYearOfPlenty || a.type == ActionType::ConfirmTrade) {
                    for (const Action& l : mine)
                        if (l.type == a.type && l.get == a.get && (a.type != ActionType::ConfirmTrade || l.target == a.target))
                            listed = true;
                }
                REQUIRE(listed);
            }
            random_step(s, rng, la, nullptr);
        }
    }
    CHECK(rejected_count > 1000);
    CHECK(accepted_count > 0);
}

// ---------------------------------------------------------------------------------------
// HK-10.5 poor play is not punished

TEST_CASE("HK-10.5 poor (random) play never draws a warning or a disqualification", "[HK-10.5]") {
    for (uint64_t seed = 1; seed <= 8; ++seed) {
        GameState s = new_hk_game(seed);
        Rng rng = make_rng(seed + 500);
        EventList ev;
        const int n = play_random_game(s, rng, 100000, &ev);
        REQUIRE(n > 0);
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner >= 0);
        CHECK(count_events(ev, EventType::Warned) == 0);
        CHECK(count_events(ev, EventType::Disqualified) == 0);
        for (int i = 0; i < 4; ++i) {
            CHECK(s.players[i].warnings == 0);
            CHECK_FALSE(s.players[i].disqualified);
        }
    }
}

// ---------------------------------------------------------------------------------------
// HK-10.6 warnings

TEST_CASE("HK-10.6 a first warning is recorded publicly; a second disqualifies", "[HK-10.6]") {
    Position pos = hk_position();
    pos.players[2].hand = ResourceCounts{0, 1, 0, 0, 0};
    pos.players[0].hand = ResourceCounts{1, 0, 0, 0, 0};
    GameState s = start(pos);
    EventList ev;
    REQUIRE(apply(s, warn(2), &ev));
    CHECK(s.players[2].warnings == 1);
    CHECK_FALSE(s.players[2].disqualified);
    REQUIRE(count_events(ev, EventType::Warned) == 1);
    CHECK(ev.back().seat == 2);
    CHECK(ev.back().value == 1);
    CHECK(ev.back().visible_to == kEveryone);
    for (int seat : {0, 1, 2, 3, kSpectator}) CHECK(make_view(s, seat).player[2].warnings == 1);
    // Still playing: player 2 may answer an offer.
    Action offer = act(ActionType::OfferTrade, 0);
    offer.give = ResourceCounts{1, 0, 0, 0, 0};
    offer.get = ResourceCounts{0, 1, 0, 0, 0};
    offer.targets = 1u << 2;
    REQUIRE(apply(s, offer));
    GameState probe = s;
    REQUIRE(apply(probe, act(ActionType::RejectOffer, 2)));
    ev.clear();
    REQUIRE(apply(s, warn(2), &ev));
    CHECK(s.players[2].warnings == 2);
    CHECK(s.players[2].disqualified);
    CHECK(count_events(ev, EventType::Disqualified) == 1);
    for (int seat : {0, 1, 2, 3, kSpectator}) CHECK(make_view(s, seat).player[2].disqualified);
    // A disqualified player cannot act, and nothing is awaited from them.
    const GameState before = s;
    for (const Action& a : {act(ActionType::AcceptOffer, 2), act(ActionType::RejectOffer, 2)}) {
        const Result r = apply(s, a);
        CHECK_FALSE(r.ok);
        CHECK(std::string(r.rule) == "HK-10.6");
        CHECK(same_state(s, before));
    }
    LegalActions la;
    legal_actions(s, 2, la);
    CHECK(la.count == 0);
    CHECK_FALSE(awaits(s, 2));
    // No third warning: the player is already out.
    const Result again = apply(s, warn(2));
    CHECK_FALSE(again.ok);
    CHECK(std::string(again.rule) == "HK-10.6");
}

TEST_CASE("HK-10.6 a disqualified player's turns are skipped and they cannot win", "[HK-10.6]") {
    Position pos = hk_position();
    pos.players[1].cities = {3, 10, 32, 47};  // 8
    pos.players[1].settlements = {38, 44};    // 10 VP: would win at the start of their turn
    GameState s = start(pos);
    REQUIRE(victory_points(s, 1) == 10);
    REQUIRE(apply(s, warn(1)));
    REQUIRE(apply(s, warn(1)));
    REQUIRE(s.players[1].disqualified);
    EventList ev;
    REQUIRE(apply(s, act(ActionType::EndTurn, 0), &ev));
    CHECK(s.active == 2);
    CHECK(s.phase == Phase::PreRoll);
    CHECK(s.winner == -1);
    for (const Event& e : ev)
        if (e.type == EventType::TurnStarted) CHECK(e.seat == 2);
    // Round the table: 2, 3, 0, and again 2.
    for (int expect : {3, 0, 2}) {
        REQUIRE(apply(s, act(ActionType::Timeout, s.active)));
        while (s.phase == Phase::Discard)
            for (int i = 0; i < 4; ++i)
                if (s.players[i].discard_owed) REQUIRE(apply(s, act(ActionType::Timeout, i)));
        CHECK(s.active == expect);
        CHECK(s.winner == -1);
    }
    // The disqualified player's own actions are refused even when it would be their move.
    const Result r = apply(s, act(ActionType::RollDice, 1));
    CHECK_FALSE(r.ok);
    CHECK(std::string(r.rule) == "HK-10.6");
}

TEST_CASE("HK-10.6 disqualifying the active player ends their turn at once", "[HK-10.6]") {
    SECTION("after the roll") {
        Position pos = hk_position();
        GameState s = start(pos);
        REQUIRE(apply(s, warn(0)));
        CHECK(s.active == 0);  // one warning: play on
        EventList ev;
        REQUIRE(apply(s, warn(0), &ev));
        CHECK(s.players[0].disqualified);
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(count_events(ev, EventType::TurnEnded) == 1);
    }
    SECTION("before the roll: the referee rolls, then the turn ends") {
        Position pos = hk_position();
        pos.phase = Phase::PreRoll;
        GameState s = start(pos);
        REQUIRE(apply(s, warn(0)));
        EventList ev;
        REQUIRE(apply(s, warn(0), &ev));
        CHECK(count_events(ev, EventType::DiceRolled) == 1);
        CHECK(s.active == 1);
    }
}

TEST_CASE("HK-10.6 a disqualified player owes no discard", "[HK-10.6]") {
    Position pos = hk_position();
    pos.phase = Phase::PreRoll;
    pos.players[2].hand = ResourceCounts{2, 2, 2, 2, 0};
    GameState s = start(pos);
    GameState c;
    REQUIRE(roll_seven(s, c));
    REQUIRE(c.phase == Phase::Discard);
    REQUIRE(c.players[2].discard_owed == 4);
    REQUIRE(apply(c, warn(2)));
    REQUIRE(apply(c, warn(2)));
    CHECK(c.players[2].discard_owed == 0);
    CHECK(c.players[2].hand == ResourceCounts{2, 2, 2, 2, 0});
    CHECK(c.phase == Phase::MoveRobber);  // nobody else owed a discard
    // The active player's turn goes on (it was not player 2's turn).
    CHECK(c.active == 0);
}

TEST_CASE("HK-10.6 the active player disqualified while others discard: they finish, then the turn ends",
          "[HK-10.6]") {
    Position pos = hk_position();
    pos.phase = Phase::PreRoll;
    pos.robber = hex_id(2, 2);
    pos.players[2].hand = ResourceCounts{2, 2, 2, 2, 0};
    GameState s = start(pos);
    GameState c;
    REQUIRE(roll_seven(s, c));
    REQUIRE(c.phase == Phase::Discard);
    REQUIRE(apply(c, warn(0)));
    REQUIRE(apply(c, warn(0)));
    CHECK(c.players[0].disqualified);
    CHECK(c.phase == Phase::Discard);  // player 2 still owes 4
    CHECK(c.players[2].discard_owed == 4);
    Action d = act(ActionType::Discard, 2);
    d.give = ResourceCounts{1, 1, 1, 1, 0};
    REQUIRE(apply(c, d));
    CHECK(c.active == 1);
    CHECK(c.phase == Phase::PreRoll);
    CHECK(c.robber == desert_hex(c.board));  // the robber never waited for the disqualified player
}

// ---------------------------------------------------------------------------------------
// HK-10.7 the referee's (association's) ruling applies in every phase

TEST_CASE("HK-10.7 a referee warning is accepted in every phase and changes nothing else", "[HK-10.7][HK-10.6]") {
    std::vector<GameState> states;
    {
        GameState s = new_hk_game(9);
        REQUIRE(s.phase == Phase::MapStudy);
        states.push_back(s);
        REQUIRE(apply(s, act(ActionType::BeginPlacement, 0)));
        states.push_back(s);  // SetupSettlement
        LegalActions la;
        legal_actions(s, s.active, la);
        REQUIRE(apply(s, la.list[0]));
        REQUIRE(s.phase == Phase::SetupRoad);
        states.push_back(s);
    }
    {
        Position pos = hk_position();
        pos.phase = Phase::PreRoll;
        pos.players[0].settlements = {21};
        pos.players[0].dev_cards[kKnight] = 1;
        pos.players[0].dev_cards[kRoadBuilding] = 1;
        pos.players[1].hand = ResourceCounts{2, 2, 2, 2, 0};
        GameState s = start(pos);
        states.push_back(s);  // PreRoll
        GameState k = s;
        REQUIRE(apply(k, act(ActionType::PlayKnight, 0)));
        states.push_back(k);  // MoveRobber
        for (uint64_t seed = 0; seed < 300; ++seed) {
            GameState c = s;
            c.rng = make_rng(seed);
            REQUIRE(apply(c, act(ActionType::RollDice, 0)));
            if (c.phase == Phase::Discard) {
                states.push_back(c);  // Discard
                break;
            }
        }
        REQUIRE(states.back().phase == Phase::Discard);
        Position main = pos;
        main.phase = Phase::Main;
        GameState m = start(main);
        states.push_back(m);  // Main
        REQUIRE(apply(m, act(ActionType::PlayRoadBuilding, 0)));
        REQUIRE(m.phase == Phase::RoadBuilding);
        states.push_back(m);  // RoadBuilding
    }
    {
        Position pos = hk_position();
        pos.active = 3;
        pos.players[0].cities = {3, 10, 32, 47};
        pos.players[0].settlements = {38, 44};
        GameState s = start(pos);
        REQUIRE(apply(s, act(ActionType::EndTurn, 3)));
        REQUIRE(s.phase == Phase::GameOver);
        states.push_back(s);  // GameOver
    }
    for (const GameState& s0 : states) {
        for (int seat = 0; seat < 4; ++seat) {
            INFO("phase " << phase_name(s0.phase) << ", warning seat " << seat);
            GameState s = s0;
            EventList ev;
            REQUIRE(apply(s, warn(seat), &ev));
            CHECK(s.players[seat].warnings == 1);
            CHECK(count_events(ev, EventType::Warned) == 1);
            CHECK(ev.size() == 1);
            // Nothing else changes: same state once the warning count is set back.
            GameState undo = s;
            undo.players[seat].warnings = 0;
            undo.actions_applied = s0.actions_applied;
            CHECK(same_state(undo, s0));
        }
    }
}

TEST_CASE("HK-10.7 a disqualification after the game has ended does not reopen it", "[HK-10.7][HK-10.6]") {
    Position pos = hk_position();
    pos.active = 3;
    pos.players[0].cities = {3, 10, 32, 47};
    pos.players[0].settlements = {38, 44};
    GameState s = start(pos);
    REQUIRE(apply(s, act(ActionType::EndTurn, 3)));
    REQUIRE(s.phase == Phase::GameOver);
    REQUIRE(s.winner == 0);
    for (int seat : {0, 2}) {
        REQUIRE(apply(s, warn(seat)));
        REQUIRE(apply(s, warn(seat)));
        CHECK(s.players[seat].disqualified);
        CHECK(s.phase == Phase::GameOver);
        CHECK(s.winner == 0);
        CHECK(s.active == 0);
    }
}
