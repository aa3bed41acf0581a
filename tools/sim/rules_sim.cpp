#include "tools/sim/rules_sim.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

namespace hexhall::sim {

using json = nlohmann::json;

namespace {

uint64_t mix(uint64_t x) {  // splitmix64 finaliser
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

double mean(const std::vector<int>& v) {
    double sum = 0;
    for (int x : v) sum += x;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

}  // namespace

std::string check_config(const core::RulesModule& module, RulesSimConfig& c) {
    if (c.players == 0) c.players = c.bots.size() > 1 ? static_cast<int>(c.bots.size()) : module.min_seats;
    if (c.players < module.min_seats || c.players > module.max_seats)
        return std::string(module.title) + " seats " + std::to_string(module.min_seats) + " to " +
               std::to_string(module.max_seats) + " players";
    if (c.bots.empty()) c.bots = {"random"};
    if (c.bots.size() == 1) c.bots.assign(c.players, c.bots[0]);
    if (static_cast<int>(c.bots.size()) != c.players)
        return "--bots needs one name, or one per seat (" + std::to_string(c.players) + ")";
    for (const std::string& b : c.bots)
        if (std::find(module.bots.begin(), module.bots.end(), b) == module.bots.end()) {
            std::string names;
            for (std::string_view n : module.bots) names += (names.empty() ? "" : ", ") + std::string(n);
            return "unknown bot '" + b + "' for " + std::string(module.name) + " (bots: " + names + ")";
        }
    if (!c.options.is_object()) return "--options must be a JSON object";
    c.threads = std::max(1, c.threads);
    return "";
}

RulesGameResult play_rules_game(const core::RulesModule& module, const RulesSimConfig& c, int index) {
    RulesGameResult out;
    const uint64_t seed = mix(c.seed ^ mix(static_cast<uint64_t>(index)));
    json options = c.options;
    options["players"] = c.players;
    std::string error;
    std::unique_ptr<core::GameRules> game = module.create(options, seed, error);
    if (!game) {
        out.error = "bad options: " + error;
        return out;
    }
    // Bot entry i sits at seat (i + shift) mod players.
    const int shift = c.rotate ? index % c.players : 0;
    std::vector<std::unique_ptr<core::RulesBot>> at(c.players);
    out.seat_of_bot.resize(c.players);
    for (int i = 0; i < c.players; ++i) {
        const int seat = (i + shift) % c.players;
        out.seat_of_bot[i] = seat;
        at[seat] = module.make_bot(c.bots[i], mix(seed + 1 + seat));
    }
    json actions = json::array();
    std::vector<core::Event> events;
    while (!game->over() && out.actions < c.max_actions) {
        const std::vector<int> waiting = game->awaiting();
        if (waiting.empty()) {
            out.error = "game " + std::to_string(index) + ": nobody to move and the game is not over";
            break;
        }
        const int seat = waiting.front();
        const std::unique_ptr<core::GameRules> seen = game->determinize(seat, mix(seed ^ (0xD1CEull + out.actions)));
        const json action = at[seat]->decide(*seen, seat);
        events.clear();
        if (const auto refused = game->act(seat, action, events)) {
            out.error = "game " + std::to_string(index) + ": " + action.dump() + " by seat " + std::to_string(seat) +
                        " refused: " + refused->rule + " " + refused->message;
            break;
        }
        if (!c.record_dir.empty()) actions.push_back({{"seat", seat}, {"action", action}});
        ++out.actions;
    }
    out.finished = game->over();
    if (out.finished) {
        const core::Outcome o = game->outcome();
        out.winners = o.winners;
        out.scores = o.scores;
    }
    if (!c.record_dir.empty()) {
        char name[40];
        std::snprintf(name, sizeof name, "game-%06d.json", index);
        std::ofstream f(std::filesystem::path(c.record_dir) / name, std::ios::binary);
        f << json{{"game", module.name}, {"options", game->options()}, {"seed", std::to_string(seed)},
                  {"actions", actions}, {"result", {{"winners", out.winners}, {"scores", out.scores}}}}
                 .dump()
          << "\n";
        if (!f && out.error.empty()) out.error = std::string("cannot write ") + name;
    }
    return out;
}

int run_rules_sim(const core::RulesModule& module, const RulesSimConfig& c) {
    if (!c.record_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(c.record_dir, ec);
        if (ec) {
            std::fprintf(stderr, "hexhall-sim: cannot create %s: %s\n", c.record_dir.c_str(), ec.message().c_str());
            return 1;
        }
    }
    const int threads = std::min(c.threads, c.games);
    std::vector<RulesGameResult> results(c.games);
    std::atomic<int> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (int i = next++; i < c.games; i = next++) results[i] = play_rules_game(module, c, i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    // A shared win counts 1/k to each of the k winners.
    std::vector<double> seat_wins(c.players, 0), bot_wins(c.players, 0);
    std::vector<int> actions;
    std::vector<long long> score_sum(c.players, 0);
    int unfinished = 0, errors = 0;
    for (const RulesGameResult& g : results) {
        if (!g.error.empty()) {
            if (errors < 5) std::fprintf(stderr, "hexhall-sim: %s\n", g.error.c_str());
            ++errors;
        }
        if (!g.finished) {
            ++unfinished;
            continue;
        }
        actions.push_back(g.actions);
        for (int w : g.winners) {
            seat_wins[w] += 1.0 / static_cast<double>(g.winners.size());
            for (int i = 0; i < c.players; ++i)
                if (g.seat_of_bot[i] == w) bot_wins[i] += 1.0 / static_cast<double>(g.winners.size());
        }
        for (int i = 0; i < c.players && i < static_cast<int>(g.scores.size()); ++i)
            score_sum[i] += g.scores[g.seat_of_bot[i]];
    }
    const int finished = c.games - unfinished;
    std::string bot_list;
    for (int i = 0; i < c.players; ++i) bot_list += (i ? "," : "") + c.bots[i];
    std::printf("hexhall-sim: %s, %d games, %d players (%s), options %s, seed %llu, seats %s, %d thread%s\n",
                std::string(module.name).c_str(), c.games, c.players, bot_list.c_str(), c.options.dump().c_str(),
                static_cast<unsigned long long>(c.seed), c.rotate ? "rotated" : "fixed", threads, threads == 1 ? "" : "s");
    std::printf("finished: %d, unfinished: %d, errors: %d\n", finished, unfinished, errors);
    std::printf("wins by seat:\n");
    for (int i = 0; i < c.players; ++i)
        std::printf("  seat %d  %9.1f  %5.1f%%\n", i, seat_wins[i], finished ? 100.0 * seat_wins[i] / finished : 0.0);
    std::printf("wins by bot entry (share of finished games; fair share %.1f%%), mean score:\n", 100.0 / c.players);
    for (int i = 0; i < c.players; ++i)
        std::printf("  %d %-10s %9.1f  %5.1f%%  score %.1f\n", i, c.bots[i].c_str(), bot_wins[i],
                    finished ? 100.0 * bot_wins[i] / finished : 0.0,
                    finished ? static_cast<double>(score_sum[i]) / finished : 0.0);
    std::printf("game length: actions mean %.1f\n", mean(actions));
    std::printf("time: %.3f s, %.0f games/s\n", seconds, seconds > 0 ? c.games / seconds : 0.0);
    if (!c.record_dir.empty()) std::printf("records: %s/game-NNNNNN.json\n", c.record_dir.c_str());
    return errors ? 1 : 0;
}

}  // namespace hexhall::sim
