// The one interface between the game-agnostic room core and a game: Game is one live room's game,
// GameModule (game_module.hpp) one game type. A game written as pure rules (core/game_rules.hpp) gets
// its Game from the adapter in core/rules_game.hpp; a game may also implement Game natively (with a
// typed fast path for its views). A Game is used from its room's strand only: it need not be thread-safe.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/envelope.hpp"
#include "core/game_rules.hpp"
#include "core/unix_time.hpp"

namespace hexhall::core {

// A serialized message, shared by every connection it is sent to.
using Text = std::shared_ptr<const std::string>;
// Invalid UTF-8 (text from a client) becomes U+FFFD instead of throwing (server/safe_text.hpp).
inline Text make_text(const json& j) {
    return std::make_shared<const std::string>(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

inline constexpr int kSpectatorSeat = -1;

// What one state change sends: one message per seat, one for all spectators.
struct GameUpdate {
    std::vector<Text> seats;
    Text spectators;  // null when no spectator watches (Game::watch_spectators)
    // Storage (server/room_journal.hpp): the applied action as the game's record line, and its seat.
    std::string record;
    int actor = kSpectatorSeat;
    // The game clock when it was applied: ms of game time since the game began (the clock scale
    // applied, server downtime excluded). Stored, so that a restored game's clocks resume from it.
    int64_t game_ms = 0;
    // The events as each viewer saw them, for the room's history (protocol.md, "history"): per seat
    // and for spectators the text {"to":<version>,"events":[…]}, or null when that viewer saw none.
    std::vector<Text> seat_events;
    Text spectator_events;
};

// How many patches' events a room keeps per seat and for the spectators (issue 18: sent on return).
constexpr size_t kEventHistory = 100;

// A history entry: the version a patch led to and the JSON array text of the events it carried;
// null for an empty array.
inline Text history_entry(uint64_t to, std::string_view events_array) {
    if (events_array.size() <= 2) return nullptr;  // "[]"
    std::string s = "{\"events\":";
    s.append(events_array);
    s.append(",\"to\":").append(std::to_string(to)).append("}");
    return std::make_shared<const std::string>(std::move(s));
}

// restore(): keeps the history entries of the action that led to version `to` in `history` (one
// list per seat, then the spectators' at index `seats`); `events_text(viewer)` gives a viewer's
// events as a JSON array's text, `spectator` being the game's viewer id for spectators.
template <class EventsText>
void keep_restored_entries(std::vector<std::vector<Text>>& history, int seats, int spectator, uint64_t to,
                           EventsText&& events_text) {
    history.resize(static_cast<size_t>(seats) + 1);
    for (int i = 0; i <= seats; ++i)
        if (Text t = history_entry(to, events_text(i < seats ? i : spectator))) history[static_cast<size_t>(i)].push_back(std::move(t));
}

// A stored action, as restore() replays it: the record line and the game clock when it was applied.
struct StoredAction {
    std::string record;
    int64_t game_ms = 0;
};

// The reply to a game message (`action`, `resync`), and the update when an action was applied.
struct GameReply {
    Text reply;                        // ack, error or snapshot: to the sender only
    std::optional<GameUpdate> update;  // set when the state changed: to everybody, after `reply`
};

class Game {
public:
    virtual ~Game() = default;
    // The wall clock a game reads for what it is not given the time of (a player's or a bot's move):
    // the system's (unix_ms_now), or one a test sets so that a game's messages and records do not
    // depend on when and how fast it ran (tests/conformance/test_fingerprint.cpp).
    using WallClock = int64_t (*)();
    void set_wall_clock(WallClock clock) { wall_clock_ = clock; }
    int64_t wall_now() const { return wall_clock_(); }
    virtual const char* name() const = 0;  // the game's module name: the payload key and listRooms' "game"
    virtual int seats() const = 0;
    virtual json options() const = 0;      // as shown by listRooms
    virtual bool over() const = 0;
    // Winners and scores once the game is over (records, replay, verify, standings, arena); nullopt before.
    virtual std::optional<Outcome> outcome() const = 0;
    // The snapshot message for a seat (or kSpectatorSeat), echoing reply_to.
    virtual Text snapshot(int seat, std::optional<int64_t> reply_to = std::nullopt) = 0;
    // Whether any spectator is watching (the room says so whenever that changes; a game starts
    // watched). Unwatched, a game may leave GameUpdate::spectators null instead of making the patch
    // nobody receives; the spectators' history entries are made either way, and the next
    // snapshot(kSpectatorSeat) is whole and current.
    virtual void watch_spectators(bool /*watched*/) {}
    // A game message (protocol.md: action, resync) from `seat` (kSpectatorSeat: a spectator) whose
    // envelope the room has checked (decode_game_message): the game reads only its payload.
    virtual GameReply handle(int seat, const GameMessage& message) = 0;
    // Makes `seat` a built-in bot (before or during the game). False for an unknown bot name.
    virtual bool set_bot(int seat, std::string_view bot, uint64_t seed) = 0;
    // Gives `seat` back to its player (a bot stops playing it).
    virtual void clear_bot(int seat) = 0;

    // ---- Clocks. Times are Unix milliseconds (the wire's `deadline`).
    // The clock preset as shown in the room ("none", "relaxed", …).
    virtual std::string clock() const = 0;
    // The game begins at `now_ms`; every time limit is multiplied by `clock_scale` (tests use < 1).
    // After restore(), the game clock resumes at `now_ms` from the last restored action's game time.
    virtual void begin(int64_t now_ms, double clock_scale) = 0;
    // When the next time limit runs out; nullopt when no clock runs.
    virtual std::optional<int64_t> next_deadline_ms() const = 0;
    // Applies one timeout that is due at `now_ms`; nullopt when none is (call until nullopt).
    virtual std::optional<GameUpdate> on_clock(int64_t now_ms) = 0;
    // Lets one bot whose decision is awaited act; nullopt when no bot has anything to do.
    virtual std::optional<GameUpdate> bot_step() = 0;
    // The same step in three parts, so that the room's strand never thinks
    // (docs/decisions/022-bots-on-the-work-pool.md): bot_prepare() (on the strand) copies what one
    // awaited bot may see and holds that bot, nullptr when no bot has anything to do; the thought's
    // think() decides on any thread, touching nothing of the Game; bot_apply() (on the strand)
    // applies the decision if the game is still where it was prepared and the seat still that
    // bot's, else nullopt with `stale` set (dropped: the room prepares again). A game that does not
    // split its step keeps this default: nothing is thought away from the strand.
    class BotThought {
    public:
        virtual ~BotThought() = default;
        virtual void think() {}
        bool stale = false;  // set by bot_apply()
    };
    virtual std::unique_ptr<BotThought> bot_prepare() { return std::make_unique<BotThought>(); }
    virtual std::optional<GameUpdate> bot_apply(BotThought& thought) { return (void)thought, bot_step(); }
    // A referee stops every clock of the game at `now_ms` (no deadline runs out, game time stands
    // still) or restarts them, every deadline moved by the pause. False when there is nothing to
    // pause (no clock, not begun, over, already paused) or to resume (not paused). Not stored: a
    // restored game's clocks run; the tournament desk pauses them again.
    virtual bool pause_clock(int64_t now_ms) { return (void)now_ms, false; }
    virtual bool resume_clock(int64_t now_ms) { return (void)now_ms, false; }
    virtual bool clock_paused() const { return false; }
    // A referee's warning to `seat` under the game's rules (e.g. HK-10.6: two warnings disqualify), applied
    // at `now_ms` as a stored record like any action. nullopt with `error`: the game has no warnings
    // or refuses this one.
    virtual std::optional<GameUpdate> referee_warning(int seat, int64_t now_ms, std::string& error) {
        (void)seat, (void)now_ms;
        error = "this game has no referee warnings";
        return std::nullopt;
    }

    // ---- Storage and crash recovery (docs/decisions/006-storage.md)
    virtual uint64_t seed() const = 0;      // the secret seed (revealed at game over, docs/fairness.md)
    virtual std::string setup() const = 0;  // game-specific text: with seed() and the records, recreates the game
    // Applies stored records (GameUpdate::record) in order without output, then rebases every
    // view so the next snapshot/patch starts from the restored state. False on the first refusal.
    // The game clock's state (when the current waits began) is rebuilt from the actions' game times.
    virtual bool restore(const std::vector<StoredAction>& actions, std::string& error) = 0;
    // After restore(): the history entries (history_entry) of the last kEventHistory restored
    // actions, per seat and then the spectators' (index seats()), oldest first, as the live
    // updates would have carried them; moved out. Empty when the game keeps none.
    virtual std::vector<std::vector<Text>> take_restored_history() { return {}; }
    // Applies one stored record as the game did live (without clocks): the update carries every
    // stream's patch (replays of finished games). nullopt with `error` set when it is refused.
    virtual std::optional<GameUpdate> apply_record(const std::string& record, std::string& error) = 0;
    // Actions the game applied by itself in begin() (as records), to be stored; clears the list.
    virtual std::vector<StoredAction> take_begin_records() = 0;

private:
    WallClock wall_clock_ = &unix_ms_now;
};

}  // namespace hexhall::core
