// Running bot-only games: who decides next, the no-progress guard and the decision watchdog.
// The driver holds the GameState; bots only ever get make_view(state, seat) and legal_actions.
#pragma once
#include <cstdint>
#include <span>

#include "games/catan/bots/bot.hpp"

namespace hexhall::catan::bots {

// The seat whose decision the game waits on: a discarding player, an addressed opponent who has
// not yet answered the open offer, else the active player. -1 when the game is over.
int bot_decider(const GameState& s);

// True for actions that count as progress: a build, a bank or domestic trade, a card bought or played.
bool is_progress(ActionType t);

// No-progress guard: a bot-only game is stopped (reported unfinished) when nobody builds, trades,
// buys or plays a card for `rounds` full rounds.
class ProgressGuard {
public:
    explicit ProgressGuard(int rounds = 50) : rounds_(rounds) {}
    // Call after each accepted action.
    void note(const GameState& after, const Action& a) {
        if (is_progress(a.type) || after.turn == 0) last_turn_ = after.turn;
    }
    bool stalled(const GameState& s) const {
        return rounds_ > 0 && static_cast<int>(s.turn) - static_cast<int>(last_turn_) >= rounds_ * s.options.players;
    }

private:
    int rounds_;
    uint16_t last_turn_ = 0;
};

struct BotGameLimits {
    int no_progress_rounds = 50;  // ProgressGuard; 0 = off
    int max_decisions = 20000;    // watchdog per game; 0 = off
};

enum class GameEnd : uint8_t { Won, NoProgress, DecisionLimit, Rejected };
const char* game_end_name(GameEnd e);

struct BotGameResult {
    GameEnd end = GameEnd::Won;
    int winner = -1;
    int decisions = 0;
    int turns = 0;
    // For GameEnd::Rejected: the bot's action and the rule it broke.
    Action rejected_action{};
    const char* rejected_rule = "";
    bool finished() const { return end == GameEnd::Won; }
};

// Plays `s` (fresh from new_game) to the end; bots[i] decides for seat i.
BotGameResult play_bot_game(GameState& s, std::span<Bot* const> bots, const BotGameLimits& limits = {});

}  // namespace hexhall::catan::bots
