// Room's storage hooks and crash recovery (docs/decisions/006-storage.md). Kept apart from
// room.cpp so the room logic stays readable; everything here runs on the room's strand.
#include <spdlog/spdlog.h>

#include "server/edge_metrics.hpp"
#include "server/lobby_messages.hpp"
#include "server/room.hpp"
#include "server/room_journal.hpp"
#include "server/session.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

void Room::set_journal(std::shared_ptr<RoomJournal> journal) { journal_ = std::move(journal); }

void Room::store_seat(int i) {
    if (!journal_) return;
    const Seat& s = seats_[i];
    SeatRow row;
    row.seat = i;
    row.name = s.name;
    row.session = s.session;
    switch (s.kind) {
        case Seat::Kind::Empty: row.kind = "empty"; break;
        case Seat::Kind::Human: row.kind = s.kicked ? "kicked" : "human"; break;
        case Seat::Kind::External: row.kind = "external"; break;
        case Seat::Kind::Bot:
            row.kind = "bot";
            row.bot = s.bot.empty() ? s.name : s.bot;
            row.bot_seed = bot_seed_ + static_cast<uint64_t>(i);  // as add_bot and botFill seed it
            break;
    }
    journal_->seat(row);
}

void Room::after_stored(const GameUpdate& u, std::function<void()> then) {
    if (!journal_) return then();
    journal_->append(u.actor, u.record, u.game_ms, std::move(then));
}

void Room::store_begin_records(std::function<void()> then) {
    if (!journal_) return then();
    journal_->started(std::move(then));
    for (const StoredAction& a : game_->take_begin_records()) journal_->append(kSpectatorSeat, a.record, a.game_ms, [] {});
}

void Room::game_over() {
    if (over_stored_) return;
    if (!journal_) return report_over();
    over_stored_ = true;
    // The seed is revealed once the finished state is stored, so the record can be fetched.
    journal_->finish([self = shared_from_this()] {
        self->seed_revealed_ = true;
        self->send_all(self->seed_reveal_text());
        self->report_over();
    });
}

// Managed rooms: the owner learns the outcome once (after it is stored).
void Room::report_over() {
    if (over_reported_) return;
    over_reported_ = true;
    const std::optional<core::Outcome> o = game_->outcome();
    if (!o) return;
    if (on_over_) on_over_(id_, *o);
    if (!on_finished_) return;
    PlayedGame g;  // histories and ratings (server/ratings.hpp)
    g.room = id_;
    g.game = game_->name();
    g.family = ruleset_family(game_->options());
    g.rated = options_.rated;
    g.is_private = options_.is_private || !password_hash_.empty();
    g.club = options_.club;
    g.owner = owner_;
    g.finished_ms = unix_ms_now();
    g.outcome = *o;
    for (const Seat& s : seats_) {
        PlayedSeat f;
        f.account = s.account;
        f.session = s.kind == Seat::Kind::Bot ? std::string() : s.session;
        f.name = s.name;
        f.kind = s.kind == Seat::Kind::Bot ? "bot" : s.kind == Seat::Kind::External ? "external" : "human";
        f.abandoned = s.kind != Seat::Kind::Bot && s.bot_playing.has_value();
        g.seats.push_back(std::move(f));
    }
    on_finished_(g);
}

Text Room::seed_reveal_text() const {
    json m = seed_reveal_message(id_, journal_->fairness());
    if (options_.is_private || !password_hash_.empty())  // members only (records.hpp)
        m["record"] = m["record"].get<std::string>() + "?invite=" + invite_;
    return make_text(m);
}

void Room::send_seed_reveal(const ClientPtr& c) {
    if (seed_revealed_ && journal_) c->send(seed_reveal_text());
}

void Room::drop_pending() {
    if (journal_) journal_->drop_held();
}

void Room::store_health(bool healthy) {
    if (!journal_) return;
    journal_->post_ungated([w = weak_from_this(), healthy] {
        auto self = w.lock();
        if (!self || self->closed_ || self->store_failing_ == !healthy) return;
        self->store_failing_ = !healthy;
        if (!healthy)
            self->send_all(make_text(lobby_error(
                "store_unavailable",
                "the server cannot store actions now: the game is paused and resumes by itself when storage works again",
                std::nullopt)));
        self->push_room();
    });
}

void Room::evict(std::string url, std::function<void()> done) {
    auto run = [w = weak_from_this(), url = std::move(url), done = std::move(done)] {
        struct Done {
            const std::function<void()>& f;
            ~Done() {
                if (f) f();
            }
        } on_exit{done};
        auto self = w.lock();
        if (!self || self->closed_) return;
        self->closed_ = true;
        ++self->clock_gen_;
        self->give_back_bot_game();
        const Text moved = make_text(moved_message(self->id_, url, std::nullopt));
        auto tell = [&](const std::weak_ptr<Client>& wc) {
            if (auto c = wc.lock()) {
                c->send(moved);
                c->close_after_send("the room moved to another node");
            }
        };
        for (const Seat& s : self->seats_) tell(s.client);
        for (auto& s : self->spectators_) tell(s.client);
        if (url.empty())
            spdlog::warn("room {}: no longer owned by this node: stopped here, its clients told to resume elsewhere",
                         self->id_);
        else
            spdlog::info("room {}: handed over to {}: its clients told to resume there", self->id_, url);
        metrics::room_dropped();
        if (self->on_closed_) self->on_closed_(self->id_);
    };
    // Not behind the journal's gate: an append that never completes (the database is gone) holds it.
    if (journal_) journal_->post_ungated(std::move(run));
    else post(std::move(run));
}

void Room::store_closed() {
    if (journal_ && !game_->over()) journal_->abandoned();
}

void Room::restore_seat(const SeatRow& row) {
    if (row.seat < 0 || row.seat >= static_cast<int>(seats_.size())) return;
    Seat& s = seats_[row.seat];
    s.name = row.name;
    s.session = row.session;
    if (row.kind == "bot") {
        if (!game_->set_bot(row.seat, row.bot, row.bot_seed)) {
            spdlog::error("room {}: cannot restore bot {} at seat {}", id_, row.bot, row.seat);
            return;
        }
        s.kind = Seat::Kind::Bot;
        s.bot = row.bot;
    } else if (row.kind == "human" || row.kind == "kicked") {
        s.kind = Seat::Kind::Human;
        s.kicked = row.kind == "kicked";
    } else if (row.kind == "external") {
        s.kind = Seat::Kind::External;
    } else {
        s = Seat{};
        if (seat_token_hashes_.count(row.seat)) s.kind = Seat::Kind::External;
    }
}

void Room::restore_kicked(const std::vector<std::string>& sessions) { kicked_.insert(sessions.begin(), sessions.end()); }

// After the stored actions were replayed: the game clock resumes where the last stored action left
// it (the server's downtime does not count against anybody), absent players get their grace period
// again, and bots (and stand-in bots of kicked players) continue.
void Room::restore_started() {
    started_ = true;
    start_told_ = true;
    game_->begin(unix_ms_now(), limits_.clock_scale);
    // A referee's pause holds wherever the room is served again (a restart, another node's takeover):
    // the stored referee log says so (room_referee.cpp), the clocks stay frozen until a resume.
    if (referee_paused() && game_->pause_clock(unix_ms_now())) spdlog::info("room {}: clocks stay paused by the referee", id_);
    // The recent events as the live room had them (issue 18): a returning player's log after a restart.
    std::vector<std::vector<Text>> restored = game_->take_restored_history();
    for (size_t i = 0; i < restored.size() && i <= seats_.size(); ++i)
        for (Text& t : restored[i]) keep_history_entry(i, std::move(t));
    for (const StoredAction& a : game_->take_begin_records()) journal_->append(kSpectatorSeat, a.record, a.game_ms, [] {});
    for (size_t i = 0; i < seats_.size(); ++i) {
        Seat& s = seats_[i];
        if (s.kicked && running()) {
            game_->set_bot(static_cast<int>(i), takeover_bot_, bot_seed_ + 200 + i);
            s.bot_playing = takeover_bot_;
        } else if (s.held()) {
            seat_disconnected(static_cast<int>(i));
        } else if (s.kind == Seat::Kind::External && running()) {  // a managed room's seat nobody took yet
            game_->set_bot(static_cast<int>(i), takeover_bot_, bot_seed_ + 100 + i);
            s.bot_playing = takeover_bot_;
        }
    }
    {
        json j = make_summary();  // takes summary_mu_ itself (the account seats): not under it
        std::lock_guard lock(summary_mu_);
        summary_ = std::move(j);
    }
    over_shown_ = game_->over();
    if (game_->over()) return game_over();  // it ended before its finished state was stored
    after_update();
}

}  // namespace hexhall::server
