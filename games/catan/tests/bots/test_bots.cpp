// Built-in bots (games/catan/docs/bots.md): only accepted actions, every game ends, determinism, fairness.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "games/catan/bots/bot.hpp"
#include "games/catan/bots/bot_game.hpp"
#include "games/catan/bots/determinize.hpp"
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/view.hpp"

using namespace hexhall::catan;
using namespace hexhall::catan::bots;

namespace {

GameOptions options_for(int g) {
    GameOptions opt;
    opt.players = g % 5 == 4 ? 3 : 4;
    switch (g % 3) {
        case 0: opt.map = MapKind::Random; break;  // combined trade/build
        case 1: opt.map = MapKind::Starter; break;  // classic trade then build
        default:                                   // the HK 2024 ruleset on an explicit board
            opt.map = MapKind::Explicit;
            opt.board = starter_board();
            opt.ruleset = Ruleset::HK2024;
            break;
    }
    return opt;
}

struct Played {
    BotGameResult result;
    std::vector<Action> actions;
};

// Plays one game with the driver loop written out, checking every decision is accepted.
Played play_checked(const std::vector<std::string>& names, const GameOptions& opt, uint64_t seed,
                    int max_decisions = 20000) {
    Played out;
    GameState s;
    REQUIRE(new_game(opt, seed, s));
    std::vector<std::unique_ptr<Bot>> bots;
    for (std::size_t i = 0; i < names.size(); ++i) {
        bots.push_back(names[i] == "search" ? make_search_bot(seed + i, 0, 2) : make_bot(names[i], seed * 7 + i));
        REQUIRE(bots.back());
    }
    ProgressGuard guard(50);
    LegalActions la;
    out.result.end = GameEnd::Won;
    while (s.phase != Phase::GameOver) {
        if (s.phase == Phase::MapStudy) {
            Action b;
            b.type = ActionType::BeginPlacement;
            REQUIRE(apply(s, b));
            continue;
        }
        if (guard.stalled(s)) {
            out.result.end = GameEnd::NoProgress;
            break;
        }
        if (out.result.decisions >= max_decisions) {
            out.result.end = GameEnd::DecisionLimit;
            break;
        }
        const int seat = bot_decider(s);
        REQUIRE(seat >= 0);
        REQUIRE(awaits(s, seat));
        legal_actions(s, seat, la);
        const Action a = bots[seat]->decide(make_view(s, seat), la);
        ++out.result.decisions;
        INFO("seat " << seat << " " << action_name(a.type) << " in phase " << phase_name(s.phase));
        REQUIRE(a.seat == seat);
        const Result r = apply(s, a);
        INFO("rule " << r.rule << ": " << r.message);
        REQUIRE(r.ok);
        guard.note(s, a);
        out.actions.push_back(a);
    }
    out.result.winner = s.winner;
    return out;
}

}  // namespace

TEST_CASE("make_bot knows the three bots and nothing else", "[bots]") {
    for (const char* name : {"random", "heuristic", "search"}) {
        auto b = make_bot(name, 1);
        REQUIRE(b);
        CHECK(std::string(b->name()) == name);
    }
    CHECK_FALSE(make_bot("oracle", 1));
}

TEST_CASE("heuristic and random bots only make accepted actions, and every game ends", "[bots]") {
    int won = 0, stopped = 0;
    for (int g = 0; g < 200; ++g) {
        std::vector<std::string> names;
        const int players = options_for(g).players;
        for (int i = 0; i < players; ++i) names.push_back(((g >> i) & 1) ? "heuristic" : "random");
        const Played p = play_checked(names, options_for(g), 1000 + g);
        if (p.result.end == GameEnd::Won) ++won;
        else ++stopped;
    }
    CHECK(won + stopped == 200);
    CHECK(won >= 190);  // the guard is a safety net, not the normal ending
}

TEST_CASE("the driver's play_bot_game plays heuristic games to the end", "[bots]") {
    for (int g = 0; g < 30; ++g) {
        GameState s;
        REQUIRE(new_game(options_for(g), 77 + g, s));
        std::vector<std::unique_ptr<Bot>> owned;
        std::vector<Bot*> seats;
        for (int i = 0; i < s.options.players; ++i) {
            owned.push_back(make_bot("heuristic", g * 10 + i));
            seats.push_back(owned.back().get());
        }
        const BotGameResult r = play_bot_game(s, seats);
        INFO("game " << g << " ended " << game_end_name(r.end));
        CHECK(r.end == GameEnd::Won);
        CHECK(r.winner >= 0);
        CHECK(r.decisions < 20000);
    }
}

TEST_CASE("the search bot makes accepted actions", "[bots][search]") {
    for (int g = 0; g < 3; ++g) {
        const Played p = play_checked({"search", "heuristic", "random", "heuristic"}, options_for(g * 3), 500 + g);
        CHECK(p.result.end == GameEnd::Won);
    }
}

TEST_CASE("bot games are deterministic for a fixed seed", "[bots]") {
    const std::vector<std::string> names{"heuristic", "random", "heuristic", "random"};
    for (int g = 0; g < 3; ++g) {
        const Played a = play_checked(names, options_for(g), 42 + g);
        const Played b = play_checked(names, options_for(g), 42 + g);
        CHECK(a.actions == b.actions);
        CHECK(a.result.winner == b.result.winner);
    }
    const Played a = play_checked({"search", "heuristic", "heuristic", "heuristic"}, options_for(0), 9);
    const Played b = play_checked({"search", "heuristic", "heuristic", "heuristic"}, options_for(0), 9);
    CHECK(a.actions == b.actions);
}

TEST_CASE("the no-progress guard stops a game without builds, trades or cards", "[bots]") {
    GameState s;
    REQUIRE(new_game(options_for(0), 5, s));
    ProgressGuard guard(50);
    Action roll, build;
    roll.type = ActionType::RollDice;
    build.type = ActionType::BuildRoad;
    s.turn = 1;
    guard.note(s, build);  // progress at turn 1
    s.turn = 50 * 4;
    guard.note(s, roll);  // rolling is not progress
    CHECK_FALSE(guard.stalled(s));
    s.turn = 50 * 4 + 1;  // 50 rounds of 4 turns without progress
    CHECK(guard.stalled(s));
    guard.note(s, build);
    CHECK_FALSE(guard.stalled(s));
    CHECK(is_progress(ActionType::ConfirmTrade));
    CHECK_FALSE(is_progress(ActionType::EndTurn));
}

TEST_CASE("a determinized state shows the seat exactly its view", "[bots][search]") {
    GameState s;
    REQUIRE(new_game(options_for(0), 3, s));
    std::vector<std::unique_ptr<Bot>> bots;
    for (int i = 0; i < 4; ++i) bots.push_back(make_bot("heuristic", i));
    LegalActions la;
    Rng rng = make_rng(11);
    int checked = 0;
    for (int step = 0; step < 3000 && s.phase != Phase::GameOver; ++step) {
        const int seat = bot_decider(s);
        const SeatView v = make_view(s, seat);
        if (s.turn > 0 && step % 7 == 0) {
            GameState d;
            determinize(v, rng, d);
            SeatView dv = make_view(d, seat);
            CHECK(dv == v);
            ++checked;
        }
        legal_actions(s, seat, la);
        REQUIRE(apply(s, bots[seat]->decide(v, la)));
    }
    CHECK(checked > 10);
}
