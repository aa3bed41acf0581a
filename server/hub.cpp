#include "server/hub.hpp"

#include <random>

#include <spdlog/spdlog.h>

#include "server/lobby_messages.hpp"

namespace hexhall::server {

Hub::Hub(GameFactory factory, StrandFactory strands, HubLimits limits)
    : factory_(factory), strands_(std::move(strands)), limits_(limits) {}

size_t Hub::room_count() const {
    std::lock_guard lock(mu_);
    return rooms_.size();
}

std::shared_ptr<Room> Hub::find_room(const std::string& id) const {
    std::lock_guard lock(mu_);
    auto it = rooms_.find(id);
    return it == rooms_.end() ? nullptr : it->second;
}

std::string Hub::new_room_id() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    for (;;) {
        uint32_t w = rd();
        std::string id;
        for (int i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
        if (!rooms_.count(id)) return id;
    }
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
        sessions_.put(c->session_hash, SessionRecord{r.name, known ? known->room : std::string()});
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

    switch (r.kind) {
        case LobbyKind::CreateRoom: {
            std::string error;
            std::unique_ptr<Game> game = factory_(r.body, error);
            if (!game) return c->send(lobby_error("bad_option", error, r.id));
            std::string id;
            {
                std::lock_guard lock(mu_);
                if (rooms_.size() >= limits_.max_rooms)
                    return c->send(lobby_error("too_many_rooms", "the server has no room for more rooms", r.id));
                id = new_room_id();
                rooms_[id] = std::make_shared<Room>(id, std::move(game), strands_());
            }
            spdlog::info("room {} created by {}", id, c->name);
            return c->send(room_created_message(r.id, id));
        }
        case LobbyKind::ListRooms: {
            std::vector<std::shared_ptr<Room>> rooms;
            {
                std::lock_guard lock(mu_);
                for (auto& [id, room] : rooms_) rooms.push_back(room);
            }
            json list = json::array();
            for (auto& room : rooms) list.push_back(room->summary());
            return c->send(rooms_message(r.id, std::move(list)));
        }
        case LobbyKind::JoinRoom: {
            auto room = find_room(r.room);
            if (!room) return c->send(lobby_error("no_room", "no such room", r.id));
            if (c->room && c->room != room) {
                auto old = c->room;
                old->post([old, c] { old->leave(c); });
            }
            c->room = room;
            sessions_.set_room(c->session_hash, room->id());
            room->post([room, c, hash = c->session_hash, name = c->name, seat = r.seat, id = r.id] {
                room->join(c, hash, name, seat, id);
            });
            return;
        }
        case LobbyKind::AddBot: {
            auto room = find_room(r.room);
            if (!room) return c->send(lobby_error("no_room", "no such room", r.id));
            room->post([room, c, seat = *r.seat, bot = r.bot, id = r.id] { room->add_bot(c, seat, bot, id); });
            return;
        }
        case LobbyKind::Start: {
            auto room = find_room(r.room);
            if (!room) return c->send(lobby_error("no_room", "no such room", r.id));
            room->post([room, c, id = r.id] { room->start(c, id); });
            return;
        }
        case LobbyKind::Game: {
            auto room = c->room;
            if (!room) return c->send(lobby_error("not_in_room", "join a room first", r.game_id));
            room->post([room, c, t = std::string(text), id = r.game_id] { room->game_message(c, t, id); });
            return;
        }
        case LobbyKind::Hello:
            return;
    }
}

void Hub::on_close(const ClientPtr& c) {
    if (auto room = c->room) room->post([room, c] { room->leave(c); });
    c->room.reset();
}

}  // namespace hexhall::server
