// The JSON module: options, actions, views, events, determinize, outcome, bots (GameRules contract).
#include "scenario.hpp"

#include "games/carcassonne/module.hpp"

using namespace carcassonne_test;
using hexhall::core::json;
namespace core = hexhall::core;

static std::unique_ptr<core::GameRules> make(const json& options, uint64_t seed) {
    std::string error;
    auto g = carcassonne_module().create(options, seed, error);
    INFO(error);
    REQUIRE(g);
    return g;
}

TEST_CASE("module: name, seats 2-5, bots", "[CAR-1.4][module]") {
    const auto& m = carcassonne_module();
    CHECK(m.name == "carcassonne");
    CHECK(m.min_seats == 2);
    CHECK(m.max_seats == 5);
    for (auto name : m.bots) CHECK(m.make_bot(name, 1));
    CHECK(m.make_bot(m.takeover_bot, 1));
    CHECK_FALSE(m.make_bot("nonsense", 1));
}

TEST_CASE("options: defaults, the third-edition preset, switches one by one, unknown keys refused", "[CAR-9.1][CAR-1.4][CAR-2.3]") {
    auto g = make(json::object(), 1);
    CHECK(g->options() == json{{"players", 2}, {"firstPlayer", 0}, {"preset", "second-edition"}, {"tinyCity", 2},
                               {"unfinishedPennants", 0}, {"fieldScoring", "perPlayer"}});
    auto t = make(json{{"players", 4}, {"preset", "third-edition"}}, 1);
    CHECK(t->options()["tinyCity"] == 4);
    CHECK(t->options()["unfinishedPennants"] == 1);
    CHECK(t->options()["fieldScoring"] == "perField");
    CHECK(t->seats() == 4);
    auto one = make(json{{"tinyCity", 4}}, 1);
    CHECK(one->options()["preset"] == "custom");
    CHECK(one->options()["fieldScoring"] == "perPlayer");
    // The normal form starts the same game again.
    auto again = make(t->options(), 1);
    CHECK(again->options() == t->options());
    CHECK(again->view(0) == t->view(0));
    std::string error;
    const auto& m = carcassonne_module();
    for (const json& bad : {json{{"players", 1}}, json{{"players", 6}}, json{{"colour", "red"}}, json{{"tinyCity", 3}},
                            json{{"preset", "first-edition"}}, json{{"fieldScoring", "perCity"}},
                            json{{"firstPlayer", 2}}, json::array()}) {
        error.clear();
        CHECK_FALSE(m.create(bad, 1, error));
        CHECK_FALSE(error.empty());
    }
    m.create(json{{"colour", "red"}}, 1, error);
    CHECK(error.find("colour") != std::string::npos);
    auto third_seat = make(json{{"players", 3}, {"firstPlayer", 2}}, 1);
    CHECK(third_seat->awaiting() == std::vector<int>{2});
}

TEST_CASE("view: the same for every seat and spectators, tile shown, counts public, no bag order", "[CAR-4.6][CAR-4.1][module]") {
    auto g = make(json{{"players", 3}}, 9);
    const json v = g->view(0);
    CHECK(v == g->view(1));
    CHECK(v == g->view(core::kSpectator));
    CHECK(v["tile"].is_string());
    CHECK(v["phase"] == "place");
    CHECK(v["bagCount"] == 70);
    int remaining = 0;
    for (auto& [k, n] : v["remaining"].items()) remaining += n.get<int>();
    CHECK(remaining == 70);
    CHECK(v["board"].size() == 1);
    CHECK(v["board"][0] == json{{"x", 0}, {"y", 0}, {"tile", "D"}, {"rotation", 0}});
    CHECK_FALSE(v.contains("bag"));
    CHECK(v["placements"].size() > 0);
    // Determinize: same view for the seat, the face-down order drawn again.
    auto d = g->determinize(1, 12345);
    CHECK(d->view(1) == v);
    CHECK(d->view(0) == v);
    const Game* a = typed_game(*g);
    const Game* b = typed_game(*d);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->unseen_counts() == b->unseen_counts());
    Rng r1(3), r2(3);
    Game ga = *a, gb = *b;
    std::vector<int> da, db;
    while (!ga.over()) {
        if (ga.phase() == Phase::Place) da.push_back(ga.current_tile());
        ga.random_step(r1);
    }
    while (!gb.over()) {
        if (gb.phase() == Phase::Place) db.push_back(gb.current_tile());
        gb.random_step(r2);
    }
    CHECK(da != db);
}

TEST_CASE("legal actions are all accepted; a full game through JSON; rejections name the rule", "[CAR-3.1][CAR-4.5][CAR-2.3][module]") {
    auto g = make(json{{"players", 2}}, 4);
    std::vector<core::Event> events;
    // Wrong seat, wrong phase, malformed.
    auto r = g->act(1, json{{"type", "place"}, {"x", 0}, {"y", 1}, {"rotation", 0}}, events);
    REQUIRE(r);
    CHECK(r->rule == "CAR-2.3");
    r = g->act(0, json{{"type", "pass"}}, events);
    REQUIRE(r);
    CHECK(r->rule == "CAR-4.5");
    r = g->act(0, json{{"type", "follower"}, {"spot", 0}}, events);
    REQUIRE(r);
    CHECK(r->rule == "CAR-3.1");
    r = g->act(0, json{{"type", "place"}, {"x", "0"}}, events);
    REQUIRE(r);
    CHECK(r->rule.empty());
    r = g->act(0, json{{"type", "place"}, {"x", 5}, {"y", 5}, {"rotation", 0}}, events);
    REQUIRE(r);
    CHECK(r->rule == "CAR-4.2");
    CHECK(events.empty());
    Rng rng(8);
    int actions = 0;
    while (!g->over()) {
        const int seat = g->awaiting().front();
        const auto legal = g->legal_actions(seat);
        REQUIRE_FALSE(legal.empty());
        CHECK(g->legal_actions(1 - seat).empty());
        const json a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        auto rej = g->act(seat, a, events);
        INFO(a.dump());
        REQUIRE_FALSE(rej);
        ++actions;
    }
    CHECK(g->awaiting().empty());
    const core::Outcome o = g->outcome();
    CHECK(o.scores.size() == 2);
    CHECK_FALSE(o.winners.empty());
    CHECK(events.back().body["type"] == "gameOver");
    int sum = 0;
    for (const auto& e : events) {
        CHECK(e.visible == core::kEveryone);
        if (e.body["type"] == "scored" || e.body["type"] == "fieldScored") {
            CHECK(e.body["why"].is_string());
            CHECK(e.body["rule"].get<std::string>().rfind("CAR-", 0) == 0);
            for (auto& p : e.body["points"]) sum += p.get<int>();
        }
    }
    CHECK(sum == o.scores[0] + o.scores[1]);
    CHECK(g->act(0, json{{"type", "pass"}}, events)->rule == "CAR-8.1");
}

TEST_CASE("determinism and restore: options, seed and the accepted actions rebuild the game", "[determinism][module]") {
    const json options{{"players", 3}, {"preset", "third-edition"}};
    auto g = make(options, 77);
    std::vector<json> log;
    std::vector<core::Event> events;
    Rng rng(1);
    int step = 0;
    while (!g->over()) {
        const int seat = g->awaiting().front();
        const auto legal = g->legal_actions(seat);
        const json a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
        REQUIRE_FALSE(g->act(seat, a, events));
        log.push_back(json{{"seat", seat}, {"action", a.dump()}});
        if (++step == 40) {
            auto partial = make(g->options(), 77);
            std::vector<core::Event> ev2;
            for (const json& l : log) REQUIRE_FALSE(partial->act(l["seat"], json::parse(l["action"].get<std::string>()), ev2));
            CHECK(partial->view(core::kSpectator) == g->view(core::kSpectator));
        }
    }
    auto replay = make(g->options(), 77);
    std::vector<core::Event> ev2;
    for (const json& l : log) REQUIRE_FALSE(replay->act(l["seat"], json::parse(l["action"].get<std::string>()), ev2));
    CHECK(replay->view(0) == g->view(0));
    CHECK(replay->outcome().scores == g->outcome().scores);
    REQUIRE(ev2.size() == events.size());
    for (size_t i = 0; i < events.size(); ++i) CHECK(ev2[i].body == events[i].body);
}

TEST_CASE("a refused action changes nothing (non-interference)", "[module]") {
    auto g = make(json{{"players", 2}}, 5);
    const json before = g->view(core::kSpectator);
    std::vector<core::Event> events;
    for (const json& bad : {json{{"type", "place"}, {"x", 0}, {"y", 0}, {"rotation", 0}},
                            json{{"type", "place"}, {"x", 0}, {"y", 1}, {"rotation", 7}},
                            json{{"type", "follower"}, {"spot", 1}}, json{{"type", "dance"}}, json("place")})
        CHECK(g->act(0, bad, events));
    CHECK(events.empty());
    CHECK(g->view(core::kSpectator) == before);
}

TEST_CASE("follower step in the view: the legal spots of the placed tile", "[CAR-5.1][CAR-5.2][module]") {
    auto g = make(json{{"players", 2}}, 11);
    std::vector<core::Event> events;
    // Place somewhere that leaves a follower choice.
    for (const json& a : g->legal_actions(0)) {
        auto copy = g->clone();
        REQUIRE_FALSE(copy->act(0, a, events));
        if (copy->view(0)["phase"] == "follower") {
            const json v = copy->view(0);
            const auto legal = copy->legal_actions(0);
            CHECK(legal.back() == json{{"type", "pass"}});
            CHECK(v["spots"].size() + 1 == legal.size());
            for (const json& s : v["spots"]) {
                CHECK(s["feature"].is_string());
                CHECK(s["spot"].is_number_integer());
            }
            CHECK(v["placed"]["x"] == a["x"]);
            return;
        }
    }
    FAIL("no placement left a follower choice");
}

TEST_CASE("bots play legal moves on determinized copies to the end", "[bots][module]") {
    const auto& m = carcassonne_module();
    for (const char* name : {"random", "heuristic", "search:200"}) {
        auto g = make(json{{"players", 2}}, 3);
        auto bot = m.make_bot(name, 5);
        auto other = m.make_bot("random", 6);
        REQUIRE(bot);
        std::vector<core::Event> events;
        uint64_t s = 1;
        while (!g->over()) {
            const int seat = g->awaiting().front();
            auto det = g->determinize(seat, ++s);
            const json a = (seat == 0 ? bot : other)->decide(*det, seat);
            auto rej = g->act(seat, a, events);
            INFO(name << " " << a.dump() << " " << (rej ? rej->rule + " " + rej->message : ""));
            REQUIRE_FALSE(rej);
        }
    }
}

TEST_CASE("heuristic self-play passes 50 points: scores are plain integers", "[CAR-6.10][bots]") {
    Options o;
    Game g = Game::create(o, 21);
    while (!g.over()) {
        const Decision d = heuristic_decide(g, g.current_player());
        if (d.is_place) REQUIRE_FALSE(g.place(d.placement, nullptr));
        else REQUIRE_FALSE(g.deploy(d.spot, nullptr));
    }
    CHECK(std::max(g.score(0), g.score(1)) > 50);
}
