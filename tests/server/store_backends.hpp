// The store backends a test runs against (docs/decisions/016-postgresql-store.md): SQLite always;
// PostgreSQL when HEXHALL_TEST_PG holds a server's URL (tests/pg/with-postgres.sh starts one).
// HEXHALL_TEST_STORES=sqlite,postgres (a comma list) chooses; a list naming postgres without
// HEXHALL_TEST_PG fails every test that uses it (the ctest entry store_postgres sets both, so a
// PostgreSQL that cannot be started is a failure, never a skip).
//
// Usage: for (const std::string& kind : test_store_kinds()) DYNAMIC_SECTION(kind) { TestStoreDb db(kind); ... }
#pragma once
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <libpq-fe.h>

#include "server/net.hpp"
#include "server/pg_store.hpp"
#include "server/sqlite_store.hpp"

namespace hexhall::test {

inline std::vector<std::string> test_store_kinds() {
    const char* pg = std::getenv("HEXHALL_TEST_PG");
    const char* list = std::getenv("HEXHALL_TEST_STORES");
    if (!list || !*list) return pg && *pg ? std::vector<std::string>{"sqlite", "postgres"} : std::vector<std::string>{"sqlite"};
    std::vector<std::string> out;
    std::string s = list;
    for (size_t at = 0; at <= s.size();) {
        const size_t comma = std::min(s.find(',', at), s.size());
        if (comma > at) out.push_back(s.substr(at, comma - at));
        at = comma + 1;
    }
    return out;
}

// Whether the tests run against PostgreSQL too (the tests of what only PostgreSQL does).
inline bool has_postgres() {
    for (const std::string& k : test_store_kinds())
        if (k == "postgres") return true;
    return false;
}

// Runs one SQL statement on a PostgreSQL database (test set-up); fails the test when it fails.
inline void pg_exec(const std::string& url, const std::string& sql) {
    PGconn* c = PQconnectdb(url.c_str());
    REQUIRE(c);
    INFO("PostgreSQL " << url << ": " << PQerrorMessage(c));
    REQUIRE(PQstatus(c) == CONNECTION_OK);
    PGresult* r = PQexec(c, sql.c_str());
    const ExecStatusType st = PQresultStatus(r);
    const std::string err = PQerrorMessage(c);
    PQclear(r);
    PQfinish(c);
    INFO(sql << ": " << err);
    REQUIRE((st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK));
}

// A database of its own for one test: a new SQLite file, or a new PostgreSQL database (dropped at
// the end).
struct TestStoreDb {
    std::string kind;
    std::string location;  // the SQLite file, or the PostgreSQL URL
    std::string pg_admin, pg_name;

    explicit TestStoreDb(std::string k) : kind(std::move(k)) {
        const std::string id = std::to_string(std::random_device{}()) + std::to_string(std::random_device{}());
        if (kind == "sqlite") {
            location = (std::filesystem::temp_directory_path() / ("hexhall-store-test-" + id + ".db")).string();
            return;
        }
        REQUIRE(kind == "postgres");
        const char* pg = std::getenv("HEXHALL_TEST_PG");
        if (!pg || !*pg) FAIL("HEXHALL_TEST_PG is not set: run the PostgreSQL tests under tests/pg/with-postgres.sh");
        pg_admin = pg;
        pg_name = "hexhall_t" + id;
        pg_exec(pg_admin, "CREATE DATABASE " + pg_name);
        location = pg_admin.substr(0, pg_admin.rfind('/') + 1) + pg_name;
    }
    ~TestStoreDb() {
        if (kind == "sqlite") {
            std::error_code ec;
            for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(location + ext, ec);
        } else if (!pg_name.empty()) {
            PGconn* c = PQconnectdb(pg_admin.c_str());
            PQclear(PQexec(c, ("DROP DATABASE IF EXISTS " + pg_name + " WITH (FORCE)").c_str()));
            PQfinish(c);
        }
    }
    TestStoreDb(const TestStoreDb&) = delete;
    TestStoreDb& operator=(const TestStoreDb&) = delete;

    bool postgres() const { return kind == "postgres"; }
    // A store on this database (a new connection: as a restarted server would open it).
    std::unique_ptr<server::Store> open() const {
        if (postgres()) return std::make_unique<server::PgStore>(location);
        return std::make_unique<server::SqliteStore>(location);
    }
    // A server on this database.
    void use_in(server::ServerOptions& o) const {
        if (postgres()) o.store_url = location;
        else o.db_path = location;
    }
    // An embedded server's options on this database (TestServer(options)).
    server::ServerOptions server_options(int threads = 2) const {
        server::ServerOptions o;
        o.address = "127.0.0.1";
        o.port = 0;
        o.threads = threads;
        use_in(o);
        return o;
    }
    // A server (node) named `id` on this database, in this process (decision 017); `tune` sets further
    // options before it starts.
    std::unique_ptr<server::Server> node(const std::string& id,
                                         const std::function<void(server::ServerOptions&)>& tune = {}) const {
        server::ServerOptions o = server_options();
        o.node_id = id;
        if (tune) tune(o);
        return std::make_unique<server::Server>(o);
    }
    // hexhall-server's flags for this database.
    std::vector<std::string> flags() const {
        return postgres() ? std::vector<std::string>{"--store", location} : std::vector<std::string>{"--db", location};
    }
};

}  // namespace hexhall::test
