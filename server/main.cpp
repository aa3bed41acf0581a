// hexhall-server: the Hexhall game server (docs/operations.md, docs/protocol.md).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/config.hpp"
#include "server/logging.hpp"
#include "server/net.hpp"
#include "server/store_factory.hpp"
#include "tournament/desk/desk.hpp"

int main(int argc, char** argv) {
    namespace hs = hexhall::server;
    hs::Config config;
    config.server.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (std::filesystem::is_regular_file("web-client/dist/index.html")) config.server.web_root = "web-client/dist";
    if (auto err = hs::parse_command_line(config, std::vector<std::string>(argv + 1, argv + argc)); !err.empty()) {
        std::cerr << "hexhall-server: " << err << "\n(--help lists the options)\n";
        return 2;
    }
    if (config.help) {
        std::cout << hs::usage();
        return 0;
    }
    hs::setup_logging(config.log_level, config.log_format);
    const hs::ServerOptions& o = config.server;
    try {
        hs::Server server(o);
        // Tournaments (docs/tournaments.md): /tournaments, their tables run as managed rooms.
        hexhall::tournament::DeskOptions desk_options;
        desk_options.clock_scale = o.limits.clock_scale;
        desk_options.max_entrants = config.tournament_max_entrants;
        hexhall::tournament::Desk desk(server.hub(), &server.store(), desk_options);
        server.add_http_handler("/tournaments", [&desk](const hs::HttpRequest& r) { return desk.http(r); });
        desk.restore();
        const uint16_t port = server.start();
        desk.start();
        spdlog::info("hexhall-server listening on {}:{} ({} threads, web root {}, store {})", o.address, port,
                     o.threads, o.web_root.empty() ? "none" : o.web_root, hs::describe_store(o));
        if (!config.port_file.empty()) {  // written whole, then renamed: a reader never sees half a file
            const std::string tmp = config.port_file + ".tmp";
            std::ofstream(tmp) << port << "\n";
            std::filesystem::rename(tmp, config.port_file);
        }
        server.run_until_signal();
        desk.stop();
        spdlog::info("hexhall-server stopped");
    } catch (const std::exception& e) {
        spdlog::error("{}", e.what());
        return 1;
    }
    return 0;
}
