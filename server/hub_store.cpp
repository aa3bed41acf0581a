// The Hub's storage side (docs/decisions/006-storage.md): new rooms get a journal, sessions are
// written through, and restore() recreates unfinished rooms after a crash by replaying their
// stored actions with the room's game module (games are deterministic; bot seeds are stored with
// their seats).
#include <spdlog/spdlog.h>

#include "server/unix_time.hpp"
#include "server/create_request.hpp"
#include "server/edge_metrics.hpp"
#include "server/fairness.hpp"
#include "server/hub.hpp"
#include "server/handler_guard.hpp"
#include "server/password.hpp"
#include "server/room_journal.hpp"

namespace hexhall::server {

namespace {

constexpr const char* kSeatTokenHashesKey = "_seatTokenHashes";
constexpr const char* kOwnerKey = "_owner";          // managed rooms (hub_managed.cpp)
constexpr const char* kSeatNamesKey = "_seatNames";  // managed rooms: names on reserved seats

// The validated createRoom options (server/create_request.hpp: no envelope, no password — kept only
// hashed —, nothing unknown), plus the external seats' token hashes.
json stored_options(const json& request, const RoomSetup& setup, const GameModule& module) {
    json o = validated_options(request, module);
    if (!setup.seat_token_hashes.empty()) {
        json h = json::object();
        for (auto& [seat, hash] : setup.seat_token_hashes) h[std::to_string(seat)] = hash;
        o[kSeatTokenHashesKey] = h;
    }
    if (!setup.owner.empty()) o[kOwnerKey] = setup.owner;
    if (!setup.seat_names.empty()) {
        json n = json::object();
        for (auto& [seat, name] : setup.seat_names) n[std::to_string(seat)] = name;
        o[kSeatNamesKey] = n;
    }
    return o;
}

}  // namespace

void Hub::drop_pending() {
    std::lock_guard lock(mu_);
    for (auto& [id, room] : rooms_) room->drop_pending();
}

void Hub::on_store_health(bool healthy) {
    store_ok_ = healthy;
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, room] : rooms_) rooms.push_back(room);
    }
    for (auto& room : rooms) room->store_health(healthy);
}

void Hub::store_session(const std::string& hash) {
    if (!store_) return;
    if (auto s = sessions_.find(hash)) store_->put_session(SessionRow{hash, s->name, s->room, s->seen_ms});
}

std::shared_ptr<Room> Hub::make_room(RoomSetup setup, std::unique_ptr<Game> game, const json& request) {
    setup.bot_games = bot_games_;
    setup.on_finished = [this](const PlayedGame& g) { game_finished(g); };
    setup.name_of = [accounts = accounts_](const std::string& session, const std::string& fallback) {
        return accounts->name_of_session(session).value_or(fallback);  // a revoked log-in chats as a guest
    };
    setup.account_of = [accounts = accounts_](const std::string& session) {
        const std::optional<Account> a = accounts->by_session(session);
        return a ? a->id : std::string();
    };
    setup.rating_of = [ratings = ratings_, game = std::string(game->name()), family = ruleset_family(game->options())](
                          const std::string& account) { return ratings->cached_rating(account, game, family); };
    setup.stored_rating_of = [ratings = ratings_, game = std::string(game->name()),
                              family = ruleset_family(game->options())](const std::string& account) {
        return ratings->rating_of(account, game, family);  // and this node's copy follows it
    };
    if (const GameModule* m = games_.find(game->name())) setup.bot_names = m->bots;
    auto on_closed = [this](const std::string& id) { remove_room(id); };
    // Off the hub's lock (add_room); a lobby createRoom hashed it on the work pool already.
    if (setup.options.password && setup.password_hash.empty()) setup.password_hash = hash_password(*setup.options.password);
    if (!store_) return std::make_shared<Room>(std::move(setup), std::move(game), strands_(), limits_, on_closed);
    const Fairness fairness = commit_to(game->seed());
    RoomRow row;
    row.id = setup.id;
    row.game = game->name();
    const GameModule* module = games_.find(game->name());
    row.options = stored_options(request, setup, module ? *module : games_.default_game()).dump();
    row.setup = game->setup();
    row.seed = fairness.seed;
    row.salt = fairness.salt;
    row.commitment = fairness.commitment;
    row.invite = setup.invite;
    row.is_private = setup.options.is_private;
    row.password_hash = setup.password_hash;  // Argon2id (docs/decisions/007-password-hashing.md)
    row.host_session = setup.host_session;
    row.state = "open";
    row.created_ms = unix_ms_now();
    store_->put_room(row);
    auto journal = std::make_shared<RoomJournal>(store_, setup.id, strands_(), fairness);
    auto room = std::make_shared<Room>(std::move(setup), std::move(game), journal->gated(), limits_, on_closed);
    room->set_journal(std::move(journal));
    return room;
}

size_t Hub::sweep(int64_t now_ms) {
    // A session in a room that is still open keeps its seat, and one logged in to an account stays
    // until it logs out (docs/decisions/020-accounts.md); every other one expires.
    const std::vector<std::string> gone =
        sessions_.expire(now_ms - limits_.session_ttl.count(), [this](const std::string& hash, const SessionRecord& s) {
            return (!s.room.empty() && find_room(s.room)) || accounts_->by_session(hash).has_value();
        });
    if (!gone.empty())  // games a guest never claimed: store work, on the pool
        work_->submit({"server", "sweep"}, [ratings = ratings_, gone](bool run) {
            if (run) run_guarded("housekeeping", [&] { ratings->forget_guests(gone); });
        });
    if (store_) {
        store_->delete_sessions(gone);
        store_->prune_abandoned(now_ms - limits_.abandoned_keep.count());
    }
    if (!gone.empty()) spdlog::info("sessions: {} idle guest sessions expired", gone.size());
    return gone.size();
}

size_t Hub::restore() {
    if (!store_) return 0;
    accounts_->load();
    ratings_->load();
    ladders_->load();
    const auto sessions = store_->load_sessions();
    const int64_t now = unix_ms_now();  // an older database's sessions count as seen now
    for (const SessionRow& s : sessions) sessions_.put(s.hash, SessionRecord{s.name, s.room, s.seen_ms ? s.seen_ms : now});
    size_t restored = 0;
    for (StoredRoom& st : store_->load_unfinished()) {
        const RoomRow& row = st.room;
        // A room that cannot be restored is set aside (logged, counted, marked abandoned); the
        // server and the other rooms go on.
        auto abandon = [&](const std::string& why) {
            spdlog::error("room {}: cannot be restored ({}); set aside, marked abandoned", printable(row.id),
                          printable(why));
            metrics::room_set_aside();
            store_->set_state(row.id, "abandoned", unix_ms_now());
        };
        std::string why;
        if (run_guarded("restore", [&] { restored += restore_room(st, why) ? 1 : 0; }) || !why.empty())
            abandon(why.empty() ? "unexpected error" : why);
    }
    spdlog::info("restored {} rooms and {} sessions from the store", restored, sessions.size());
    return restored;
}

// One stored room: validates what it reads; false with `why` set when the room cannot be restored.
bool Hub::restore_room(StoredRoom& st, std::string& why) {
    const RoomRow& row = st.room;
    {
        auto abandon = [&](const std::string& w) { why = w.empty() ? "invalid" : w; };
        const json stored = json::parse(row.options, nullptr, false);
        if (!stored.is_object()) {
            abandon("bad options");
            return false;
        }
        const GameModule* module = games_.find_stored(row.game);
        if (!module) return abandon("this server does not host the game \"" + printable(row.game) + "\""), false;
        // Only known options are read back (older databases stored the request as given).
        json request = validated_options(stored, *module);
        RoomSetup setup;
        setup.id = row.id;
        setup.invite = row.invite;
        setup.host_session = row.host_session;
        setup.password_hash = row.password_hash;
        setup.work = work_;
        setup.bot_work = bot_work_;
        setup.guessers = guessers_;
        std::map<std::string, std::string> token_hashes;
        if (auto it = stored.find(kSeatTokenHashesKey); it != stored.end()) {
            if (!it->is_object()) return abandon("bad seat token hashes"), false;
            for (auto& [seat, hash] : it->items()) {
                if (!hash.is_string() || !valid_hash(hash.get<std::string>())) return abandon("bad seat token hash"), false;
                token_hashes[seat] = hash.get<std::string>();
            }
        }
        const bool fixed_seed = request.contains("seed");
        setup.takeover_bot = module->takeover_bot;
        std::string error;
        std::unique_ptr<Game> game = module->recreate(for_game(request), row.setup, row.seed, error);
        if (!game || !parse_room_options(request, game->seats(), module->bots, setup.options, error)) {
            abandon(error);
            return false;
        }
        for (auto& [seat, hash] : token_hashes) {
            if (seat.size() != 1 || seat[0] < '0' || seat[0] - '0' >= game->seats())
                return abandon("seat token hash for no such seat"), false;
            setup.seat_token_hashes[seat[0] - '0'] = hash;
        }
        setup.options.fixed_seed = fixed_seed;
        if (auto it = stored.find(kOwnerKey); it != stored.end()) {
            if (!it->is_string() || it->get_ref<const std::string&>().empty() || it->get_ref<const std::string&>().size() > 200)
                return abandon("bad owner"), false;
            setup.owner = it->get<std::string>();
            make_managed(setup);
        }
        if (auto it = stored.find(kSeatNamesKey); it != stored.end()) {
            if (!it->is_object()) return abandon("bad seat names"), false;
            for (auto& [seat, name] : it->items()) {
                if (seat.size() != 1 || seat[0] < '0' || seat[0] - '0' >= game->seats() || !name.is_string())
                    return abandon("bad seat name"), false;
                setup.seat_names[seat[0] - '0'] = name.get<std::string>();
            }
        }
        if (game->seed() != row.seed || game->setup() != row.setup) {
            abandon("the stored set-up does not give the same game");
            return false;
        }
        std::vector<StoredAction> records;
        for (size_t i = 0; i < st.actions.size() && st.actions[i].seq == static_cast<int64_t>(i); ++i)
            records.push_back({st.actions[i].action, st.actions[i].game_ms});
        if (records.size() != st.actions.size() || !game->restore(records, error)) {
            abandon(records.size() != st.actions.size() ? "a gap in the stored actions" : error);
            return false;
        }
        setup.bot_games = bot_games_;  // charged to its host (or its owner): who created it is not stored
        setup.principal = Principal{setup.owner.empty() ? setup.host_session : "", "", setup.owner};
        auto journal = std::make_shared<RoomJournal>(store_, row.id, strands_(),
                                                     Fairness{row.seed, row.salt, row.commitment},
                                                     static_cast<int64_t>(records.size()));
        auto room = std::make_shared<Room>(std::move(setup), std::move(game), journal->gated(), limits_,
                                           [this](const std::string& id) { remove_room(id); });
        room->set_journal(std::move(journal));
        for (const SeatRow& seat : st.seats) room->restore_seat(seat);
        room->restore_kicked(st.kicked);
        if (auto rulings = store_->load_document(kRulingsKind, row.id))  // the referee log (room_referee.cpp)
            room->restore_rulings(json::parse(rulings->body, nullptr, false));
        if (auto stand_ins = store_->load_document(kStandInsKind, row.id))  // stand-in bots (Room::stand_in)
            room->restore_stand_ins(json::parse(stand_ins->body, nullptr, false));
        if (row.state == "running") room->restore_started();
        {
            std::lock_guard lock(mu_);
            rooms_[row.id] = room;
            if (!row.invite.empty()) invites_[row.invite] = row.id;
        }
        room->post([room] { room->open(); });
        spdlog::info("room {}: restored ({} actions, {})", row.id, records.size(), row.state);
        return true;
    }
}

}  // namespace hexhall::server
