// Scripted Carcassonne positions for the tests: a bag in a fixed order and placements by hand.
#pragma once
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/carcassonne/engine.hpp"

namespace carcassonne_test {

using namespace hexhall::carcassonne;

inline int T(char letter) { return tile_type_of(letter); }

inline Game scripted(const std::string& bag, int players = 2, Ruleset rules = {}) {
    Options o;
    o.players = players;
    o.rules = rules;
    std::vector<int> types;
    for (char c : bag) types.push_back(T(c));
    return Game::with_bag(o, types);
}

// Places the current tile at (x, y, rot) and deploys on `spot` (-1: none). Fails the test on any
// rejection; when the tile leaves nothing to deploy, the engine skips the follower step itself.
inline void put(Game& g, int x, int y, int rot, int spot = -1, std::vector<Event>* events = nullptr) {
    auto err = g.place(Placement{x, y, rot}, events);
    INFO("place " << x << "," << y << " r" << rot << ": " << (err ? err->rule + std::string(" ") + err->message : ""));
    REQUIRE_FALSE(err);
    if (g.phase() == Phase::Follower) {
        auto e2 = g.deploy(spot, events);
        INFO("deploy " << spot << ": " << (e2 ? e2->rule + std::string(" ") + e2->message : ""));
        REQUIRE_FALSE(e2);
    } else {
        REQUIRE(spot == -1);
    }
}

inline int count_events(const std::vector<Event>& ev, Event::Type t) {
    int n = 0;
    for (const Event& e : ev) n += e.type == t;
    return n;
}

inline std::vector<Scoring> scorings(const std::vector<Event>& ev) {
    std::vector<Scoring> out;
    for (const Event& e : ev)
        if (e.type == Event::Scored) out.push_back(e.scoring);
    return out;
}

}  // namespace carcassonne_test
