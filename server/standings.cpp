#include "server/standings.hpp"
#include "server/url_query.hpp"

#include <algorithm>
#include <mutex>
#include <set>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "tournament/hk_standings.hpp"
#include "server/hub.hpp"
#include "server/safe_text.hpp"

namespace hexhall::server {

namespace hk = hexhall::hk;
using json = nlohmann::json;

namespace {

constexpr size_t kMaxRooms = 100;
constexpr size_t kMaxTeams = 200;

// The room ids of `rooms=a,b,c`.
std::vector<std::string> room_ids(std::string_view query) {
    std::vector<std::string> ids;
    if (auto raw = param(query, "rooms")) {
        const std::string list = url_decode(*raw).value_or("");
        size_t from = 0;
        while (from <= list.size()) {
            const size_t comma = std::min(list.find(',', from), list.size());
            if (comma > from) ids.push_back(list.substr(from, comma - from));
            from = comma + 1;
        }
    }
    return ids;
}

// `teams=` (URL-encoded JSON): [{"name":…,"division":…,"members":[player, …]}, …]; an error
// message when it is not that.
std::optional<std::string> parse_teams(std::string_view raw, std::vector<hk::Team>& teams) {
    const std::optional<std::string> text = url_decode(raw);
    const json j = text ? json::parse(*text, nullptr, false) : json();
    if (!j.is_array()) return "teams must be a JSON array of {name, division, members}";
    if (j.size() > kMaxTeams) return "at most 200 teams";
    for (const json& t : j) {
        if (!t.is_object() || !t.contains("name") || !t["name"].is_string() || !t.contains("members") ||
            !t["members"].is_array() || (t.contains("division") && !t["division"].is_string()))
            return "each team needs a \"name\", \"members\" (names) and optionally a \"division\"";
        hk::Team team;
        team.name = t["name"].get<std::string>();
        team.division = t.value("division", "");
        for (const json& m : t["members"]) {
            if (!m.is_string()) return "team \"" + team.name + "\": members are player names";
            team.members.push_back(m.get<std::string>());
        }
        teams.push_back(std::move(team));
    }
    return std::nullopt;
}

bool plausible_id(const std::string& id) {
    if (id.empty() || id.size() > 32) return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// The name a seat is ranked under: the player's name; a built-in bot is told apart by its seat,
// unless its seat has a name of its own (a tournament's house bot plays under its entrant's name).
std::string ranked_name(const SeatRow& s) {
    if (s.kind == "bot" && s.name == s.bot) return s.name + " (bot at seat " + std::to_string(s.seat) + ")";
    return s.name;
}

json fraction_json(const hk::Fraction& f) { return {{"num", f.num}, {"den", f.den}}; }

// A finished game never changes: what it contributes to standings (its result, or why it is
// skipped) is computed once per store and room, then read from here (issue 12 finding 9).
struct FinishedGame {
    std::optional<hk::GameResult> result;  // counted
    json game;                               // its "games" entry
    std::string skip_reason;                 // not counted: why
};
class FinishedGames {
public:
    std::optional<FinishedGame> find(const Store* store, const std::string& id) {
        std::lock_guard lock(mu_);
        auto it = games_.find(key(store, id));
        if (it == games_.end()) return std::nullopt;
        return it->second;
    }
    void put(const Store* store, const std::string& id, FinishedGame g) {
        std::lock_guard lock(mu_);
        if (games_.size() >= 20000) games_.clear();  // bounded
        games_[key(store, id)] = std::move(g);
    }
    size_t size() {
        std::lock_guard lock(mu_);
        return games_.size();
    }

private:
    static std::string key(const Store* store, const std::string& id) {
        return std::to_string(reinterpret_cast<uintptr_t>(store)) + "/" + id;
    }
    std::mutex mu_;
    std::unordered_map<std::string, FinishedGame> games_;
};
FinishedGames& finished_games() {
    static FinishedGames cache;
    return cache;
}

// The standing contribution of a stored, finished, public game.
FinishedGame evaluate(const StoredRoom& st, const std::string& id) {
    FinishedGame out;
    if (st.room.is_private || !st.room.password_hash.empty()) {  // members only (records.hpp)
        out.skip_reason = "no such room";
        return out;
    }
    // The outcome through the game's module (the ranking below is the HK 2024 tournament policy).
    const ReplayedGame g = replay_stored(st);
    const std::optional<core::Outcome> outcome = g.complete ? g.game->outcome() : std::nullopt;
    if (!outcome || outcome->winners.size() != 1 || outcome->scores.size() != static_cast<size_t>(g.game->seats())) {
        out.skip_reason = "the stored game does not replay to its end";
        return out;
    }
    hk::GameResult r;
    r.winner = outcome->winners.front();
    for (int seat = 0; seat < g.game->seats(); ++seat) {
        std::string name = "seat " + std::to_string(seat);
        for (const SeatRow& s : st.seats)
            if (s.seat == seat && !s.name.empty()) name = ranked_name(s);
        r.players.push_back(name);
        r.vp.push_back(outcome->scores[static_cast<size_t>(seat)]);
    }
    if (auto why = hk::validate_game_result(r)) {  // e.g. a game to fewer than 10 VP (HK-1.1)
        out.skip_reason = "not a tournament result: " + *why;
        return out;
    }
    out.game = {{"room", id}, {"players", r.players}, {"vp", r.vp}, {"winner", r.winner}};
    out.result = std::move(r);
    return out;
}

}  // namespace

size_t finished_games_cached() { return finished_games().size(); }

HttpAnswer standings_endpoint(const Hub& hub, std::string_view query) {
    auto error = [](int status, const char* code, const std::string& message) {
        return HttpAnswer{status, safe_dump(json{{"error", code}, {"message", message}})};
    };
    const std::vector<std::string> ids = room_ids(query);
    if (ids.empty()) return error(400, "missing_field", "give the games as ?rooms=<room>,<room>,…");
    if (ids.size() > kMaxRooms) return error(400, "too_many_rooms", "at most 100 rooms at a time");
    std::vector<hk::Team> teams;
    if (auto raw = param(query, "teams"))
        if (auto why = parse_teams(*raw, teams)) return error(400, "bad_value", *why);
    Store* store = hub.store();
    if (!store) return error(503, "no_store", "this server keeps no records");

    json games = json::array(), skipped = json::array();
    std::vector<hk::GameResult> results;
    auto skip = [&](const std::string& room, const std::string& reason) {
        skipped.push_back({{"room", room}, {"reason", reason}});
    };
    std::set<std::string> seen;
    for (const std::string& id : ids) {
        if (!plausible_id(id)) {
            skip(id, "not a room id");
            continue;
        }
        if (!seen.insert(id).second) {  // a game counts once, however often it is listed
            skip(id, "listed more than once");
            continue;
        }
        std::optional<FinishedGame> done = finished_games().find(store, id);
        if (!done) {
            std::optional<StoredRoom> st = store->load_room(id);
            if (!st && hub.has_room(id)) {  // a room whose row is not committed yet
                skip(id, "the game has not finished");
                continue;
            }
            if (!st) {
                skip(id, "no such room");
                continue;
            }
            if (st->room.state != "finished") {
                skip(id, st->room.is_private || !st->room.password_hash.empty() ? "no such room" : "the game has not finished");
                continue;
            }
            done = evaluate(*st, id);
            finished_games().put(store, id, *done);
        }
        if (!done->result) {
            skip(id, done->skip_reason);
            continue;
        }
        games.push_back(done->game);
        results.push_back(*done->result);
    }

    json standings = json::array(), team_rows = json::array();
    try {
        const std::vector<hk::Standing> ranked = hk::individual_standings(results);
        for (const hk::Standing& s : ranked) {
            standings.push_back({{"rank", s.rank},
                                 {"player", s.player},
                                 {"games", s.games},
                                 {"matchPoints", s.match_points},
                                 {"gamePoints", s.game_points},
                                 {"pop", fraction_json(s.pop)},
                                 {"popPerGame", hk::to_double(hk::divide(s.pop, s.games))}});
        }
        if (!teams.empty()) {
            // HK-1.12: each division's members re-ranked among themselves; HK-1.13 breaks ties.
            for (const hk::Team& t : teams)
                for (const std::string& m : t.members)
                    if (std::none_of(ranked.begin(), ranked.end(), [&](const hk::Standing& s) { return s.player == m; }))
                        return error(400, "bad_value", "team \"" + t.name + "\": \"" + m + "\" played none of these games");
            for (const hk::TeamStanding& t : hk::team_standings(teams, hk::division_ranks(ranked, teams)))
                team_rows.push_back({{"rank", t.rank},
                                     {"name", t.name},
                                     {"division", t.division},
                                     {"memberRanks", t.member_ranks},
                                     {"average", fraction_json(t.average)},
                                     {"averageValue", hk::to_double(t.average)}});
        }
    } catch (const std::invalid_argument& e) {  // a team the rules cannot rank (e.g. no members)
        return error(400, "bad_value", e.what());
    } catch (const std::exception& e) {  // validated above; an overflow of the exact PoP sums
        return error(422, "cannot_rank", e.what());
    }
    json out = {{"games", games}, {"skipped", skipped}, {"standings", standings}};
    if (!teams.empty()) out["teams"] = team_rows;
    return HttpAnswer{200, safe_dump(out)};
}

}  // namespace hexhall::server
