// GET /games/<room>/replay (records.hpp): the finished game replayed from its stored record into the
// spectator's stream — the same snapshot and patch messages a spectator received while it ran.
#include "server/records.hpp"

namespace hexhall::server {

using json = nlohmann::json;

json replay_json(const StoredRoom& st) {
    const RoomRow& r = st.room;
    json players = json::array();
    for (const SeatRow& s : st.seats) players.push_back({{"seat", s.seat}, {"name", s.name}, {"kind", s.kind}});
    json messages = json::array();
    // The game before its first action (its snapshot), then every action's spectator patch.
    StoredRoom start = st;
    start.actions.clear();
    ReplayedGame g = replay_stored(start);
    bool complete = g.complete;
    if (complete) {
        messages.push_back(json::parse(*g.game->snapshot(kSpectatorSeat)));
        for (const ActionRow& a : st.actions) {
            std::string error;
            std::optional<GameUpdate> u = g.game->apply_record(a.action, error);
            if (!u) {
                complete = false;  // a record the game does not accept: the replay stops there
                break;
            }
            messages.push_back(json::parse(*u->spectators));
        }
    }
    return {{"room", r.id}, {"game", stored_game_name(r)}, {"players", players}, {"complete", complete}, {"messages", messages}};
}

}  // namespace hexhall::server
