// The tournament desk: the server side of tournaments (issue 17, phase 2; docs/tournaments.md).
// It keeps every tournament (the pure model of model.hpp) with its secrets and run state, stores
// each change as one document ("tournament", id) before answering, and runs the rounds on the
// server: a table's private room is created (Hub managed rooms) once its entrants have checked in,
// or when the no-show time is over (the policy decides what happens to the absent), and a finished
// table's outcome becomes its result; when every table has one the round finishes.
//
// Thread-safe: one mutex over all tournaments (every operation is short; seating a Swiss round is
// the longest, ~0.2 s for 100 entrants). The hub's room-over listener and the desk's own timer
// thread enter through the same mutex. desk_http.cpp is the HTTP face (docs/tournaments.md).
#pragma once
#include <condition_variable>
#include <cstdint>
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
#include "tournament/model.hpp"

namespace hexhall::server {
class Hub;
class Store;
}  // namespace hexhall::server

namespace hexhall::tournament {

// Secrets of one tournament, kept by the server only (hashes; the tokens go to their holders once).
struct Access {
    std::string organiser_hash;                         // SHA-256 of the organiser token
    std::string invite;                                 // registration link code (22 base64url)
    std::map<std::string, std::string> entrant_hashes;  // entrant id -> SHA-256 of its token
    std::map<std::string, std::string> referee_hashes;  // referee name -> SHA-256 of its token
    std::map<std::string, std::string> bots;            // house-bot entrants: entrant id -> built-in bot
};

// What the server did to run a round (not part of the model: rooms are the server's).
struct TableRun {
    std::string room, invite;          // "" until the table's room exists
    std::vector<std::string> absent;   // entrants not checked in when the room was created
    std::string error;                 // a result that could not be recorded (shown to the organiser)
    bool forced = false;               // not stored: force_start was asked (again after a restart)
};
struct RoundRun {
    int64_t start_at_ms = 0;           // scheduled start (0: none)
    int64_t started_ms = 0;            // when the round started (0: not yet)
    std::set<std::string> checked_in;  // entrants present for this round
    std::map<int, TableRun> tables;    // by table number
};

struct DeskOptions {
    double clock_scale = 1.0;  // tests: scales the no-show time (as HubLimits::clock_scale)
    std::string takeover_bot = "heuristic";  // plays absent and late seats
};

// An answer of the desk: HTTP status and JSON body ({"error", "message"} on failure).
struct DeskReply {
    int status = 200;
    nlohmann::json body;
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
    DeskReply add_entrant(const std::string& id, const std::string& token, const nlohmann::json& body);
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
    DeskReply check_in(const std::string& id, const std::string& token);
    DeskReply me(const std::string& id, const std::string& token);
    DeskReply referee(const std::string& id, const std::string& token, const nlohmann::json& body);
    DeskReply standings(const std::string& id, bool csv, bool teams, std::string& csv_out);

    // Timers: starts scheduled rounds, creates tables, applies the no-show policy. Called by the
    // desk's thread, and after every change; `now_ms`: Unix ms.
    void tick(int64_t now_ms);

private:
    struct Entry {
        Tournament t;
        Access access;
        std::map<int, RoundRun> run;  // by round number
        int64_t rev = 0;              // bumped at every change (clients poll and compare)
    };
    enum class Role { None, Entrant, Referee, Organiser };
    struct Caller {
        Role role = Role::None;
        std::string name;  // entrant id, or referee name
    };
    Caller caller(const Entry& e, const std::string& token) const;
    Entry* find(const std::string& id);  // under mu_
    void save(Entry& e, bool wait);      // under mu_: bump rev, store the document
    nlohmann::json document(const Entry& e) const;
    bool read_document(const std::string& body, Entry& out, std::string& error) const;
    nlohmann::json public_view(const Entry& e) const;
    void tick_entry(Entry& e, int64_t now_ms);
    void open_table(Entry& e, const Round& round, const Table& table, RoundRun& rr, bool deadline_passed);
    void on_room_over(const std::string& owner, const std::string& room, const core::Outcome& outcome);
    bool record(Entry& e, int round, int table, const core::Outcome& outcome);  // false: nothing new
    void reconcile(Entry& e);  // tables whose room ended while the server was down
    nlohmann::json room_options(const Entry& e, const Round& round, const Table& table, int players) const;
    std::string new_tournament_id();

    server::Hub& hub_;
    server::Store* store_;
    DeskOptions options_;
    std::mutex mu_;
    std::map<std::string, Entry> entries_;
    std::map<std::string, std::pair<std::string, std::pair<int, int>>> rooms_;  // room -> (tournament, (round, table))
    // Where each tournament was created from (not stored): its tables count against that address's
    // room and bot-game quotas as well as the organiser's (docs/decisions/012-bot-game-accounting.md).
    std::map<std::string, std::string> organiser_addresses_;

    std::mutex timer_mu_;
    std::condition_variable timer_cv_;
    bool stopping_ = false;
    std::thread timer_;
};

// Installs the desk on a server: /tournaments requests, the hub's room-over listener. Call before
// Server::start(), then desk->start() after it (server/main.cpp does both).
}  // namespace hexhall::tournament
