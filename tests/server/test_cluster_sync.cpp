// Several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md): what a node tells a client
// is stored before it is told. `roomCreated` and a new session's `welcome` are sent only once the
// room's row (the session's row) is committed (Store::sync), so a client that takes them to another
// node at once is known there: the session by its token, the room by `moved` to its owner. The test
// holds node A's writer back with a lock on the tables, and checks that nothing is told meanwhile
// (a request sent after is answered first) and that node B knows both as soon as they are told.
#include <libpq-fe.h>

#include "tests/server/cluster_support.hpp"

#include "server/games.hpp"
#include "tests/server/store_backends.hpp"

using namespace hexhall::test;

namespace {

// A transaction of the test's holding `tables` in EXCLUSIVE mode (reads go on, writes wait) until
// release().
struct TableLock {
    PGconn* c = nullptr;
    TableLock(const std::string& url, const std::string& tables) {
        c = PQconnectdb(url.c_str());
        REQUIRE(PQstatus(c) == CONNECTION_OK);
        for (const std::string& sql : {std::string("BEGIN"), "LOCK TABLE " + tables + " IN EXCLUSIVE MODE"}) {
            PGresult* r = PQexec(c, sql.c_str());
            const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
            PQclear(r);
            REQUIRE(ok);
        }
    }
    void release() {
        if (!c) return;
        PQclear(PQexec(c, "COMMIT"));
        PQfinish(c);
        c = nullptr;
    }
    ~TableLock() { release(); }
};

}  // namespace

TEST_CASE("cluster: roomCreated and a new session's welcome are sent once stored; another node knows both at once",
          "[server][crash][cluster]") {
    if (!has_postgres()) return;  // several nodes share a PostgreSQL
    Watchdog watchdog(120);
    hexhall::server::register_builtin_games();
    const TestStoreDb store("postgres");
    const auto da = temp_dir("hexhall-node-a-"), db = temp_dir("hexhall-node-b-");
    ChildServer a(store.flags(), da, node_flags("a")), b(store.flags(), db, node_flags("b"));

    TableLock lock(store.location, "sessions, rooms");
    WsClient host(a.port);
    // hello, then a request answered at once (leaveQueue: not queued): while the session's row cannot
    // be written, the answer comes first and the welcome waits.
    host.request({{"type", "hello"}, {"name", "Host"}});
    host.request({{"type", "leaveQueue"}});
    json m = host.recv();
    INFO(m.dump());
    REQUIRE(m.at("type") == "error");
    CHECK(m.at("code") == "not_queued");
    // The same for createRoom: roomCreated waits for the room's row.
    host.request({{"type", "createRoom"}, {"players", 3}});
    host.request({{"type", "leaveQueue"}});
    m = host.recv();
    INFO(m.dump());
    REQUIRE(m.at("type") == "error");
    CHECK(m.at("code") == "not_queued");

    lock.release();
    const std::string token = host.recv_type("welcome").at("session").get<std::string>();
    const std::string room = host.recv_type("roomCreated").at("room").get<std::string>();

    // At once on node B: the session is known (the same token back), the room is node A's.
    WsClient other(b.port);
    CHECK(other.hello("Host", token).at("session") == token);
    const json moved = other.join(room, 0);
    INFO(moved.dump());
    REQUIRE(moved.at("type") == "moved");
    CHECK(port_of(moved.at("url").get<std::string>()) == a.port);
    CHECK(node_log(da).find("[error]") == std::string::npos);
    CHECK(node_log(db).find("[error]") == std::string::npos);
}
