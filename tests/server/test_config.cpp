// hexhall-server's flags and config file (server/config.*, docs/operations.md).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "server/config.hpp"

using hexhall::server::Config;

TEST_CASE("config: a file of name = value lines, overridden by flags", "[server][config]") {
    const std::string path = "hexhall_test_config.conf";
    {
        std::ofstream f(path);
        f << "# a comment\n\nport = 9000\naddress=127.0.0.1\nmsgs-per-second = 5.5\nmax-connections = 7\n"
             "log-format = json\ndb = /data/x.db\ndb-sync = full\n";
    }
    Config c;
    CHECK(hexhall::server::parse_command_line(c, {"--port", "9100", "--config", path, "--max-rooms=3"}) == "");
    CHECK(c.server.port == 9100);  // the flag wins, wherever it stands
    CHECK(c.server.address == "127.0.0.1");
    CHECK(c.server.msgs_per_second == 5.5);
    CHECK(c.server.max_connections == 7);
    CHECK(c.server.limits.max_rooms == 3);
    Config board;
    CHECK(hexhall::server::parse_command_line(board, {"--leaderboard-min-games", "2"}) == "");
    CHECK(board.server.limits.leaderboard_min_games == 2);
    CHECK(c.server.db_path == "/data/x.db");
    CHECK(c.server.db_sync_full);
    CHECK(c.log_format == "json");
    CHECK_FALSE(c.help);
    std::remove(path.c_str());
}

TEST_CASE("config: the server's defaults", "[server][config]") {
    Config c;
    CHECK(hexhall::server::parse_command_line(c, {}) == "");
    CHECK(c.server.port == 8080);
    CHECK(c.server.db_path == "hexhall.db");
    CHECK_FALSE(c.server.db_sync_full);
    CHECK(c.server.msgs_per_second == 20);  // limited, unlike an embedded ServerOptions
    CHECK(c.server.msgs_burst == 40);
    CHECK(c.server.max_frame_bytes == 64 * 1024);
    CHECK(c.server.max_send_queue == 4096);
    CHECK(c.server.ws_deflate_window_bits == 0);  // permessage-deflate off (docs/performance.md)
    CHECK(c.log_level == "info");
}

TEST_CASE("config: --ws-deflate off or the window bits 9..15", "[server][config]") {
    Config c;
    CHECK(hexhall::server::parse_command_line(c, {"--ws-deflate", "12"}) == "");
    CHECK(c.server.ws_deflate_window_bits == 12);
    CHECK(hexhall::server::parse_command_line(c, {"--ws-deflate", "off"}) == "");
    CHECK(c.server.ws_deflate_window_bits == 0);
    CHECK(hexhall::server::parse_command_line(c, {"--ws-deflate", "8"}).find("bad value") == 0);
    CHECK(hexhall::server::parse_command_line(c, {"--ws-deflate", "on"}).find("bad value") == 0);
}

TEST_CASE("config: errors name the option or the line", "[server][config]") {
    Config c;
    CHECK(hexhall::server::apply_config_text(c, "port = 1\nbogus = 2\n") == "line 2: unknown option bogus");
    CHECK(hexhall::server::apply_config_text(c, "port\n") == "line 1: expected name = value");
    CHECK(hexhall::server::apply_config_text(c, "port = 70000\n").find("bad value for port") != std::string::npos);
    CHECK(hexhall::server::parse_command_line(c, {"--threads", "0"}).find("bad value for threads") != std::string::npos);
    CHECK(hexhall::server::parse_command_line(c, {"--port"}) == "--port needs a value");
    CHECK(hexhall::server::parse_command_line(c, {"--config", "/nonexistent/x"}).find("cannot read") == 0);
    CHECK(hexhall::server::parse_command_line(c, {"--log-level", "loud"}).find("bad value") == 0);
    Config d;
    CHECK(hexhall::server::parse_command_line(d, {"--help"}) == "");
    CHECK(d.help);
}

TEST_CASE("config: --help documents every option", "[server][config]") {
    const std::string help = hexhall::server::usage();
    for (const char* name : {"port", "address", "threads", "web-root", "db", "db-sync", "keep-finished-days", "max-connections", "max-rooms",
                             "max-frame-bytes", "max-send-queue", "msgs-per-second", "msgs-burst", "http-timeout",
                             "hello-timeout", "idle-timeout", "shutdown-timeout", "log-level", "log-format",
                             "tournament-max-entrants", "tournament-per-token", "tournament-per-address",
                             "work-threads", "work-queue-per-client", "work-queue-per-address", "work-queue",
                             "bot-threads", "leaderboard-min-games", "ws-deflate", "place-margin-rooms",
                             "place-margin-percent"}) {
        INFO(name);
        CHECK(help.find(std::string("--") + name + " ") != std::string::npos);
        Config c;  // and each is an option
        CHECK(hexhall::server::apply_option(c, name, "x").find("unknown option") == std::string::npos);
    }
}

TEST_CASE("config: the tournaments limits (entrant cap, per token, per address) from flags and the file", "[server][config]") {
    Config c;
    CHECK(c.tournament_max_entrants == 512);
    CHECK(c.server.api_limits.per_token == 5);
    CHECK(c.server.api_limits.per_address == 200);
    CHECK(hexhall::server::apply_config_text(c, "tournament-max-entrants = 64\ntournament-per-token = 2\n") == "");
    CHECK(hexhall::server::parse_command_line(c, {"--tournament-per-address", "50"}) == "");
    CHECK(c.tournament_max_entrants == 64);
    CHECK(c.server.api_limits.per_token == 2);
    CHECK(c.server.api_limits.token_burst == 8);
    CHECK(c.server.api_limits.per_address == 50);
    CHECK(c.server.api_limits.address_burst == 100);
    CHECK(c.server.api_limits.anonymous == 5);
    CHECK(hexhall::server::apply_option(c, "tournament-max-entrants", "2").find("bad value") == 0);
}

TEST_CASE("config: the work pool's flags set its threads and queue bounds", "[server][config][fairshare]") {
    Config c;
    CHECK(hexhall::server::parse_command_line(c, {"--work-threads", "3", "--work-queue-per-client", "4",
                                                  "--work-queue-per-address", "40", "--work-queue", "400"}) == "");
    CHECK(c.server.work.threads == 3);
    CHECK(c.server.work.per_session == 4);
    CHECK(c.server.work.per_address == 40);
    CHECK(c.server.work.total == 400);
    Config d;
    CHECK(hexhall::server::parse_command_line(d, {"--work-threads", "0"}) != "");
}

TEST_CASE("config: --bot-threads sets the bot pool's threads", "[server][config][botshare]") {
    Config c;
    CHECK(c.server.limits.bot_threads == 2);
    CHECK(hexhall::server::parse_command_line(c, {"--bot-threads", "3"}) == "");
    CHECK(c.server.limits.bot_threads == 3);
    Config d;
    CHECK(hexhall::server::parse_command_line(d, {"--bot-threads", "0"}) != "");
}

TEST_CASE("config: the send budget and /metrics' own address and token (issue 26)", "[server][config]") {
    Config c;
    CHECK(hexhall::server::parse_command_line(c, {"--metrics-address", "127.0.0.1:9200", "--metrics-token",
                                                  "0123456789abcdef", "--send-budget-bytes", "134217728",
                                                  "--send-budget-per-address", "33554432"}) == "");
    CHECK(c.server.metrics_address == "127.0.0.1");
    CHECK(c.server.metrics_port == 9200);
    CHECK(c.server.metrics_token == "0123456789abcdef");
    CHECK(c.server.send_budget_bytes == 134217728u);
    CHECK(c.server.send_budget_per_address == 33554432u);
    Config v6;
    CHECK(hexhall::server::parse_command_line(v6, {"--metrics-address", "[::1]:9300"}) == "");
    CHECK(v6.server.metrics_address == "::1");
    CHECK(v6.server.metrics_port == 9300);
    Config bare;
    CHECK(hexhall::server::parse_command_line(bare, {"--metrics-address", "10.0.0.5"}) == "");
    CHECK(bare.server.metrics_address == "10.0.0.5");
    CHECK(bare.server.metrics_port == 9100);
    Config defaults;
    CHECK(defaults.server.metrics_address.empty());  // /metrics on the main port, public, unless set
    CHECK(defaults.server.send_budget_bytes == 256u << 20);
    Config bad;
    CHECK(hexhall::server::parse_command_line(bad, {"--metrics-token", "short"}) != "");
    CHECK(hexhall::server::parse_command_line(bad, {"--metrics-address", "127.0.0.1:99999"}) != "");
    CHECK(hexhall::server::parse_command_line(bad, {"--send-budget-bytes", "10"}) != "");
    const std::string help = hexhall::server::usage();
    for (const char* flag : {"--metrics-address", "--metrics-token", "--send-budget-bytes", "--send-budget-per-address"})
        CHECK(help.find(flag) != std::string::npos);
}
