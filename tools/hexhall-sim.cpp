// hexhall-sim: plays many games between bots and reports win shares and game lengths.
//
//   hexhall-sim [--game NAME] [--games N] [--seed S] [--players N] [--bots random,random,...]
//               [--record DIR] [--threads T] [--help]
//     the default game (typed engine path): [--map random|starter] [--mode classic|combined]
//                                            [--ruleset base|hk2024]
//     a game written as pure rules (tools/sim/rules_sim.hpp): [--options JSON] [--no-rotate]
//
// Game i uses a seed derived from (S, i) only, so results do not depend on --threads.
// The default game's bots are looked up by name in bot_kinds() below; every other game is found by
// name in the game registry and plays its module's own bots.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_module.hpp"
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/engine/record.hpp"
#include "games/catan/engine/view.hpp"
#include "games/catan/bots/bot.hpp"
#include "server/games.hpp"
#include "tools/sim/rules_sim.hpp"

using namespace hexhall::catan;

namespace {

// ---------------------------------------------------------------------------------------
// Bots

// A player program, asked for a decision whenever the game waits on its seat. Every kind is a
// built-in bot from bots/: it is handed only make_view(state, seat) and the seat's legal actions.
class Bot {
public:
    virtual ~Bot() = default;
    virtual Action choose(const GameState& state, int seat) = 0;
};

class ViewBot : public Bot {
public:
    explicit ViewBot(std::unique_ptr<bots::Bot> bot) : bot_(std::move(bot)) {}
    Action choose(const GameState& state, int seat) override {
        legal_actions(state, seat, scratch_);
        return bot_->decide(make_view(state, seat), scratch_);
    }

private:
    std::unique_ptr<bots::Bot> bot_;
    LegalActions scratch_;
};

struct BotKind {
    const char* name;
    const char* description;
    std::function<std::unique_ptr<Bot>(uint64_t seed)> make;
};

std::function<std::unique_ptr<Bot>(uint64_t)> builtin(const char* name) {
    return [name](uint64_t seed) { return std::make_unique<ViewBot>(bots::make_bot(name, seed)); };
}

const std::vector<BotKind>& bot_kinds() {
    static const std::vector<BotKind> kinds = {
        {"random", "uniformly random legal action (bank trades included, never offers a domestic trade)",
         builtin("random")},
        {"heuristic", "values production, harbors and expansion; sensible robber, discards, trades", builtin("heuristic")},
        {"search", "determinized Monte Carlo search over its own decisions, 100 ms per decision", builtin("search")},
    };
    return kinds;
}

const BotKind* find_bot(const std::string& name) {
    for (const BotKind& k : bot_kinds())
        if (name == k.name) return &k;
    return nullptr;
}

// ---------------------------------------------------------------------------------------
// Options

struct Config {
    int games = 1000;
    uint64_t seed = 1;
    int players = 4;
    std::vector<std::string> bots;  // one per seat
    MapKind map = MapKind::Random;
    std::optional<TradeBuildMode> mode;
    Ruleset ruleset = Ruleset::Base;
    std::string record_dir;
    int threads = 0;  // 0: one per hardware thread
    int max_actions = 100000;
};

void usage(FILE* to) {
    std::string games;
    for (const hexhall::core::GameModule& m : hexhall::core::game_registry().modules())
        games += (games.empty() ? "" : "|") + m.name;
    std::fprintf(to,
                 "usage: hexhall-sim [options]\n"
                 "Plays games between bots and prints win shares, game lengths and speed.\n"
                 "\n"
                 "  --game %s   the game (default %s); the options below marked * are\n"
                 "                             the default game's; other games take --options JSON\n"
                 "                             (their room options, e.g. '{\"third\":true}') and\n"
                 "                             --no-rotate (keep each bot in its seat; default: game g\n"
                 "                             seats bot i at (i+g) mod players); --bots names that\n"
                 "                             game's bots\n",
                 games.c_str(), hexhall::core::game_registry().default_game().name.c_str());
    std::fprintf(to,
                 "  --games N                  games to play (default 1000)\n"
                 "  --seed S                   base seed; game i's seed is derived from S and i (default 1)\n"
                 "  --players N                seats (default game: 3|4, default 4; others: their range)\n"
                 "  --bots a,b,c[,d]           bot per seat, or one name for every seat (default random)\n"
                 "* --map random|starter       board (default random)\n"
                 "* --mode classic|combined    trade/build mode (default: the CAT-0.2 default for the map)\n"
                 "* --ruleset base|hk2024      rules (default base); hk2024 plays the --map board as the\n"
                 "                             organiser's explicit board (HK-3.1)\n"
                 "  --record DIR               write each game's record to DIR/game-NNNNNN.txt (.json)\n"
                 "  --threads T                worker threads (default: hardware threads)\n"
                 "  --help                     this text\n"
                 "\n"
                 "bots of the default game:\n");
    for (const BotKind& k : bot_kinds()) std::fprintf(to, "  %-10s %s\n", k.name, k.description);
    for (const hexhall::core::GameModule& m : hexhall::core::game_registry().modules()) {
        if (!m.rules) continue;
        std::string bots;
        for (const std::string& b : m.bots) bots += (bots.empty() ? "" : ", ") + b;
        std::fprintf(to, "bots of %s: %s\n", m.name.c_str(), bots.c_str());
    }
}

std::vector<std::string> split(const std::string& s, char sep);
bool parse_int(const char* s, long long lo, long long hi, long long& out);

// The arguments of a game written as pure rules; "" when fine.
std::string parse_rules_args(int argc, char** argv, const hexhall::core::RulesModule& module,
                             hexhall::sim::RulesSimConfig& c) {
    c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--no-rotate") {
            c.rotate = false;
            continue;
        }
        if (i + 1 >= argc) return "missing value after " + arg;
        const char* v = argv[++i];
        long long n = 0;
        if (arg == "--game") {
            continue;
        } else if (arg == "--games") {
            if (!parse_int(v, 1, 100000000, n)) return "--games needs a positive number";
            c.games = static_cast<int>(n);
        } else if (arg == "--seed") {
            char* end = nullptr;
            c.seed = std::strtoull(v, &end, 10);
            if (!end || *end || end == v) return "--seed needs a non-negative number";
        } else if (arg == "--players") {
            if (!parse_int(v, 1, 64, n)) return "--players needs a number";
            c.players = static_cast<int>(n);
        } else if (arg == "--bots") {
            c.bots = split(v, ',');
        } else if (arg == "--options") {
            c.options = nlohmann::json::parse(v, nullptr, false);
            if (!c.options.is_object()) return "--options needs a JSON object";
        } else if (arg == "--record") {
            c.record_dir = v;
        } else if (arg == "--threads") {
            if (!parse_int(v, 1, 1024, n)) return "--threads needs a number from 1 to 1024";
            c.threads = static_cast<int>(n);
        } else {
            return "unknown option " + arg + " for " + std::string(module.name);
        }
    }
    return hexhall::sim::check_config(module, c);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) return out;
        start = at + 1;
    }
}

bool parse_int(const char* s, long long lo, long long hi, long long& out) {
    char* end = nullptr;
    out = std::strtoll(s, &end, 10);
    return end && *end == '\0' && end != s && out >= lo && out <= hi;
}

// Returns an error message, or empty when the arguments are fine.
std::string parse_args(int argc, char** argv, Config& c, bool& help) {
    std::string bots = "random";
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            help = true;
            return "";
        }
        if (i + 1 >= argc) return "missing value after " + arg;
        const char* v = argv[++i];
        long long n = 0;
        if (arg == "--game") {
            continue;  // the default game (main() chose this path)
        } else if (arg == "--games") {
            if (!parse_int(v, 1, 100000000, n)) return "--games needs a positive number";
            c.games = static_cast<int>(n);
        } else if (arg == "--seed") {
            char* end = nullptr;
            c.seed = std::strtoull(v, &end, 10);
            if (!end || *end || end == v) return "--seed needs a non-negative number";
        } else if (arg == "--players") {
            if (!parse_int(v, 3, 4, n)) return "--players must be 3 or 4";
            c.players = static_cast<int>(n);
        } else if (arg == "--bots") {
            bots = v;
        } else if (arg == "--map") {
            const std::string m = v;
            if (m == "random") c.map = MapKind::Random;
            else if (m == "starter") c.map = MapKind::Starter;
            else return "--map must be random or starter";
        } else if (arg == "--mode") {
            const std::string m = v;
            if (m == "classic") c.mode = TradeBuildMode::Classic;
            else if (m == "combined") c.mode = TradeBuildMode::Combined;
            else return "--mode must be classic or combined";
        } else if (arg == "--ruleset") {
            const std::string r = v;
            if (r == "base") c.ruleset = Ruleset::Base;
            else if (r == "hk2024") c.ruleset = Ruleset::HK2024;
            else return "--ruleset must be base or hk2024";
        } else if (arg == "--record") {
            c.record_dir = v;
        } else if (arg == "--threads") {
            if (!parse_int(v, 1, 1024, n)) return "--threads needs a number from 1 to 1024";
            c.threads = static_cast<int>(n);
        } else {
            return "unknown option " + arg;
        }
    }
    c.bots = split(bots, ',');
    if (c.bots.size() == 1) c.bots.assign(c.players, c.bots[0]);
    if (static_cast<int>(c.bots.size()) != c.players)
        return "--bots needs one name, or one per seat (" + std::to_string(c.players) + ")";
    for (const std::string& b : c.bots)
        if (!find_bot(b)) return "unknown bot '" + b + "' (see --help)";
    if (c.ruleset == Ruleset::HK2024 && c.mode == TradeBuildMode::Classic)
        return "the hk2024 ruleset uses combined trade/build (HK-4.4)";
    if (c.threads == 0) c.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return "";
}

// ---------------------------------------------------------------------------------------
// Playing

uint64_t mix(uint64_t x) {  // splitmix64 finaliser
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

struct GameOutcome {
    int winner = -1;     // -1: did not finish
    int actions = 0;     // decisions applied (referee actions included)
    int turns = 0;
    std::string error;   // a bot's action was rejected, or the options were bad
};

GameOptions options_for(const Config& c, uint64_t game_seed) {
    GameOptions o;
    o.players = c.players;
    o.map = c.map;
    o.mode = c.mode;
    o.ruleset = c.ruleset;
    if (c.ruleset == Ruleset::HK2024) {  // HK-3.1: the organiser supplies the board
        o.map = MapKind::Explicit;
        if (c.map == MapKind::Starter) {
            o.board = starter_board();
        } else {
            Rng board_rng = make_rng(mix(game_seed ^ 0xB0A4Dull));
            o.board = random_board(board_rng, NumberPlacement::Random);
        }
    }
    return o;
}

// The seat the game waits on: an addressed opponent still to answer an open offer, else the
// active player (or a discarding player).
int decider(const GameState& s) {
    if (s.phase != Phase::Discard && s.offer.open)
        for (int seat = 0; seat < s.options.players; ++seat)
            if (seat != s.active && awaits(s, seat)) return seat;
    return next_decider(s);
}

GameOutcome play_game(const Config& c, int index) {
    GameOutcome out;
    const uint64_t game_seed = mix(c.seed ^ mix(static_cast<uint64_t>(index)));
    GameRecord rec;
    rec.options = options_for(c, game_seed);
    rec.seed = game_seed;
    GameState s;
    const char* err = nullptr;
    if (!new_game(rec.options, rec.seed, s, nullptr, &err)) {
        out.error = std::string("bad options: ") + (err ? err : "?");
        return out;
    }
    std::vector<std::unique_ptr<Bot>> bots;
    for (int seat = 0; seat < c.players; ++seat) bots.push_back(find_bot(c.bots[seat])->make(mix(game_seed + 1 + seat)));
    const bool keep = !c.record_dir.empty();
    while (s.phase != Phase::GameOver && out.actions < c.max_actions) {
        Action a;
        if (s.phase == Phase::MapStudy) {
            a.type = ActionType::BeginPlacement;  // the referee starts placement at once (HK-2.1)
        } else {
            const int seat = decider(s);
            a = bots[seat]->choose(s, seat);
        }
        const Result r = apply(s, a);
        if (!r) {
            out.error = "game " + std::to_string(index) + ": " + action_to_text(a) + " rejected: " + r.rule + " " + r.message;
            break;
        }
        if (keep) rec.actions.push_back(a);
        ++out.actions;
    }
    out.winner = s.winner;
    out.turns = s.turn;
    if (keep) {
        char name[32];
        std::snprintf(name, sizeof name, "game-%06d.txt", index);
        std::ofstream f(std::filesystem::path(c.record_dir) / name, std::ios::binary);
        f << to_text(rec);
        if (!f && out.error.empty()) out.error = std::string("cannot write ") + name;
    }
    return out;
}

double mean(const std::vector<int>& v) {
    double sum = 0;
    for (int x : v) sum += x;
    return v.empty() ? 0 : sum / static_cast<double>(v.size());
}

double median(std::vector<int> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2.0;
}

const char* map_name(MapKind m) { return m == MapKind::Starter ? "starter" : "random"; }

}  // namespace

int main(int argc, char** argv) {
    hexhall::server::register_builtin_games();
    const hexhall::core::GameModule* game = &hexhall::core::game_registry().default_game();
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--game" && !(game = hexhall::core::game_registry().find(argv[i + 1]))) {
            std::fprintf(stderr, "hexhall-sim: unknown game '%s' (games: %s)\n", argv[i + 1],
                         hexhall::core::game_registry().names().c_str());
            return 2;
        }
    if (game->rules) {  // a game written as pure rules: the generic path
        for (int i = 1; i < argc; ++i)
            if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
                usage(stdout);
                return 0;
            }
        hexhall::sim::RulesSimConfig rc;
        const std::string bad = parse_rules_args(argc, argv, *game->rules, rc);
        if (!bad.empty()) {
            std::fprintf(stderr, "hexhall-sim: %s\n", bad.c_str());
            return 2;
        }
        return hexhall::sim::run_rules_sim(*game->rules, rc);
    }
    Config c;
    bool help = false;
    const std::string bad = parse_args(argc, argv, c, help);
    if (help) {
        usage(stdout);
        return 0;
    }
    if (!bad.empty()) {
        std::fprintf(stderr, "hexhall-sim: %s\n\n", bad.c_str());
        usage(stderr);
        return 2;
    }
    if (!c.record_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(c.record_dir, ec);
        if (ec) {
            std::fprintf(stderr, "hexhall-sim: cannot create %s: %s\n", c.record_dir.c_str(), ec.message().c_str());
            return 1;
        }
    }
    const int threads = std::min(c.threads, c.games);
    std::vector<GameOutcome> results(c.games);
    std::atomic<int> next{0};
    const auto t0 = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (int i = next++; i < c.games; i = next++) results[i] = play_game(c, i);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

    std::vector<int> wins(c.players, 0), actions, turns;
    int unfinished = 0, errors = 0;
    for (const GameOutcome& g : results) {
        if (!g.error.empty()) {
            if (errors < 5) std::fprintf(stderr, "hexhall-sim: %s\n", g.error.c_str());
            ++errors;
        }
        if (g.winner < 0) {
            ++unfinished;
            continue;
        }
        ++wins[g.winner];
        actions.push_back(g.actions);
        turns.push_back(g.turns);
    }
    const int finished = c.games - unfinished;
    std::string bot_list;
    for (int i = 0; i < c.players; ++i) bot_list += (i ? "," : "") + c.bots[i];
    std::printf("hexhall-sim: %d games, %d players (%s), map %s, mode %s, ruleset %s, seed %llu, %d thread%s\n", c.games,
                c.players, bot_list.c_str(), map_name(c.map),
                c.mode ? (*c.mode == TradeBuildMode::Classic ? "classic" : "combined") : "default",
                c.ruleset == Ruleset::HK2024 ? "hk2024" : "base", static_cast<unsigned long long>(c.seed), threads,
                threads == 1 ? "" : "s");
    std::printf("finished: %d, unfinished: %d, errors: %d\n", finished, unfinished, errors);
    std::printf("wins by seat:\n");
    for (int i = 0; i < c.players; ++i)
        std::printf("  seat %d  %-10s %7d  %5.1f%%\n", i, c.bots[i].c_str(), wins[i],
                    finished ? 100.0 * wins[i] / finished : 0.0);
    std::printf("wins by bot (share of finished games; fair share = seats/players):\n");
    for (const BotKind& k : bot_kinds()) {
        int seats = 0, won = 0;
        for (int i = 0; i < c.players; ++i)
            if (c.bots[i] == k.name) ++seats, won += wins[i];
        if (!seats) continue;
        std::printf("  %-10s %7d  %5.1f%%  (fair %5.1f%%)\n", k.name, won, finished ? 100.0 * won / finished : 0.0,
                    100.0 * seats / c.players);
    }
    std::printf("game length: actions mean %.1f, median %.1f; turns mean %.1f, median %.1f\n", mean(actions),
                median(actions), mean(turns), median(turns));
    std::printf("time: %.3f s, %.0f games/s\n", seconds, seconds > 0 ? c.games / seconds : 0.0);
    if (!c.record_dir.empty()) std::printf("records: %s/game-NNNNNN.txt\n", c.record_dir.c_str());
    return errors ? 1 : 0;
}
