// Registration by the organiser (or an entrant through an invite link): add, rename, withdraw and
// substitute entrants, close registration. Each validates first and changes nothing on refusal.
#pragma once
#include <optional>
#include <string>

#include "tournament/model.hpp"

namespace hexhall::tournament {

// Adds an entrant while registration is open (id, name, team/division as in validate()).
std::optional<std::string> add_entrant(Tournament& t, const Entrant& e);
std::optional<std::string> rename_entrant(Tournament& t, const std::string& id, const std::string& name);
// The entrant is not seated from the next round on; games played so far keep counting.
std::optional<std::string> withdraw_entrant(Tournament& t, const std::string& id);
// `substitute` (a new entrant) replaces `id` from the next round to be seated, in id's team,
// division and groups. Refused while a round is seated but not started (swap seats instead).
std::optional<std::string> substitute_entrant(Tournament& t, const std::string& id, Entrant substitute);
void close_registration(Tournament& t);

}  // namespace hexhall::tournament
