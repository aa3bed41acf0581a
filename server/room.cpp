#include "server/room.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "server/lobby_messages.hpp"
#include "server/edge_metrics.hpp"
#include "server/handler_guard.hpp"
#include "server/metrics.hpp"
#include "server/password.hpp"
#include "server/room_journal.hpp"
#include "server/session.hpp"

namespace hexhall::server {

namespace {
constexpr int kChatBurst = 5;               // messages …
constexpr int64_t kChatWindowMs = 10'000;   // … per 10 s per session

int64_t steady_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
}  // namespace

Room::Room(RoomSetup setup, std::unique_ptr<Game> game, Strand strand, HubLimits limits,
           std::function<void(const std::string&)> on_closed)
    : id_(std::move(setup.id)),
      invite_(std::move(setup.invite)),
      host_session_(std::move(setup.host_session)),
      options_(std::move(setup.options)),
      seat_token_hashes_(std::move(setup.seat_token_hashes)),
      takeover_bot_(std::move(setup.takeover_bot)),
      owner_(std::move(setup.owner)),
      seat_names_(std::move(setup.seat_names)),
      on_over_(std::move(setup.on_over)),
      on_finished_(std::move(setup.on_finished)),
      rating_of_(std::move(setup.rating_of)),
      stored_rating_of_(std::move(setup.stored_rating_of)),
      name_of_(std::move(setup.name_of)),
      account_of_(std::move(setup.account_of)),
      game_(std::move(game)),
      strand_(std::move(strand)),
      limits_(limits),
      on_closed_(std::move(on_closed)),
      password_hash_(std::move(setup.password_hash)),
      work_(std::move(setup.work)),
      guessers_(std::move(setup.guessers)),
      bot_work_(std::move(setup.bot_work)),
      bot_games_(std::move(setup.bot_games)),
      principal_(std::move(setup.principal)),
      bot_names_(std::move(setup.bot_names)) {
    seats_.resize(game_->seats());
    spectators_changed();  // nobody yet
    for (auto it = seat_token_hashes_.begin(); it != seat_token_hashes_.end();)  // only seats that exist
        it = it->first < 0 || it->first >= game_->seats() ? seat_token_hashes_.erase(it) : std::next(it);
    for (auto& [seat, hash] : seat_token_hashes_) {
        seats_[seat].kind = Seat::Kind::External;
        if (auto it = seat_names_.find(seat); it != seat_names_.end()) seats_[seat].name = it->second;
    }
    // Built-in bots' seeds: from the fixed seed when the creator gave one, so the same seed and the
    // same moves give the same game against bots in any room (bot developers replay games so);
    // otherwise from the room id.
    if (options_.fixed_seed) bot_seed_ = game_->seed() * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    else
        for (char ch : id_) bot_seed_ = bot_seed_ * 131 + static_cast<unsigned char>(ch);
    bot_pause_ = limits_.bot_move_interval;
    summary_ = make_summary();
}

json Room::summary() const {
    std::lock_guard lock(summary_mu_);
    return summary_;
}

std::vector<int> Room::seats_of_account(const std::string& account) const {
    std::vector<int> out;
    if (account.empty()) return out;
    std::lock_guard lock(summary_mu_);
    for (auto& [seat, a] : account_seats_)
        if (a == account) out.push_back(seat);
    return out;
}

std::string Room::seat_account(const Seat& s) const {
    if (!s.held()) return {};
    if (!s.account.empty()) return s.account;
    return account_of_ ? account_of_(s.session) : std::string();  // a guest who logged in, a restored room
}

json Room::make_summary() const {
    {
        std::vector<std::pair<int, std::string>> held;
        if (!game_->over())
            for (size_t i = 0; i < seats_.size(); ++i)
                if (std::string a = seat_account(seats_[i]); !a.empty()) held.emplace_back(static_cast<int>(i), std::move(a));
        std::lock_guard lock(summary_mu_);
        account_seats_ = std::move(held);
    }
    json seats = json::array();
    int host = -1;
    for (size_t i = 0; i < seats_.size(); ++i) {
        const Seat& s = seats_[i];
        if (s.held() && s.session == host_session_) host = static_cast<int>(i);
        if (s.kind == Seat::Kind::Empty) {
            seats.push_back(nullptr);
            continue;
        }
        json j = {{"kind", s.kind == Seat::Kind::Bot ? "bot" : s.kind == Seat::Kind::External ? "external" : "human"},
                  {"name", s.name},
                  {"connected", s.kind == Seat::Kind::Bot || !s.client.expired()}};
        if (s.bot_playing) j["botPlaying"] = *s.bot_playing;
        if (options_.rated && s.rating)  // ratings next to names (decision 020)
            j["rating"] = {{"mu", s.rating->mu}, {"sigma", s.rating->sigma}, {"ordinal", rating::ordinal(*s.rating)}};
        else if (s.bot_at_ms > 0 && s.client.expired()) j["botAt"] = s.bot_at_ms;  // the absent player's countdown
        seats.push_back(std::move(j));
    }
    size_t spectators = 0;
    for (auto& w : spectators_) spectators += !w.client.expired();
    // A tournament's table: its owner is "tournament:<id>" (tournament/desk).
    constexpr std::string_view tournament_owner = "tournament:";
    const bool tournament_table = owner_.starts_with(tournament_owner);
    json j = {{"room", id_},
            {"game", game_->name()},
            {"options", game_->options()},
            {"private", options_.is_private},
            {"invite", invite_},
            {"host", host >= 0 ? json(host) : json(nullptr)},
            {"seats", std::move(seats)},
            {"spectators", spectators},
            {"spectatorsAllowed", options_.spectators},
            {"clock", game_->clock()},
            {"grace", options_.grace_s},
            {"started", started_ && start_told_},  // not before the start is stored (begin_game)
            {"over", game_->over()},
            // A seed its creator chose (docs/fairness.md: one everyone may know); a tournament's
            // table's seed is the desk's secret, derived from the tournament's, so not "fixed".
            {"fixedSeed", options_.fixed_seed && !tournament_table}};
    if (options_.rated) j["rated"] = true;
    if (!options_.club.empty()) j["club"] = options_.club;  // a club's room (decision 028)
    if (started_ && start_told_ && journal_) j["commitment"] = journal_->fairness().commitment;  // docs/fairness.md
    if (store_failing_) j["store"] = "failing";  // paused until the store works again
    if (rematch_) j["rematch"] = {{"room", rematch_->first}, {"invite", rematch_->second}};  // link_rematch
    if (started_ && game_->clock_paused()) j["clockPaused"] = true;  // by a referee (room_referee.cpp)
    // A tournament's table: the tournament's id, so a client says what the table is (no host; the
    // round's shared board) and links its tournament.
    if (tournament_table) j["tournament"] = owner_.substr(tournament_owner.size());
    if (bot_game_ != BotGame::No) j["botGame"] = bot_game_ == BotGame::Held ? "running" : "waiting";  // review_bot_game
    if (game_->over())  // the game's own outcome, the same for every game (protocol.md "room")
        if (const std::optional<core::Outcome> o = game_->outcome())
            j["result"] = {{"winners", o->winners}, {"scores", o->scores}};
    return j;
}

void Room::push_room(Push how) {
    review_bot_game();  // every transition comes here
    {
        json j = make_summary();
        std::lock_guard lock(summary_mu_);
        summary_ = std::move(j);  // listRooms sees every change at once
    }
    if (push_gap_ && how == Push::Coalesced) {
        push_dirty_ = true;  // sent at the gap's end, with the state then
    } else if (push_gap_) {
        send_room_push();    // a change that matters to the game goes at once
        push_dirty_ = false;
    } else {
        send_room_push();
        push_gap_ = true;
        strand_.post_after(kRoomPushGap, [self = shared_from_this()] {
            self->push_gap_ = false;
            if (self->push_dirty_ && !self->closed_) {
                self->push_dirty_ = false;
                self->push_room();
            }
        });
    }
    arm_idle();
    if (running()) pump_bots();  // a paused game of bots resumes when somebody watches
}

Text Room::room_push_text() const {
    json j;
    {
        std::lock_guard lock(summary_mu_);
        j = summary_;
    }
    j["type"] = "room";
    j["v"] = protocol::kProtocolVersion;
    return make_text(j);
}

void Room::send_room_push() { send_all(room_push_text()); }

void Room::send_all(const Text& t) {
    for (const Seat& s : seats_)
        if (auto cl = s.client.lock()) cl->send(t);
    for (auto& w : spectators_)
        if (auto cl = w.client.lock()) cl->send(t);
}

int Room::seat_of(const ClientPtr& c) const {
    for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].held() && seats_[i].client.lock() == c) return static_cast<int>(i);
    return -1;
}

int Room::seat_of_session(const std::string& session) const {
    for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].held() && seats_[i].session == session) return static_cast<int>(i);
    return -1;
}

bool Room::is_spectator(const ClientPtr& c) const {
    return std::any_of(spectators_.begin(), spectators_.end(), [&](auto& w) { return w.client.lock() == c; });
}

bool Room::is_member(const std::string& session) const {
    return seat_of_session(session) >= 0 ||
           std::any_of(spectators_.begin(), spectators_.end(), [&](auto& w) { return w.session == session; });
}

void Room::open() { arm_idle(); }

// ------------------------------------------------------------------ membership

void Room::join(const ClientPtr& c, const std::string& session, const std::string& name, const JoinRequest& req,
                int64_t id) {
    join_checked(c, session, name, req, id, false);
}

void Room::join_checked(const ClientPtr& c, const std::string& session, const std::string& name,
                        const JoinRequest& req, int64_t id, bool password_passed) {
    if (closed_) return c->send(lobby_error("no_room", "no such room", id));
    const bool member = is_member(session) || session == host_session_;
    if (options_.is_private && !req.by_invite && !member)
        return c->send(lobby_error("no_room", "no such room", id));
    if (kicked_.count(session)) return c->send(lobby_error("kicked", "you were kicked from this room", id));
    if (!password_hash_.empty() && !member && !password_passed) return check_password(c, session, name, req, id);
    if (!req.seat) {
        if (!options_.spectators) return c->send(lobby_error("no_spectators", "this room has no spectators", id));
        if (!is_spectator(c)) spectators_.push_back({c, session});
        spectators_changed();  // before its snapshot
        c->send(joined_message(id, id_, -1));
        // The newcomer gets the room at once; the others' push is coalesced (spectator churn).
        {
            json j = make_summary();
            std::lock_guard lock(summary_mu_);
            summary_ = std::move(j);
        }
        c->send(room_push_text());
        push_room(Push::Coalesced);
        if (started_) c->send(game_->snapshot(kSpectatorSeat));
        send_event_history(c, kSpectatorSeat);
        send_chat_history(c);
        send_seed_reveal(c);
        return;
    }
    const int n = *req.seat;
    if (n >= static_cast<int>(seats_.size()))
        return c->send(lobby_error("out_of_range", "no such seat in this room", id));
    const int held = seat_of_session(session);
    if (held >= 0 && held != n)
        return c->send(lobby_error("already_seated", "this session already holds another seat", id));
    Seat& s = seats_[n];
    if (held == n) {
        // Rejoining one's own seat (e.g. from a new connection).
    } else if (s.kind == Seat::Kind::Empty) {
        if (options_.rated) {  // people with accounts only, one seat each (decision 020)
            if (req.account.empty())
                return c->send(lobby_error("account_required", "a rated room seats players who are logged in", id));
            for (const Seat& other : seats_)
                if (other.account == req.account)
                    return c->send(lobby_error("already_seated", "this account already holds another seat", id));
        }
        s.kind = Seat::Kind::Human;
        s.session = session;
        s.name = name;
        s.account = req.account;
        s.rating = rating_for(req.account);
        store_seat(n);
    } else if (s.held() && !req.account.empty() && seat_account(s) == req.account) {
        // The account's own seat, from another device (its session there): the seat moves to this
        // session; its old connection is told `replaced` (seat_connected). Decision 020.
        spdlog::info("room {}: seat {} follows its account to another session", id_, n);
        s.session = session;
        s.account = req.account;
        store_seat(n);
    } else if (s.kind == Seat::Kind::External) {
        const auto it = seat_token_hashes_.find(n);
        if (!req.seat_token || it == seat_token_hashes_.end() || token_hash(*req.seat_token) != it->second)
            return c->send(lobby_error("seat_reserved", "this seat is kept for an external bot: send its seatToken", id));
        if (!s.client.expired()) return c->send(lobby_error("seat_taken", "the seat is taken", id));
        if (options_.rated && req.account.empty())
            return c->send(lobby_error("account_required", "a rated room seats players who are logged in", id));
        s.session = session;  // the token holder takes (or retakes) the seat
        s.account = req.account;
        s.rating = rating_for(req.account);
        if (auto it = seat_names_.find(n); it != seat_names_.end()) s.name = it->second;
        else s.name = name;
        store_seat(n);
    } else {
        return c->send(lobby_error("seat_taken", "the seat is taken", id));
    }
    drop_spectator(c);
    seat_connected(n, c);
    c->send(joined_message(id, id_, n));
    push_room();
    if (started_) c->send(game_->snapshot(n));
    send_event_history(c, n);
    send_chat_history(c);
    send_seed_reveal(c);
    start_if_full();
}

void Room::check_password(const ClientPtr& c, const std::string& session, const std::string& name,
                          const JoinRequest& req, int64_t id) {
    if (!req.password) return c->send(lobby_error("bad_password", "this room needs a password", id));  // no guess
    if (!work_ || !guessers_) return c->send(lobby_error("busy", "this room cannot check passwords", id));
    const std::string address = c->address;
    PasswordThrottle::Clock::duration wait{};
    if (!guessers_->try_guess(address, session, PasswordThrottle::Clock::now(), &wait)) {
        const auto s = std::chrono::duration_cast<std::chrono::seconds>(wait).count() + 1;
        return c->send(lobby_error(
            "password_locked", "too many wrong passwords: try again in " + std::to_string(s) + " s", id));
    }
    // The hash runs on the pool, charged to this address and session; the strand goes on.
    auto job = [w = weak_from_this(), c, session, name, req, id, stored = password_hash_, address,
                guessers = guessers_](bool run) {
        auto self = w.lock();
        if (!run || !self) {
            guessers->refund(address, session);  // never checked
            return c->send(lobby_error(self ? "busy" : "no_room", self ? "the server is shutting down" : "no such room", id));
        }
        bool rehash = false;
        const bool right = verify_password(stored, *req.password, rehash);
        const std::string rehashed = right && rehash ? hash_password(*req.password) : std::string();
        if (right) guessers->refund(address, session);  // only wrong guesses cost
        self->post([self, c, session, name, req, id, right, stored, rehashed] {
            self->password_checked(c, session, name, req, id, right, stored, rehashed);
        });
    };
    const WorkPool::Admit admit = work_->submit({address, session}, std::move(job));
    if (admit != WorkPool::Admit::Queued) {
        guessers_->refund(address, session);
        c->send(lobby_error("busy", busy_message(admit), id));
    }
}

void Room::password_checked(const ClientPtr& c, const std::string& session, const std::string& name,
                            const JoinRequest& req, int64_t id, bool right, const std::string& checked,
                            const std::string& rehashed) {
    if (!right) return c->send(lobby_error("bad_password", "wrong password", id));
    // An older database's SHA-256: stored as Argon2id from now on (once: another join may have done it).
    if (!rehashed.empty() && password_hash_ == checked) {
        password_hash_ = rehashed;
        if (journal_) journal_->password(password_hash_);
    }
    join_checked(c, session, name, req, id, true);  // the room may have changed meanwhile: checked again
}

void Room::reattach(const ClientPtr& c, const std::string& session) {
    const int n = seat_of_session(session);
    if (n < 0 || closed_) return;
    seat_connected(n, c);
    c->send(joined_message(std::nullopt, id_, n));
    push_room();
    if (started_) c->send(game_->snapshot(n));
    send_event_history(c, n);
    send_chat_history(c);
    send_seed_reveal(c);
}

void Room::seat_connected(int n, const ClientPtr& c) {
    Seat& s = seats_[n];
    if (auto old = s.client.lock(); old && old != c) {  // the same session from a new connection
        spdlog::info("room {}: seat {} taken over by conn {}: closing conn {}", id_, n, c->connection_id,
                     old->connection_id);
        old->send(replaced_message(id_));
        old->close_after_send("replaced by another connection");
    }
    s.client = c;
    ++s.away_gen;
    s.bot_at_ms = 0;
    if (s.bot_playing && !s.kicked) {  // the player is back: the stand-in bot stops
        game_->clear_bot(n);
        s.bot_playing.reset();
        stand_in(n, false);
        spdlog::info("room {}: seat {} is back from the bot", id_, n);
    }
}

void Room::seat_disconnected(int n) {
    Seat& s = seats_[n];
    s.client.reset();
    const uint64_t gen = ++s.away_gen;
    if (!running() || s.bot_playing) return;
    const auto grace = std::chrono::milliseconds(
        static_cast<int64_t>(options_.grace_s * 1000.0 * limits_.clock_scale));
    s.bot_at_ms = unix_ms_now() + grace.count();  // in the room's seats, for a countdown
    strand_.post_after(grace, [w = weak_from_this(), n, gen] {
        auto self = w.lock();
        if (!self || self->closed_) return;
        Seat& s = self->seats_[n];
        if (s.away_gen != gen || !s.client.expired() || !self->running()) return;
        self->take_over(n);
    });
}

void Room::link_rematch(const std::string& session, const std::string& room, const std::string& invite) {
    if (closed_ || rematch_ || !game_->over() || seat_of_session(session) < 0) return;
    rematch_ = {room, invite};
    spdlog::info("room {}: rematch in room {}", id_, room);
    push_room();
}

void Room::take_over(int n) {
    Seat& s = seats_[n];
    if (s.bot_playing || !running()) return;
    if (!game_->set_bot(n, takeover_bot_, bot_seed_ + 100 + static_cast<uint64_t>(n))) return;
    s.bot_playing = takeover_bot_;
    s.bot_at_ms = 0;
    stand_in(n, true);
    spdlog::info("room {}: a {} bot plays seat {}", id_, takeover_bot_, n);
    push_room();
    pump_bots();
}

std::optional<rating::Rating> Room::rating_for(const std::string& account) const {
    if (!options_.rated || account.empty()) return std::nullopt;
    return (rating_of_ ? rating_of_(account) : std::nullopt).value_or(rating::Rating{});
}

std::optional<rating::Rating> Room::stored_rating(const std::string& account) const {
    if (!options_.rated || account.empty() || !stored_rating_of_) return std::nullopt;
    return stored_rating_of_(account);
}

void Room::refresh_rating(const std::string& account, const rating::Rating& r) {
    if (!options_.rated || account.empty()) return;
    bool changed = false;
    for (Seat& s : seats_)
        if (s.kind == Seat::Kind::Human || s.kind == Seat::Kind::External)
            if (s.account == account && s.rating != r) s.rating = r, changed = true;
    if (changed) push_room();
}

void Room::free_seat(int n) {
    Seat& s = seats_[n];
    const bool external = seat_token_hashes_.count(n) > 0;
    s = Seat{};
    if (external) s.kind = Seat::Kind::External;
}

void Room::leave(const ClientPtr& c, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    const int n = seat_of(c);
    if (n >= 0) {
        if (!started_) free_seat(n), store_seat(n);
        else seat_disconnected(n);  // after the start the seat stays reserved, as on a disconnect
    }
    drop_spectator(c);
    c->send(ok_message(id));
    push_room(n >= 0 ? Push::Now : Push::Coalesced);  // a spectator's going is coalesced
}

void Room::disconnect(const ClientPtr& c) {
    const int n = seat_of(c);
    if (n >= 0) seat_disconnected(n);
    drop_spectator(c);
    push_room(n >= 0 ? Push::Now : Push::Coalesced);
}

// ------------------------------------------------------------------ host actions

void Room::add_bot(const ClientPtr& c, int seat, const std::string& bot, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    if (!is_host(c)) return c->send(lobby_error("not_host", "only the host may add bots", id));
    if (started_) return c->send(lobby_error("already_started", "the game has started", id));
    if (seat >= static_cast<int>(seats_.size()))
        return c->send(lobby_error("out_of_range", "no such seat in this room", id));
    Seat& s = seats_[seat];
    if (s.kind == Seat::Kind::External && !s.held())
        return c->send(lobby_error("seat_reserved", "this seat is kept for an external bot", id));
    if (s.kind != Seat::Kind::Empty) return c->send(lobby_error("seat_taken", "the seat is taken", id));
    if (!game_->set_bot(seat, bot, bot_seed_ + static_cast<uint64_t>(seat)))
        return c->send(lobby_error("bad_value", unknown_bot_message(), id));
    s.kind = Seat::Kind::Bot;
    s.name = s.bot = bot;
    store_seat(seat);
    c->send(bot_added_message(id, id_, seat));
    push_room();
}

void Room::remove_bot(const ClientPtr& c, int seat, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    if (!is_host(c)) return c->send(lobby_error("not_host", "only the host may remove bots", id));
    if (started_) return c->send(lobby_error("already_started", "the game has started", id));
    if (seat >= static_cast<int>(seats_.size()) || seats_[seat].kind != Seat::Kind::Bot)
        return c->send(lobby_error("bad_value", "no bot in that seat", id));
    game_->clear_bot(seat);
    free_seat(seat);
    store_seat(seat);
    c->send(ok_message(id));
    push_room();
}

void Room::kick(const ClientPtr& c, int seat, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    if (!is_host(c)) return c->send(lobby_error("not_host", "only the host may kick", id));
    if (seat >= static_cast<int>(seats_.size()) || !seats_[seat].held())
        return c->send(lobby_error("bad_value", "no player in that seat (bots are removed with removeBot)", id));
    Seat& s = seats_[seat];
    if (s.session == host_session_) return c->send(lobby_error("bad_value", "the host cannot kick themself", id));
    kicked_.insert(s.session);
    if (journal_) journal_->kick(s.session);
    if (auto cl = s.client.lock()) cl->send(kicked_message(id_));
    spdlog::info("room {}: seat {} kicked", id_, seat);
    if (!started_) {
        free_seat(seat);
    } else {
        s.session.clear();  // nobody can retake it; a bot plays it to the end
        s.client.reset();
        s.kicked = true;
        s.kind = Seat::Kind::Human;
        if (running()) {
            s.bot_playing.reset();
            game_->set_bot(seat, takeover_bot_, bot_seed_ + 200 + static_cast<uint64_t>(seat));
            s.bot_playing = takeover_bot_;
        }
    }
    store_seat(seat);
    c->send(ok_message(id));
    push_room();
    if (running()) pump_bots();
}

void Room::transfer_host(const ClientPtr& c, int seat, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    if (!is_host(c)) return c->send(lobby_error("not_host", "only the host may hand over the room", id));
    if (seat >= static_cast<int>(seats_.size()) || !seats_[seat].held() || seats_[seat].kind != Seat::Kind::Human)
        return c->send(lobby_error("bad_value", "the new host must be a seated human", id));
    host_session_ = seats_[seat].session;
    if (journal_) journal_->host(host_session_);
    c->send(ok_message(id));
    push_room();
}

void Room::start(const ClientPtr& c, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    if (!is_host(c)) return c->send(lobby_error("not_host", "only the host may start the game", id));
    if (started_) return c->send(lobby_error("already_started", "the game has started", id));
    for (size_t i = 0; i < seats_.size(); ++i) {
        const Seat& s = seats_[i];
        if (s.kind == Seat::Kind::External && !s.held())
            return c->send(lobby_error("seats_empty", "an external bot seat is not taken yet", id));
        if (s.kind == Seat::Kind::Empty && !options_.bot_fill)
            return c->send(lobby_error("seats_empty", "every seat must be filled", id));
    }
    // A start without a person seated and connected starts a bot game: its cap is asked first.
    if (!has_person()) {
        BotGameLedger::Refused why{};
        if (!take_bot_game(why)) {
            metrics::quota_refused();
            return c->send(lobby_error("too_many_bot_rooms",
                                       "at most " + std::to_string(bot_games_->limit(why)) +
                                           " games without a person at once per " + refused_by(why) +
                                           ": sit in one, or let one end or close",
                                       id));
        }
    }
    for (size_t i = 0; i < seats_.size(); ++i) {
        Seat& s = seats_[i];
        if (s.kind != Seat::Kind::Empty) continue;
        if (!game_->set_bot(static_cast<int>(i), *options_.bot_fill, bot_seed_ + i)) {
            give_back_bot_game();  // no game started
            return c->send(lobby_error("bad_value", unknown_bot_message(), id));
        }
        s.kind = Seat::Kind::Bot;
        s.name = s.bot = *options_.bot_fill;
        store_seat(static_cast<int>(i));
    }
    begin_game(c, id);
}

std::string Room::unknown_bot_message() const {
    std::string names;
    for (const std::string& b : bot_names_) names += (names.empty() ? "" : ", ") + b;
    return names.empty() ? "unknown bot" : "unknown bot: this game's bots are " + names;
}

void Room::place_bots(const std::map<int, std::string>& bots) {
    if (started_) return;
    for (auto& [i, bot] : bots) {
        if (i < 0 || i >= static_cast<int>(seats_.size())) continue;
        if (!game_->set_bot(i, bot, bot_seed_ + static_cast<uint64_t>(i))) continue;
        Seat& s = seats_[i];
        s = Seat{};
        s.kind = Seat::Kind::Bot;
        s.bot = bot;
        const auto name = seat_names_.find(i);
        s.name = name != seat_names_.end() ? name->second : bot;
        store_seat(i);
    }
    push_room();
}

void Room::start_if_full() {
    if (!managed() || started_ || closed_) return;
    for (const Seat& s : seats_)
        if (s.kind == Seat::Kind::Empty || (s.kind == Seat::Kind::External && !s.held())) return;
    spdlog::info("room {}: every seat is taken: the game starts ({})", id_, owner_);
    begin_game(nullptr, 0);
}

// A stand-in bot begins or stops playing a present player's seat `n`: the stand-in log (stored,
// the record's "standIns") says so, so a record never passes a bot's moves off as the player's.
// "fromAction"/"toAction": the number of actions applied when it began/stopped (the replay's step),
// so a replay can say which moves were the bot's (absent without a store).
void Room::stand_in(int n, bool begins) {
    const int64_t now = unix_ms_now();
    const json actions = journal_ ? json(journal_->next_seq()) : json(nullptr);
    if (begins) {
        const Seat& s = seats_[static_cast<size_t>(n)];
        stand_ins_.push_back({{"seat", n}, {"name", s.name}, {"bot", s.bot_playing.value_or("")}, {"from", now}, {"to", nullptr},
                              {"fromAction", actions}, {"toAction", nullptr}});
    } else {
        for (json& e : stand_ins_)
            if (e.at("seat") == n && e.at("to").is_null()) e["to"] = now, e["toAction"] = actions;
    }
    if (journal_) journal_->stand_ins(stand_ins_.dump(-1, ' ', false, json::error_handler_t::replace));
}

void Room::restore_stand_ins(const json& stand_ins) {
    if (stand_ins.is_array()) stand_ins_ = stand_ins;
}

std::vector<int> Room::force_start(const std::string& bot) {
    std::vector<int> absent;
    if (!managed() || started_ || closed_) return absent;
    for (size_t i = 0; i < seats_.size(); ++i) {
        Seat& s = seats_[i];
        const int n = static_cast<int>(i);
        if (s.kind == Seat::Kind::External && !s.held()) {
            // Kept for its player: a bot plays it until they take it (as after a disconnect).
            if (!game_->set_bot(n, bot, bot_seed_ + 100 + i)) continue;
            s.bot_playing = bot;
            stand_in(n, true);
            absent.push_back(n);
        } else if (s.kind == Seat::Kind::Empty) {
            if (!game_->set_bot(n, bot, bot_seed_ + i)) continue;
            s.kind = Seat::Kind::Bot;
            s.name = s.bot = bot;
            store_seat(n);
            absent.push_back(n);
        }
    }
    spdlog::info("room {}: started by its owner ({}); {} seats played by bots until their players come", id_, owner_,
                 absent.size());
    begin_game(nullptr, 0);
    return absent;
}

void Room::begin_game(const ClientPtr& c, int64_t id) {
    started_ = true;
    game_->begin(unix_ms_now(), limits_.clock_scale);
    spdlog::info("room {}: game started", id_);
    // storage: the room is marked running (and the actions begin() applied recorded) first; nobody
    // learns of the start, nor of its seed commitment, before that committed (issue 26: a kill -9
    // in between brought the room back not started after its players had been told it was).
    store_begin_records([self = shared_from_this(), c, id] { self->announce_start(c, id); });
}

void Room::announce_start(const ClientPtr& c, int64_t id) {
    start_told_ = true;
    push_room();
    auto started = [&](std::optional<int64_t> reply_to) {  // storage: with the seed commitment
        json m = started_message(reply_to, id_);
        if (journal_) m["commitment"] = journal_->fairness().commitment;
        return m;
    };
    for (size_t i = 0; i < seats_.size(); ++i) {
        if (auto cl = seats_[i].client.lock()) {
            cl->send(started(c && cl == c ? std::optional<int64_t>(id) : std::nullopt));
            cl->send(game_->snapshot(static_cast<int>(i)));
        }
    }
    for (auto& w : spectators_) {
        if (auto cl = w.client.lock()) {
            cl->send(started(c && cl == c ? std::optional<int64_t>(id) : std::nullopt));
            cl->send(game_->snapshot(kSpectatorSeat));
        }
    }
    if (c && seat_of(c) < 0 && !is_spectator(c)) c->send(started(id));  // a host who is not a member
    for (size_t i = 0; i < seats_.size(); ++i)
        if (seats_[i].held() && seats_[i].client.expired()) seat_disconnected(static_cast<int>(i));
    after_update();
}

// ------------------------------------------------------------------ chat and game messages

// The game makes the spectators' patches only while somebody watches (Game::watch_spectators).
void Room::spectators_changed() {
    game_->watch_spectators(std::any_of(spectators_.begin(), spectators_.end(), [](auto& w) { return !w.client.expired(); }));
}

// `c` (and any spectator gone meanwhile) no longer watches.
void Room::drop_spectator(const ClientPtr& c) {
    spectators_.erase(std::remove_if(spectators_.begin(), spectators_.end(),
                                     [&](auto& w) { return w.client.expired() || w.client.lock() == c; }),
                      spectators_.end());
    spectators_changed();
}

// Each viewer's recent events (issue 18): the game says per update what every seat and the
// spectators saw; a seat's history has its own private events, never another seat's.
void Room::keep_history_entry(size_t viewer, Text t) {
    if (!t) return;
    if (event_history_.size() != seats_.size() + 1) event_history_.assign(seats_.size() + 1, {});
    std::deque<Text>& d = event_history_[std::min(viewer, seats_.size())];
    d.push_back(std::move(t));
    if (d.size() > core::kEventHistory) d.pop_front();
}

void Room::keep_event_history(const GameUpdate& u) {
    // Viewers who saw the same events keep one entry (a Text never changes): where events are public
    // a room keeps one copy per action, not one per seat and one for the spectators.
    Text kept;
    const auto keep = [&](size_t viewer, const Text& t) {
        if (t && kept && *t == *kept) return keep_history_entry(viewer, kept);
        if (t) kept = t;
        keep_history_entry(viewer, t);
    };
    for (size_t i = 0; i < seats_.size() && i < u.seat_events.size(); ++i) keep(i, u.seat_events[i]);
    keep(seats_.size(), u.spectator_events);
}

void Room::send_event_history(const ClientPtr& c, int seat) {
    if (!started_ || event_history_.empty()) return;
    const std::deque<Text>& d = seat >= 0 && static_cast<size_t>(seat) < seats_.size() ? event_history_[seat] : event_history_.back();
    if (d.empty()) return;
    std::string m = "{\"entries\":[";
    for (size_t i = 0; i < d.size(); ++i) {
        if (i) m += ',';
        m += *d[i];
    }
    m += "],\"game\":" + json(game_->name()).dump() + ",\"room\":" + json(id_).dump() +
         ",\"seat\":" + (seat >= 0 ? std::to_string(seat) : std::string("null")) + ",\"type\":\"history\",\"v\":1}";
    c->send(std::make_shared<const std::string>(std::move(m)));
}

void Room::send_chat_history(const ClientPtr& c) {
    for (const Text& t : chat_history_) c->send(t);
}

void Room::chat(const ClientPtr& c, const std::string& text, int64_t id) {
    if (hidden_from(c)) return c->send(lobby_error("no_room", "no such room", id));
    const int seat = seat_of(c);
    if (seat < 0 && !is_spectator(c)) return c->send(lobby_error("not_in_room", "join the room first", id));
    const size_t chars = utf8_length(text);
    if (chars == 0) return c->send(lobby_error("out_of_range", "empty chat message", id));
    if (chars > kMaxChatChars || text.size() > kMaxChatBytes)
        return c->send(lobby_error("too_long", "chat messages have at most 300 characters", id));
    auto& times = chat_times_[c->session_hash];
    const int64_t t = steady_ms();
    while (!times.empty() && times.front() <= t - kChatWindowMs) times.pop_front();
    if (static_cast<int>(times.size()) >= kChatBurst)
        return c->send(lobby_error("rate_limited", "at most 5 chat messages per 10 s", id));
    times.push_back(t);
    const int64_t unix_ms = unix_ms_now();
    const std::string name = name_of_ ? name_of_(c->session_hash, c->name) : c->name;
    const Text all = make_text(chat_message(std::nullopt, id_, seat, name, text, unix_ms));
    chat_history_.push_back(all);
    if (chat_history_.size() > kChatHistory) chat_history_.pop_front();
    for (const Seat& s : seats_)
        if (auto cl = s.client.lock(); cl && cl != c) cl->send(all);
    for (auto& w : spectators_)
        if (auto cl = w.client.lock(); cl && cl != c) cl->send(all);
    c->send(chat_message(id, id_, seat, name, text, unix_ms));
}

void Room::game_message(const ClientPtr& c, const json& message, std::optional<int64_t> id) {
    if (closed_) return c->send(lobby_error("not_in_room", "the room is closed here", id));  // evicted
    int seat = seat_of(c);
    if (seat < 0) {
        if (!is_spectator(c)) return c->send(lobby_error("not_in_room", "join the room first", id));
        seat = kSpectatorSeat;
    }
    if (!started_) return c->send(lobby_error("not_started", "the game has not started", id));
    // The envelope is checked once, here; the game reads only its payload.
    const core::DecodedGameMessage d = core::decode_game_message(message, game_->name());
    if (!d.ok()) return c->send(core::error_message(d.error));
    GameReply r = game_->handle(seat, *d.message);
    if (!r.update) return c->send(r.reply);
    const GameUpdate& u = *r.update;
    after_stored(u, [self = shared_from_this(), c, reply = r.reply, u] {  // ack and patches once stored
        c->send(reply);
        metrics::action_applied();
        self->broadcast(u);
        self->after_update();
    });
}

void Room::broadcast(const GameUpdate& u) {
    keep_event_history(u);
    for (size_t i = 0; i < seats_.size() && i < u.seats.size(); ++i)
        if (auto cl = seats_[i].client.lock()) cl->send(u.seats[i]);
    for (auto& w : spectators_)
        if (auto cl = w.client.lock()) cl->send(u.spectators);
    if (game_->over() && !over_shown_) {
        over_shown_ = true;
        spdlog::info("room {}: game over", id_);
        push_room();
        game_over();
    }
}

void Room::after_update() {
    pump_bots();
    arm_clock();
}

// One bot action per strand turn, so that client messages interleave with long bot sequences.
// A bot game (is_bot_game()) is paced — after each bot step it waits the person-like
// bot_move_interval, or twice as long as the step's thinking took if longer, so one such room
// uses at most a third of a bot thread — moves only while it holds its unit of the caps, and
// (unless a tournament's) stands still while nobody watches it (a member joining resumes it):
// bots cannot starve the games of people. Bots never think on the strand: the strand prepares a
// thought (a copy of what the bot may see), the bot pool thinks it, charged to the room's
// principal, and the strand applies the decision if the game has not moved meanwhile
// (docs/decisions/022-bots-on-the-work-pool.md).
void Room::pump_bots() {
    if (bots_scheduled_ || !running()) return;
    const bool paced = is_bot_game();
    if (paced && bot_game_ == BotGame::No) review_bot_game();  // e.g. a room restored after a restart
    if (paced && (bot_game_ != BotGame::Held || (!managed() && connected_members() == 0))) return;
    bots_scheduled_ = true;
    if (paced) strand_.post_after(bot_pause_, [self = shared_from_this()] { self->bot_turn(); });
    else post([self = shared_from_this()] { self->bot_turn(); });
}

WorkPrincipal Room::bot_principal() const {
    const Principal& p = principal_;
    const std::string organiser = p.organiser.empty() ? std::string() : "organiser:" + p.organiser;
    WorkPrincipal who;
    who.address = !p.address.empty() ? p.address : !organiser.empty() ? organiser : "room:" + id_;
    who.session = !organiser.empty() ? organiser : p.session;
    return who;
}

void Room::bot_turn() {
    bots_scheduled_ = false;
    if (closed_ || !running()) return;
    if (is_bot_game() && bot_game_ != BotGame::Held) return;  // over its cap meanwhile
    std::shared_ptr<core::Game::BotThought> thought = game_->bot_prepare();
    if (!thought) return;  // no bot is awaited
    if (!bot_work_) {      // no pool (a room without a hub): thought here
        const auto t0 = std::chrono::steady_clock::now();
        thought->think();
        return bot_thought_done(*thought, std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0));
    }
    bots_scheduled_ = true;  // one thought in flight per room
    const WorkPool::Admit admit =
        bot_work_->submit(bot_principal(), [w = weak_from_this(), thought, post = strand_.post](bool run) {
            if (!run) return;  // the pool stopped: the server is going down
            const auto t0 = std::chrono::steady_clock::now();
            run_guarded("bot thought", [&] { thought->think(); });  // a failed thought plays a legal action
            const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
            metrics::bot_thought();
            if (w.expired()) return;
            post([w, thought, took] {
                if (auto self = w.lock()) self->bot_thought_done(*thought, took);
            });
        });
    if (admit == WorkPool::Admit::Queued) return;
    // The bot pool is full (or stopping): the bot thinks later; nothing else waits for it.
    metrics::bot_thought_deferred();
    strand_.post_after(std::max(bot_pause_, std::chrono::milliseconds(50)), [self = shared_from_this()] { self->bot_turn(); });
}

void Room::bot_thought_done(core::Game::BotThought& thought, std::chrono::milliseconds took) {
    bots_scheduled_ = false;
    const auto floor = std::max(limits_.bot_move_interval, std::chrono::milliseconds(1));
    bot_pause_ = std::clamp(2 * took, floor, std::max(floor, std::chrono::milliseconds(2000)));
    if (closed_ || !running()) return;
    if (is_bot_game() && bot_game_ != BotGame::Held) return;  // over its cap meanwhile: stands still
    std::optional<GameUpdate> u = game_->bot_apply(thought);
    if (u) {
        after_stored(*u, [self = shared_from_this(), u = *u] {
            self->broadcast(u);
            self->after_update();
        });
    } else if (thought.stale) {  // the game moved while the bot thought: think again
        metrics::bot_thought_stale();
        pump_bots();
    }
}

bool Room::has_person() const {
    return std::any_of(seats_.begin(), seats_.end(),
                       [](const Seat& s) { return s.held() && !s.client.expired() && !s.bot_playing; });
}

bool Room::take_bot_game(BotGameLedger::Refused& why) {
    if (bot_game_ == BotGame::Held) return true;
    why = bot_games_ ? bot_games_->take(id_, principal_) : BotGameLedger::Refused::No;
    if (why != BotGameLedger::Refused::No) return false;
    if (bot_game_ != BotGame::Held) spdlog::info("room {}: a bot game (no person seated and connected)", id_);
    bot_game_ = BotGame::Held;
    return true;
}

void Room::give_back_bot_game() {
    if (bot_game_ == BotGame::Held && bot_games_) bot_games_->give_back(id_);
    if (bot_game_ != BotGame::No) spdlog::info("room {}: no longer a bot game", id_);
    bot_game_ = BotGame::No;
}

void Room::review_bot_game() {
    if (closed_ || !is_bot_game()) return give_back_bot_game();
    BotGameLedger::Refused why{};
    if (take_bot_game(why)) return;
    if (bot_game_ != BotGame::Waiting)
        spdlog::info("room {}: a bot game over the {} cap ({}): it stands still", id_, refused_by(why), bot_games_->limit(why));
    bot_game_ = BotGame::Waiting;
    // Asks again while somebody watches (or the owner waits for the table); a member coming back
    // or joining asks at once (push_room).
    if (bot_retry_armed_ || (!managed() && connected_members() == 0)) return;
    bot_retry_armed_ = true;
    strand_.post_after(limits_.bot_wait_retry, [w = weak_from_this()] {
        auto self = w.lock();
        if (!self) return;
        self->bot_retry_armed_ = false;
        if (self->closed_ || self->bot_game_ != BotGame::Waiting) return;
        BotGameLedger::Refused why{};
        if (self->is_bot_game() && !self->take_bot_game(why)) return self->review_bot_game();  // again later
        self->push_room();  // "botGame":"running" (or no longer a bot game)
        self->pump_bots();
    });
}

bool Room::bot_only() const {
    return std::all_of(seats_.begin(), seats_.end(), [](const Seat& s) { return s.kind == Seat::Kind::Bot; });
}

// ------------------------------------------------------------------ timers

void Room::arm_clock() {
    const std::optional<int64_t> d = running() ? game_->next_deadline_ms() : std::nullopt;
    if (d == clock_armed_) return;
    clock_armed_ = d;
    const uint64_t gen = ++clock_gen_;
    if (!d) return;
    const auto delay = std::chrono::milliseconds(std::max<int64_t>(0, *d - unix_ms_now()));
    strand_.post_after(delay, [w = weak_from_this(), gen] {
        if (auto self = w.lock()) self->fire_clock(gen);
    });
}

void Room::fire_clock(uint64_t gen) {
    if (gen != clock_gen_ || closed_) return;
    clock_armed_.reset();
    apply_clock(unix_ms_now());
}

// One due timeout at a time, each stored before it is sent.
void Room::apply_clock(int64_t t) {
    auto u = game_->on_clock(t);
    if (!u) return after_update();
    after_stored(*u, [self = shared_from_this(), u = *u, t] {
        self->broadcast(u);
        self->apply_clock(t);
    });
}

size_t Room::connected_members() const {
    size_t n = 0;
    for (const Seat& s : seats_) n += s.held() && !s.client.expired();
    for (auto& w : spectators_) n += !w.client.expired();
    return n;
}

void Room::arm_idle() {
    if (closed_ || (managed() && !game_->over())) return;  // the owner decides while it runs
    if (connected_members() > 0) {
        if (idle_since_) ++idle_gen_;
        idle_since_.reset();
        return;
    }
    const int64_t t = steady_ms();
    if (!idle_since_) idle_since_ = t;
    const auto limit = running() && !bot_only() ? limits_.idle_close_running : limits_.idle_close;
    const int64_t left = std::max<int64_t>(0, *idle_since_ + limit.count() - t);
    const uint64_t gen = ++idle_gen_;
    strand_.post_after(std::chrono::milliseconds(left), [w = weak_from_this(), gen] {
        if (auto self = w.lock()) self->check_idle(gen);
    });
}

void Room::check_idle(uint64_t gen) {
    if (gen != idle_gen_ || closed_ || !idle_since_) return;
    const auto limit = running() && !bot_only() ? limits_.idle_close_running : limits_.idle_close;
    if (steady_ms() - *idle_since_ < limit.count()) return arm_idle();
    closed_ = true;
    ++clock_gen_;
    give_back_bot_game();
    store_closed();
    spdlog::info("room {}: closed after {} ms without a connected member", id_, limit.count());
    if (on_closed_) on_closed_(id_);
}

}  // namespace hexhall::server
