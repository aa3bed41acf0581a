// The SQLite Store: one connection, WAL mode, synchronous=NORMAL, and one writer thread that
// commits every queued write in one transaction per batch (group commit). Durability: see
// docs/operations.md, "Storage".
#pragma once
#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "server/store.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace hexhall::server {

class SqliteStore final : public Store {
public:
    // `path`: a file (created if missing) or ":memory:". Throws std::runtime_error when the
    // database cannot be opened or its schema created.
    // sync_full: synchronous=FULL, every group commit is fsynced (survives a power loss, slower);
    // otherwise NORMAL (survives the process being killed).
    explicit SqliteStore(const std::string& path, bool sync_full = false);
    bool sync_full();  // as PRAGMA synchronous reads back
    ~SqliteStore() override;  // commits what is queued, then closes
    SqliteStore(const SqliteStore&) = delete;
    SqliteStore& operator=(const SqliteStore&) = delete;

    void put_room(const RoomRow& r) override;
    void put_seat(const std::string& room, const SeatRow& s) override;
    void put_session(const SessionRow& s) override;
    void put_document(const std::string& kind, const std::string& id, const std::string& body, int64_t updated_ms,
                      Done done = {}) override;
    void put_document_parts(const std::string& kind, const std::string& id, std::vector<DocumentPart> parts,
                            int64_t updated_ms, Done done = {}) override;
    std::vector<StoredDocument> load_documents(const std::string& kind) override;
    std::vector<StoredDocumentParts> load_document_parts(const std::string& kind) override;
    std::optional<StoredDocument> load_document(const std::string& kind, const std::string& id) override;
    void set_state(const std::string& room, const std::string& state, int64_t finished_ms, Done done = {}) override;
    void set_host(const std::string& room, const std::string& host_session) override;
    void put_kick(const std::string& room, const std::string& session) override;
    void set_password_hash(const std::string& room, const std::string& hash) override;
    void prune_finished(int64_t before_ms) override;
    void prune_abandoned(int64_t before_ms) override;
    void delete_sessions(const std::vector<std::string>& hashes) override;
    void append(const std::string& room, const ActionRow& a, Done done) override;
    void flush() override;
    void sync(Done done) override;
    bool healthy() const override;
    void on_health(std::function<void(bool healthy)> observer) override;
    // Tests: makes the writing connection read-only (PRAGMA query_only), so that every write fails
    // as on a read-only database file, or writable again.
    void set_read_only_for_test(bool read_only) override;

    std::optional<StoredRoom> load_room(const std::string& id) override;
    bool room_exists(const std::string& id) override;
    std::vector<StoredRoom> load_unfinished() override;
    std::vector<SessionRow> load_sessions() override;

    bool has_accounts() const override { return true; }
    AccountWrite create_account(const AccountRow& a) override;
    std::optional<AccountRow> account_by_key(const std::string& key) override;
    std::optional<AccountRow> account_by_id(const std::string& id) override;
    AccountWrite set_account_hash(const std::string& id, const std::string& expected, const std::string& hash) override;
    AccountWrite set_account_key(const std::string& id, const std::string& key) override;
    std::optional<AccountRow> delete_account(const std::string& id, const std::string& anonymous_name) override;
    std::vector<AccountRow> load_accounts() override;
    bool has_clubs() const override { return true; }  // docs/decisions/028-clubs.md
    AccountWrite create_club(const ClubRow& c) override;
    AccountWrite set_club_invite(const std::string& club, const std::string& invite) override;
    AccountWrite add_club_member(const ClubMemberRow& m) override;
    AccountWrite remove_club_member(const std::string& club, const std::string& account) override;
    std::vector<ClubRow> find_clubs(ClubBy by, const std::string& value) override;
    std::vector<ClubMemberRow> load_club_members(const std::string& club, const std::string& account) override;
    std::vector<ClubRatingRow> load_club_ratings(const std::string& club, const std::string& game,
                                                 const std::string& family) override;
    AccountWrite write_club_ratings(const std::string& club, const std::string& room,
                                    const std::vector<ClubRatingRow>& rows) override;
    void bind_account_session(const std::string& session, const std::string& account) override;
    void unbind_account_session(const std::string& session) override;
    void unbind_account_sessions(const std::string& account, const std::string& keep) override;
    std::optional<std::string> account_of_session(const std::string& session) override;
    std::vector<std::pair<std::string, std::string>> load_account_sessions() override;
    void delete_document(const std::string& kind, const std::string& id) override;
    bool has_ratings() const override { return true; }
    std::vector<RatingRow> load_ratings(const std::string& account, const std::string& game,
                                        const std::string& family) override;
    std::vector<RatingPoint> load_rating_points(const std::string& account, const std::string& game,
                                                const std::string& family, size_t limit) override;
    AccountWrite write_ratings(const std::vector<RatingRow>& rows, const std::vector<RatingPoint>& points) override;
    int put_played(const std::vector<PlayedRow>& rows) override;
    std::vector<PlayedRow> load_played(const std::string& owner, size_t limit) override;
    bool delete_played(const std::vector<std::string>& owners) override;

    // Transactions committed so far (each holds one or more writes).
    uint64_t commits() const override;

private:
    struct Op {
        std::function<bool()> write;  // runs on the writer thread inside the transaction
        Done done;
    };
    void enqueue(Op op);
    bool has_column(const char* table, const char* column);
    void writer();
    void set_healthy(bool healthy);  // writer thread
    void exec(const char* sql);
    sqlite3_stmt* stmt(const char* sql);  // cached prepared statement (under db_mu_)
    // Reads use their own read-only connection (a file database in WAL mode), so a long read
    // (a record, a replay) never holds up the commits every ack waits for; each read is one read
    // transaction, a consistent snapshot. A ":memory:" database has only the one connection.
    struct Reading;
    Reading reading();
    StoredRoom read_room_rest(Reading& r, RoomRow row);  // seats, actions, kicks

    sqlite3* db_ = nullptr;
    std::mutex db_mu_;  // the writing connection: held by the writer for one transaction
    std::map<std::string, sqlite3_stmt*> stmts_;
    sqlite3* rdb_ = nullptr;  // the reading connection, or nullptr (reads then use db_ under db_mu_)
    std::mutex rdb_mu_;
    std::map<std::string, sqlite3_stmt*> rstmts_;

    mutable std::mutex q_mu_;  // the queue only: held for a push or a swap, never during I/O
    std::condition_variable q_cv_, idle_cv_;
    std::deque<Op> queue_;
    bool busy_ = false, stop_ = false;
    bool failing_ = false;  // under q_mu_
    std::function<void(bool)> health_observer_;  // set before writes begin
    uint64_t commits_ = 0;
    std::thread thread_;
};

}  // namespace hexhall::server
