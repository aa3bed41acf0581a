// A room's link to the Store (docs/decisions/006-storage.md): appends every accepted action and
// delays its ack/patches until the append committed, while keeping the room's order.
//
// The room's work runs through gated() on its strand. append() closes the gate: tasks that reach
// the strand meanwhile are held, in order, and run after the append's completion (which sends
// the ack and patches). The strand itself never waits, so other rooms are not stalled.
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "server/client.hpp"
#include "server/fairness.hpp"
#include "server/store.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

class RoomJournal : public std::enable_shared_from_this<RoomJournal> {
public:
    // `strand`: the room's strand. `next_seq`: the number of actions already stored.
    RoomJournal(std::shared_ptr<Store> store, std::string room, Strand strand, Fairness fairness, int64_t next_seq = 0);

    // The Strand the room uses for all its work, timers included (any thread).
    Strand gated();

    // On the room's strand:
    // Stores an accepted action; `then` (the ack and patches) runs on the strand once it committed.
    // While the store fails the append is retried (Store::healthy) and the gate stays closed: the
    // room acknowledges nothing that is not stored. When it fails for good (shutdown, a refused
    // row) `then` never runs: nothing is acknowledged.
    // game_ms: the game clock when the action was applied (GameUpdate::game_ms).
    void append(int seat, const std::string& record, int64_t game_ms, std::function<void()> then);
    void seat(const SeatRow& row);
    void host(const std::string& session);  // token hash of the new host's session
    void password(const std::string& hash);  // the room password's new hash (rehash)
    void kick(const std::string& session);  // token hash of a session kicked from the room
    // The room's referee log (a JSON array; the store's document kind kRulingsKind, id = room).
    void rulings(const std::string& body);
    // The room's stand-in log (a JSON array; the store's document kind kStandInsKind, id = room).
    void stand_ins(const std::string& body);
    // Marks the room running; `then` runs on the strand once that committed, and the gate is closed
    // meanwhile (as for append: nothing of the room's is told before its start is stored).
    void started(std::function<void()> then);
    // Marks the room abandoned (closed before its game finished).
    void abandoned();
    // Marks the room finished; `then` runs on the strand after that committed.
    void finish(std::function<void()> then);

    // Once the io threads have stopped: drops the work held behind an append whose completion will
    // never run (it may own the room, which owns this journal: a cycle otherwise).
    void drop_held();

    // Runs f on the room's strand without the gate (store health notices while an append waits).
    void post_ungated(std::function<void()> f) { strand_.post(std::move(f)); }

    const Fairness& fairness() const { return fairness_; }
    // The number of actions appended so far (stored or on their way): the next action's number.
    int64_t next_seq() const { return next_seq_; }
    const std::string& room() const { return room_; }

private:
    void run_or_hold(std::function<void()> f);
    void drain();

    std::shared_ptr<Store> store_;
    const std::string room_;
    Strand strand_;
    const Fairness fairness_;
    int64_t next_seq_;
    bool closed_ = false;  // an append is in flight
    std::deque<std::function<void()>> held_;
};

}  // namespace hexhall::server
