// Referee actions as recorded data (issue 17 "Referees"): HK-10.6 warnings, HK-6.5 corrections,
// clock pause / resume and ruling notes, each with who gave it and when. Disqualification is not
// stored: it is computed from the log (two warnings in one match disqualify, HK-10.6).
//
// Decisions: a "match" (一場比賽) is one game, i.e. one table of one round, as the HK-10.6 engine
// note keeps "a warning count per player per match". A correction (HK-6.5) is itself that warning,
// so a correction plus one warning at the same table disqualify. A disqualified entrant is out of
// the tournament: unranked, and not seated in later rounds; the game they were in still counts
// for the other players as played.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "tournament/model.hpp"

namespace hexhall::tournament {

// The rules a warning may cite (HK-10.6: HK-10.2..HK-10.5, or an illegal build, HK-6.5).
bool warnable_rule(const std::string& rule);

// Why `a` cannot be recorded now, or nullopt: a referee name; time not before the last action; the
// round running (a ruling note may also follow a finished round); the table exists; a warning or
// correction names an entrant playing at that table who is not already disqualified and a rule it
// may cite (a correction: HK-6.5); pause only a running clock, resume only a paused one.
std::optional<std::string> check_referee_action(const Tournament& t, const RefereeAction& a);
// check_referee_action, then appends it (a correction without a rule gets "HK-6.5").
std::optional<std::string> record_referee_action(Tournament& t, RefereeAction a);

// Warnings (warnings and corrections) of `entrant` at one table (HK-10.6).
int warnings_at(const Tournament& t, int round, int table, const std::string& entrant);
// True if the table's clock is paused by a referee (the last pause has no resume after it).
bool table_paused(const Tournament& t, int round, int table);

struct Disqualification {
    std::string entrant;
    int round = 0;
    int table = 0;
    int64_t at_ms = 0;     // time of the second warning
    std::string referee;   // who gave it
};
// In log order: each entrant at most once, at their second warning in one match (HK-10.6).
std::vector<Disqualification> disqualifications(const Tournament& t);
bool is_disqualified(const Tournament& t, const std::string& entrant);

}  // namespace hexhall::tournament
