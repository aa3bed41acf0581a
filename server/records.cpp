#include "server/records.hpp"

#include "engine/engine.hpp"
#include "engine/record.hpp"
#include "protocol/catan_json.hpp"
#include "server/create_request.hpp"
#include "server/hub.hpp"
#include "server/safe_text.hpp"

namespace hexhall::server {

namespace cat = hexhall::catan;
using json = nlohmann::json;

bool initial_state(const RoomRow& r, cat::GameState& state) {
    cat::GameRecord g;
    return cat::from_text(r.setup + "\nseed " + std::to_string(r.seed) + "\n", g) &&
           cat::new_game(g.options, g.seed, state);
}

json record_json(const StoredRoom& st) {
    const RoomRow& r = st.room;
    // Only the validated options: never the server's internal fields (seat token hashes).
    json options = validated_options(json::parse(r.options, nullptr, false));
    json players = json::array();
    for (const SeatRow& s : st.seats) players.push_back({{"seat", s.seat}, {"name", s.name}, {"kind", s.kind}});

    // Actions as intents (referee actions as their record line), and the result by replaying them.
    json actions = json::array();
    json winner = nullptr;
    cat::GameState state{};
    bool replayable = initial_state(r, state);
    for (const ActionRow& a : st.actions) {
        cat::Action action;
        if (!cat::action_from_text(a.action, action)) {
            actions.push_back({{"seat", a.seat}, {"referee", a.action}});  // unreadable: kept verbatim
            replayable = false;
            continue;
        }
        if (cat::is_referee_action(action.type)) actions.push_back({{"seat", a.seat}, {"referee", a.action}});
        else actions.push_back({{"seat", a.seat}, {"catan", protocol::intent_json(action)}});
        if (replayable) replayable = static_cast<bool>(cat::apply(state, action));
    }
    if (replayable && state.phase == cat::Phase::GameOver) winner = state.winner;
    return {{"room", r.id},
            {"game", r.game},
            {"options", options},
            {"setup", r.setup},
            {"seed", std::to_string(r.seed)},
            {"salt", r.salt},
            {"commitment", r.commitment},
            {"created", r.created_ms},
            {"finished", r.finished_ms},
            {"players", players},
            {"actions", actions},
            {"result", {{"winner", winner}}}};
}

std::optional<HttpAnswer> record_endpoint(const Hub& hub, std::string_view target, std::string_view query) {
    Store* store = hub.store();
    constexpr std::string_view prefix = "/games/";
    const bool replay = target.ends_with("/replay");
    const std::string_view suffix = replay ? "/replay" : "/record";
    if (target.size() <= prefix.size() + suffix.size() || target.substr(0, prefix.size()) != prefix ||
        target.substr(target.size() - suffix.size()) != suffix)
        return std::nullopt;
    const std::string id(target.substr(prefix.size(), target.size() - prefix.size() - suffix.size()));
    auto error = [](int status, const char* code, const char* message) {
        return HttpAnswer{status, safe_dump(json{{"error", code}, {"message", message}})};
    };
    if (id.find('/') != std::string::npos) return std::nullopt;
    if (!store) return error(503, "no_store", "this server keeps no records");
    std::optional<StoredRoom> room = store->load_room(id);
    if (!room && hub.has_room(id)) return error(409, "not_finished", "the game has not finished");  // not stored yet
    if (!room) return error(404, "no_room", "no such room");
    if ((room->room.is_private || !room->room.password_hash.empty()) &&
        (room->room.invite.empty() || query != "invite=" + room->room.invite))
        return error(404, "no_room", "no such room");  // members only: as if it did not exist
    if (room->room.state != "finished") return error(409, "not_finished", "the game has not finished");
    if (replay) return HttpAnswer{200, safe_dump(replay_json(*room))};
    return HttpAnswer{200, safe_dump(record_json(*room))};
}

}  // namespace hexhall::server
