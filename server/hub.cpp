#include "server/unix_time.hpp"
#include "server/hub.hpp"

#include <algorithm>
#include <random>
#include <atomic>

#include <spdlog/spdlog.h>

#include "server/create_request.hpp"
#include "server/lobby_messages.hpp"
#include "server/edge_metrics.hpp"
#include "server/handler_guard.hpp"
#include "server/metrics.hpp"
#include "server/password.hpp"
#include "server/records.hpp"
#include "server/room_options.hpp"

namespace hexhall::server {

namespace {

// Runs `f` on the room's strand as a request of `c` (Client::work_begun / work_done).
template <class F>
void post_for(const ClientPtr& c, const std::shared_ptr<Room>& room, F f) {
    struct Done {
        const ClientPtr& c;
        ~Done() { c->work_done(); }
    };
    c->work_begun();
    room->post([c, f = std::move(f)]() mutable {
        Done done{c};
        f();
    });
}
// No one address or organiser may hold more than half the server's rooms, whatever the quota
// says: a stranger can always still create one (issue 26).
size_t at_most_half(size_t quota, size_t max_rooms) {
    const size_t half = std::max<size_t>(1, max_rooms / 2);
    return quota == 0 ? half : std::min(quota, half);
}
}  // namespace

struct Hub::PendingRoom {
    ClientPtr client;
    int64_t id;  // the createRoom request's
    Principal who;
    std::string name;
    RoomSetup setup;
    std::unique_ptr<Game> game;
    json body;
    json seat_tokens;
    std::shared_ptr<Room> rematch_of;
};

Hub::Hub(const GameRegistry& games, StrandFactory strands, HubLimits limits, std::shared_ptr<Store> store,
         std::shared_ptr<WorkPool> work)
    : games_(games),
      strands_(std::move(strands)),
      limits_(limits),
      store_(std::move(store)),
      rooms_by_session_(limits.rooms_per_session),
      rooms_by_address_(at_most_half(limits.rooms_per_address, limits.max_rooms)),
      rooms_by_organiser_(at_most_half(limits.rooms_per_organiser, limits.max_rooms)),
      bot_games_(std::make_shared<BotGameLedger>(limits.bot_rooms_per_session, limits.bot_rooms_per_address,
                                                 limits.bot_rooms_per_organiser)) {
    work_ = work ? std::move(work) : std::make_shared<WorkPool>();
    bot_work_ = std::make_shared<WorkPool>(WorkLimits{limits.bot_threads, limits.bot_queue_per_principal,
                                                      limits.bot_queue_per_address, limits.bot_queue});
    accounts_ = std::make_shared<AccountBook>(store_.get());
    RatingSettings ratings;
    ratings.min_games = limits.leaderboard_min_games;
    ratings_ = std::make_shared<RatingBook>(store_.get(), ratings);
    clubs_ = std::make_shared<ClubBook>(store_.get());
    ladders_ = std::make_shared<ClubLadders>(store_.get(), limits.leaderboard_min_games);
}

void Hub::game_finished(PlayedGame g) {
    for (PlayedSeat& s : g.seats)  // a guest who logged in after taking the seat, a restored room
        if (s.account.empty() && !s.session.empty())
            if (auto a = accounts_->by_session(s.session)) s.account = a->id;
    record_game(std::make_shared<const PlayedGame>(std::move(g)), 0);
}

json Hub::playing_of(const std::string& account) const {
    std::vector<std::shared_ptr<Room>> rooms;
    {
        std::lock_guard lock(mu_);
        for (auto& [id, room] : rooms_) rooms.push_back(room);
    }
    json out = json::array();
    for (const std::shared_ptr<Room>& room : rooms) {
        const std::vector<int> seats = room->seats_of_account(account);
        if (seats.empty()) continue;
        const json summary = room->summary();
        if (summary.value("over", false)) continue;
        for (int seat : seats) {
            if (out.size() >= 64) return out;
            out.push_back({{"room", room->id()}, {"game", summary.value("game", "")}, {"seat", seat},
                           {"invite", summary.value("invite", "")}, {"started", summary.value("started", false)}});
        }
    }
    return out;
}

void Hub::refresh_seat_rating(const ClientPtr& c, const std::shared_ptr<Room>& room, const std::string& account) {
    // The seat is taken (on the strand) with this node's copy of the rating, which another node's
    // games may have changed since; the store's is read on the pool, charged to the joining client,
    // and the seat shows it (after the join: the strand runs them in order). Decision 033.
    work_->submit({c->address, c->session_hash}, [room, account](bool run) {
        if (!run) return;
        std::optional<rating::Rating> r;
        if (run_guarded("seat rating", [&] { r = room->stored_rating(account); })) return;  // the copy stays
        room->post([room, account, r] { room->refresh_rating(account, r.value_or(rating::Rating{})); });
    });
}

void Hub::record_game(std::shared_ptr<const PlayedGame> g, int attempt) {
    // The store's rows are written off the room's strand, on the fair pool (charged to the room).
    constexpr int kAttempts = 120;  // a minute apart at most: about two hours of store faults
    auto later = [this, g, attempt] {
        if (attempt + 1 >= kAttempts) {
            spdlog::error("ratings: the game of room {} was not recorded (the store kept failing)", g->room);
            return;
        }
        std::lock_guard lock(record_mu_);
        if (!record_strand_) record_strand_ = strands_();
        const auto wait = std::chrono::milliseconds(std::min(60'000, 250 << std::min(attempt, 8)));
        record_strand_->post_after(wait, [this, g, attempt] { record_game(g, attempt + 1); });
    };
    const WorkPool::Admit admit = work_->submit({"server", "game " + g->room}, [this, g, later](bool run) {
        if (!run) return;  // the server stops
        if (run_guarded("ratings", [&] {
                rate_for_clubs(*g);  // club ladders (hub_clubs.cpp), before the history shows the game
                if (!seat_accounts_ || g->owner.empty()) return ratings_->record(*g);
                PlayedGame linked = *g;  // a managed room's owner may link accounts to its seats
                for (auto& [seat, account] : seat_accounts_(g->room, g->owner))
                    if (seat >= 0 && seat < static_cast<int>(linked.seats.size()) && !account.empty())
                        linked.seats[seat].account = account;
                ratings_->record(linked);
            }))
            later();
    });
    if (admit != WorkPool::Admit::Queued && admit != WorkPool::Admit::Stopped) later();
}

void Hub::anonymise_games(const std::string& account, const std::string& name) {
    if (!store_) return;
    std::vector<std::string> changed;
    for (auto& [room, seat] : ratings_->seats_of(account)) {
        std::optional<StoredRoom> st = store_->load_room(room);
        if (!st || seat < 0 || static_cast<size_t>(seat) >= st->seats.size()) continue;
        SeatRow row = st->seats[static_cast<size_t>(seat)];
        if (row.seat != seat || row.kind != "human") continue;
        row.name = name;
        store_->put_seat(room, row);
        changed.push_back(room);
    }
    store_->flush();  // then no record can be cached again with the old name
    for (const std::string& room : changed) forget_finished_bodies(store_.get(), room);
}

Hub::~Hub() {  // their jobs use the hub and its rooms: none runs once it goes
    work_->stop();
    bot_work_->stop();
}

size_t Hub::room_count() const {
    std::lock_guard lock(mu_);
    return rooms_.size();
}

std::string Hub::display_name(const ClientPtr& c) const {
    return accounts_->name_of_session(c->session_hash).value_or(c->name);
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

std::shared_ptr<Room> Hub::add_room(RoomSetup& setup, std::unique_ptr<Game> game, const json& request) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::random_device rd;
    for (;;) {
        // 64 random bits (16 hex digits): not guessable by probing (issue 12, finding 8).
        std::string id;
        for (int word = 0; word < 2; ++word)
            for (uint32_t w = rd(), i = 0; i < 8; ++i, w >>= 4) id += kHex[w & 0xF];
        if (store_ && store_->room_exists(id)) continue;  // finished rooms too; a store read, off the lock
        std::lock_guard lock(mu_);
        if (rooms_.size() + reserved_ids_.size() >= limits_.max_rooms) return nullptr;
        if (rooms_.count(id) || reserved_ids_.count(id)) continue;
        reserved_ids_.insert(id);
        setup.id = id;
        while (invites_.count(setup.invite)) setup.invite = new_invite_code();
        invites_[setup.invite] = id;  // finds nothing until the room is added
        break;
    }
    std::shared_ptr<Room> room;
    try {
        setup.work = work_;
        setup.bot_work = bot_work_;
        setup.guessers = guessers_;
        room = make_room(setup, std::move(game), request);  // the store and the password hash: off the lock
    } catch (...) {
        std::lock_guard lock(mu_);
        reserved_ids_.erase(setup.id);
        invites_.erase(setup.invite);
        throw;
    }
    std::lock_guard lock(mu_);
    reserved_ids_.erase(setup.id);
    rooms_[setup.id] = room;
    return room;
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
    // Several nodes: a node clearly busier than the least-loaded live node sends the creation there
    // (`moved` with the request's id and no room: the client sends the same createRoom there), before
    // anything is made or stored. A rematch stays with the finished room it follows (its players are
    // here, and it is offered to them from that room).
    if (!r.body.contains("rematchOf"))
        if (std::optional<std::string> url = placement()) {
            metrics::room_placed_elsewhere();
            return c->send(moved_message("", *url, r.id));
        }
    // The quota first: a refused createRoom builds no game (issue 26).
    const Principal who{c->session_hash, c->address, ""};
    if (auto refused = take_room_quota(who)) {
        metrics::quota_refused();
        return c->send(lobby_error("quota_exceeded", *refused, r.id));
    }
    auto fail = [&](const std::string& code, const std::string& message) {
        give_back_room_quota(who);
        c->send(lobby_error(code, message, r.id));
    };
    json body = r.body;  // no internal key: check_create_keys refuses every "_…" key
    if (auto rated = body.find("rated"); rated != body.end() && rated->is_boolean() && rated->get<bool>()) {
        // A rated room (decision 020): no fixed seed, no external programs, a clock ("standard" unless named).
        if (body.contains("seed")) return fail("bad_option", "a rated room has no fixed \"seed\"");
        if (auto e = body.find("externalBots"); e != body.end() && !e->is_null() && !(e->is_array() && e->empty()))
            return fail("bad_option", "a rated room has no \"externalBots\"");
        if (!body.contains("clock") || body["clock"].is_null()) body["clock"] = "standard";
        else if (body["clock"] == "none") return fail("bad_option", "a rated room plays with a clock");
    }
    // A club's room (decision 028): made by a member, private, its games on the club's ladder. Who is
    // a member is the store's (decision 033): read on the pool below.
    std::string club_id, club_member;
    static constexpr const char* kNotClubMember = "\"club\": a club's room is made by a logged-in member of the club";
    if (auto club = body.find("club"); club != body.end() && !club->is_null()) {
        const std::optional<Account> me = accounts_->by_session(c->session_hash);
        if (!club->is_string() || club->get<std::string>().empty() || !me) return fail("bad_option", kNotClubMember);
        club_id = club->get<std::string>();
        club_member = me->id;
    }
    std::unique_ptr<Game> game = module->create(for_game(body), error);
    if (!game) return fail("bad_option", error);
    RoomSetup setup;
    setup.takeover_bot = module->takeover_bot;
    if (!parse_room_options(r.body, game->seats(), module->bots, setup.options, error))
        return fail("bad_option", error);
    json seat_tokens = json::array();
    for (int seat : setup.options.external_bots) {
        const std::string token = new_session_token();
        setup.seat_token_hashes[seat] = token_hash(token);  // only the hash is kept
        seat_tokens.push_back({{"seat", seat}, {"token", token}});
    }
    setup.invite = new_invite_code();
    setup.host_session = c->session_hash;
    setup.principal = who;
    auto p = std::make_shared<PendingRoom>(PendingRoom{c, r.id, who, c->name, std::move(setup), std::move(game),
                                                       std::move(body), std::move(seat_tokens), std::move(rematch_of)});
    if (!p->setup.options.password && club_id.empty()) return finish_create(*p);
    // The password's hash (Argon2id, slow on purpose) and the club's membership (the store) run on
    // the work pool, charged to this session and address; the room is made when they are done.
    const WorkPool::Admit admit = work_->submit({p->who.address, p->who.session}, [this, p, club_id, club_member](bool run) {
        if (!run) {
            give_back_room_quota(p->who);
            return p->client->send(lobby_error("busy", busy_message(WorkPool::Admit::Stopped), p->id));
        }
        if (!club_id.empty()) {
            bool member = false;
            if (run_guarded("club room", [&] { member = clubs_->is_member(club_id, club_member); })) {
                give_back_room_quota(p->who);
                const ClubRefusal why = club_store_unavailable();
                return p->client->send(lobby_error(why.code, why.message, p->id));
            }
            if (!member) {
                give_back_room_quota(p->who);
                return p->client->send(lobby_error("bad_option", kNotClubMember, p->id));
            }
        }
        if (p->setup.options.password) p->setup.password_hash = hash_password(*p->setup.options.password);
        finish_create(*p);
    });
    if (admit != WorkPool::Admit::Queued) {
        give_back_room_quota(p->who);
        c->send(lobby_error("busy", busy_message(admit), r.id));
    }
}

void Hub::finish_create(PendingRoom& p) {
    std::shared_ptr<Room> room;
    try {
        room = add_room(p.setup, std::move(p.game), p.body);
    } catch (...) {
        give_back_room_quota(p.who);
        throw;
    }
    if (!room) {
        give_back_room_quota(p.who);
        return p.client->send(lobby_error("too_many_rooms", "the server has no room for more rooms", p.id));
    }
    set_room_holder(p.setup.id, p.who);
    spdlog::info("room {} created by {} (conn {})", p.setup.id, p.name, p.client->connection_id);
    // Told (and linked from the finished room) once its row and seats are committed: another node
    // then finds it at once (Store::sync).
    auto reply = [client = p.client, created = room_created_message(p.id, p.setup.id, p.setup.invite, p.seat_tokens),
                  id = p.id, old = p.rematch_of, session = p.who.session, room_id = p.setup.id,
                  invite = p.setup.invite](bool ok) {
        if (!ok) return client->send(lobby_error("store_unavailable", "the room could not be stored", id));
        client->send(created);
        if (old) old->post([old, session, room_id, invite] { old->link_rematch(session, room_id, invite); });
    };
    room->post([room, store = store_, reply = std::move(reply)]() mutable {
        room->open();
        when_stored(store, std::move(reply));
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
            const std::string hash = token_hash(*r.token);
            // Another node may have seen the session last (and seated it elsewhere, or logged it in
            // or out); without the database this node's copy will do.
            if (directory_ && run_guarded("hello", [&] {
                    if (auto s = directory_->find_session(hash))
                        sessions_.put(hash, SessionRecord{s->name, s->room, s->seen_ms});
                    accounts_->refresh_session(hash);
                }))
                spdlog::warn("hello: the session could not be read from the store: this node's copy is used");
            known = sessions_.find(hash);
            if (known) token = *r.token;
        }
        const bool fresh = token.empty();
        if (fresh) token = new_session_token();  // no or unknown token: a new session
        c->session_hash = token_hash(token);
        c->name = r.name;
        sessions_.put(c->session_hash, SessionRecord{r.name, known ? known->room : std::string(), unix_ms_now()});
        store_session(c->session_hash);
        json welcome = welcome_message(r.id, token, r.name);
        // Logged in: its name is the account's (display_name; c->name stays the guest name it
        // shows if the log-in is revoked: loggedOut).
        if (auto account = accounts_->by_session(c->session_hash)) {
            welcome["name"] = account->name;
            welcome["account"] = {{"id", account->id}, {"name", account->name}};
            if (json playing = playing_of(account->id); !playing.empty()) welcome["playing"] = std::move(playing);
        }
        // A new session's token is given once its row is committed: a hello with it on another node
        // at once finds it (Store::sync); a known session's row is there already. While the store
        // fails (no room can be made then) the lobby stays open: welcome at once, the row follows.
        if (fresh && store_ && store_ok_) store_->sync([c, welcome = std::move(welcome), id = r.id](bool ok) {
            if (!ok) return c->send(lobby_error("store_unavailable", "the session could not be stored", id));
            c->send(welcome);
        });
        else c->send(welcome);
        track_connection(c);
        if (known && !known->room.empty()) {
            bool answered = false;
            auto room = find_room(known->room);
            if (!room && directory_) room = route(c, known->room, std::nullopt, answered);
            if (room) {
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
    if (r.kind == LobbyKind::Register || r.kind == LobbyKind::Login || r.kind == LobbyKind::Logout ||
        r.kind == LobbyKind::LogoutAll || r.kind == LobbyKind::ChangePassword || r.kind == LobbyKind::DeleteAccount)
        return account_request(c, r);
    if (r.kind == LobbyKind::CreateClub || r.kind == LobbyKind::ClubInvite || r.kind == LobbyKind::JoinClub ||
        r.kind == LobbyKind::LeaveClub || r.kind == LobbyKind::RemoveMember || r.kind == LobbyKind::MyClubs)
        return club_request(c, r);
    if (r.kind == LobbyKind::PlayNow) return play_now(c, r);
    if (r.kind == LobbyKind::LeaveQueue) {
        if (!leave_queue(c, false)) return c->send(lobby_error("not_queued", "this session is not waiting to play", r.id));
        return c->send(ok_message(r.id));
    }
    if (r.kind == LobbyKind::ListRooms) return list_rooms(c, r);
    if (r.kind == LobbyKind::Game) {
        auto room = c->room;
        if (!room) return c->send(lobby_error("not_in_room", "join a room first", r.game_id));
        post_for(c, room, [room, c, m = std::move(r.body), id = r.game_id, received = metrics::Clock::now()] {
            room->game_message(c, m, id);
            metrics::game_message_handled(received);
        });
        return;
    }

    const bool by_invite = r.kind == LobbyKind::JoinRoom && !r.invite.empty();
    auto room = by_invite ? find_invite(r.invite) : find_room(r.room);
    if (!room && directory_ && r.kind == LobbyKind::JoinRoom) {  // another node's room, or an orphan
        bool answered = false;
        const std::optional<std::string> id = by_invite ? directory_->room_of_invite(r.invite) : r.room;
        if (id) room = route(c, *id, r.id, answered);
        if (answered) return;
    }
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
            JoinRequest jr;
            jr.seat = r.seat;
            jr.by_invite = by_invite;
            jr.password = r.password;
            jr.seat_token = r.seat_token;
            if (auto account = accounts_->by_session(c->session_hash)) jr.account = account->id;  // rated rooms: accounts only
            post_for(c, room, [room, c, hash = c->session_hash, name = display_name(c), jr, id = r.id] {
                room->join(c, hash, name, jr, id);
            });
            if (jr.seat && !jr.account.empty() && room->rated()) refresh_seat_rating(c, room, jr.account);
            return;
        }
        case LobbyKind::LeaveRoom:
            if (c->room == room) {
                c->room.reset();
                sessions_.set_room(c->session_hash, "", unix_ms_now());
                store_session(c->session_hash);
            }
            return post_for(c, room, [room, c, id = r.id] { room->leave(c, id); });
        case LobbyKind::AddBot:
            return post_for(c, room, [room, c, seat, bot = r.bot, id = r.id] { room->add_bot(c, seat, bot, id); });
        case LobbyKind::RemoveBot:
            return post_for(c, room, [room, c, seat, id = r.id] { room->remove_bot(c, seat, id); });
        case LobbyKind::Kick:
            return post_for(c, room, [room, c, seat, id = r.id] { room->kick(c, seat, id); });
        case LobbyKind::TransferHost:
            return post_for(c, room, [room, c, seat, id = r.id] { room->transfer_host(c, seat, id); });
        case LobbyKind::Start:  // a start of a bot game asks its cap first (Room::start)
            return post_for(c, room, [room, c, id = r.id] { room->start(c, id); });
        case LobbyKind::Chat:
            return post_for(c, room, [room, c, text = r.text, id = r.id] { room->chat(c, text, id); });
        default:
            return;
    }
}

void Hub::on_close(const ClientPtr& c) {
    if (!c->session_hash.empty()) leave_queue(c, true);  // a waiter who goes leaves the queue
    if (!c->session_hash.empty()) untrack_connection(c);
    if (auto room = c->room) room->post([room, c] { room->disconnect(c); });
    c->room.reset();
}

}  // namespace hexhall::server
