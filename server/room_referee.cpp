// A referee at a managed room's table (tournaments, issue 17): warnings under the game's rules,
// pausing and resuming the game's clocks, ruling notes. Everything a referee does is told to the
// table as a chat line from the referee and kept in the room's stored referee log, which the
// game's record shows as "rulings" (docs/protocol.md, "Referees").
#include <spdlog/spdlog.h>

#include "server/lobby_messages.hpp"
#include "server/room.hpp"
#include "server/room_journal.hpp"
#include "server/unix_time.hpp"

namespace hexhall::server {

namespace {
// At most `bytes` bytes of valid UTF-8 `s`, cut before a character, not inside one.
std::string cut_utf8(std::string s, size_t bytes) {
    if (s.size() <= bytes) return s;
    size_t n = bytes;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s.resize(n);
    return s + "…";
}
}  // namespace

void Room::referee(const RefereeRequest& r, std::function<void(const std::string&)> done) {
    if (closed_) return done("the room is closed");
    if (r.seat < -1 || r.seat >= static_cast<int>(seats_.size())) return done("no such seat");
    const int64_t now = unix_ms_now();
    if (r.kind == "pause" || r.kind == "resume") {
        if (!running()) return done("the game is not running");
        const bool ok = r.kind == "pause" ? game_->pause_clock(now) : game_->resume_clock(now);
        if (!ok) return done(r.kind == "pause" ? "no clock runs at this table (or it is paused already)" : "the clocks are not paused");
        spdlog::info("room {}: clocks {}d by referee {}", id_, r.kind, r.by);
        arm_clock();
        push_room();
        // Every member's clock as it now stands (paused: the time left; resumed: new deadlines).
        for (size_t i = 0; i < seats_.size(); ++i)
            if (auto cl = seats_[i].client.lock()) cl->send(game_->snapshot(static_cast<int>(i)));
        for (auto& w : spectators_)
            if (auto cl = w.client.lock()) cl->send(game_->snapshot(kSpectatorSeat));
        referee_told(r);
        return done("");
    }
    if (r.kind == "warning") {
        if (r.seat < 0) return done("a warning names a seat");
        if (!running()) return done("the game is not running");
        std::string error;
        std::optional<GameUpdate> u = game_->referee_warning(r.seat, now, error);
        if (!u) {  // a game without warnings of its own: the note still goes to the table
            if (error != "this game has no referee warnings") return done(error);
            referee_told(r);
            return done("");
        }
        referee_told(r);
        after_stored(*u, [self = shared_from_this(), u = *u, done = std::move(done)] {
            self->broadcast(u);
            self->after_update();
            done("");
        });
        return;
    }
    if (r.kind != "ruling" && r.kind != "correction") return done("kind: warning, pause, resume, ruling or correction");
    referee_told(r);
    done("");
}

void Room::referee_told(const RefereeRequest& r) {
    json entry = {{"time", unix_ms_now()}, {"by", r.by}, {"kind", r.kind}, {"seat", r.seat}, {"rule", r.rule}, {"note", r.note}};
    rulings_.push_back(entry);
    if (journal_) journal_->rulings(rulings_.dump(-1, ' ', false, json::error_handler_t::replace));
    std::string who = r.seat >= 0 && r.seat < static_cast<int>(seats_.size()) ? seats_[static_cast<size_t>(r.seat)].name : "";
    std::string text = r.kind;
    if (!who.empty()) text += " — " + who;
    if (!r.rule.empty()) text += " (" + r.rule + ")";
    if (!r.note.empty()) text += ": " + r.note;
    // The chat's limits (chat.schema.json): a name of at most 32, a text of at most 1200 characters.
    json m = chat_message(std::nullopt, id_, -1, cut_utf8("Referee " + r.by, 29), cut_utf8(text, 1100),
                          entry.at("time").get<int64_t>());
    m["referee"] = {{"kind", r.kind}, {"seat", r.seat}, {"rule", cut_utf8(r.rule, 36)}};
    const Text t = make_text(m);
    chat_history_.push_back(t);
    if (chat_history_.size() > kChatHistory) chat_history_.pop_front();
    send_all(t);
}

void Room::restore_rulings(const json& rulings) {
    if (rulings.is_array()) rulings_ = rulings;
}

bool Room::referee_paused() const {
    bool paused = false;
    for (const json& r : rulings_) {
        if (!r.is_object()) continue;
        const std::string kind = r.value("kind", "");
        if (kind == "pause") paused = true;
        if (kind == "resume") paused = false;
    }
    return paused;
}

}  // namespace hexhall::server
