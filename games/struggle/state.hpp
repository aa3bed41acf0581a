// The Struggle for Catan game state: plain data, copied freely by bots and tests.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "games/struggle/cards.hpp"
#include "games/struggle/rng.hpp"
#include "games/struggle/ruleset.hpp"

namespace hexhall::struggle {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kWinningVp = 10;  // SFC-11.3
inline constexpr int kBrigandLimit = 7;  // SFC-8.7

struct Player {
    Cards hand;
    int roads = 0;    // road row length; position n shows A when n is odd (SFC-7.2)
    int knights = 0;  // knight row length
    std::vector<CityEvent> settlements;  // settlement cards; their city sides are hidden (SFC-3.9)
    int cities = 0;                      // cities not covered by an expansion
    uint8_t expansions = 0;              // bit e: owns expansion e (each covers one city, SFC-9.1)
    bool owns(Expansion e) const { return (expansions >> static_cast<int>(e)) & 1u; }
    int a_roads() const { return (roads + 1) / 2; }
    int a_knights() const { return (knights + 1) / 2; }
};

enum class Phase : uint8_t {
    Trade,        // step 1 (SFC-5)
    GiveBack,     // a player trade drew cards; the trader gives as many back (SFC-5.6)
    LibraryPick,  // the library owner looks at a hand and picks one card (SFC-9.8)
    Build,        // step 2 (SFC-6)
    Discard,      // brigand attack: players over 7 cards choose discards (SFC-8.7)
    Over,
};

struct State {
    std::shared_ptr<const Ruleset> rules;
    int players = 0;
    int first = 0;
    Rng rng;

    std::vector<uint8_t> deck;  // resources; the top card is the back
    Cards discard;              // face up (its contents are public)
    Cards market;               // always 5 cards (SFC-10.4)
    std::array<Player, kMaxPlayers> p;

    int road_stack = 0;
    int knight_stack = 0;
    std::vector<CityEvent> settlement_stack;  // top = back
    std::array<int, kExpansions> expansion_stack{};
    bool clockwise = true;  // destiny card: white arrow up = clockwise (SFC-7.6)

    int turn = 0;    // the active player
    int turns = 0;   // turns started so far (the first is 1)
    Phase phase = Phase::Trade;
    int trades_left = 0;    // trade allowance left this turn (SFC-5.7)
    bool deck_only = false; // no roads: 1 card with the deck only (SFC-5.2)
    uint8_t built = 0;      // bit b: building type b built this turn (SFC-6.3)
    bool library_used = false, university_used = false, guild_used = false;  // SFC-9.11

    // A player trade in progress (SFC-5.6, SFC-9.8).
    int trade_opponent = -1;
    int trade_count = 0;
    Cards trade_drawn;  // what the trader drew (known to trader and opponent)

    std::array<int, kMaxPlayers> discard_due{};  // brigand attack discards still owed (SFC-8.7)

    // known[s][x]: cards seat s knows are in x's hand (a lower bound; never above the truth).
    std::array<std::array<Cards, kMaxPlayers>, kMaxPlayers> known{};

    int winner = -1;
};

enum class MoveKind : uint8_t {
    EndTrade, TradeDeck, TradeMarket, TradePlayer, GiveBack, LibraryPick, Guild, Build, EndBuild, Discard
};

// One decision, typed. Fields used depend on kind (see games/struggle/docs/protocol.md).
struct Move {
    MoveKind kind = MoveKind::EndTrade;
    Building building = Building::Road;  // Build
    int8_t opponent = -1;                // TradePlayer, Guild
    int8_t count = 0;                    // TradePlayer
    int8_t give = -1, take = -1;         // TradeMarket (one card each way); LibraryPick: take
    int8_t expansion = -1;               // Build expansion
    int8_t settlement = 0;               // Build city: which settlement (index)
    bool flag = false;                   // TradePlayer: use the library; Build settlement: flip destiny
    Cards cards;                         // TradeDeck: given; GiveBack; Discard; Build: payment
};

// What happened, typed; the JSON layer turns these into events with visibility.
enum class EventKind : uint8_t {
    TurnStarted, TradedDeck, TradedMarket, DrewFrom, GaveBack, LibraryLook, Guild, Built, TookCard,
    DestinyFlipped, CityEventRevealed, MarketDay, BrigandAttack, Discarded, Drew, Reshuffled, Won
};
struct EventRec {
    EventKind kind;
    int seat = -1;   // who acted
    int other = -1;  // opponent / victim
    Cards cards;     // cards involved (private ones are redacted for others)
    int count = 0;
    int a = -1;      // building / expansion / event / take
};

}  // namespace hexhall::struggle
