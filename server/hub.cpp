#include "server/unix_time.hpp"
#include "server/hub.hpp"

#include <random>

#include <spdlog/spdlog.h>

#include "server/create_request.hpp"
#include "server/lobby_messages.hpp"
#include "server/metrics.hpp"
#include "server/room_options.hpp"

namespace hexhall::server {

Hub::Hub(const GameRegistry& games, StrandFactory strands, HubLimits limits, std::shared_ptr<Store> store)
    : games_(games),
      strands_(std::move(strands)),
      limits_(limits),
      store_(std::move(store)),
      rooms_by_session_(limits.rooms_per_session),
      rooms_by_address_(limits.rooms_per_address),
      bot_rooms_by_session_(limits.bot_rooms_per_session),
      bot_rooms_by_address_(limits.bot_rooms_per_address) {}

size_t Hub::room_count() const {
    std::lock_guard lock(mu_);
    return rooms_.size();
}

std::shared_ptr<Room> Hub::find_room(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::shared_ptr<Room> Hub::find_invite(const std::string& invite) const {
    std::lock_guard lock(mu_);
    auto it = invites_.find(invite);
    if (it == invites_.end()) return nullptr;
    auto r = rooms_.find(it->second);
    return r == rooms_.end() ? nullptr : r->second;
}

std::string Hub::new_room_id() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    for (;;) {
        // 64 random bits (16 hex digits): not guessable by probing (issue 12, finding 8).
        std::string id;
        for (int word = 0; word < 2; ++word)
            for (uint32_t w = rd(), i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
        if (!rooms_.count(id) && !(store_ && store_->room_exists(id))) return id;  // stored: finished rooms too
    }
}

void Hub::remove_room(const std::string& id) {
    give_back_room_quota(id);
    std::lock_guard lock(mu_);
    for (auto it = invites_.begin(); it != invites_.end();)
        it = it->second == id ? invites_.erase(it) : std::next(it);
    rooms_.erase(id);
}

const GameModule* Hub::module_for(const json& request) const {
    auto g = request.find("game");
    if (g == request.end() || g->is_null()) return &games_.default_game();
    return g->is_string() ? games_.find(g->get_ref<const std::string&>()) : nullptr;
}

void Hub::create_room(const ClientPtr& c, const LobbyRequest& r) {
    std::string error;
    const GameModule* module = module_for(r.body);
    if (!module)
        return c->send(lobby_error("bad_option", "unknown \"game\": this server hosts " + games_.names(), r.id));
    if (!check_create_keys(r.body, *module, error)) return c->send(lobby_error("bad_option", error, r.id));
    // A rematch names the finished room it follows; whether it is linked there is that room's
    // business (members only), and the reply is the same either way (no oracle for private ids).
    std::shared_ptr<Room> rematch_of;
    if (auto it = r.body.find("rematchOf"); it != r.body.end()) {
        if (!it->is_string()) return c->send(lobby_error("bad_option", "\"rematchOf\" must be a room id", r.id));
        rematch_of = find_room(it->get<std::string>());
    }
    // The quota first: a createRoom it refuses builds no game (issue 26: a flood of refused ones
    // cost the server 50% CPU). Taken here, given back if the request is refused after all.
    if (!take_room_quota(c, r.id)) return;
    auto refuse = [&](const std::string& message) {
        rooms_by_session_.give_back(c->session_hash);
        rooms_by_address_.give_back(c->address);
        c->send(lobby_error("bad_option", message, r.id));
    };
    json body = r.body;  // no internal key: check_create_keys refuses every "_…" key
    std::unique_ptr<Game> game = module->create(body, error);
    if (!game) return refuse(error);
    RoomSetup setup;
    setup.takeover_bot = module->takeover_bot;
    if (!parse_room_options(r.body, game->seats(), module->bots, setup.options, error)) return refuse(error);
    json seat_tokens = json::array();
    for (int seat : setup.options.external_bots) {
        const std::string token = new_session_token();
        setup.seat_token_hashes[seat] = token_hash(token);  // only the hash is kept
        seat_tokens.push_back({{"seat", seat}, {"token", token}});
    }
    setup.invite = new_invite_code();
    setup.host_session = c->session_hash;
    std::shared_ptr<Room> room;
    {
        std::unique_lock lock(mu_);
        if (rooms_.size() >= limits_.max_rooms) {
            lock.unlock();
            rooms_by_session_.give_back(c->session_hash);
            rooms_by_address_.give_back(c->address);
            return c->send(lobby_error("too_many_rooms", "the server has no room for more rooms", r.id));
        }
        setup.id = new_room_id();
        {
            std::lock_guard q(quota_mu_);
            room_holders_[setup.id] = Holder{c->session_hash, c->address};
        }
        while (invites_.count(setup.invite)) setup.invite = new_invite_code();
        room = make_room(setup, std::move(game), body);
        rooms_[setup.id] = room;
        invites_[setup.invite] = setup.id;
    }
    spdlog::info("room {} created by {} (conn {})", setup.id, c->name, c->connection_id);
    room->post([room] { room->open(); });
    c->send(room_created_message(r.id, setup.id, setup.invite, seat_tokens));
    if (rematch_of)
        rematch_of->post([old = rematch_of, session = c->session_hash, id = setup.id, invite = setup.invite] {
            old->link_rematch(session, id, invite);
        });
}

void Hub::on_message(const ClientPtr& c, std::string_view text) {
    ParsedLobby p = parse_lobby(text);
    if (!p.ok()) return c->send(protocol::error_message(p.error));
    LobbyRequest& r = *p.request;

    if (r.kind == LobbyKind::Hello) {
        if (!c->session_hash.empty()) return c->send(lobby_error("already_hello", "hello was already sent", r.id));
        std::string token;
        std::optional<SessionRecord> known;
        if (r.token && valid_token(*r.token)) {
            known = sessions_.find(token_hash(*r.token));
            if (known) token = *r.token;
        }
        if (token.empty()) token = new_session_token();  // no or unknown token: a new session
        c->session_hash = token_hash(token);
        c->name = r.name;
        sessions_.put(c->session_hash, SessionRecord{r.name, known ? known->room : std::string(), unix_ms_now()});
        store_session(c->session_hash);
        c->send(welcome_message(r.id, token, r.name));
        if (known && !known->room.empty()) {
            if (auto room = find_room(known->room)) {
                c->room = room;
                room->post([room, c, hash = c->session_hash] { room->reattach(c, hash); });
            }
        }
        return;
    }
    if (c->session_hash.empty()) {
        if (r.kind == LobbyKind::Game) return c->send(lobby_error("no_session", "send hello first", r.game_id));
        return c->send(lobby_error("no_session", "send hello first", r.id));
    }

    if (!store_ok_ && (r.kind == LobbyKind::CreateRoom || r.kind == LobbyKind::Game)) {
        const auto id = r.kind == LobbyKind::Game ? r.game_id : std::optional<int64_t>(r.id);
        return c->send(lobby_error("store_unavailable", "the server cannot store games now: try again later", id));
    }
    if (r.kind == LobbyKind::CreateRoom) return create_room(c, r);
    if (r.kind == LobbyKind::ListRooms) return list_rooms(c, r);
    if (r.kind == LobbyKind::Game) {
        auto room = c->room;
        if (!room) return c->send(lobby_error("not_in_room", "join a room first", r.game_id));
        room->post([room, c, m = std::move(r.body), id = r.game_id, received = metrics::Clock::now()] {
            room->game_message(c, m, id);
            metrics::game_message_handled(received);
        });
        return;
    }

    const bool by_invite = r.kind == LobbyKind::JoinRoom && !r.invite.empty();
    auto room = by_invite ? find_invite(r.invite) : find_room(r.room);
    if (!room) return c->send(lobby_error("no_room", "no such room", r.id));
    const int seat = r.seat.value_or(-1);
    switch (r.kind) {
        case LobbyKind::JoinRoom: {
            if (c->room && c->room != room) {
                auto old = c->room;
                old->post([old, c] { old->disconnect(c); });
            }
            c->room = room;
            sessions_.set_room(c->session_hash, room->id(), unix_ms_now());
            store_session(c->session_hash);
            JoinRequest jr{r.seat, by_invite, r.password, r.seat_token};
            room->post([room, c, hash = c->session_hash, name = c->name, jr, id = r.id] {
                room->join(c, hash, name, jr, id);
            });
            return;
        }
        case LobbyKind::LeaveRoom:
            if (c->room == room) {
                c->room.reset();
                sessions_.set_room(c->session_hash, "", unix_ms_now());
                store_session(c->session_hash);
            }
            return room->post([room, c, id = r.id] { room->leave(c, id); });
        case LobbyKind::AddBot:
            return room->post([room, c, seat, bot = r.bot, id = r.id] { room->add_bot(c, seat, bot, id); });
        case LobbyKind::RemoveBot:
            return room->post([room, c, seat, id = r.id] { room->remove_bot(c, seat, id); });
        case LobbyKind::Kick:
            return room->post([room, c, seat, id = r.id] { room->kick(c, seat, id); });
        case LobbyKind::TransferHost:
            return room->post([room, c, seat, id = r.id] { room->transfer_host(c, seat, id); });
        case LobbyKind::Start:
            if (!take_bot_room_quota(c, room, r.id)) return;
            return room->post([room, c, id = r.id] { room->start(c, id); });
        case LobbyKind::Chat:
            return room->post([room, c, text = r.text, id = r.id] { room->chat(c, text, id); });
        default:
            return;
    }
}

void Hub::on_close(const ClientPtr& c) {
    if (auto room = c->room) room->post([room, c] { room->disconnect(c); });
    c->room.reset();
}

}  // namespace hexhall::server
