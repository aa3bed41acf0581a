// The Hub's storage side (docs/decisions/006-storage.md): new rooms get a journal, sessions are
// written through, and restore() recreates unfinished rooms after a crash by replaying their
// stored actions with the room's game module (games are deterministic; bot seeds are stored with
// their seats).
#include <spdlog/spdlog.h>

#include "server/fairness.hpp"
#include "server/hub.hpp"
#include "server/room_journal.hpp"

namespace hexhall::server {

namespace {

constexpr const char* kSeatTokenHashesKey = "_seatTokenHashes";

// The createRoom options as given, without the envelope and the password (kept only hashed),
// plus the external seats' token hashes.
json stored_options(const json& request, const RoomSetup& setup) {
    json o = request.is_object() ? request : json::object();
    for (const char* key : {"type", "v", "id", "password"}) o.erase(key);
    if (!setup.seat_token_hashes.empty()) {
        json h = json::object();
        for (auto& [seat, hash] : setup.seat_token_hashes) h[std::to_string(seat)] = hash;
        o[kSeatTokenHashesKey] = h;
    }
    return o;
}

}  // namespace

void Hub::drop_pending() {
    std::lock_guard lock(mu_);
    for (auto& [id, room] : rooms_) room->drop_pending();
}

void Hub::store_session(const std::string& hash) {
    if (!store_) return;
    if (auto s = sessions_.find(hash)) store_->put_session(SessionRow{hash, s->name, s->room});
}

std::shared_ptr<Room> Hub::make_room(RoomSetup setup, std::unique_ptr<Game> game, const json& request) {
    auto on_closed = [this](const std::string& id) { remove_room(id); };
    if (!store_) return std::make_shared<Room>(std::move(setup), std::move(game), strands_(), limits_, on_closed);
    const Fairness fairness = commit_to(game->seed());
    RoomRow row;
    row.id = setup.id;
    row.game = game->name();
    row.options = stored_options(request, setup).dump();
    row.setup = game->setup();
    row.seed = fairness.seed;
    row.salt = fairness.salt;
    row.commitment = fairness.commitment;
    row.invite = setup.invite;
    row.is_private = setup.options.is_private;
    if (setup.options.password) row.password_hash = token_hash(*setup.options.password);
    row.host_session = setup.host_session;
    row.state = "open";
    row.created_ms = unix_ms_now();
    store_->put_room(row);
    auto journal = std::make_shared<RoomJournal>(store_, setup.id, strands_(), fairness);
    auto room = std::make_shared<Room>(std::move(setup), std::move(game), journal->gated(), limits_, on_closed);
    room->set_journal(std::move(journal));
    return room;
}

size_t Hub::restore() {
    if (!store_) return 0;
    const auto sessions = store_->load_sessions();
    for (const SessionRow& s : sessions) sessions_.put(s.hash, SessionRecord{s.name, s.room});
    size_t restored = 0;
    for (StoredRoom& st : store_->load_unfinished()) {
        const RoomRow& row = st.room;
        auto abandon = [&](const std::string& why) {
            spdlog::error("room {}: cannot be restored ({}); marked abandoned", row.id, why);
            store_->set_state(row.id, "abandoned", unix_ms_now());
        };
        json request = json::parse(row.options, nullptr, false);
        if (!request.is_object()) {
            abandon("bad options");
            continue;
        }
        RoomSetup setup;
        setup.id = row.id;
        setup.invite = row.invite;
        setup.host_session = row.host_session;
        setup.password_hash = row.password_hash;
        if (auto it = request.find(kSeatTokenHashesKey); it != request.end() && it->is_object())
            for (auto& [seat, hash] : it->items()) setup.seat_token_hashes[std::stoi(seat)] = hash.get<std::string>();
        request.erase(kSeatTokenHashesKey);
        const bool fixed_seed = request.contains("seed");
        // The room's game by name (rows from before games had names: the default game).
        const GameModule* module = row.game.empty() ? &games_.default_game() : games_.find(row.game);
        if (!module) {
            abandon("this server does not host the game \"" + row.game + "\"");
            continue;
        }
        setup.takeover_bot = module->takeover_bot;
        std::string error;
        std::unique_ptr<Game> game = module->recreate(request, row.setup, row.seed, error);
        if (!game || !parse_room_options(request, game->seats(), module->bots, setup.options, error)) {
            abandon(error);
            continue;
        }
        setup.options.fixed_seed = fixed_seed;
        if (game->seed() != row.seed || game->setup() != row.setup) {
            abandon("the stored set-up does not give the same game");
            continue;
        }
        std::vector<StoredAction> records;
        for (size_t i = 0; i < st.actions.size() && st.actions[i].seq == static_cast<int64_t>(i); ++i)
            records.push_back({st.actions[i].action, st.actions[i].game_ms});
        if (records.size() != st.actions.size() || !game->restore(records, error)) {
            abandon(records.size() != st.actions.size() ? "a gap in the stored actions" : error);
            continue;
        }
        auto journal = std::make_shared<RoomJournal>(store_, row.id, strands_(),
                                                     Fairness{row.seed, row.salt, row.commitment},
                                                     static_cast<int64_t>(records.size()));
        auto room = std::make_shared<Room>(std::move(setup), std::move(game), journal->gated(), limits_,
                                           [this](const std::string& id) { remove_room(id); });
        room->set_journal(std::move(journal));
        for (const SeatRow& seat : st.seats) room->restore_seat(seat);
        room->restore_kicked(st.kicked);
        if (row.state == "running") room->restore_started();
        {
            std::lock_guard lock(mu_);
            rooms_[row.id] = room;
            if (!row.invite.empty()) invites_[row.invite] = row.id;
        }
        room->post([room] { room->open(); });
        ++restored;
        spdlog::info("room {}: restored ({} actions, {})", row.id, records.size(), row.state);
    }
    spdlog::info("restored {} rooms and {} sessions from the store", restored, sessions.size());
    return restored;
}

}  // namespace hexhall::server
