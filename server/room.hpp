// A room: seats (humans with a session, built-in bots, external bot programs), spectators, a host,
// chat, timers (disconnect grace, idle close, game clocks) and one Game. Game-agnostic.
// Every method except summary(), is_private() and post() runs on the room's strand (post()).
#pragma once
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "server/client.hpp"
#include "server/game.hpp"
#include "server/hub_limits.hpp"
#include "server/password.hpp"
#include "server/quotas.hpp"
#include "server/ratings.hpp"
#include "server/room_options.hpp"
#include "server/store.hpp"
#include "server/work_pool.hpp"

namespace hexhall::server {

struct RoomSetup {
    std::string id;
    std::string invite;
    std::string host_session;              // token hash of the creator's session
    RoomOptions options;
    std::map<int, std::string> seat_token_hashes;  // external bot seats: SHA-256 of their seat token
    std::string password_hash;  // the password's hash (Hub::make_room hashes options.password off the lock)
    // Where joinRoom's password is checked (never on the strand) and who pays for wrong guesses
    // (docs/decisions/011-fair-work-pool.md): the hub's pool and guessers' throttle.
    std::shared_ptr<WorkPool> work;
    std::shared_ptr<PasswordThrottle> guessers;
    // Where this room's bots think (docs/decisions/022-bots-on-the-work-pool.md), charged to its
    // principal (below); null: on the strand.
    std::shared_ptr<WorkPool> bot_work;
    std::string takeover_bot;   // the game module's bot for seats whose player left (kicks, timeouts)
    std::vector<std::string> bot_names;  // the game module's built-in bots (named when addBot asks for another)
    // A managed room is run by another part of the server (a tournament's table), named by `owner`
    // ("" : an ordinary room). It starts by itself once every seat is taken, its bots are never
    // paused for want of watchers (but paced and counted as bot games), it does not close while its
    // game is unfinished, and `on_over` gets the game's
    // outcome once the finished state is stored. Reserved seats (seat_token_hashes) show their
    // `seat_names` until taken and keep them.
    std::string owner;
    std::map<int, std::string> seat_names;
    std::function<void(const std::string& room, const core::Outcome& outcome)> on_over;
    // Every room: the finished game once its finished state is stored (histories and ratings,
    // server/ratings.hpp), on the strand.
    std::function<void(const PlayedGame&)> on_finished;
    // Rated rooms: an account's rating in this room's game and ruleset family (shown beside its name):
    // `rating_of` as this node last saw it (on the strand, when a seat is taken), `stored_rating_of`
    // as the store has it now (reads the store: off the I/O threads; Hub::refresh_seat_rating).
    std::function<std::optional<rating::Rating>(const std::string& account)> rating_of;
    std::function<std::optional<rating::Rating>(const std::string& account)> stored_rating_of;
    // The name a session chats under: its account's while logged in, else `fallback` (its hello name).
    std::function<std::string(const std::string& session, const std::string& fallback)> name_of;
    // The account a session is logged in to ("" : a guest): a seat follows its account to another
    // device (Room::join; docs/decisions/020-accounts.md, "Seats follow the account").
    std::function<std::string(const std::string& session)> account_of;
    // Bot games (docs/decisions/012-bot-game-accounting.md): where they are counted (null: not
    // counted) and whom this room's are charged to.
    std::shared_ptr<BotGameLedger> bot_games;
    Principal principal;
};

class RoomJournal;

// What a joinRoom asks for (Hub::on_message reads it from the request).
struct JoinRequest {
    std::optional<int> seat;  // nullopt: spectator
    bool by_invite = false;
    std::optional<std::string> password;
    std::optional<std::string> seat_token;
    std::string account;  // the session's account ("" : a guest); a rated room seats accounts only
};

class Room : public std::enable_shared_from_this<Room> {
public:
    // `on_closed` runs (on the strand) when the room closes itself after being idle.
    Room(RoomSetup setup, std::unique_ptr<Game> game, Strand strand, HubLimits limits,
         std::function<void(const std::string& id)> on_closed);
    const std::string& id() const { return id_; }
    bool is_private() const { return options_.is_private; }
    bool rated() const { return options_.rated; }
    // Rated rooms: `account`'s rating as the store has it now (nullopt: none yet, or not a rated
    // room). Reads the store: call it off the I/O threads. Thread-safe.
    std::optional<rating::Rating> stored_rating(const std::string& account) const;
    void post(std::function<void()> f) { strand_.post(std::move(f)); }
    // The `room` push without type and v (listRooms shows it without "invite"); thread-safe.
    json summary() const;
    // The seats held by `account` (a seat's account, or its session's log-in) at the last change;
    // thread-safe.
    std::vector<int> seats_of_account(const std::string& account) const;

    // On the room's strand:
    void open();  // once, after construction: starts the idle timer
    void join(const ClientPtr& c, const std::string& session, const std::string& name, const JoinRequest& req,
              int64_t id);
    void reattach(const ClientPtr& c, const std::string& session);  // hello with a known token
    void leave(const ClientPtr& c, int64_t id);                      // leaveRoom
    void disconnect(const ClientPtr& c);                              // the connection closed
    void add_bot(const ClientPtr& c, int seat, const std::string& bot, int64_t id);
    void remove_bot(const ClientPtr& c, int seat, int64_t id);
    void kick(const ClientPtr& c, int seat, int64_t id);
    void transfer_host(const ClientPtr& c, int seat, int64_t id);
    void start(const ClientPtr& c, int64_t id);
    // Managed rooms (RoomSetup::owner): built-in bots in these seats before the start (stored).
    void place_bots(const std::map<int, std::string>& bots);
    // Managed rooms, not started: every reserved seat not taken gets `bot`, and the game starts.
    // Returns the seats given to the bot (empty also when the room had started already).
    std::vector<int> force_start(const std::string& bot);
    void start_if_full();  // managed rooms: start once every seat is taken (by players or bots)
    // A referee's action at this table (tournaments; room_referee.cpp): "warning" (the game's own,
    // e.g. HK-10.6, stored as an action), "pause"/"resume" (the game's clocks), "ruling" or
    // "correction" (a note). Each is told to every member as a chat line from the referee and kept
    // in the room's referee log (stored; the record's "rulings"). `done("")` on success, else why.
    struct RefereeRequest {
        std::string kind;  // warning | pause | resume | ruling | correction
        int seat = -1;     // the game seat concerned (-1: none)
        std::string by;    // the referee's name
        std::string rule;  // a rule ID, e.g. HK-10.2 (optional)
        std::string note;
    };
    void referee(const RefereeRequest& r, std::function<void(const std::string& error)> done);
    void restore_rulings(const json& rulings);  // crash recovery: the stored referee log
    // The referee log's last pause or resume was a pause (restore_started pauses the clocks again:
    // after a restart or a takeover by another node the table stays paused).
    bool referee_paused() const;
    void restore_stand_ins(const json& stand_ins);  // crash recovery: the stored stand-in log
    void chat(const ClientPtr& c, const std::string& text, int64_t id);
    // Rated rooms: the seats of `account` show `r` (a push when it changed): the store's rating,
    // read after the seat was taken with this node's copy (docs/decisions/033-clubs-across-nodes.md).
    void refresh_rating(const std::string& account, const rating::Rating& r);
    // A member's rematch (createRoom with "rematchOf"): once the game is over, the first new room a
    // seated player creates from this one is named in this room's pushes ("rematch"), so the others
    // can follow. Anyone else's, or a later one, changes nothing.
    void link_rematch(const std::string& session, const std::string& room, const std::string& invite);
    void game_message(const ClientPtr& c, const json& message, std::optional<int64_t> id);

    // ---- Storage (room_store.cpp, docs/decisions/006-storage.md)
    // Set once, right after construction, before the room is shared.
    void set_journal(std::shared_ptr<RoomJournal> journal);
    // Crash recovery, before any client: a stored seat, then the started state.
    void restore_seat(const SeatRow& row);
    void restore_kicked(const std::vector<std::string>& sessions);
    void restore_started();
    // Once the io threads have stopped (any thread): drops work held for a store completion that
    // will never run (RoomJournal::drop_held).
    void drop_pending();
    // The store failed or works again (any thread): members get `error` store_unavailable and a
    // `room` push with "store":"failing" (room_store.cpp).
    void store_health(bool healthy);
    // Several nodes: this node no longer owns the room (its lease expired, or another node took it
    // over). The room stops here without writing anything; its members get `moved` (no URL: resume
    // on any node) and their connections are closed. Any thread.
    // url: where the room went ("": ask the directory); done: after its clients were told.
    void evict(std::string url = "", std::function<void()> done = {});

private:
    struct Seat {
        enum class Kind { Empty, Human, Bot, External } kind = Kind::Empty;
        std::string session;  // token hash of the player's session ("" : nobody holds it)
        std::string name;     // player, program or bot name
        std::string bot;      // Kind::Bot: the built-in bot (its name may differ: a tournament's house bot)
        std::weak_ptr<Client> client;
        std::optional<std::string> bot_playing;  // a built-in bot plays for an absent or kicked player
        bool kicked = false;
        uint64_t away_gen = 0;  // bumped on every (dis)connect: a stale grace timer does nothing
        int64_t bot_at_ms = 0;  // Unix ms when a bot takes the absent player's seat (0: no timer)
        std::string account;    // the account that took the seat ("" : a guest, a bot, or restored)
        std::optional<rating::Rating> rating;  // rated rooms: its rating when it sat down
        bool held() const { return (kind == Kind::Human || kind == Kind::External) && !session.empty(); }
    };
    struct Spectator {
        std::weak_ptr<Client> client;
        std::string session;
    };

    int seat_of(const ClientPtr& c) const;     // -1: not seated
    int seat_of_session(const std::string& session) const;
    bool is_spectator(const ClientPtr& c) const;
    bool is_member(const std::string& session) const;
    bool is_host(const ClientPtr& c) const { return c->session_hash == host_session_; }
    // A private room is invisible to outsiders: every request from one is answered no_room.
    bool hidden_from(const ClientPtr& c) const {
        return options_.is_private && !is_host(c) && !is_member(c->session_hash);
    }
    void free_seat(int seat);  // before the start: empty again (an external seat stays reserved)
    void seat_connected(int seat, const ClientPtr& c);
    void seat_disconnected(int seat);
    void take_over(int seat);  // a built-in bot plays the seat
    bool running() const { return started_ && !game_->over(); }
    bool managed() const { return !owner_.empty(); }
    // Starts the game (the seats are filled); `c`: the host who asked, or null (managed rooms).
    void begin_game(const ClientPtr& c, int64_t id);
    void announce_start(const ClientPtr& c, int64_t id);  // once the start is stored (begin_game)

    void broadcast(const GameUpdate& u);
    void after_update();
    void pump_bots();
    void bot_turn();  // one scheduled bot step (pump_bots): prepares a thought, sends it to the bot pool
    // The thought came back from the pool (on the strand): applied if the game is where it was.
    void bot_thought_done(core::Game::BotThought& thought, std::chrono::milliseconds took);
    WorkPrincipal bot_principal() const;  // whom the bot pool charges this room's thinking to
    bool bot_only() const;  // every seat is a built-in bot
    // ---- Bot games (docs/decisions/012-bot-game-accounting.md), the one definition: a started,
    // unfinished game in which no person is seated and connected (a seat held by a connected
    // client that no stand-in bot plays), however it got there.
    bool has_person() const;
    bool is_bot_game() const { return running() && !has_person(); }
    // Re-evaluated on every transition (push_room): a bot game holds one unit of its principal's
    // caps (Held) or, over a cap, stands still (Waiting) and asks again while watched; any other
    // game holds none.
    void review_bot_game();
    // Takes the unit; false: the cap refused it, `why` says whose ("session", "address", …).
    bool take_bot_game(BotGameLedger::Refused& why);
    void give_back_bot_game();
    enum class BotGame { No, Held, Waiting } bot_game_ = BotGame::No;
    bool bot_retry_armed_ = false;
    enum class Push { Now, Coalesced };
    void push_room(Push how = Push::Now);  // refreshes the summary and sends `room` to every member
    json make_summary() const;
    void send_all(const Text& t);
    // Storage hooks (room_store.cpp): write seat i's row; store an applied update's action, then
    // run `then` on the strand (at once without a store); at game over mark the room finished and
    // reveal the seed; when the room closes unfinished mark it abandoned.
    void store_seat(int i);
    void after_stored(const GameUpdate& u, std::function<void()> then);
    void store_begin_records(std::function<void()> then);  // `then` on the strand once the start committed
    void game_over();
    // After game over: the seedReveal for a member who (re)joins or reconnects (docs/fairness.md).
    void send_seed_reveal(const ClientPtr& c);
    Text seed_reveal_text() const;
    void store_closed();
    // joinRoom to a password room: the guess is charged to the guesser and checked on the work
    // pool; the answer comes back to the strand (password_checked), which checks the room again.
    void join_checked(const ClientPtr& c, const std::string& session, const std::string& name, const JoinRequest& req,
                      int64_t id, bool password_passed);
    void check_password(const ClientPtr& c, const std::string& session, const std::string& name,
                        const JoinRequest& req, int64_t id);
    void password_checked(const ClientPtr& c, const std::string& session, const std::string& name,
                          const JoinRequest& req, int64_t id, bool right, const std::string& checked,
                          const std::string& rehashed);
    void apply_clock(int64_t now);

    // Timers.
    void arm_clock();
    void fire_clock(uint64_t gen);
    void arm_idle();
    void check_idle(uint64_t gen);
    size_t connected_members() const;

    const std::string id_;
    const std::string invite_;
    std::string host_session_;
    const RoomOptions options_;
    std::map<int, std::string> seat_token_hashes_;
    std::string takeover_bot_;
    const std::string owner_;
    std::map<int, std::string> seat_names_;
    std::function<void(const std::string&, const core::Outcome&)> on_over_;
    bool over_reported_ = false;
    std::function<void(const PlayedGame&)> on_finished_;
    std::function<std::optional<rating::Rating>(const std::string&)> rating_of_, stored_rating_of_;
    std::function<std::string(const std::string&, const std::string&)> name_of_;
    std::function<std::string(const std::string&)> account_of_;
    std::string seat_account(const Seat& s) const;  // "" : none
    std::optional<rating::Rating> rating_for(const std::string& account) const;  // rated rooms, else none
    void report_over();
    std::unique_ptr<Game> game_;
    Strand strand_;
    const HubLimits limits_;
    std::function<void(const std::string&)> on_closed_;

    std::vector<Seat> seats_;
    std::vector<Spectator> spectators_;
    std::set<std::string> kicked_;  // sessions kicked from this room
    std::map<std::string, std::deque<int64_t>> chat_times_;  // per session, steady ms
    // The room's recent chat, sent again to whoever joins or returns (issue 18: history on rejoin).
    static constexpr size_t kChatHistory = 50;
    std::deque<Text> chat_history_;
    void send_chat_history(const ClientPtr& c);
    // Each viewer's recent events (seats 0..n-1, then spectators), sent as `history` to whoever
    // joins or returns (protocol.md). Not stored: after a restart it begins again.
    std::vector<std::deque<Text>> event_history_;
    void keep_history_entry(size_t viewer, Text entry);  // viewer: a seat, or seats_.size() for spectators
    void spectators_changed();                            // tells the game whether anybody watches
    void drop_spectator(const ClientPtr& c);              // and spectators_changed()
    void keep_event_history(const GameUpdate& u);
    void send_event_history(const ClientPtr& c, int seat);
    bool started_ = false;
    bool start_told_ = false;  // the start is stored and announced (summaries say "started" from then on)
    bool over_shown_ = false;
    bool closed_ = false;
    std::optional<std::pair<std::string, std::string>> rematch_;  // the rematch room and its invite
    // Spectators coming and going make coalesced `room` pushes (issue 12 finding 10): the first goes
    // at once, later ones within kRoomPushGap become one push of the newest state at the gap's end.
    // Every other change (seats, bots, start, game over…) is pushed at once (Push::Now).
    static constexpr std::chrono::milliseconds kRoomPushGap{100};
    bool push_gap_ = false;    // a push went out less than kRoomPushGap ago
    bool push_dirty_ = false;  // the state changed since that push
    void send_room_push();
    Text room_push_text() const;
    bool bots_scheduled_ = false;  // a bot step is scheduled or its thought is on the bot pool
    std::chrono::milliseconds bot_pause_{2};  // bot games: the pause before the next bot step
    uint64_t bot_seed_ = 1;
    uint64_t clock_gen_ = 0;
    std::optional<int64_t> clock_armed_;
    uint64_t idle_gen_ = 0;
    std::optional<int64_t> idle_since_;

    std::shared_ptr<RoomJournal> journal_;  // null: no storage
    std::string password_hash_;  // Argon2id (or SHA-256 from an older database: replaced on success)
    std::shared_ptr<WorkPool> work_;
    std::shared_ptr<PasswordThrottle> guessers_;
    std::shared_ptr<WorkPool> bot_work_;  // RoomSetup::bot_work
    bool over_stored_ = false;
    bool seed_revealed_ = false;  // seedReveal went out; it goes again to whoever joins or reconnects
    bool store_failing_ = false;
    json rulings_ = json::array();  // the referee log (room_referee.cpp)
    // Every time a stand-in bot played a present player's seat (a disconnect past the grace, or a
    // managed room started before its player sat down): [{seat, name, bot, from, to}] in Unix ms,
    // `to` null while it plays. Stored (kStandInsKind); the record's "standIns".
    json stand_ins_ = json::array();
    void stand_in(int seat, bool begins);
    void referee_told(const RefereeRequest& r);

    mutable std::mutex summary_mu_;
    json summary_;
    mutable std::vector<std::pair<int, std::string>> account_seats_;  // summary_mu_: (seat, account)
    std::shared_ptr<BotGameLedger> bot_games_;  // RoomSetup::bot_games
    const Principal principal_;                 // RoomSetup::principal
    const std::vector<std::string> bot_names_;  // RoomSetup::bot_names
    std::string unknown_bot_message() const;
};

}  // namespace hexhall::server
