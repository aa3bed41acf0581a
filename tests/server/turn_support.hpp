// Catan with a turn clock: play on (random legal moves) until a turn past the set-up is in "main"
// after its roll (not a 7), so the turn clock of the player to move runs. Shared by the crash and
// takeover clock tests (test_crash.cpp, test_cluster_clock.cpp). Returns the seat to move.
#pragma once
#include <functional>
#include <random>
#include <vector>

#include "tests/server/child_server.hpp"

namespace hexhall::test {

// `before_roll`: called at the start of the turn, before its roll (e.g. to let time pass).
inline int play_to_main_turn(std::vector<Player>& players, std::mt19937_64& rng, int& acks, int max_tries,
                             const std::function<void()>& before_roll = {}) {
    for (int tries = 0;; ++tries) {
        REQUIRE(tries < max_tries);
        const json& v = players[0].view;
        if (v.at("phase") != "preRoll" || v.at("turn").get<int>() < 1) {
            play_one(players, rng, acks);
            continue;
        }
        const int seat = v.at("active").get<int>();
        if (before_roll) before_roll();
        Player& p = players[seat];
        p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "rollDice"}}}});
        REQUIRE(p.c->recv().at("type") == "ack");
        for (Player& q : players) q.take_patch(q.c->recv());
        if (players[0].view.at("phase") != "main") continue;
        REQUIRE(p.clock.is_object());
        REQUIRE(p.clock.at("seat") == seat);
        REQUIRE(p.clock.at("kind") == "turn");
        return seat;
    }
}

}  // namespace hexhall::test
