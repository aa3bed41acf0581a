// Managed rooms (Hub::ManagedRoomRequest): rooms that another part of the server runs, such as a
// tournament's tables. They are ordinary rooms with an owner: private, seats reserved by token
// hash for named players (or played by built-in bots), started by themselves once every seat is
// taken or by their owner (force_start), and their outcome reported to the owner.
#include <spdlog/spdlog.h>

#include "server/create_request.hpp"
#include "server/edge_metrics.hpp"
#include "server/hub.hpp"
#include "server/records.hpp"
#include "server/room_options.hpp"

namespace hexhall::server {

void Hub::set_room_over_listener(RoomOverListener listener) { room_over_ = std::move(listener); }
void Hub::set_seat_accounts(SeatAccounts source) { seat_accounts_ = std::move(source); }

void Hub::make_managed(RoomSetup& setup) {
    setup.on_over = [this, owner = setup.owner](const std::string& room, const core::Outcome& o) {
        if (room_over_) room_over_(owner, room, o);
    };
}

std::optional<Hub::ManagedRoom> Hub::create_managed_room(const ManagedRoomRequest& req, std::string& error,
                                                         ManagedStored on_stored) {
    const GameModule* module = module_for(req.options);
    if (!module) {
        error = "unknown game: this server hosts " + games_.names();
        return std::nullopt;
    }
    if (!check_create_keys(req.options, *module, error)) return std::nullopt;
    // The organiser's room quota (and the address the tournament came from) first, before a game
    // is built: a tournament's tables are its organiser's rooms (issue 26).
    const std::string owner = req.owner.empty() ? "managed" : req.owner;
    const Principal who{"", req.organiser_address, owner};
    if (auto refused = take_room_quota(who)) {
        metrics::quota_refused();
        error = "quota_exceeded: " + *refused;
        return std::nullopt;
    }
    bool kept = false;  // the quota is given back unless the room is made
    struct GiveBack {
        Hub* hub;
        const Principal& who;
        bool& kept;
        ~GiveBack() {
            if (!kept) hub->give_back_room_quota(who);
        }
    } give_back{this, who, kept};
    std::unique_ptr<Game> game = module->create(req.options, error);
    if (!game) return std::nullopt;
    RoomSetup setup;
    setup.takeover_bot = module->takeover_bot;
    if (!parse_room_options(req.options, game->seats(), module->bots, setup.options, error)) return std::nullopt;
    setup.options.fixed_seed = req.options.contains("seed");
    for (auto& [seat, hash] : req.seat_token_hashes) {
        if (seat < 0 || seat >= game->seats() || !valid_hash(hash)) {
            error = "bad reserved seat";
            return std::nullopt;
        }
        setup.seat_token_hashes[seat] = hash;
    }
    for (auto& [seat, bot] : req.seat_bots)
        if (seat < 0 || seat >= game->seats() || !module->has_bot(bot) || setup.seat_token_hashes.count(seat)) {
            error = "bad bot seat";
            return std::nullopt;
        }
    setup.seat_names = req.seat_names;
    setup.owner = owner;
    setup.principal = who;
    make_managed(setup);
    setup.invite = new_invite_code();
    std::shared_ptr<Room> room = add_room(setup, std::move(game), req.options);  // the hub's lock: not across building it
    if (!room) {
        error = "the server has no room for more rooms";
        return std::nullopt;
    }
    set_room_holder(setup.id, who);
    kept = true;
    spdlog::info("room {} created for {}", setup.id, setup.owner);
    const ManagedRoom made{setup.id, setup.invite};
    room->post([room, bots = req.seat_bots, store = store_, on_stored = std::move(on_stored), made] {
        room->place_bots(bots);
        room->open();
        room->start_if_full();  // a table of house bots only
        if (on_stored) when_stored(store, [on_stored, made](bool ok) { on_stored(ok, made); });
    });
    return made;
}

bool Hub::force_start(const std::string& id, const std::string& bot, std::function<void(std::vector<int>)> done) {
    auto room = find_room(id);
    if (!room) return false;
    room->post([room, bot, done = std::move(done)] {
        std::vector<int> absent = room->force_start(bot);
        if (done) done(std::move(absent));
    });
    return true;
}

bool Hub::referee(const std::string& id, const Room::RefereeRequest& r, std::function<void(const std::string&)> done) {
    auto room = find_room(id);
    if (!room) return false;
    room->post([room, r, done = std::move(done), store = store()] {
        room->referee(r, [room, done, store](const std::string& error) {
            if (error.empty() && store) forget_finished_bodies(store, room->id());  // the record shows it
            if (done) done(error);
        });
    });
    return true;
}

std::optional<json> Hub::room_summary(const std::string& id) const {
    auto room = find_room(id);
    if (!room) return std::nullopt;
    return room->summary();
}

}  // namespace hexhall::server
