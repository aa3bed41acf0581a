// GET /games/<room>/replay (records.hpp): the finished game replayed from its stored record into the
// spectator's stream — the same snapshot and patch messages a spectator received while it ran.
#include "engine/engine.hpp"
#include "engine/record.hpp"
#include "protocol/view_stream.hpp"
#include "server/records.hpp"

namespace hexhall::server {

namespace cat = hexhall::catan;
using json = nlohmann::json;

json replay_json(const StoredRoom& st) {
    const RoomRow& r = st.room;
    json players = json::array();
    for (const SeatRow& s : st.seats) players.push_back({{"seat", s.seat}, {"name", s.name}, {"kind", s.kind}});
    json messages = json::array();
    cat::GameState state{};
    bool complete = initial_state(r, state);
    if (complete) {
        protocol::ViewStream spectator(cat::kSpectator, 0, /*include_legal=*/false);
        protocol::ViewCache cache;
        cat::EventList events;
        messages.push_back(spectator.snapshot(state));
        for (const ActionRow& a : st.actions) {
            cat::Action action;
            events.clear();
            if (!cat::action_from_text(a.action, action) || !cat::apply(state, action, &events)) {
                complete = false;  // a record the engine does not accept: the replay stops there
                break;
            }
            messages.push_back(spectator.patch(state, events, 0, &cache));
        }
    }
    return {{"room", r.id}, {"game", r.game}, {"players", players}, {"complete", complete}, {"messages", messages}};
}

}  // namespace hexhall::server
