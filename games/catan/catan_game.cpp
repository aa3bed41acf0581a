#include "games/catan/catan_game.hpp"

#include <algorithm>
#include <random>
#include <utility>

#include <spdlog/spdlog.h>

#include "games/catan/bots/bot.hpp"
#include "games/catan/engine/engine.hpp"
#include "games/catan/engine/record.hpp"
#include "games/catan/engine/timers.hpp"
#include "games/catan/engine/view.hpp"
#include "games/catan/protocol/catan_messages.hpp"
#include "games/catan/protocol/view_stream.hpp"
#include "core/unix_time.hpp"

namespace hexhall::catan {

namespace cat = hexhall::catan;
namespace proto = hexhall::protocol;
// The room core's names (core/game.hpp, core/game_module.hpp)
using core::Game;
using core::GameMessage;
using core::GameModule;
using core::GameReply;
using core::GameUpdate;
using core::json;
using core::kSpectatorSeat;
using core::make_text;
using core::StoredAction;
using core::Text;

namespace {

// ---- The only place that calls protocol::ViewStream (its API may still move).
std::unique_ptr<proto::ViewStream> make_stream(int seat, uint64_t version) {
    return std::make_unique<proto::ViewStream>(seat, version, seat != cat::kSpectator);
}
json stream_snapshot(proto::ViewStream& vs, const cat::GameState& s, std::optional<int64_t> reply_to) {
    return vs.snapshot(s, reply_to);
}
// The patch message built as text directly (byte-identical to patch().dump() plus the "clock"
// member when given, no JSON tree).
Text stream_patch(proto::ViewStream& vs, const cat::GameState& s, const cat::EventList& events,
                  proto::ViewCache& cache, const std::string& clock) {
    return std::make_shared<const std::string>(vs.patch_text(s, events, 0, &cache, clock));
}
// ----

Text error_text(const std::string& code, const std::string& message, std::optional<int64_t> id) {
    return make_text(proto::error_message(proto::ProtocolError{code, message, "", id}));
}

const char* clock_kind(cat::Phase p) {
    switch (p) {
        case cat::Phase::MapStudy: return "study";
        case cat::Phase::SetupSettlement:
        case cat::Phase::SetupRoad: return "setup";
        case cat::Phase::Discard: return "discard";
        default: return "turn";
    }
}

class CatanGame final : public Game {
public:
    CatanGame(const cat::GameOptions& opts, uint64_t seed, json shown, std::string clock, cat::TimerSettings timers)
        : shown_(std::move(shown)), clock_(std::move(clock)), timers_(timers), opts_(opts), seed_(seed) {
        const char* err = nullptr;
        ok_ = cat::new_game(opts, seed, s_, nullptr, &err);
        if (!ok_) error_ = err ? err : "invalid options";
        if (!ok_) return;
        players_ = s_.options.players;
        bots_.resize(players_);
        rebase_streams();
    }
    bool ok() const { return ok_; }
    const std::string& error() const { return error_; }

    const char* name() const override { return proto::kGame; }
    int seats() const override { return players_; }
    json options() const override { return shown_; }
    bool over() const override { return s_.phase == cat::Phase::GameOver; }

    Text snapshot(int seat, std::optional<int64_t> reply_to) override {
        json j = stream_snapshot(stream(seat), s_, reply_to);
        add_clock(j, seat);
        return make_text(j);
    }

    std::optional<core::Outcome> outcome() const override {
        if (s_.phase != cat::Phase::GameOver) return std::nullopt;
        core::Outcome o;
        o.winners.push_back(s_.winner);
        for (int p = 0; p < players_; ++p) o.scores.push_back(cat::victory_points(s_, p));
        return o;
    }

    GameReply handle(int seat, const GameMessage& message) override {
        GameReply out;
        const proto::Decoded d = proto::decode_client_message(message, seat < 0 ? 0 : seat);
        if (!d.ok()) {
            out.reply = make_text(proto::error_message(d.error));
            return out;
        }
        const proto::ClientMessage& m = *d.message;
        if (m.kind == proto::ClientKind::Resync) {
            out.reply = snapshot(seat, m.id);
            return out;
        }
        if (seat < 0) {
            out.reply = error_text("spectator", "spectators may not act", m.id);
            return out;
        }
        events_.clear();
        const cat::Result r = cat::apply(s_, m.action, &events_);
        if (!r) {
            out.reply = make_text(proto::error_message(proto::illegal_action(r, m.id)));
            return out;
        }
        out.reply = make_text(proto::ack_message(m.id, s_.actions_applied));
        out.update = applied(m.action, seat, wall_now());
        return out;
    }

    bool set_bot(int seat, std::string_view bot, uint64_t seed) override {
        if (seat < 0 || seat >= players_) return false;
        auto b = cat::bots::make_bot(bot, seed);
        if (!b) return false;
        bots_[seat] = std::move(b);
        return true;
    }

    void clear_bot(int seat) override {
        if (seat >= 0 && seat < players_) bots_[seat].reset();
    }

    std::string clock() const override { return clock_; }

    bool pause_clock(int64_t now_ms) override {
        if (!begun_ || paused_at_ || s_.phase == cat::Phase::GameOver || !next_deadline_ms()) return false;
        paused_at_ = now_ms;
        return true;
    }
    bool resume_clock(int64_t now_ms) override {
        if (!paused_at_) return false;
        const int64_t gap = std::max<int64_t>(0, now_ms - *paused_at_);
        paused_at_.reset();
        start_ms_ += gap;  // game time stood still: every deadline moves by the pause
        offer_seen_ms_ += gap;
        return true;
    }
    bool clock_paused() const override { return paused_at_.has_value(); }

    std::optional<GameUpdate> referee_warning(int seat, int64_t now_ms, std::string& error) override {
        if (seat < 0 || seat >= players_) return error = "no such seat", std::nullopt;
        cat::Action a;
        a.type = cat::ActionType::Warn;
        a.seat = static_cast<uint8_t>(seat);
        events_.clear();
        const cat::Result r = cat::apply(s_, a, &events_);
        if (!r) return error = std::string(r.rule) + ": " + r.message, std::nullopt;
        return applied(a, seat, now_ms);
    }

    void begin(int64_t now_ms, double clock_scale) override {
        begun_ = true;
        scale_ = clock_scale > 0 ? clock_scale : 1.0;
        // A restored game resumes at the game time of its last stored action (resumed_ms_, else 0).
        start_ms_ = now_ms - static_cast<int64_t>(static_cast<double>(resumed_ms_) * scale_);
        if (s_.phase == cat::Phase::MapStudy && !timers_.hk2024) {
            // No clock: nobody would end the HK map-study period (HK-2.1), so placement begins at once.
            cat::Action a;
            a.type = cat::ActionType::BeginPlacement;
            if (!cat::apply(s_, a, nullptr)) spdlog::error("BeginPlacement refused at the start");
            else begin_records_.push_back({cat::action_to_text(a), resumed_ms_});  // storage: recorded like any action
            rebase_streams();  // the streams' versions count that action too (acks say actions_applied)
        }
        track(resumed_ms_);
    }

    std::optional<int64_t> next_deadline_ms() const override {
        if (paused_at_) return std::nullopt;  // a referee stopped the clocks
        std::optional<int64_t> best;
        for (int p = 0; p < players_; ++p) {
            if (auto d = deadline(p); d && (!best || wall_of(d->at) < *best)) best = wall_of(d->at);
            if (auto w = offer_wait_end(p); w && (!best || *w < *best)) best = w;
        }
        return best;
    }

    std::optional<GameUpdate> on_clock(int64_t now_ms) override {
        if (paused_at_) return std::nullopt;
        for (int p = 0; p < players_; ++p) {
            const auto d = deadline(p);
            if (!d || wall_of(d->at) > now_ms) continue;
            cat::Action a;
            a.type = s_.phase == cat::Phase::MapStudy ? cat::ActionType::BeginPlacement : cat::ActionType::Timeout;
            a.seat = static_cast<uint8_t>(p);
            events_.clear();
            const cat::Result r = cat::apply(s_, a, &events_);
            if (!r) {  // cannot happen with the engine's own deadlines; never loop on it
                spdlog::error("clock: the engine refused a timeout for seat {} ({}: {}); clocks stop", p, r.rule,
                              r.message);
                clock_broken_ = true;
                return std::nullopt;
            }
            return applied(a, p, now_ms);
        }
        return std::nullopt;
    }

    std::optional<GameUpdate> bot_step() override {
        for (int p = 0; p < players_; ++p) {
            if (!bots_[p] || !cat::awaits(s_, p) || offer_wait_end(p)) continue;
            // A bot sees only its seat's view and legal actions (games/catan/docs/bots.md).
            const cat::SeatView view = cat::make_view(s_, p);
            cat::legal_actions(s_, p, legal_);
            cat::Action a = bots_[p]->decide(view, legal_);
            events_.clear();
            cat::Result r = cat::apply(s_, a, &events_);
            if (!r && legal_.count > 0) {
                spdlog::error("bot {} at seat {} chose an illegal action ({}); playing its first legal action",
                              bots_[p]->name(), p, r.rule);
                events_.clear();
                a = legal_.list[0];
                r = cat::apply(s_, a, &events_);
            }
            if (!r) {
                spdlog::error("bot at seat {} cannot act ({}: {}); bot removed", p, r.rule, r.message);
                bots_[p].reset();
                continue;
            }
            return applied(a, p, wall_now());
        }
        return std::nullopt;
    }
    // The first awaited bot decides on copies of its seat's view and legal actions, away from the game.
    struct Thought final : BotThought {
        int seat = 0;
        uint32_t version = 0;
        std::shared_ptr<cat::bots::Bot> bot;
        cat::SeatView view{};
        cat::LegalActions legal{};
        cat::Action action{};
        void think() override { action = bot->decide(view, legal); }
    };
    std::unique_ptr<BotThought> bot_prepare() override {
        for (int p = 0; p < players_; ++p) {
            if (!bots_[p] || !cat::awaits(s_, p) || offer_wait_end(p)) continue;
            auto t = std::make_unique<Thought>();
            t->seat = p;
            t->version = s_.actions_applied;
            t->bot = bots_[p];
            t->view = cat::make_view(s_, p);
            cat::legal_actions(s_, p, t->legal);
            return t;
        }
        return nullptr;
    }
    std::optional<GameUpdate> bot_apply(BotThought& thought) override {
        auto* t = dynamic_cast<Thought*>(&thought);
        if (!t || t->version != s_.actions_applied || bots_[t->seat] != t->bot || !cat::awaits(s_, t->seat)) {
            thought.stale = true;
            return std::nullopt;
        }
        const int p = t->seat;
        cat::Action a = t->action;
        events_.clear();
        cat::Result r = cat::apply(s_, a, &events_);
        if (!r && t->legal.count > 0) {
            spdlog::error("bot {} at seat {} chose an illegal action ({}); playing its first legal action",
                          t->bot->name(), p, r.rule);
            events_.clear();
            a = t->legal.list[0];
            r = cat::apply(s_, a, &events_);
        }
        if (!r) {
            spdlog::error("bot at seat {} cannot act ({}: {}); bot removed", p, r.rule, r.message);
            bots_[p].reset();
            thought.stale = true;  // another bot may act
            return std::nullopt;
        }
        return applied(a, p, wall_now());
    }

    // ---- Storage and crash recovery
    uint64_t seed() const override { return seed_; }
    std::string setup() const override {  // the engine record header without its seed line
        std::string text = cat::to_text(cat::GameRecord{opts_, seed_, {}});
        const size_t at = text.find("\nseed ");
        return at == std::string::npos ? text : text.substr(0, at + 1);
    }
    bool restore(const std::vector<StoredAction>& actions, std::string& error) override {
        track(0);
        restored_history_.clear();
        const size_t keep_from = actions.size() - std::min(actions.size(), core::kEventHistory);
        for (size_t i = 0; i < actions.size(); ++i) {
            const std::string& record = actions[i].record;
            cat::Action a;
            std::string why;
            if (!cat::action_from_text(record, a, &why)) return error = "record " + std::to_string(i) + ": " + why, false;
            const bool keep = i >= keep_from;  // the last actions' events, as each viewer's patch carried them
            events_.clear();
            const cat::Result r = cat::apply(s_, a, keep ? &events_ : nullptr);
            if (!r) return error = "record " + std::to_string(i) + " (" + record + ") refused: " + r.rule, false;
            if (keep)
                core::keep_restored_entries(restored_history_, players_, cat::kSpectator, s_.actions_applied,
                                            [&](int viewer) { return proto::events_json(events_, viewer).dump(); });
            // The waits begin as they did in the game (game times never go back; older rows hold 0).
            resumed_ms_ = std::max(resumed_ms_, actions[i].game_ms);
            track(resumed_ms_);
        }
        rebase_streams();
        return true;
    }
    std::optional<GameUpdate> apply_record(const std::string& record, std::string& error) override {
        cat::Action a;
        std::string why;
        if (!cat::action_from_text(record, a, &why)) return error = why, std::nullopt;
        events_.clear();
        const cat::Result r = cat::apply(s_, a, &events_);
        if (!r) return error = "(" + record + ") refused: " + r.rule + " " + r.message, std::nullopt;
        return applied(a, a.seat, begun_ ? wall_now() : start_ms_);
    }
    std::vector<StoredAction> take_begin_records() override { return std::exchange(begin_records_, {}); }
    std::vector<std::vector<Text>> take_restored_history() override { return std::exchange(restored_history_, {}); }

private:
    void rebase_streams() {
        streams_.clear();
        for (int p = 0; p < players_; ++p) streams_.push_back(make_stream(p, s_.actions_applied));
        spectator_ = make_stream(cat::kSpectator, s_.actions_applied);
        for (auto& st : streams_) stream_snapshot(*st, s_, std::nullopt);
        stream_snapshot(*spectator_, s_, std::nullopt);
    }
    proto::ViewStream& stream(int seat) {
        return seat >= 0 && seat < players_ ? *streams_[seat] : *spectator_;
    }
    // After `actor`'s action `a` was applied at wall time `wall`: the clock's waits follow it, every
    // stream gets its patch, and the update carries the record line and game time to store.
    GameUpdate applied(const cat::Action& a, int actor, int64_t wall) {
        const int64_t g = game_ms(wall);
        track(g);
        GameUpdate u = broadcast();
        u.game_ms = g;
        u.record = cat::action_to_text(a);
        u.actor = actor;
        return u;
    }
    GameUpdate broadcast() {
        GameUpdate u;
        // One cache per io thread, shared by every game on it: it is a pure memo keyed by view values
        // (protocol/view_stream.hpp), so any mix of streams is correct, and a room does not carry its
        // own 23 KiB cache.
        static thread_local proto::ViewCache cache;
        std::string events;
        for (int p = 0; p < players_; ++p) {
            u.seats.push_back(stream_patch(*streams_[p], s_, events_, cache, clock_text(p)));
            events.clear();
            streams_[p]->append_events_text(events, &cache, events_, 0);
            u.seat_events.push_back(core::history_entry(streams_[p]->version(), events));
        }
        u.spectators = stream_patch(*spectator_, s_, events_, cache, clock_text(cat::kSpectator));
        events.clear();
        spectator_->append_events_text(events, &cache, events_, 0);
        u.spectator_events = core::history_entry(spectator_->version(), events);
        return u;
    }

    // ---- Clocks: game time is ms since begin() divided by the clock scale.
    int64_t game_ms(int64_t wall) const {
        if (paused_at_) wall = std::min(wall, *paused_at_);  // game time stands still while paused
        return static_cast<int64_t>(static_cast<double>(wall - start_ms_) / scale_);
    }
    int64_t wall_of(int64_t game) const { return start_ms_ + static_cast<int64_t>(static_cast<double>(game) * scale_); }

    // A bot's domestic offer waits for the answers of the seats it was made to that are not bots
    // (people and external programs need time to read it; bots answer at once), at most this long.
    static constexpr int64_t kOfferPatienceMs = 15'000;
    // While bot `seat` waits so: the wall time the wait ends (the room's clock wakes the bots then).
    std::optional<int64_t> offer_wait_end(int seat) const {
        const cat::TradeOffer& o = s_.offer;
        if (!o.open || s_.active != seat || !bots_[seat] || o.id != offer_seen_id_) return std::nullopt;
        bool unanswered = false;
        for (int q = 0; q < players_; ++q)
            unanswered |= (o.targets >> q & 1) && !bots_[q] && o.response[q] == cat::OfferResponse::None;
        const int64_t end = offer_seen_ms_ + static_cast<int64_t>(static_cast<double>(kOfferPatienceMs) * scale_);
        return unanswered && wall_now() < end ? std::optional<int64_t>(end) : std::nullopt;
    }

    // After every applied action: when did the current wait begin (HK-2.2 placement, turn, discard)?
    void track(int64_t g) {
        if (s_.offer.open && s_.offer.id != offer_seen_id_) {
            offer_seen_id_ = s_.offer.id;
            offer_seen_ms_ = wall_now();
        }
        const bool discard = s_.phase == cat::Phase::Discard;
        if (discard && !in_discard_) discard_start_ = g;
        if (!discard && in_discard_) turn_paused_ += g - discard_start_;  // HK-2.8: the turn clock stood still
        in_discard_ = discard;
        const int64_t key = s_.phase == cat::Phase::MapStudy ? -1
                            : s_.turn == 0                   ? s_.setup_step
                                                             : 1000 + int64_t{s_.turn} * 8 + s_.active;
        if (key != wait_key_) {
            wait_key_ = key;
            wait_start_ = key == -1 ? 0 : g;
            turn_paused_ = 0;
        }
    }

    std::optional<cat::Deadline> deadline(int seat) const {
        if (!begun_ || clock_broken_ || (!timers_.hk2024 && timers_.turn_limit_ms <= 0)) return std::nullopt;
        const int64_t start = s_.phase == cat::Phase::Discard ? discard_start_ : wait_start_;
        return cat::deadline_for(s_, timers_, seat, start, turn_paused_);
    }

    // The envelope's "clock" (outside the view and its digest): the viewer's own deadline if it has
    // one, else the first seat's.
    std::optional<json> clock_json(int viewer) const {
        std::optional<cat::Deadline> shown;
        for (int p = 0; p < players_ && !(shown && shown->seat == viewer); ++p)
            if (auto d = deadline(p); d && (!shown || p == viewer)) shown = d;
        if (!shown) return std::nullopt;
        json c = {{"seat", shown->seat}, {"deadline", wall_of(shown->at)}, {"kind", clock_kind(s_.phase)}};
        if (shown->warn_at) c["warnAt"] = wall_of(*shown->warn_at);
        if (paused_at_) {  // stopped by a referee: the time left stands (deadline moves on resume)
            c["paused"] = true;
            c["leftMs"] = std::max<int64_t>(0, wall_of(shown->at) - *paused_at_);
        }
        return c;
    }
    void add_clock(json& msg, int viewer) const {
        if (auto c = clock_json(viewer)) msg["clock"] = std::move(*c);
    }
    std::string clock_text(int viewer) const {
        auto c = clock_json(viewer);
        return c ? c->dump() : std::string();
    }

    bool ok_ = false;
    std::string error_;
    json shown_;
    std::string clock_;
    cat::TimerSettings timers_;
    cat::GameOptions opts_;  // as given to new_game (storage: setup())
    uint64_t seed_ = 0;
    std::vector<StoredAction> begin_records_;
    int64_t resumed_ms_ = 0;  // after restore(): the game time of the last restored action
    std::vector<std::vector<Text>> restored_history_;  // restore(): see take_restored_history()
    bool begun_ = false, clock_broken_ = false, in_discard_ = false;
    int64_t start_ms_ = 0;
    std::optional<int64_t> paused_at_;  // wall ms a referee paused the clocks (pause_clock)
    double scale_ = 1.0;
    int64_t wait_key_ = -2, wait_start_ = 0, discard_start_ = 0, turn_paused_ = 0;
    int offer_seen_id_ = -1;    // the open offer last seen after an action, and when (wall ms)
    int64_t offer_seen_ms_ = 0;
    cat::GameState s_{};
    int players_ = 0;
    std::vector<std::shared_ptr<cat::bots::Bot>> bots_;  // shared with a thought in flight (bot_prepare)
    std::vector<std::unique_ptr<proto::ViewStream>> streams_;
    std::unique_ptr<proto::ViewStream> spectator_;
    cat::EventList events_;
    cat::LegalActions legal_{};
};

bool get_int(const json& req, const char* key, int64_t lo, int64_t hi, int64_t& out, std::string& error) {
    auto it = req.find(key);
    if (it == req.end() || it->is_null()) return true;
    if (!it->is_number_integer()) {
        error = std::string("\"") + key + "\" must be an integer";
        return false;
    }
    const int64_t v = it->get<int64_t>();
    if (v < lo || v > hi) {
        error = std::string("\"") + key + "\" out of range";
        return false;
    }
    out = v;
    return true;
}

// Crash recovery passes the stored set-up under this key of the request; the factory then takes the
// game's options from it. The Hub removes members beginning with '_' from clients' requests.
constexpr const char* kRestoreSetupKey = "_restoreSetup";

}  // namespace

std::unique_ptr<Game> make_catan_game(const json& req, std::string& error) {
    cat::GameOptions o;
    json shown = json::object();
    int64_t players = 4, vp = 10;
    int64_t seed = -1, board_seed = -1;
    if (!get_int(req, "players", 3, 4, players, error) || !get_int(req, "vp", 3, 20, vp, error) ||
        !get_int(req, "seed", 0, INT64_MAX, seed, error) || !get_int(req, "boardSeed", 0, INT64_MAX, board_seed, error))
        return nullptr;
    o.players = static_cast<int>(players);
    o.victory_points = static_cast<int>(vp);
    auto get_choice = [&](const char* key, std::initializer_list<const char*> values, std::string& out) {
        auto it = req.find(key);
        if (it == req.end() || it->is_null()) return true;
        if (it->is_string())
            for (const char* v : values)
                if (it->get<std::string>() == v) return out = v, true;
        error = std::string("\"") + key + "\" must be one of:";
        for (const char* v : values) error += std::string(" \"") + v + "\"";
        return false;
    };
    std::string map = "random", numbers = "spiral", ruleset = "base", mode, clock;
    if (!get_choice("map", {"starter", "random"}, map) || !get_choice("numbers", {"spiral", "random"}, numbers) ||
        !get_choice("ruleset", {"base", "hk2024"}, ruleset) || !get_choice("mode", {"classic", "combined"}, mode) ||
        !get_choice("clock", {"none", "relaxed", "standard", "fast", "hk2024"}, clock))
        return nullptr;
    o.number_placement = numbers == "random" ? cat::NumberPlacement::Random : cat::NumberPlacement::Spiral;
    o.map = map == "starter" ? cat::MapKind::Starter : cat::MapKind::Random;
    if (!mode.empty()) {
        o.mode = mode == "classic" ? cat::TradeBuildMode::Classic : cat::TradeBuildMode::Combined;
        shown["mode"] = mode;
    }
    if (board_seed >= 0 && map == "starter") return error = "\"boardSeed\" needs map \"random\"", nullptr;
    if (ruleset == "hk2024") o.ruleset = cat::Ruleset::HK2024;
    if (seed < 0) {
        std::random_device rd;
        seed = static_cast<int64_t>(((uint64_t{rd()} << 32) | rd()) >> 1);
    }
    if (map == "random" && (board_seed >= 0 || ruleset == "hk2024")) {
        // An explicit board (HK-3.1: the organiser's board): from boardSeed, or else drawn from the
        // game's own seed, so that the committed seed accounts for it (docs/fairness.md) and a seeded
        // game is the same game every time.
        uint64_t board_rng_seed = 0;
        if (board_seed < 0) {
            uint64_t x = static_cast<uint64_t>(seed) ^ 0xB0A2D5EEDull;
            board_rng_seed = core::splitmix64(x) >> 1;
        } else {
            shown["boardSeed"] = board_seed;
            board_rng_seed = static_cast<uint64_t>(board_seed);
        }
        cat::Rng rng = cat::make_rng(board_rng_seed);
        o.board = cat::random_board(rng, o.number_placement);
        o.map = cat::MapKind::Explicit;
    } else if (ruleset == "hk2024") {
        o.board = cat::starter_board();
        o.map = cat::MapKind::Explicit;
    }
    if (auto it = req.find(kRestoreSetupKey); it != req.end() && it->is_string()) {
        // Crash recovery: the stored set-up (with its board) replaces the options read above.
        cat::GameRecord stored;
        std::string why;
        if (!cat::from_text(it->get<std::string>() + "\nseed 0\n", stored, &why)) return error = "stored set-up: " + why, nullptr;
        o = stored.options;
    }
    if (clock.empty()) clock = ruleset == "hk2024" ? "hk2024" : "none";
    cat::TimerSettings timers;
    if (clock == "hk2024") timers.hk2024 = true;
    const int64_t per_turn = clock == "relaxed" ? 180'000 : clock == "standard" ? 90'000 : clock == "fast" ? 45'000 : 0;
    timers.turn_limit_ms = per_turn;   // CAT-17.1 (relaxed: the championship's 3 minutes)
    timers.setup_limit_ms = per_turn;  // decision: a setup placement gets one turn's time
    shown["players"] = players;
    shown["map"] = map;
    shown["numbers"] = numbers;
    shown["ruleset"] = ruleset;
    shown["vp"] = vp;
    auto g = std::make_unique<CatanGame>(o, static_cast<uint64_t>(seed), shown, clock, timers);
    if (!g->ok()) {
        error = g->error();
        return nullptr;
    }
    return g;
}

GameModule catan_module() {
    GameModule m;
    m.name = proto::kGame;
    m.option_keys = {"players", "vp", "seed", "boardSeed", "map", "numbers", "ruleset", "mode", "clock"};
    m.title = "Catan";
    m.min_seats = 3;
    m.max_seats = 4;
    m.bots = {"random", "heuristic", "search"};
    m.takeover_bot = "heuristic";
    // Tournaments: both rulesets ranked by HK-1 (tournament/hk_standings), tables of 4, 3 when the count
    // requires (HK-0.2); every table of a round plays the round's board (HK-3.1) on a random map.
    const auto table_options = [](std::string ruleset) {
        return [ruleset](uint64_t board_seed, const std::string& clock) {
            return json{{"ruleset", ruleset}, {"map", "random"}, {"boardSeed", board_seed},
                        {"clock", clock == "hk2024" ? "hk2024" : clock == "casual" ? "relaxed" : "none"}};
        };
    };
    m.tournament = {{"hk2024", "hk2024", 3, 4, table_options("hk2024")}, {"base", "hk2024", 3, 4, table_options("base")}};
    // Discards after a 7 await several seats at once; hands and the development deck are hidden.
    m.type.dynamics = core::GameType::Dynamics::Simultaneous;
    m.variants = {{{"ruleset", "base"}}, {{"ruleset", "hk2024"}}};
    m.clocks = {"none", "relaxed", "standard", "fast", "hk2024"};
    m.create = &make_catan_game;
    m.recreate = [](const json& options, const std::string& setup, uint64_t seed, std::string& error) {
        json request = options.is_object() ? options : json::object();
        request["seed"] = static_cast<int64_t>(seed);  // the secret seed (< 2^63, see make_catan_game)
        request[kRestoreSetupKey] = setup;
        return make_catan_game(request, error);
    };
    // Record entries: intents under "catan", referee actions as their record line under "referee".
    m.record_entry = [](int seat, const std::string& record) {
        cat::Action action;
        if (!cat::action_from_text(record, action) || cat::is_referee_action(action.type))
            return json{{"seat", seat}, {"referee", record}};  // unreadable: kept verbatim
        return json{{"seat", seat}, {proto::kGame, proto::intent_json(action)}};
    };
    m.record_line = [](const json& entry, int seat, std::string& record, std::string& error) {
        cat::Action action;
        if (entry.contains(proto::kGame)) {
            proto::IntentError ie;
            auto decoded = proto::intent_from_json(entry.at(proto::kGame), seat, ie, /*offer_required=*/false);  // records from before offer ids
            if (!decoded) return error = "bad intent (" + ie.code + ": " + ie.message + ")", false;
            action = *decoded;
        } else if (entry.contains("referee") && entry.at("referee").is_string()) {
            std::string err;
            if (!cat::action_from_text(entry.at("referee").get<std::string>(), action, &err))
                return error = "bad referee action (" + err + ")", false;
            // The seat is the one concerned; a referee action the game applied by itself (HK-2.1's
            // beginPlacement when no map-study clock runs) is stored for no seat (-1).
            if (!cat::is_referee_action(action.type) || (action.seat != seat && seat != core::kSpectatorSeat))
                return error = "\"referee\" is not a referee action of that seat", false;
        } else {
            return error = "neither \"catan\" nor \"referee\"", false;
        }
        record = cat::action_to_text(action);
        return true;
    };
    return m;
}

}  // namespace hexhall::catan
