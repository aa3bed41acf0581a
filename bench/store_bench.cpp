// The store's cost per action (docs/performance.md, "Store: PostgreSQL vs SQLite"): `rooms` rooms
// append `actions` actions each through the Store interface, each room waiting for its previous
// append's commit (as a room's journal does). Prints the latency of an append (queued to `done`)
// and the CPU per action of this process (the writer thread, libpq/SQLite) and, for PostgreSQL, of
// the database server's processes (HEXHALL_TEST_PG_DATA: its data directory, as
// tests/pg/with-postgres.sh sets it).
//   store_bench sqlite:/tmp/x.db [rooms] [actions]
//   tests/pg/with-postgres.sh sh -c 'build/bench/store_bench "$HEXHALL_TEST_PG" 200 50'
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "server/net.hpp"
#include "server/store_factory.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace hs = hexhall::server;

double cpu_self_s() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// CPU seconds of a PostgreSQL server: its postmaster and every child process; -1 when unknown.
double cpu_postgres_s() {
    const char* data = std::getenv("HEXHALL_TEST_PG_DATA");
    if (!data) return -1;
    std::ifstream pidfile(std::string(data) + "/postmaster.pid");
    long master = 0;
    if (!(pidfile >> master)) return -1;
    const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    double total = 0;
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(e.path() / "stat");
        std::string line;
        if (!std::getline(in, line)) continue;
        const size_t close = line.rfind(')');
        if (close == std::string::npos) continue;
        // after "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
        std::vector<std::string> f;
        size_t at = close + 2;
        while (at < line.size() && f.size() < 13) {
            const size_t sp = line.find(' ', at);
            f.push_back(line.substr(at, sp - at));
            if (sp == std::string::npos) break;
            at = sp + 1;
        }
        if (f.size() < 13) continue;
        const long pid = std::stol(name), ppid = std::stol(f[1]);
        if (pid != master && ppid != master) continue;
        total += (std::stod(f[11]) + std::stod(f[12])) / tick;
    }
    return total;
}

hs::RoomRow room_row(const std::string& id) {
    hs::RoomRow r;
    r.id = id;
    r.game = "bench";  // the store keeps any game name; no game is played here
    r.options = R"({"players":4})";
    r.setup = "hexhall-record 1\n";
    r.seed = 42;
    r.salt = std::string(32, 'a');
    r.commitment = std::string(64, 'b');
    r.state = "running";
    r.created_ms = 1700000000000;
    return r;
}

struct Run {
    std::mutex mu;
    std::condition_variable cv;
    std::vector<double> latencies_us;
    int left = 0;
};

void run(hs::Store& store, const std::string& label, int rooms, int actions) {
    const std::string prefix = label + "-" + std::to_string(getpid()) + "-" + std::to_string(rooms) + "-";
    for (int r = 0; r < rooms; ++r) store.put_room(room_row(prefix + std::to_string(r)));
    store.flush();
    Run state;
    state.left = rooms;
    state.latencies_us.reserve(static_cast<size_t>(rooms) * actions);
    const uint64_t commits0 = store.commits();
    const double self0 = cpu_self_s(), pg0 = cpu_postgres_s();
    const auto t0 = Clock::now();
    // Each room appends its next action once the previous one committed (from the done callback).
    std::function<void(int, int)> next = [&](int room, int seq) {
        if (seq == actions) {
            std::lock_guard lock(state.mu);
            if (--state.left == 0) state.cv.notify_all();
            return;
        }
        const auto queued = Clock::now();
        store.append(prefix + std::to_string(room),
                     hs::ActionRow{seq, seq % 4, R"({"type":"endTurn","seat":)" + std::to_string(seq % 4) + "}", seq * 1000},
                     [&, room, seq, queued](bool ok) {
                         if (!ok) std::fprintf(stderr, "append refused\n"), std::exit(1);
                         {
                             std::lock_guard lock(state.mu);
                             state.latencies_us.push_back(
                                 std::chrono::duration<double, std::micro>(Clock::now() - queued).count());
                         }
                         next(room, seq + 1);
                     });
    };
    for (int r = 0; r < rooms; ++r) next(r, 0);
    {
        std::unique_lock lock(state.mu);
        state.cv.wait(lock, [&] { return state.left == 0; });
    }
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    const double self = cpu_self_s() - self0, pg = pg0 < 0 ? -1 : cpu_postgres_s() - pg0;
    std::vector<double>& l = state.latencies_us;
    std::sort(l.begin(), l.end());
    const double n = static_cast<double>(l.size());
    auto pct = [&](double p) { return l[std::min(l.size() - 1, static_cast<size_t>(p * n))]; };
    std::printf("%-8s rooms %4d  actions %6zu  %8.0f actions/s  latency p50 %7.0f us  p99 %7.0f us  "
                "commits %5llu  cpu/action: server %6.1f us",
                label.c_str(), rooms, l.size(), n / wall, pct(0.5), pct(0.99),
                static_cast<unsigned long long>(store.commits() - commits0), self * 1e6 / n);
    if (pg >= 0) std::printf(", postgres %6.1f us, total %6.1f us", pg * 1e6 / n, (self + pg) * 1e6 / n);
    std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: store_bench postgres://…|sqlite:PATH [rooms] [actions per room]\n");
        return 2;
    }
    hs::ServerOptions o;
    if (!hs::apply_store_url(o, argv[1])) {
        std::fprintf(stderr, "store_bench: not a store URL: %s\n", argv[1]);
        return 2;
    }
    const int rooms = argc > 2 ? std::atoi(argv[2]) : 200;
    const int actions = argc > 3 ? std::atoi(argv[3]) : 50;
    auto store = hs::open_store(o);
    const std::string label = hs::is_postgres_url(o.store_url) ? "postgres" : "sqlite";
    run(*store, label, 1, std::max(actions * 4, 200));  // one room: one commit per action
    run(*store, label, rooms, actions);                 // many rooms: group commit
    return 0;
}
