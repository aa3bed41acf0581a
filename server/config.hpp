// hexhall-server's flags and config file (docs/operations.md): `--name value` flags, and a
// config file of `name = value` lines using the same names; flags override the file.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "server/net.hpp"

namespace hexhall::server {

struct Config {
    Config() {
        server.msgs_per_second = 20;     // a public server limits the message rate
        server.http_heavy_per_second = 10;  // and the heavy HTTP requests per address
        server.db_path = "hexhall.db";  // and keeps its games (an embedded Server: ":memory:")
        server.limits.bot_move_interval = std::chrono::milliseconds(250);  // bot games at a person's pace
        server.api_limits = ApiLimits{};  // and the tournaments API per token and per address
    }
    ServerOptions server;
    std::string log_level = "info";   // trace, debug, info, warn, error, off
    std::string log_format = "text";  // text, json
    std::string port_file;  // write the bound port here once listening (tests with --port 0)
    int tournament_max_entrants = 512;  // entrants per tournament (tournament::DeskOptions)
    bool help = false;
};

// Sets one option by its flag name (without "--"). Returns an error message, or "" when done.
std::string apply_option(Config& c, std::string_view name, std::string_view value);
// Applies a config file's text: `name = value` lines, blank lines and `#` comments.
// Returns an error message naming the line, or "".
std::string apply_config_text(Config& c, std::string_view text);
// The command line: `--config PATH` is read first, then every other flag in order.
std::string parse_command_line(Config& c, const std::vector<std::string>& args);
// The --help text, documenting every flag.
std::string usage();

}  // namespace hexhall::server
