// GET /metrics: Prometheus text format 0.0.4 that parses, and counters that move with traffic
// (docs/operations.md, "Metrics").
#include <cstring>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "server/net.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

namespace {

// Parses the exposition: every sample line `name{labels} value`, every sample's family declared
// by a # TYPE line before it. Returns the samples by "name{labels}".
std::map<std::string, double> parse_metrics(const std::string& body) {
    static const std::regex sample(R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_][a-zA-Z0-9_]*="[^"\\]*"(,[a-zA-Z_][a-zA-Z0-9_]*="[^"\\]*")*\})? (\S+))");
    static const std::regex type(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped))");
    std::map<std::string, double> out;
    std::set<std::string> families;
    std::istringstream in(body);
    std::string line;
    while (std::getline(in, line)) {
        INFO(line);
        std::smatch m;
        if (line.rfind("# HELP ", 0) == 0) continue;
        if (line.rfind("# TYPE ", 0) == 0) {
            REQUIRE(std::regex_match(line, m, type));
            families.insert(m[1]);
            continue;
        }
        REQUIRE(std::regex_match(line, m, sample));
        std::string family = m[1];
        for (const char* suffix : {"_bucket", "_sum", "_count"})
            if (!families.count(family) && family.size() > std::strlen(suffix) &&
                family.compare(family.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
                family.resize(family.size() - std::strlen(suffix));
        CHECK(families.count(family));
        const std::string v = m[4];
        out[std::string(m[1]) + std::string(m[2])] = v == "+Inf" ? 1e300 : std::stod(v);
    }
    return out;
}

std::map<std::string, double> scrape(uint16_t port) {
    int status = 0;
    const std::string body = http_get(port, "/metrics", status);
    REQUIRE(status == 200);
    return parse_metrics(body);
}

}  // namespace

TEST_CASE("metrics: /metrics parses and the counters move", "[server][metrics]") {
    Watchdog watchdog(120);
    TestServer ts;
    const uint16_t port = ts.port;

    {  // The content type of the 0.0.4 text format.
        asio::io_context ioc;
        tcp::socket s(ioc);
        s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        http::request<http::empty_body> req{http::verb::get, "/metrics", 11};
        req.set(http::field::host, "127.0.0.1");
        http::write(s, req);
        beast::flat_buffer b;
        http::response<http::string_body> res;
        http::read(s, b, res);
        CHECK(res[http::field::content_type].find("version=0.0.4") != std::string::npos);
    }

    auto m0 = scrape(port);
    CHECK(m0.at("hexhall_rooms") == 0);
    CHECK(m0.at("hexhall_connections") >= 0);  // process-wide: earlier tests' servers count too
    for (const char* name : {"hexhall_actions_total", "hexhall_messages_in_total", "hexhall_messages_out_total",
                             "hexhall_slow_connections_dropped_total", "hexhall_rate_limit_closes_total",
                             "hexhall_action_latency_seconds_count", "hexhall_action_latency_seconds_sum",
                             "hexhall_errors_total{code=\"bad_json\"}",
                             "hexhall_action_latency_seconds_bucket{le=\"+Inf\"}",
                             "hexhall_store_commit_seconds_count", "hexhall_store_commit_seconds_sum",
                             "hexhall_store_commit_seconds_bucket{le=\"+Inf\"}"})
        CHECK(m0.count(name));

    Table table(port, 5);
    double rt = 0;
    int actions = 0;
    for (; actions < 30 && table.act(rt); ++actions) {}
    table.players[0].c->send_text("not json");
    CHECK(table.players[0].c->recv_type("error").at("code") == "bad_json");
    table.players[0].c->request({{"type", "action"}, {"game", "catan"}, {"catan", {{"type", "buildCity"}, {"intersection", 0}}}});
    CHECK(table.players[0].c->recv().at("code") == "illegal_action");

    auto m1 = scrape(port);
    CHECK(m1.at("hexhall_rooms") == 1);
    CHECK(m1.at("hexhall_connections") - m0.at("hexhall_connections") == 4);
    CHECK(m1.at("hexhall_actions_total") - m0.at("hexhall_actions_total") == actions);
    // Every game message (30 actions, the refused one) is timed.
    CHECK(m1.at("hexhall_action_latency_seconds_count") - m0.at("hexhall_action_latency_seconds_count") == actions + 1);
    CHECK(m1.at("hexhall_action_latency_seconds_sum") > m0.at("hexhall_action_latency_seconds_sum"));
    CHECK(m1.at("hexhall_action_latency_seconds_bucket{le=\"+Inf\"}") == m1.at("hexhall_action_latency_seconds_count"));
    CHECK(m1.at("hexhall_action_latency_seconds_bucket{le=\"0.0001\"}") <=
          m1.at("hexhall_action_latency_seconds_bucket{le=\"2.5\"}"));
    // Every acknowledged action waited for a store commit: the store's latency is timed (issue 28).
    CHECK(m1.at("hexhall_store_commit_seconds_count") > m0.at("hexhall_store_commit_seconds_count"));
    CHECK(m1.at("hexhall_store_commit_seconds_sum") > m0.at("hexhall_store_commit_seconds_sum"));
    CHECK(m1.at("hexhall_store_commit_seconds_bucket{le=\"+Inf\"}") == m1.at("hexhall_store_commit_seconds_count"));
    CHECK(m1.at("hexhall_store_commit_seconds_bucket{le=\"0.0001\"}") <=
          m1.at("hexhall_store_commit_seconds_bucket{le=\"2.5\"}"));
    CHECK(m1.at("hexhall_errors_total{code=\"bad_json\"}") - m0.at("hexhall_errors_total{code=\"bad_json\"}") == 1);
    CHECK(m1.at("hexhall_errors_total{code=\"illegal_action\"}") -
              m0.at("hexhall_errors_total{code=\"illegal_action\"}") == 1);
    // In: 4 hellos, createRoom, 4 joins, start, the actions, 2 bad ones. Out: more (patches to all).
    CHECK(m1.at("hexhall_messages_in_total") - m0.at("hexhall_messages_in_total") >= 10 + actions + 2);
    CHECK(m1.at("hexhall_messages_out_total") - m0.at("hexhall_messages_out_total") >= 4.0 * actions);

    for (Player& p : table.players) p.c->ws.close(websocket::close_code::normal);
    const double open0 = m0.at("hexhall_connections");
    for (int tries = 0; scrape(port).at("hexhall_connections") != open0 && tries < 100; ++tries)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    CHECK(scrape(port).at("hexhall_connections") == open0);
    ts.server->stop();
}

namespace {
// GET `target` with an Authorization header (none when empty); returns the status and sets `body`.
int get_with_auth(uint16_t port, const std::string& target, const std::string& authorization, std::string& body) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, target, 11};
    req.set(http::field::host, "127.0.0.1");
    if (!authorization.empty()) req.set(http::field::authorization, authorization);
    http::write(s, req);
    beast::flat_buffer b;
    http::response<http::string_body> res;
    http::read(s, b, res);
    body = res.body();
    if (res.result() == http::status::unauthorized) CHECK(res[http::field::www_authenticate] == "Bearer realm=\"metrics\"");
    return static_cast<int>(res.result_int());
}
}  // namespace

TEST_CASE("metrics: --metrics-token: /metrics only for the bearer of the token (issue 26)", "[server][metrics]") {
    Watchdog watchdog(60);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.metrics_token = "s3cret-metrics-token-0123";
    hexhall::server::Server s(o);
    const uint16_t port = s.start();
    std::string body;
    CHECK(get_with_auth(port, "/metrics", "", body) == 401);
    CHECK(body.find("hexhall_") == std::string::npos);
    CHECK(get_with_auth(port, "/metrics", "Bearer wrong-token-wrong-token", body) == 401);
    CHECK(get_with_auth(port, "/metrics", "Bearer s3cret-metrics-token-012", body) == 401);   // a prefix
    CHECK(get_with_auth(port, "/metrics", "Basic s3cret-metrics-token-0123", body) == 401);   // another scheme
    CHECK(get_with_auth(port, "/metrics", "Bearer s3cret-metrics-token-0123", body) == 200);
    CHECK(parse_metrics(body).count("hexhall_rooms"));
    CHECK(get_with_auth(port, "/metrics", "bearer s3cret-metrics-token-0123", body) == 200);  // scheme any case
    CHECK(get_with_auth(port, "/healthz", "", body) == 200);  // the rest stays public
    s.stop();
}

TEST_CASE("metrics: --metrics-address: /metrics on its own listener, not on the public port (issue 26)",
          "[server][metrics]") {
    Watchdog watchdog(60);
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.metrics_address = "127.0.0.1";
    o.metrics_port = 0;
    hexhall::server::Server s(o);
    const uint16_t port = s.start();
    const uint16_t mport = s.metrics_port();
    REQUIRE(mport != 0);
    REQUIRE(mport != port);
    std::string body;
    CHECK(get_with_auth(port, "/metrics", "", body) == 404);  // the public port has none
    CHECK(get_with_auth(mport, "/metrics", "", body) == 200);
    CHECK(parse_metrics(body).count("hexhall_connections"));
    CHECK(get_with_auth(mport, "/healthz", "", body) == 404);  // the metrics listener serves nothing else
    CHECK(get_with_auth(mport, "/ws", "", body) == 404);
    WsClient c(port);  // the game goes on on the public port
    CHECK(c.hello("Ann").at("type") == "welcome");
    s.stop();
}
