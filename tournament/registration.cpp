#include "tournament/registration.hpp"

namespace hexhall::tournament {

namespace {

// Applies `change` to a copy, keeps it if the copy validates.
template <typename F>
std::optional<std::string> checked(Tournament& t, F change) {
    Tournament next = t;
    if (auto err = change(next)) return err;
    if (auto err = validate(next)) return err;
    t = std::move(next);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> add_entrant(Tournament& t, const Entrant& e) {
    if (!t.registration_open) return std::string("registration is closed");
    return checked(t, [&](Tournament& n) -> std::optional<std::string> {
        Entrant x = e;
        x.status = EntrantStatus::Registered;
        x.substitute_for.clear();
        x.joined_round = 1;
        n.entrants.push_back(std::move(x));
        return std::nullopt;
    });
}

std::optional<std::string> rename_entrant(Tournament& t, const std::string& id, const std::string& name) {
    return checked(t, [&](Tournament& n) -> std::optional<std::string> {
        Entrant* e = find_entrant(n, id);
        if (!e) return "unknown entrant '" + id + "'";
        e->name = name;
        return std::nullopt;
    });
}

std::optional<std::string> withdraw_entrant(Tournament& t, const std::string& id) {
    return checked(t, [&](Tournament& n) -> std::optional<std::string> {
        Entrant* e = find_entrant(n, id);
        if (!e) return "unknown entrant '" + id + "'";
        if (e->status != EntrantStatus::Registered) return "entrant '" + id + "' is already " + to_string(e->status);
        e->status = EntrantStatus::Withdrawn;
        return std::nullopt;
    });
}

std::optional<std::string> substitute_entrant(Tournament& t, const std::string& id, Entrant substitute) {
    if (!t.rounds.empty() && t.rounds.back().status == RoundStatus::Seated)
        return std::string("round ") + std::to_string(t.rounds.size()) + " is seated: substitute after it, or swap seats";
    return checked(t, [&](Tournament& n) -> std::optional<std::string> {
        Entrant* e = find_entrant(n, id);
        if (!e) return "unknown entrant '" + id + "'";
        if (e->status != EntrantStatus::Registered) return "entrant '" + id + "' is already " + to_string(e->status);
        e->status = EntrantStatus::Substituted;
        substitute.team = e->team;
        substitute.division = e->division;
        substitute.status = EntrantStatus::Registered;
        substitute.substitute_for = id;
        substitute.joined_round = static_cast<int>(n.rounds.size()) + 1;
        for (Group& g : n.groups)
            for (size_t i = 0, size = g.members.size(); i < size; ++i)
                if (g.members[i] == id) g.members.push_back(substitute.id);
        n.entrants.push_back(std::move(substitute));
        return std::nullopt;
    });
}

void close_registration(Tournament& t) { t.registration_open = false; }

}  // namespace hexhall::tournament
