// Which store a server uses (docs/decisions/016-postgresql-store.md): `--store postgres://…`
// selects PostgreSQL (server/pg_store.*), `--store sqlite:PATH` or `--db PATH` the SQLite file
// (server/sqlite_store.*, the default).
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "server/net.hpp"
#include "server/store.hpp"

namespace hexhall::server {

// Whether `url` names a PostgreSQL database (postgres:// or postgresql://).
bool is_postgres_url(std::string_view url);
// Sets the options' store from a --store value; false when it is neither form.
bool apply_store_url(ServerOptions& o, std::string_view url);
// Opens the store the options name; throws std::runtime_error when it cannot be opened.
std::shared_ptr<Store> open_store(const ServerOptions& o);
// The store for the logs: the SQLite path, or the URL without its password.
std::string describe_store(const ServerOptions& o);

}  // namespace hexhall::server
