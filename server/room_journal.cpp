#include "server/room_journal.hpp"

#include <spdlog/spdlog.h>

namespace hexhall::server {

RoomJournal::RoomJournal(std::shared_ptr<Store> store, std::string room, Strand strand, Fairness fairness,
                         int64_t next_seq)
    : store_(std::move(store)),
      room_(std::move(room)),
      strand_(std::move(strand)),
      fairness_(std::move(fairness)),
      next_seq_(next_seq) {}

Strand RoomJournal::gated() {
    auto self = shared_from_this();
    return Strand{[self](std::function<void()> f) {
                      self->strand_.post([self, f = std::move(f)]() mutable { self->run_or_hold(std::move(f)); });
                  },
                  [self](std::chrono::milliseconds delay, std::function<void()> f) {
                      self->strand_.post_after(delay, [self, f = std::move(f)]() mutable {
                          self->run_or_hold(std::move(f));
                      });
                  }};
}

void RoomJournal::run_or_hold(std::function<void()> f) {
    if (closed_) return held_.push_back(std::move(f));
    f();
}

void RoomJournal::drain() {
    while (!closed_ && !held_.empty()) {
        auto f = std::move(held_.front());
        held_.pop_front();
        f();
    }
}

void RoomJournal::append(int seat, const std::string& record, int64_t game_ms, std::function<void()> then) {
    closed_ = true;
    const int64_t seq = next_seq_++;
    store_->append(room_, ActionRow{seq, seat, record, game_ms},
                   [self = shared_from_this(), seq, then = std::move(then)](bool ok) mutable {
                       if (!ok) spdlog::error("room {}: action {} was not stored: not acknowledged", self->room_, seq);
                       self->strand_.post([self, ok, then = std::move(then)] {
                           self->closed_ = false;
                           if (ok) then();  // may append again (closing the gate)
                           self->drain();
                       });
                   });
}

void RoomJournal::drop_held() {
    std::deque<std::function<void()>> held;
    held.swap(held_);  // destroyed after held_ is empty again
}

void RoomJournal::seat(const SeatRow& row) { store_->put_seat(room_, row); }

void RoomJournal::host(const std::string& session) { store_->set_host(room_, session); }

void RoomJournal::password(const std::string& hash) { store_->set_password_hash(room_, hash); }

void RoomJournal::kick(const std::string& session) { store_->put_kick(room_, session); }

void RoomJournal::rulings(const std::string& body) { store_->put_document(kRulingsKind, room_, body, unix_ms_now()); }
void RoomJournal::stand_ins(const std::string& body) { store_->put_document(kStandInsKind, room_, body, unix_ms_now()); }

void RoomJournal::started(std::function<void()> then) {
    closed_ = true;
    store_->set_state(room_, "running", 0, [self = shared_from_this(), then = std::move(then)](bool ok) mutable {
        if (!ok) spdlog::error("room {}: its start was not stored: not announced", self->room_);
        self->strand_.post([self, ok, then = std::move(then)] {
            self->closed_ = false;
            if (ok) then();
            self->drain();
        });
    });
}

void RoomJournal::abandoned() { store_->set_state(room_, "abandoned", unix_ms_now()); }

void RoomJournal::finish(std::function<void()> then) {
    store_->set_state(room_, "finished", unix_ms_now(), [self = shared_from_this(), then = std::move(then)](bool ok) {
        if (!ok) spdlog::error("room {}: the finished state was not stored", self->room_);
        self->strand_.post(then);
    });
}

}  // namespace hexhall::server
