// Security and reliability at the edges (issue 12): what one client, one request or one full disk
// can do to everyone. Each test names the finding it covers.
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <random>
#include <sstream>

#include "server/game.hpp"
#include "server/logging.hpp"
#include "server/safe_text.hpp"
#include "server/sqlite_store.hpp"
#include "tests/server/ops_support.hpp"

using namespace hexhall::test;

namespace {

// A raw HTTP/1.1 request (any bytes in the target); returns the status (0: no answer).
int edges_raw_get(uint16_t port, const std::string& target) {
    asio::io_context ioc;
    tcp::socket s(ioc);
    s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    const std::string req = "GET " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    asio::write(s, asio::buffer(req));
    beast::flat_buffer b;
    http::response<http::string_body> res;
    beast::error_code ec;
    http::read(s, b, res, ec);
    return ec ? 0 : static_cast<int>(res.result_int());
}

struct EdgesDb {
    std::filesystem::path path;
    EdgesDb() {
        std::random_device rd;
        path = std::filesystem::temp_directory_path() / ("hexhall-edges-" + std::to_string(rd()) + ".db");
    }
    ~EdgesDb() {
        std::error_code ec;
        for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + ext, ec);
    }
};

hexhall::server::ServerOptions edges_options(const std::string& db = ":memory:") {
    hexhall::server::ServerOptions o;
    o.address = "127.0.0.1";
    o.port = 0;
    o.threads = 2;
    o.db_path = db;
    return o;
}

}  // namespace

TEST_CASE("edges: invalid UTF-8 in a query is answered, not fatal (issue 12 finding 1)", "[server][edges]") {
    Watchdog watchdog(60);
    TestServer ts;
    for (const char* q : {"/standings?rooms=%ff", "/standings?rooms=ab,%c3%28,%ed%a0%80", "/standings?rooms=%ff&teams=%ff",
                          "/games/%ff/record"}) {
        int status = 0;
        const std::string body = http_get(ts.port, q, status);
        INFO(q);
        CHECK(status >= 200);
        CHECK(status < 500);
        CHECK(hexhall::server::valid_utf8(body));
    }
    const int raw = edges_raw_get(ts.port, "/standings?rooms=\xff\xfe");
    CHECK(raw < 500);  // 0 when the parser refused the bytes and closed
    int status = 0;
    CHECK(http_get(ts.port, "/healthz", status).starts_with("ok"));
    CHECK(status == 200);
}

TEST_CASE("edges: JSON with invalid UTF-8 serializes with U+FFFD instead of throwing (issue 12 finding 1)",
          "[server][edges]") {
    const json j = {{"name", std::string("a\xff" "b")}};
    CHECK(hexhall::server::safe_dump(j) == "{\"name\":\"a\xEF\xBF\xBD" "b\"}");
    CHECK(*hexhall::server::make_text(j) == hexhall::server::safe_dump(j));
    CHECK(hexhall::server::valid_utf8("h\xC3\xA9llo \xE2\x82\xAC \xF0\x9F\x8E\xB2"));
    CHECK_FALSE(hexhall::server::valid_utf8("\xC0\xAF"));      // overlong
    CHECK_FALSE(hexhall::server::valid_utf8("\xED\xA0\x80"));  // surrogate
    CHECK_FALSE(hexhall::server::valid_utf8("\xE2\x82"));      // cut short
}

TEST_CASE("edges: a name with a newline cannot forge a text log line (issue 12 finding 14)", "[server][edges]") {
    std::ostringstream out;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
    auto logger = spdlog::default_logger();
    logger->sinks().push_back(sink);
    hexhall::server::setup_logging("info", "text");
    spdlog::info("room {} created by {}", "r1", "Eve\n[2026-01-01 00:00:00.000] [error] forged\x1b[2J");
    logger->sinks().pop_back();
    spdlog::set_pattern("%+");
    spdlog::set_level(spdlog::level::info);
    const std::string line = out.str();
    CHECK(std::count(line.begin(), line.end(), '\n') == 1);  // one line, ending in its own newline
    CHECK(line.find("Eve\\n[2026") != std::string::npos);
    CHECK(line.find('\x1b') == std::string::npos);
}

TEST_CASE("edges: createRoom refuses unknown and internal keys (issue 12 finding 2)", "[server][edges]") {
    Watchdog watchdog(60);
    TestServer ts;
    WsClient c(ts.port);
    c.hello("Mallory");
    for (json bad : {json{{"_seatTokenHashes", {{"x", "ab"}}}}, json{{"_restoreSetup", "x"}}, json{{"colour", "red"}},
                     json{{"players", 3}, {"_x", 1}}}) {
        bad["type"] = "createRoom";
        c.request(bad);
        INFO(bad.dump());
        CHECK(c.recv_error() == "bad_option");
    }
    CHECK(c.create({{"players", 3}, {"botFill", "random"}, {"game", "catan"}}).at("type") == "roomCreated");
}

TEST_CASE("edges: a stored room that cannot be restored is set aside; the server and the other rooms go on "
          "(issue 12 finding 2)", "[server][edges][store]") {
    Watchdog watchdog(120);
    using namespace hexhall::server;
    EdgesDb db;
    std::string good;
    {
        Server s(edges_options(db.path.string()));
        const uint16_t port = s.start();
        WsClient c(port);
        c.hello("Host");
        good = c.create({{"players", 3}, {"externalBots", {2}}}).at("room").get<std::string>();
        c.close();
        s.stop();
    }
    const std::string hex64(64, 'a');
    const std::vector<std::string> bad_options = {
        R"({"_seatTokenHashes":{"x":"ab"}})",
        R"({"_seatTokenHashes":{"99":")" + hex64 + R"("}})",
        R"({"players":3,"_seatTokenHashes":{"3":")" + hex64 + R"("}})",
        R"({"_seatTokenHashes":{"1":7}})",
        R"({"_seatTokenHashes":"x"})",
        R"({"players":"four"})",
        R"([1,2)",
    };
    {
        SqliteStore st(db.path.string());
        auto stored = st.load_room(good);
        REQUIRE(stored);
        CHECK(stored->room.options.find("_seatTokenHashes") != std::string::npos);
        for (size_t i = 0; i < bad_options.size(); ++i) {
            RoomRow bad = stored->room;
            bad.id = "bad" + std::to_string(i);
            bad.invite = "";
            bad.options = bad_options[i];
            st.put_room(bad);
        }
    }
    Server s(edges_options(db.path.string()));
    const uint16_t port = s.start();  // before the fix: exit (stoi, type_error) or a heap overflow
    CHECK(metric(port, "hexhall_rooms_set_aside_total") >= static_cast<double>(bad_options.size()));
    WsClient c(port);
    c.hello("Guest");
    CHECK(c.join(good, 0).at("type") == "joined");
    CHECK(c.join("bad1", 0).at("code") == "no_room");
    s.stop();
    SqliteStore st(db.path.string());
    for (size_t i = 0; i < bad_options.size(); ++i) CHECK(st.load_room("bad" + std::to_string(i))->room.state == "abandoned");
}

TEST_CASE("edges: while the store cannot commit nothing is acknowledged; the room pauses, tells its players "
          "and resumes (issue 12 finding 3)", "[server][edges][store]") {
    Watchdog watchdog(120);
    using namespace hexhall::server;
    EdgesDb db;
    Server s(edges_options(db.path.string()));
    const uint16_t port = s.start();
    Table t(port, 77);
    double secs = 0;
    for (int i = 0; i < 3; ++i) REQUIRE(t.act(secs));
    const double failures0 = metric(port, "hexhall_store_commit_failures_total");

    s.store().set_read_only_for_test(true);  // as "attempt to write a readonly database"
    Player& p = random_mover(t.players, t.rng);
    const json sent = p.c->request({{"type", "action"}, {"game", "catan"}, {"catan", random_intent(p, t.rng)}});
    for (Player& q : t.players) {  // every player is told; nobody gets the ack or a patch
        const json e = q.c->recv();
        INFO(e.dump());
        CHECK(e.at("code") == "store_unavailable");
        CHECK(q.c->room_until([](const json& r) { return r.value("store", "") == "failing"; }).at("store") == "failing");
    }
    int status = 0;
    http_get(port, "/healthz", status);
    CHECK(status == 503);
    CHECK(metric(port, "hexhall_store_commit_failures_total") > failures0);
    CHECK(metric(port, "hexhall_store_failing") == 1);
    p.c->request({{"type", "resync"}});  // refused at once while the store fails
    CHECK(p.c->recv().at("code") == "store_unavailable");
    WsClient other(port);
    other.hello("Other");
    other.request({{"type", "createRoom"}});
    CHECK(other.recv_error() == "store_unavailable");

    s.store().set_read_only_for_test(false);  // the retry commits: the ack and the patches follow
    const json ack = p.c->recv();
    INFO(ack.dump());
    CHECK(ack.at("type") == "ack");
    CHECK(ack.at("id") == sent.at("id"));
    for (Player& q : t.players) q.take_patch(q.c->recv());
    for (int i = 0; i < 3; ++i) REQUIRE(t.act(secs));
    http_get(port, "/healthz", status);
    CHECK(status == 200);
    CHECK(metric(port, "hexhall_store_failing") == 0);
    s.stop();
    SqliteStore st(db.path.string());
    CHECK(st.load_room(t.room)->actions.size() == t.players[0].version);  // every acknowledged action is stored
}
