#include "server/catan_game.hpp"

#include <random>

#include <spdlog/spdlog.h>

#include "bots/bot.hpp"
#include "engine/engine.hpp"
#include "engine/view.hpp"
#include "protocol/messages.hpp"
#include "protocol/view_stream.hpp"

namespace hexhall::server {

namespace cat = hexhall::catan;
namespace proto = hexhall::protocol;

namespace {

// ---- The only place that calls protocol::ViewStream (its API may still move).
std::unique_ptr<proto::ViewStream> make_stream(int seat, uint64_t version) {
    return std::make_unique<proto::ViewStream>(seat, version, seat != cat::kSpectator);
}
json stream_snapshot(proto::ViewStream& vs, const cat::GameState& s, std::optional<int64_t> reply_to) {
    return vs.snapshot(s, reply_to);
}
json stream_patch(proto::ViewStream& vs, const cat::GameState& s, const cat::EventList& events,
                  proto::ViewCache& cache) {
    return vs.patch(s, events, 0, &cache);
}
// ----

Text error_text(const std::string& code, const std::string& message, std::optional<int64_t> id) {
    return make_text(proto::error_message(proto::ProtocolError{code, message, "", id}));
}

class CatanGame final : public Game {
public:
    CatanGame(const cat::GameOptions& opts, uint64_t seed, json shown) : shown_(std::move(shown)) {
        const char* err = nullptr;
        ok_ = cat::new_game(opts, seed, s_, nullptr, &err);
        if (!ok_) error_ = err ? err : "invalid options";
        if (!ok_) return;
        players_ = s_.options.players;
        bots_.resize(players_);
        for (int p = 0; p < players_; ++p) streams_.push_back(make_stream(p, s_.actions_applied));
        spectator_ = make_stream(cat::kSpectator, s_.actions_applied);
        for (auto& st : streams_) stream_snapshot(*st, s_, std::nullopt);
        stream_snapshot(*spectator_, s_, std::nullopt);
    }
    bool ok() const { return ok_; }
    const std::string& error() const { return error_; }

    const char* name() const override { return proto::kGame; }
    int seats() const override { return players_; }
    json options() const override { return shown_; }
    bool over() const override { return s_.phase == cat::Phase::GameOver; }

    Text snapshot(int seat, std::optional<int64_t> reply_to) override {
        return make_text(stream_snapshot(stream(seat), s_, reply_to));
    }

    GameReply handle(int seat, std::string_view text) override {
        GameReply out;
        const proto::Decoded d = proto::decode_client_message(text, seat < 0 ? 0 : seat);
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
        out.update = broadcast();
        return out;
    }

    bool set_bot(int seat, std::string_view bot, uint64_t seed) override {
        if (seat < 0 || seat >= players_) return false;
        auto b = cat::bots::make_bot(bot, seed);
        if (!b) return false;
        bots_[seat] = std::move(b);
        return true;
    }

    std::optional<GameUpdate> bot_step() override {
        for (int p = 0; p < players_; ++p) {
            if (!bots_[p] || !cat::awaits(s_, p)) continue;
            // A bot sees only its seat's view and legal actions (docs/bots.md).
            const cat::SeatView view = cat::make_view(s_, p);
            cat::legal_actions(s_, p, legal_);
            cat::Action a = bots_[p]->decide(view, legal_);
            events_.clear();
            cat::Result r = cat::apply(s_, a, &events_);
            if (!r && legal_.count > 0) {
                spdlog::error("bot {} at seat {} chose an illegal action ({}); playing its first legal action",
                              bots_[p]->name(), p, r.rule);
                events_.clear();
                r = cat::apply(s_, legal_.list[0], &events_);
            }
            if (!r) {
                spdlog::error("bot at seat {} cannot act ({}: {}); bot removed", p, r.rule, r.message);
                bots_[p].reset();
                continue;
            }
            return broadcast();
        }
        return std::nullopt;
    }

private:
    proto::ViewStream& stream(int seat) {
        return seat >= 0 && seat < players_ ? *streams_[seat] : *spectator_;
    }
    GameUpdate broadcast() {
        GameUpdate u;
        proto::ViewCache cache;
        for (int p = 0; p < players_; ++p) u.seats.push_back(make_text(stream_patch(*streams_[p], s_, events_, cache)));
        u.spectators = make_text(stream_patch(*spectator_, s_, events_, cache));
        return u;
    }

    bool ok_ = false;
    std::string error_;
    json shown_;
    cat::GameState s_{};
    int players_ = 0;
    std::vector<std::unique_ptr<cat::bots::Bot>> bots_;
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

}  // namespace

std::unique_ptr<Game> make_catan_game(const json& req, std::string& error) {
    cat::GameOptions o;
    json shown = json::object();
    int64_t players = 4, vp = 10;
    int64_t seed = -1;
    if (!get_int(req, "players", 3, 4, players, error) || !get_int(req, "vp", 3, 20, vp, error) ||
        !get_int(req, "seed", 0, INT64_MAX, seed, error))
        return nullptr;
    o.players = static_cast<int>(players);
    o.victory_points = static_cast<int>(vp);
    std::string map = "random";
    if (auto it = req.find("map"); it != req.end() && !it->is_null()) {
        if (!it->is_string()) return error = "\"map\" must be a string", nullptr;
        map = it->get<std::string>();
        if (map == "starter") o.map = cat::MapKind::Starter;
        else if (map == "random") o.map = cat::MapKind::Random;
        else return error = "\"map\" must be \"starter\" or \"random\"", nullptr;
    }
    if (auto it = req.find("mode"); it != req.end() && !it->is_null()) {
        if (!it->is_string()) return error = "\"mode\" must be a string", nullptr;
        const std::string mode = it->get<std::string>();
        if (mode == "classic") o.mode = cat::TradeBuildMode::Classic;
        else if (mode == "combined") o.mode = cat::TradeBuildMode::Combined;
        else return error = "\"mode\" must be \"classic\" or \"combined\"", nullptr;
        shown["mode"] = mode;
    }
    if (seed < 0) {
        std::random_device rd;
        seed = static_cast<int64_t>(((uint64_t{rd()} << 32) | rd()) >> 1);
    }
    shown["players"] = players;
    shown["map"] = map;
    shown["vp"] = vp;
    auto g = std::make_unique<CatanGame>(o, static_cast<uint64_t>(seed), shown);
    if (!g->ok()) {
        error = g->error();
        return nullptr;
    }
    return g;
}

}  // namespace hexhall::server
