// hexhall-arena: plays games between any mix of built-in bots and external bot programs over the
// real protocol, on a server started in-process (or an existing one with --url), and reports win
// shares (docs/bots.md, "Arena").
//
//   hexhall-arena --bots 'heuristic,ext:python3 games/<name>/bots/examples/python/bot.py,random,random'
//                 [--game NAME] [--options JSON] [--games N] [--seed S] [--threads T] [--record DIR]
//                 [--map random|starter] [--mode classic|combined] [--vp N] [--no-rotate]
//                 [--timeout SEC] [--url ws://host:port/ws[,ws://host2:port2/ws…]] [--no-seat-tokens]
//   hexhall-arena --list-games
//
// --list-games prints the server's registry (server/games.cpp), one game a line, tab-separated:
// name, fewest and most seats, built-in bots (comma-separated), takeover bot, and "rules" for a game
// written as pure rules (its `legal` is a concrete list) or "native"; scripts/test loops over it.
// --game names the game (default: the server's default game); --options adds createRoom options
// (the game's own, docs/protocol.md and games/<name>/docs/protocol.md); --map, --mode and --vp
// are shortcuts for those options. The outcome comes from the server's `room` push ("result"), so
// the arena plays every game the server hosts the same way.
// Several nodes (issue 28): --url names every node, comma-separated; rooms are created on the first.
// When the arena's connection is lost (its node died) or the node stops serving the room (`moved`
// without URL), it resumes on the next node with its session token, following `moved`; the game's
// line then says "resumed Nx". External bots are given every URL, the first one first (as the
// example bots take them, docs/bots.md "Several nodes": they resume on another node by themselves).
//
// Each --bots entry is a built-in bot of the game or "ext:<command>": a program
// started as `<command> --url … --room … --seat N --seat-token T` for each game. Game g uses room
// seed S·1000003 + g (deck and dice; the server seeds built-in bots from the room id) and, unless --no-rotate, seats
// the entries rotated by g (entry i in seat (i + g) mod players), so every entry plays every seat.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/games.hpp"
#include "server/net.hpp"
#include "tools/arena/arena_game.hpp"

using namespace hexhall;

namespace {

struct Config {
    std::vector<std::string> bots = {"heuristic", "random", "random", "random"};
    int games = 4;
    uint64_t seed = 1;
    int threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::string record_dir;
    nlohmann::json options = nlohmann::json::object();
    bool rotate = true;
    int timeout_s = 600;
    std::string host = "127.0.0.1";
    uint16_t port = 0;  // 0: start a server in-process
    std::vector<std::pair<std::string, uint16_t>> nodes;  // --url A,B,…: every node (host:port first)
    bool seat_tokens = true;
};

void usage() {
    std::fprintf(stderr,
                 "usage: hexhall-arena --bots A,B[,C…] [--game NAME] [--options JSON] [--games N] [--seed S]\n"
                 "                     [--threads T] [--record DIR] [--map random|starter]\n"
                 "                     [--mode classic|combined] [--vp N] [--no-rotate]\n"
                 "                     [--timeout SEC] [--url ws://host:port/ws[,ws://…]] [--no-seat-tokens]\n"
                 "       hexhall-arena --list-games\n"
                 "  A bot is one of the game's built-in bots (random, heuristic, search) or ext:<command>\n"
                 "  (an external program, given --url --room --seat --seat-token). The number of entries\n"
                 "  is the number of players (the game's range; the server refuses others).\n");
}

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t comma; (comma = s.find(',', start)) != std::string::npos; start = comma + 1)
        out.push_back(s.substr(start, comma - start));
    out.push_back(s.substr(start));
    return out;
}

// A built-in bot's name (the server checks it against the game's list) or "ext:<command>".
bool valid_bot(const std::string& b) {
    if (b.rfind(arena::kExternalPrefix, 0) == 0) return b.size() > 4;
    return !b.empty() && std::all_of(b.begin(), b.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'; });
}

bool parse_url(const std::string& url, Config& c) {
    const std::string prefix = "ws://";
    if (url.rfind(prefix, 0) != 0) return false;
    const std::string rest = url.substr(prefix.size());
    const size_t colon = rest.find(':'), slash = rest.find('/');
    if (colon == std::string::npos) return false;
    c.host = rest.substr(0, colon);
    c.port = static_cast<uint16_t>(std::atoi(rest.substr(colon + 1, slash - colon - 1).c_str()));
    return c.port != 0;
}

struct Wilson {
    double p, lo, hi;
};
Wilson wilson(int k, int n) {
    const double z = 1.96, nn = n, p = n ? k / nn : 0;
    if (!n) return {0, 0, 1};
    const double denom = 1 + z * z / nn, centre = (p + z * z / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom;
    return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

// The registry, one game a line (see the top of this file).
void list_games() {
    server::register_builtin_games();
    for (const core::GameModule& m : core::game_registry().modules()) {
        std::string bots;
        for (const std::string& b : m.bots) bots += (bots.empty() ? "" : ",") + b;
        std::printf("%s\t%d\t%d\t%s\t%s\t%s\n", m.name.c_str(), m.min_seats, m.max_seats, bots.c_str(),
                    m.takeover_bot.c_str(), m.rules ? "rules" : "native");
    }
}

}  // namespace

int main(int argc, char** argv) {
    Config c;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool more = i + 1 < argc;
        if (a == "--list-games") {
            list_games();
            return 0;
        }
        if (a == "--bots" && more) c.bots = split(argv[++i]);
        else if (a == "--games" && more) c.games = std::atoi(argv[++i]);
        else if (a == "--seed" && more) c.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--threads" && more) c.threads = std::atoi(argv[++i]);
        else if (a == "--record" && more) c.record_dir = argv[++i];
        else if (a == "--game" && more) c.options["game"] = argv[++i];
        else if (a == "--options" && more) {
            const nlohmann::json extra = nlohmann::json::parse(argv[++i], nullptr, false);
            if (!extra.is_object()) return usage(), 2;
            c.options.update(extra);
        } else if (a == "--map" && more) c.options["map"] = argv[++i];
        else if (a == "--mode" && more) c.options["mode"] = argv[++i];
        else if (a == "--vp" && more) c.options["vp"] = std::atoi(argv[++i]);
        else if (a == "--timeout" && more) c.timeout_s = std::atoi(argv[++i]);
        else if (a == "--no-rotate") c.rotate = false;
        else if (a == "--no-seat-tokens") c.seat_tokens = false;
        else if (a == "--url" && more) {
            for (const std::string& url : split(argv[++i])) {
                Config one;
                if (!parse_url(url, one)) return usage(), 2;
                c.nodes.emplace_back(one.host, one.port);
            }
            c.host = c.nodes.front().first;
            c.port = c.nodes.front().second;
        } else if (a == "--help" || a == "-h") {
            usage();
            return 0;
        } else {
            usage();
            return 2;
        }
    }
    const int players = static_cast<int>(c.bots.size());
    if (players < 1 || players > 16 || c.games <= 0 || c.threads <= 0 || c.timeout_s <= 0 ||
        !std::all_of(c.bots.begin(), c.bots.end(), valid_bot)) {
        usage();
        return 2;
    }
    if (!c.record_dir.empty()) std::filesystem::create_directories(c.record_dir);

    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // one line per game, also into a pipe
    spdlog::set_level(spdlog::level::warn);    // the in-process server's per-room log lines
    std::unique_ptr<server::Server> srv;
    if (c.port == 0) {
        server::ServerOptions o;
        o.address = c.host;
        o.port = 0;
        o.threads = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
        srv = std::make_unique<server::Server>(o);
        c.port = srv->start();
    }
    const int parallel = std::min(c.threads, c.games);
    std::printf("arena: %d games on ws://%s:%u/ws, %d at a time\n", c.games, c.host.c_str(), c.port, parallel);

    struct Entry {
        double wins = 0;  // a shared win counts 1/k to each of k winners
        int games = 0;
        long long score = 0;
    };
    std::vector<Entry> entries(players);
    int finished = 0, failed = 0;
    long long actions = 0;
    std::mutex mu;
    std::atomic<int> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (int g; (g = next.fetch_add(1)) < c.games;) {
            arena::GameSpec spec;
            spec.index = g;
            spec.seed = c.seed * 1000003ull + static_cast<uint64_t>(g);
            spec.options = c.options;
            spec.host = c.host;
            spec.port = c.port;
            spec.nodes = c.nodes;
            spec.record_dir = c.record_dir;
            spec.timeout_s = c.timeout_s;
            spec.seat_tokens = c.seat_tokens;
            std::vector<int> entry_of_seat(players);
            spec.seats.resize(players);
            for (int i = 0; i < players; ++i) {
                const int seat = c.rotate ? (i + g) % players : i;
                entry_of_seat[seat] = i;
                spec.seats[seat] = c.bots[i];
            }
            const arena::GameResult r = arena::play_game(spec);
            std::lock_guard lock(mu);
            for (int i = 0; i < players; ++i) ++entries[i].games;
            if (r.finished && r.winner >= 0) {
                ++finished;
                actions += r.actions;
                for (int w : r.winners) entries[entry_of_seat[w]].wins += 1.0 / static_cast<double>(r.winners.size());
                for (size_t s = 0; s < r.scores.size() && s < entry_of_seat.size(); ++s)
                    entries[entry_of_seat[s]].score += r.scores[s];
            } else {
                ++failed;
            }
            std::string statuses;
            for (size_t s = 0; s < r.external_status.size(); ++s)
                if (r.external_status[s] >= 0) statuses += " seat" + std::to_string(s) + "-exit=" + std::to_string(r.external_status[s]);
            std::printf("game %d room %s: %s%s\n", g, r.room.c_str(),
                        r.finished ? ("winner seat " + std::to_string(r.winner) + " (" + spec.seats[r.winner] + "), " +
                                      std::to_string(r.actions) + " actions, scores " + nlohmann::json(r.scores).dump())
                                         .c_str()
                                   : ("FAILED: " + r.error).c_str(),
                        (statuses + (r.resumes ? " resumed " + std::to_string(r.resumes) + "x" : "")).c_str());
            std::fflush(stdout);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < parallel; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (srv) srv->stop();

    std::printf("\n%-50s %6s %7s %8s %17s %10s\n", "bot", "games", "wins", "share", "95% Wilson CI", "mean score");
    for (int i = 0; i < players; ++i) {
        const Wilson w = wilson(static_cast<int>(std::lround(entries[i].wins)), entries[i].games);
        std::printf("%-50s %6d %7.1f %7.1f%% %7.1f%% .. %5.1f%% %10.1f\n", c.bots[i].c_str(), entries[i].games,
                    entries[i].wins, 100 * w.p, 100 * w.lo, 100 * w.hi,
                    finished ? static_cast<double>(entries[i].score) / finished : 0.0);
    }
    std::printf("finished %d, failed %d, mean actions %.1f, %.2f games/s (%.1f s)\n", finished, failed,
                finished ? static_cast<double>(actions) / finished : 0.0, c.games / secs, secs);
    return failed ? 1 : 0;
}
