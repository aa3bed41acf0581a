#include "games/catan/bots/bot_game.hpp"

namespace hexhall::catan::bots {

int bot_decider(const GameState& s) {
    if (s.phase == Phase::GameOver) return -1;
    const int n = s.options.players;
    if (s.phase == Phase::Discard) {
        for (int i = 0; i < n; ++i)
            if (s.players[i].discard_owed) return i;
        return -1;
    }
    if (s.offer.open)
        for (int i = 0; i < n; ++i)
            if (i != s.active && (s.offer.targets & (1u << i)) && s.offer.response[i] == OfferResponse::None &&
                !s.players[i].disqualified)
                return i;
    return s.active;
}

bool is_progress(ActionType t) {
    switch (t) {
        case ActionType::BankTrade:
        case ActionType::ConfirmTrade:
        case ActionType::BuildRoad:
        case ActionType::BuildSettlement:
        case ActionType::BuildCity:
        case ActionType::BuyDevCard:
        case ActionType::PlayKnight:
        case ActionType::PlayRoadBuilding:
        case ActionType::PlayYearOfPlenty:
        case ActionType::PlayMonopoly:
            return true;
        default:
            return false;
    }
}

const char* game_end_name(GameEnd e) {
    switch (e) {
        case GameEnd::Won: return "won";
        case GameEnd::NoProgress: return "no-progress";
        case GameEnd::DecisionLimit: return "decision-limit";
        case GameEnd::Rejected: return "rejected";
    }
    return "?";
}

BotGameResult play_bot_game(GameState& s, std::span<Bot* const> bots, const BotGameLimits& limits) {
    BotGameResult res;
    ProgressGuard guard(limits.no_progress_rounds);
    LegalActions la;
    while (s.phase != Phase::GameOver) {
        if (s.phase == Phase::MapStudy) {  // HK-2.1: the referee opens placement
            Action b;
            b.type = ActionType::BeginPlacement;
            apply(s, b);
            continue;
        }
        if (limits.max_decisions > 0 && res.decisions >= limits.max_decisions) {
            res.end = GameEnd::DecisionLimit;
            break;
        }
        if (guard.stalled(s)) {
            res.end = GameEnd::NoProgress;
            break;
        }
        const int seat = bot_decider(s);
        if (seat < 0) break;
        const SeatView view = make_view(s, seat);
        legal_actions(s, seat, la);
        const Action a = bots[seat]->decide(view, la);
        ++res.decisions;
        const Result r = a.seat == seat ? apply(s, a) : rejected("bot", "action for another seat");
        if (!r) {
            res.end = GameEnd::Rejected;
            res.rejected_action = a;
            res.rejected_rule = r.rule;
            break;
        }
        guard.note(s, a);
    }
    res.turns = s.turn;
    if (s.phase == Phase::GameOver) {
        res.end = GameEnd::Won;
        res.winner = s.winner;
    }
    return res;
}

}  // namespace hexhall::catan::bots
