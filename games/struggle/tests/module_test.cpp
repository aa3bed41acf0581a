// The JSON module: views, events and their visibility, determinism, determinize, random games.
#include "games/struggle/tests/helpers.hpp"

using namespace sfc_test;
using hexhall::core::Event;
using hexhall::core::GameRules;
using hexhall::core::kSpectator;
using hexhall::core::Visibility;

namespace {

std::unique_ptr<GameRules> create(int players, uint64_t seed) {
    std::string error;
    auto g = struggle_module().create(json{{"players", players}}, seed, error);
    REQUIRE(g);
    return g;
}

// Plays `n` random legal actions through the JSON interface; returns the accepted actions.
std::vector<std::pair<int, json>> random_actions(GameRules& g, int n, uint64_t seed) {
    Rng rng = make_rng(seed);
    std::vector<std::pair<int, json>> done;
    std::vector<Event> ev;
    for (int i = 0; i < n && !g.over(); ++i) {
        const int seat = g.awaiting()[0];
        const auto legal = g.legal_actions(seat);
        REQUIRE_FALSE(legal.empty());
        const json a = legal[uniform(rng, static_cast<uint32_t>(legal.size()))];
        const auto r = g.act(seat, a, ev);
        REQUIRE_FALSE(r);
        done.push_back({seat, a});
    }
    return done;
}

bool hidden_from(const Event& e, int seat) { return (e.visible & hexhall::core::seat_bit(seat)) == 0; }

}  // namespace

TEST_CASE("views show public facts and hide hands and deck order", "[SFC-0.4][SFC-0.1]") {
    auto g = create(4, 3);
    const State& s = *struggle_state(*g);
    const json v = g->view(1);
    CHECK(v["hand"] == cards_to_json(s.p[1].hand));
    CHECK(v["deckCount"] == static_cast<int>(s.deck.size()));
    CHECK(v["market"] == cards_to_json(s.market));
    CHECK(v["discardCount"] == 0);
    for (int i = 0; i < 4; ++i) CHECK(v["playerStates"][i]["handCount"] == 3);
    CHECK_FALSE(v.contains("deck"));
    const json spectator = g->view(kSpectator);
    CHECK_FALSE(spectator.contains("hand"));
    CHECK_FALSE(spectator.contains("known"));
}

TEST_CASE("non-interference: a seat's view does not change when only hidden information differs", "[SFC-0.4][SFC-3.9][SFC-5.6][SFC-9.8]") {
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        auto g = create(2 + static_cast<int>(seed % 5), seed);
        random_actions(*g, static_cast<int>(seed * 7 % 120), seed * 13);
        for (int seat = -1; seat < g->seats(); ++seat) {
            const json before = g->view(seat);
            for (uint64_t k = 0; k < 3; ++k) {
                auto other = g->determinize(seat, seed * 100 + k);
                CHECK(other->view(seat) == before);
            }
        }
    }
    // Two games that differ only in another player's hand and the deck order look the same to seat 0.
    State a = fresh(4, 21);
    State b = a;
    std::swap(b.p[2].hand, b.p[3].hand);
    std::reverse(b.deck.begin(), b.deck.end());
    CHECK(view_json(a, 0) == view_json(b, 0));
    CHECK(view_json(a, 2) != view_json(b, 2));
}

TEST_CASE("determinize keeps what the seat knows and redeals the rest", "[SFC-5.6][SFC-0.4]") {
    State s = fresh(4, 6);
    s.p[0].roads = 3;
    set_hand(s, 2, cards(0, 0, 3, 0, 0));
    to_trade(s, 0);
    REQUIRE_FALSE(act(s, 0, player_trade(2, 1), nullptr));
    REQUIRE_FALSE(act(s, 0, with_cards(MoveKind::GiveBack, s.p[0].hand[Ore] ? cards(0, 0, 1, 0, 0) : s.p[0].hand), nullptr));
    // seat 0 gave a card back to seat 2: seat 0 knows it is there
    CHECK(s.known[0][2].total() >= 1);
    for (uint64_t k = 0; k < 20; ++k) {
        const State d = determinize(s, 0, k);
        CHECK(d.p[2].hand.contains(s.known[0][2]));
        CHECK(all_resource_cards(d) == all_resource_cards(s));
        CHECK(d.p[0].hand == s.p[0].hand);
        for (int i = 0; i < 4; ++i) CHECK(d.p[i].hand.total() == s.p[i].hand.total());
    }
}

TEST_CASE("a blind draw is known only to the two players involved", "[SFC-5.6][SFC-0.4]") {
    auto g = create(4, 4);
    std::vector<Event> ev;
    State s = *struggle_state(*g);
    REQUIRE_FALSE(g->act(0, json{{"type", "tradePlayer"}, {"opponent", 2}, {"count", 1}}, ev));
    int private_events = 0;
    for (const Event& e : ev) {
        if (e.body.contains("cards")) {
            ++private_events;
            CHECK(e.visible == (hexhall::core::seat_bit(0) | hexhall::core::seat_bit(2)));
        } else {
            CHECK(hidden_from(e, 0));
            CHECK(hidden_from(e, 2));
            CHECK_FALSE(hidden_from(e, 1));
            CHECK((e.visible & hexhall::core::kSpectatorsBit) != 0);
        }
    }
    CHECK(private_events == 1);
    CHECK(g->view(0)["trade"].contains("drawn"));
    CHECK(g->view(2)["trade"].contains("drawn"));
    CHECK_FALSE(g->view(1)["trade"].contains("drawn"));
    CHECK_FALSE(g->view(kSpectator)["trade"].contains("drawn"));
    // the victim now knows that card is in seat 0's hand
    const json known = g->view(2)["known"]["0"];
    CHECK(known == g->view(0)["trade"]["drawn"]);
}

TEST_CASE("the library's look lays the opponent's hand face up for the whole table", "[SFC-9.8]") {
    State s = fresh(4, 5);
    s.p[0].roads = 3;
    s.p[0].expansions = 1u << static_cast<int>(Expansion::Library);
    to_trade(s, 0);
    auto g = make_struggle_game(s);
    std::vector<Event> ev;
    REQUIRE_FALSE(g->act(0, json{{"type", "tradePlayer"}, {"opponent", 1}, {"count", 1}, {"library", true}}, ev));
    int looks = 0;
    for (const Event& e : ev)
        if (e.body["type"] == "libraryLook") {
            ++looks;
            CHECK(e.visible == hexhall::core::kEveryone);  // 攤牌: face up for every player and spectator
            CHECK(e.body["hand"] == g->view(1)["hand"]);
        }
    CHECK(looks == 1);
    for (int seat : {0, 1, 2, 3, hexhall::core::kSpectator}) CHECK(g->view(seat)["trade"]["look"] == g->view(1)["hand"]);
    // Every player now knows that hand; a determinized copy keeps it for any seat and the spectator.
    CHECK(g->view(2)["known"]["1"] == g->view(1)["hand"]);
    for (int seat : {2, 3, hexhall::core::kSpectator})
        CHECK(g->determinize(seat, 99)->view(1)["hand"] == g->view(1)["hand"]);
    const auto legal = g->legal_actions(0);
    REQUIRE_FALSE(legal.empty());
    CHECK(legal[0]["type"] == "libraryPick");
}

TEST_CASE("deck draws are private to the drawer", "[SFC-5.4][SFC-10.1]") {
    auto g = create(3, 8);
    std::vector<Event> ev;
    REQUIRE_FALSE(g->act(0, json{{"type", "endTrade"}}, ev));
    REQUIRE_FALSE(g->act(0, json{{"type", "endBuild"}}, ev));
    bool saw_private = false, saw_twin = false;
    for (const Event& e : ev)
        if (e.body["type"] == "drew") {
            if (e.body.contains("cards")) {
                saw_private = true;
                CHECK(e.visible == hexhall::core::seat_bit(0));
            } else {
                saw_twin = true;
                CHECK(hidden_from(e, 0));
            }
        }
    CHECK(saw_private);
    CHECK(saw_twin);
}

TEST_CASE("rejections name the SFC rule; malformed actions are refused without a rule", "[SFC-4.2][SFC-6.3]") {
    auto g = create(4, 3);
    std::vector<Event> ev;
    auto r = g->act(1, json{{"type", "endTrade"}}, ev);
    REQUIRE(r);
    CHECK(r->rule == "SFC-4.2");
    r = g->act(0, json{{"type", "fly"}}, ev);
    REQUIRE(r);
    CHECK(r->rule.empty());
    r = g->act(0, json{{"type", "tradeDeck"}, {"give", {{"gold", 1}}}}, ev);
    REQUIRE(r);
    CHECK(r->message.find("gold") != std::string::npos);
    r = g->act(0, json{{"type", "endTrade"}, {"extra", 1}}, ev);
    REQUIRE(r);
    CHECK(r->message.find("extra") != std::string::npos);
    CHECK(ev.empty());
}

TEST_CASE("legal actions are all accepted and round-trip through JSON", "[SFC-4.1]") {
    for (uint64_t seed = 1; seed <= 30; ++seed) {
        auto g = create(2 + static_cast<int>(seed % 5), seed);
        random_actions(*g, static_cast<int>(seed * 11 % 200), seed);
        if (g->over()) continue;
        for (int seat : g->awaiting())
            for (const json& a : g->legal_actions(seat)) {
                std::string error;
                const auto m = move_from_json(a, error);
                REQUIRE(m);
                CHECK(move_to_json(*m) == a);
                auto copy = g->clone();
                std::vector<Event> ev;
                CHECK_FALSE(copy->act(seat, a, ev));
            }
    }
}

TEST_CASE("deterministic from options, seed and actions", "[SFC-3.5][SFC-3.2]") {
    for (uint64_t seed : {1u, 2u, 99u}) {
        auto a = create(5, seed);
        const auto actions = random_actions(*a, 400, seed + 5);
        auto b = create(5, seed);
        std::vector<Event> ev;
        for (const auto& [seat, act] : actions) REQUIRE_FALSE(b->act(seat, json::parse(act.dump()), ev));
        for (int seat = -1; seat < 5; ++seat) CHECK(a->view(seat) == b->view(seat));
        CHECK(struggle_state(*a)->deck == struggle_state(*b)->deck);
    }
}

TEST_CASE("thousands of random games keep cards conserved and VP consistent", "[SFC-1.1][SFC-11.1][SFC-11.3][SFC-10.2][SFC-10.4]") {
    std::vector<Move> scratch;
    int finished = 0;
    for (uint64_t g = 0; g < 3000; ++g) {
        const int players = 2 + static_cast<int>(g % 5);
        State s = new_game(players, static_cast<int>(g % players), provisional(), g);
        Rng rng = make_rng(g + 77);
        const int buildings0 = total_settlement_cards(s);
        int road_total = s.road_stack, knight_total = s.knight_stack;
        for (int i = 0; i < players; ++i) road_total += s.p[i].roads;
        int steps = 0;
        while (s.phase != Phase::Over && steps < 20000) {
            const int who = awaiting(s)[0];
            const Move m = random_move(s, who, rng, scratch);
            REQUIRE_FALSE(act(s, who, m, nullptr));
            ++steps;
            if (steps % 16 == 0 || s.phase == Phase::Over) {
                REQUIRE(all_resource_cards(s).n == kResourceCopies);
                REQUIRE(s.market.total() == 5);
                REQUIRE(total_settlement_cards(s) == buildings0);
                int roads = s.road_stack, knights = s.knight_stack;
                for (int i = 0; i < players; ++i) {
                    roads += s.p[i].roads;
                    knights += s.p[i].knights;
                    REQUIRE(s.p[i].hand.nonnegative());
                    for (int x = 0; x < players; ++x) REQUIRE(s.p[x].hand.contains(s.known[i][x]));
                    if (s.phase != Phase::Over) REQUIRE(vp(s, i) < kWinningVp);
                }
                REQUIRE(roads == road_total);
                REQUIRE(knights == knight_total);
            }
        }
        // Uniform random play can lock a 2-player game for good (all cards in one hand, nothing
        // left to build for its holder); such games are cut off and counted.
        if (s.phase != Phase::Over) continue;
        CHECK(vp(s, s.winner) >= kWinningVp);
        ++finished;
    }
    CHECK(finished >= 2995);
}

TEST_CASE("bots answer with legal actions on determinized copies; heuristic beats random", "[SFC-4.1]") {
    for (const char* name : {"random", "heuristic", "search"}) {
        auto bot = struggle_module().make_bot(name, 3);
        REQUIRE(bot);
        CHECK(std::string(bot->name()) == name);
    }
    CHECK_FALSE(struggle_module().make_bot("nope", 1));
    int heuristic_wins = 0;
    const int games = 20;
    for (int g = 0; g < games; ++g) {
        auto game = create(2, static_cast<uint64_t>(g));
        auto h = struggle_module().make_bot("heuristic", static_cast<uint64_t>(g));
        auto r = struggle_module().make_bot("random", static_cast<uint64_t>(g) + 100);
        const int hseat = g % 2;
        std::vector<Event> ev;
        for (int step = 0; step < 20000 && !game->over(); ++step) {
            const int seat = game->awaiting()[0];
            auto copy = game->determinize(seat, static_cast<uint64_t>(step));
            const json a = (seat == hseat ? *h : *r).decide(*copy, seat);
            REQUIRE_FALSE(game->act(seat, a, ev));
        }
        REQUIRE(game->over());
        heuristic_wins += game->outcome().winners[0] == hseat;
    }
    CHECK(heuristic_wins >= 17);
}

TEST_CASE("the search bot's choices are legal and fixed by its seed", "[SFC-4.1][SFC-0.4]") {
    auto game = create(4, 12);
    auto a = struggle_module().make_bot("search", 5);
    auto b = struggle_module().make_bot("search", 5);
    auto h = struggle_module().make_bot("heuristic", 6);
    std::vector<Event> ev;
    int searched = 0;
    for (int step = 0; step < 400 && !game->over() && searched < 12; ++step) {
        const int seat = game->awaiting()[0];
        auto copy = game->determinize(seat, static_cast<uint64_t>(step) + 1);
        json action;
        if (seat == 0) {
            action = a->decide(*copy, seat);
            CHECK(b->decide(*copy, seat) == action);
            const auto legal = game->legal_actions(seat);
            CHECK(std::find(legal.begin(), legal.end(), action) != legal.end());
            ++searched;
        } else {
            action = h->decide(*copy, seat);
        }
        REQUIRE_FALSE(game->act(seat, action, ev));
    }
    CHECK(searched == 12);
}

TEST_CASE("in full games every secret in an event reaches only the players entitled to it", "[SFC-0.4][SFC-5.6][SFC-9.8][SFC-9.10][SFC-10.1]") {
    int private_seen = 0;
    for (uint64_t seed = 1; seed <= 60; ++seed) {
        const int players = 2 + static_cast<int>(seed % 5);
        auto g = create(players, seed);
        auto bot = struggle_module().make_bot("heuristic", seed);
        std::vector<Event> ev;
        for (int step = 0; step < 5000 && !g->over(); ++step) {
            const int seat = g->awaiting()[0];
            auto copy = g->determinize(seat, seed * 7 + static_cast<uint64_t>(step));
            ev.clear();
            REQUIRE_FALSE(g->act(seat, bot->decide(*copy, seat), ev));
            for (const Event& e : ev) {
                const std::string type = e.body["type"];
                if (type == "libraryLook" && e.body.contains("hand")) {  // SFC-9.8: laid face up for everybody
                    CHECK(e.visible == hexhall::core::kEveryone);
                    continue;
                }
                const bool secret = e.body.contains("hand") ||
                                    (e.body.contains("cards") && e.body["cards"].is_object() && type != "discarded");
                if (!secret) continue;
                ++private_seen;
                Visibility allowed = hexhall::core::seat_bit(e.body["seat"].get<int>());
                for (const char* k : {"from", "to", "opponent"})
                    if (e.body.contains(k)) allowed |= hexhall::core::seat_bit(e.body[k].get<int>());
                CHECK(e.visible == allowed);
                CHECK((e.visible & hexhall::core::kSpectatorsBit) == 0);
            }
        }
        CHECK(g->over());
    }
    CHECK(private_seen > 1000);
}
