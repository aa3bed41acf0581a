#include "server/sqlite_store.hpp"

#include <algorithm>
#include <stdexcept>

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include "server/edge_metrics.hpp"
#include "server/store_metrics.hpp"
#include "server/log_limit.hpp"

namespace hexhall::server {

namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, setup TEXT NOT NULL,
  seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, invite TEXT NOT NULL,
  private INTEGER NOT NULL, password_hash TEXT NOT NULL, host_session TEXT NOT NULL,
  state TEXT NOT NULL, created_ms INTEGER NOT NULL, finished_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rooms_state ON rooms(state);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, session TEXT NOT NULL,
  name TEXT NOT NULL, bot TEXT NOT NULL, bot_seed TEXT NOT NULL, PRIMARY KEY (room, seat)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sessions (
  hash TEXT PRIMARY KEY, name TEXT NOT NULL, room TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
  game_ms INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (room, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kicks (
  room TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (room, session)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS documents (
  kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, updated_ms INTEGER NOT NULL,
  PRIMARY KEY (kind, id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS document_parts (
  kind TEXT NOT NULL, id TEXT NOT NULL, part TEXT NOT NULL, body TEXT NOT NULL, updated_ms INTEGER NOT NULL,
  PRIMARY KEY (kind, id, part)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, hash TEXT NOT NULL,
  created_ms INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS accounts_name_key ON accounts(name_key) WHERE name_key <> '';
CREATE TABLE IF NOT EXISTS account_sessions (
  session TEXT PRIMARY KEY, account TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions(account);
CREATE TABLE IF NOT EXISTS clubs (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, owner TEXT NOT NULL, invite TEXT NOT NULL,
  created_ms INTEGER NOT NULL) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS clubs_name_key ON clubs(name_key);
CREATE TABLE IF NOT EXISTS club_members (
  club TEXT NOT NULL, account TEXT NOT NULL, joined_ms INTEGER NOT NULL, PRIMARY KEY (club, account)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS club_members_account ON club_members(account);
CREATE INDEX IF NOT EXISTS clubs_invite ON clubs(invite);
CREATE INDEX IF NOT EXISTS clubs_owner ON clubs(owner);
CREATE TABLE IF NOT EXISTS club_ratings (
  club TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, account TEXT NOT NULL, mu REAL NOT NULL,
  sigma REAL NOT NULL, games INTEGER NOT NULL, version INTEGER NOT NULL,
  PRIMARY KEY (club, game, family, account)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS club_rated_games (
  club TEXT NOT NULL, room TEXT NOT NULL, PRIMARY KEY (club, room)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ratings (
  account TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, season TEXT NOT NULL, mu REAL NOT NULL,
  sigma REAL NOT NULL, games INTEGER NOT NULL, past TEXT NOT NULL, version INTEGER NOT NULL,
  PRIMARY KEY (account, game, family)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, family);
CREATE TABLE IF NOT EXISTS rating_points (
  account TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, room TEXT NOT NULL, time_ms INTEGER NOT NULL,
  mu REAL NOT NULL, sigma REAL NOT NULL, PRIMARY KEY (account, game, family, room)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS played_games (
  owner TEXT NOT NULL, room TEXT NOT NULL, seat INTEGER NOT NULL, time_ms INTEGER NOT NULL, body TEXT NOT NULL,
  PRIMARY KEY (owner, room, seat)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS played_games_time ON played_games(owner, time_ms);
)sql";

// Binds a parameter. (Not named bind: std::bind would win by argument-dependent lookup.)
void put(sqlite3_stmt* s, int i, const std::string& v) { sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT); }
void put(sqlite3_stmt* s, int i, int64_t v) { sqlite3_bind_int64(s, i, v); }
void put(sqlite3_stmt* s, int i, double v) { sqlite3_bind_double(s, i, v); }
std::string text(sqlite3_stmt* s, int col) {
    const unsigned char* t = sqlite3_column_text(s, col);
    return t ? std::string(reinterpret_cast<const char*>(t), static_cast<size_t>(sqlite3_column_bytes(s, col))) : "";
}
uint64_t u64(const std::string& s) { return s.empty() ? 0 : std::stoull(s); }

// Set by run() on the writer thread when a write failed for a storage fault (not for a refused
// row, e.g. a constraint): the whole transaction is then rolled back and retried.
thread_local bool t_storage_fault = false;

bool storage_fault(int rc) {
    switch (rc & 0xFF) {
        case SQLITE_FULL: case SQLITE_IOERR: case SQLITE_READONLY: case SQLITE_BUSY: case SQLITE_LOCKED:
        case SQLITE_NOMEM: case SQLITE_CANTOPEN: case SQLITE_CORRUPT: case SQLITE_NOTADB: case SQLITE_PROTOCOL:
        case SQLITE_PERM: case SQLITE_ABORT:
            return true;
        default:
            return false;
    }
}

// Runs a prepared statement that returns no rows; resets it.
bool run(sqlite3* db, sqlite3_stmt* s) {
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (rc != SQLITE_DONE) {
        if (storage_fault(rc)) t_storage_fault = true;
        if (log_allowed("store write")) spdlog::error("store: {}", sqlite3_errmsg(db));
    }
    return rc == SQLITE_DONE;
}

constexpr const char* kRoomColumns =
    "id, game, options, setup, seed, salt, commitment, invite, private, password_hash, host_session, state, "
    "created_ms, finished_ms";

constexpr const char* kAccountColumns = "id, name, name_key, hash, created_ms, deleted";

AccountRow read_account_row(sqlite3_stmt* s) {
    return {text(s, 0), text(s, 1), text(s, 2), text(s, 3), sqlite3_column_int64(s, 4), sqlite3_column_int(s, 5) != 0};
}

RoomRow read_room_row(sqlite3_stmt* s) {
    RoomRow r;
    r.id = text(s, 0);
    r.game = text(s, 1);
    r.options = text(s, 2);
    r.setup = text(s, 3);
    r.seed = u64(text(s, 4));
    r.salt = text(s, 5);
    r.commitment = text(s, 6);
    r.invite = text(s, 7);
    r.is_private = sqlite3_column_int(s, 8) != 0;
    r.password_hash = text(s, 9);
    r.host_session = text(s, 10);
    r.state = text(s, 11);
    r.created_ms = sqlite3_column_int64(s, 12);
    r.finished_ms = sqlite3_column_int64(s, 13);
    return r;
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, bool sync_full) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK) {
        std::string msg = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open database " + path + ": " + msg);
    }
    sqlite3_busy_timeout(db_, 5000);
    try {
        // WAL + synchronous=NORMAL: a committed transaction survives the process being killed;
        // after a power loss the last transactions may be lost (docs/operations.md, "Storage").
        // FULL (--db-sync full) fsyncs the WAL at every commit, so they survive that too.
        exec("PRAGMA journal_mode=WAL");
        exec(sync_full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
        exec(kSchema);
        // Databases made before actions.game_ms existed (their actions read as game time 0).
        if (!has_column("actions", "game_ms")) exec("ALTER TABLE actions ADD COLUMN game_ms INTEGER NOT NULL DEFAULT 0");
        // … and before sessions.seen_ms (their sessions count as seen when the server starts).
        if (!has_column("sessions", "seen_ms")) exec("ALTER TABLE sessions ADD COLUMN seen_ms INTEGER NOT NULL DEFAULT 0");
        if (!path.empty() && path != ":memory:") {
            if (sqlite3_open_v2(path.c_str(), &rdb_, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK)
                throw std::runtime_error("cannot open database " + path + " for reading: " +
                                         (rdb_ ? sqlite3_errmsg(rdb_) : "out of memory"));
            sqlite3_busy_timeout(rdb_, 5000);
        }
    } catch (...) {
        sqlite3_close(rdb_);
        sqlite3_close(db_);
        throw;
    }
    thread_ = std::thread([this] { writer(); });
}

SqliteStore::~SqliteStore() {
    {
        std::lock_guard lock(q_mu_);
        stop_ = true;
    }
    q_cv_.notify_all();
    thread_.join();
    for (auto& [sql, s] : stmts_) sqlite3_finalize(s);
    for (auto& [sql, s] : rstmts_) sqlite3_finalize(s);
    sqlite3_close(rdb_);
    sqlite3_close(db_);
}

void SqliteStore::exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        throw std::runtime_error("store: " + msg);
    }
}

bool SqliteStore::sync_full() {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, "PRAGMA synchronous", -1, &s, nullptr) != SQLITE_OK) return false;
    const bool full = sqlite3_step(s) == SQLITE_ROW && sqlite3_column_int(s, 0) == 2;  // 2 = FULL
    sqlite3_finalize(s);
    return full;
}

bool SqliteStore::has_column(const char* table, const char* column) {
    const std::string sql = std::string("SELECT 1 FROM pragma_table_info('") + table + "') WHERE name = ?1";
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("store: ") + sqlite3_errmsg(db_));
    sqlite3_bind_text(s, 1, column, -1, SQLITE_STATIC);
    const bool found = sqlite3_step(s) == SQLITE_ROW;
    sqlite3_finalize(s);
    return found;
}

namespace {
// A connection's cached prepared statement.
sqlite3_stmt* prepared(sqlite3* db, std::map<std::string, sqlite3_stmt*>& cache, const char* sql) {
    auto it = cache.find(sql);
    if (it != cache.end()) return it->second;
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("store: ") + sqlite3_errmsg(db));
    cache.emplace(sql, s);
    return s;
}
}  // namespace

sqlite3_stmt* SqliteStore::stmt(const char* sql) { return prepared(db_, stmts_, sql); }

// One read: the connection and its lock, inside a read transaction on the reading connection.
struct SqliteStore::Reading {
    std::unique_lock<std::mutex> lock;
    sqlite3* db;
    std::map<std::string, sqlite3_stmt*>* cache;
    bool in_transaction = false;
    Reading(std::mutex& mu, sqlite3* d, std::map<std::string, sqlite3_stmt*>* c, bool transaction)
        : lock(mu), db(d), cache(c) {
        in_transaction = transaction && sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK;
    }
    ~Reading() {
        if (in_transaction) sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    }
    Reading(const Reading&) = delete;
    Reading& operator=(const Reading&) = delete;
    sqlite3_stmt* stmt(const char* sql) { return prepared(db, *cache, sql); }
};

SqliteStore::Reading SqliteStore::reading() {
    if (rdb_) return Reading(rdb_mu_, rdb_, &rstmts_, true);
    return Reading(db_mu_, db_, &stmts_, false);
}

void SqliteStore::enqueue(Op op) {
    {
        std::lock_guard lock(q_mu_);
        queue_.push_back(std::move(op));
    }
    q_cv_.notify_one();
}

// Takes everything queued, writes it in one transaction, commits, then runs the callbacks. A
// transaction that fails for a storage fault is rolled back and retried (after a pause that grows
// to 2 s) with everything queued meanwhile, until it commits; its callbacks wait (Store::healthy).
void SqliteStore::writer() {
    std::deque<Op> batch;
    auto pause = std::chrono::milliseconds(50);
    for (;;) {
        bool stopping = false;
        {
            std::unique_lock lock(q_mu_);
            if (batch.empty()) {
                busy_ = false;
                idle_cv_.notify_all();
                q_cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
                if (queue_.empty()) return;  // stop_ and nothing left
            } else {
                q_cv_.wait_for(lock, pause, [&] { return stop_; });  // a failed batch: retry after a pause
            }
            for (Op& op : queue_) batch.push_back(std::move(op));
            queue_.clear();
            busy_ = true;
            stopping = stop_;
        }
        std::vector<bool> ok(batch.size(), false);
        bool committed = false;
        t_storage_fault = false;
        {
            std::lock_guard db(db_mu_);
            const auto began = std::chrono::steady_clock::now();
            if (sqlite3_exec(db_, "BEGIN", nullptr, nullptr, nullptr) == SQLITE_OK) {
                for (size_t i = 0; i < batch.size(); ++i) ok[i] = batch[i].write();
                committed = !t_storage_fault && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
                if (committed) metrics::store_committed(std::chrono::steady_clock::now() - began);
                if (!committed) {
                    if (log_allowed("store commit"))
                        spdlog::error("store: transaction failed ({} writes): {}", batch.size(), sqlite3_errmsg(db_));
                    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
                }
            } else if (log_allowed("store commit")) {
                spdlog::error("store: begin failed: {}", sqlite3_errmsg(db_));
            }
        }
        if (!committed) metrics::store_commit_failed();
        set_healthy(committed);
        if (!committed && !stopping) {  // keep the batch: retried with what is queued meanwhile
            pause = std::min(pause * 2, std::chrono::milliseconds(2000));
            continue;
        }
        pause = std::chrono::milliseconds(50);
        {
            std::lock_guard lock(q_mu_);
            if (committed) ++commits_;
        }
        if (!committed) spdlog::error("store: shutting down with {} writes not stored", batch.size());
        for (size_t i = 0; i < batch.size(); ++i)
            if (batch[i].done) batch[i].done(committed && ok[i]);
        batch.clear();
    }
}

void SqliteStore::set_healthy(bool healthy) {
    std::function<void(bool)> observer;
    {
        std::lock_guard lock(q_mu_);
        if (failing_ == !healthy) return;
        failing_ = !healthy;
        observer = health_observer_;
        if (!healthy) idle_cv_.notify_all();  // flush() returns while failing
    }
    spdlog::log(healthy ? spdlog::level::warn : spdlog::level::err, "store: {}",
                healthy ? "commits work again" : "commits fail: rooms are paused until they work again");
    if (observer) observer(healthy);
}

bool SqliteStore::healthy() const {
    std::lock_guard lock(q_mu_);
    return !failing_;
}

void SqliteStore::on_health(std::function<void(bool)> observer) {
    std::lock_guard lock(q_mu_);
    health_observer_ = std::move(observer);
}

void SqliteStore::set_read_only_for_test(bool read_only) {
    std::lock_guard db(db_mu_);
    sqlite3_exec(db_, read_only ? "PRAGMA query_only=1" : "PRAGMA query_only=0", nullptr, nullptr, nullptr);
}

void SqliteStore::flush() {
    std::unique_lock lock(q_mu_);
    idle_cv_.wait(lock, [&] { return (queue_.empty() && !busy_) || failing_; });
}

uint64_t SqliteStore::commits() const {
    std::lock_guard lock(q_mu_);
    return commits_;
}

void SqliteStore::sync(Done done) {
    enqueue({[] { return true; }, std::move(done)});
}

void SqliteStore::put_room(const RoomRow& r) {
    enqueue({[this, r] {
                 sqlite3_stmt* s = stmt(
                     "INSERT OR REPLACE INTO rooms (id, game, options, setup, seed, salt, commitment, invite, private, "
                     "password_hash, host_session, state, created_ms, finished_ms) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
                 put(s, 1, r.id);
                 put(s, 2, r.game);
                 put(s, 3, r.options);
                 put(s, 4, r.setup);
                 put(s, 5, std::to_string(r.seed));  // TEXT: SQLite integers are signed
                 put(s, 6, r.salt);
                 put(s, 7, r.commitment);
                 put(s, 8, r.invite);
                 put(s, 9, int64_t{r.is_private});
                 put(s, 10, r.password_hash);
                 put(s, 11, r.host_session);
                 put(s, 12, r.state);
                 put(s, 13, r.created_ms);
                 put(s, 14, r.finished_ms);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::put_seat(const std::string& room, const SeatRow& r) {
    enqueue({[this, room, r] {
                 sqlite3_stmt* s = stmt(
                     "INSERT OR REPLACE INTO seats (room, seat, kind, session, name, bot, bot_seed) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
                 put(s, 1, room);
                 put(s, 2, int64_t{r.seat});
                 put(s, 3, r.kind);
                 put(s, 4, r.session);
                 put(s, 5, r.name);
                 put(s, 6, r.bot);
                 put(s, 7, std::to_string(r.bot_seed));
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::put_document(const std::string& kind, const std::string& id, const std::string& body,
                               int64_t updated_ms, Done done) {
    enqueue({[this, kind, id, body, updated_ms] {
                 sqlite3_stmt* s =
                     stmt("INSERT OR REPLACE INTO documents (kind, id, body, updated_ms) VALUES (?1, ?2, ?3, ?4)");
                 put(s, 1, kind);
                 put(s, 2, id);
                 put(s, 3, body);
                 put(s, 4, updated_ms);
                 return run(db_, s);
             },
             std::move(done)});
}

void SqliteStore::put_document_parts(const std::string& kind, const std::string& id, std::vector<DocumentPart> parts,
                                     int64_t updated_ms, Done done) {
    enqueue({[this, kind, id, parts = std::move(parts), updated_ms] {
                 sqlite3_stmt* whole = stmt("DELETE FROM documents WHERE kind = ?1 AND id = ?2");
                 put(whole, 1, kind);
                 put(whole, 2, id);
                 if (!run(db_, whole)) return false;
                 for (const DocumentPart& p : parts) {
                     sqlite3_stmt* s = p.body ? stmt("INSERT OR REPLACE INTO document_parts (kind, id, part, body, updated_ms) "
                                                     "VALUES (?1, ?2, ?3, ?4, ?5)")
                                              : stmt("DELETE FROM document_parts WHERE kind = ?1 AND id = ?2 AND part = ?3");
                     put(s, 1, kind);
                     put(s, 2, id);
                     put(s, 3, p.part);
                     if (p.body) {
                         put(s, 4, *p.body);
                         put(s, 5, updated_ms);
                     }
                     if (!run(db_, s)) return false;
                 }
                 return true;
             },
             std::move(done)});
}

void SqliteStore::put_session(const SessionRow& r) {
    enqueue({[this, r] {
                 sqlite3_stmt* s =
                     stmt("INSERT OR REPLACE INTO sessions (hash, name, room, seen_ms) VALUES (?1, ?2, ?3, ?4)");
                 put(s, 1, r.hash);
                 put(s, 2, r.name);
                 put(s, 3, r.room);
                 put(s, 4, r.seen_ms);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::set_state(const std::string& room, const std::string& state, int64_t finished_ms, Done done) {
    enqueue({[this, room, state, finished_ms] {
                 sqlite3_stmt* s = stmt("UPDATE rooms SET state = ?2, finished_ms = ?3 WHERE id = ?1");
                 put(s, 1, room);
                 put(s, 2, state);
                 put(s, 3, finished_ms);
                 return run(db_, s);
             },
             std::move(done)});
}

void SqliteStore::set_host(const std::string& room, const std::string& host_session) {
    enqueue({[this, room, host_session] {
                 sqlite3_stmt* s = stmt("UPDATE rooms SET host_session = ?2 WHERE id = ?1");
                 put(s, 1, room);
                 put(s, 2, host_session);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::set_password_hash(const std::string& room, const std::string& hash) {
    enqueue({[this, room, hash] {
                 sqlite3_stmt* s = stmt("UPDATE rooms SET password_hash = ?2 WHERE id = ?1");
                 put(s, 1, room);
                 put(s, 2, hash);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::put_kick(const std::string& room, const std::string& session) {
    enqueue({[this, room, session] {
                 sqlite3_stmt* s = stmt("INSERT OR IGNORE INTO kicks (room, session) VALUES (?1, ?2)");
                 put(s, 1, room);
                 put(s, 2, session);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::delete_sessions(const std::vector<std::string>& hashes) {
    if (hashes.empty()) return;
    enqueue({[this, hashes] {
                 bool ok = true;
                 for (const std::string& h : hashes) {
                     sqlite3_stmt* s = stmt("DELETE FROM sessions WHERE hash = ?1");
                     put(s, 1, h);
                     ok = run(db_, s) && ok;
                 }
                 return ok;
             },
             {}});
}

void SqliteStore::prune_abandoned(int64_t before_ms) {
    enqueue({[this, before_ms] {
                 constexpr const char* kOld = "(SELECT id FROM rooms WHERE state = 'abandoned' AND finished_ms < ?1)";
                 static const std::string by_room[] = {
                     std::string("DELETE FROM actions WHERE room IN ") + kOld,
                     std::string("DELETE FROM seats WHERE room IN ") + kOld,
                     std::string("DELETE FROM kicks WHERE room IN ") + kOld,
                 };
                 bool ok = true;
                 for (const std::string& sql : by_room) {
                     sqlite3_stmt* s = stmt(sql.c_str());
                     put(s, 1, before_ms);
                     ok = run(db_, s) && ok;
                 }
                 sqlite3_stmt* s = stmt("DELETE FROM rooms WHERE state = 'abandoned' AND finished_ms < ?1");
                 put(s, 1, before_ms);
                 ok = run(db_, s) && ok;
                 const int rooms = sqlite3_changes(db_);
                 if (rooms > 0) spdlog::info("store: pruned {} abandoned rooms", rooms);
                 return ok;
             },
             {}});
}

void SqliteStore::prune_finished(int64_t before_ms) {
    enqueue({[this, before_ms] {
                 constexpr const char* kOld =
                     "(SELECT id FROM rooms WHERE state IN ('finished', 'abandoned') AND finished_ms < ?1)";
                 static const std::string by_room[] = {
                     std::string("DELETE FROM actions WHERE room IN ") + kOld,
                     std::string("DELETE FROM seats WHERE room IN ") + kOld,
                     std::string("DELETE FROM kicks WHERE room IN ") + kOld,
                 };
                 bool ok = true;
                 for (const std::string& sql : by_room) {
                     sqlite3_stmt* s = stmt(sql.c_str());
                     put(s, 1, before_ms);
                     ok = run(db_, s) && ok;
                 }
                 sqlite3_stmt* s =
                     stmt("DELETE FROM rooms WHERE state IN ('finished', 'abandoned') AND finished_ms < ?1");
                 put(s, 1, before_ms);
                 ok = run(db_, s) && ok;
                 const int rooms = sqlite3_changes(db_);
                 if (rooms > 0) spdlog::info("store: pruned {} finished rooms", rooms);
                 return ok;
             },
             {}});
}

void SqliteStore::append(const std::string& room, const ActionRow& a, Done done) {
    enqueue({[this, room, a] {
                 sqlite3_stmt* s =
                     stmt("INSERT INTO actions (room, seq, seat, action, game_ms) VALUES (?1, ?2, ?3, ?4, ?5)");
                 put(s, 1, room);
                 put(s, 2, a.seq);
                 put(s, 3, int64_t{a.seat});
                 put(s, 4, a.action);
                 put(s, 5, a.game_ms);
                 return run(db_, s);
             },
             std::move(done)});
}

StoredRoom SqliteStore::read_room_rest(Reading& r, RoomRow row) {
    StoredRoom out;
    out.room = std::move(row);
    sqlite3_stmt* s = r.stmt("SELECT seat, kind, session, name, bot, bot_seed FROM seats WHERE room = ?1 ORDER BY seat");
    put(s, 1, out.room.id);
    while (sqlite3_step(s) == SQLITE_ROW)
        out.seats.push_back({sqlite3_column_int(s, 0), text(s, 1), text(s, 2), text(s, 3), text(s, 4), u64(text(s, 5))});
    sqlite3_reset(s);
    s = r.stmt("SELECT seq, seat, action, game_ms FROM actions WHERE room = ?1 ORDER BY seq");
    put(s, 1, out.room.id);
    while (sqlite3_step(s) == SQLITE_ROW)
        out.actions.push_back(
            {sqlite3_column_int64(s, 0), sqlite3_column_int(s, 1), text(s, 2), sqlite3_column_int64(s, 3)});
    sqlite3_reset(s);
    s = r.stmt("SELECT session FROM kicks WHERE room = ?1 ORDER BY session");
    put(s, 1, out.room.id);
    while (sqlite3_step(s) == SQLITE_ROW) out.kicked.push_back(text(s, 0));
    sqlite3_reset(s);
    return out;
}

std::optional<StoredRoom> SqliteStore::load_room(const std::string& id) {
    Reading r = reading();
    static const std::string sql = std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE id = ?1";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    put(s, 1, id);
    std::optional<RoomRow> row;
    if (sqlite3_step(s) == SQLITE_ROW) row = read_room_row(s);
    sqlite3_reset(s);
    if (!row) return std::nullopt;
    return read_room_rest(r, std::move(*row));
}

bool SqliteStore::room_exists(const std::string& id) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT 1 FROM rooms WHERE id = ?1");
    put(s, 1, id);
    const bool found = sqlite3_step(s) == SQLITE_ROW;
    sqlite3_reset(s);
    return found;
}

std::vector<StoredRoom> SqliteStore::load_unfinished() {
    Reading r = reading();
    static const std::string sql =
        std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE state IN ('open', 'running') ORDER BY created_ms, id";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    std::vector<RoomRow> rows;
    while (sqlite3_step(s) == SQLITE_ROW) rows.push_back(read_room_row(s));
    sqlite3_reset(s);
    std::vector<StoredRoom> out;
    for (RoomRow& row : rows) out.push_back(read_room_rest(r, std::move(row)));
    return out;
}

std::vector<StoredDocument> SqliteStore::load_documents(const std::string& kind) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT id, body, updated_ms FROM documents WHERE kind = ?1 ORDER BY id");
    put(s, 1, kind);
    std::vector<StoredDocument> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.push_back({text(s, 0), text(s, 1), sqlite3_column_int64(s, 2)});
    sqlite3_reset(s);
    return out;
}

std::vector<StoredDocumentParts> SqliteStore::load_document_parts(const std::string& kind) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT id, part, body FROM document_parts WHERE kind = ?1 ORDER BY id, part");
    put(s, 1, kind);
    std::vector<StoredDocumentParts> out;
    while (sqlite3_step(s) == SQLITE_ROW) {
        std::string id = text(s, 0);
        if (out.empty() || out.back().id != id) out.push_back({std::move(id), {}});
        out.back().parts.emplace_back(text(s, 1), text(s, 2));
    }
    sqlite3_reset(s);
    return out;
}

std::optional<StoredDocument> SqliteStore::load_document(const std::string& kind, const std::string& id) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT id, body, updated_ms FROM documents WHERE kind = ?1 AND id = ?2");
    put(s, 1, kind);
    put(s, 2, id);
    std::optional<StoredDocument> out;
    if (sqlite3_step(s) == SQLITE_ROW) out = StoredDocument{text(s, 0), text(s, 1), sqlite3_column_int64(s, 2)};
    sqlite3_reset(s);
    return out;
}

std::vector<SessionRow> SqliteStore::load_sessions() {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT hash, name, room, seen_ms FROM sessions");
    std::vector<SessionRow> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.push_back({text(s, 0), text(s, 1), text(s, 2), sqlite3_column_int64(s, 3)});
    sqlite3_reset(s);
    return out;
}

// --- accounts (docs/decisions/020-accounts.md, "Accounts across nodes") ------------------------------
// The account writes run at once on the writing connection (between the writer's transactions), in
// autocommit or their own transaction; the unique index on accounts(name_key) decides a name.

namespace {
// One statement's outcome: done, refused by a constraint, or a fault.
AccountWrite step_account(sqlite3* db, sqlite3_stmt* s) {
    const int rc = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) return AccountWrite::Done;
    if ((rc & 0xFF) == SQLITE_CONSTRAINT) return AccountWrite::Taken;
    if (log_allowed("store account")) spdlog::error("store: account: {}", sqlite3_errmsg(db));
    return AccountWrite::Failed;
}
}  // namespace

AccountWrite SqliteStore::create_account(const AccountRow& a) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("INSERT INTO accounts (id, name, name_key, hash, created_ms, deleted) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    put(s, 1, a.id);
    put(s, 2, a.name);
    put(s, 3, a.key);
    put(s, 4, a.hash);
    put(s, 5, a.created_ms);
    put(s, 6, int64_t{a.deleted});
    return step_account(db_, s);
}

AccountWrite SqliteStore::set_account_hash(const std::string& id, const std::string& expected, const std::string& hash) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("UPDATE accounts SET hash = ?3 WHERE id = ?1 AND hash = ?2 AND deleted = 0");
    put(s, 1, id);
    put(s, 2, expected);
    put(s, 3, hash);
    const AccountWrite w = step_account(db_, s);
    if (w != AccountWrite::Done) return w == AccountWrite::Taken ? AccountWrite::Failed : w;
    return sqlite3_changes(db_) == 1 ? AccountWrite::Done : AccountWrite::Stale;
}

AccountWrite SqliteStore::set_account_key(const std::string& id, const std::string& key) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("UPDATE accounts SET name_key = ?2 WHERE id = ?1 AND deleted = 0");
    put(s, 1, id);
    put(s, 2, key);
    const AccountWrite w = step_account(db_, s);
    if (w != AccountWrite::Done) return w;
    return sqlite3_changes(db_) == 1 ? AccountWrite::Done : AccountWrite::Stale;
}

std::optional<AccountRow> SqliteStore::delete_account(const std::string& id, const std::string& anonymous_name) {
    std::lock_guard db(db_mu_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK)
        throw std::runtime_error(std::string("store: ") + sqlite3_errmsg(db_));
    std::optional<AccountRow> before;
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = ?1 AND deleted = 0";
    sqlite3_stmt* s = stmt(sql.c_str());
    put(s, 1, id);
    if (sqlite3_step(s) == SQLITE_ROW) before = read_account_row(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    bool ok = true;
    if (before) {
        s = stmt("UPDATE accounts SET name = ?2, name_key = '', hash = '', deleted = 1 WHERE id = ?1");
        put(s, 1, id);
        put(s, 2, anonymous_name);
        ok = step_account(db_, s) == AccountWrite::Done;
    }
    if (!ok || sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        const std::string msg = sqlite3_errmsg(db_);
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw std::runtime_error("store: account not deleted: " + msg);
    }
    return before;
}

std::optional<AccountRow> SqliteStore::account_by_key(const std::string& key) {
    if (key.empty()) return std::nullopt;
    Reading r = reading();
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE name_key = ?1";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    put(s, 1, key);
    std::optional<AccountRow> out;
    if (sqlite3_step(s) == SQLITE_ROW) out = read_account_row(s);
    sqlite3_reset(s);
    return out;
}

std::optional<AccountRow> SqliteStore::account_by_id(const std::string& id) {
    Reading r = reading();
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = ?1";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    put(s, 1, id);
    std::optional<AccountRow> out;
    if (sqlite3_step(s) == SQLITE_ROW) out = read_account_row(s);
    sqlite3_reset(s);
    return out;
}

std::vector<AccountRow> SqliteStore::load_accounts() {
    Reading r = reading();
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts ORDER BY id";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    std::vector<AccountRow> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.push_back(read_account_row(s));
    sqlite3_reset(s);
    return out;
}

void SqliteStore::bind_account_session(const std::string& session, const std::string& account) {
    enqueue({[this, session, account] {
                 sqlite3_stmt* s = stmt("INSERT OR REPLACE INTO account_sessions (session, account) VALUES (?1, ?2)");
                 put(s, 1, session);
                 put(s, 2, account);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::unbind_account_session(const std::string& session) {
    enqueue({[this, session] {
                 sqlite3_stmt* s = stmt("DELETE FROM account_sessions WHERE session = ?1");
                 put(s, 1, session);
                 return run(db_, s);
             },
             {}});
}

void SqliteStore::unbind_account_sessions(const std::string& account, const std::string& keep) {
    enqueue({[this, account, keep] {
                 sqlite3_stmt* s = stmt("DELETE FROM account_sessions WHERE account = ?1 AND session <> ?2");
                 put(s, 1, account);
                 put(s, 2, keep);
                 return run(db_, s);
             },
             {}});
}

std::optional<std::string> SqliteStore::account_of_session(const std::string& session) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT s.account FROM account_sessions s"
                             " JOIN accounts a ON a.id = s.account AND a.deleted = 0 WHERE s.session = ?1");
    put(s, 1, session);
    std::optional<std::string> out;
    if (sqlite3_step(s) == SQLITE_ROW) out = text(s, 0);
    sqlite3_reset(s);
    return out;
}

std::vector<std::pair<std::string, std::string>> SqliteStore::load_account_sessions() {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt("SELECT s.session, s.account FROM account_sessions s"
                             " JOIN accounts a ON a.id = s.account AND a.deleted = 0 ORDER BY s.session");
    std::vector<std::pair<std::string, std::string>> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.emplace_back(text(s, 0), text(s, 1));
    sqlite3_reset(s);
    return out;
}

void SqliteStore::delete_document(const std::string& kind, const std::string& id) {
    enqueue({[this, kind, id] {
                 sqlite3_stmt* s = stmt("DELETE FROM documents WHERE kind = ?1 AND id = ?2");
                 put(s, 1, kind);
                 put(s, 2, id);
                 return run(db_, s);
             },
             {}});
}

// --- clubs (docs/decisions/028-clubs.md) -------------------------------------------------------------
// As accounts: the unique index on clubs(name_key) decides a club's name.

AccountWrite SqliteStore::create_club(const ClubRow& c) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("INSERT INTO clubs (id, name, name_key, owner, invite, created_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    put(s, 1, c.id);
    put(s, 2, c.name);
    put(s, 3, c.key);
    put(s, 4, c.owner);
    put(s, 5, c.invite);
    put(s, 6, c.created_ms);
    return step_account(db_, s);
}

AccountWrite SqliteStore::set_club_invite(const std::string& club, const std::string& invite) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("UPDATE clubs SET invite = ?2 WHERE id = ?1");
    put(s, 1, club);
    put(s, 2, invite);
    const AccountWrite w = step_account(db_, s);
    return w == AccountWrite::Done && sqlite3_changes(db_) != 1 ? AccountWrite::Stale : w;
}

AccountWrite SqliteStore::add_club_member(const ClubMemberRow& m) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("INSERT INTO club_members (club, account, joined_ms) VALUES (?1, ?2, ?3)");
    put(s, 1, m.club);
    put(s, 2, m.account);
    put(s, 3, m.joined_ms);
    return step_account(db_, s);
}

AccountWrite SqliteStore::remove_club_member(const std::string& club, const std::string& account) {
    std::lock_guard db(db_mu_);
    sqlite3_stmt* s = stmt("DELETE FROM club_members WHERE club = ?1 AND account = ?2");
    put(s, 1, club);
    put(s, 2, account);
    const AccountWrite w = step_account(db_, s);
    return w == AccountWrite::Done && sqlite3_changes(db_) != 1 ? AccountWrite::Stale : w;
}

std::vector<ClubRow> SqliteStore::find_clubs(ClubBy by, const std::string& value) {
    static constexpr const char* kSql[] = {
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE id = ?1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE name_key = ?1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE invite = ?1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE owner = ?1 ORDER BY id"};
    Reading r = reading();
    sqlite3_stmt* s = r.stmt(kSql[static_cast<int>(by)]);
    put(s, 1, value);
    std::vector<ClubRow> out;
    while (sqlite3_step(s) == SQLITE_ROW)
        out.push_back({text(s, 0), text(s, 1), text(s, 2), text(s, 3), text(s, 4), sqlite3_column_int64(s, 5)});
    sqlite3_reset(s);
    return out;
}

std::vector<ClubMemberRow> SqliteStore::load_club_members(const std::string& club, const std::string& account) {
    Reading r = reading();
    sqlite3_stmt* s =
        club.empty()      ? r.stmt("SELECT club, account, joined_ms FROM club_members WHERE account = ?2 ORDER BY club")
        : account.empty() ? r.stmt("SELECT club, account, joined_ms FROM club_members WHERE club = ?1 ORDER BY joined_ms, account")
                          : r.stmt("SELECT club, account, joined_ms FROM club_members WHERE club = ?1 AND account = ?2");
    if (!club.empty()) put(s, 1, club);
    if (!account.empty()) put(s, 2, account);
    std::vector<ClubMemberRow> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.push_back({text(s, 0), text(s, 1), sqlite3_column_int64(s, 2)});
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    return out;
}

std::vector<ClubRatingRow> SqliteStore::load_club_ratings(const std::string& club, const std::string& game,
                                                          const std::string& family) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt(
        "SELECT game, family, account, mu, sigma, games, version FROM club_ratings WHERE club = ?1 AND "
        "(?2 = '' OR game = ?2) AND (?3 = '' OR family = ?3) ORDER BY game, family, account");
    put(s, 1, club);
    put(s, 2, game);
    put(s, 3, family);
    std::vector<ClubRatingRow> out;
    while (sqlite3_step(s) == SQLITE_ROW)
        out.push_back({club, text(s, 0), text(s, 1), text(s, 2), sqlite3_column_double(s, 3), sqlite3_column_double(s, 4),
                       sqlite3_column_int(s, 5), sqlite3_column_int64(s, 6)});
    sqlite3_reset(s);
    return out;
}

AccountWrite SqliteStore::write_club_ratings(const std::string& club, const std::string& room,
                                             const std::vector<ClubRatingRow>& rows) {
    std::lock_guard db(db_mu_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: club ratings: {}", sqlite3_errmsg(db_));
        return AccountWrite::Failed;
    }
    AccountWrite result = AccountWrite::Done;
    if (!room.empty()) {
        sqlite3_stmt* s = stmt("INSERT OR IGNORE INTO club_rated_games (club, room) VALUES (?1, ?2)");
        put(s, 1, club);
        put(s, 2, room);
        result = step_account(db_, s);
        if (result == AccountWrite::Done && sqlite3_changes(db_) != 1) result = AccountWrite::Taken;
    }
    for (size_t i = 0; result == AccountWrite::Done && i < rows.size(); ++i) {
        const ClubRatingRow& row = rows[i];
        sqlite3_stmt* s =
            row.version == 0
                ? stmt("INSERT OR IGNORE INTO club_ratings (club, game, family, account, mu, sigma, games, version) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1)")
                : stmt("UPDATE club_ratings SET mu = ?5, sigma = ?6, games = ?7, version = ?8 + 1 "
                       "WHERE club = ?1 AND game = ?2 AND family = ?3 AND account = ?4 AND version = ?8");
        put(s, 1, club);
        put(s, 2, row.game);
        put(s, 3, row.family);
        put(s, 4, row.account);
        put(s, 5, row.mu);
        put(s, 6, row.sigma);
        put(s, 7, int64_t{row.games});
        if (row.version != 0) put(s, 8, row.version);
        result = step_account(db_, s);
        if (result == AccountWrite::Done && sqlite3_changes(db_) != 1) result = AccountWrite::Stale;
    }
    if (result == AccountWrite::Done && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: club ratings: {}", sqlite3_errmsg(db_));
        result = AccountWrite::Failed;
    }
    if (result != AccountWrite::Done) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return result;
}

// --- ratings and histories (docs/decisions/029-ratings-in-the-store.md) ----------------------------
// Like the account writes: at once on the writing connection, each write its own transaction.

namespace {
constexpr const char* kRatingColumns = "account, game, family, season, mu, sigma, games, past, version";
RatingRow read_rating_row(sqlite3_stmt* s) {
    return {text(s, 0), text(s, 1), text(s, 2), text(s, 3), sqlite3_column_double(s, 4), sqlite3_column_double(s, 5),
            sqlite3_column_int(s, 6), text(s, 7), sqlite3_column_int64(s, 8)};
}
}  // namespace

std::vector<RatingRow> SqliteStore::load_ratings(const std::string& account, const std::string& game,
                                                 const std::string& family) {
    Reading r = reading();
    static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                   " FROM ratings WHERE (?1 = '' OR account = ?1) AND (?2 = '' OR game = ?2) AND "
                                   "(?3 = '' OR family = ?3) ORDER BY account, game, family";
    sqlite3_stmt* s = r.stmt(sql.c_str());
    put(s, 1, account);
    put(s, 2, game);
    put(s, 3, family);
    std::vector<RatingRow> out;
    while (sqlite3_step(s) == SQLITE_ROW) out.push_back(read_rating_row(s));
    sqlite3_reset(s);
    return out;
}

std::vector<RatingPoint> SqliteStore::load_rating_points(const std::string& account, const std::string& game,
                                                         const std::string& family, size_t limit) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt(
        "SELECT room, time_ms, mu, sigma FROM rating_points WHERE account = ?1 AND game = ?2 AND family = ?3 "
        "ORDER BY time_ms DESC, room DESC LIMIT ?4");
    put(s, 1, account);
    put(s, 2, game);
    put(s, 3, family);
    put(s, 4, static_cast<int64_t>(limit));
    std::vector<RatingPoint> out;
    while (sqlite3_step(s) == SQLITE_ROW)
        out.push_back({account, game, family, text(s, 0), sqlite3_column_int64(s, 1), sqlite3_column_double(s, 2),
                       sqlite3_column_double(s, 3)});
    sqlite3_reset(s);
    std::reverse(out.begin(), out.end());
    return out;
}

AccountWrite SqliteStore::write_ratings(const std::vector<RatingRow>& rows, const std::vector<RatingPoint>& points) {
    std::lock_guard db(db_mu_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: ratings: {}", sqlite3_errmsg(db_));
        return AccountWrite::Failed;
    }
    AccountWrite result = AccountWrite::Done;
    for (const RatingRow& row : rows) {
        sqlite3_stmt* s =
            row.version == 0
                ? stmt("INSERT OR IGNORE INTO ratings (account, game, family, season, mu, sigma, games, past, version) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 1)")
                : stmt("UPDATE ratings SET season = ?4, mu = ?5, sigma = ?6, games = ?7, past = ?8, version = ?9 + 1 "
                       "WHERE account = ?1 AND game = ?2 AND family = ?3 AND version = ?9");
        put(s, 1, row.account);
        put(s, 2, row.game);
        put(s, 3, row.family);
        put(s, 4, row.season);
        put(s, 5, row.mu);
        put(s, 6, row.sigma);
        put(s, 7, int64_t{row.games});
        put(s, 8, row.past);
        if (row.version != 0) put(s, 9, row.version);
        result = step_account(db_, s);
        if (result != AccountWrite::Done) break;
        if (sqlite3_changes(db_) != 1) {
            result = AccountWrite::Stale;
            break;
        }
    }
    for (size_t i = 0; result == AccountWrite::Done && i < points.size(); ++i) {
        const RatingPoint& p = points[i];
        sqlite3_stmt* s = stmt(
            "INSERT OR IGNORE INTO rating_points (account, game, family, room, time_ms, mu, sigma) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        put(s, 1, p.account);
        put(s, 2, p.game);
        put(s, 3, p.family);
        put(s, 4, p.room);
        put(s, 5, p.time_ms);
        put(s, 6, p.mu);
        put(s, 7, p.sigma);
        result = step_account(db_, s);
        if (result == AccountWrite::Done && sqlite3_changes(db_) != 1) result = AccountWrite::Taken;
    }
    if (result == AccountWrite::Done && sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: ratings: {}", sqlite3_errmsg(db_));
        result = AccountWrite::Failed;
    }
    if (result != AccountWrite::Done) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    return result;
}

int SqliteStore::put_played(const std::vector<PlayedRow>& rows) {
    std::lock_guard db(db_mu_);
    if (sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: games: {}", sqlite3_errmsg(db_));
        return -1;
    }
    int inserted = 0;
    for (const PlayedRow& row : rows) {
        sqlite3_stmt* s = stmt("INSERT OR IGNORE INTO played_games (owner, room, seat, time_ms, body) VALUES (?1, ?2, ?3, ?4, ?5)");
        put(s, 1, row.owner);
        put(s, 2, row.room);
        put(s, 3, int64_t{row.seat});
        put(s, 4, row.time_ms);
        put(s, 5, row.body);
        if (step_account(db_, s) != AccountWrite::Done) {
            sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
            return -1;
        }
        inserted += sqlite3_changes(db_);
    }
    if (sqlite3_exec(db_, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
        if (log_allowed("store ratings")) spdlog::error("store: games: {}", sqlite3_errmsg(db_));
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        return -1;
    }
    return inserted;
}

std::vector<PlayedRow> SqliteStore::load_played(const std::string& owner, size_t limit) {
    Reading r = reading();
    sqlite3_stmt* s = r.stmt(
        "SELECT room, seat, time_ms, body FROM played_games WHERE owner = ?1 ORDER BY time_ms DESC, room DESC, seat DESC "
        "LIMIT ?2");
    put(s, 1, owner);
    put(s, 2, limit == 0 ? int64_t{-1} : static_cast<int64_t>(limit));
    std::vector<PlayedRow> out;
    while (sqlite3_step(s) == SQLITE_ROW)
        out.push_back({owner, text(s, 0), sqlite3_column_int(s, 1), sqlite3_column_int64(s, 2), text(s, 3)});
    sqlite3_reset(s);
    std::reverse(out.begin(), out.end());
    return out;
}

bool SqliteStore::delete_played(const std::vector<std::string>& owners) {
    std::lock_guard db(db_mu_);
    for (const std::string& owner : owners) {
        sqlite3_stmt* s = stmt("DELETE FROM played_games WHERE owner = ?1");
        put(s, 1, owner);
        if (step_account(db_, s) != AccountWrite::Done) return false;
    }
    return true;
}

}  // namespace hexhall::server
