// Dev-only fixture maker for the Carcassonne UI dev page (src/games/carcassonne/dev.html): plays
// one game with built-in bots and prints seat `seat`'s frames [{version, view, legal, events}…]
// as JSON. Not part of any build; compile it against a tree that has games/carcassonne:
//   g++ -std=c++20 -O1 -I<repo> web-client/tools/carcassonne-fixtures.cpp \
//       <repo>/games/carcassonne/{engine,tiles,module,bots}.cpp -o /tmp/car-fixtures
//   /tmp/car-fixtures <seed> <players> <bot> <seat> > /tmp/frames.json
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "games/carcassonne/module.hpp"

using hexhall::core::json;

int main(int argc, char** argv) {
    const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 7;
    const int players = argc > 2 ? std::atoi(argv[2]) : 2;
    const std::string bot = argc > 3 ? argv[3] : "heuristic";
    const int seat = argc > 4 ? std::atoi(argv[4]) : 0;
    const auto& mod = hexhall::carcassonne::carcassonne_module();
    std::string err;
    auto game = mod.create(json{{"players", players}}, seed, err);
    if (!game) { std::cerr << err << "\n"; return 1; }
    std::vector<std::unique_ptr<hexhall::core::RulesBot>> bots;
    for (int i = 0; i < players; ++i) bots.push_back(mod.make_bot(bot, seed * 31 + static_cast<uint64_t>(i)));
    json frames = json::array();
    int version = 0;
    auto push = [&](const json& events) {
        json legal = json::array();
        for (auto& a : game->legal_actions(seat)) legal.push_back(a);
        frames.push_back({{"version", version++}, {"view", game->view(seat)}, {"legal", legal}, {"events", events},
                          {"snapshot", version == 1}});
    };
    push(json::array());
    while (!game->over()) {
        const int who = game->awaiting().front();
        auto det = game->determinize(who, seed + static_cast<uint64_t>(version));
        json action = bots[static_cast<size_t>(who)]->decide(*det, who);
        std::vector<hexhall::core::Event> evs;
        if (auto rej = game->act(who, action, evs)) { std::cerr << rej->rule << ": " << rej->message << "\n"; return 1; }
        json events = json::array();
        for (auto& e : evs) events.push_back(e.body);
        push(events);
    }
    std::cout << frames.dump() << "\n";
    return 0;
}
