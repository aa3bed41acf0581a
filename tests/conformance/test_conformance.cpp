// The conformance suite every registered game runs (docs/architecture.md, "Games"): each registered
// GameModule (server/games.cpp, plus the test-only games of tests/games/) is a subject; registering
// a module adds it here. Through the Game interface: random play to the end with built-in bots,
// patch ∘ snapshot == next snapshot with a matching digest for every seat and the spectator,
// determinism, restore == replay. Through the pure rules (modules written as rules): determinize
// keeps what the seat knows and redraws what it does not, a seat's view after its own action does not
// depend on hidden information, and refusals name a rule and change nothing.
#include <chrono>
#include <random>

#include <catch2/catch.hpp>

#include "core/envelope.hpp"
#include "tests/conformance/event_leaks.hpp"
#include "tests/games/goofspiel/goofspiel.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::Game;
using hexhall::core::GameModule;
using hexhall::core::GameRules;
using hexhall::core::GameType;
using hexhall::core::GameUpdate;
using hexhall::core::json;
using hexhall::core::kSpectator;
using hexhall::core::StoredAction;

constexpr int kMaxActions = 20000;

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<const GameModule*> subjects() {
    std::vector<const GameModule*> out;
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules()) out.push_back(&m);
    return out;
}

json request_for(const GameModule& m, uint64_t seed) { return {{"game", m.name}, {"seed", seed}}; }

std::unique_ptr<Game> create(const GameModule& m, uint64_t seed) {
    std::string error;
    std::unique_ptr<Game> g = m.create(request_for(m, seed), error);
    INFO(m.name << ": " << error);
    REQUIRE(g);
    return g;
}

// A client's copy of one stream: the snapshot's view, then every patch applied to it.
struct Follower {
    int seat;
    json view;
    uint64_t version = 0;
    void snapshot(const std::string& game, const json& s) {
        REQUIRE(s.at("type") == "snapshot");
        REQUIRE(s.at("game") == game);
        view = s.at(game).at("view");
        version = s.at("version").get<uint64_t>();
        REQUIRE(s.at("digest") == hexhall::core::view_digest(view));
        REQUIRE(s.at(game).contains("legal") == (seat >= 0));
    }
    void patch(const std::string& game, const json& p) {
        REQUIRE(p.at("type") == "patch");
        REQUIRE(p.at("from").get<uint64_t>() == version);
        REQUIRE(p.at("to").get<uint64_t>() == version + 1);
        view = view.patch(p.at("ops"));
        version = p.at("to").get<uint64_t>();
        REQUIRE(p.at("digest") == hexhall::core::view_digest(view));  // patch ∘ snapshot has the server's digest
        REQUIRE(p.at(game).at("events").is_array());
        REQUIRE(p.at(game).contains("legal") == (seat >= 0));
    }
};

// Plays a game to its end with the module's takeover bot in every seat; returns the records.
struct Played {
    std::vector<StoredAction> records;
    std::vector<int> actors;  // per record
    std::vector<std::vector<std::string>> snapshots;  // per action: every seat's and the spectator's snapshot
};
Played play(const GameModule& m, Game& g, bool check_streams, size_t keep_snapshots_until = 0) {
    Played out;
    const std::string name = m.name;
    for (int p = 0; p < g.seats(); ++p) REQUIRE(g.set_bot(p, m.takeover_bot, 1000 + static_cast<uint64_t>(p)));
    g.begin(now_ms(), 1.0);
    out.records = g.take_begin_records();
    out.actors.assign(out.records.size(), hexhall::core::kSpectatorSeat);
    std::vector<Follower> followers;
    for (int p = -1; p < g.seats(); ++p) {
        followers.push_back(Follower{p, json(), 0});
        followers.back().snapshot(name, json::parse(*g.snapshot(p)));
    }
    while (!g.over()) {
        INFO(name << " after " << out.records.size() << " actions");
        REQUIRE(out.records.size() < static_cast<size_t>(kMaxActions));
        std::optional<GameUpdate> u = g.bot_step();
        REQUIRE(u);  // a bot is always awaited until the game is over
        REQUIRE(u->seats.size() == static_cast<size_t>(g.seats()));
        out.records.push_back({u->record, u->game_ms});
        out.actors.push_back(u->actor);
        if (out.records.size() <= keep_snapshots_until) {
            std::vector<std::string> all;
            for (int p = -1; p < g.seats(); ++p) all.push_back(*g.snapshot(p));
            out.snapshots.push_back(std::move(all));
        }
        if (!check_streams) continue;
        for (Follower& f : followers) {
            f.patch(name, json::parse(f.seat < 0 ? *u->spectators : *u->seats[static_cast<size_t>(f.seat)]));
            const json fresh = json::parse(*g.snapshot(f.seat));
            REQUIRE(fresh.at(name).at("view") == f.view);  // patch ∘ snapshot == next snapshot
            REQUIRE(fresh.at("version").get<uint64_t>() == f.version);
        }
    }
    return out;
}

}  // namespace

TEST_CASE("conformance: every registered game plays to its end; patch ∘ snapshot == snapshot for every seat and the spectator",
          "[conformance]") {
    for (const GameModule* m : subjects()) {
        SECTION(m->name) {
            std::unique_ptr<Game> g = create(*m, 11);
            CHECK(g->name() == m->name);
            CHECK(g->seats() >= m->min_seats);
            CHECK(g->seats() <= m->max_seats);
            CHECK(m->max_seats <= hexhall::core::kMaxSeats);  // every seat can be named in a message
            CHECK_FALSE(g->outcome());
            const Played p = play(*m, *g, /*check_streams=*/true);
            REQUIRE(g->over());
            const auto o = g->outcome();
            REQUIRE(o);
            CHECK_FALSE(o->winners.empty());
            CHECK(o->scores.size() == static_cast<size_t>(g->seats()));
            for (int w : o->winners) CHECK((w >= 0 && w < g->seats()));
            CHECK(g->bot_step() == std::nullopt);  // nothing to do after the end
        }
    }
}

TEST_CASE("conformance: same seed and same bots give the same game", "[conformance]") {
    for (const GameModule* m : subjects()) {
        SECTION(m->name) {
            std::unique_ptr<Game> a = create(*m, 21), b = create(*m, 21);
            const Played pa = play(*m, *a, false), pb = play(*m, *b, false);
            REQUIRE(pa.records.size() == pb.records.size());
            for (size_t i = 0; i < pa.records.size(); ++i) REQUIRE(pa.records[i].record == pb.records[i].record);
            for (int s = -1; s < a->seats(); ++s) CHECK(*a->snapshot(s) == *b->snapshot(s));
            CHECK(a->setup() == b->setup());
        }
    }
}

TEST_CASE("conformance: restore == replay (a recreated game with the stored actions equals the live game)",
          "[conformance]") {
    for (const GameModule* m : subjects()) {
        SECTION(m->name) {
            std::unique_ptr<Game> live = create(*m, 31);
            const size_t keep = 40;
            const Played p = play(*m, *live, false, keep);
            for (size_t n : {size_t{0}, size_t{1}, std::min(keep, p.records.size()), p.records.size()}) {
                INFO(m->name << ": restored after " << n << " actions");
                std::string error;
                std::unique_ptr<Game> g = m->recreate(request_for(*m, 31), live->setup(), live->seed(), error);
                INFO(error);
                REQUIRE(g);
                CHECK(g->setup() == live->setup());
                CHECK(g->seed() == live->seed());
                std::vector<StoredAction> prefix(p.records.begin(), p.records.begin() + static_cast<std::ptrdiff_t>(n));
                REQUIRE(g->restore(prefix, error));
                if (n == p.records.size()) {
                    CHECK(g->over());
                    for (int s = -1; s < live->seats(); ++s) CHECK(*g->snapshot(s) == *live->snapshot(s));
                    CHECK(g->outcome()->winners == live->outcome()->winners);
                } else if (n > 0) {
                    for (int s = -1; s < live->seats(); ++s)
                        CHECK(*g->snapshot(s) == p.snapshots[n - 1][static_cast<size_t>(s + 1)]);
                }
            }
            // A refused record stops the restore with an error.
            std::string error;
            std::unique_ptr<Game> g = m->recreate(request_for(*m, 31), live->setup(), live->seed(), error);
            REQUIRE(g);
            CHECK_FALSE(g->restore({{"not a record", 0}}, error));
            CHECK_FALSE(error.empty());
        }
    }
}

TEST_CASE("conformance: record entries convert back to the same record lines", "[conformance]") {
    for (const GameModule* m : subjects()) {
        SECTION(m->name) {
            std::unique_ptr<Game> g = create(*m, 41);
            const Played p = play(*m, *g, false);
            std::string error;
            std::unique_ptr<Game> again = m->recreate(request_for(*m, 41), g->setup(), g->seed(), error);
            REQUIRE(again);
            for (size_t i = 0; i < p.records.size(); ++i) {
                const json entry = m->record_entry(p.actors[i], p.records[i].record);
                CHECK(entry.at("seat") == p.actors[i]);
                std::string line;
                INFO(entry.dump());
                REQUIRE(m->record_line(entry, p.actors[i], line, error));
                CHECK(line == p.records[i].record);
                REQUIRE(again->apply_record(line, error));
            }
            CHECK(again->over() == g->over());
        }
    }
}

// ---------------------------------------------------------------- the pure rules

namespace {

std::vector<const GameModule*> rules_subjects() {
    std::vector<const GameModule*> out;
    for (const GameModule* m : subjects())
        if (m->rules) out.push_back(m);
    return out;
}

std::vector<json> views_of(const GameRules& g) {
    std::vector<json> v;
    for (int s = -1; s < g.seats(); ++s) v.push_back(g.view(s));
    return v;
}

}  // namespace

TEST_CASE("conformance: determinize keeps what a seat knows and redraws what it does not; the seat's view "
          "after its own action does not depend on hidden information",
          "[conformance][noninterference]") {
    for (const GameModule* gm : rules_subjects()) {
        SECTION(gm->name) {
            const auto& rm = *gm->rules;
            for (int players = rm.min_seats; players <= rm.max_seats; ++players) {
                std::string error;
                std::unique_ptr<GameRules> g = rm.create({{"players", players}}, 51 + players, error);
                INFO(gm->name << " with " << players << " players: " << error);
                REQUIRE(g);
                CHECK(g->seats() == players);
                const bool perfect = rm.type.information == GameType::Information::Perfect;
                // What the adapter relies on to build one view for everybody (GameType::same_view).
                const bool same_view = perfect || rm.type.same_view;
                const auto require_one_view = [&] {
                    for (int q = 0; q < players; ++q) REQUIRE(g->view(q) == g->view(kSpectator));
                };
                if (same_view) require_one_view();
                std::mt19937_64 rng(7);
                int hidden_seen = 0, steps = 0;
                while (!g->over()) {
                    REQUIRE(++steps < kMaxActions);
                    const std::vector<int> waiting = g->awaiting();
                    REQUIRE_FALSE(waiting.empty());
                    // A sequential game awaits one seat at a time (GameType::Dynamics).
                    if (rm.type.dynamics == GameType::Dynamics::Sequential) REQUIRE(waiting.size() == 1);
                    const int seat = waiting[rng() % waiting.size()];
                    const std::vector<json> legal = g->legal_actions(seat);
                    REQUIRE_FALSE(legal.empty());
                    const json action = legal[rng() % legal.size()];
                    // The deciding seat and one other seat at every step (every seat over a game).
                    const int other = (seat + 1 + static_cast<int>(rng() % (players - 1))) % players;
                    for (int p : {seat, other}) {
                        std::unique_ptr<GameRules> d = g->determinize(p, rng());
                        // What the seat knows is the same; so is what everybody knows.
                        REQUIRE(d->view(p) == g->view(p));
                        REQUIRE(d->view(kSpectator) == g->view(kSpectator));
                        REQUIRE(d->legal_actions(p) == g->legal_actions(p));
                        REQUIRE(d->awaiting() == g->awaiting());
                        REQUIRE(d->over() == g->over());
                        bool differs = false;
                        for (int q = 0; q < players; ++q) differs |= q != p && d->view(q) != g->view(q);
                        hidden_seen += differs;
                        if (perfect) REQUIRE_FALSE(differs);  // nothing hidden: nothing to draw again
                        if (p == seat) {
                            // The seat's own action is as good in every world it cannot tell apart.
                            // What follows may differ: an action can reveal what was hidden (a draw,
                            // a city's face-down side), and that decides the next events and waits.
                            std::vector<hexhall::core::Event> ev_real, ev_copy;
                            std::unique_ptr<GameRules> real = g->clone();
                            REQUIRE_FALSE(real->act(seat, action, ev_real));
                            REQUIRE_FALSE(d->act(seat, action, ev_copy));
                            for (const auto& e : ev_copy) REQUIRE(e.body.is_object());
                            if (perfect) REQUIRE(d->view(kSpectator) == real->view(kSpectator));
                            // Hidden from every seat (a bag's order) shows once the action reveals it.
                            hidden_seen += d->view(kSpectator) != real->view(kSpectator);
                        }
                        // Determinizing is itself deterministic (checked on every 8th step).
                        if (steps % 8 != 0) continue;
                        const uint64_t s = rng();
                        REQUIRE(g->determinize(p, s)->view(kSpectator) == g->determinize(p, s)->view(kSpectator));
                        for (int q = 0; q < players; ++q)
                            REQUIRE(g->determinize(p, s)->view(q) == g->determinize(p, s)->view(q));
                    }
                    std::vector<hexhall::core::Event> events;
                    REQUIRE_FALSE(g->act(seat, action, events));
                    for (const auto& e : events) {
                        REQUIRE(e.body.is_object());
                        if (perfect) REQUIRE(e.visible == hexhall::core::kEveryone);  // nobody is told a secret
                    }
                    // A game with no hidden information, or one whose secrets are hidden from
                    // everybody (same_view), shows every seat what the spectator sees.
                    if (same_view) require_one_view();
                }
                // The copies did redraw hidden information (seen in a view now or later): only where the
                // game declares some (GameType::Information, as OpenSpiel's GameType does).
                if (!perfect) CHECK(hidden_seen > 0);
            }
        }
    }
}

TEST_CASE("conformance: a refusal names its rule and changes nothing", "[conformance]") {
    for (const GameModule* gm : rules_subjects()) {
        SECTION(gm->name) {
            std::string error;
            std::unique_ptr<GameRules> g = gm->rules->create({{"players", gm->rules->min_seats}}, 61, error);
            REQUIRE(g);
            const std::vector<json> before = views_of(*g);
            const int seat = g->awaiting().front();
            const json action = g->legal_actions(seat).front();
            std::vector<hexhall::core::Event> events;
            int refused = 0;
            for (int other = 0; other < g->seats(); ++other) {
                const auto& w = g->awaiting();
                if (std::find(w.begin(), w.end(), other) != w.end()) continue;
                const auto r = g->act(other, action, events);  // not its turn
                REQUIRE(r);
                CHECK_FALSE(r->rule.empty());
                CHECK_FALSE(r->message.empty());
                ++refused;
            }
            const auto malformed = g->act(seat, json{{"type", 42}}, events);
            REQUIRE(malformed);
            CHECK(events.empty());
            CHECK(views_of(*g) == before);
            if (refused == 0) {
                // Every seat is awaited (simultaneous moves): once the seat has acted, its second
                // action is refused with a rule and changes nothing.
                REQUIRE(gm->rules->type.dynamics == GameType::Dynamics::Simultaneous);
                REQUIRE_FALSE(g->act(seat, action, events));
                const auto w = g->awaiting();
                REQUIRE(std::find(w.begin(), w.end(), seat) == w.end());
                const std::vector<json> after = views_of(*g);
                events.clear();
                const auto again = g->act(seat, action, events);
                REQUIRE(again);
                CHECK_FALSE(again->rule.empty());
                CHECK(events.empty());
                CHECK(views_of(*g) == after);
            }
            // Unknown options are refused with their name.
            CHECK_FALSE(gm->rules->create({{"noSuchOption", 1}}, 1, error));
            CHECK_THAT(error, Catch::Contains("noSuchOption"));
            CHECK(gm->rules->make_bot(gm->rules->takeover_bot, 1));
            for (std::string_view b : gm->rules->bots) CHECK(gm->rules->make_bot(b, 1));
            CHECK_FALSE(gm->rules->make_bot("no such bot", 1));
        }
    }
}

TEST_CASE("conformance: a viewer's events tell it nothing its view does not (hidden state and hidden choices "
          "resampled, every seat's and the spectator's events compared)",
          "[conformance][noninterference]") {
    for (const GameModule* gm : rules_subjects()) {
        SECTION(gm->name) {
            for (int players = gm->rules->min_seats; players <= gm->rules->max_seats; ++players) {
                const auto leak = hexhall::test::find_event_leak(*gm->rules, players, 71 + static_cast<uint64_t>(players));
                INFO(gm->name << " with " << players << " players: " << leak.value_or(""));
                CHECK_FALSE(leak);
            }
        }
    }
}

TEST_CASE("conformance: the event check catches a planted leak (a secret bid told to everyone)", "[conformance][noninterference]") {
    for (int players = 2; players <= 4; ++players) {
        const auto leak = hexhall::test::find_event_leak(hexhall::test::goofspiel::leaky_module(), players, 5);
        REQUIRE(leak);
        INFO(*leak);
        CHECK_THAT(*leak, Catch::Contains("\"type\":\"bid\"") && Catch::Contains("\"card\""));
        // The same game without the leak passes.
        CHECK_FALSE(hexhall::test::find_event_leak(hexhall::test::goofspiel::module(), players, 5));
    }
}

TEST_CASE("conformance: a game without chance is the same game for every seed", "[conformance]") {
    for (const GameModule* gm : rules_subjects()) {
        if (gm->rules->type.chance) continue;
        SECTION(gm->name) {
            std::string error;
            auto a = gm->rules->create({{"players", gm->rules->min_seats}}, 1, error);
            auto b = gm->rules->create({{"players", gm->rules->min_seats}}, 987654321, error);
            REQUIRE(a);
            REQUIRE(b);
            CHECK(views_of(*a) == views_of(*b));
        }
    }
}
