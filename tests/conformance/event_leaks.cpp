#include "tests/conformance/event_leaks.hpp"

#include <algorithm>
#include <random>

namespace hexhall::test {

namespace {

using core::Event;
using core::GameRules;
using core::json;
using core::kSpectator;

constexpr int kMaxActions = 20000;
constexpr size_t kChoicesTried = 3;  // the actor's other legal actions compared at every step

json events_of(const std::vector<Event>& events, int viewer) {
    const core::Visibility bit = viewer >= 0 ? core::seat_bit(viewer) : core::kSpectatorsBit;
    json out = json::array();
    for (const Event& e : events)
        if (e.visible & bit) out.push_back(e.body);
    return out;
}

std::string viewer_name(int viewer) { return viewer >= 0 ? "seat " + std::to_string(viewer) : "the spectator"; }

// Viewers from kSpectator (index 0) to the last seat.
std::optional<std::string> compare(const GameRules& a, const std::vector<Event>& ea, const GameRules& b,
                                   const std::vector<Event>& eb, const std::vector<bool>& alike_before,
                                   const std::string& what) {
    for (int v = kSpectator; v < a.seats(); ++v) {
        if (!alike_before[static_cast<size_t>(v + 1)] || a.view(v) != b.view(v)) continue;
        const json x = events_of(ea, v), y = events_of(eb, v);
        if (x != y)
            return viewer_name(v) + " cannot tell the two worlds apart (same view before and after " + what +
                   ") but its events differ: " + x.dump() + " vs " + y.dump();
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> find_event_leak(const core::RulesModule& rules, int players, uint64_t seed) {
    std::string error;
    std::unique_ptr<GameRules> g = rules.create({{"players", players}}, seed, error);
    if (!g) return "the game was not created: " + error;
    std::mt19937_64 rng(seed);
    for (int steps = 0; !g->over(); ++steps) {
        if (steps >= kMaxActions) return "the game did not end after " + std::to_string(kMaxActions) + " actions";
        const std::vector<int> waiting = g->awaiting();
        if (waiting.empty()) return "no seat is awaited before the end";
        const int seat = waiting[rng() % waiting.size()];
        const std::vector<json> legal = g->legal_actions(seat);
        if (legal.empty()) return "an awaited seat has no legal action";
        const json action = legal[rng() % legal.size()];
        const std::string what = "step " + std::to_string(steps) + ", seat " + std::to_string(seat) + "'s " + action.dump();

        std::unique_ptr<GameRules> real = g->clone();
        std::vector<Event> ev_real;
        if (real->act(seat, action, ev_real)) return "a legal action was refused at " + what;

        // Hidden state: a world drawn again for the actor and for another seat.
        const int other = players > 1 ? (seat + 1 + static_cast<int>(rng() % static_cast<uint64_t>(players - 1))) % players : seat;
        for (int p : {seat, other}) {
            std::unique_ptr<GameRules> d = g->determinize(p, rng());
            std::vector<bool> alike(static_cast<size_t>(players) + 1);
            for (int v = kSpectator; v < players; ++v) alike[static_cast<size_t>(v + 1)] = d->view(v) == g->view(v);
            std::vector<Event> ev_d;
            if (d->act(seat, action, ev_d)) continue;  // not possible in that world (the actor's hand was redrawn)
            if (auto leak = compare(*real, ev_real, *d, ev_d, alike,
                                    what + " in a world determinized for seat " + std::to_string(p)))
                return leak;
        }

        // Hidden choice: a simultaneous decision stays secret while others still decide (the round is
        // not resolved: the others awaited before are awaited still). The actor's other actions then,
        // for everyone but the actor. (A public choice may leave no trace in the views once applied,
        // e.g. a follower scored at once: sequential decisions are covered by the worlds above.)
        std::vector<int> rest = waiting;
        rest.erase(std::find(rest.begin(), rest.end(), seat));
        const bool secret_round = rules.type.dynamics == core::GameType::Dynamics::Simultaneous && !rest.empty() &&
                                  real->awaiting() == rest;
        std::vector<bool> alike(static_cast<size_t>(players) + 1, true);
        alike[static_cast<size_t>(seat + 1)] = false;
        for (size_t tried = 0, i = rng() % legal.size(); secret_round && tried < std::min(kChoicesTried, legal.size());
             ++tried, ++i) {
            const json& alt = legal[i % legal.size()];
            if (alt == action) continue;
            std::unique_ptr<GameRules> c = g->clone();
            std::vector<Event> ev_alt;
            if (c->act(seat, alt, ev_alt)) return "a legal action was refused: " + alt.dump();
            if (auto leak = compare(*real, ev_real, *c, ev_alt, alike, what + " instead of " + alt.dump())) return leak;
        }

        std::vector<Event> events;
        g->act(seat, action, events);
    }
    return std::nullopt;
}

}  // namespace hexhall::test
