// Durable storage of rooms, seats, sessions and every accepted action (docs/decisions/006-storage.md).
// One interface, two backends: server/sqlite_store.* (the default, one machine) and server/pg_store.*
// (PostgreSQL, docs/decisions/016-postgresql-store.md); server/store_factory.* picks one (--store).
// Writes are queued and committed in order by the backend (grouped into transactions); an
// append's `done` runs after its transaction committed. Reads see committed data only.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hexhall::server {

struct RoomRow {
    std::string id;
    std::string game;           // the game module's name (server/games.cpp)
    std::string options;        // createRoom options as given (JSON text, without type/v/id/password)
    std::string setup;          // game-specific text that, with the seed, recreates the game
    uint64_t seed = 0;          // the secret game seed
    std::string salt;           // 32 hex digits (docs/fairness.md)
    std::string commitment;     // 64 hex digits
    std::string invite;         // invite code ("" when none)
    bool is_private = false;
    std::string password_hash;  // "" when none
    std::string host_session;   // token hash of the host's session
    std::string state = "open";  // open | running | finished | abandoned
    int64_t created_ms = 0;     // unix ms
    int64_t finished_ms = 0;    // 0 while not finished
};

struct SeatRow {
    int seat = 0;
    std::string kind;     // human | bot | external
    std::string session;  // token hash (humans)
    std::string name;     // player name (humans) or bot name
    std::string bot;      // bot name (bots)
    uint64_t bot_seed = 0;
};

struct ActionRow {
    int64_t seq = 0;      // 0, 1, 2, ... per room
    int seat = 0;
    std::string action;   // the game's record line (each game documents its own)
    int64_t game_ms = 0;  // the game clock when it was applied (GameUpdate::game_ms); 0 in older databases
};

struct StoredRoom {
    RoomRow room;
    std::vector<SeatRow> seats;      // by seat
    std::vector<ActionRow> actions;  // by seq
    std::vector<std::string> kicked;  // token hashes of the sessions kicked from the room
};

struct SessionRow {
    std::string hash;  // SHA-256 of the token (the token itself is never stored)
    std::string name;
    std::string room;  // "" for none
    int64_t seen_ms = 0;  // unix ms of its last hello or join (0: from an older database)
};

// A JSON document kept for a part of the server that is not a room (e.g. a tournament, kind
// "tournament"): the store does not read it.
// The document kind of a room's referee log (Room::referee): in the game's record as "rulings".
inline constexpr const char* kRulingsKind = "rulings";
// The document kind of a room's stand-in log (Room::stand_in): in the game's record as "standIns".
inline constexpr const char* kStandInsKind = "standIns";

struct StoredDocument {
    std::string id;
    std::string body;
    int64_t updated_ms = 0;
};

// A document kept as rows (docs/decisions/013-tournament-limits.md, "Stored as rows"): named parts,
// each its own row (kind, id, part), so a change writes only the parts it changed. `body` nullopt:
// the part is deleted.
struct DocumentPart {
    std::string part;
    std::optional<std::string> body;
};
struct StoredDocumentParts {
    std::string id;
    std::vector<std::pair<std::string, std::string>> parts;  // (part, body), by part
};
// A player account (docs/decisions/020-accounts.md, "Accounts across nodes"): a row of its own, with
// a unique index on `key` (the name's skeleton, server/accounts.hpp) among the accounts not deleted,
// so that the database, not a node's memory, decides whether a name is taken.
struct AccountRow {
    std::string id;    // 16 hex digits
    std::string name;  // as registered; "Deleted player <6 hex>" once deleted
    std::string key;   // "" once deleted
    std::string hash;  // Argon2id string, "" once deleted
    int64_t created_ms = 0;
    bool deleted = false;
};
// What an account write did. Failed: the store could not be reached or written (a fault).
enum class AccountWrite { Done, Taken, Stale, Failed };

// A club (docs/decisions/028-clubs.md): a row of its own with a unique index on `key` (the name's
// skeleton, as accounts'), and each member a row of club_members.
struct ClubRow {
    std::string id;      // 16 hex digits
    std::string name;    // as founded
    std::string key;     // account_name_key of the name
    std::string owner;   // the founding account's id
    std::string invite;  // the current invite code (the owner may make a new one)
    int64_t created_ms = 0;
};
struct ClubMemberRow {
    std::string club, account;
    int64_t joined_ms = 0;
};
// How a club is looked up (Store::find_clubs): by its id, name key, invite code, or owner.
enum class ClubBy { Id, Key, Invite, Owner };
// A member's rating on a club's ladder (docs/decisions/033-clubs-across-nodes.md): one row per club,
// game, ruleset family and account; `version` as RatingRow's (0: none yet), a compare-and-set.
struct ClubRatingRow {
    std::string club, game, family, account;
    double mu = 0, sigma = 0;
    int games = 0;
    int64_t version = 0;
};
// Ratings and game histories (docs/decisions/029-ratings-in-the-store.md): rows shared by every
// node, so a game rated on one node is on every node's pages and leaderboards.
// An account's current rating in one game and ruleset family; `version` is 0 for an account that has
// none yet (write_ratings then inserts it) and grows by one with every write (a compare-and-set).
struct RatingRow {
    std::string account, game, family;
    std::string season;  // the season of its last game
    double mu = 0, sigma = 0;
    int games = 0;        // in that season
    std::string past = "{}";  // JSON: earlier seasons' final ratings, {"2026-07": {"mu", "sigma", "games"}}
    int64_t version = 0;
};
// A point of a rating's history: the rating after the game in `room`.
struct RatingPoint {
    std::string account, game, family, room;
    int64_t time_ms = 0;
    double mu = 0, sigma = 0;
};
// A game in a player's history: `owner` an account id, or "guest:<session hash>" for a guest.
struct PlayedRow {
    std::string owner, room;
    int seat = 0;
    int64_t time_ms = 0;
    std::string body;  // JSON (server/ratings.cpp)
};

class RoomDirectory;  // server/room_directory.hpp

class Store {
public:
    // Runs on the backend's writer thread after the write committed (ok) or failed (!ok).
    using Done = std::function<void(bool ok)>;
    virtual ~Store() = default;

    // Writes: never block on the disk; applied in call order.
    virtual void put_room(const RoomRow& r) = 0;  // insert or replace the room's row
    virtual void put_seat(const std::string& room, const SeatRow& s) = 0;
    virtual void put_session(const SessionRow& s) = 0;
    virtual void set_state(const std::string& room, const std::string& state, int64_t finished_ms, Done done = {}) = 0;
    virtual void set_host(const std::string& room, const std::string& host_session) = 0;  // transferHost
    virtual void put_kick(const std::string& room, const std::string& session) = 0;       // kick
    // A room password's new hash (an older SHA-256 hash replaced by Argon2id on success).
    virtual void set_password_hash(const std::string& room, const std::string& hash) { (void)room, (void)hash; }
    // Deletes the rooms finished or abandoned before `before_ms` (unix ms), with their seats,
    // actions and kicks (--keep-finished-days).
    virtual void prune_finished(int64_t before_ms) = 0;
    // Deletes the rooms abandoned (closed unfinished, or never started) before `before_ms`, with their
    // seats, actions and kicks (issue 12 finding 11).
    virtual void prune_abandoned(int64_t before_ms) = 0;
    // Deletes these sessions (expired guests, issue 12 finding 11).
    virtual void delete_sessions(const std::vector<std::string>& hashes) = 0;
    virtual void append(const std::string& room, const ActionRow& a, Done done) = 0;
    // Inserts or replaces a document (kind, id); `done` runs once it is committed.
    virtual void put_document(const std::string& kind, const std::string& id, const std::string& body,
                              int64_t updated_ms, Done done = {}) {
        (void)kind, (void)id, (void)body, (void)updated_ms;
        if (done) done(false);
    }
    // Writes these parts of document (kind, id) and deletes its whole-document row (put_document),
    // if any, in one transaction: a document moves to rows at its first such write.
    virtual void put_document_parts(const std::string& kind, const std::string& id, std::vector<DocumentPart> parts,
                                    int64_t updated_ms, Done done = {}) {
        (void)kind, (void)id, (void)parts, (void)updated_ms;
        if (done) done(false);
    }
    // Blocks until every write queued before the call is committed (or the store is failing:
    // then it returns at once; the writes stay queued and are retried).
    virtual void flush() = 0;
    // Runs `done` (on the writer thread) once every write queued before the call is committed (ok),
    // or failed for good (!ok: shutdown), without blocking the caller: a reply that names what those
    // writes made (roomCreated, matched, a new session's welcome) is sent from it, as an action's
    // ack, so that another node reading the database at once finds the room or the session.
    virtual void sync(Done done) = 0;

    // Storage faults (disk full, read-only file, I/O errors): a transaction that fails is rolled
    // back and retried, with its writes and everything queued after it, until it commits; no
    // `done` runs meanwhile, so no action is acknowledged that is not stored. healthy() is false
    // from the first failure to the next commit; `observer` is called (on the writer thread) at
    // every change. docs/operations.md, "Storage failure".
    virtual bool healthy() const { return true; }
    virtual void on_health(std::function<void(bool healthy)> observer) { (void)observer; }
    // Transactions committed so far (each holds one or more writes).
    virtual uint64_t commits() const { return 0; }
    // Tests: every write fails as on a read-only database (a storage fault), or works again.
    virtual void set_read_only_for_test(bool read_only) { (void)read_only; }

    // Several nodes on one database (docs/decisions/017-several-nodes.md): the directory of rooms
    // and sessions of other nodes and this node's lease; null for a single node.
    virtual RoomDirectory* directory() { return nullptr; }
    // Called (on the writer thread) with the room of every write refused because another node (or a
    // later process) took the room over: the room must stop here.
    virtual void on_fenced(std::function<void(const std::string& room)> observer) { (void)observer; }

    // Accounts (a table in both stores; any thread, but they wait for the database: call them off
    // the I/O threads). Unlike the writes above these run at once, each in its own transaction, and
    // say what they did: create is refused (Taken) when another account holds the key, or the id
    // (the unique index decides, whichever node asks); set_account_hash only when `expected` is still
    // the hash (Stale otherwise, or when the account is gone); delete_account anonymises the row
    // (name as `anonymous_name`, key and hash cleared, deleted) and returns the row as it was (nullopt:
    // no such account, or already deleted). Reads and delete_account throw std::runtime_error when the
    // store cannot be reached.
    virtual bool has_accounts() const { return false; }
    virtual AccountWrite create_account(const AccountRow& a) { (void)a; return AccountWrite::Failed; }
    virtual std::optional<AccountRow> account_by_key(const std::string& key) { (void)key; return std::nullopt; }
    virtual std::optional<AccountRow> account_by_id(const std::string& id) { (void)id; return std::nullopt; }
    virtual AccountWrite set_account_hash(const std::string& id, const std::string& expected, const std::string& hash) {
        (void)id, (void)expected, (void)hash;
        return AccountWrite::Failed;
    }
    // A live account's new key (names' keys are recomputed at start, decision 025): Taken when another
    // account holds it, Stale when the account is gone or deleted.
    virtual AccountWrite set_account_key(const std::string& id, const std::string& key) {
        (void)id, (void)key;
        return AccountWrite::Failed;
    }
    virtual std::optional<AccountRow> delete_account(const std::string& id, const std::string& anonymous_name) {
        (void)id, (void)anonymous_name;
        return std::nullopt;
    }
    virtual std::vector<AccountRow> load_accounts() { return {}; }
    // Which account a session is logged in to (sessions are shared by the nodes, so are their log-ins).
    // These are queued writes, applied in call order with the others.
    virtual void bind_account_session(const std::string& session, const std::string& account) { (void)session, (void)account; }
    virtual void unbind_account_session(const std::string& session) { (void)session; }
    // Every session of `account` but `keep` ("": all).
    virtual void unbind_account_sessions(const std::string& account, const std::string& keep) { (void)account, (void)keep; }
    // The reads below count a log-in only while its account is not deleted: a log-in bound on one node
    // while another deletes the account (the deletion's unbinding can commit first) stays dead.
    virtual std::optional<std::string> account_of_session(const std::string& session) { (void)session; return std::nullopt; }
    // (session, account) of those of `sessions` logged in (one query: a node's periodic check that
    // its connected log-ins still stand, decision 020 "loggedOut").
    virtual std::vector<std::pair<std::string, std::string>> account_sessions_among(const std::vector<std::string>& sessions) {
        std::vector<std::pair<std::string, std::string>> out;
        for (const std::string& s : sessions)
            if (std::optional<std::string> a = account_of_session(s)) out.emplace_back(s, *a);
        return out;
    }
    // (session, account) of every log-in (Hub::restore).
    virtual std::vector<std::pair<std::string, std::string>> load_account_sessions() { return {}; }
    // Clubs (docs/decisions/028-clubs.md, 033-clubs-across-nodes.md; tables in both stores). The rows
    // are the truth that every node reads: these run at once and wait for the database (off the I/O
    // threads). Writes say what they did; reads throw std::runtime_error when the store cannot be
    // reached. create_club: Taken when another club holds the key or the id. add_club_member: Taken
    // when the account is a member already; remove_club_member: Stale when it is not (or no more).
    virtual bool has_clubs() const { return false; }
    virtual AccountWrite create_club(const ClubRow& c) { (void)c; return AccountWrite::Failed; }
    virtual AccountWrite set_club_invite(const std::string& club, const std::string& invite) {
        (void)club, (void)invite;
        return AccountWrite::Failed;
    }
    virtual AccountWrite add_club_member(const ClubMemberRow& m) { (void)m; return AccountWrite::Failed; }
    virtual AccountWrite remove_club_member(const std::string& club, const std::string& account) {
        (void)club, (void)account;
        return AccountWrite::Failed;
    }
    // The clubs whose column `by` is `value` (by id).
    virtual std::vector<ClubRow> find_clubs(ClubBy by, const std::string& value) { (void)by, (void)value; return {}; }
    // The members of `club` (account ""), or the memberships of `account` (club ""), or that one
    // membership; by club, joined, account.
    virtual std::vector<ClubMemberRow> load_club_members(const std::string& club, const std::string& account) {
        (void)club, (void)account;
        return {};
    }
    // A club's ladder rows matching game and family when they are not "" (by game, family, account).
    virtual std::vector<ClubRatingRow> load_club_ratings(const std::string& club, const std::string& game,
                                                         const std::string& family) {
        (void)club, (void)game, (void)family;
        return {};
    }
    // One transaction: the game `room` is marked rated on `club`'s ladders ("" : no mark), then each
    // row is written only over its stored version, as write_ratings. Taken: the game was rated on this
    // club's ladders before; Stale: a row changed meanwhile (read again, rate again); nothing is
    // written then. Failed: a fault.
    virtual AccountWrite write_club_ratings(const std::string& club, const std::string& room,
                                            const std::vector<ClubRatingRow>& rows) {
        (void)club, (void)room, (void)rows;
        return AccountWrite::Failed;
    }
    // Ratings and histories (rows, both stores; they run at once and wait for the database: call them
    // off the I/O threads). Reads throw std::runtime_error when the store cannot be reached.
    virtual bool has_ratings() const { return false; }
    // The rating rows matching each of account, game, family that is not "" (by account, game, family).
    virtual std::vector<RatingRow> load_ratings(const std::string& account, const std::string& game,
                                                const std::string& family) {
        (void)account, (void)game, (void)family;
        return {};
    }
    // The newest `limit` points of one rating, oldest first.
    virtual std::vector<RatingPoint> load_rating_points(const std::string& account, const std::string& game,
                                                        const std::string& family, size_t limit) {
        (void)account, (void)game, (void)family, (void)limit;
        return {};
    }
    // One transaction: each row is written only if its stored version is still `version` (0: no row
    // yet), then gets version + 1; the points are inserted. Stale: a row changed meanwhile (another
    // node rated a game of that player: read again and retry); Taken: a point was there already (this
    // game was rated before); nothing is written then. Failed: a fault.
    virtual AccountWrite write_ratings(const std::vector<RatingRow>& rows, const std::vector<RatingPoint>& points) {
        (void)rows, (void)points;
        return AccountWrite::Failed;
    }
    // Inserts the rows that are not there yet (owner, room, seat); how many it inserted, -1 on a fault.
    virtual int put_played(const std::vector<PlayedRow>& rows) { (void)rows; return -1; }
    // The newest `limit` games of `owner` (0: all), oldest first.
    virtual std::vector<PlayedRow> load_played(const std::string& owner, size_t limit) {
        (void)owner, (void)limit;
        return {};
    }
    // Deletes every game of these owners; false on a fault.
    virtual bool delete_played(const std::vector<std::string>& owners) { (void)owners; return false; }
    // Deletes a whole document (kind, id) (a queued write).
    virtual void delete_document(const std::string& kind, const std::string& id) { (void)kind, (void)id; }

    // Reads (any thread).
    virtual std::optional<StoredRoom> load_room(const std::string& id) = 0;
    virtual bool room_exists(const std::string& id) = 0;
    // The state (open | running | finished | abandoned) of each of these rooms that exists: one
    // query on PostgreSQL (a tournament's result check asks for all its open tables at once).
    virtual std::map<std::string, std::string> room_states(const std::vector<std::string>& ids) {
        std::map<std::string, std::string> out;
        for (const std::string& id : ids)
            if (std::optional<StoredRoom> r = load_room(id)) out[id] = r->room.state;
        return out;
    }
    // State open or running: the rooms recovery restores. A backend with room ownership (PostgreSQL)
    // takes them over for this process as it reads them (pg_store.hpp).
    virtual std::vector<StoredRoom> load_unfinished() = 0;
    virtual std::vector<SessionRow> load_sessions() = 0;
    virtual std::vector<StoredDocument> load_documents(const std::string& kind) {
        (void)kind;
        return {};
    }
    // Every document of `kind` kept as parts (put_document_parts), by id.
    virtual std::vector<StoredDocumentParts> load_document_parts(const std::string& kind) {
        (void)kind;
        return {};
    }
    // One document's parts (nothing when it has none).
    virtual std::optional<StoredDocumentParts> load_document_parts_of(const std::string& kind, const std::string& id) {
        for (StoredDocumentParts& d : load_document_parts(kind))
            if (d.id == id) return std::move(d);
        return std::nullopt;
    }
    virtual std::optional<StoredDocument> load_document(const std::string& kind, const std::string& id) {
        for (StoredDocument& d : load_documents(kind))
            if (d.id == id) return std::move(d);
        return std::nullopt;
    }
};

// Store::sync, or at once (ok) without a store.
inline void when_stored(const std::shared_ptr<Store>& store, Store::Done done) {
    if (store) return store->sync(std::move(done));
    done(true);
}

}  // namespace hexhall::server
