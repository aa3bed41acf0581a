#include "core/rules_game.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <utility>

#include "core/json_view_stream.hpp"
#include "core/random.hpp"

namespace hexhall::core {

namespace {

// splitmix64: independent, reproducible seeds for bots and determinizations.
uint64_t mix(uint64_t x) { return splitmix64(x); }

// The members of a createRoom request that belong to the envelope or the adapter (the room's own:
// kRoomOptionKeys).
constexpr const char* kAdapterKeys[] = {"type", "v", "id", "game", "seed", "clock", "_seatTokenHashes", "_restoreSetup"};

Visibility viewer_bit(int seat) { return seat >= 0 ? seat_bit(seat) : kSpectatorsBit; }

Text error_text(const std::string& code, const std::string& message, std::optional<int64_t> id,
                const std::string& rule = {}) {
    return make_text(error_message(ProtocolError{code, message, rule, id}));
}

class RulesGame final : public Game {
public:
    RulesGame(const RulesModule& module, std::unique_ptr<GameRules> rules, uint64_t seed, std::string clock,
              int64_t limit_ms)
        : module_(module),
          name_(module.name),
          rules_(std::move(rules)),
          options_(rules_->options()),
          same_view_(module.type.same_view || module.type.information == GameType::Information::Perfect),
          fixed_(make_fixed_members(rules_->fixed_view())),
          split_(!same_view_ && !rules_->common_view().empty()),
          seed_(seed),
          clock_(std::move(clock)),
          limit_ms_(limit_ms) {
        bots_.resize(rules_->seats());
        bot_seeds_.resize(rules_->seats());
        wait_start_.assign(rules_->seats(), 0);
        awaited_.assign(rules_->seats(), false);
        for (int p : rules_->awaiting()) awaited_[p] = true;
        rebase_streams();
    }

    const char* name() const override { return name_.c_str(); }
    int seats() const override { return rules_->seats(); }
    json options() const override {
        json o = options_;
        if (clock_ != "none") o["clock"] = clock_;
        return o;
    }
    bool over() const override { return rules_->over(); }
    std::optional<Outcome> outcome() const override {
        return rules_->over() ? std::optional<Outcome>(rules_->outcome()) : std::nullopt;
    }

    void watch_spectators(bool watched) override {
        if (watched) make_spectators_current();
        spectators_watched_ = watched;
    }

    Text snapshot(int seat, std::optional<int64_t> reply_to) override {
        if (seat < 0 || seat >= seats()) make_spectators_current();  // before it is shown
        // One view for everybody: every stream holds the current one (applied(), rebase_streams()).
        json m = same_view_ ? stream(seat).snapshot_held(legal(seat), reply_to)
                            : stream(seat).snapshot(view_of(seat), legal(seat), reply_to, common_);
        add_clock(m, seat);
        return make_text(m);
    }

    GameReply handle(int seat, const GameMessage& m) override {
        GameReply out;
        if (m.kind == GameMessage::Kind::Resync) {
            out.reply = snapshot(seat, m.id);
            return out;
        }
        if (seat < 0 || seat >= seats()) {
            out.reply = error_text("spectator", "spectators may not act", m.id);
            return out;
        }
        if (!m.payload.is_object() || !m.payload.contains("type") || !m.payload.at("type").is_string()) {
            out.reply = !m.payload.is_object() ? error_text("bad_type", "an action is an object with a string \"type\"", m.id)
                        : !m.payload.contains("type") ? error_text("missing_field", "missing field \"type\" in the action", m.id)
                                                      : error_text("bad_type", "\"type\" must be a string", m.id);
            return out;
        }
        events_.clear();
        if (auto r = rules_->act(seat, m.payload, events_)) {
            out.reply = r->rule.empty() ? error_text(r->code.empty() ? "bad_value" : r->code, r->message, m.id)
                                        : error_text("illegal_action", r->message, m.id, r->rule);
            return out;
        }
        ++actions_;
        out.reply = make_text(ack_message(m.id, actions_));
        out.update = applied(seat, m.payload, wall_now());
        return out;
    }

    bool set_bot(int seat, std::string_view bot, uint64_t seed) override {
        if (seat < 0 || seat >= seats() || !module_.make_bot) return false;
        auto b = module_.make_bot(bot, seed);
        if (!b) return false;
        bots_[seat] = std::move(b);
        bot_seeds_[seat] = seed;
        return true;
    }
    void clear_bot(int seat) override {
        if (seat >= 0 && seat < seats()) bots_[seat].reset();
    }

    std::string clock() const override { return clock_; }
    void begin(int64_t now_ms, double clock_scale) override {
        begun_ = true;
        scale_ = clock_scale > 0 ? clock_scale : 1.0;
        start_ms_ = now_ms - static_cast<int64_t>(static_cast<double>(resumed_ms_) * scale_);
    }
    std::optional<int64_t> next_deadline_ms() const override {
        if (paused_at_) return std::nullopt;  // a referee stopped the clocks
        const std::optional<int> seat = first_due();
        if (!seat) return std::nullopt;
        return deadline_of(*seat);
    }
    std::optional<GameUpdate> on_clock(int64_t now_ms) override {
        if (paused_at_ || !first_due()) return std::nullopt;
        // Every awaited seat whose own time has run out, the earliest first.
        std::vector<int> due;
        for (int p : rules_->awaiting())
            if (deadline_of(p) <= now_ms) due.push_back(p);
        std::stable_sort(due.begin(), due.end(), [&](int a, int b) { return deadline_of(a) < deadline_of(b); });
        if (due.empty()) return std::nullopt;
        for (int p : due) {
            if (!takeover_) takeover_ = module_.make_bot ? module_.make_bot(module_.takeover_bot, mix(seed_ ^ 0x7A11)) : nullptr;
            if (auto u = decide_and_act(p, takeover_.get(), now_ms)) return u;
        }
        limit_ms_ = 0;  // nobody could act for the awaited seats: the clock stops rather than loop
        return std::nullopt;
    }
    // A referee's pause: game time stands still at `now_ms` (every awaited seat keeps the time it
    // has left, no timeout fires); resume moves every deadline by the pause. Like every game's, not
    // stored: after a restart the tournament desk pauses the table again.
    bool pause_clock(int64_t now_ms) override {
        if (paused_at_ || !first_due()) return false;  // paused already, or no clock runs
        paused_at_ = now_ms;
        return true;
    }
    bool resume_clock(int64_t now_ms) override {
        if (!paused_at_) return false;
        start_ms_ += std::max<int64_t>(0, now_ms - *paused_at_);
        paused_at_.reset();
        return true;
    }
    bool clock_paused() const override { return paused_at_.has_value(); }
    std::optional<GameUpdate> bot_step() override {
        if (rules_->over()) return std::nullopt;
        for (int p : rules_->awaiting())
            if (p >= 0 && p < seats() && bots_[p])
                if (auto u = decide_and_act(p, bots_[p].get(), wall_now())) return u;
        return std::nullopt;
    }
    // The first awaited bot decides on its determinized copy, away from the game.
    struct Thought final : BotThought {
        int seat = 0;
        uint64_t version = 0;
        std::shared_ptr<RulesBot> bot;
        std::unique_ptr<GameRules> copy;
        json action;
        void think() override { action = bot->decide(*copy, seat); }
    };
    std::unique_ptr<BotThought> bot_prepare() override {
        if (rules_->over()) return nullptr;
        for (int p : rules_->awaiting()) {
            if (p < 0 || p >= seats() || !bots_[p]) continue;
            auto t = std::make_unique<Thought>();
            t->seat = p;
            t->version = actions_;
            t->bot = bots_[p];
            t->copy = rules_->determinize(p, determinize_seed(p));
            return t;
        }
        return nullptr;
    }
    std::optional<GameUpdate> bot_apply(BotThought& thought) override {
        auto* t = dynamic_cast<Thought*>(&thought);
        if (!t || t->version != actions_ || rules_->over() || bots_[t->seat] != t->bot) {
            thought.stale = true;
            return std::nullopt;
        }
        auto u = act_decided(t->seat, std::move(t->action), wall_now());
        if (!u) thought.stale = true;  // that bot was removed: another may act
        return u;
    }

    uint64_t seed() const override { return seed_; }
    std::string setup() const override { return canonical(options_); }
    bool restore(const std::vector<StoredAction>& actions, std::string& error) override {
        restored_history_.clear();
        const size_t keep_from = actions.size() - std::min(actions.size(), kEventHistory);
        for (size_t i = 0; i < actions.size(); ++i) {
            int actor = 0;
            if (!replay(actions[i].record, error, &actor)) return error = "record " + std::to_string(i) + ": " + error, false;
            resumed_ms_ = std::max(resumed_ms_, actions[i].game_ms);
            note_waits(actor, actions[i].game_ms);
            if (i >= keep_from) {  // what each viewer's patch of this action carried (version = actions)
                write_events();
                keep_restored_entries(restored_history_, seats(), kSpectator, actions_,
                                      [&](int viewer) { return events_text(viewer); });
            }
        }
        rebase_streams();
        return true;
    }
    std::vector<std::vector<Text>> take_restored_history() override { return std::exchange(restored_history_, {}); }
    std::optional<GameUpdate> apply_record(const std::string& record, std::string& error) override {
        int seat = 0;
        json action;
        if (!replay(record, error, &seat, &action)) return std::nullopt;
        return applied(seat, action, begun_ ? wall_now() : start_ms_);
    }
    std::vector<StoredAction> take_begin_records() override { return {}; }

private:
    bool replay(const std::string& record, std::string& error, int* seat_out = nullptr, json* action_out = nullptr) {
        int seat = 0;
        json action;
        if (!parse_rules_record_line(record, seat, action) || seat < 0 || seat >= seats())
            return error = "malformed record line \"" + record + "\"", false;
        events_.clear();
        if (auto r = rules_->act(seat, action, events_))
            return error = "\"" + record + "\" refused: " + r->rule + " " + r->message, false;
        ++actions_;
        if (seat_out) *seat_out = seat;
        if (action_out) *action_out = std::move(action);
        return true;
    }

    // A bot decides for `seat` on a copy where everything the seat cannot know is drawn again.
    uint64_t determinize_seed(int seat) const {
        return mix(bot_seeds_[seat] ^ mix(actions_ * 8 + static_cast<uint64_t>(seat)));
    }
    std::optional<GameUpdate> decide_and_act(int seat, RulesBot* bot, int64_t wall) {
        json action;
        if (bot) {
            std::unique_ptr<GameRules> copy = rules_->determinize(seat, determinize_seed(seat));
            action = bot->decide(*copy, seat);
        }
        return act_decided(seat, std::move(action), wall);
    }
    // Applies a bot's decision for `seat`; a mistake (null or refused) plays the first legal action.
    std::optional<GameUpdate> act_decided(int seat, json action, int64_t wall) {
        events_.clear();
        std::optional<Rejection> r = action.is_null() ? std::optional<Rejection>(Rejection{}) : rules_->act(seat, action, events_);
        if (r) {  // a bot's mistake: its first legal action instead
            const std::vector<json> legal = rules_->legal_actions(seat);
            if (legal.empty()) {
                bots_[seat].reset();
                return std::nullopt;
            }
            action = legal.front();
            events_.clear();
            if (rules_->act(seat, action, events_)) {
                bots_[seat].reset();
                return std::nullopt;
            }
        }
        ++actions_;
        return applied(seat, action, wall);
    }

    GameUpdate applied(int actor, const json& action, int64_t wall) {
        const int64_t g = begun_ ? game_ms(wall) : resumed_ms_;
        note_waits(actor, g);
        write_events();
        GameUpdate u;
        // One view for everybody: built, diffed and digested once (the spectators' view: a wrong
        // GameType::same_view hides a seat's secrets from itself, never shows them to others).
        std::optional<JsonViewStream::Step> step;
        if (same_view_) step = JsonViewStream::step(*spectator_, view_of(kSpectator));
        if (split_) common_ = make_common_members(common_.get(), rules_->common_view());  // once for every viewer
        const JsonViewStream::Step* shared = step ? &*step : nullptr;
        for (int p = 0; p < seats(); ++p) {
            u.seats.push_back(patch(p, shared));
            u.seat_events.push_back(history_entry(stream(p).version(), last_events_));
        }
        if (spectators_watched_ || same_view_) {  // (one view for everybody: the spectators' is the reference)
            u.spectators = patch(kSpectator, shared);
        } else {  // nobody would receive the patch: only the spectators' history entry
            last_events_ = events_text(kSpectator);
            if (spectators_current_) spectator_->forget();
            spectators_current_ = false;
        }
        u.spectator_events = history_entry(actions_, last_events_);
        u.record = rules_record_line(actor, action);
        u.actor = actor;
        u.game_ms = g;
        return u;
    }

    // The events of the last action as each viewer sees them, written as text (as make_text() would
    // write the array): each event written once (write_events()), then joined per viewer.
    void write_events() {
        event_texts_.clear();
        for (const Event& e : events_) event_texts_.push_back(text_of(e.body));
    }
    std::string events_text(int seat) const {
        std::string out = "[";
        for (size_t i = 0; i < events_.size(); ++i)
            if (events_[i].visible & viewer_bit(seat)) {
                if (out.size() > 1) out.push_back(',');
                out.append(event_texts_[i]);
            }
        out.push_back(']');
        return out;
    }
    // The viewer's patch message, written as text: from the Step all viewers share, or its own.
    Text patch(int seat, const JsonViewStream::Step* shared) {
        last_events_ = events_text(seat);
        std::optional<JsonViewStream::Step> own;
        if (!shared) own = JsonViewStream::step(stream(seat), view_of(seat), common_);
        std::optional<std::string> legal_text;
        if (std::optional<json> l = legal(seat)) legal_text = text_of(*l);
        std::optional<std::string> clock_text;
        if (std::optional<json> c = clock_json(seat)) clock_text = text_of(*c);
        return std::make_shared<const std::string>(stream(seat).patch_text(
            shared ? *shared : *own, last_events_, legal_text ? &*legal_text : nullptr, clock_text ? &*clock_text : nullptr));
    }
    // As make_text() writes it.
    static std::string text_of(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

    std::optional<json> legal(int seat) const {
        if (seat < 0) return std::nullopt;
        json list = json::array();
        for (json& a : rules_->legal_actions(seat)) list.push_back(std::move(a));
        return list;
    }

    void rebase_streams() {
        spectator_ = std::make_unique<JsonViewStream>(name_, kSpectator, actions_, fixed_);
        if (split_) common_ = make_common_members(nullptr, rules_->common_view());
        spectator_->rebase(view_of(kSpectator), actions_, common_);
        spectators_current_ = true;
        streams_.clear();
        for (int p = 0; p < seats(); ++p) {
            streams_.emplace_back(name_, p, actions_, fixed_);
            if (same_view_) streams_.back().rebase(*spectator_);  // the same view, kept once
            else streams_.back().rebase(view_of(p), actions_, common_);
        }
    }
    // The spectators' stream missed patches while nobody watched: it holds the current view again.
    void make_spectators_current() {
        if (spectators_current_) return;
        spectator_->rebase(view_of(kSpectator), actions_, common_);
        spectators_current_ = true;
    }
    // What the streams are given: the view without the members fixed for the game (kept in fixed_)
    // and, where the game declares them, without the members every viewer shares (kept in common_).
    json view_of(int seat) const {
        return split_ ? rules_->own_view(seat) : fixed_ ? rules_->changing_view(seat) : rules_->view(seat);
    }
    JsonViewStream& stream(int seat) { return seat >= 0 && seat < seats() ? streams_[seat] : *spectator_; }

    // ---- The turn clock: game time is ms since begin() divided by the clock scale.
    int64_t game_ms(int64_t wall) const {
        if (paused_at_) wall = std::min(wall, *paused_at_);  // game time stands still while paused
        return static_cast<int64_t>(static_cast<double>(wall - start_ms_) / scale_);
    }
    int64_t wall_of(int64_t game) const { return start_ms_ + static_cast<int64_t>(static_cast<double>(game) * scale_); }
    // Each awaited seat has its own full limit from when its wait began: the actor's next decision
    // waits from its action, a seat newly awaited from the action that made it so, and a seat still
    // deciding (simultaneous moves: the others acted meanwhile) keeps its own deadline.
    void note_waits(int actor, int64_t g) {
        std::vector<bool> now(static_cast<size_t>(seats()), false);
        for (int p : rules_->awaiting())
            if (p >= 0 && p < seats()) now[static_cast<size_t>(p)] = true;
        for (int p = 0; p < seats(); ++p)
            if (now[static_cast<size_t>(p)] && (p == actor || !awaited_[static_cast<size_t>(p)])) wait_start_[static_cast<size_t>(p)] = g;
        awaited_ = std::move(now);
    }
    int64_t deadline_of(int seat) const { return wall_of(wait_start_[static_cast<size_t>(seat)] + limit_ms_); }
    // The awaited seat whose time runs out first; nullopt when no clock runs.
    std::optional<int> first_due() const {
        if (!begun_ || limit_ms_ <= 0 || rules_->over()) return std::nullopt;
        std::optional<int> first;
        for (int p : rules_->awaiting())
            if (p >= 0 && p < seats() && (!first || deadline_of(p) < deadline_of(*first))) first = p;
        return first;
    }
    // The envelope's "clock" (outside the view and its digest): the viewer's own deadline if it is
    // awaited, else the awaited seat's whose time runs out first; while a referee has paused the
    // clocks also "paused" and the time left ("leftMs", standing still).
    std::optional<json> clock_json(int viewer) const {
        const std::optional<int> first = first_due();
        if (!first) return std::nullopt;
        int seat = *first;
        for (int p : rules_->awaiting())
            if (p == viewer) seat = p;
        json c = {{"seat", seat}, {"deadline", deadline_of(seat)}, {"kind", "turn"}};
        if (paused_at_) {
            c["paused"] = true;
            c["leftMs"] = std::max<int64_t>(0, deadline_of(seat) - *paused_at_);
        }
        return c;
    }
    void add_clock(json& m, int viewer) const {
        if (std::optional<json> c = clock_json(viewer)) m["clock"] = std::move(*c);
    }

    const RulesModule& module_;
    std::string name_;
    std::unique_ptr<GameRules> rules_;
    json options_;
    bool same_view_;  // GameType::same_view or perfect information: one view for every viewer
    std::shared_ptr<const FixedMembers> fixed_;  // GameRules::fixed_view(), null when none
    bool split_;  // the game declares common members (GameRules::common_view): kept in common_
    std::shared_ptr<const CommonMembers> common_;  // split_: the current common members
    bool spectators_watched_ = true;  // watch_spectators(): unwatched, no spectators' patch is made
    bool spectators_current_ = true;  // the spectators' stream holds the current view
    uint64_t seed_;
    std::string clock_;
    int64_t limit_ms_;
    uint64_t actions_ = 0;
    std::vector<Event> events_;
    std::vector<std::string> event_texts_;  // events_, each written as text (write_events())
    std::string last_events_;  // the events text of the last patch(): its viewer's history entry
    std::vector<std::vector<Text>> restored_history_;  // restore(): see take_restored_history()
    std::vector<std::shared_ptr<RulesBot>> bots_;  // shared with a thought in flight (bot_prepare)
    std::vector<uint64_t> bot_seeds_;
    std::unique_ptr<RulesBot> takeover_;
    std::vector<JsonViewStream> streams_;
    std::unique_ptr<JsonViewStream> spectator_;
    bool begun_ = false;
    double scale_ = 1.0;
    int64_t start_ms_ = 0, resumed_ms_ = 0;
    std::optional<int64_t> paused_at_;  // wall ms a referee paused the clocks (pause_clock)
    std::vector<int64_t> wait_start_;  // per seat: the game time its current wait began
    std::vector<bool> awaited_;        // per seat: awaited after the last action
};

uint64_t random_seed() {
    std::random_device rd;
    return ((uint64_t{rd()} << 32) | rd()) >> 1;  // < 2^63: stored as a signed integer
}

std::unique_ptr<Game> make(const RulesModule& module, const json& options, uint64_t seed, const std::string& clock,
                           std::string& error) {
    int64_t limit = 0;
    if (clock == "relaxed") limit = 180'000;
    else if (clock == "standard") limit = 90'000;
    else if (clock == "fast") limit = 45'000;
    else if (clock != "none") return error = "\"clock\" must be one of: \"none\" \"relaxed\" \"standard\" \"fast\"", nullptr;
    std::unique_ptr<GameRules> rules = module.create(options, seed, error);
    if (!rules) return nullptr;
    return std::make_unique<RulesGame>(module, std::move(rules), seed, clock, limit);
}

std::string clock_of(const json& request, std::string& error) {
    auto it = request.find("clock");
    if (it == request.end() || it->is_null()) return "none";
    if (!it->is_string()) return error = "\"clock\" must be a string", std::string();
    return it->get<std::string>();
}

}  // namespace

json rules_game_options(const json& request) {
    json o = request.is_object() ? request : json::object();
    for (const char* key : kAdapterKeys) o.erase(key);
    for (std::string_view key : kRoomOptionKeys) o.erase(std::string(key));
    return o;
}

json rules_tournament_table_options(uint64_t board_seed, const std::string& clock_preset) {
    (void)board_seed;
    return {{"clock", clock_preset == "hk2024" ? "standard" : clock_preset == "casual" ? "relaxed" : "none"}};
}

std::string rules_record_line(int seat, const json& action) { return std::to_string(seat) + " " + canonical(action); }

bool parse_rules_record_line(const std::string& line, int& seat, json& action) {
    const size_t space = line.find(' ');
    if (space == std::string::npos || space == 0 || space > 3) return false;
    seat = 0;
    for (size_t i = 0; i < space; ++i) {
        if (line[i] < '0' || line[i] > '9') return false;
        seat = seat * 10 + (line[i] - '0');
    }
    action = json::parse(line.begin() + static_cast<std::ptrdiff_t>(space) + 1, line.end(), nullptr, false);
    return !action.is_discarded() && action.is_object();
}

GameModule rules_game_module(const RulesModule& rules) {
    GameModule m;
    m.name = rules.name;
    m.title = rules.title;
    m.min_seats = rules.min_seats;
    m.max_seats = rules.max_seats;
    for (std::string_view b : rules.bots) m.bots.emplace_back(b);
    m.takeover_bot = rules.takeover_bot;
    m.rules = &rules;
    m.type = rules.type;
    const RulesModule* r = &rules;  // modules are static objects: they outlive every game
    m.create = [r](const json& request, std::string& error) -> std::unique_ptr<Game> {
        uint64_t seed = random_seed();
        if (auto it = request.find("seed"); it != request.end() && !it->is_null()) {
            if (!it->is_number_integer() || (it->is_number_integer() && !it->is_number_unsigned() && it->get<int64_t>() < 0))
                return error = "\"seed\" must be a non-negative integer", nullptr;
            seed = it->get<uint64_t>();
        }
        const std::string clock = clock_of(request, error);
        if (clock.empty()) return nullptr;
        return make(*r, rules_game_options(request), seed, clock, error);
    };
    m.recreate = [r](const json& stored, const std::string& setup, uint64_t seed, std::string& error) -> std::unique_ptr<Game> {
        const json options = json::parse(setup, nullptr, false);
        if (!options.is_object()) return error = "stored set-up: not a JSON object", nullptr;
        const std::string clock = clock_of(stored, error);
        if (clock.empty()) return nullptr;
        return make(*r, options, seed, clock, error);
    };
    const std::string name(rules.name);
    m.record_entry = [name](int seat, const std::string& record) {
        int s = 0;
        json action;
        if (!parse_rules_record_line(record, s, action)) return json{{"seat", seat}, {"record", record}};
        return json{{"seat", seat}, {name, std::move(action)}};
    };
    m.record_line = [name](const json& entry, int seat, std::string& record, std::string& error) {
        auto it = entry.find(name);
        if (it == entry.end() || !it->is_object()) return error = "no \"" + name + "\" action object", false;
        record = rules_record_line(seat, *it);
        return true;
    };
    return m;
}

}  // namespace hexhall::core
