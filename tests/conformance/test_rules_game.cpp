// The adapter from pure rules to a room's Game (core/rules_game.hpp), over every registered module
// written as rules: the envelope's replies (ack, illegal_action with the rule, spectators), events
// filtered by visibility, the turn clock whose timeout the takeover bot decides (recorded like any
// action), and record lines.
#include <algorithm>
#include <chrono>

#include <catch2/catch.hpp>

#include "core/envelope.hpp"
#include "tests/games/test_games.hpp"

namespace {

using hexhall::core::Game;
using hexhall::core::GameMessage;
using hexhall::core::GameModule;
using hexhall::core::json;

int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<const GameModule*> rules_modules() {
    std::vector<const GameModule*> out;
    for (const GameModule& m : hexhall::test::registry_with_test_games().modules())
        if (m.rules) out.push_back(&m);
    return out;
}

GameMessage action(int64_t id, json payload) {
    GameMessage m;
    m.kind = GameMessage::Kind::Action;
    m.id = id;
    m.payload = std::move(payload);
    return m;
}

}  // namespace

TEST_CASE("rules game: acks, refusals with their rule, spectators, events by visibility", "[conformance][rules_game]") {
    for (const GameModule* m : rules_modules()) {
        SECTION(m->name) {
            std::string error;
            std::unique_ptr<Game> g = m->create({{"seed", 3}}, error);
            REQUIRE(g);
            g->begin(now_ms(), 1.0);
            const json snap = json::parse(*g->snapshot(0, 5));
            CHECK(snap.at("id") == 5);
            const std::vector<int> waiting = m->rules->create(g->options(), 3, error)->awaiting();
            REQUIRE_FALSE(waiting.empty());
            const int seat = waiting.front();
            // A seat that is not awaited (with simultaneous moves every seat may be: then the seat
            // itself once it has acted).
            int other = -1;
            for (int p = 0; p < g->seats() && other < 0; ++p)
                if (std::find(waiting.begin(), waiting.end(), p) == waiting.end()) other = p;
            if (other < 0) CHECK(m->type.dynamics == hexhall::core::GameType::Dynamics::Simultaneous);
            const json legal = json::parse(*g->snapshot(seat)).at(m->name).at("legal");
            REQUIRE(legal.is_array());
            REQUIRE_FALSE(legal.empty());
            // A seat's action is refused with the rule when it is not awaited; nothing changes.
            auto refused_with_rule = [&](int who, int64_t id) {
                const json before = json::parse(*g->snapshot(hexhall::core::kSpectatorSeat));
                const auto refused = g->handle(who, action(id, legal[0]));
                CHECK_FALSE(refused.update);
                const json e = json::parse(*refused.reply);
                CHECK(e.at("code") == "illegal_action");
                CHECK_FALSE(e.at("rule").get<std::string>().empty());
                CHECK(e.at("id") == id);
                CHECK(json::parse(*g->snapshot(hexhall::core::kSpectatorSeat)) == before);
            };

            // A spectator may not act; another seat's turn is refused with the rule; nothing changes.
            json r = json::parse(*g->handle(hexhall::core::kSpectatorSeat, action(1, legal[0])).reply);
            CHECK(r.at("code") == "spectator");
            if (other >= 0) refused_with_rule(other, 2);
            // Malformed input gets the envelope's codes and no rule, the same in every game.
            r = json::parse(*g->handle(seat, action(3, json{{"type", 7}})).reply);
            CHECK(r.at("code") == "bad_type");
            CHECK_FALSE(r.contains("rule"));
            r = json::parse(*g->handle(seat, action(3, json::object())).reply);
            CHECK(r.at("code") == "missing_field");
            r = json::parse(*g->handle(seat, action(3, json{{"type", "noSuchAction"}})).reply);
            CHECK(r.at("code") == "unknown_type");
            json extra = legal[0];
            extra["noSuchMember"] = 1;
            r = json::parse(*g->handle(seat, action(3, extra)).reply);
            CHECK(r.at("code") == "unknown_field");
            CHECK_FALSE(r.contains("rule"));

            // The legal action is acknowledged with the new version; every stream gets a patch.
            const auto ok = g->handle(seat, action(4, legal[0]));
            r = json::parse(*ok.reply);
            CHECK(r.at("type") == "ack");
            CHECK(r.at("id") == 4);
            CHECK(r.at("version") == 1);
            REQUIRE(ok.update);
            CHECK(ok.update->actor == seat);
            CHECK(ok.update->record == hexhall::core::rules_record_line(seat, legal[0]));
            int seat_out = -1;
            json parsed;
            REQUIRE(hexhall::core::parse_rules_record_line(ok.update->record, seat_out, parsed));
            CHECK(seat_out == seat);
            CHECK(parsed == legal[0]);
            for (int p = -1; p < g->seats(); ++p) {
                const json patch = json::parse(p < 0 ? *ok.update->spectators : *ok.update->seats[static_cast<size_t>(p)]);
                CHECK(patch.at("from") == 0);
                CHECK(patch.at("to") == 1);
                CHECK(patch.at(m->name).contains("legal") == (p >= 0));
            }
            if (other < 0) {
                // Simultaneous moves: the seat has decided and waits for the others.
                std::unique_ptr<hexhall::core::GameRules> rules = m->rules->create(g->options(), 3, error);
                std::vector<hexhall::core::Event> ev;
                REQUIRE_FALSE(rules->act(seat, legal[0], ev));
                const auto w = rules->awaiting();
                if (std::find(w.begin(), w.end(), seat) == w.end()) refused_with_rule(seat, 2);
            }
            // A resync is a snapshot echoing the id.
            r = json::parse(*g->handle(seat, GameMessage{GameMessage::Kind::Resync, 9, {}}).reply);
            CHECK(r.at("type") == "snapshot");
            CHECK(r.at("id") == 9);
            CHECK(r.at("version") == 1);
        }
    }
}

TEST_CASE("rules game: a decision whose time runs out is taken by the takeover bot and recorded", "[conformance][rules_game]") {
    for (const GameModule* m : rules_modules()) {
        SECTION(m->name) {
            std::string error;
            CHECK_FALSE(m->create({{"clock", "sometimes"}}, error));
            CHECK_THAT(error, Catch::Contains("clock"));
            std::unique_ptr<Game> g = m->create({{"seed", 4}, {"clock", "fast"}}, error);
            REQUIRE(g);
            CHECK(g->clock() == "fast");
            CHECK_FALSE(g->next_deadline_ms());  // not begun
            const int64_t t0 = now_ms();
            g->begin(t0, 0.001);  // 45 s of game time = 45 ms of wall time
            const auto deadline = g->next_deadline_ms();
            REQUIRE(deadline);
            CHECK(*deadline == t0 + 45);
            CHECK_FALSE(g->on_clock(t0 + 10));  // not yet
            const json snap = json::parse(*g->snapshot(hexhall::core::kSpectatorSeat));
            CHECK(snap.at("clock").at("deadline") == t0 + 45);
            const auto u = g->on_clock(t0 + 50);
            REQUIRE(u);
            CHECK(u->actor >= 0);
            CHECK_FALSE(u->record.empty());
            // The clock restarts for the next decision; a restored game replays the timeout's record.
            REQUIRE(g->next_deadline_ms());
            std::unique_ptr<Game> again = m->recreate({{"clock", "fast"}}, g->setup(), g->seed(), error);
            REQUIRE(again);
            REQUIRE(again->restore({{u->record, u->game_ms}}, error));
            for (int p = -1; p < g->seats(); ++p) {
                json a = json::parse(*again->snapshot(p)), b = json::parse(*g->snapshot(p));
                CHECK(a.at(m->name) == b.at(m->name));
                CHECK(a.at("digest") == b.at("digest"));
            }
        }
    }
}

TEST_CASE("rules game: with simultaneous decisions each awaited seat has its own full time limit",
          "[conformance][rules_game]") {
    int subjects = 0;
    for (const GameModule* m : rules_modules()) {
        std::string error;
        if (m->rules->create({{"players", m->min_seats}}, 5, error)->awaiting().size() < 2) continue;
        ++subjects;
        SECTION(m->name) {
            std::unique_ptr<Game> g = m->create({{"seed", 5}, {"players", m->min_seats}, {"clock", "fast"}}, error);
            REQUIRE(g);
            // The game began 30 s ago (scale 1: game time is wall time), so the first seat acts now,
            // 30 s into everybody's 45 s.
            const int64_t t0 = now_ms() - 30'000;
            g->begin(t0, 1.0);
            const std::vector<int> waiting = m->rules->create({{"players", m->min_seats}}, 5, error)->awaiting();
            REQUIRE(*g->next_deadline_ms() == t0 + 45'000);
            const int first = waiting.front(), second = waiting.back();
            const json legal = json::parse(*g->snapshot(first)).at(m->name).at("legal");
            const auto acted = g->handle(first, action(1, legal[0]));
            REQUIRE(acted.update);
            // The seat still deciding keeps its own deadline: not 45 s from the other seat's action.
            CHECK(*g->next_deadline_ms() == t0 + 45'000);
            const json snap = json::parse(*g->snapshot(second));
            CHECK(snap.at("clock").at("seat") == second);
            CHECK(snap.at("clock").at("deadline") == t0 + 45'000);
            CHECK_FALSE(g->on_clock(t0 + 44'999));
            const auto timeout = g->on_clock(t0 + 45'000);
            REQUIRE(timeout);
            CHECK(timeout->actor == second);
            // A decision that begins now gets a full limit from now.
            if (g->next_deadline_ms()) CHECK(*g->next_deadline_ms() >= t0 + 45'000 + 45'000 - 1);
            // A restored game gives the seats the same deadlines.
            std::unique_ptr<Game> again = m->recreate({{"clock", "fast"}}, g->setup(), g->seed(), error);
            REQUIRE(again);
            REQUIRE(again->restore({{acted.update->record, acted.update->game_ms}}, error));
            again->begin(t0 + acted.update->game_ms, 1.0);
            CHECK(*again->next_deadline_ms() == t0 + 45'000);
        }
    }
    CHECK(subjects > 0);  // the test games include one with simultaneous moves (tests/games/goofspiel)
}

TEST_CASE("rules game: a game declaring one view for everybody shows every seat the spectators' view, "
          "even if the declaration is wrong",
          "[conformance][rules_game][noninterference]") {
    // HiLo shows each seat its own hand; declared same_view by mistake, its seats must be shown the
    // spectators' view (no hand at all), never another seat's hand, through snapshots and patches.
    const GameModule* hilo = nullptr;
    for (const GameModule* m : rules_modules())
        if (m->name == "hilo") hilo = m;
    REQUIRE(hilo);
    static hexhall::core::RulesModule wrong = *hilo->rules;  // outlives the games made from it
    wrong.type.same_view = true;
    const GameModule module = hexhall::core::rules_game_module(wrong);
    std::string error;
    std::unique_ptr<Game> g = module.create({{"seed", 8}}, error);
    REQUIRE(g);
    std::unique_ptr<Game> right = hilo->create({{"seed", 8}}, error);
    REQUIRE(right);
    g->begin(now_ms(), 1.0);
    const auto views = [&](Game& game) {
        std::vector<json> v;
        for (int p = -1; p < game.seats(); ++p) v.push_back(json::parse(*game.snapshot(p)).at("hilo").at("view"));
        return v;
    };
    int64_t id = 1;
    for (int step = 0; step < 6 && !g->over(); ++step) {
        const std::vector<json> shown = views(*g), truth = views(*right);
        for (size_t i = 1; i < shown.size(); ++i) {
            CHECK(shown[i] == truth[0]);                  // the spectators' view,
            CHECK_FALSE(shown[i].contains("hand"));       // no hand in it,
            CHECK(truth[i].contains("hand"));             // where the right module shows the seat its own
        }
        // The awaited seat plays its first legal action in both games (the same game underneath).
        int actor = -1;
        json legal;
        for (int p = 0; p < right->seats() && actor < 0; ++p) {
            const json s = json::parse(*right->snapshot(p)).at("hilo");
            if (s.contains("legal") && !s.at("legal").empty()) actor = p, legal = s.at("legal");
        }
        REQUIRE(actor >= 0);
        const auto u = g->handle(actor, action(id, legal.at(0)));
        REQUIRE(u.update);
        const auto r = right->handle(actor, action(id++, legal.at(0)));
        REQUIRE(r.update);
        // Each seat's patch, applied to what it was shown, gives what it is shown now.
        for (int p = 0; p < g->seats(); ++p) {
            const json patch = json::parse(*u.update->seats[static_cast<size_t>(p)]);
            CHECK(shown[static_cast<size_t>(p) + 1].patch(patch.at("ops")) == views(*g)[static_cast<size_t>(p) + 1]);
        }
    }
}

TEST_CASE("rules game: while no spectator watches, no spectators' patch is made; a spectator who comes later "
          "follows from a whole snapshot",
          "[conformance][rules_game]") {
    for (const GameModule* m : rules_modules()) {
        SECTION(m->name) {
            std::string error;
            std::unique_ptr<Game> g = m->create({{"seed", 6}}, error);
            REQUIRE(g);
            std::unique_ptr<Game> watched = m->create({{"seed", 6}}, error);  // the same game, always watched
            REQUIRE(watched);
            g->begin(now_ms(), 1.0);
            watched->begin(now_ms(), 1.0);
            g->watch_spectators(false);
            const auto same_view = m->type.same_view || m->type.information == hexhall::core::GameType::Information::Perfect;
            json view;  // the late spectator's copy
            uint64_t version = 0;
            for (int step = 0; step < 40 && !g->over(); ++step) {
                if (step == 15) {  // a spectator comes, and follows from its snapshot
                    g->watch_spectators(true);
                    const json s = json::parse(*g->snapshot(hexhall::core::kSpectatorSeat));
                    CHECK(s == json::parse(*watched->snapshot(hexhall::core::kSpectatorSeat)));
                    view = s.at(m->name).at("view");
                    version = s.at("version").get<uint64_t>();
                }
                if (step == 30) g->watch_spectators(false);  // and goes
                // The awaited seat's first legal action, in both games.
                int actor = -1;
                json legal;
                for (int p = 0; p < watched->seats() && actor < 0; ++p) {
                    const json s = json::parse(*watched->snapshot(p)).at(m->name);
                    if (s.contains("legal") && !s.at("legal").empty()) actor = p, legal = s.at("legal");
                }
                REQUIRE(actor >= 0);
                const auto u = g->handle(actor, action(step + 1, legal.at(0)));
                const auto w = watched->handle(actor, action(step + 1, legal.at(0)));
                REQUIRE(u.update);
                REQUIRE(w.update);
                // The seats' patches and every history entry are the same as in the watched game.
                for (size_t p = 0; p < u.update->seats.size(); ++p) {
                    CHECK(*u.update->seats[p] == *w.update->seats[p]);
                    CHECK((u.update->seat_events[p] ? *u.update->seat_events[p] : "") ==
                          (w.update->seat_events[p] ? *w.update->seat_events[p] : ""));
                }
                CHECK((u.update->spectator_events ? *u.update->spectator_events : "") ==
                      (w.update->spectator_events ? *w.update->spectator_events : ""));
                const bool watching = step >= 15 && step < 30;
                if (!watching && !same_view) CHECK_FALSE(u.update->spectators);  // nobody to send it to
                if (watching) {
                    REQUIRE(u.update->spectators);
                    const json patch = json::parse(*u.update->spectators);
                    CHECK(patch.at("from") == version);
                    view = view.patch(patch.at("ops"));
                    version = patch.at("to").get<uint64_t>();
                    CHECK(hexhall::core::view_digest(view) == patch.at("digest"));
                    CHECK(*u.update->spectators == *w.update->spectators);
                }
            }
            // Back again at the end: the snapshot is whole and current.
            g->watch_spectators(true);
            CHECK(json::parse(*g->snapshot(hexhall::core::kSpectatorSeat)) ==
                  json::parse(*watched->snapshot(hexhall::core::kSpectatorSeat)));
        }
    }
}
