#include "server/standings.hpp"

#include <stdexcept>
#include <vector>

#include "engine/engine.hpp"
#include "engine/record.hpp"
#include "engine/standings.hpp"
#include "server/hub.hpp"

namespace hexhall::server {

namespace cat = hexhall::catan;
using json = nlohmann::json;

namespace {

constexpr size_t kMaxRooms = 100;

// The room ids of `rooms=a,b,c` (a comma may come encoded as %2C).
std::vector<std::string> room_ids(std::string_view query) {
    std::vector<std::string> ids;
    while (!query.empty()) {
        const size_t amp = query.find('&');
        std::string_view part = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (!part.starts_with("rooms=")) continue;
        std::string list(part.substr(6));
        for (size_t at; (at = list.find("%2C")) != std::string::npos || (at = list.find("%2c")) != std::string::npos;)
            list.replace(at, 3, ",");
        size_t from = 0;
        while (from <= list.size()) {
            const size_t comma = std::min(list.find(',', from), list.size());
            if (comma > from) ids.push_back(list.substr(from, comma - from));
            from = comma + 1;
        }
    }
    return ids;
}

bool plausible_id(const std::string& id) {
    if (id.empty() || id.size() > 32) return false;
    for (char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

// A stored game's final state, replayed from its record; false when it does not replay.
bool final_state(const StoredRoom& st, cat::GameState& state) {
    cat::GameRecord g;
    if (!cat::from_text(st.room.setup + "\nseed " + std::to_string(st.room.seed) + "\n", g) ||
        !cat::new_game(g.options, g.seed, state))
        return false;
    for (const ActionRow& a : st.actions) {
        cat::Action action;
        if (!cat::action_from_text(a.action, action) || !cat::apply(state, action)) return false;
    }
    return state.phase == cat::Phase::GameOver;
}

// The name a seat is ranked under: the player's name; a built-in bot is told apart by its seat.
std::string ranked_name(const SeatRow& s) {
    if (s.kind == "bot") return s.name + " (bot, seat " + std::to_string(s.seat) + ")";
    return s.name;
}

json fraction_json(const cat::Fraction& f) { return {{"num", f.num}, {"den", f.den}}; }

}  // namespace

HttpAnswer standings_endpoint(const Hub& hub, std::string_view query) {
    auto error = [](int status, const char* code, const std::string& message) {
        return HttpAnswer{status, json{{"error", code}, {"message", message}}.dump()};
    };
    const std::vector<std::string> ids = room_ids(query);
    if (ids.empty()) return error(400, "missing_field", "give the games as ?rooms=<room>,<room>,…");
    if (ids.size() > kMaxRooms) return error(400, "too_many_rooms", "at most 100 rooms at a time");
    Store* store = hub.store();
    if (!store) return error(503, "no_store", "this server keeps no records");

    json games = json::array(), skipped = json::array();
    std::vector<cat::GameResult> results;
    auto skip = [&](const std::string& room, const std::string& reason) {
        skipped.push_back({{"room", room}, {"reason", reason}});
    };
    for (const std::string& id : ids) {
        if (!plausible_id(id)) {
            skip(id, "not a room id");
            continue;
        }
        std::optional<StoredRoom> st = store->load_room(id);
        if (!st) {
            skip(id, "no such room");
            continue;
        }
        if (st->room.state != "finished") {
            skip(id, "the game has not finished");
            continue;
        }
        cat::GameState state{};
        if (!final_state(*st, state)) {
            skip(id, "the stored game does not replay to its end");
            continue;
        }
        cat::GameResult r;
        r.winner = state.winner;
        for (int seat = 0; seat < state.options.players; ++seat) {
            std::string name = "seat " + std::to_string(seat);
            for (const SeatRow& s : st->seats)
                if (s.seat == seat && !s.name.empty()) name = ranked_name(s);
            r.players.push_back(name);
            r.vp.push_back(cat::victory_points(state, seat));
        }
        if (auto why = cat::validate_game_result(r)) {  // e.g. a game to fewer than 10 VP (HK-1.1)
            skip(id, "not a tournament result: " + *why);
            continue;
        }
        games.push_back({{"room", id}, {"players", r.players}, {"vp", r.vp}, {"winner", r.winner}});
        results.push_back(std::move(r));
    }

    json standings = json::array();
    try {
        for (const cat::Standing& s : cat::individual_standings(results)) {
            standings.push_back({{"rank", s.rank},
                                 {"player", s.player},
                                 {"games", s.games},
                                 {"matchPoints", s.match_points},
                                 {"gamePoints", s.game_points},
                                 {"pop", fraction_json(s.pop)},
                                 {"popPerGame", cat::to_double(cat::divide(s.pop, s.games))}});
        }
    } catch (const std::exception& e) {  // validated above; an overflow of the exact PoP sums
        return error(422, "cannot_rank", e.what());
    }
    return HttpAnswer{200, json{{"games", games}, {"skipped", skipped}, {"standings", standings}}.dump()};
}

}  // namespace hexhall::server
