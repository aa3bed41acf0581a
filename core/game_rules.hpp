// The contract between a pure game engine (games/<name>/) and the game-agnostic server.
//
// A game module implements GameRules (one game in progress) and RulesBot (its built-in bots) and
// describes itself with a RulesModule. The generic adapter (core/rules_game.*, the games-as-modules
// work) turns any GameRules into the room's server::Game: per-seat view streams (snapshot, RFC 6902
// patches, digest), bots, clocks, storage and restore. A game therefore writes rules, views and bots,
// never server plumbing. See docs/decisions/ for the boundary.
//
// Rules for implementers:
//  - Pure and deterministic: no I/O, no clocks, no global state. (options, seed, actions) fixes the
//    game on any compiler; all randomness comes from a generator held in the game and seeded by `seed`.
//  - act() validates first and changes nothing when it refuses; a Rejection names the rule it breaks
//    ("CAR-5.2") and says why in plain English.
//  - view(seat) is exactly what that seat may know at a real table (kSpectator: the public view).
//    Hidden information never appears in another seat's view or in an event that seat can see.
//  - Actions are JSON objects with a "type" member, as sent on the wire; legal_actions() lists them
//    concretely in a stable order. A stored game is its options, its seed and the canonical dumps of
//    the accepted actions with their seats: create() + act() in order must rebuild it exactly.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace hexhall::core {

using json = nlohmann::json;

inline constexpr int kSpectator = -1;

// Who may see an event: bit i = seat i, kSpectatorsBit = spectators. kEveryone = all of them.
using Visibility = uint32_t;
inline constexpr Visibility kSpectatorsBit = 1u << 31;
inline constexpr Visibility kEveryone = 0xFFFFFFFFu;
inline constexpr Visibility seat_bit(int seat) { return 1u << seat; }

// Something that happened, for logs and animations. Hidden information is reported as a private
// event to those who may know it plus a redacted twin for everybody else.
struct Event {
    json body;                 // {"type":"tilePlaced", ...}: the game documents its event types
    Visibility visible = kEveryone;
};

struct Rejection {
    std::string rule;          // the rule ID the action breaks, e.g. "CAR-5.2"; "" only for malformed input
    std::string message;       // plain English, names what was wrong
    // Malformed input only: the envelope's error code (docs/protocol.md "Errors"): missing_field,
    // bad_type, out_of_range, bad_value, unknown_field or unknown_type ("" = bad_value).
    std::string code = {};
};

// The result of a finished game (or the standing of one in progress), in seat order.
struct Outcome {
    std::vector<int> winners;  // seats; several on a shared win
    std::vector<int> scores;   // the game's own score per seat (VP, points)
};

class GameRules {
public:
    virtual ~GameRules() = default;
    virtual std::unique_ptr<GameRules> clone() const = 0;

    virtual int seats() const = 0;
    // The validated options in normal form (every default filled in, "players" included):
    // create(options(), seed) starts the same game again. Stored with the room, shown in the lobby.
    virtual json options() const = 0;

    virtual bool over() const = 0;
    virtual Outcome outcome() const = 0;

    // Seats whose decision the game is waiting for (usually one; several when all must answer).
    virtual std::vector<int> awaiting() const = 0;
    // Every action `seat` may take now, concretely, in a stable order (empty when it has none).
    virtual std::vector<json> legal_actions(int seat) const = 0;
    // Applies `action` for `seat`, appending what happened to `events`; nothing changes on refusal.
    virtual std::optional<Rejection> act(int seat, const json& action, std::vector<Event>& events) = 0;

    // What `seat` (or kSpectator) sees: plain JSON, deterministic member order not required.
    virtual json view(int seat) const = 0;
    // The members of view() that never change in a game and are the same for every viewer (a
    // ruleset, a board's layout), as an object; none by default. The server keeps them once per
    // game and leaves them out of every diff; changing_view(seat) is view(seat) without them (a game
    // that declares them writes it without building them). Checked for every game in the conformance tests.
    virtual json fixed_view() const { return json::object(); }
    virtual json changing_view(int seat) const {
        json v = view(seat);
        const json fixed = fixed_view();  // (items() of a temporary would outlive it)
        for (const auto& member : fixed.items()) v.erase(member.key());
        return v;
    }
    // Of changing_view(seat): the members every viewer sees alike although they change (a market,
    // the scores), as an object; none by default (for a game with GameType::same_view, all of them
    // are). The server builds, diffs and writes them once per action for all viewers; own_view(seat)
    // is changing_view(seat) without them (a game that declares them writes it without building them).
    virtual json common_view() const { return json::object(); }
    virtual json own_view(int seat) const {
        json v = changing_view(seat);
        const json common = common_view();
        for (const auto& member : common.items()) v.erase(member.key());
        return v;
    }

    // A copy of this game in which everything `seat` cannot know (bag or deck order, other hands)
    // is drawn again at random from `seed`, consistent with what the seat does know. Bots decide on
    // this copy only, so they are fair by construction; view(seat) of the copy equals view(seat).
    virtual std::unique_ptr<GameRules> determinize(int seat, uint64_t seed) const = 0;
};

// A built-in bot. It decides for `seat` on a determinized copy (GameRules::determinize), and
// returns an action the game accepts (normally one of legal_actions(seat)).
class RulesBot {
public:
    virtual ~RulesBot() = default;
    virtual json decide(const GameRules& determinized, int seat) = 0;
    virtual const char* name() const = 0;
};

// What kind of game it is, as OpenSpiel's GameType says it. The conformance suite (tests/conformance/)
// checks what applies to the kind and holds the game to what it declares; the adapter reads only
// same_view (and Perfect, which implies it), to build one view for everybody.
struct GameType {
    // Sequential: at most one seat is awaited at a time. Simultaneous: several seats may be awaited at
    // once (secret bids, discards), each deciding without seeing the others' choices until the game
    // reveals them; any awaited seat may act first.
    enum class Dynamics { Sequential, Simultaneous } dynamics = Dynamics::Sequential;
    // Perfect: every seat's view is the spectator's view plus nothing hidden from anyone, every event
    // is seen by everybody and determinize() has nothing to redraw. Imperfect: something is hidden
    // from some seat (a hand, a bag's order, a secret bid).
    enum class Information { Perfect, Imperfect } information = Information::Imperfect;
    // Whether the seed draws anything (a shuffle, dice). Without chance, every seed gives the same game.
    bool chance = true;
    // Every seat and the spectators are shown one and the same view at every point of the game: what
    // is hidden is hidden from everybody (a bag's order). Implied by Information::Perfect. The adapter
    // then builds, diffs, digests and keeps one view per action for all of them instead of one per
    // viewer (it uses view(kSpectator), so a wrong declaration hides a seat's own secrets from it and
    // leaks nothing; the conformance suite refuses it).
    bool same_view = false;
};

// One game type, as the registry lists it.
struct RulesModule {
    std::string_view name;                 // "mygame": payload key, rooms.game, listRooms' "game"
    std::string_view title;                // "My Game"
    int min_seats = 2;
    int max_seats = 4;
    std::vector<std::string_view> bots;    // built-in bot names
    std::string_view takeover_bot;         // plays a seat whose player left or whose time ran out
    // A new game from createRoom's game options ({"players":N, ...}); nullptr with `error` set,
    // naming the offending option, for invalid or unknown options.
    std::unique_ptr<GameRules> (*create)(const json& options, uint64_t seed, std::string& error) = nullptr;
    // A bot by name; nullptr for an unknown name. The seed fixes every choice it makes.
    std::unique_ptr<RulesBot> (*make_bot)(std::string_view name, uint64_t seed) = nullptr;
    GameType type;                         // what kind of game: what the conformance suite checks
};

}  // namespace hexhall::core
