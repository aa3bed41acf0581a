#include "server/records.hpp"

#include <mutex>
#include <unordered_map>

#include "server/create_request.hpp"
#include "server/hub.hpp"
#include "server/safe_text.hpp"

namespace hexhall::server {

using json = nlohmann::json;

std::string stored_game_name(const RoomRow& room, const GameRegistry& games) {
    const GameModule* module = games.find_stored(room.game);
    return module ? module->name : room.game;
}

ReplayedGame replay_stored(const StoredRoom& st, const std::function<void(const GameUpdate&)>& each,
                           const GameRegistry& games) {
    ReplayedGame out;
    const RoomRow& r = st.room;
    const GameModule* module = games.find_stored(r.game);
    if (!module) {
        out.error = "unknown game \"" + r.game + "\"";
        return out;
    }
    json options = json::parse(r.options, nullptr, false);
    if (!options.is_object()) options = json::object();
    out.game = module->recreate(options, r.setup, r.seed, out.error);
    if (!out.game) return out;
    for (const ActionRow& a : st.actions) {
        std::optional<GameUpdate> u = out.game->apply_record(a.action, out.error);
        if (!u) return out;  // a record the game does not accept: the replay stops there
        if (each) each(*u);
    }
    out.complete = true;
    return out;
}

json record_json(const StoredRoom& st) {
    const RoomRow& r = st.room;
    // Only the validated options: never the server's internal fields (seat token hashes).
    const GameModule* module = core::game_registry().find_stored(r.game);
    json options = validated_options(json::parse(r.options, nullptr, false),
                                     module ? *module : core::game_registry().default_game());
    json players = json::array();
    for (const SeatRow& s : st.seats) players.push_back({{"seat", s.seat}, {"name", s.name}, {"kind", s.kind}});

    // Actions as the game writes them in records, and the result by replaying them.
    json actions = json::array();
    for (const ActionRow& a : st.actions)
        actions.push_back(module ? module->record_entry(a.seat, a.action) : json{{"seat", a.seat}, {"record", a.action}});
    // Every winner (several on a shared win) and every seat's score; empty lists when the replay does
    // not end the game. (Records made before this named only the first winner: {"winner": seat}.)
    json result = {{"winners", json::array()}, {"scores", json::array()}};
    const ReplayedGame g = replay_stored(st);
    if (g.complete)
        if (auto o = g.game->outcome()) result = {{"winners", o->winners}, {"scores", o->scores}};
    return {{"room", r.id},
            {"game", stored_game_name(r)},
            {"options", options},
            {"setup", r.setup},
            {"seed", std::to_string(r.seed)},
            {"salt", r.salt},
            {"commitment", r.commitment},
            {"created", r.created_ms},
            {"finished", r.finished_ms},
            {"players", players},
            {"actions", actions},
            {"result", std::move(result)}};
}

namespace {
// Finished games never change: their record and replay bodies are made once and kept, up to
// kCacheBytes in all (issue 12 finding 9). Access is checked against the cached room's flags.
struct FinishedBodies {
    bool members_only = false;
    std::string invite;
    std::string record, replay;  // empty until first asked for
};
constexpr size_t kCacheBytes = 64u << 20;
std::mutex cache_mu;
std::unordered_map<std::string, FinishedBodies> cache;
size_t cache_bytes = 0;

std::string cache_key(const Store* store, const std::string& id) {
    return std::to_string(reinterpret_cast<uintptr_t>(store)) + "/" + id;
}
}  // namespace

void forget_finished_bodies(const Store* store, const std::string& room) {
    std::lock_guard lock(cache_mu);
    auto it = cache.find(cache_key(store, room));
    if (it == cache.end()) return;
    cache_bytes -= std::min(cache_bytes, it->second.record.size() + it->second.replay.size());
    cache.erase(it);
}

size_t finished_bodies_cached() {
    std::lock_guard lock(cache_mu);
    return cache.size();
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
    {
        std::lock_guard lock(cache_mu);
        auto it = cache.find(cache_key(store, id));
        if (it != cache.end()) {
            const FinishedBodies& b = it->second;
            if (b.members_only && (b.invite.empty() || query != "invite=" + b.invite))
                return error(404, "no_room", "no such room");
            const std::string& body = replay ? b.replay : b.record;
            if (!body.empty()) return HttpAnswer{200, body};
        }
    }
    std::optional<StoredRoom> room = store->load_room(id);
    if (!room && hub.has_room(id)) return error(409, "not_finished", "the game has not finished");  // not stored yet
    if (!room) return error(404, "no_room", "no such room");
    if ((room->room.is_private || !room->room.password_hash.empty()) &&
        (room->room.invite.empty() || query != "invite=" + room->room.invite))
        return error(404, "no_room", "no such room");  // members only: as if it did not exist
    if (room->room.state != "finished") return error(409, "not_finished", "the game has not finished");
    json out = replay ? replay_json(*room) : record_json(*room);
    if (!replay)  // a referee's log at this table (room_referee.cpp)
        if (auto rulings = store->load_document(kRulingsKind, id)) {
            json r = json::parse(rulings->body, nullptr, false);
            if (r.is_array()) out["rulings"] = std::move(r);
        }
    // Seats a stand-in bot played for a present player (Room::stand_in): in the record and the replay.
    if (auto stand_ins = store->load_document(kStandInsKind, id)) {
        json r = json::parse(stand_ins->body, nullptr, false);
        if (r.is_array() && !r.empty()) out["standIns"] = std::move(r);
    }
    std::string body = safe_dump(out);
    std::lock_guard lock(cache_mu);
    if (cache_bytes + body.size() > kCacheBytes) cache.clear(), cache_bytes = 0;  // bounded
    FinishedBodies& b = cache[cache_key(store, id)];
    b.members_only = room->room.is_private || !room->room.password_hash.empty();
    b.invite = room->room.invite;
    (replay ? b.replay : b.record) = body;
    cache_bytes += body.size();
    return HttpAnswer{200, std::move(body)};
}

}  // namespace hexhall::server
