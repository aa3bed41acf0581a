// Shared by the tests of several nodes on one PostgreSQL (docs/decisions/017-several-nodes.md):
// a node's flags, resuming a seat on any node as a client behind no proxy would (following
// `moved`), finishing a game and verifying its record, and a node's log.
#pragma once
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <libpq-fe.h>

#include "server/record_check.hpp"
#include "tests/server/child_server.hpp"
#include "tests/server/ops_support.hpp"

namespace hexhall::test {

inline std::vector<std::string> node_flags(const std::string& id) { return {"--node-id", id, "--lease-ms", "3000"}; }

// The port of a `moved` reply's URL (ws://127.0.0.1:PORT/ws).
inline uint16_t port_of(const std::string& url) {
    const size_t colon = url.rfind(':'), slash = url.find('/', colon);
    REQUIRE(colon != std::string::npos);
    return static_cast<uint16_t>(std::stoi(url.substr(colon + 1, slash - colon - 1)));
}

struct Resumed {
    json snapshot;
    int moved = 0;       // `moved` replies followed
    int elsewhere = 0;   // of which without a URL (resume on any other node)
    int refused = 0;     // connections refused (a dead node)
    uint16_t port = 0;   // where it resumed
};

// `p` resumes with its token on any of `ports`, as a client behind no proxy would: it follows a
// `moved` reply to the owner's URL (unless `follow` is false: a frozen node accepts connections but
// never answers; a `moved` without a URL says "any other node": the next one is tried), and tries
// the next node when a node cannot be reached.
inline Resumed resume_anywhere(Player& p, const std::vector<uint16_t>& ports, bool follow = true) {
    Resumed out;
    size_t next = 0;
    uint16_t told = 0;  // the port a `moved` named (0: none)
    for (int tries = 0; tries < 2000; ++tries) {
        const uint16_t port = told ? told : ports[next++ % ports.size()];
        told = 0;
        test_step("seat " + std::to_string(p.seat) + " resuming on port " + std::to_string(port) + " (try " +
                  std::to_string(tries + 1) + ")");
        try {
            p.c = std::make_unique<WsClient>(port);
        } catch (const std::exception&) {
            ++out.refused;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        p.c->request({{"type", "hello"}, {"name", "P" + std::to_string(p.seat)}, {"token", p.token}});
        REQUIRE(p.c->recv_type("welcome").at("session") == p.token);
        const json m = p.c->recv();
        if (m.at("type") == "moved") {
            ++out.moved;
            if (!m.contains("url")) ++out.elsewhere;
            else if (follow) told = port_of(m.at("url").get<std::string>());
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            continue;
        }
        INFO(m.dump());
        REQUIRE(m.at("type") == "joined");
        CHECK(m.at("seat") == p.seat);
        out.snapshot = p.c->recv_type("snapshot");
        out.port = port;
        return out;
    }
    FAIL("could not resume");
    return out;
}

// Plays the game to its end; its record (read from `port`) verifies and holds exactly the `acks`
// acknowledged actions, and its replay gives every player the view it has.
inline void finish_and_verify(std::vector<Player>& players, std::mt19937_64& rng, int& acks, uint16_t port,
                              const std::string& room) {
    while (players[0].view.at("phase") != "gameOver") {
        REQUIRE(acks < 30000);
        test_step("room " + room + " on port " + std::to_string(port) + ": action " + std::to_string(acks + 1) +
                  " at version " + std::to_string(players[0].version));
        play_one(players, rng, acks);
    }
    test_step("room " + room + ": waiting for seedReveal after " + std::to_string(acks) + " actions");
    for (Player& p : players) p.c->recv_type("seedReveal");  // sent once the finished state is stored
    test_step("room " + room + ": its record from port " + std::to_string(port));
    int status = 0;
    const json record = json::parse(http_get(port, "/games/" + room + "/record", status));
    REQUIRE(status == 200);
    const hexhall::server::RecordCheck check = hexhall::server::check_record(record);
    INFO(check.error);
    REQUIRE(check.ok);
    CHECK(record.at("actions").size() == static_cast<size_t>(acks));  // no action lost, none invented
    for (const Player& p : players) {
        const json replayed = json::parse(*check.game->snapshot(p.seat));
        CHECK(replayed.at("catan").at("view") == p.view);
    }
}

// The rows of one query on a PostgreSQL database (each a vector of its columns' text).
inline std::vector<std::vector<std::string>> pg_rows(const std::string& url, const std::string& sql,
                                              const std::vector<std::string>& params) {
    PGconn* c = PQconnectdb(url.c_str());
    REQUIRE(c);
    INFO("PostgreSQL " << url << ": " << PQerrorMessage(c));
    REQUIRE(PQstatus(c) == CONNECTION_OK);
    std::vector<const char*> values;
    for (const std::string& p : params) values.push_back(p.c_str());
    PGresult* r = PQexecParams(c, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(), nullptr,
                               nullptr, 0);
    const bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    const std::string err = PQerrorMessage(c);
    std::vector<std::vector<std::string>> out;
    for (int i = 0; ok && i < PQntuples(r); ++i) {
        out.emplace_back();
        for (int j = 0; j < PQnfields(r); ++j) out.back().emplace_back(PQgetvalue(r, i, j));
    }
    PQclear(r);
    PQfinish(c);
    INFO(sql << ": " << err);
    REQUIRE(ok);
    return out;
}

// A node row no process renews (a node that died, or one about to): its lease runs `lease_ms` from
// the database's clock (0: it has already run out). For tests of what live nodes do with another
// node's rows.
inline void insert_node_row(const std::string& pg, const std::string& id, const std::string& url, int64_t lease_ms) {
    pg_rows(pg,
            "INSERT INTO nodes (id, url, expires_ms) VALUES ($1, $2, CASE WHEN $3::bigint = 0 THEN 0 ELSE "
            "(extract(epoch from clock_timestamp()) * 1000)::bigint + $3::bigint END) RETURNING id",
            {id, url, std::to_string(lease_ms)});
}

// A node's log (its stdout and stderr) so far.
inline std::string node_log(const std::filesystem::path& dir) {
    std::ifstream in(dir / "server.log");
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace hexhall::test
