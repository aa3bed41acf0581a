#include "server/room.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/lobby_messages.hpp"

namespace hexhall::server {

Room::Room(std::string id, std::unique_ptr<Game> game, Post post)
    : id_(std::move(id)), game_(std::move(game)), post_(std::move(post)) {
    seats_.resize(game_->seats());
    for (char ch : id_) bot_seed_ = bot_seed_ * 131 + static_cast<unsigned char>(ch);
    refresh_summary();
}

json Room::summary() const {
    std::lock_guard lock(summary_mu_);
    return summary_;
}

void Room::refresh_summary() {
    json seats = json::array();
    for (const Seat& s : seats_) {
        if (s.kind == Seat::Kind::Empty) seats.push_back(nullptr);
        else if (s.kind == Seat::Kind::Bot) seats.push_back({{"kind", "bot"}, {"name", s.name}});
        else seats.push_back({{"kind", "human"}, {"name", s.name}, {"connected", !s.client.expired()}});
    }
    size_t spectators = 0;
    for (auto& w : spectators_) spectators += !w.expired();
    json j = {{"room", id_},        {"game", game_->name()}, {"options", game_->options()},
              {"seats", seats},     {"spectators", spectators}, {"started", started_},
              {"over", game_->over()}};
    std::lock_guard lock(summary_mu_);
    summary_ = std::move(j);
}

int Room::seat_of(const ClientPtr& c) const {
    for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].kind == Seat::Kind::Human && seats_[i].client.lock() == c) return static_cast<int>(i);
    return -1;
}

bool Room::is_spectator(const ClientPtr& c) const {
    return std::any_of(spectators_.begin(), spectators_.end(), [&](auto& w) { return w.lock() == c; });
}

void Room::join(const ClientPtr& c, const std::string& session, const std::string& name, std::optional<int> seat,
                int64_t id) {
    if (!seat) {
        if (!is_spectator(c)) spectators_.push_back(c);
        c->send(joined_message(id, id_, -1));
    } else {
        if (*seat >= static_cast<int>(seats_.size()))
            return c->send(lobby_error("out_of_range", "no such seat in this room", id));
        for (size_t i = 0; i < seats_.size(); ++i)
            if (static_cast<int>(i) != *seat && seats_[i].kind == Seat::Kind::Human && seats_[i].session == session)
                return c->send(lobby_error("already_seated", "this session already holds another seat", id));
        Seat& s = seats_[*seat];
        if (s.kind == Seat::Kind::Empty) {
            s.kind = Seat::Kind::Human;
            s.session = session;
            s.name = name;
        } else if (!(s.kind == Seat::Kind::Human && s.session == session)) {
            return c->send(lobby_error("seat_taken", "the seat is taken", id));
        }
        s.client = c;
        spectators_.erase(std::remove_if(spectators_.begin(), spectators_.end(),
                                         [&](auto& w) { return w.expired() || w.lock() == c; }),
                          spectators_.end());
        c->send(joined_message(id, id_, *seat));
    }
    if (started_) c->send(game_->snapshot(seat ? *seat : kSpectatorSeat));
    refresh_summary();
}

void Room::reattach(const ClientPtr& c, const std::string& session) {
    for (size_t i = 0; i < seats_.size(); ++i) {
        Seat& s = seats_[i];
        if (s.kind != Seat::Kind::Human || s.session != session) continue;
        s.client = c;
        c->send(joined_message(std::nullopt, id_, static_cast<int>(i)));
        if (started_) c->send(game_->snapshot(static_cast<int>(i)));
        refresh_summary();
        return;
    }
}

void Room::add_bot(const ClientPtr& c, int seat, const std::string& bot, int64_t id) {
    if (started_) return c->send(lobby_error("already_started", "the game has started", id));
    if (seat >= static_cast<int>(seats_.size()))
        return c->send(lobby_error("out_of_range", "no such seat in this room", id));
    Seat& s = seats_[seat];
    if (s.kind != Seat::Kind::Empty) return c->send(lobby_error("seat_taken", "the seat is taken", id));
    if (!game_->set_bot(seat, bot, bot_seed_ + static_cast<uint64_t>(seat)))
        return c->send(lobby_error("bad_value", "unknown bot", id));
    s.kind = Seat::Kind::Bot;
    s.name = bot;
    c->send(bot_added_message(id, id_, seat));
    refresh_summary();
}

void Room::start(const ClientPtr& c, int64_t id) {
    if (started_) return c->send(lobby_error("already_started", "the game has started", id));
    if (seat_of(c) < 0) return c->send(lobby_error("not_seated", "only a seated player may start the game", id));
    for (const Seat& s : seats_)
        if (s.kind == Seat::Kind::Empty) return c->send(lobby_error("seats_empty", "every seat must be filled", id));
    started_ = true;
    spdlog::info("room {}: game started", id_);
    for (size_t i = 0; i < seats_.size(); ++i) {
        if (auto cl = seats_[i].client.lock()) {
            cl->send(started_message(cl == c ? std::optional<int64_t>(id) : std::nullopt, id_));
            cl->send(game_->snapshot(static_cast<int>(i)));
        }
    }
    for (auto& w : spectators_) {
        if (auto cl = w.lock()) {
            cl->send(started_message(std::nullopt, id_));
            cl->send(game_->snapshot(kSpectatorSeat));
        }
    }
    refresh_summary();
    pump_bots();
}

void Room::game_message(const ClientPtr& c, const std::string& text, std::optional<int64_t> id) {
    int seat = seat_of(c);
    if (seat < 0) {
        if (!is_spectator(c)) return c->send(lobby_error("not_in_room", "join the room first", id));
        seat = kSpectatorSeat;
    }
    if (!started_) return c->send(lobby_error("not_started", "the game has not started", id));
    GameReply r = game_->handle(seat, text);
    c->send(r.reply);
    if (r.update) {
        broadcast(*r.update);
        pump_bots();
    }
}

void Room::leave(const ClientPtr& c) {
    for (Seat& s : seats_)
        if (s.kind == Seat::Kind::Human && s.client.lock() == c) s.client.reset();  // the seat stays reserved
    spectators_.erase(std::remove_if(spectators_.begin(), spectators_.end(),
                                     [&](auto& w) { return w.expired() || w.lock() == c; }),
                      spectators_.end());
    refresh_summary();
}

void Room::broadcast(const GameUpdate& u) {
    for (size_t i = 0; i < seats_.size() && i < u.seats.size(); ++i)
        if (auto cl = seats_[i].client.lock()) cl->send(u.seats[i]);
    for (auto& w : spectators_)
        if (auto cl = w.lock()) cl->send(u.spectators);
    if (game_->over()) {
        spdlog::info("room {}: game over", id_);
        refresh_summary();
    }
}

// One bot action per strand turn, so that client messages interleave with long bot sequences.
void Room::pump_bots() {
    if (bots_scheduled_) return;
    bots_scheduled_ = true;
    post([self = shared_from_this()] {
        self->bots_scheduled_ = false;
        if (auto u = self->game_->bot_step()) {
            self->broadcast(*u);
            self->pump_bots();
        }
    });
}

}  // namespace hexhall::server
