// The lobby: sessions, the room registry, and routing of every client message. No networking:
// the network layer calls on_message / on_close on the connection's strand, and supplies strands
// (with delayed posts) for rooms. Thread-safe; the mutex guards only the registry.
#pragma once
#include <atomic>
#include <map>
#include <optional>
#include <set>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "server/accounts.hpp"
#include "server/clubs.hpp"
#include "server/client.hpp"
#include "server/game.hpp"
#include "server/hub_limits.hpp"
#include "server/lobby_messages.hpp"
#include "server/quotas.hpp"
#include "server/room.hpp"
#include "server/room_directory.hpp"
#include "server/session.hpp"
#include "server/store.hpp"
#include "server/work_pool.hpp"
#include "tournament/matchmaking.hpp"

namespace hexhall::server {

class Hub {
public:
    using StrandFactory = std::function<Strand()>;
    // `store`: where rooms, sessions and actions are kept (null: nowhere; docs/decisions/006-storage.md).
    // `games`: the games rooms may play (createRoom's "game"; the first is the default).
    // `work`: the fair pool for password hashing and checking (docs/decisions/011-fair-work-pool.md;
    // null: the hub makes its own). Its jobs call back into the hub: stop it before the hub goes.
    Hub(const GameRegistry& games, StrandFactory strands, HubLimits limits = {}, std::shared_ptr<Store> store = nullptr,
        std::shared_ptr<WorkPool> work = nullptr);
    ~Hub();

    // Crash recovery (hub_store.cpp): recreates every unfinished stored room and every stored
    // session. Call once, before clients connect. Returns the number of rooms restored.
    size_t restore();
    // Housekeeping (hub_store.cpp): forgets expired guest sessions and deletes long-abandoned rooms
    // (HubLimits::session_ttl, abandoned_keep). Returns the number of sessions forgotten.
    size_t sweep(int64_t now_ms);
    Store* store() const { return store_.get(); }
    bool has_room(const std::string& id) const { return find_room(id) != nullptr; }

    // Both on the client's strand (one at a time per client).
    void on_message(const ClientPtr& c, std::string_view text);
    void on_close(const ClientPtr& c);

    size_t room_count() const;
    // The bot pool: every built-in bot thinks there (tests read its counters). stop_bots(): no bot
    // thinks any more (the server stops it before the I/O threads); idempotent.
    WorkPool& bot_pool() { return *bot_work_; }
    void stop_bots() { bot_work_->stop(); }
    // Player accounts (hub_accounts.cpp, docs/decisions/020-accounts.md).
    AccountBook& accounts() const { return *accounts_; }
    // Histories, ratings and leaderboards (server/ratings.hpp); every finished room reports here.
    RatingBook& ratings() const { return *ratings_; }
    // Clubs and their ladders (hub_clubs.cpp, docs/decisions/028-clubs.md).
    ClubBook& clubs() const { return *clubs_; }
    ClubLadders& club_ladders() const { return *ladders_; }
    // A club as the lobby's `club` answer and GET /clubs/<name> show it (`with_invite`: the owner's).
    json club_json(const Club& club, bool with_invite) const;

    // ---- Managed rooms (hub_managed.cpp): rooms another part of the server runs, e.g. a
    // tournament's tables (RoomSetup::owner). Thread-safe.
    struct ManagedRoomRequest {
        json options;       // createRoom options: "game" and its options, "private", "clock", "grace"…
        std::string owner;  // e.g. "tournament:t1a2"
        std::map<int, std::string> seat_token_hashes;  // reserved seats: SHA-256 of the token that takes each
        std::map<int, std::string> seat_names;         // shown on the reserved seats
        std::map<int, std::string> seat_bots;          // seats a built-in bot plays from the start
        // Where the organiser created the tournament from ("" : not known, e.g. after a restart):
        // its tables count against that address's quotas as well as the organiser's (`owner`).
        std::string organiser_address;
    };
    struct ManagedRoom {
        std::string room, invite;
    };
    // A new managed room; nullopt with `error` set when the options are invalid, the organiser's
    // room quota is used up ("quota_exceeded: …") or the server is full.
    // `on_stored` (optional) runs once the room's row and seats are committed (Store::sync; at once
    // without a store): what names the room to players who may ask another node is sent from it.
    using ManagedStored = std::function<void(bool ok, const ManagedRoom& room)>;
    std::optional<ManagedRoom> create_managed_room(const ManagedRoomRequest& request, std::string& error,
                                                   ManagedStored on_stored = {});
    // Starts a managed room that has not started: reserved seats not taken get `bot`. `done` gets
    // those seats (on the room's strand); false when no such room is open here.
    bool force_start(const std::string& room, const std::string& bot, std::function<void(std::vector<int> absent)> done);
    // Called once for every managed room whose game ended (after its finished state is stored),
    // on the room's strand: owner, room id, outcome. Set before restore().
    using RoomOverListener = std::function<void(const std::string& owner, const std::string& room, const core::Outcome&)>;
    void set_room_over_listener(RoomOverListener listener);
    // The accounts a managed room's owner links to its seats (seat -> account id), asked once a
    // game of such a room ended, off the I/O threads (on the fair pool, before its history rows
    // are written): a tournament entrant's linked account gets the game in its history whoever sat
    // in the seat (another device, a stand-in bot; docs/tournaments.md "Accounts"). Set before
    // restore(); it wins over the account of the seat's session.
    // Called for managed rooms' games only: (room, its owner).
    using SeatAccounts = std::function<std::map<int, std::string>(const std::string& room, const std::string& owner)>;
    void set_seat_accounts(SeatAccounts source);
    // A referee's action at an open room (Room::referee); `done` gets "" or why it was refused (on
    // the room's strand). False when no such room is open here.
    bool referee(const std::string& room, const Room::RefereeRequest& request, std::function<void(const std::string&)> done);
    // The `room` push of an open room (without type and v); nullopt when it is not open here.
    std::optional<json> room_summary(const std::string& room) const;
    // The store failed (false) or works again (true): every room is told; while it fails,
    // createRoom and game messages are refused with store_unavailable (any thread).
    void on_store_health(bool healthy);
    bool store_ok() const { return store_ok_.load(); }
    // Once the io threads have stopped: every room drops work that waited for the store.
    void drop_pending();

    // ---- Several nodes on one database (hub_cluster.cpp; docs/decisions/017-several-nodes.md).
    // Before restore(): sessions and rooms not here are looked up in `directory`; a join or resume
    // of a room another live node owns is answered `moved`, one whose owner's lease expired is taken
    // over here. Null (the default): a single node.
    void set_directory(RoomDirectory* directory) { directory_ = directory; }
    // This node's lease was lost: every room stops here (Room::evict). Any thread.
    void evict_all();
    // A write to `room` was fenced (another node took it over): it stops here. Any thread.
    void evict(const std::string& room);
    // A table wanted by the tournament's owner on another node (docs/decisions/030): on the lease's
    // renewer thread, each room here that a live node wants is handed over as at a shutdown (its
    // clients told `moved` to that node, its writes committed, its owner row released).
    size_t hand_over_wanted();
    // Brings a room that another node serves here (on a work thread, never an I/O thread): marks it
    // wanted, then takes it over once its node released it, waiting at most two lease periods.
    enum class Fetched { Here, Moving, Gone };  // Moving: another node still serves it
    Fetched fetch_room(const std::string& room);
    void set_lease_period(std::chrono::milliseconds lease) { lease_ = lease; }
    // The lobby across nodes: this node's public rooms as listRooms entries (a JSON array, at most
    // kMaxListing), and the other live nodes' (from the lease's last renewal), which listRooms
    // merges with this node's rooms.
    static constexpr size_t kMaxListing = 1000;
    // Takes over (and serves here) up to `limit` rooms no live node owns, e.g. a dead node's bot
    // games that no client will resume. Returns how many. Any thread (the lease's).
    size_t adopt_orphans(size_t limit);
    std::string public_listing() const;
    void set_remote_listings(const std::vector<std::string>& listings);
    // The other live nodes as the lease's last renewal read them: their listings (above) and loads.
    void set_remote_nodes(const std::vector<NodeLoad>& nodes);
    // Where a new room goes (docs/decisions/017-several-nodes.md, "Placement"): the public URL of
    // the least-loaded live node that renewed its lease lately (renewed_recently: not one that died
    // since) when this node owns clearly more rooms (HubLimits::place_margin_*), else nothing (here). The chosen node's count goes up by one here until its next renewal, so a
    // burst of creations does not all go to one node. A single node: always nothing.
    std::optional<std::string> placement();
    // Several nodes: after each lease renewal, a node with no Play now waiters of its own starts
    // matching too while anyone waits on another node (a match is made on the least-loaded node:
    // docs/decisions/017-several-nodes.md, "Play now across nodes"). The lease's thread.
    void play_wake();

private:
    std::shared_ptr<Room> find_room(const std::string& id) const;
    std::shared_ptr<Room> find_invite(const std::string& invite) const;
    // A new room in the registry: an id and the invite reserved under mu_, the room built and stored
    // off it, then added. Null when the server has no room for more rooms (nothing reserved then).
    std::shared_ptr<Room> add_room(RoomSetup& setup, std::unique_ptr<Game> game, const json& request);
    void create_room(const ClientPtr& c, const LobbyRequest& r);
    struct PendingRoom;  // a createRoom between its checks and the registry (its password hashing)
    void finish_create(PendingRoom& p);
    void list_rooms(const ClientPtr& c, const LobbyRequest& r);  // paged (hub_quotas.cpp)
    // Quotas (hub_quotas.cpp): rooms open per session/address/organiser, checked before a game is
    // built. nullopt: taken (held by `room_id` once set_room_holder names it); else the refusal's
    // message (the code is quota_exceeded).
    std::optional<std::string> take_room_quota(const Principal& who);
    void give_back_room_quota(const Principal& who);  // a creation that failed after the quota
    void set_room_holder(const std::string& room_id, const Principal& who);
    void give_back_room_quota(const std::string& room_id);  // the room closed
    void remove_room(const std::string& id);
    // Storage (hub_store.cpp): a new room with its journal (under mu_), a session written through.
    std::shared_ptr<Room> make_room(RoomSetup setup, std::unique_ptr<Game> game, const json& request);
    // The module createRoom's "game" names (absent or null: the default game); null when unknown.
    const GameModule* module_for(const json& request) const;
    void store_session(const std::string& hash);
    bool restore_room(StoredRoom& room, std::string& why);  // hub_store.cpp
    // A room not here (hub_cluster.cpp): taken over when no live node owns it; else `moved` is sent
    // (with `request_id`) and `answered` set. Null when it is not served here.
    std::shared_ptr<Room> route(const ClientPtr& c, const std::string& room, std::optional<int64_t> request_id,
                                bool& answered);
    // The room here, taken over when no live node owns it; null with `where` set otherwise.
    std::shared_ptr<Room> serve_here(const std::string& room, RoomLocation& where);
    // The least-loaded live node when this node, owning `here` rooms, owns clearly more (placement()'s
    // test), else null. Under remote_mu_.
    NodeLoad* clearly_less_loaded(int64_t here);
    // Its id, or nothing (without counting a room for it, as placement() does).
    std::optional<std::string> less_loaded_node();
    RoomDirectory* directory_ = nullptr;
    std::chrono::milliseconds lease_{0};  // the node's lease period (several nodes)
    std::mutex takeover_mu_;  // one takeover at a time (a room is never restored twice here)
    mutable std::mutex remote_mu_;
    std::map<std::string, json> remote_rooms_;  // other nodes' public rooms by id (listRooms entries)
    std::vector<NodeLoad> remote_nodes_;        // the other live nodes' loads (listing left empty)

    // Accounts (hub_accounts.cpp): register, login, logout, logoutAll, changePassword, deleteAccount.
    void account_request(const ClientPtr& c, const LobbyRequest& r);
    // The name a client's seats show: its account's when logged in, else its hello name.
    std::string display_name(const ClientPtr& c) const;
    std::shared_ptr<AccountBook> accounts_;
    std::shared_ptr<RatingBook> ratings_;
    // Clubs (hub_clubs.cpp): createClub, clubInvite, joinClub, leaveClub, removeMember, myClubs.
    void club_request(const ClientPtr& c, const LobbyRequest& r);
    // A rated room's seat just taken by `account` shows the store's rating (hub.cpp).
    void refresh_seat_rating(const ClientPtr& c, const std::shared_ptr<Room>& room, const std::string& account);
    // A club request's work on the pool (reads and writes the store; throws when it cannot).
    void club_job(const ClientPtr& c, int64_t id, LobbyKind kind, const std::string& account,
                  const std::optional<NameCheck>& check, const std::optional<std::string>& club,
                  const std::optional<std::string>& invite, const std::optional<std::string>& member);
    void rate_for_clubs(const PlayedGame& g);  // a finished game feeds the ladders it counts for
    std::shared_ptr<ClubBook> clubs_;
    std::shared_ptr<ClubLadders> ladders_;
    // loggedOut (hub_logged_out.cpp): each session's open connections on this node, so that a
    // revoked log-in is told (docs/protocol.md, "loggedOut"); several nodes check the store's log-ins
    // every HubLimits::login_check for revocations made elsewhere.
    void track_connection(const ClientPtr& c);    // after hello
    void untrack_connection(const ClientPtr& c);  // on close
    // Tells every open connection of `sessions` (but `except`) that its session is logged out.
    void push_logged_out(const std::vector<std::string>& sessions, const std::string& reason, const Client* except);
    void check_logins();  // on the work pool
    void arm_login_check();
    std::mutex conns_mu_;
    std::map<std::string, std::vector<std::weak_ptr<Client>>> conns_by_session_;
    std::optional<Strand> login_strand_;
    bool login_armed_ = false;  // conns_mu_
    void game_finished(PlayedGame g);  // a room's game ended (on its strand)
    // The live seats `account` holds in this node's rooms (welcome and account replies' `playing`).
    json playing_of(const std::string& account) const;
    // Records a finished game (ratings, histories) on the work pool; a store fault or a full pool
    // tries again later (`attempt` so far), so a result is not lost to a passing fault.
    void record_game(std::shared_ptr<const PlayedGame> g, int attempt);
    std::mutex record_mu_;
    std::optional<Strand> record_strand_;  // record_mu_: retries wait on it
    void anonymise_games(const std::string& account, const std::string& name);  // deleteAccount (a worker)
    // Play now (hub_play_now.cpp): playNow, leaveQueue, the queues' timer, a match's room.
    struct PlayQueue;
    struct PlayWaiter {
        ClientPtr client;
        std::string name, account;
    };
    void play_now(const ClientPtr& c, const LobbyRequest& r);
    // Takes the client's session out of its queue; false when it was not queued (or, with
    // only_this_connection, queued from another connection).
    bool leave_queue(const ClientPtr& c, bool only_this_connection);
    void play_tick();  // one matching pass (on the work pool), then arm_play() while anyone waits
    void arm_play();
    // A match's room: seat i for seats[i] (the oldest waiter first), bots for the rest; `tell(i, m)`
    // gives seat i's player its `matched` (or an error) once the room's row is committed.
    struct MatchSeat {
        std::string name, account, address;
    };
    void start_match(const std::string& game, int players, const rating::Match& m, const std::vector<MatchSeat>& seats,
                     std::function<void(size_t seat, const json& message)> tell);
    // Several nodes (docs/decisions/017-several-nodes.md, "Play now across nodes"): the queue is the
    // store's (RoomDirectory::queue_*); each tick a node deletes the rows of those who left here,
    // matches everybody's when no other node is matching, and sends the `matched` written for its
    // waiters. playNow's row is written on the work pool before `queued`.
    void play_now_cluster(const ClientPtr& c, int64_t id, QueueRow row, int players, size_t size);
    void play_tick_cluster();
    // A match this node would make while another live node is clearly less loaded is left to that
    // node (it matches too, and makes the room there), unless it has not made it within
    // kPlayDeferLeases lease periods (a node that does not match: an older release, stuck): true
    // while it is left. The match is known by its first player. Under play_mu_.
    bool defer_play_match(const std::string& first, const std::string& node);
    static constexpr int kPlayDeferLeases = 5;
    struct PlayDeferred {
        std::string first, node;
        std::chrono::steady_clock::time_point since;
    };
    std::optional<PlayDeferred> play_deferred_;
    std::vector<std::string> play_left_;  // sessions that left here since the last tick (under play_mu_)
    std::mutex play_mu_;
    std::map<std::string, std::shared_ptr<PlayQueue>> queues_;  // by "<game>/<players>"
    std::map<std::string, std::string> queued_;                 // session hash -> its queue
    std::optional<Strand> play_strand_;
    bool play_armed_ = false;
    std::atomic<uint64_t> play_rooms_{0};
    // Log-in guesses: charged to the account's name key and to the address (decision 020).
    std::shared_ptr<PasswordThrottle> logins_ = std::make_shared<PasswordThrottle>();

    RoomOverListener room_over_;
    SeatAccounts seat_accounts_;  // managed rooms' linked accounts (set_seat_accounts)
    void make_managed(RoomSetup& setup);  // the on_over hook of a managed room
    const GameRegistry& games_;
    StrandFactory strands_;
    HubLimits limits_;
    SessionStore sessions_;
    std::shared_ptr<WorkPool> work_;
    // Bots' thinking, off the I/O threads (HubLimits::bot_threads; docs/decisions/022-bots-on-the-work-pool.md).
    std::shared_ptr<WorkPool> bot_work_;
    std::shared_ptr<PasswordThrottle> guessers_ = std::make_shared<PasswordThrottle>();
    // mu_ guards the registry only: never held across a hash, a game's construction or the store.
    mutable std::mutex mu_;
    std::map<std::string, std::shared_ptr<Room>> rooms_;
    std::set<std::string> reserved_ids_;  // add_room: ids taken, rooms not yet built (count as rooms)
    std::map<std::string, std::string> invites_;  // invite code -> room id
    std::shared_ptr<Store> store_;
    std::atomic<bool> store_ok_{true};
    Quota rooms_by_session_, rooms_by_address_, rooms_by_organiser_;
    std::map<std::string, Principal> room_holders_;  // by room id (quota_mu_)
    std::mutex quota_mu_;
    // Bot games, however they started (Room::review_bot_game; docs/decisions/012-bot-game-accounting.md).
    std::shared_ptr<BotGameLedger> bot_games_;
};

}  // namespace hexhall::server
