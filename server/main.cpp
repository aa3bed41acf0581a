// hexhall-server: the Hexhall game server (docs/protocol.md, docs/architecture.md).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/net.hpp"

namespace {

void usage(std::ostream& out) {
    out << "usage: hexhall-server [--port N] [--address A] [--threads N] [--web-root DIR]\n"
           "  --port N        TCP port for HTTP and WebSocket (default 8080; 0: ephemeral)\n"
           "  --address A     address to bind (default 0.0.0.0)\n"
           "  --threads N     io threads (default: hardware concurrency)\n"
           "  --web-root DIR  serve static files from DIR (GET /, ...)\n"
           "  --help          this text\n"
           "Endpoints: GET /healthz, WebSocket upgrade at /ws.\n";
}

bool parse_int(const char* s, long lo, long hi, long& out) {
    char* end = nullptr;
    long v = std::strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi) return false;
    out = v;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    hexhall::server::ServerOptions o;
    o.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::cerr << a << " needs a value\n";
                std::exit(2);
            }
            return argv[++i];
        };
        long v = 0;
        if (a == "--help" || a == "-h") {
            usage(std::cout);
            return 0;
        } else if (a == "--port") {
            if (!parse_int(value(), 0, 65535, v)) return std::cerr << "bad --port\n", 2;
            o.port = static_cast<uint16_t>(v);
        } else if (a == "--threads") {
            if (!parse_int(value(), 1, 256, v)) return std::cerr << "bad --threads\n", 2;
            o.threads = static_cast<int>(v);
        } else if (a == "--address") {
            o.address = value();
        } else if (a == "--web-root") {
            o.web_root = value();
        } else {
            std::cerr << "unknown argument " << a << "\n";
            usage(std::cerr);
            return 2;
        }
    }
    try {
        hexhall::server::Server server(o);
        const uint16_t port = server.start();
        spdlog::info("hexhall-server listening on {}:{} ({} threads{}{})", o.address, port, o.threads,
                     o.web_root.empty() ? "" : ", web root ", o.web_root);
        server.run_until_signal();
    } catch (const std::exception& e) {
        spdlog::error("{}", e.what());
        return 1;
    }
    return 0;
}
