// A whole tournament run by one server (issue 17, "at scale"): 100 entrants (built-in heuristic
// bots) over 5 rounds of 25 Catan tables (HK 2024 ruleset), through the tournament desk's HTTP
// handler and the server's hub, with rooms stored in SQLite as in production. Prints, per round,
// the wall time from "seat the round" to "every table's result recorded", and the process's CPU
// time and resident memory; then the standings' state.
// Usage: tournament_run_bench [entrants=100] [rounds=5] [io-threads=2] [db=<temp file>]
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "server/hub.hpp"
#include "server/net.hpp"
#include "server/sqlite_store.hpp"
#include "tournament/desk/desk.hpp"

using json = nlohmann::json;
using Clock = std::chrono::steady_clock;
namespace srv = hexhall::server;

namespace {

double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double rss_mib() {  // resident now (/proc/self/statm: pages)
    std::ifstream f("/proc/self/statm");
    long size = 0, resident = 0;
    f >> size >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

double peak_rss_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

struct Api {
    hexhall::tournament::Desk& desk;
    std::string token;
    json call(const std::string& method, const std::string& path, const json& body = json::object()) const {
        srv::HttpRequest r;
        r.method = method;
        r.path = path;
        r.body = method == "GET" ? "" : body.dump();
        r.authorization = token.empty() ? "" : "Bearer " + token;
        r.address = "127.0.0.1";
        const srv::HttpAnswer a = desk.http(r);
        if (a.status >= 300) {
            std::fprintf(stderr, "%s %s: %d %s\n", method.c_str(), path.c_str(), a.status, a.body.c_str());
            std::exit(1);
        }
        return json::parse(a.body);
    }
};

}  // namespace

int main(int argc, char** argv) {
    const int entrants = argc > 1 ? std::atoi(argv[1]) : 100;
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
    const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
    const auto dir = std::filesystem::temp_directory_path() / ("hexhall-tour-bench-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string db = argc > 4 ? argv[4] : (dir / "bench.db").string();
    spdlog::set_level(spdlog::level::warn);

    srv::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = threads;
    o.db_path = db;
    srv::Server server(o);
    hexhall::tournament::Desk desk(server.hub(), &server.store());
    server.add_http_handler("/tournaments", [&](const srv::HttpRequest& r) { return desk.http(r); });
    desk.restore();
    server.start();
    desk.start();

    const double cpu0 = cpu_seconds();
    const auto t0 = Clock::now();
    Api anon{desk, ""};
    const json created = anon.call("POST", "/tournaments",
                                   {{"name", "Bench open"}, {"game", "catan"}, {"ruleset", "hk2024"},
                                    {"settings", {{"rounds", rounds}, {"clockPreset", "untimed"}}}});
    const std::string id = created.at("id");
    Api org{desk, created.at("organiserToken")};
    for (int i = 0; i < entrants; ++i)
        org.call("POST", "/tournaments/" + id + "/entrants", {{"name", "Bot " + std::to_string(i + 1)}, {"bot", "heuristic"}});
    std::printf("tournament_run_bench: %d entrants (heuristic bots), %d rounds, %d io threads, db %s\n", entrants, rounds,
                threads, db.c_str());
    std::printf("%-6s %7s %9s %9s %9s %9s\n", "round", "tables", "wall_s", "cpu_s", "rss_MiB", "peak_MiB");
    double total_wall = 0;
    for (int r = 1; r <= rounds; ++r) {
        const double c0 = cpu_seconds();
        const auto w0 = Clock::now();
        const json seated = org.call("POST", "/tournaments/" + id + "/rounds");
        const size_t tables = seated.at("tournament").at("rounds").at(static_cast<size_t>(r - 1)).at("tables").size();
        org.call("POST", "/tournaments/" + id + "/rounds/" + std::to_string(r) + "/start");
        for (;;) {  // the desk records every table's result as its room reports game over
            const json v = org.call("GET", "/tournaments/" + id);
            const json& run = v.at("run");
            if (run.size() >= static_cast<size_t>(r) && run.at(static_cast<size_t>(r - 1)).at("status") == "finished") break;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        const double wall = std::chrono::duration<double>(Clock::now() - w0).count();
        total_wall += wall;
        std::printf("%-6d %7zu %9.2f %9.2f %9.1f %9.1f\n", r, tables, wall, cpu_seconds() - c0, rss_mib(), peak_rss_mib());
        std::fflush(stdout);
    }
    const json st = anon.call("GET", "/tournaments/" + id + "/standings");
    size_t ranked = 0;
    for (const json& x : st.at("individual")) ranked += !x.at("rank").is_null();
    std::printf("total: %.1f s wall (%.2f s a round), %.1f s CPU (%.0f%% of one core), standings final=%s, %zu ranked\n",
                std::chrono::duration<double>(Clock::now() - t0).count(), total_wall / rounds, cpu_seconds() - cpu0,
                100.0 * (cpu_seconds() - cpu0) / std::chrono::duration<double>(Clock::now() - t0).count(),
                st.at("final").get<bool>() ? "true" : "false", ranked);
    desk.stop();
    server.stop();
    if (argc <= 4) std::filesystem::remove_all(dir);
    return st.at("final").get<bool>() && ranked == static_cast<size_t>(entrants) ? 0 : 1;
}
