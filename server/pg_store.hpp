// The PostgreSQL Store (docs/decisions/016-postgresql-store.md): libpq, prepared statements, one
// writing connection with one writer thread that commits every queued write in one transaction per
// batch (group commit, as the SQLite store), and one reading connection. `--store postgres://…`.
//
// Ownership fence: every room has an owner row (room_owners: room, node, epoch, expires_ms). This
// store writes a room only under the epoch it holds (it holds epoch 1 of the rooms it creates, and
// a new epoch of every room it claims); each write to a room's rows checks that epoch in its own
// statement, under a share lock of the owner row, so once another store has claimed the room (epoch
// + 1) the old holder's writes are refused and their `done` reports failure: nothing is
// acknowledged that the room's new owner does not see.
#pragma once
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "server/room_directory.hpp"
#include "server/store.hpp"

namespace hexhall::server {

// A connection URL without its password (for the logs).
std::string redacted_url(const std::string& url);

class PgStore final : public Store, public RoomDirectory {
public:
    // `url`: a libpq connection URI (postgres://user:password@host:port/database?options) or
    // key=value string. `node`: this node's name in the owner rows ("" : host name and process id).
    // `cluster`: one of several nodes (--node-id; docs/decisions/017-several-nodes.md): the store is
    // then a RoomDirectory with a lease connection, and recovery takes over only this node's rooms
    // and those no live node owns. Creates the schema when missing. Throws std::runtime_error when
    // it cannot connect.
    explicit PgStore(const std::string& url, std::string node = "", bool cluster = false);
    ~PgStore() override;  // commits what is queued, then closes
    PgStore(const PgStore&) = delete;
    PgStore& operator=(const PgStore&) = delete;

    void put_room(const RoomRow& r) override;
    void put_seat(const std::string& room, const SeatRow& s) override;
    void put_session(const SessionRow& s) override;
    void put_document(const std::string& kind, const std::string& id, const std::string& body, int64_t updated_ms,
                      Done done = {}) override;
    void put_document_parts(const std::string& kind, const std::string& id, std::vector<DocumentPart> parts,
                            int64_t updated_ms, Done done = {}) override;
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
    uint64_t commits() const override;
    // Tests: every write transaction fails (default_transaction_read_only), or works again.
    void set_read_only_for_test(bool read_only) override;

    std::optional<StoredRoom> load_room(const std::string& id) override;
    bool room_exists(const std::string& id) override;
    std::map<std::string, std::string> room_states(const std::vector<std::string>& ids) override;
    // Recovery is a takeover: the unfinished rooms are claimed (their epoch + 1, owner this node)
    // in the transaction that reads them, so an earlier holder (a frozen process) can no longer
    // write them.
    std::vector<StoredRoom> load_unfinished() override;
    std::vector<SessionRow> load_sessions() override;
    std::vector<StoredDocument> load_documents(const std::string& kind) override;
    std::vector<StoredDocumentParts> load_document_parts(const std::string& kind) override;
    std::optional<StoredDocument> load_document(const std::string& kind, const std::string& id) override;

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
    std::vector<std::pair<std::string, std::string>> account_sessions_among(const std::vector<std::string>& sessions) override;
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

    RoomDirectory* directory() override { return cluster_ ? this : nullptr; }
    void on_fenced(std::function<void(const std::string& room)> observer) override;
    // RoomDirectory (cluster mode):
    const std::string& node_id() const override { return node_; }
    bool renew_lease(const std::string& public_url, int64_t rooms, int64_t ttl_ms, const std::string& listing,
                     std::vector<NodeLoad>& others) override;
    bool queue_join(const QueueRow& row) override;
    void queue_leave(const std::string& session) override;
    bool queue_match(const std::function<std::vector<std::string>(const std::vector<QueueRow>&)>& match) override;
    void queue_deliver(const std::string& session, const std::string& message) override;
    std::vector<QueueRow> queue_poll(std::map<std::string, int64_t>& sizes) override;
    bool queue_waiting() override;
    void release_node() override;
    void want_room(const std::string& room) override;
    std::vector<std::pair<std::string, std::string>> wanted_here() override;
    void release_room(const std::string& room) override;
    std::optional<SessionRow> find_session(const std::string& hash) override;
    std::optional<std::string> room_of_invite(const std::string& invite) override;
    RoomLocation locate(const std::string& room) override;
    std::optional<StoredRoom> take_over(const std::string& room) override;
    std::vector<std::string> orphans(size_t limit) override;
    std::optional<int64_t> claim_key(const std::string& key) override;
    RoomLocation locate_key(const std::string& key) override;
    std::vector<std::string> orphan_keys(const std::string& prefix, size_t limit) override;
    std::vector<std::string> held_keys(const std::string& prefix) override;
    std::optional<StoredDocumentParts> load_document_parts_of(const std::string& kind, const std::string& id) override;

    // Takes a room over: its owner epoch + 1, owner this node; the writes of any earlier holder
    // are refused from then on. Returns the new epoch, or nothing when the room is unknown or the
    // database cannot be reached. (Multi-node ownership, issue 28, builds on this.)
    std::optional<int64_t> claim(const std::string& room);
    // The epoch this store holds for a room (0: none).
    int64_t held_epoch(const std::string& room) const;
    const std::string& node() const { return node_; }
    // Room writes refused by the fence in this process (all PgStores), for /metrics later.
    static uint64_t fenced_writes_refused();

    struct Conn;  // a libpq connection with its prepared statements (pg_store.cpp)

private:
    struct AppendRow {  // an append, kept as data so a run of appends is one statement
        std::string room;
        ActionRow action;
        int64_t epoch = 0;
    };
    struct Op {
        Op(std::function<bool()> w, Done d, std::shared_ptr<const AppendRow> a = nullptr)
            : write(std::move(w)), done(std::move(d)), append(std::move(a)) {}
        std::function<bool()> write;  // runs on the writer thread inside the transaction
        Done done;
        std::shared_ptr<const AppendRow> append;  // set for appends
    };
    void enqueue(Op op);
    void writer();
    bool run_batch(std::deque<Op>& batch, std::vector<bool>& ok, bool savepoints);
    // Appends batch[from, to) in one statement; false (t_error/t_fault set) when it failed.
    void append_run(std::deque<Op>& batch, size_t from, size_t to, std::vector<bool>& ok);
    void set_healthy(bool healthy);  // writer thread
    int64_t epoch_of(const std::string& room) const;  // held epoch, 0 when none
    void hold(const std::string& room, int64_t epoch);
    StoredRoom read_room_rest(Conn& c, RoomRow row);
    // Claims the rooms `claim_sql` returns (room, epoch) and reads them, in one transaction.
    std::vector<StoredRoom> claim_and_read(const char* claim_sql, const std::vector<std::string>& params);
    // A room write that took effect: false (logged, counted, observer told) when it was fenced.
    bool fenced(bool ran, int rows, const std::string& room, int64_t epoch, const std::string& what);

    std::string node_;
    bool cluster_ = false;
    std::unique_ptr<Conn> l_;  // the lease connection (cluster mode), under l_mu_
    std::mutex l_mu_;
    std::mutex fenced_mu_;
    std::function<void(const std::string&)> fenced_observer_;
    std::unique_ptr<Conn> w_;  // writing connection: the writer thread (and claim) under w_mu_
    std::mutex w_mu_;
    std::unique_ptr<Conn> r_;  // reading connection
    std::mutex r_mu_;

    mutable std::mutex held_mu_;
    std::map<std::string, int64_t> held_;  // room -> the epoch this store writes it under

    mutable std::mutex q_mu_;  // the queue only: held for a push or a swap, never during I/O
    std::condition_variable q_cv_, idle_cv_;
    std::deque<Op> queue_;
    bool busy_ = false, stop_ = false;
    bool failing_ = false;  // under q_mu_
    std::function<void(bool)> health_observer_;
    uint64_t commits_ = 0;
    std::thread thread_;
};

}  // namespace hexhall::server
