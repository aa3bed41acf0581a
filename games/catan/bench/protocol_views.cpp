// Protocol views benchmark (issue 3): per engine action, the cost of producing the views, RFC 6902
// patches (with SHA-256 digests) and redacted events for the 4 seats and one spectator.
//
//   protocol_views [--games N] [--seed S] [--pass P]
//
// --pass P runs only the baseline and pass P (1..5), e.g. for callgrind.
//
// Pass 1 plays the games with the engine only (the baseline). Passes 1 to 3 replay the same games
// through the reference path, ViewStream::patch, which builds each changed section as JSON and diffs it
// with json::diff (kept as the independent reference the sync test checks patch_text against; the
// server's replay endpoint uses it): pass 1 without legal actions, pass 2 with each seat's legal actions
// as JSON, pass 3 also serialising every message to text.
// Passes 4 and 5 build the message text directly with ViewStream::patch_text (byte-identical to pass
// 3's text; typed writers, one ViewCache shared by the five streams as on the server): without, then
// with, the seats' legal actions (pass 5 is what the server sends). The target is pass 4.
// Reported: (pass CPU time - baseline CPU time) / actions.
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/random_play.hpp"
#include "games/catan/protocol/view_stream.hpp"

using namespace hexhall::catan;
using namespace hexhall::protocol;

namespace {

// CPU time of this process: robust against other load on the machine (single-threaded program).
double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

struct Pass {
    double seconds = 0;
    uint64_t actions = 0;
    uint64_t bytes = 0;
};

// mode 0: engine only; 1: reference views+patches+events; 2: + legal; 3: + dump of each message;
// 4: patch_text without legal; 5: patch_text with legal.
Pass run(int games, uint64_t seed, int mode) {
    Pass r;
    GameOptions opt;
    LegalActions la;
    GameState s;
    EventList ev;
    const double t0 = cpu_seconds();
    for (int g = 0; g < games; ++g) {
        const uint64_t game_seed = seed + static_cast<uint64_t>(g);
        new_game(opt, game_seed, s);
        Rng rng = make_rng(game_seed ^ 0x9E3779B97F4A7C15ull);
        std::vector<ViewStream> streams;
        ViewCache cache;
        if (mode > 0) {
            for (int seat = 0; seat < 4; ++seat) streams.emplace_back(seat, 0, mode == 2 || mode == 3 || mode == 5);
            streams.emplace_back(kSpectator, 0, false);
            for (ViewStream& st : streams) r.bytes += st.snapshot(s).size();
        }
        int n = 0;
        while (s.phase != Phase::GameOver && n < 100000) {
            const Action a = random_legal_action(s, next_decider(s), rng, la);
            ev.clear();
            apply(s, a, &ev);
            ++n;
            for (ViewStream& st : streams) {
                if (mode >= 4) {
                    r.bytes += st.patch_text(s, ev, 0, &cache).size();
                    continue;
                }
                json p = st.patch(s, ev, 0, &cache);
                if (mode == 3) r.bytes += p.dump().size();
                else r.bytes += p.size();
            }
        }
        r.actions += static_cast<uint64_t>(n);
    }
    r.seconds = cpu_seconds() - t0;
    return r;
}

}  // namespace

int main(int argc, char** argv) {
    int games = 200;
    uint64_t seed = 1;
    int only = 0;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--games") && i + 1 < argc) games = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (!std::strcmp(argv[i], "--pass") && i + 1 < argc) only = std::atoi(argv[++i]);
        else {
            std::fprintf(stderr, "usage: protocol_views [--games N] [--seed S] [--pass 1..5]\n");
            return 2;
        }
    }
    const Pass base = run(games, seed, 0);
    const char* names[] = {"", "reference (json::diff): views+patches+digests+events",
                           "  + legal actions JSON (4 seats)", "  + patch message serialised to text",
                           "patch_text: message text directly (no legal)", "patch_text + legal actions (server path)"};
    std::printf("games:   %d (4 players, random map, seed %llu)\n", games, static_cast<unsigned long long>(seed));
    std::printf("actions: %llu (%.1f per game); engine alone %.3f us/action\n",
                static_cast<unsigned long long>(base.actions), double(base.actions) / games,
                base.seconds * 1e6 / double(base.actions));
    for (int mode = 1; mode <= 5; ++mode) {
        if (only && mode != only) continue;
        const Pass p = run(games, seed, mode);
        std::printf("%-50s %7.2f us/action\n", names[mode], (p.seconds - base.seconds) * 1e6 / double(p.actions));
    }
    return 0;
}
