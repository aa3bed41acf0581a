#include "server/pg_store.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <set>
#include <stdexcept>
#include <string_view>

#include <libpq-fe.h>
#include <spdlog/fmt/fmt.h>
#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"
#include "server/store_metrics.hpp"
#include "server/log_limit.hpp"

namespace hexhall::server {

namespace {

// The same tables as the SQLite store (server/sqlite_store.cpp), plus room_owners (the ownership
// fence) and the epoch each action was written under. Integers that fit int64 are BIGINT; seeds are
// text, as in SQLite (unsigned 64-bit).
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, setup TEXT NOT NULL,
  seed TEXT NOT NULL, salt TEXT NOT NULL, commitment TEXT NOT NULL, invite TEXT NOT NULL,
  private BOOLEAN NOT NULL, password_hash TEXT NOT NULL, host_session TEXT NOT NULL,
  state TEXT NOT NULL, created_ms BIGINT NOT NULL, finished_ms BIGINT NOT NULL);
CREATE INDEX IF NOT EXISTS rooms_state ON rooms(state);
CREATE TABLE IF NOT EXISTS nodes (
  id TEXT PRIMARY KEY, url TEXT NOT NULL, expires_ms BIGINT NOT NULL, rooms INTEGER NOT NULL DEFAULT 0,
  listing TEXT NOT NULL DEFAULT '[]');
CREATE TABLE IF NOT EXISTS room_owners (
  room TEXT PRIMARY KEY, node TEXT NOT NULL, epoch BIGINT NOT NULL, expires_ms BIGINT NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS room_wants (
  room TEXT PRIMARY KEY, node TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
  room TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, session TEXT NOT NULL,
  name TEXT NOT NULL, bot TEXT NOT NULL, bot_seed TEXT NOT NULL, PRIMARY KEY (room, seat));
CREATE TABLE IF NOT EXISTS sessions (
  hash TEXT PRIMARY KEY, name TEXT NOT NULL, room TEXT NOT NULL, seen_ms BIGINT NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS actions (
  room TEXT NOT NULL, seq BIGINT NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,
  game_ms BIGINT NOT NULL DEFAULT 0, epoch BIGINT NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE IF NOT EXISTS kicks (
  room TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (room, session));
CREATE TABLE IF NOT EXISTS documents (
  kind TEXT NOT NULL, id TEXT NOT NULL, body TEXT NOT NULL, updated_ms BIGINT NOT NULL,
  PRIMARY KEY (kind, id));
CREATE TABLE IF NOT EXISTS document_parts (
  kind TEXT NOT NULL, id TEXT NOT NULL, part TEXT NOT NULL, body TEXT NOT NULL, updated_ms BIGINT NOT NULL,
  PRIMARY KEY (kind, id, part));
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, hash TEXT NOT NULL,
  created_ms BIGINT NOT NULL, deleted BOOLEAN NOT NULL DEFAULT false);
CREATE UNIQUE INDEX IF NOT EXISTS accounts_name_key ON accounts(name_key) WHERE name_key <> '';
CREATE TABLE IF NOT EXISTS account_sessions (
  session TEXT PRIMARY KEY, account TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions(account);
CREATE TABLE IF NOT EXISTS clubs (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL, owner TEXT NOT NULL, invite TEXT NOT NULL,
  created_ms BIGINT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS clubs_name_key ON clubs(name_key);
CREATE TABLE IF NOT EXISTS club_members (
  club TEXT NOT NULL, account TEXT NOT NULL, joined_ms BIGINT NOT NULL, PRIMARY KEY (club, account));
CREATE INDEX IF NOT EXISTS club_members_account ON club_members(account);
CREATE INDEX IF NOT EXISTS clubs_invite ON clubs(invite);
CREATE INDEX IF NOT EXISTS clubs_owner ON clubs(owner);
CREATE TABLE IF NOT EXISTS club_ratings (
  club TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, account TEXT NOT NULL,
  mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, version BIGINT NOT NULL,
  PRIMARY KEY (club, game, family, account));
CREATE TABLE IF NOT EXISTS club_rated_games (
  club TEXT NOT NULL, room TEXT NOT NULL, PRIMARY KEY (club, room));
CREATE TABLE IF NOT EXISTS ratings (
  account TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, season TEXT NOT NULL,
  mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL, past TEXT NOT NULL,
  version BIGINT NOT NULL, PRIMARY KEY (account, game, family));
CREATE INDEX IF NOT EXISTS ratings_board ON ratings(game, family);
CREATE TABLE IF NOT EXISTS rating_points (
  account TEXT NOT NULL, game TEXT NOT NULL, family TEXT NOT NULL, room TEXT NOT NULL, time_ms BIGINT NOT NULL,
  mu DOUBLE PRECISION NOT NULL, sigma DOUBLE PRECISION NOT NULL, PRIMARY KEY (account, game, family, room));
CREATE TABLE IF NOT EXISTS played_games (
  owner TEXT NOT NULL, room TEXT NOT NULL, seat INTEGER NOT NULL, time_ms BIGINT NOT NULL, body TEXT NOT NULL,
  PRIMARY KEY (owner, room, seat));
CREATE INDEX IF NOT EXISTS played_games_time ON played_games(owner, time_ms);
CREATE TABLE IF NOT EXISTS play_queue (
  session TEXT PRIMARY KEY, node TEXT NOT NULL, queue TEXT NOT NULL, name TEXT NOT NULL, account TEXT NOT NULL,
  address TEXT NOT NULL, skill DOUBLE PRECISION NOT NULL, joined_ms BIGINT NOT NULL, matched TEXT NOT NULL DEFAULT '');
CREATE TABLE IF NOT EXISTS schema_version (
  id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, compatible INTEGER NOT NULL,
  script TEXT NOT NULL DEFAULT '');
)sql";

// The schema's version (docs/operations.md, "Upgrading"; decision 034). A release that changes the
// schema raises kSchemaVersion and makes the change at start (in kSchema, or after it), under
// kSchemaLock, in the one transaction that creates the schema. kSchemaCompatible is the oldest
// version whose servers still work on this schema: it is raised only by a change that older servers
// would misread (a renamed or dropped column, a new meaning), and a server older than the database's
// `compatible` refuses to start. The row only ever grows (GREATEST): an older server never lowers it.
// `script` is a hash of kSchema: a build whose script differs from the one that last ran (a table or
// index added without raising kSchemaVersion) runs its script too, so nothing it needs is missing.
constexpr int kSchemaVersion = 1;
constexpr int kSchemaCompatible = 1;

constexpr uint64_t fnv1a(std::string_view s) {
    uint64_t h = 14695981039346656037ull;
    for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// The database's clock in unix ms: leases are compared on one clock, whatever the nodes' clocks say.
#define HEXHALL_PG_NOW_MS "(extract(epoch from clock_timestamp()) * 1000)::bigint"

// Serialises schema creation when several nodes start at once (CREATE ... IF NOT EXISTS races).
constexpr const char* kSchemaLock = "SELECT pg_advisory_xact_lock(7309120162843100416)";

using Result = std::unique_ptr<PGresult, decltype(&PQclear)>;

// Set on the writer thread when a statement failed: t_fault for a fault of the database or the
// connection (the transaction is rolled back and retried), t_error for a refused statement (its
// write alone fails; the batch is run again with a savepoint around each write).
thread_local bool t_fault = false;
thread_local bool t_error = false;

bool is_fault(const PGresult* r, PGconn* c) {
    if (!r || PQstatus(c) != CONNECTION_OK) return true;
    const char* state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    if (!state) return true;
    const std::string cls(state, 2);
    // connection, insufficient resources, operator intervention, system, internal, transaction
    // state (a read-only transaction), rollback (serialization, deadlock), lock not available
    return cls == "08" || cls == "53" || cls == "57" || cls == "58" || cls == "XX" || cls == "25" || cls == "40" ||
           cls == "55";
}

std::string str(int64_t v) { return std::to_string(v); }
// An error message on one line.
std::string message(const PGresult* r) {
    std::string m = r ? PQresultErrorMessage(r) : "no result";
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    return m;
}
std::string text(const PGresult* r, int row, int col) {
    return std::string(PQgetvalue(r, row, col), static_cast<size_t>(PQgetlength(r, row, col)));
}
int64_t i64(const PGresult* r, int row, int col) { return std::strtoll(PQgetvalue(r, row, col), nullptr, 10); }
uint64_t u64(const std::string& s) { return s.empty() ? 0 : std::stoull(s); }

// A PostgreSQL text[] literal.
std::string array_literal(const std::vector<std::string>& items) {
    std::string out = "{";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ',';
        out += '"';
        for (char ch : items[i]) {
            if (ch == '"' || ch == '\\') out += '\\';
            out += ch;
        }
        out += '"';
    }
    return out + "}";
}

constexpr const char* kRoomColumns =
    "id, game, options, setup, seed, salt, commitment, invite, private, password_hash, host_session, state, "
    "created_ms, finished_ms";

RoomRow read_room_row(const PGresult* r, int i) {
    RoomRow o;
    o.id = text(r, i, 0);
    o.game = text(r, i, 1);
    o.options = text(r, i, 2);
    o.setup = text(r, i, 3);
    o.seed = u64(text(r, i, 4));
    o.salt = text(r, i, 5);
    o.commitment = text(r, i, 6);
    o.invite = text(r, i, 7);
    o.is_private = text(r, i, 8) == "t";
    o.password_hash = text(r, i, 9);
    o.host_session = text(r, i, 10);
    o.state = text(r, i, 11);
    o.created_ms = i64(r, i, 12);
    o.finished_ms = i64(r, i, 13);
    return o;
}

}  // namespace

std::string redacted_url(const std::string& url) {
    const size_t scheme = url.find("://");
    const size_t at = url.find('@');
    if (scheme == std::string::npos || at == std::string::npos || at < scheme) return url;
    const size_t colon = url.find(':', scheme + 3);
    if (colon == std::string::npos || colon > at) return url;
    return url.substr(0, colon + 1) + "***" + url.substr(at);
}

struct PgStore::Conn {
    std::string url;
    PGconn* pg = nullptr;
    std::map<std::string, std::string> prepared;  // sql -> statement name, on this session
    bool read_only = false;                       // set_read_only_for_test

    // `connect_timeout`: seconds a (re)connection may take ("": libpq's default, no limit).
    // A connection that goes silent (the network drops its packets, no reset) fails instead of holding
    // the calling thread for ever: TCP keepalives find an idle one dead in about 20 s, and
    // tcp_user_timeout a call whose data the server never acknowledges in 20 s. They come before the
    // URL, so a URL that sets them wins (libpq takes a repeated keyword's last value).
    explicit Conn(std::string u, const char* connect_timeout = "") : url(std::move(u)) {
        const char* keys[] = {"keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
                              "tcp_user_timeout", "dbname", "connect_timeout", nullptr};
        const char* values[] = {"1", "10", "5", "2", "20000", url.c_str(), connect_timeout, nullptr};
        pg = PQconnectdbParams(keys, values, 1);
        if (PQstatus(pg) != CONNECTION_OK) {
            std::string msg = pg ? PQerrorMessage(pg) : "out of memory";
            PQfinish(pg);
            pg = nullptr;
            while (!msg.empty() && msg.back() == '\n') msg.pop_back();
            throw std::runtime_error("cannot connect to PostgreSQL " + redacted_url(url) + ": " + msg);
        }
        quiet();
    }
    ~Conn() { PQfinish(pg); }
    Conn(const Conn&) = delete;
    Conn& operator=(const Conn&) = delete;

    void quiet() {  // notices ("relation already exists, skipping") are not errors
        PQsetNoticeProcessor(pg, [](void*, const char*) {}, nullptr);
    }
    // Reconnects a broken connection (the server restarted, the network dropped); prepared
    // statements are per session and are prepared again.
    bool connected() {
        if (PQstatus(pg) == CONNECTION_OK) return true;
        PQreset(pg);
        prepared.clear();
        if (PQstatus(pg) != CONNECTION_OK) return false;
        quiet();
        if (read_only) simple("SET default_transaction_read_only = on");
        spdlog::warn("store: reconnected to PostgreSQL");
        return true;
    }
    // A statement without parameters; true when it ran.
    bool simple(const char* sql) {
        Result r(PQexec(pg, sql), &PQclear);
        const ExecStatusType st = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
        if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) return true;
        if (log_allowed("store pg")) spdlog::error("store: {}: {}", sql, PQerrorMessage(pg));
        return false;
    }
    // A prepared statement (prepared on first use on this session). Never null.
    Result exec(const char* sql, const std::vector<std::string>& params) {
        auto it = prepared.find(sql);
        if (it == prepared.end()) {
            const std::string name = "s" + std::to_string(prepared.size());
            Result p(PQprepare(pg, name.c_str(), sql, static_cast<int>(params.size()), nullptr), &PQclear);
            if (!p || PQresultStatus(p.get()) != PGRES_COMMAND_OK) {
                if (p) return p;
                return Result(PQmakeEmptyPGresult(pg, PGRES_FATAL_ERROR), &PQclear);
            }
            it = prepared.emplace(sql, name).first;
        }
        std::vector<const char*> values;
        for (const std::string& v : params) values.push_back(v.c_str());
        Result r(PQexecPrepared(pg, it->second.c_str(), static_cast<int>(values.size()), values.data(), nullptr,
                                nullptr, 0),
                 &PQclear);
        if (!r) return Result(PQmakeEmptyPGresult(pg, PGRES_FATAL_ERROR), &PQclear);
        return r;
    }
};

namespace {

bool succeeded(const PGresult* r) {
    const ExecStatusType st = PQresultStatus(r);
    return st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
}

// A write on the writer thread: runs the statement; false when it failed (flags set, logged).
// `rows`: how many rows it changed (or returned).
bool write(PgStore::Conn& c, const char* sql, const std::vector<std::string>& params, int* rows = nullptr) {
    Result r = c.exec(sql, params);
    if (!succeeded(r.get())) {
        (is_fault(r.get(), c.pg) ? t_fault : t_error) = true;
        if (log_allowed("store write")) spdlog::error("store: {}", message(r.get()));
        return false;
    }
    if (rows) {
        const char* n = PQcmdTuples(r.get());
        *rows = n && *n ? std::atoi(n) : PQntuples(r.get());
    }
    return true;
}

// A read: the rows, or std::runtime_error (the caller's transaction is then rolled back).
Result read(PgStore::Conn& c, const char* sql, const std::vector<std::string>& params) {
    Result r = c.exec(sql, params);
    if (!succeeded(r.get())) throw std::runtime_error("store: " + message(r.get()));
    return r;
}

std::atomic<uint64_t> fenced_writes{0};

}  // namespace

// A room write that took effect: false (logged) when the room's owner epoch is no longer this
// store's: another node (or a later process) has taken the room over; the observer (the hub) then
// stops the room here.
bool PgStore::fenced(bool ran, int rows, const std::string& room, int64_t epoch, const std::string& what) {
    if (!ran) return false;
    if (rows > 0) return true;
    fenced_writes.fetch_add(1, std::memory_order_relaxed);
    if (log_allowed("store fenced"))
        spdlog::error("store: room {}: {} refused: this node's owner epoch {} is stale (the room was taken over)",
                      room, what, epoch);
    std::function<void(const std::string&)> observer;
    {
        std::lock_guard lock(fenced_mu_);
        observer = fenced_observer_;
    }
    if (observer) observer(room);
    return false;
}

void PgStore::on_fenced(std::function<void(const std::string&)> observer) {
    std::lock_guard lock(fenced_mu_);
    fenced_observer_ = std::move(observer);
}

PgStore::PgStore(const std::string& url, std::string node, bool cluster) : node_(std::move(node)), cluster_(cluster) {
    if (node_.empty()) {
        char host[256] = {};
        gethostname(host, sizeof host - 1);
        node_ = std::string(host) + "/" + std::to_string(getpid());
    }
    w_ = std::make_unique<Conn>(url);
    r_ = std::make_unique<Conn>(url);
    // One node at a time (several starting together on an empty database wait for the first), in one
    // transaction: a node killed or cut off meanwhile leaves the schema as it was. Only a database
    // older than this server is changed: creating an index (even IF NOT EXISTS) locks its table against
    // the other nodes' writes until the commit, so a node that froze in the middle would hold up every
    // node's writes; PostgreSQL ends such a transaction after 10 s idle, releasing its locks.
    const auto schema_error = [this] {
        return std::runtime_error(std::string("store: cannot create the schema: ") + PQerrorMessage(w_->pg));
    };
    if (!w_->simple("BEGIN") || !w_->simple("SET LOCAL idle_in_transaction_session_timeout = '10s'") ||
        !w_->simple(kSchemaLock))
        throw schema_error();
    int stored = 0;  // the database's schema version (0: none yet)
    const std::string script = fmt::format("{:016x}", fnv1a(kSchema));
    bool same_script = false;  // the script that last ran is this build's
    Result exists(PQexec(w_->pg, "SELECT to_regclass('schema_version') IS NOT NULL"), &PQclear);
    if (!exists || !succeeded(exists.get()) || PQntuples(exists.get()) != 1) throw schema_error();
    if (PQgetvalue(exists.get(), 0, 0)[0] == 't') {
        Result version(PQexec(w_->pg, "SELECT version, compatible, script FROM schema_version"), &PQclear);
        if (!version || !succeeded(version.get())) throw schema_error();
        if (PQntuples(version.get()) == 1) {
            stored = std::atoi(PQgetvalue(version.get(), 0, 0));
            same_script = script == PQgetvalue(version.get(), 0, 2);
            if (std::atoi(PQgetvalue(version.get(), 0, 1)) > kSchemaVersion)
                throw std::runtime_error(fmt::format(
                    "store: the database's schema is version {}, which needs a server of schema version {} or "
                    "later; this server has version {}: run the newer release, or restore the backup taken "
                    "before the upgrade (docs/operations.md, \"Upgrading\")",
                    stored, PQgetvalue(version.get(), 0, 1), kSchemaVersion));
        }
    }
    const std::string stamp = fmt::format(
        "INSERT INTO schema_version (id, version, compatible, script) VALUES (1, {}, {}, '{}') ON CONFLICT (id) DO "
        "UPDATE SET version = GREATEST(schema_version.version, EXCLUDED.version), "
        "compatible = GREATEST(schema_version.compatible, EXCLUDED.compatible), script = EXCLUDED.script",
        kSchemaVersion, kSchemaCompatible, script);
    if ((stored < kSchemaVersion || !same_script) && (!w_->simple(kSchema) || !w_->simple(stamp.c_str())))
        throw schema_error();
    if (!w_->simple("COMMIT")) throw schema_error();
    if (cluster_) l_ = std::make_unique<Conn>(url, "2");  // a lease renewal must not hang on a dead network
    spdlog::info("store: PostgreSQL {} (node {})", redacted_url(url), node_);
    thread_ = std::thread([this] { writer(); });
}

PgStore::~PgStore() {
    {
        std::lock_guard lock(q_mu_);
        stop_ = true;
    }
    q_cv_.notify_all();
    thread_.join();
}

int64_t PgStore::epoch_of(const std::string& room) const {
    std::lock_guard lock(held_mu_);
    auto it = held_.find(room);
    return it == held_.end() ? 0 : it->second;
}

void PgStore::hold(const std::string& room, int64_t epoch) {
    std::lock_guard lock(held_mu_);
    held_[room] = epoch;
}

int64_t PgStore::held_epoch(const std::string& room) const { return epoch_of(room); }

uint64_t PgStore::fenced_writes_refused() { return fenced_writes.load(std::memory_order_relaxed); }

void PgStore::enqueue(Op op) {
    {
        std::lock_guard lock(q_mu_);
        queue_.push_back(std::move(op));
    }
    q_cv_.notify_one();
}

// One transaction over the batch. Without savepoints a refused statement aborts the transaction
// (PostgreSQL): the batch is then run again with a savepoint around each write, so that only the
// refused write fails (as one refused row in SQLite).
bool PgStore::run_batch(std::deque<Op>& batch, std::vector<bool>& ok, bool savepoints) {
    Conn& c = *w_;
    t_fault = t_error = false;
    std::fill(ok.begin(), ok.end(), false);
    if (!c.connected() || !c.simple("BEGIN")) {
        t_fault = true;
        return false;
    }
    bool refused = false;  // without savepoints: a refused statement aborted the transaction
    for (size_t i = 0; i < batch.size() && !t_fault && !refused; ++i) {
        if (!savepoints && batch[i].append && i + 1 < batch.size() && batch[i + 1].append) {
            size_t to = i;
            while (to < batch.size() && batch[to].append) ++to;
            t_error = false;
            append_run(batch, i, to, ok);
            if (t_error) refused = true;
            i = to - 1;
            continue;
        }
        if (savepoints && !c.simple("SAVEPOINT w")) {
            t_fault = true;
            break;
        }
        t_error = false;
        ok[i] = batch[i].write();
        if (t_fault || !t_error) {
            if (!t_fault && savepoints && !c.simple("RELEASE SAVEPOINT w")) t_fault = true;
            continue;
        }
        ok[i] = false;
        if (!savepoints) refused = true;
        else if (!c.simple("ROLLBACK TO SAVEPOINT w")) t_fault = true;
    }
    t_error = refused;  // the caller runs the batch again with savepoints
    if (t_fault || refused) {
        c.simple("ROLLBACK");
        return false;
    }
    Result r(PQexec(c.pg, "COMMIT"), &PQclear);
    // A transaction that failed reports "ROLLBACK" for its COMMIT.
    if (r && PQresultStatus(r.get()) == PGRES_COMMAND_OK && std::string(PQcmdStatus(r.get())) == "COMMIT") return true;
    t_fault = true;
    if (log_allowed("store commit")) spdlog::error("store: commit failed: {}", PQerrorMessage(c.pg));
    return false;
}

// As SqliteStore::writer: takes everything queued, writes it in one transaction, commits, then
// runs the callbacks; a transaction that fails for a fault is retried (after a pause that grows to
// 2 s) with everything queued meanwhile, until it commits. An append retried after a commit whose
// outcome was lost finds its own row and counts as stored (PgStore::append).
void PgStore::writer() {
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
                if (queue_.empty()) return;
            } else {
                q_cv_.wait_for(lock, pause, [&] { return stop_; });
            }
            for (Op& op : queue_) batch.push_back(std::move(op));
            queue_.clear();
            busy_ = true;
            stopping = stop_;
        }
        std::vector<bool> ok(batch.size(), false);
        bool committed = false;
        {
            std::lock_guard db(w_mu_);
            const auto began = std::chrono::steady_clock::now();
            committed = run_batch(batch, ok, false);
            if (!committed && !t_fault && t_error) committed = run_batch(batch, ok, true);
            if (committed) metrics::store_committed(std::chrono::steady_clock::now() - began);
        }
        if (!committed) {
            metrics::store_commit_failed();
            if (log_allowed("store commit")) spdlog::error("store: transaction failed ({} writes)", batch.size());
        }
        set_healthy(committed);
        if (!committed && !stopping) {
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

void PgStore::set_healthy(bool healthy) {
    std::function<void(bool)> observer;
    {
        std::lock_guard lock(q_mu_);
        if (failing_ == !healthy) return;
        failing_ = !healthy;
        observer = health_observer_;
        if (!healthy) idle_cv_.notify_all();
    }
    spdlog::log(healthy ? spdlog::level::warn : spdlog::level::err, "store: {}",
                healthy ? "commits work again" : "commits fail: rooms are paused until they work again");
    if (observer) observer(healthy);
}

bool PgStore::healthy() const {
    std::lock_guard lock(q_mu_);
    return !failing_;
}

void PgStore::on_health(std::function<void(bool)> observer) {
    std::lock_guard lock(q_mu_);
    health_observer_ = std::move(observer);
}

void PgStore::flush() {
    std::unique_lock lock(q_mu_);
    idle_cv_.wait(lock, [&] { return (queue_.empty() && !busy_) || failing_; });
}

uint64_t PgStore::commits() const {
    std::lock_guard lock(q_mu_);
    return commits_;
}

void PgStore::set_read_only_for_test(bool read_only) {
    std::lock_guard db(w_mu_);
    w_->read_only = read_only;
    w_->simple(read_only ? "SET default_transaction_read_only = on" : "SET default_transaction_read_only = off");
}

// --- writes ------------------------------------------------------------------------------------

void PgStore::sync(Done done) {
    enqueue({[] { return true; }, std::move(done)});
}

void PgStore::put_room(const RoomRow& r) {
    if (epoch_of(r.id) == 0) hold(r.id, 1);  // a new room: this store creates it at epoch 1
    const int64_t epoch = epoch_of(r.id);
    enqueue({[this, r, epoch] {
                 Conn& c = *w_;
                 if (!write(c,
                            "INSERT INTO room_owners (room, node, epoch, expires_ms) VALUES ($1, $2, 1, 0) "
                            "ON CONFLICT (room) DO NOTHING",
                            {r.id, node_}))
                     return false;
                 int rows = 0;
                 const bool ran = write(
                     c,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $15::bigint FOR SHARE) "
                     "INSERT INTO rooms (id, game, options, setup, seed, salt, commitment, invite, private, "
                     "password_hash, host_session, state, created_ms, finished_ms) "
                     "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9::boolean, $10, $11, $12, $13::bigint, $14::bigint FROM o "
                     "ON CONFLICT (id) DO UPDATE SET game = EXCLUDED.game, options = EXCLUDED.options, "
                     "setup = EXCLUDED.setup, seed = EXCLUDED.seed, salt = EXCLUDED.salt, "
                     "commitment = EXCLUDED.commitment, invite = EXCLUDED.invite, private = EXCLUDED.private, "
                     "password_hash = EXCLUDED.password_hash, host_session = EXCLUDED.host_session, "
                     "state = EXCLUDED.state, created_ms = EXCLUDED.created_ms, finished_ms = EXCLUDED.finished_ms",
                     {r.id, r.game, r.options, r.setup, std::to_string(r.seed), r.salt, r.commitment, r.invite,
                      r.is_private ? "true" : "false", r.password_hash, r.host_session, r.state, str(r.created_ms),
                      str(r.finished_ms), str(epoch)},
                     &rows);
                 return fenced(ran, rows, r.id, epoch, "room row");
             },
             {}});
}

void PgStore::put_seat(const std::string& room, const SeatRow& s) {
    const int64_t epoch = epoch_of(room);
    enqueue({[this, room, s, epoch] {
                 int rows = 0;
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $8::bigint FOR SHARE) "
                     "INSERT INTO seats (room, seat, kind, session, name, bot, bot_seed) "
                     "SELECT $1, $2::integer, $3, $4, $5, $6, $7 FROM o "
                     "ON CONFLICT (room, seat) DO UPDATE SET kind = EXCLUDED.kind, session = EXCLUDED.session, "
                     "name = EXCLUDED.name, bot = EXCLUDED.bot, bot_seed = EXCLUDED.bot_seed",
                     {room, str(s.seat), s.kind, s.session, s.name, s.bot, std::to_string(s.bot_seed), str(epoch)},
                     &rows);
                 return fenced(ran, rows, room, epoch, "seat");
             },
             {}});
}

void PgStore::put_session(const SessionRow& s) {
    enqueue({[this, s] {
                 return write(*w_,
                              "INSERT INTO sessions (hash, name, room, seen_ms) VALUES ($1, $2, $3, $4::bigint) "
                              "ON CONFLICT (hash) DO UPDATE SET name = EXCLUDED.name, room = EXCLUDED.room, "
                              "seen_ms = EXCLUDED.seen_ms",
                              {s.hash, s.name, s.room, str(s.seen_ms)});
             },
             {}});
}

void PgStore::put_document(const std::string& kind, const std::string& id, const std::string& body,
                           int64_t updated_ms, Done done) {
    enqueue({[this, kind, id, body, updated_ms] {
                 return write(*w_,
                              "INSERT INTO documents (kind, id, body, updated_ms) VALUES ($1, $2, $3, $4::bigint) "
                              "ON CONFLICT (kind, id) DO UPDATE SET body = EXCLUDED.body, "
                              "updated_ms = EXCLUDED.updated_ms",
                              {kind, id, body, str(updated_ms)});
             },
             std::move(done)});
}

void PgStore::put_document_parts(const std::string& kind, const std::string& id, std::vector<DocumentPart> parts,
                                 int64_t updated_ms, Done done) {
    // A document held as "kind:id" (claim_key: a tournament on several nodes) is written only while
    // that epoch stands; the owner row's share lock holds it until the commit.
    const std::string key = kind + ":" + id;
    const int64_t epoch = epoch_of(key);
    enqueue({[this, kind, id, key, epoch, parts = std::move(parts), updated_ms] {
                 if (epoch > 0) {
                     int rows = 0;
                     const bool ran = write(*w_,
                                            "SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $2::bigint FOR SHARE",
                                            {key, str(epoch)}, &rows);
                     if (!fenced(ran, rows, key, epoch, "document")) return false;
                 }
                 if (!write(*w_, "DELETE FROM documents WHERE kind = $1 AND id = $2", {kind, id})) return false;
                 for (const DocumentPart& p : parts) {
                     const bool ok = p.body ? write(*w_,
                                                    "INSERT INTO document_parts (kind, id, part, body, updated_ms) "
                                                    "VALUES ($1, $2, $3, $4, $5::bigint) ON CONFLICT (kind, id, part) "
                                                    "DO UPDATE SET body = EXCLUDED.body, updated_ms = EXCLUDED.updated_ms",
                                                    {kind, id, p.part, *p.body, str(updated_ms)})
                                            : write(*w_, "DELETE FROM document_parts WHERE kind = $1 AND id = $2 AND part = $3",
                                                    {kind, id, p.part});
                     if (!ok) return false;
                 }
                 return true;
             },
             std::move(done)});
}

// A fenced update of the room's row: `set` assigns from $3, $4, ...; $1 is the room, $2 the epoch.
void PgStore::set_state(const std::string& room, const std::string& state, int64_t finished_ms, Done done) {
    const int64_t epoch = epoch_of(room);
    enqueue({[this, room, state, finished_ms, epoch] {
                 int rows = 0;
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $2::bigint FOR SHARE) "
                     "UPDATE rooms SET state = $3, finished_ms = $4::bigint FROM o WHERE id = $1",
                     {room, str(epoch), state, str(finished_ms)}, &rows);
                 return fenced(ran, rows, room, epoch, "state");
             },
             std::move(done)});
}

void PgStore::set_host(const std::string& room, const std::string& host_session) {
    const int64_t epoch = epoch_of(room);
    enqueue({[this, room, host_session, epoch] {
                 int rows = 0;
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $2::bigint FOR SHARE) "
                     "UPDATE rooms SET host_session = $3 FROM o WHERE id = $1",
                     {room, str(epoch), host_session}, &rows);
                 return fenced(ran, rows, room, epoch, "host");
             },
             {}});
}

void PgStore::set_password_hash(const std::string& room, const std::string& hash) {
    const int64_t epoch = epoch_of(room);
    enqueue({[this, room, hash, epoch] {
                 int rows = 0;
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $2::bigint FOR SHARE) "
                     "UPDATE rooms SET password_hash = $3 FROM o WHERE id = $1",
                     {room, str(epoch), hash}, &rows);
                 return fenced(ran, rows, room, epoch, "password");
             },
             {}});
}

void PgStore::put_kick(const std::string& room, const std::string& session) {
    const int64_t epoch = epoch_of(room);
    enqueue({[this, room, session, epoch] {
                 int rows = 0;
                 // A kick already stored counts as stored (DO UPDATE: the row comes back).
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $3::bigint FOR SHARE) "
                     "INSERT INTO kicks (room, session) SELECT $1, $2 FROM o "
                     "ON CONFLICT (room, session) DO UPDATE SET session = EXCLUDED.session",
                     {room, session, str(epoch)}, &rows);
                 return fenced(ran, rows, room, epoch, "kick");
             },
             {}});
}

void PgStore::delete_sessions(const std::vector<std::string>& hashes) {
    if (hashes.empty()) return;
    enqueue({[this, hashes] {
                 return write(*w_, "DELETE FROM sessions WHERE hash = ANY($1::text[])", {array_literal(hashes)});
             },
             {}});
}

void PgStore::prune_abandoned(int64_t before_ms) {
    enqueue({[this, before_ms] {
                 int rows = 0;
                 const bool ok = write(
                     *w_,
                     "WITH gone AS (DELETE FROM rooms WHERE state = 'abandoned' AND finished_ms < $1::bigint "
                     "RETURNING id), "
                     "a AS (DELETE FROM actions WHERE room IN (SELECT id FROM gone)), "
                     "s AS (DELETE FROM seats WHERE room IN (SELECT id FROM gone)), "
                     "k AS (DELETE FROM kicks WHERE room IN (SELECT id FROM gone)), "
                     "o AS (DELETE FROM room_owners WHERE room IN (SELECT id FROM gone)) "
                     "SELECT id FROM gone",
                     {str(before_ms)}, &rows);
                 if (ok && rows > 0) spdlog::info("store: pruned {} abandoned rooms", rows);
                 return ok;
             },
             {}});
}

void PgStore::prune_finished(int64_t before_ms) {
    enqueue({[this, before_ms] {
                 int rows = 0;
                 const bool ok = write(
                     *w_,
                     "WITH gone AS (DELETE FROM rooms WHERE state IN ('finished', 'abandoned') "
                     "AND finished_ms < $1::bigint RETURNING id), "
                     "a AS (DELETE FROM actions WHERE room IN (SELECT id FROM gone)), "
                     "s AS (DELETE FROM seats WHERE room IN (SELECT id FROM gone)), "
                     "k AS (DELETE FROM kicks WHERE room IN (SELECT id FROM gone)), "
                     "o AS (DELETE FROM room_owners WHERE room IN (SELECT id FROM gone)) "
                     "SELECT id FROM gone",
                     {str(before_ms)}, &rows);
                 if (ok && rows > 0) spdlog::info("store: pruned {} finished rooms", rows);
                 return ok;
             },
             {}});
}

// A run of appends (the common batch under load: many rooms' actions) in one statement, one round
// trip, with the same fence and conflict rules as PgStore::append. Two appends of one action
// number in a run make the statement fail (a row cannot be upserted twice): the batch is then run
// again one write at a time (run_batch's savepoints), where the rules decide each.
void PgStore::append_run(std::deque<Op>& batch, size_t from, size_t to, std::vector<bool>& ok) {
    std::vector<std::string> rooms, seqs, seats, actions, game_ms, epochs;
    for (size_t i = from; i < to; ++i) {
        const AppendRow& a = *batch[i].append;
        rooms.push_back(a.room);
        seqs.push_back(str(a.action.seq));
        seats.push_back(str(a.action.seat));
        actions.push_back(a.action.action);
        game_ms.push_back(str(a.action.game_ms));
        epochs.push_back(str(a.epoch));
    }
    Result r = w_->exec(
        "WITH v AS (SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::text[], $5::bigint[], "
        "$6::bigint[]) AS v(room, seq, seat, action, game_ms, epoch)), "
        "o AS (SELECT v.* FROM v JOIN room_owners w ON w.room = v.room AND w.epoch = v.epoch FOR SHARE OF w) "
        "INSERT INTO actions (room, seq, seat, action, game_ms, epoch) "
        "SELECT room, seq, seat, action, game_ms, epoch FROM o "
        "ON CONFLICT (room, seq) DO UPDATE SET seq = EXCLUDED.seq "
        "WHERE actions.seat = EXCLUDED.seat AND actions.action = EXCLUDED.action AND actions.epoch = EXCLUDED.epoch "
        "RETURNING room, seq",
        {array_literal(rooms), array_literal(seqs), array_literal(seats), array_literal(actions),
         array_literal(game_ms), array_literal(epochs)});
    if (!succeeded(r.get())) {
        (is_fault(r.get(), w_->pg) ? t_fault : t_error) = true;
        if (t_fault && log_allowed("store write")) spdlog::error("store: {}", message(r.get()));
        return;
    }
    std::set<std::pair<std::string, int64_t>> stored;
    for (int i = 0; i < PQntuples(r.get()); ++i) stored.emplace(text(r.get(), i, 0), i64(r.get(), i, 1));
    for (size_t i = from; i < to && !t_fault; ++i) {
        const AppendRow& a = *batch[i].append;
        ok[i] = stored.count({a.room, a.action.seq}) > 0;
        if (!ok[i]) ok[i] = batch[i].write();  // refused: its own statement says why (stale or taken), logs it
    }
    t_error = false;  // a refusal here is not a failed statement
}

void PgStore::append(const std::string& room, const ActionRow& a, Done done) {
    const int64_t epoch = epoch_of(room);
    auto row = std::make_shared<const AppendRow>(AppendRow{room, a, epoch});
    enqueue({[this, room, a, epoch] {
                 int rows = 0;
                 // The owner row's share lock makes the epoch check hold until the commit: a claim
                 // (which updates that row) waits for this transaction, or this append sees the new
                 // epoch and inserts nothing. The same row already stored (a retry after a commit
                 // whose answer was lost) is returned by the no-op update and counts as stored; a
                 // different row under the same number is refused.
                 const bool ran = write(
                     *w_,
                     "WITH o AS (SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $6::bigint FOR SHARE) "
                     "INSERT INTO actions (room, seq, seat, action, game_ms, epoch) "
                     "SELECT $1, $2::bigint, $3::integer, $4, $5::bigint, $6::bigint FROM o "
                     "ON CONFLICT (room, seq) DO UPDATE SET seq = EXCLUDED.seq "
                     "WHERE actions.seat = EXCLUDED.seat AND actions.action = EXCLUDED.action "
                     "AND actions.epoch = EXCLUDED.epoch",
                     {room, str(a.seq), str(a.seat), a.action, str(a.game_ms), str(epoch)}, &rows);
                 if (!ran || rows > 0) return ran;
                 // Refused: stale (fenced), or another row holds the number.
                 int current = 0;
                 if (!write(*w_, "SELECT 1 FROM room_owners WHERE room = $1 AND epoch = $2::bigint",
                            {room, str(epoch)}, &current))
                     return false;
                 if (current == 0) return fenced(true, 0, room, epoch, "action " + std::to_string(a.seq));
                 if (log_allowed("store append"))
                     spdlog::error("store: room {}: action {} refused: another action has its number", room, a.seq);
                 return false;
             },
             std::move(done), row});
}

// --- ownership ---------------------------------------------------------------------------------

std::optional<int64_t> PgStore::claim(const std::string& room) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return std::nullopt;
    Result r = w_->exec(
        "INSERT INTO room_owners (room, node, epoch, expires_ms) SELECT id, $2, 1, 0 FROM rooms WHERE id = $1 "
        "ON CONFLICT (room) DO UPDATE SET epoch = room_owners.epoch + 1, node = EXCLUDED.node RETURNING epoch",
        {room, node_});
    if (!succeeded(r.get())) {
        spdlog::error("store: room {}: claim failed: {}", room, message(r.get()));
        return std::nullopt;
    }
    if (PQntuples(r.get()) != 1) return std::nullopt;
    const int64_t epoch = i64(r.get(), 0, 0);
    hold(room, epoch);
    return epoch;
}

// --- reads -------------------------------------------------------------------------------------

namespace {
// One read transaction (a consistent snapshot) on a connection; rolled back when a read throws.
struct ReadTx {
    PgStore::Conn& c;
    bool open = false;
    ReadTx(PgStore::Conn& conn, const char* begin) : c(conn) {
        if (!c.connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
        if (!c.simple(begin)) {
            // A connection that broke since its last use reports it here: reconnect once.
            if (PQstatus(c.pg) == CONNECTION_OK || !c.connected() || !c.simple(begin))
                throw std::runtime_error(std::string("store: ") + PQerrorMessage(c.pg));
        }
        open = true;
    }
    void commit() {
        open = false;
        Result r(PQexec(c.pg, "COMMIT"), &PQclear);
        if (!r || PQresultStatus(r.get()) != PGRES_COMMAND_OK || std::string(PQcmdStatus(r.get())) != "COMMIT")
            throw std::runtime_error(std::string("store: commit failed: ") + PQerrorMessage(c.pg));
    }
    ~ReadTx() {
        if (open) c.simple("ROLLBACK");
    }
    ReadTx(const ReadTx&) = delete;
    ReadTx& operator=(const ReadTx&) = delete;
};
constexpr const char* kBeginRead = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
}  // namespace

StoredRoom PgStore::read_room_rest(Conn& c, RoomRow row) {
    StoredRoom out;
    out.room = std::move(row);
    Result r = read(c, "SELECT seat, kind, session, name, bot, bot_seed FROM seats WHERE room = $1 ORDER BY seat",
                    {out.room.id});
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.seats.push_back({static_cast<int>(i64(r.get(), i, 0)), text(r.get(), i, 1), text(r.get(), i, 2),
                             text(r.get(), i, 3), text(r.get(), i, 4), u64(text(r.get(), i, 5))});
    r = read(c, "SELECT seq, seat, action, game_ms FROM actions WHERE room = $1 ORDER BY seq", {out.room.id});
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.actions.push_back(
            {i64(r.get(), i, 0), static_cast<int>(i64(r.get(), i, 1)), text(r.get(), i, 2), i64(r.get(), i, 3)});
    r = read(c, "SELECT session FROM kicks WHERE room = $1 ORDER BY session", {out.room.id});
    for (int i = 0; i < PQntuples(r.get()); ++i) out.kicked.push_back(text(r.get(), i, 0));
    return out;
}

std::optional<StoredRoom> PgStore::load_room(const std::string& id) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    static const std::string sql = std::string("SELECT ") + kRoomColumns + " FROM rooms WHERE id = $1";
    Result r = read(*r_, sql.c_str(), {id});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    StoredRoom out = read_room_rest(*r_, read_room_row(r.get(), 0));
    tx.commit();
    return out;
}

std::map<std::string, std::string> PgStore::room_states(const std::vector<std::string>& ids) {
    std::map<std::string, std::string> out;
    if (ids.empty()) return out;
    std::string list = "{";  // a text[] literal; each id quoted
    for (const std::string& id : ids) {
        if (list.size() > 1) list += ',';
        list += '"';
        for (char ch : id) {
            if (ch == '"' || ch == '\\') list += '\\';
            list += ch;
        }
        list += '"';
    }
    list += '}';
    std::lock_guard lock(r_mu_);
    Result r = read(*r_, "SELECT id, state FROM rooms WHERE id = ANY($1::text[])", {list});
    for (int i = 0; i < PQntuples(r.get()); ++i) out[PQgetvalue(r.get(), i, 0)] = PQgetvalue(r.get(), i, 1);
    return out;
}

bool PgStore::room_exists(const std::string& id) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT 1 FROM rooms WHERE id = $1", {id});
    const bool found = PQntuples(r.get()) > 0;
    tx.commit();
    return found;
}

std::vector<StoredRoom> PgStore::claim_and_read(const char* claim_sql, const std::vector<std::string>& params) {
    std::lock_guard db(w_mu_);  // a writing transaction: the claim
    Conn& c = *w_;
    ReadTx tx(c, "BEGIN");
    // The claimed owner rows stay locked until the commit, so no earlier holder can write those
    // rooms between the claim and the reads below.
    Result claimed = read(c, claim_sql, params);
    std::map<std::string, int64_t> epochs;
    std::vector<std::string> ids;
    for (int i = 0; i < PQntuples(claimed.get()); ++i) {
        epochs[text(claimed.get(), i, 0)] = i64(claimed.get(), i, 1);
        ids.push_back(text(claimed.get(), i, 0));
    }
    static const std::string sql = std::string("SELECT ") + kRoomColumns +
                                   " FROM rooms WHERE id = ANY($1::text[]) ORDER BY created_ms, id";
    Result rooms = read(c, sql.c_str(), {array_literal(ids)});
    std::vector<StoredRoom> out;
    for (int i = 0; i < PQntuples(rooms.get()); ++i) out.push_back(read_room_rest(c, read_room_row(rooms.get(), i)));
    tx.commit();
    for (const auto& [room, epoch] : epochs) hold(room, epoch);
    return out;
}

namespace {
// A location read as (owner node, its URL, whether its lease is live) — locate and locate_key: owned
// by another live node (Elsewhere, its URL), or Free (no live owner, or this node); None: no row.
RoomLocation location_of(const PGresult* r, const std::string& self) {
    RoomLocation out;
    if (PQntuples(r) == 0) return out;
    const bool live = text(r, 0, 2) == "t";
    if (live && text(r, 0, 0) != self) out = {RoomLocation::Kind::Elsewhere, text(r, 0, 1)};
    else out.kind = RoomLocation::Kind::Free;
    return out;
}
}  // namespace

// Of several nodes (cluster mode), recovery takes this node's rooms and those no live node owns;
// a single node takes every unfinished room.
std::vector<StoredRoom> PgStore::load_unfinished() {
    if (cluster_) {  // an earlier process of this node id queued them for Play now: their connections are gone
        std::lock_guard db(w_mu_);
        if (w_->connected()) {
            Result r = w_->exec("DELETE FROM play_queue WHERE node = $1", {node_});
            if (!succeeded(r.get())) spdlog::warn("store: node {}: its old Play now waiters stay: {}", node_, message(r.get()));
        }
    }
    std::vector<StoredRoom> out = claim_and_read(
        cluster_ ? "UPDATE room_owners o SET epoch = o.epoch + 1, node = $1, expires_ms = 0 FROM rooms r "
                   "WHERE r.id = o.room AND r.state IN ('open', 'running') AND (o.node = $1 OR NOT EXISTS "
                   "(SELECT 1 FROM nodes n WHERE n.id = o.node AND n.expires_ms > " HEXHALL_PG_NOW_MS ")) "
                   "RETURNING o.room, o.epoch"
                 : "UPDATE room_owners o SET epoch = o.epoch + 1, node = $1, expires_ms = 0 FROM rooms r "
                   "WHERE r.id = o.room AND r.state IN ('open', 'running') RETURNING o.room, o.epoch",
        {node_});
    if (!out.empty()) spdlog::info("store: node {} took over {} unfinished rooms", node_, out.size());
    return out;
}

// Owners of other things (a tournament, "tournament:<id>"): the room_owners rows without a room.
std::optional<int64_t> PgStore::claim_key(const std::string& key) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return std::nullopt;
    Result r = w_->exec(
        "INSERT INTO room_owners (room, node, epoch, expires_ms) VALUES ($1, $2, 1, 0) "
        "ON CONFLICT (room) DO UPDATE SET epoch = room_owners.epoch + 1, node = EXCLUDED.node "
        "WHERE room_owners.node = $2 OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = room_owners.node "
        "AND n.expires_ms > " HEXHALL_PG_NOW_MS ") RETURNING epoch",
        {key, node_});
    if (!succeeded(r.get())) {
        spdlog::error("store: {}: claim failed: {}", key, message(r.get()));
        return std::nullopt;
    }
    if (PQntuples(r.get()) != 1) return std::nullopt;
    const int64_t epoch = i64(r.get(), 0, 0);
    hold(key, epoch);
    return epoch;
}

RoomLocation PgStore::locate_key(const std::string& key) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT o.node, COALESCE(n.url, ''), COALESCE(n.expires_ms > " HEXHALL_PG_NOW_MS ", false) "
                    "FROM room_owners o LEFT JOIN nodes n ON n.id = o.node WHERE o.room = $1",
                    {key});
    const RoomLocation out = location_of(r.get(), node_);
    tx.commit();
    return out;
}

std::vector<std::string> PgStore::orphan_keys(const std::string& prefix, size_t limit) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    // This node's rows that this process does not hold are an earlier process's (a restart).
    Result r = read(*r_,
                    "SELECT o.room, o.epoch FROM room_owners o WHERE left(o.room, length($1)) = $1 AND (o.node = $2 "
                    "OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = o.node AND n.expires_ms > " HEXHALL_PG_NOW_MS
                    ")) ORDER BY random()",
                    {prefix, node_});
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()) && out.size() < limit; ++i)
        if (std::string key = text(r.get(), i, 0); epoch_of(key) != i64(r.get(), i, 1)) out.push_back(std::move(key));
    tx.commit();
    return out;
}

std::vector<std::string> PgStore::held_keys(const std::string& prefix) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT room, epoch FROM room_owners WHERE node = $1 AND left(room, length($2)) = $2",
                    {node_, prefix});
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        if (const std::string key = text(r.get(), i, 0); epoch_of(key) == i64(r.get(), i, 1)) out.push_back(key);
    tx.commit();
    return out;
}

// --- several nodes (docs/decisions/017-several-nodes.md) ------------------------------------------

std::optional<StoredRoom> PgStore::take_over(const std::string& room) {
    // Two nodes taking one room at once: the second waits for the first's row lock, then finds a
    // live owner and claims nothing.
    std::vector<StoredRoom> out = claim_and_read(
        "UPDATE room_owners o SET epoch = o.epoch + 1, node = $2, expires_ms = 0 FROM rooms r "
        "WHERE o.room = $1 AND r.id = o.room AND r.state IN ('open', 'running') AND (o.node = $2 OR NOT EXISTS "
        "(SELECT 1 FROM nodes n WHERE n.id = o.node AND n.expires_ms > " HEXHALL_PG_NOW_MS ")) "
        "RETURNING o.room, o.epoch",
        {room, node_});
    if (out.empty()) return std::nullopt;
    spdlog::info("store: node {} took room {} over (epoch {})", node_, room, epoch_of(room));
    return std::move(out.front());
}

bool PgStore::renew_lease(const std::string& public_url, int64_t rooms, int64_t ttl_ms, const std::string& listing,
                          std::vector<NodeLoad>& others) {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) return false;
    Result r = l_->exec("INSERT INTO nodes (id, url, expires_ms, rooms, listing) VALUES ($1, $2, " HEXHALL_PG_NOW_MS
                        " + $3::bigint, $4::integer, $5) ON CONFLICT (id) DO UPDATE SET url = EXCLUDED.url, "
                        "expires_ms = EXCLUDED.expires_ms, rooms = EXCLUDED.rooms, listing = EXCLUDED.listing",
                        {node_, public_url, str(ttl_ms), str(rooms), listing});
    if (!succeeded(r.get())) {
        if (log_allowed("store lease")) spdlog::error("store: node {}: lease not renewed: {}", node_, message(r.get()));
        return false;
    }
    // The other live nodes, with how long their leases still run (placement skips one that stopped
    // renewing: renewed_recently in server/room_directory.hpp).
    r = l_->exec("SELECT id, url, rooms, listing, expires_ms - " HEXHALL_PG_NOW_MS
                 " FROM nodes WHERE id <> $1 AND expires_ms > " HEXHALL_PG_NOW_MS,
                 {node_});
    others.clear();
    if (succeeded(r.get()))  // the lease is renewed either way; the lobby shows older listings meanwhile
        for (int i = 0; i < PQntuples(r.get()); ++i)
            others.push_back({text(r.get(), i, 0), text(r.get(), i, 1), i64(r.get(), i, 2), text(r.get(), i, 3),
                              i64(r.get(), i, 4)});
    return true;
}

void PgStore::release_node() {
    flush();
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return;
    // Nobody owns the rooms now (node ''): the next join or resume anywhere takes them over at once.
    ReadTx tx(*w_, "BEGIN");
    Result rooms = read(*w_, "UPDATE room_owners SET node = '' WHERE node = $1 RETURNING room", {node_});
    read(*w_, "DELETE FROM nodes WHERE id = $1", {node_});
    read(*w_, "DELETE FROM play_queue WHERE node = $1", {node_});  // its waiters' connections are closed
    tx.commit();
    spdlog::info("store: node {} released {} rooms", node_, PQntuples(rooms.get()));
}

// --- tables wanted by a tournament's owner (docs/decisions/030-tournaments-on-several-nodes.md) ---

void PgStore::want_room(const std::string& room) {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("the database cannot be reached");
    Result r = l_->exec("INSERT INTO room_wants (room, node) VALUES ($1, $2) ON CONFLICT (room) DO UPDATE SET "
                        "node = EXCLUDED.node",
                        {room, node_});
    if (!succeeded(r.get())) throw std::runtime_error(message(r.get()));
}

std::vector<std::pair<std::string, std::string>> PgStore::wanted_here() {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("the database cannot be reached");
    // Wants that came true (the wanting node owns the room) or whose node died go.
    Result gone = l_->exec("DELETE FROM room_wants w WHERE EXISTS (SELECT 1 FROM room_owners o WHERE o.room = w.room "
                           "AND o.node = w.node) OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = w.node AND "
                           "n.expires_ms > " HEXHALL_PG_NOW_MS ")",
                           {});
    if (!succeeded(gone.get())) throw std::runtime_error(message(gone.get()));
    Result r = l_->exec("SELECT w.room, n.url FROM room_wants w JOIN room_owners o ON o.room = w.room AND o.node = $1 "
                        "JOIN nodes n ON n.id = w.node AND n.id <> $1 AND n.expires_ms > " HEXHALL_PG_NOW_MS,
                        {node_});
    if (!succeeded(r.get())) throw std::runtime_error(message(r.get()));
    std::vector<std::pair<std::string, std::string>> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(text(r.get(), i, 0), text(r.get(), i, 1));
    return out;
}

void PgStore::release_room(const std::string& room) {
    flush();
    std::lock_guard db(w_mu_);
    if (!w_->connected()) throw std::runtime_error("the database cannot be reached");
    Result r = w_->exec("UPDATE room_owners SET node = '' WHERE room = $1 AND node = $2", {room, node_});
    if (!succeeded(r.get())) throw std::runtime_error(message(r.get()));
    spdlog::info("store: node {} released room {}", node_, room);
}

// --- Play now across nodes (docs/decisions/017-several-nodes.md) ---------------------------------
// On the lease connection: short statements, never inside the writer's batches.

namespace {
constexpr const char* kQueueLock = "SELECT pg_try_advisory_xact_lock(7309120162843100417)";
// A taken row (matched, its message not yet written) names its matcher: "taken:<node>". When that
// node's lease runs out before it writes the message, the row waits again at the next match pass.
constexpr const char* kTakenPrefix = "taken:";
}  // namespace

bool PgStore::queue_join(const QueueRow& row) {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
    Result r = read(*l_,
                    "INSERT INTO play_queue (session, node, queue, name, account, address, skill, joined_ms) VALUES ($1, $2, "
                    "$3, $4, $5, $6, $7::double precision, " HEXHALL_PG_NOW_MS ") ON CONFLICT (session) DO NOTHING",
                    {row.session, node_, row.queue, row.name, row.account, row.address, std::to_string(row.skill)});
    const char* n = PQcmdTuples(r.get());
    return n && std::atoi(n) == 1;
}

void PgStore::queue_leave(const std::string& session) {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
    read(*l_, "DELETE FROM play_queue WHERE session = $1 AND node = $2", {session, node_});
}

bool PgStore::queue_match(const std::function<std::vector<std::string>(const std::vector<QueueRow>&)>& match) {
    std::lock_guard lock(l_mu_);
    if (!l_) throw std::runtime_error("store: PostgreSQL cannot be reached");
    ReadTx tx(*l_, "BEGIN");
    Result locked = read(*l_, kQueueLock, {});
    if (text(locked.get(), 0, 0) != "t") return false;  // another node matches now (rolled back)
    // A dead node's waiters leave with its lease (their connections are gone).
    read(*l_,
         "DELETE FROM play_queue q WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = q.node AND n.expires_ms > "
         HEXHALL_PG_NOW_MS ")",
         {});
    // Rows taken by a matcher that died before writing their `matched` wait again (its own late
    // writes are refused: queue_deliver writes only over this node's mark).
    read(*l_,
         "UPDATE play_queue q SET matched = '' WHERE q.matched LIKE 'taken:%' AND NOT EXISTS (SELECT 1 FROM nodes n "
         "WHERE q.matched = 'taken:' || n.id AND n.expires_ms > " HEXHALL_PG_NOW_MS ")",
         {});
    Result r = read(*l_,
                    "SELECT session, node, queue, name, account, address, skill, (" HEXHALL_PG_NOW_MS
                    " - joined_ms) FROM play_queue WHERE matched = '' ORDER BY joined_ms, session",
                    {});
    std::vector<QueueRow> rows;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        rows.push_back({text(r.get(), i, 0), text(r.get(), i, 1), text(r.get(), i, 2), text(r.get(), i, 3),
                        text(r.get(), i, 4), text(r.get(), i, 5), std::strtod(PQgetvalue(r.get(), i, 6), nullptr),
                        static_cast<double>(i64(r.get(), i, 7)) / 1000.0, ""});
    const std::vector<std::string> taken = match(rows);
    if (!taken.empty())
        read(*l_, "UPDATE play_queue SET matched = $2 WHERE session = ANY($1::text[]) AND matched = ''",
             {array_literal(taken), kTakenPrefix + node_});
    tx.commit();
    return true;
}

void PgStore::queue_deliver(const std::string& session, const std::string& message) {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
    read(*l_, "UPDATE play_queue SET matched = $2 WHERE session = $1 AND matched = $3",
         {session, message, kTakenPrefix + node_});
}

std::vector<QueueRow> PgStore::queue_poll(std::map<std::string, int64_t>& sizes) {
    std::lock_guard lock(l_mu_);
    if (!l_) throw std::runtime_error("store: PostgreSQL cannot be reached");
    ReadTx tx(*l_, "BEGIN");
    Result r = read(*l_,
                    "DELETE FROM play_queue WHERE node = $1 AND matched <> '' AND matched NOT LIKE 'taken%' "
                    "RETURNING session, queue, matched",
                    {node_});
    std::vector<QueueRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
        QueueRow row;
        row.session = text(r.get(), i, 0);
        row.queue = text(r.get(), i, 1);
        row.matched = text(r.get(), i, 2);
        out.push_back(std::move(row));
    }
    Result n = read(*l_, "SELECT queue, count(*) FROM play_queue WHERE matched = '' GROUP BY queue", {});
    sizes.clear();
    for (int i = 0; i < PQntuples(n.get()); ++i) sizes[text(n.get(), i, 0)] = i64(n.get(), i, 1);
    tx.commit();
    return out;
}

bool PgStore::queue_waiting() {
    std::lock_guard lock(l_mu_);
    if (!l_ || !l_->connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
    Result r = read(*l_, "SELECT EXISTS (SELECT 1 FROM play_queue WHERE matched = '')", {});
    return text(r.get(), 0, 0) == "t";
}

std::optional<SessionRow> PgStore::find_session(const std::string& hash) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT hash, name, room, seen_ms FROM sessions WHERE hash = $1", {hash});
    std::optional<SessionRow> out;
    if (PQntuples(r.get()) > 0)
        out = SessionRow{text(r.get(), 0, 0), text(r.get(), 0, 1), text(r.get(), 0, 2), i64(r.get(), 0, 3)};
    tx.commit();
    return out;
}

std::optional<std::string> PgStore::room_of_invite(const std::string& invite) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT id FROM rooms WHERE invite = $1 AND state IN ('open', 'running')", {invite});
    std::optional<std::string> out;
    if (PQntuples(r.get()) > 0) out = text(r.get(), 0, 0);
    tx.commit();
    return out;
}

std::vector<std::string> PgStore::orphans(size_t limit) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    // In random order: the nodes that look at once do not all reach for the same room first.
    Result r = read(*r_,
                    "SELECT o.room FROM room_owners o JOIN rooms r ON r.id = o.room "
                    "WHERE r.state IN ('open', 'running') AND o.node <> $1 AND NOT EXISTS "
                    "(SELECT 1 FROM nodes n WHERE n.id = o.node AND n.expires_ms > " HEXHALL_PG_NOW_MS ") "
                    // a room another live node wants (handed to it: docs/decisions/030) is its to take
                    "AND NOT EXISTS (SELECT 1 FROM room_wants w JOIN nodes n ON n.id = w.node WHERE w.room = o.room "
                    "AND w.node <> $1 AND n.expires_ms > " HEXHALL_PG_NOW_MS ") "
                    "ORDER BY random() LIMIT $2::integer",
                    {node_, str(static_cast<int64_t>(limit))});
    std::vector<std::string> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(text(r.get(), i, 0));
    tx.commit();
    return out;
}

RoomLocation PgStore::locate(const std::string& room) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT o.node, COALESCE(n.url, ''), COALESCE(n.expires_ms > " HEXHALL_PG_NOW_MS ", false) "
                    "FROM rooms r JOIN room_owners o ON o.room = r.id LEFT JOIN nodes n ON n.id = o.node "
                    "WHERE r.id = $1 AND r.state IN ('open', 'running')",
                    {room});
    const RoomLocation out = location_of(r.get(), node_);
    tx.commit();
    return out;
}

std::vector<SessionRow> PgStore::load_sessions() {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT hash, name, room, seen_ms FROM sessions", {});
    std::vector<SessionRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.push_back({text(r.get(), i, 0), text(r.get(), i, 1), text(r.get(), i, 2), i64(r.get(), i, 3)});
    tx.commit();
    return out;
}

std::vector<StoredDocument> PgStore::load_documents(const std::string& kind) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT id, body, updated_ms FROM documents WHERE kind = $1 ORDER BY id", {kind});
    std::vector<StoredDocument> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.push_back({text(r.get(), i, 0), text(r.get(), i, 1), i64(r.get(), i, 2)});
    tx.commit();
    return out;
}

std::vector<StoredDocumentParts> PgStore::load_document_parts(const std::string& kind) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT id, part, body FROM document_parts WHERE kind = $1 ORDER BY id, part", {kind});
    std::vector<StoredDocumentParts> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
        std::string id = text(r.get(), i, 0);
        if (out.empty() || out.back().id != id) out.push_back({std::move(id), {}});
        out.back().parts.emplace_back(text(r.get(), i, 1), text(r.get(), i, 2));
    }
    tx.commit();
    return out;
}

std::optional<StoredDocumentParts> PgStore::load_document_parts_of(const std::string& kind, const std::string& id) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT part, body FROM document_parts WHERE kind = $1 AND id = $2 ORDER BY part", {kind, id});
    std::optional<StoredDocumentParts> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) {
        if (!out) out = StoredDocumentParts{id, {}};
        out->parts.emplace_back(text(r.get(), i, 0), text(r.get(), i, 1));
    }
    tx.commit();
    return out;
}

std::optional<StoredDocument> PgStore::load_document(const std::string& kind, const std::string& id) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, "SELECT id, body, updated_ms FROM documents WHERE kind = $1 AND id = $2", {kind, id});
    std::optional<StoredDocument> out;
    if (PQntuples(r.get()) > 0) out = StoredDocument{text(r.get(), 0, 0), text(r.get(), 0, 1), i64(r.get(), 0, 2)};
    tx.commit();
    return out;
}

// --- accounts (docs/decisions/020-accounts.md, "Accounts across nodes") ------------------------------
// The account writes run at once on the writing connection (between the writer's transactions),
// each one statement (its own transaction); the unique index on accounts(name_key) decides a name,
// whichever node asks.

namespace {
constexpr const char* kAccountColumns = "id, name, name_key, hash, created_ms, deleted";
AccountRow read_account_row(const PGresult* r, int i) {
    return {text(r, i, 0), text(r, i, 1), text(r, i, 2), text(r, i, 3), i64(r, i, 4), text(r, i, 5) == "t"};
}
}  // namespace

AccountWrite PgStore::create_account(const AccountRow& a) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return AccountWrite::Failed;
    // Any unique violation (the key among live accounts, or the id) inserts nothing.
    Result r = w_->exec(
        "INSERT INTO accounts (id, name, name_key, hash, created_ms, deleted) VALUES ($1, $2, $3, $4, $5::bigint, "
        "$6::boolean) ON CONFLICT DO NOTHING RETURNING id",
        {a.id, a.name, a.key, a.hash, str(a.created_ms), a.deleted ? "true" : "false"});
    if (!succeeded(r.get())) {
        if (log_allowed("store account")) spdlog::error("store: account: {}", message(r.get()));
        return AccountWrite::Failed;
    }
    return PQntuples(r.get()) == 1 ? AccountWrite::Done : AccountWrite::Taken;
}

AccountWrite PgStore::set_account_hash(const std::string& id, const std::string& expected, const std::string& hash) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return AccountWrite::Failed;
    Result r = w_->exec("UPDATE accounts SET hash = $3 WHERE id = $1 AND hash = $2 AND NOT deleted RETURNING id",
                        {id, expected, hash});
    if (!succeeded(r.get())) {
        if (log_allowed("store account")) spdlog::error("store: account: {}", message(r.get()));
        return AccountWrite::Failed;
    }
    return PQntuples(r.get()) == 1 ? AccountWrite::Done : AccountWrite::Stale;
}

AccountWrite PgStore::set_account_key(const std::string& id, const std::string& key) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return AccountWrite::Failed;
    Result r = w_->exec("UPDATE accounts SET name_key = $2 WHERE id = $1 AND NOT deleted RETURNING id", {id, key});
    if (!succeeded(r.get())) {
        const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
        if (state && std::string(state) == "23505") return AccountWrite::Taken;  // unique_violation
        if (log_allowed("store account")) spdlog::error("store: account: {}", message(r.get()));
        return AccountWrite::Failed;
    }
    return PQntuples(r.get()) == 1 ? AccountWrite::Done : AccountWrite::Stale;
}

std::optional<AccountRow> PgStore::delete_account(const std::string& id, const std::string& anonymous_name) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) throw std::runtime_error("store: PostgreSQL cannot be reached");
    // The old row is locked and returned by the one statement that anonymises it: of two deletions
    // at once, the second finds the row deleted and changes nothing.
    static const std::string sql =
        std::string("WITH prev AS (SELECT ") + kAccountColumns +
        " FROM accounts WHERE id = $1 AND NOT deleted FOR UPDATE) "
        "UPDATE accounts a SET name = $2, name_key = '', hash = '', deleted = true FROM prev WHERE a.id = prev.id "
        "RETURNING prev.id, prev.name, prev.name_key, prev.hash, prev.created_ms, prev.deleted";
    Result r = read(*w_, sql.c_str(), {id, anonymous_name});
    if (PQntuples(r.get()) == 0) return std::nullopt;
    return read_account_row(r.get(), 0);
}

std::optional<AccountRow> PgStore::account_by_key(const std::string& key) {
    if (key.empty()) return std::nullopt;
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE name_key = $1";
    Result r = read(*r_, sql.c_str(), {key});
    std::optional<AccountRow> out;
    if (PQntuples(r.get()) > 0) out = read_account_row(r.get(), 0);
    tx.commit();
    return out;
}

std::optional<AccountRow> PgStore::account_by_id(const std::string& id) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts WHERE id = $1";
    Result r = read(*r_, sql.c_str(), {id});
    std::optional<AccountRow> out;
    if (PQntuples(r.get()) > 0) out = read_account_row(r.get(), 0);
    tx.commit();
    return out;
}

std::vector<AccountRow> PgStore::load_accounts() {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    static const std::string sql = std::string("SELECT ") + kAccountColumns + " FROM accounts ORDER BY id";
    Result r = read(*r_, sql.c_str(), {});
    std::vector<AccountRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(read_account_row(r.get(), i));
    tx.commit();
    return out;
}

void PgStore::bind_account_session(const std::string& session, const std::string& account) {
    enqueue({[this, session, account] {
                 return write(*w_,
                              "INSERT INTO account_sessions (session, account) VALUES ($1, $2) "
                              "ON CONFLICT (session) DO UPDATE SET account = EXCLUDED.account",
                              {session, account});
             },
             {}});
}

void PgStore::unbind_account_session(const std::string& session) {
    enqueue({[this, session] { return write(*w_, "DELETE FROM account_sessions WHERE session = $1", {session}); }, {}});
}

void PgStore::unbind_account_sessions(const std::string& account, const std::string& keep) {
    enqueue({[this, account, keep] {
                 return write(*w_, "DELETE FROM account_sessions WHERE account = $1 AND session <> $2", {account, keep});
             },
             {}});
}

std::optional<std::string> PgStore::account_of_session(const std::string& session) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT s.account FROM account_sessions s JOIN accounts a ON a.id = s.account AND NOT a.deleted"
                    " WHERE s.session = $1",
                    {session});
    std::optional<std::string> out;
    if (PQntuples(r.get()) > 0) out = text(r.get(), 0, 0);
    tx.commit();
    return out;
}

std::vector<std::pair<std::string, std::string>> PgStore::account_sessions_among(const std::vector<std::string>& sessions) {
    std::vector<std::pair<std::string, std::string>> out;
    if (sessions.empty()) return out;
    std::string array = "{";  // a text[] literal, each element quoted
    for (const std::string& session : sessions) {
        if (array.size() > 1) array += ',';
        array += '"';
        for (char ch : session) {
            if (ch == '"' || ch == '\\') array += '\\';
            array += ch;
        }
        array += '"';
    }
    array += '}';
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT s.session, s.account FROM account_sessions s"
                    " JOIN accounts a ON a.id = s.account AND NOT a.deleted WHERE s.session = ANY($1::text[])",
                    {array});
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(text(r.get(), i, 0), text(r.get(), i, 1));
    tx.commit();
    return out;
}

std::vector<std::pair<std::string, std::string>> PgStore::load_account_sessions() {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT s.session, s.account FROM account_sessions s"
                    " JOIN accounts a ON a.id = s.account AND NOT a.deleted ORDER BY s.session",
                    {});
    std::vector<std::pair<std::string, std::string>> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.emplace_back(text(r.get(), i, 0), text(r.get(), i, 1));
    tx.commit();
    return out;
}

void PgStore::delete_document(const std::string& kind, const std::string& id) {
    enqueue({[this, kind, id] { return write(*w_, "DELETE FROM documents WHERE kind = $1 AND id = $2", {kind, id}); },
             {}});
}

// --- clubs (docs/decisions/028-clubs.md) -------------------------------------------------------------
// As accounts: the unique index on clubs(name_key) decides a club's name, whichever node asks.

AccountWrite PgStore::create_club(const ClubRow& c) {
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return AccountWrite::Failed;
    Result r = w_->exec(
        "INSERT INTO clubs (id, name, name_key, owner, invite, created_ms) VALUES ($1, $2, $3, $4, $5, $6::bigint) "
        "ON CONFLICT DO NOTHING RETURNING id",
        {c.id, c.name, c.key, c.owner, c.invite, str(c.created_ms)});
    if (!succeeded(r.get())) {
        if (log_allowed("store account")) spdlog::error("store: club: {}", message(r.get()));
        return AccountWrite::Failed;
    }
    return PQntuples(r.get()) == 1 ? AccountWrite::Done : AccountWrite::Taken;
}

namespace {
// A club write at once on the writing connection: Done when it changed one row, else `none`.
AccountWrite club_write(PgStore::Conn& c, const char* sql, const std::vector<std::string>& params, AccountWrite none) {
    if (!c.connected()) return AccountWrite::Failed;
    Result r = c.exec(sql, params);
    if (!succeeded(r.get())) {
        if (log_allowed("store account")) spdlog::error("store: club: {}", message(r.get()));
        return AccountWrite::Failed;
    }
    return PQntuples(r.get()) == 1 ? AccountWrite::Done : none;
}
}  // namespace

AccountWrite PgStore::set_club_invite(const std::string& club, const std::string& invite) {
    std::lock_guard db(w_mu_);
    return club_write(*w_, "UPDATE clubs SET invite = $2 WHERE id = $1 RETURNING 1", {club, invite}, AccountWrite::Stale);
}

AccountWrite PgStore::add_club_member(const ClubMemberRow& m) {
    std::lock_guard db(w_mu_);
    return club_write(*w_,
                      "INSERT INTO club_members (club, account, joined_ms) VALUES ($1, $2, $3::bigint) "
                      "ON CONFLICT DO NOTHING RETURNING 1",
                      {m.club, m.account, str(m.joined_ms)}, AccountWrite::Taken);
}

AccountWrite PgStore::remove_club_member(const std::string& club, const std::string& account) {
    std::lock_guard db(w_mu_);
    return club_write(*w_, "DELETE FROM club_members WHERE club = $1 AND account = $2 RETURNING 1", {club, account},
                      AccountWrite::Stale);
}

std::vector<ClubRow> PgStore::find_clubs(ClubBy by, const std::string& value) {
    static constexpr const char* kSql[] = {
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE id = $1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE name_key = $1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE invite = $1 ORDER BY id",
        "SELECT id, name, name_key, owner, invite, created_ms FROM clubs WHERE owner = $1 ORDER BY id"};
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_, kSql[static_cast<int>(by)], {value});
    std::vector<ClubRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.push_back({text(r.get(), i, 0), text(r.get(), i, 1), text(r.get(), i, 2), text(r.get(), i, 3),
                       text(r.get(), i, 4), i64(r.get(), i, 5)});
    tx.commit();
    return out;
}

std::vector<ClubMemberRow> PgStore::load_club_members(const std::string& club, const std::string& account) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = club.empty()
                   ? read(*r_, "SELECT club, account, joined_ms FROM club_members WHERE account = $1 ORDER BY club", {account})
               : account.empty()
                   ? read(*r_, "SELECT club, account, joined_ms FROM club_members WHERE club = $1 ORDER BY joined_ms, account",
                          {club})
                   : read(*r_, "SELECT club, account, joined_ms FROM club_members WHERE club = $1 AND account = $2",
                          {club, account});
    std::vector<ClubMemberRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.push_back({text(r.get(), i, 0), text(r.get(), i, 1), i64(r.get(), i, 2)});
    tx.commit();
    return out;
}

std::vector<ClubRatingRow> PgStore::load_club_ratings(const std::string& club, const std::string& game,
                                                      const std::string& family) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT game, family, account, mu, sigma, games, version FROM club_ratings WHERE club = $1 AND "
                    "($2 = '' OR game = $2) AND ($3 = '' OR family = $3) ORDER BY game, family, account",
                    {club, game, family});
    std::vector<ClubRatingRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i)
        out.push_back({club, text(r.get(), i, 0), text(r.get(), i, 1), text(r.get(), i, 2),
                       std::strtod(PQgetvalue(r.get(), i, 3), nullptr), std::strtod(PQgetvalue(r.get(), i, 4), nullptr),
                       static_cast<int>(i64(r.get(), i, 5)), i64(r.get(), i, 6)});
    tx.commit();
    return out;
}

// --- ratings and histories (docs/decisions/029-ratings-in-the-store.md) ----------------------------
// Writes as the account writes: at once on the writing connection, each in its own transaction. A
// rating is a compare-and-set on its version: of two nodes rating one player at once, the second
// finds the row changed (its UPDATE waits for the first's lock, then matches no row) and tries again.

namespace {
constexpr const char* kRatingColumns = "account, game, family, season, mu, sigma, games, past, version";
RatingRow read_rating_row(const PGresult* r, int i) {
    return {text(r, i, 0),
            text(r, i, 1),
            text(r, i, 2),
            text(r, i, 3),
            std::strtod(PQgetvalue(r, i, 4), nullptr),
            std::strtod(PQgetvalue(r, i, 5), nullptr),
            static_cast<int>(i64(r, i, 6)),
            text(r, i, 7),
            i64(r, i, 8)};
}
std::string dbl(double v) { return fmt::format("{}", v); }  // the shortest text that reads back as v
}  // namespace

std::vector<RatingRow> PgStore::load_ratings(const std::string& account, const std::string& game,
                                             const std::string& family) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                   " FROM ratings WHERE ($1 = '' OR account = $1) AND ($2 = '' OR game = $2) AND "
                                   "($3 = '' OR family = $3) ORDER BY account, game, family";
    Result r = read(*r_, sql.c_str(), {account, game, family});
    std::vector<RatingRow> out;
    for (int i = 0; i < PQntuples(r.get()); ++i) out.push_back(read_rating_row(r.get(), i));
    tx.commit();
    return out;
}

std::vector<RatingPoint> PgStore::load_rating_points(const std::string& account, const std::string& game,
                                                     const std::string& family, size_t limit) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT room, time_ms, mu, sigma FROM rating_points WHERE account = $1 AND game = $2 AND family = $3 "
                    "ORDER BY time_ms DESC, room DESC LIMIT $4::bigint",
                    {account, game, family, std::to_string(limit)});
    std::vector<RatingPoint> out;
    for (int i = PQntuples(r.get()) - 1; i >= 0; --i)
        out.push_back({account, game, family, text(r.get(), i, 0), i64(r.get(), i, 1),
                       std::strtod(PQgetvalue(r.get(), i, 2), nullptr), std::strtod(PQgetvalue(r.get(), i, 3), nullptr)});
    tx.commit();
    return out;
}

AccountWrite PgStore::write_ratings(const std::vector<RatingRow>& rows, const std::vector<RatingPoint>& points) {
    std::lock_guard db(w_mu_);
    if (!w_->connected() || !w_->simple("BEGIN")) return AccountWrite::Failed;
    AccountWrite result = AccountWrite::Done;
    auto step = [&](const char* sql, const std::vector<std::string>& params, AccountWrite none) {
        Result r = w_->exec(sql, params);
        if (!succeeded(r.get())) {
            if (log_allowed("store ratings")) spdlog::error("store: ratings: {}", message(r.get()));
            result = AccountWrite::Failed;
        } else if (PQntuples(r.get()) != 1) {
            result = none;
        }
    };
    for (const RatingRow& row : rows) {
        if (row.version == 0)
            step("INSERT INTO ratings (account, game, family, season, mu, sigma, games, past, version) VALUES ($1, $2, "
                 "$3, $4, $5::double precision, $6::double precision, $7::integer, $8, 1) ON CONFLICT DO NOTHING "
                 "RETURNING 1",
                 {row.account, row.game, row.family, row.season, dbl(row.mu), dbl(row.sigma), std::to_string(row.games),
                  row.past},
                 AccountWrite::Stale);
        else
            step("UPDATE ratings SET season = $4, mu = $5::double precision, sigma = $6::double precision, games = "
                 "$7::integer, past = $8, version = $9::bigint + 1 WHERE account = $1 AND game = $2 AND family = $3 "
                 "AND version = $9::bigint RETURNING 1",
                 {row.account, row.game, row.family, row.season, dbl(row.mu), dbl(row.sigma), std::to_string(row.games),
                  row.past, std::to_string(row.version)},
                 AccountWrite::Stale);
        if (result != AccountWrite::Done) break;
    }
    for (size_t i = 0; result == AccountWrite::Done && i < points.size(); ++i) {
        const RatingPoint& p = points[i];
        step("INSERT INTO rating_points (account, game, family, room, time_ms, mu, sigma) VALUES ($1, $2, $3, $4, "
             "$5::bigint, $6::double precision, $7::double precision) ON CONFLICT DO NOTHING RETURNING 1",
             {p.account, p.game, p.family, p.room, str(p.time_ms), dbl(p.mu), dbl(p.sigma)}, AccountWrite::Taken);
    }
    if (result == AccountWrite::Done && !w_->simple("COMMIT")) result = AccountWrite::Failed;
    if (result != AccountWrite::Done) w_->simple("ROLLBACK");
    return result;
}

AccountWrite PgStore::write_club_ratings(const std::string& club, const std::string& room,
                                         const std::vector<ClubRatingRow>& rows) {
    std::lock_guard db(w_mu_);
    if (!w_->connected() || !w_->simple("BEGIN")) return AccountWrite::Failed;
    AccountWrite result = AccountWrite::Done;
    auto step = [&](const char* sql, const std::vector<std::string>& params, AccountWrite none) {
        Result r = w_->exec(sql, params);
        if (!succeeded(r.get())) {
            if (log_allowed("store ratings")) spdlog::error("store: club ratings: {}", message(r.get()));
            result = AccountWrite::Failed;
        } else if (PQntuples(r.get()) != 1) {
            result = none;
        }
    };
    if (!room.empty())
        step("INSERT INTO club_rated_games (club, room) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1", {club, room},
             AccountWrite::Taken);
    for (size_t i = 0; result == AccountWrite::Done && i < rows.size(); ++i) {
        const ClubRatingRow& row = rows[i];
        if (row.version == 0)
            step("INSERT INTO club_ratings (club, game, family, account, mu, sigma, games, version) VALUES ($1, $2, $3, "
                 "$4, $5::double precision, $6::double precision, $7::integer, 1) ON CONFLICT DO NOTHING RETURNING 1",
                 {club, row.game, row.family, row.account, dbl(row.mu), dbl(row.sigma), std::to_string(row.games)},
                 AccountWrite::Stale);
        else
            step("UPDATE club_ratings SET mu = $5::double precision, sigma = $6::double precision, games = $7::integer, "
                 "version = $8::bigint + 1 WHERE club = $1 AND game = $2 AND family = $3 AND account = $4 AND version = "
                 "$8::bigint RETURNING 1",
                 {club, row.game, row.family, row.account, dbl(row.mu), dbl(row.sigma), std::to_string(row.games),
                  std::to_string(row.version)},
                 AccountWrite::Stale);
    }
    if (result == AccountWrite::Done && !w_->simple("COMMIT")) result = AccountWrite::Failed;
    if (result != AccountWrite::Done) w_->simple("ROLLBACK");
    return result;
}

int PgStore::put_played(const std::vector<PlayedRow>& rows) {
    std::lock_guard db(w_mu_);
    if (!w_->connected() || !w_->simple("BEGIN")) return -1;
    int inserted = 0;
    for (const PlayedRow& row : rows) {
        Result r = w_->exec(
            "INSERT INTO played_games (owner, room, seat, time_ms, body) VALUES ($1, $2, $3::integer, $4::bigint, $5) "
            "ON CONFLICT DO NOTHING RETURNING 1",
            {row.owner, row.room, std::to_string(row.seat), str(row.time_ms), row.body});
        if (!succeeded(r.get())) {
            if (log_allowed("store ratings")) spdlog::error("store: games: {}", message(r.get()));
            w_->simple("ROLLBACK");
            return -1;
        }
        inserted += PQntuples(r.get());
    }
    if (!w_->simple("COMMIT")) {
        w_->simple("ROLLBACK");
        return -1;
    }
    return inserted;
}

std::vector<PlayedRow> PgStore::load_played(const std::string& owner, size_t limit) {
    std::lock_guard lock(r_mu_);
    ReadTx tx(*r_, kBeginRead);
    Result r = read(*r_,
                    "SELECT room, seat, time_ms, body FROM played_games WHERE owner = $1 "
                    "ORDER BY time_ms DESC, room DESC, seat DESC LIMIT $2::bigint",
                    {owner, limit == 0 ? std::string("9223372036854775807") : std::to_string(limit)});
    std::vector<PlayedRow> out;
    for (int i = PQntuples(r.get()) - 1; i >= 0; --i)
        out.push_back({owner, text(r.get(), i, 0), static_cast<int>(i64(r.get(), i, 1)), i64(r.get(), i, 2),
                       text(r.get(), i, 3)});
    tx.commit();
    return out;
}

bool PgStore::delete_played(const std::vector<std::string>& owners) {
    if (owners.empty()) return true;
    std::lock_guard db(w_mu_);
    if (!w_->connected()) return false;
    Result r = w_->exec("DELETE FROM played_games WHERE owner = ANY($1::text[])", {array_literal(owners)});
    if (!succeeded(r.get())) {
        if (log_allowed("store ratings")) spdlog::error("store: games: {}", message(r.get()));
        return false;
    }
    return true;
}

}  // namespace hexhall::server
