// HK 2024 ruleset: fixed settings (HK-0), map study and timeouts (HK-2.1, HK-2.2, HK-2.5..2.8),
// setup (HK-3) and turn structure (HK-4).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
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

Action timeout(int seat) { return act(ActionType::Timeout, seat); }

EventList roll(GameState& s, int total) {
    REQUIRE(reseed_for_total(s, act(ActionType::RollDice, s.active), total));
    EventList ev;
    check_ok(s, act(ActionType::RollDice, s.active), &ev);
    return ev;
}

GameState hk_game(int players = 4, uint64_t seed = 1, EventList* ev = nullptr) {
    GameState s;
    const char* err = nullptr;
    const bool ok = new_game(hk_options(players), seed, s, ev, &err);
    INFO((err ? err : ""));
    REQUIRE(ok);
    return s;
}

// A mid-game HK position on the starter layout: buildings round hills (2,2) as in the robber tests.
Position hk_position(int players = 4) {
    Position pos;
    pos.options = hk_options(players);
    pos.players[0].settlements = {17, 53};
    pos.players[1].settlements = {8, 2};
    pos.players[2].settlements = {18, 38};
    if (players == 4) pos.players[3].settlements = {44, 41};
    for (int i = 0; i < players; ++i)
        for (int v : pos.players[i].settlements) pos.players[i].roads.push_back(geometry().intersection_edges[v][0]);
    pos.active = 0;
    pos.phase = Phase::PreRoll;
    return pos;
}

const int kHills22 = hex_id(2, 2);
const int kEmptyHex = hex_id(3, 1);

// Whether the placements so far obey the distance rule.
bool distance_ok(const GameState& s) {
    for (int v = 0; v < kIntersections; ++v)
        if (has_bit(s.occupied, v) && (s.occupied & geometry().intersection_neighbor_mask[v])) return false;
    return true;
}

std::vector<int> placement_order(GameState s, uint64_t seed) {
    std::vector<int> order;
    Rng rng = make_rng(seed);
    LegalActions la;
    if (s.phase == Phase::MapStudy) REQUIRE(apply(s, act(ActionType::BeginPlacement, 0)));
    while (s.turn == 0) {
        const Action a = random_legal_action(s, s.active, rng, la);
        if (a.type == ActionType::PlaceSetupSettlement) order.push_back(s.active);
        REQUIRE(apply(s, a));
    }
    return order;
}

}  // namespace

// ---------------------------------------------------------------- HK-0

TEST_CASE("HK-0.1 the HK ruleset is the base game plus its changes", "[HK-0.1]") {
    // Base rules still hold: the distance rule in setup, the roll before building.
    GameState s = hk_game();
    check_ok(s, act(ActionType::BeginPlacement, 0));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)));
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 1, geometry().intersection_neighbors[30][0]), "CAT-10.10");
    GameState p = start(hk_position());
    check_rejected(p, act(ActionType::EndTurn, 0), "CAT-6.4");
    // Whole games under HK rules end with a legal winner.
    for (uint64_t seed = 0; seed < 5; ++seed) {
        GameState g = hk_game(seed % 2 ? 3 : 4, seed);
        Rng rng = make_rng(seed + 40);
        REQUIRE(play_random_game(g, rng, 200000) > 0);
        REQUIRE(g.winner >= 0);
        CHECK(victory_points(g, g.winner) >= 10);
        for (int r = 0; r < kResourceTypes; ++r) {
            int held = g.bank[r];
            for (int i = 0; i < g.options.players; ++i) held += g.players[i].hand[r];
            CHECK(held == 19);
        }
    }
    // ...and an HK change applies where the base rule is replaced (HK-5.1 vs CAT-7.5).
    // Single recipient: HK gives what is left, base gives nothing.
    Position single = hk_position();
    single.players[0].settlements = {53};
    single.players[0].cities = {17};  // owed 2 brick from hills (2,2), with 1 left in the bank
    single.players[0].roads = {geometry().intersection_edges[53][0]};
    single.players[1].settlements = {2};
    single.players[2].settlements = {38};
    single.players[1].roads = {geometry().intersection_edges[2][0]};
    single.players[2].roads = {geometry().intersection_edges[38][0]};
    single.players[3].hand = rc(0, 0, 0, 18, 0);
    GameState hk1 = start(single);
    Position single_base = single;
    single_base.options = GameOptions{};
    single_base.options.map = MapKind::Starter;
    GameState base1 = start(single_base);
    REQUIRE(hk1.bank[idx(Resource::Brick)] == 1);
    roll(hk1, 6);
    roll(base1, 6);
    CHECK(hk1.players[0].hand[idx(Resource::Brick)] == 1);
    CHECK(base1.players[0].hand[idx(Resource::Brick)] == 0);
}

TEST_CASE("HK-0.2 fixed settings: organiser's board, combined mode, 3 or 4 players", "[HK-0.2]") {
    ResolvedOptions r{};
    GameOptions o = hk_options();
    REQUIRE(resolve_options(o, r) == nullptr);
    CHECK(r.mode == TradeBuildMode::Combined);
    CHECK(r.map == MapKind::Explicit);
    CHECK(r.starting_seat == 0);
    o.mode = TradeBuildMode::Combined;
    CHECK(resolve_options(o, r) == nullptr);
    o.mode = TradeBuildMode::Classic;
    CHECK(resolve_options(o, r) != nullptr);
    for (MapKind m : {MapKind::Random, MapKind::Starter}) {
        GameOptions bad = hk_options();
        bad.map = m;
        CHECK(resolve_options(bad, r) != nullptr);
        GameState s;
        CHECK_FALSE(new_game(bad, 1, s));
    }
    GameOptions no_board = hk_options();
    no_board.board.reset();
    CHECK(resolve_options(no_board, r) != nullptr);
    for (int n : {2, 5}) {
        GameState s;
        CHECK_FALSE(new_game(hk_options(n), 1, s));
    }
    for (int n : {3, 4}) {
        EventList ev;
        GameState s = hk_game(n, 3, &ev);
        CHECK(s.options.players == n);
        CHECK(s.options.mode == TradeBuildMode::Combined);
        CHECK(s.board == starter_board());
        CHECK(count_events(ev, EventType::StartingRoll) == 0);
    }
    // Combined mode in play: after the roll the phase is Main.
    GameState p = start(hk_position());
    roll(p, 8);
    CHECK(p.phase == Phase::Main);
}

TEST_CASE("HK-0.3 seats A, B, C, D play in that order", "[HK-0.3]") {
    for (int n : {3, 4}) {
        GameState s = start(hk_position(n));
        std::vector<int> order;
        for (int k = 0; k < 2 * n; ++k) {
            order.push_back(s.active);
            roll(s, 8);
            check_ok(s, act(ActionType::EndTurn, s.active));
        }
        std::vector<int> want;
        for (int k = 0; k < 2 * n; ++k) want.push_back(k % n);
        CHECK(order == want);
        CHECK(make_view(s, kSpectator).players == n);
        check_rejected(s, act(ActionType::RollDice, n), "CAT-0.1");
    }
}

TEST_CASE("HK-0.4 components are exactly those of CAT-1", "[HK-0.4]") {
    GameState s = hk_game();
    CHECK(s.bank == rc(19, 19, 19, 19, 19));
    std::array<int, kDevCardTypes> deck{};
    for (DevCard d : s.deck) ++deck[static_cast<int>(d)];
    CHECK(deck == std::array<int, kDevCardTypes>{14, 2, 2, 2, 5});
    for (int i = 0; i < 4; ++i) {
        CHECK(s.players[i].roads_left == 15);
        CHECK(s.players[i].settlements_left == 5);
        CHECK(s.players[i].cities_left == 4);
    }
    // A board without the CAT-1 components is refused.
    Board five_forests = starter_board();
    five_forests.terrain[hex_id(1, 2)] = Terrain::Forest;
    Board bad_numbers = starter_board();
    bad_numbers.number[hex_id(1, 1)] = 6;
    Board bad_harbors = starter_board();
    bad_harbors.harbor[0] = HarborType::Ore;
    for (const Board& b : {five_forests, bad_numbers, bad_harbors}) {
        GameState g;
        const char* err = nullptr;
        CHECK_FALSE(new_game(hk_options(4, b), 1, g, nullptr, &err));
        CHECK(err != nullptr);
    }
}

// ---------------------------------------------------------------- HK-2

TEST_CASE("HK-2.1 nothing is placed during map study; placement begins after it", "[HK-2.1]") {
    EventList ev;
    GameState s = hk_game(4, 1, &ev);
    REQUIRE(s.phase == Phase::MapStudy);
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 0, 30), "HK-2.1");
    check_rejected(s, act(ActionType::PlaceSetupRoad, 0, 0), "HK-2.1");
    check_rejected(s, act(ActionType::RollDice, 0), "HK-2.1");
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 1, 30), "HK-2.1");
    LegalActions la;
    for (int i = 0; i < 4; ++i) {
        legal_actions(s, i, la);
        CHECK(la.count == 0);
        CHECK_FALSE(awaits(s, i));
    }
    ev.clear();
    check_ok(s, act(ActionType::BeginPlacement, 0), &ev);
    CHECK(s.phase == Phase::SetupSettlement);
    CHECK(count_events(ev, EventType::PlacementBegan) == 1);
    check_rejected(s, act(ActionType::BeginPlacement, 0), "HK-2.1");
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    // The period may also end by its timer running out.
    GameState t = hk_game(4, 2);
    ev.clear();
    check_ok(t, timeout(0), &ev);
    CHECK(t.phase == Phase::SetupSettlement);
    CHECK(count_events(ev, EventType::PlacementBegan) == 1);
    CHECK(t.occupied == 0);  // the timeout of the study period places nothing
    // Base games have no map-study period.
    GameOptions base;
    base.map = MapKind::Starter;
    GameState b;
    REQUIRE(new_game(base, 1, b));
    CHECK(b.phase == Phase::SetupSettlement);
    check_rejected(b, act(ActionType::BeginPlacement, 0), "HK-2.1");
}

TEST_CASE("HK-2.2 a setup timeout places a random legal settlement and road", "[HK-2.2]") {
    GameState s = hk_game(4, 5);
    check_ok(s, act(ActionType::BeginPlacement, 0));
    check_rejected(s, timeout(1), "HK-2.2");  // only the placing player's time runs
    EventList ev;
    check_ok(s, timeout(0), &ev);
    CHECK(count_events(ev, EventType::TimedOut) == 1);
    CHECK(std::popcount(s.players[0].settlements) == 1);
    CHECK(s.players[0].roads.count() == 1);
    const int v = std::countr_zero(s.players[0].settlements);
    int road = -1;
    for (int e = 0; e < kEdges; ++e)
        if (s.players[0].roads.has(e)) road = e;
    CHECK((geometry().edge_ends[road][0] == v || geometry().edge_ends[road][1] == v));
    CHECK(s.active == 1);
    CHECK(s.phase == Phase::SetupSettlement);
    // Settlement placed, road pending: only the road is chosen.
    LegalActions la;
    legal_actions(s, 1, la);
    REQUIRE(la.count > 0);
    const int spot1 = la.list[0].location;
    check_ok(s, act(ActionType::PlaceSetupSettlement, 1, spot1));
    check_rejected(s, timeout(2), "HK-2.2");
    check_ok(s, timeout(1));
    CHECK(s.players[1].settlements == bit(spot1));
    CHECK(s.players[1].roads.count() == 1);
    CHECK(s.active == 2);
    // A whole setup by timeouts is legal, random and follows the usual order and grants.
    std::set<IntersectionSet> layouts;
    for (uint64_t seed = 0; seed < 20; ++seed) {
        GameState g = hk_game(4, seed);
        check_ok(g, timeout(0));  // ends map study
        EventList gev;
        std::vector<int> order;
        while (g.turn == 0) {
            order.push_back(g.active);
            check_ok(g, timeout(g.active), &gev);
            REQUIRE(distance_ok(g));
        }
        CHECK(order == std::vector<int>{0, 1, 2, 3, 3, 2, 1, 0});
        for (int i = 0; i < 4; ++i) {
            CHECK(std::popcount(g.players[i].settlements) == 2);
            CHECK(g.players[i].roads.count() == 2);
            for_each_edge(g.players[i].roads, [&](int e) {
                const auto& ends = geometry().edge_ends[e];
                CHECK((has_bit(g.players[i].settlements, ends[0]) || has_bit(g.players[i].settlements, ends[1])));
            });
        }
        CHECK(count_events(gev, EventType::StartingResources) == 4);
        CHECK(g.active == 0);
        CHECK(g.phase == Phase::PreRoll);
        layouts.insert(g.occupied);
    }
    CHECK(layouts.size() > 10);
}

TEST_CASE("HK-2.5 at the time limit the turn ends at once", "[HK-2.5]") {
    Position pos = hk_position();
    pos.players[0].hand = rc(2, 1, 1, 2, 0);
    pos.players[0].dev_cards = {0, 1, 0, 0, 0};
    pos.players[1].hand = rc(0, 2, 0, 0, 0);
    pos.phase = Phase::Main;
    GameState s = start(pos);
    Action offer = act(ActionType::OfferTrade, 0);
    offer.give = rc(1, 0, 0, 0, 0);
    offer.get = rc(0, 1, 0, 0, 0);
    offer.targets = 0b0010;
    check_ok(s, offer);
    check_ok(s, act(ActionType::AcceptOffer, 1));
    check_rejected(s, timeout(1), "HK-2.5");  // only the active player's turn can time out
    EventList ev;
    check_ok(s, timeout(0), &ev);
    CHECK(count_events(ev, EventType::TimedOut) == 1);
    CHECK(count_events(ev, EventType::TurnEnded) == 1);
    CHECK(s.active == 1);
    CHECK(s.phase == Phase::PreRoll);
    CHECK_FALSE(s.offer.open);  // the open offer lapsed
    CHECK(s.players[0].hand == rc(2, 1, 1, 2, 0));
    check_rejected(s, act(ActionType::ConfirmTrade, 0, 0, 1), "CAT-9.8");  // offer_closed: the offer lapsed
    CHECK(std::string(apply(s, act(ActionType::ConfirmTrade, 0, 0, 1)).code) == "offer_closed");
    check_rejected(s, act(ActionType::BuildRoad, 0, free_edge_at(s, 17)), "CAT-10.1");
    // Road Building half done: the card stays played and the second road is lost.
    GameState r = start(pos);
    check_ok(r, act(ActionType::PlayRoadBuilding, 0));
    check_ok(r, act(ActionType::BuildRoad, 0, free_edge_at(r, 17)));
    REQUIRE(r.phase == Phase::RoadBuilding);
    REQUIRE(r.road_building_left == 1);
    check_ok(r, timeout(0));
    CHECK(r.active == 1);
    CHECK(r.road_building_left == 0);
    CHECK(r.players[0].roads.count() == 3);
    CHECK(r.players[0].dev_cards == std::array<uint8_t, kDevCardTypes>{});
    // Over: no more timeouts.
    GameState g = hk_game(4, 9);
    Rng rng = make_rng(3);
    REQUIRE(play_random_game(g, rng, 200000) > 0);
    check_rejected(g, timeout(g.active), "CAT-16.2");
}

TEST_CASE("HK-2.6 not rolled at the limit: the referee rolls, pays, and the turn ends", "[HK-2.6]") {
    Position pos = hk_position();
    GameState s = start(pos);
    REQUIRE(reseed_for_total(s, timeout(0), 6));  // hills (2,2) pays seats 0, 1 and 2
    EventList ev;
    check_ok(s, timeout(0), &ev);
    bool referee_roll = false;
    for (const Event& e : ev)
        if (e.type == EventType::DiceRolled) {
            referee_roll = e.value == 1;
            CHECK(e.seat == 0);
            CHECK(e.dice[0] + e.dice[1] == 6);
        }
    CHECK(referee_roll);
    CHECK(s.players[0].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[2].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[3].hand == rc(0, 0, 1, 0, 0));  // fields 6 at settlement 44
    CHECK(s.active == 1);
    CHECK(s.phase == Phase::PreRoll);
    CHECK_FALSE(s.rolled);
    // The events come in order: timeout, roll, production, end of turn.
    std::vector<EventType> types;
    for (const Event& e : ev) types.push_back(e.type);
    const auto pos_of = [&](EventType t) { return std::find(types.begin(), types.end(), t) - types.begin(); };
    CHECK(pos_of(EventType::TimedOut) < pos_of(EventType::DiceRolled));
    CHECK(pos_of(EventType::DiceRolled) < pos_of(EventType::Produced));
    CHECK(pos_of(EventType::Produced) < pos_of(EventType::TurnEnded));
}

TEST_CASE("HK-2.7 at the limit the robber goes to the desert and nobody is robbed", "[HK-2.7]") {
    const int desert = desert_hex(starter_board());
    SECTION("time runs out before the robber has moved") {
        Position pos = hk_position();
        pos.robber = kHills22;
        pos.players[1].hand = rc(0, 3, 0, 0, 0);
        pos.players[2].hand = rc(2, 0, 0, 0, 0);
        GameState s = start(pos);
        roll(s, 7);
        REQUIRE(s.phase == Phase::MoveRobber);
        EventList ev;
        check_ok(s, timeout(0), &ev);
        CHECK(s.robber == desert);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(s.players[0].hand == ResourceCounts{});
        CHECK(s.players[1].hand == rc(0, 3, 0, 0, 0));
        CHECK(s.players[2].hand == rc(2, 0, 0, 0, 0));
        CHECK(s.active == 1);
    }
    SECTION("the robber may stay on the desert") {
        Position pos = hk_position();
        pos.players[2].hand = rc(2, 0, 0, 0, 0);  // seat 2's settlement 18 touches the desert
        GameState s = start(pos);
        REQUIRE(s.robber == desert);
        roll(s, 7);
        REQUIRE(s.phase == Phase::MoveRobber);
        EventList ev;
        check_ok(s, timeout(0), &ev);
        CHECK(s.robber == desert);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(s.players[2].hand == rc(2, 0, 0, 0, 0));
        CHECK(s.active == 1);
    }
    SECTION("a knight played before the roll, then the time runs out") {
        Position pos = hk_position();
        pos.robber = kEmptyHex;
        pos.players[0].dev_cards = {1, 0, 0, 0, 0};
        pos.players[1].hand = rc(0, 3, 0, 0, 0);
        GameState s = start(pos);
        check_ok(s, act(ActionType::PlayKnight, 0));
        REQUIRE(s.phase == Phase::MoveRobber);
        REQUIRE(reseed_for_total(s, timeout(0), 8));
        EventList ev;
        check_ok(s, timeout(0), &ev);
        CHECK(s.robber == desert);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(count_events(ev, EventType::DiceRolled) == 1);  // the roll was still missing
        CHECK(s.players[1].hand[idx(Resource::Wool)] == 3);
        CHECK(s.active == 1);
    }
    SECTION("the referee's roll is a 7 with no discards") {
        Position pos = hk_position();
        pos.robber = kHills22;
        pos.players[1].hand = rc(0, 3, 0, 0, 0);
        GameState s = start(pos);
        REQUIRE(reseed_for_total(s, timeout(0), 7));
        EventList ev;
        check_ok(s, timeout(0), &ev);
        CHECK(s.robber == desert);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(count_events(ev, EventType::Produced) == 0);
        CHECK(s.players[1].hand == rc(0, 3, 0, 0, 0));
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
    }
    SECTION("the referee's 7: discards still happen, chosen by each discarding player") {
        Position pos = hk_position();
        pos.robber = kHills22;
        pos.players[1].hand = rc(0, 5, 0, 4, 0);  // 9 -> 4
        pos.players[3].hand = rc(8, 0, 0, 0, 0);  // 8 -> 4
        GameState s = start(pos);
        REQUIRE(reseed_for_total(s, timeout(0), 7));
        check_ok(s, timeout(0));
        CHECK(s.robber == desert);
        REQUIRE(s.phase == Phase::Discard);
        CHECK(s.active == 0);  // the turn ends once the discards are in
        CHECK(s.players[1].discard_owed == 4);
        CHECK(s.players[3].discard_owed == 4);
        check_ok(s, discard(1, rc(0, 1, 0, 3, 0)));
        CHECK(s.players[1].hand == rc(0, 4, 0, 1, 0));
        CHECK(s.phase == Phase::Discard);
        EventList ev;
        check_ok(s, discard(3, rc(4, 0, 0, 0, 0)), &ev);
        CHECK(s.active == 1);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.robber == desert);
        CHECK(count_events(ev, EventType::Stole) == 0);
        CHECK(count_events(ev, EventType::TurnStarted) == 1);
    }
}

TEST_CASE("HK-2.8 a discarding player's timeout discards at random; the active clock is stopped", "[HK-2.8]") {
    Position pos = hk_position();
    pos.players[1].hand = rc(0, 5, 0, 4, 0);  // owes 4
    pos.players[2].hand = rc(3, 3, 3, 0, 0);  // owes 4
    GameState s = start(pos);
    roll(s, 7);
    REQUIRE(s.phase == Phase::Discard);
    check_rejected(s, timeout(0), "HK-2.8");  // the active player is waiting, not deciding
    check_rejected(s, timeout(3), "HK-2.8");  // seat 3 owes nothing
    const ResourceCounts before = s.players[1].hand;
    const ResourceCounts bank = s.bank;
    EventList ev;
    check_ok(s, timeout(1), &ev);
    CHECK(count_events(ev, EventType::TimedOut) == 1);
    CHECK(s.players[1].discard_owed == 0);
    CHECK(total_of(s.players[1].hand) == 5);
    for (int r = 0; r < kResourceTypes; ++r) {
        CHECK(s.players[1].hand[r] <= before[r]);
        CHECK(s.bank[r] == bank[r] + before[r] - s.players[1].hand[r]);
    }
    for (const Event& e : ev)
        if (e.type == EventType::Discarded) CHECK(total_of(e.cards) == 4);
    CHECK(s.phase == Phase::Discard);
    CHECK(s.active == 0);
    // Seat 2 discards by hand; then the roll goes on as usual (robber step, turn not over).
    check_ok(s, discard(2, rc(2, 2, 0, 0, 0)));
    CHECK(s.phase == Phase::MoveRobber);
    CHECK(s.active == 0);
    // The random discard varies with the generator.
    std::set<ResourceCounts> outcomes;
    for (uint64_t seed = 0; seed < 40; ++seed) {
        GameState g = start(pos);
        roll(g, 7);
        g.rng = make_rng(seed);
        check_ok(g, timeout(2));
        outcomes.insert(g.players[2].hand);
        CHECK(total_of(g.players[2].hand) == 5);
    }
    CHECK(outcomes.size() > 3);
    // An active player who must discard has a discard clock too.
    Position own = hk_position();
    own.players[0].hand = rc(4, 4, 0, 0, 0);
    own.players[1].hand = rc(0, 9, 0, 0, 0);
    GameState a = start(own);
    roll(a, 7);
    check_ok(a, timeout(0));
    CHECK(a.players[0].discard_owed == 0);
    CHECK(total_of(a.players[0].hand) == 4);
    CHECK(a.phase == Phase::Discard);  // seat 1 still owes
    check_ok(a, timeout(1));
    CHECK(a.phase == Phase::MoveRobber);
    CHECK(a.active == 0);
}

// ---------------------------------------------------------------- HK-3

TEST_CASE("HK-3.1 the organiser's board is loaded as given, robber on its desert", "[HK-3.1]") {
    Board b = starter_board();
    // Move the desert to (1,1): swap it with the mountains there, numbers and all.
    std::swap(b.terrain[hex_id(1, 1)], b.terrain[hex_id(3, 3)]);
    std::swap(b.number[hex_id(1, 1)], b.number[hex_id(3, 3)]);
    std::swap(b.harbor[0], b.harbor[1]);
    REQUIRE_FALSE(validate_board(b).has_value());
    GameState g1, g2;
    REQUIRE(new_game(hk_options(4, b), 1, g1));
    REQUIRE(new_game(hk_options(4, b), 99, g2));
    CHECK(g1.board == b);
    CHECK(g2.board == b);  // every table, whatever its seed, plays the same layout
    CHECK(g1.robber == hex_id(1, 1));
    CHECK(make_view(g1, kSpectator).board == b);
    Board invalid = b;
    invalid.number[hex_id(1, 1)] = 5;  // a number on the desert
    GameState g3;
    CHECK_FALSE(new_game(hk_options(4, invalid), 1, g3));
}

TEST_CASE("HK-3.2 placement order A,B,C,D,D,C,B,A (A,B,C,C,B,A with three)", "[HK-3.2]") {
    for (uint64_t seed = 0; seed < 3; ++seed) {
        CHECK(placement_order(hk_game(4, seed), seed) == std::vector<int>{0, 1, 2, 3, 3, 2, 1, 0});
        CHECK(placement_order(hk_game(3, seed), seed) == std::vector<int>{0, 1, 2, 2, 1, 0});
    }
    GameState s = hk_game();
    check_ok(s, act(ActionType::BeginPlacement, 0));
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 3, 30), "CAT-5.5");
}

TEST_CASE("HK-3.3 each placement is a settlement, then at once a road touching it", "[HK-3.3]") {
    GameState s = hk_game();
    check_ok(s, act(ActionType::BeginPlacement, 0));
    check_rejected(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)), "CAT-5.7");
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 0, 0), "CAT-5.4");
    check_rejected(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 0)), "CAT-5.7");
    check_rejected(s, act(ActionType::PlaceSetupSettlement, 1, 0), "CAT-5.4");  // the next player waits
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)));
    CHECK(s.active == 1);
}

TEST_CASE("HK-3.4 starting settlements go anywhere but obey the distance rule", "[HK-3.4]") {
    GameState s = hk_game();
    check_ok(s, act(ActionType::BeginPlacement, 0));
    check_ok(s, act(ActionType::PlaceSetupSettlement, 0, 30));
    check_ok(s, act(ActionType::PlaceSetupRoad, 0, free_edge_at(s, 30)));
    for (int8_t nb : geometry().intersection_neighbors[30])
        if (nb != kNone) check_rejected(s, act(ActionType::PlaceSetupSettlement, 1, nb), "CAT-10.10");
    LegalActions la;
    legal_actions(s, 1, la);
    CHECK(la.count == kIntersections - 1 - 3);  // every spot but 30 and its three neighbours
    // Far from any road of the player: allowed.
    check_ok(s, act(ActionType::PlaceSetupSettlement, 1, 53));
}

TEST_CASE("HK-3.5 the second settlement takes its resources at once", "[HK-3.5]") {
    GameState s = hk_game(3);
    check_ok(s, act(ActionType::BeginPlacement, 0));
    for (auto [seat, v] : {std::pair{0, 0}, std::pair{1, 2}, std::pair{2, 51}}) {
        check_ok(s, act(ActionType::PlaceSetupSettlement, seat, v));
        CHECK(total_of(s.players[seat].hand) == 0);
        check_ok(s, act(ActionType::PlaceSetupRoad, seat, free_edge_at(s, v)));
    }
    const ResourceCounts bank = s.bank;
    EventList ev;
    check_ok(s, act(ActionType::PlaceSetupSettlement, 2, 28), &ev);  // fields 9, forest 11, forest 8
    // Straight away, before the road.
    CHECK(s.phase == Phase::SetupRoad);
    CHECK(s.players[2].hand == rc(2, 0, 1, 0, 0));
    CHECK(s.bank == rc(bank[0] - 2, bank[1], bank[2] - 1, bank[3], bank[4]));
    CHECK(count_events(ev, EventType::StartingResources) == 1);
}

TEST_CASE("HK-3.6 player A, who places last, takes the first turn", "[HK-3.6]") {
    for (int n : {3, 4}) {
        GameState s = hk_game(n, 4);
        check_ok(s, act(ActionType::BeginPlacement, 0));
        Rng rng = make_rng(6);
        LegalActions la;
        int last_placer = -1;
        while (s.turn == 0) {
            const Action a = random_legal_action(s, s.active, rng, la);
            if (a.type == ActionType::PlaceSetupSettlement) last_placer = s.active;
            check_ok(s, a);
        }
        CHECK(last_placer == 0);
        CHECK(s.active == 0);
        CHECK(s.phase == Phase::PreRoll);
        CHECK(s.turn == 1);
    }
}

// ---------------------------------------------------------------- HK-4

TEST_CASE("HK-4.1 a turn is a roll phase then a main phase", "[HK-4.1]") {
    for (uint64_t seed = 0; seed < 4; ++seed) {
        GameState s = hk_game(4, seed);
        Rng rng = make_rng(seed);
        LegalActions la;
        std::set<Phase> seen;
        for (int k = 0; k < 20000 && s.phase != Phase::GameOver; ++k) {
            if (s.phase == Phase::MapStudy) {
                check_ok(s, act(ActionType::BeginPlacement, 0));
                continue;
            }
            const Phase before = s.phase;
            const Action a = random_legal_action(s, next_decider(s), rng, la);
            REQUIRE(apply(s, a));
            seen.insert(s.phase);
            if (a.type == ActionType::RollDice) {
                REQUIRE(before == Phase::PreRoll);
                REQUIRE((s.phase == Phase::Main || s.phase == Phase::Discard || s.phase == Phase::MoveRobber ||
                         s.phase == Phase::GameOver));
            }
            if (a.type == ActionType::EndTurn && s.phase != Phase::GameOver) REQUIRE(s.phase == Phase::PreRoll);
        }
        CHECK(seen.count(Phase::Trade) == 0);
        CHECK(seen.count(Phase::Build) == 0);
        CHECK(seen.count(Phase::Main) == 1);
        CHECK(seen.count(Phase::PreRoll) == 1);
    }
}

TEST_CASE("HK-4.2 in the roll phase the player may roll or play a development card", "[HK-4.2]") {
    Position pos = hk_position();
    pos.players[0].hand = rc(5, 5, 5, 5, 5);
    pos.players[0].dev_cards = {1, 1, 1, 1, 0};
    for (ActionType t : {ActionType::PlayKnight, ActionType::PlayRoadBuilding, ActionType::PlayYearOfPlenty,
                         ActionType::PlayMonopoly}) {
        GameState s = start(pos);
        Action a = act(t, 0);
        if (t == ActionType::PlayYearOfPlenty) a.get = rc(0, 0, 0, 0, 2);
        check_ok(s, a);
        CHECK(s.dev_played);
    }
    GameState s = start(pos);
    LegalActions la;
    legal_actions(s, 0, la);
    std::set<ActionType> types;
    for (const Action& a : la) types.insert(a.type);
    CHECK(types.count(ActionType::RollDice) == 1);
    CHECK(types.count(ActionType::PlayKnight) == 1);
    CHECK(types.count(ActionType::BuildRoad) == 0);
    CHECK(types.count(ActionType::BankTrade) == 0);
    CHECK(types.count(ActionType::EndTurn) == 0);
    check_rejected(s, act(ActionType::BuyDevCard, 0), "CAT-6.4");
    check_ok(s, act(ActionType::PlayKnight, 0));
    check_ok(s, act(ActionType::MoveRobber, 0, kHills22, 1));
    REQUIRE(s.phase == Phase::PreRoll);
    check_rejected(s, act(ActionType::PlayMonopoly, 0), "CAT-11.2");  // one card per turn
    check_ok(s, act(ActionType::RollDice, 0));
}

TEST_CASE("HK-4.3 one roll of both dice together, never a re-roll", "[HK-4.3]") {
    for (uint64_t seed = 0; seed < 200; ++seed) {
        GameState s = start(hk_position(), seed);
        EventList ev;
        check_ok(s, act(ActionType::RollDice, 0), &ev);
        REQUIRE(count_events(ev, EventType::DiceRolled) == 1);
        const Event& e = ev.front();
        REQUIRE(e.dice[0] >= 1);
        REQUIRE(e.dice[0] <= 6);
        REQUIRE(e.dice[1] >= 1);
        REQUIRE(e.dice[1] <= 6);
        REQUIRE(e.value == 0);  // the player's own roll
        check_rejected(s, act(ActionType::RollDice, 0), "CAT-6.4");
    }
}

TEST_CASE("HK-4.4 main phase: build, buy and trade in any order; a new harbor works at once", "[HK-4.4]") {
    // Seat 0 builds onto the 2:1 lumber harbor (intersections 11/16) and uses it straight away.
    const int h = 8;
    REQUIRE(starter_board().harbor[h] == HarborType::Lumber);
    const int spot = geometry().edge_ends[geometry().harbor_edge[h]][1];
    REQUIRE(spot == 16);
    Position pos = hk_position();
    pos.players[0].settlements = {28, 53};
    pos.players[0].roads = {edge_between(28, 22), edge_between(22, 16)};
    pos.players[0].hand = rc(6, 3, 3, 2, 1);
    pos.phase = Phase::Main;
    GameState s = start(pos);
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 4);
    Action trade = act(ActionType::BankTrade, 0);
    trade.give = rc(2, 0, 0, 0, 0);
    trade.get = rc(0, 0, 0, 0, 1);
    check_rejected(s, trade, "CAT-9.9");
    check_ok(s, act(ActionType::BuildSettlement, 0, spot));
    CHECK(harbor_rate(s, 0, Resource::Lumber) == 2);
    check_ok(s, trade);  // the same turn
    check_ok(s, act(ActionType::BuyDevCard, 0));
    check_ok(s, act(ActionType::BuildRoad, 0, free_edge_at(s, 53)));
    check_ok(s, trade);
    CHECK(s.phase == Phase::Main);
    CHECK(s.players[0].hand == rc(0, 1, 1, 0, 2));
    check_ok(s, act(ActionType::EndTurn, 0));
}

TEST_CASE("HK-4.5 production is paid automatically during the roll", "[HK-4.5]") {
    GameState s = start(hk_position());
    const EventList ev = roll(s, 6);
    // The cards are in the hands as the roll completes; there is no separate collecting step.
    CHECK(s.players[0].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[1].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[2].hand == rc(0, 0, 0, 1, 0));
    CHECK(s.players[3].hand == rc(0, 0, 1, 0, 0));
    CHECK(count_events(ev, EventType::Produced) == 4);
    CHECK(s.phase == Phase::Main);
    LegalActions la;
    for (int i = 1; i < 4; ++i) {
        legal_actions(s, i, la);
        CHECK(la.count == 0);  // nothing to collect
    }
    // Ending the turn pays nothing more.
    const ResourceCounts bank = s.bank;
    check_ok(s, act(ActionType::EndTurn, 0));
    CHECK(s.bank == bank);
}
