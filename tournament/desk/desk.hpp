// The tournament desk: the server side of tournaments (issue 17, phase 2; docs/tournaments.md).
// It keeps every tournament (the pure model of model.hpp) with its secrets and run state, stores
// each change as one document ("tournament", id) before answering, and runs the rounds on the
// server: a table's private room is created (Hub managed rooms) once its entrants have checked in,
// or when the no-show time is over (the policy decides what happens to the absent), and a finished
// table's outcome becomes its result; when every table has one the round finishes.
//
// Thread-safe: one mutex over all tournaments, held only for short steps (issue 26): seating and
// standings work on a copy without it, and the wait for the store comes after it is released.
// The hub's room-over listener runs on the room's strand (an I/O thread) and only enqueues the
// result; the desk's own worker thread records it, and runs the timers. desk_http.cpp is the HTTP
// face (docs/tournaments.md).
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_rules.hpp"
#include "server/http_handler.hpp"
#include "server/accounts.hpp"
#include "server/http_limit.hpp"
#include "tournament/model.hpp"

namespace hexhall::server {
class Hub;
class Store;
class RoomDirectory;
}  // namespace hexhall::server

namespace hexhall::tournament {

// The owner of a tournament's table rooms (Hub managed rooms), and its owner key on several nodes.
inline constexpr const char* kOwnerPrefix = "tournament:";

// Secrets of one tournament, kept by the server only (hashes; the tokens go to their holders once).
struct Access {
    std::string organiser_hash;                         // SHA-256 of the organiser token
    std::string invite;                                 // registration link code (22 base64url)
    std::map<std::string, std::string> entrant_hashes;  // entrant id -> SHA-256 of its token
    std::map<std::string, std::string> referee_hashes;  // referee name -> SHA-256 of its token
    std::map<std::string, std::string> bots;            // house-bot entrants: entrant id -> built-in bot
    std::map<std::string, std::string> accounts;        // linked entrants: entrant id -> account id
};

// What the server did to run a round (not part of the model: rooms are the server's).
struct TableRun {
    std::string room, invite;          // "" until the table's room exists
    std::vector<std::string> absent;   // entrants not checked in when the room was created
    std::string error;                 // a result that could not be recorded (shown to the organiser)
    int64_t opened_ms = 0;             // when the room was created (its start grace counts from here)
    bool forced = false;               // not stored: force_start was asked (again after a restart)
};
struct RoundRun {
    int64_t start_at_ms = 0;           // scheduled start (0: none)
    int64_t started_ms = 0;            // when the round started (0: not yet)
    std::set<std::string> checked_in;  // entrants present for this round
    std::map<int, TableRun> tables;    // by table number
};

struct DeskOptions {
    double clock_scale = 1.0;  // tests: scales the no-show time and the start grace (as HubLimits::clock_scale)
    std::string takeover_bot = "heuristic";  // plays absent and late seats
    // Bounds (issue 26; docs/tournaments.md "Limits"). Entrants per tournament, house bots and
    // substitutes included (hexhall-server --tournament-max-entrants).
    int max_entrants = 512;
    // Self-registration through the invite link: token buckets per address and per tournament
    // (burst, then per second). A club of 100 behind one address registers at once.
    double register_burst_per_address = 128, register_rate_per_address = 1;
    double register_burst_per_tournament = 256, register_rate_per_tournament = 2;
    // A table whose room opens at the no-show deadline (someone absent) starts once every present
    // entrant sits, or when this grace is over (bots then play the empty seats): seconds.
    double start_grace_s = 120;
};

// An answer of the desk: HTTP status and JSON body ({"error", "message"} on failure).
struct DeskReply {
    int status = 200;
    nlohmann::json body;
    int retry_after_s = 0;  // 429: the Retry-After header
};

class Desk {
public:
    Desk(server::Hub& hub, server::Store* store, DeskOptions options = {});
    ~Desk();
    Desk(const Desk&) = delete;
    Desk& operator=(const Desk&) = delete;

    // Before the hub restores its rooms: reads every stored tournament.
    void restore();
    // After the hub restored its rooms: results of tables that ended meanwhile, then the timer.
    void start();
    void stop();

    // The HTTP API (desk_http.cpp): every /tournaments request.
    server::HttpAnswer http(const server::HttpRequest& request);

    // ---- Operations (desk_ops.cpp). `token` is the caller's bearer token.
    DeskReply create(const nlohmann::json& body);
    DeskReply view(const std::string& id, const std::string& token);  // public + what the token may see
    // `address`: the caller's (self-registration is rate limited per address and per tournament).
    DeskReply add_entrant(const std::string& id, const std::string& token, const nlohmann::json& body,
                          const std::string& address = "");
    DeskReply change_entrant(const std::string& id, const std::string& token, const std::string& entrant,
                             const nlohmann::json& body);
    DeskReply substitute(const std::string& id, const std::string& token, const std::string& entrant,
                         const nlohmann::json& body);
    DeskReply add_group(const std::string& id, const std::string& token, const nlohmann::json& body);
    DeskReply add_referee(const std::string& id, const std::string& token, const nlohmann::json& body);
    DeskReply close(const std::string& id, const std::string& token);
    DeskReply seat_round(const std::string& id, const std::string& token);
    DeskReply swap(const std::string& id, const std::string& token, int round, const nlohmann::json& body);
    DeskReply start_round(const std::string& id, const std::string& token, int round, const nlohmann::json& body);
    // `body` may carry "session": the entrant's lobby session token; logged in, its account is linked
    // to the entrant (as add_entrant's "session" does; docs/tournaments.md "Accounts").
    DeskReply check_in(const std::string& id, const std::string& token, const nlohmann::json& body = nlohmann::json::object());
    DeskReply me(const std::string& id, const std::string& token);
    DeskReply referee(const std::string& id, const std::string& token, const nlohmann::json& body);
    DeskReply standings(const std::string& id, bool csv, bool teams, std::string& csv_out);

    // Timers: starts scheduled rounds, creates tables, applies the no-show policy. Called by the
    // desk's thread, and after every change; `now_ms`: Unix ms.
    void tick(int64_t now_ms);

    // Bytes of tournament state handed to the store so far (the rows a change changed; the test
    // "bytes handed to the store for a 500-entrant registration" prints them).
    uint64_t stored_bytes() const { return stored_bytes_.load(std::memory_order_relaxed); }

private:
    struct Entry {
        Tournament t;
        Access access;
        std::map<int, RoundRun> run;  // by round number
        int64_t rev = 0;              // bumped at every change (clients poll and compare)
        bool seating = false;         // a round is being seated (without the lock)
        std::map<std::string, std::string> stored_parts;  // the document's rows as last written (save)
    };
    // Waits for the store after the desk's lock is released: declared before the lock_guard in an
    // operation, so that its destructor runs after the lock's; save(e, durable) asks for the wait.
    struct Durable {
        server::Store* store;
        bool wanted = false;
        explicit Durable(server::Store* s) : store(s) {}
        ~Durable();
        Durable(const Durable&) = delete;
        Durable& operator=(const Durable&) = delete;
    };
    struct Report {
        std::string room;
        core::Outcome outcome;
    };
    enum class Role { None, Entrant, Referee, Organiser };
    struct Caller {
        Role role = Role::None;
        std::string name;  // entrant id, or referee name
    };
    Caller caller(const Entry& e, const std::string& token) const;
    // Under mu_: a tournament this desk runs; `reading`: also a read copy of one another node runs.
    Entry* find(const std::string& id, bool reading = false);
    void save(Entry& e);                   // under mu_: bump rev, queue the document for the store
    void save(Entry& e, Durable& durable); // the same; the answer waits until it is committed
    nlohmann::json document(const Entry& e) const;
    bool read_document(const std::string& body, Entry& out, std::string& error) const;
    nlohmann::json public_view(const Entry& e) const;
    void tick_entry(Entry& e, int64_t now_ms);
    void open_table(Entry& e, const Round& round, const Table& table, RoundRun& rr, int64_t now);
    void on_room_over(const std::string& owner, const std::string& room, const core::Outcome& outcome);
    // The accounts linked to a table's seats (Hub::set_seat_accounts): seat -> account id. `owner`:
    // the room's ("tournament:<id>"); a tournament another node runs is read from the store.
    std::map<int, std::string> seat_accounts(const std::string& room, const std::string& owner);
    static std::map<int, std::string> linked_seats(const Entry& e, int round, int table);
    // The account a lobby session token ("" : none) is logged in to on this node (memory only).
    std::optional<server::Account> account_of_session(const std::string& session) const;
    void process(const Report& report);  // on the desk's worker
    bool record(Entry& e, int round, int table, const core::Outcome& outcome);  // false: nothing new
    void reconcile(Entry& e);  // tables whose room ended while the server was down
    nlohmann::json room_options(const Entry& e, const Round& round, const Table& table, int players) const;
    std::string new_tournament_id();

    // Several nodes (docs/decisions/030-tournaments-on-several-nodes.md): each tournament has one
    // owner node, held like a room (claim_key "tournament:<id>", its epoch fencing the document's
    // writes); only the owner runs it. Not under mu_ (they wait for the database).
    std::optional<Entry> load_entry(const std::string& id, std::string& error);
    bool adopt(const std::string& id);  // claims and loads it; false when another live node holds it
    // An /tournaments/<id> request on a node that does not run it: reads from the store, writes
    // redirected to the owner (nullopt: it is run here now, or exists nowhere: serve as usual).
    std::optional<server::HttpAnswer> route(const server::HttpRequest& req, const std::string& id, bool get);
    void cluster_step();  // on the worker, every second: lost, orphaned, and tables finished elsewhere
    void poll_tables(Entry& e);  // under mu_: results of its tables that ended on other nodes
    void index_rooms(Entry& e);  // under mu_: rooms_ for its tables

    server::Hub& hub_;
    server::Store* store_;
    DeskOptions options_;
    std::mutex mu_;
    std::map<std::string, Entry> entries_;
    server::RoomDirectory* directory_ = nullptr;  // several nodes: set; one node: null
    std::map<std::string, Entry> mirrors_;         // read copies of tournaments other nodes run
    std::mutex adopt_mu_;                          // one adoption at a time (before mu_)
    std::map<std::string, std::pair<std::string, std::pair<int, int>>> rooms_;  // room -> (tournament, (round, table))
    // Where each tournament was created from (not stored): its tables count against that address's
    // room and bot-game quotas as well as the organiser's (docs/decisions/012-bot-game-accounting.md).
    std::map<std::string, std::string> organiser_addresses_;
    std::atomic<uint64_t> stored_bytes_{0};

    server::HttpRateLimit register_per_address_, register_per_tournament_;

    std::mutex timer_mu_;  // guards the fields below; never held across work
    std::condition_variable timer_cv_;
    bool stopping_ = false;
    std::deque<Report> reports_;  // from rooms, for the worker
    std::thread timer_;           // the desk's worker: reports and timers
};

// Installs the desk on a server: /tournaments requests, the hub's room-over listener. Call before
// Server::start(), then desk->start() after it (server/main.cpp does both).
}  // namespace hexhall::tournament
