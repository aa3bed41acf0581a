#include "server/store_factory.hpp"

#include <stdexcept>

#include "server/pg_store.hpp"
#include "server/sqlite_store.hpp"

namespace hexhall::server {

bool is_postgres_url(std::string_view url) {
    return url.rfind("postgres://", 0) == 0 || url.rfind("postgresql://", 0) == 0;
}

bool apply_store_url(ServerOptions& o, std::string_view url) {
    if (is_postgres_url(url)) {
        o.store_url = std::string(url);
        return true;
    }
    constexpr std::string_view sqlite = "sqlite:";
    if (url.rfind(sqlite, 0) == 0 && url.size() > sqlite.size()) {
        o.db_path = std::string(url.substr(sqlite.size()));
        o.store_url.clear();
        return true;
    }
    return false;
}

std::shared_ptr<Store> open_store(const ServerOptions& o) {
    if (is_postgres_url(o.store_url)) return std::make_shared<PgStore>(o.store_url, o.node_id, !o.node_id.empty());
    if (!o.node_id.empty()) throw std::runtime_error("--node-id needs a shared store: --store postgres://…");
    return std::make_shared<SqliteStore>(o.db_path, o.db_sync_full);
}

std::string describe_store(const ServerOptions& o) {
    if (!is_postgres_url(o.store_url)) return "sqlite:" + o.db_path;
    return redacted_url(o.store_url);
}

}  // namespace hexhall::server
