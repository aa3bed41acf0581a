#include "games/carcassonne/module.hpp"

#include "core/action_shape.hpp"
#include "core/random_bot.hpp"
#include "core/rules_game.hpp"

#include <string>

#include "games/carcassonne/bots.hpp"

namespace hexhall::carcassonne {

using hexhall::core::json;
using hexhall::core::Outcome;
using hexhall::core::Rejection;

namespace {

std::string letter(int type) { return std::string(1, tile_def(type).letter); }

json spot_json(const Game& g, int tile_index, int spot) {
    const PlacedTile& t = g.placed(tile_index);
    json s = {{"spot", spot}};
    if (spot == kCloisterSpot) {
        s["feature"] = "cloister";
        return s;
    }
    const SegmentDef& seg = tile_def(t.type).seg[spot];
    const RotatedTile& rt = rotated(t.type, t.rot);
    s["feature"] = kind_name(seg.kind);
    json edges = json::array();
    if (seg.kind == Kind::Field) {
        for (int p = 0; p < 8; ++p)
            if (rt.ports[spot] >> p & 1) edges.push_back(kPortNames[p]);
    } else {
        for (int d = 0; d < 4; ++d)
            if (rt.sides[spot] >> d & 1) edges.push_back(kSideNames[d]);
    }
    s["edges"] = edges;
    if (seg.pennant) s["pennant"] = true;
    return s;
}

json cells_json(const Game& g, const std::vector<int>& tiles) {
    json out = json::array();
    for (int t : tiles) out.push_back({g.placed(t).x, g.placed(t).y});
    return out;
}

json per_player(const std::array<int, kMaxPlayers>& v, int players) {
    json out = json::array();
    for (int p = 0; p < players; ++p) out.push_back(v[p]);
    return out;
}

const char* phase_name(Phase p) {
    switch (p) {
        case Phase::Place: return "place";
        case Phase::Follower: return "follower";
        case Phase::Over: return "over";
    }
    return "?";
}

class CarcassonneRules final : public hexhall::core::GameRules {
public:
    explicit CarcassonneRules(Game g) : game_(std::move(g)) {}
    const Game& game() const { return game_; }

    std::unique_ptr<GameRules> clone() const override { return std::make_unique<CarcassonneRules>(*this); }
    int seats() const override { return game_.players(); }
    json options() const override { return options_json(game_.options()); }
    bool over() const override { return game_.over(); }

    Outcome outcome() const override {
        Outcome o;
        for (int p = 0; p < game_.players(); ++p) o.scores.push_back(game_.score(p));
        o.winners = game_.leaders();  // CAR-8.9: ties share the win
        return o;
    }

    std::vector<int> awaiting() const override {
        if (game_.over()) return {};
        return {game_.current_player()};
    }

    std::vector<json> legal_actions(int seat) const override {
        std::vector<json> out;
        if (game_.over() || seat != game_.current_player()) return out;
        if (game_.phase() == Phase::Place) {
            std::vector<Placement> pls;
            game_.legal_placements(pls);
            for (const Placement& p : pls) out.push_back({{"type", "place"}, {"x", p.x}, {"y", p.y}, {"rotation", p.rot}});
        } else {
            std::vector<int> spots;
            game_.legal_spots(spots);
            for (int s : spots) out.push_back({{"type", "follower"}, {"spot", s}});
            out.push_back({{"type", "pass"}});
        }
        return out;
    }

    std::optional<Rejection> act(int seat, const json& action, std::vector<hexhall::core::Event>& events) override {
        if (auto bad = core::check_action_type(action)) return bad;
        const std::string type = action["type"].get<std::string>();
        if (game_.over()) return Rejection{"CAR-8.1", "the game is over"};
        if (seat != game_.current_player())
            return Rejection{"CAR-2.3", "it is seat " + std::to_string(game_.current_player()) + "'s turn"};
        std::vector<Event> typed;
        std::optional<Error> err;
        namespace core = hexhall::core;
        std::vector<int64_t> v;  // malformed input: the envelope's codes, no rule (core/action_shape.hpp)
        if (type == "place") {
            if (auto bad = core::check_int_members(action, {{"x", -1000, 1000}, {"y", -1000, 1000}, {"rotation", -1000, 1000}}, v))
                return bad;
            err = game_.place(Placement{static_cast<int>(v[0]), static_cast<int>(v[1]), static_cast<int>(v[2])}, &typed);
        } else if (type == "follower") {
            if (auto bad = core::check_int_members(action, {{"spot", 0, 1000}}, v)) return bad;
            err = game_.deploy(static_cast<int>(v[0]), &typed);
        } else if (type == "pass") {
            if (auto bad = core::check_int_members(action, {}, v)) return bad;
            if (game_.phase() == Phase::Place)
                return Rejection{"CAR-4.5", "a tile that fits must be placed; only the follower may be skipped"};
            err = game_.deploy(-1, &typed);
        } else {
            return core::unknown_action_type(type, "place, follower, pass");
        }
        if (err) return Rejection{err->rule, err->message};
        for (const Event& e : typed) events.push_back({event_json(game_, e), hexhall::core::kEveryone});
        return std::nullopt;
    }

    json view(int /*seat*/) const override {
        // Nothing is private in Carcassonne except the bag order, which nobody sees (CAR-4.6):
        // every seat and spectator gets the same view.
        const Game& g = game_;
        json v;
        v["game"] = "carcassonne";
        v["options"] = options_json(g.options());
        v["phase"] = phase_name(g.phase());
        v["turn"] = g.turn();
        v["current"] = g.over() ? json(nullptr) : json(g.current_player());
        v["tile"] = g.current_tile() >= 0 ? json(letter(g.current_tile())) : json(nullptr);
        v["bagCount"] = g.bag_left();
        json remaining = json::object();
        const auto unseen = g.unseen_counts();
        for (int t = 0; t < kTileTypes; ++t) remaining[letter(t)] = unseen[t];
        v["remaining"] = remaining;
        json discarded = json::array();
        for (int i = 0; i < g.discarded_count(); ++i) discarded.push_back(letter(g.discarded(i)));
        v["discarded"] = discarded;
        json board = json::array();
        for (int i = 0; i < g.placed_count(); ++i) {
            const PlacedTile& t = g.placed(i);
            board.push_back({{"x", t.x}, {"y", t.y}, {"tile", letter(t.type)}, {"rotation", t.rot}});
        }
        v["board"] = board;
        json players = json::array();
        json followers = json::array();
        for (int p = 0; p < g.players(); ++p) {
            players.push_back({{"score", g.score(p)}, {"supply", g.supply(p)}});
            for (int k = 0; k < kFollowersEach; ++k) {
                const Follower& f = g.follower(p, k);
                if (f.spot < 0) continue;
                json s = spot_json(g, f.tile, f.spot);
                s["player"] = p;
                s["x"] = g.placed(f.tile).x;
                s["y"] = g.placed(f.tile).y;
                followers.push_back(s);
            }
        }
        v["players"] = players;
        v["followers"] = followers;
        if (g.phase() == Phase::Place) {
            std::vector<Placement> pls;
            g.legal_placements(pls);
            json placements = json::array();
            for (size_t i = 0; i < pls.size();) {
                json rots = json::array();
                size_t j = i;
                for (; j < pls.size() && pls[j].x == pls[i].x && pls[j].y == pls[i].y; ++j) rots.push_back(pls[j].rot);
                placements.push_back({{"x", pls[i].x}, {"y", pls[i].y}, {"rotations", rots}});
                i = j;
            }
            v["placements"] = placements;
        } else if (g.phase() == Phase::Follower) {
            const PlacedTile& t = g.placed(g.last_placed());
            v["placed"] = {{"x", t.x}, {"y", t.y}, {"tile", letter(t.type)}, {"rotation", t.rot}};
            std::vector<int> spots;
            g.legal_spots(spots);
            json js = json::array();
            for (int s : spots) js.push_back(spot_json(g, g.last_placed(), s));
            v["spots"] = js;
        }
        return v;
    }

    std::unique_ptr<GameRules> determinize(int /*seat*/, uint64_t seed) const override {
        auto copy = std::make_unique<CarcassonneRules>(*this);
        copy->game_.reshuffle_bag(seed);
        return copy;
    }

private:
    Game game_;
};

std::unique_ptr<hexhall::core::GameRules> create(const json& options, uint64_t seed, std::string& error) {
    auto opt = parse_options(options, error);
    if (!opt) return nullptr;
    return std::make_unique<CarcassonneRules>(Game::create(*opt, seed));
}

class ModuleBot final : public hexhall::core::RulesBot {
public:
    enum Kind { Heuristic, Search };
    ModuleBot(Kind kind, uint64_t seed, int playouts = 5000) : kind_(kind), rng_(seed), playouts_(playouts) {}
    const char* name() const override {
        return kind_ == Heuristic ? "heuristic" : "search";
    }
    json decide(const hexhall::core::GameRules& determinized, int seat) override {
        const Game* g = typed_game(determinized);
        if (g == nullptr || g->over()) return json{{"type", "pass"}};
        Decision d;
        if (kind_ == Heuristic) {
            d = heuristic_decide(*g, seat);
        } else if (g->phase() == Phase::Follower && planned_turn_ == g->turn() && g->last_placed() >= 0 &&
                   g->placed(g->last_placed()).x == plan_.placement.x &&
                   g->placed(g->last_placed()).y == plan_.placement.y &&
                   g->placed(g->last_placed()).rot == plan_.placement.rot && !g->check_spot(plan_.spot)) {
            d.is_place = false;  // the follower half of the move chosen with the placement
            d.spot = plan_.spot;
        } else {
            SearchBudget budget;
            budget.playouts = playouts_;
            budget.millis = 0;  // deterministic: the playout count is the budget
            plan_ = search_move(*g, seat, budget, rng_.next(), nullptr);
            planned_turn_ = g->turn();
            d.is_place = g->phase() == Phase::Place;
            d.placement = plan_.placement;
            d.spot = plan_.spot;
        }
        return decision_json(d);
    }

private:
    Kind kind_;
    Rng rng_;
    int playouts_;
    Move plan_{};
    int planned_turn_ = -1;
};

std::unique_ptr<hexhall::core::RulesBot> make_bot(std::string_view name, uint64_t seed) {
    if (name == "random") return core::make_random_bot(seed, core::RandomDraw::MultiplyShift);
    if (name == "heuristic") return std::make_unique<ModuleBot>(ModuleBot::Heuristic, seed);
    if (name == "search") return std::make_unique<ModuleBot>(ModuleBot::Search, seed);
    // "search:<playouts>": the search bot with another budget (ladders, tests).
    if (name.starts_with("search:") && name.size() > 7 && name.size() < 14) {
        int playouts = 0;
        for (char c : name.substr(7)) {
            if (c < '0' || c > '9') return nullptr;
            playouts = playouts * 10 + (c - '0');
        }
        if (playouts > 0) return std::make_unique<ModuleBot>(ModuleBot::Search, seed, playouts);
    }
    return nullptr;
}

}  // namespace

const Game* typed_game(const hexhall::core::GameRules& rules) {
    const auto* c = dynamic_cast<const CarcassonneRules*>(&rules);
    return c ? &c->game() : nullptr;
}

std::optional<Options> parse_options(const json& options, std::string& error) {
    if (!options.is_object()) {
        error = "options must be an object";
        return std::nullopt;
    }
    Options opt;
    for (const auto& [key, value] : options.items()) {
        if (key != "players" && key != "firstPlayer" && key != "preset" && key != "tinyCity" &&
            key != "unfinishedPennants" && key != "fieldScoring") {
            error = "unknown option \"" + key + "\"";
            return std::nullopt;
        }
    }
    if (options.contains("players")) {
        const json& v = options["players"];
        if (!v.is_number_integer() || v.get<int64_t>() < 2 || v.get<int64_t>() > 5) {
            error = "players must be 2 to 5 (CAR-1.4)";
            return std::nullopt;
        }
        opt.players = v.get<int>();
    }
    if (options.contains("firstPlayer")) {
        const json& v = options["firstPlayer"];
        if (!v.is_number_integer() || v.get<int64_t>() < 0 || v.get<int64_t>() >= opt.players) {
            error = "firstPlayer must be a seat from 0 to players - 1 (CAR-2.3)";
            return std::nullopt;
        }
        opt.first_player = v.get<int>();
    }
    if (options.contains("preset")) {
        const json& v = options["preset"];
        if (v == "third-edition") {
            opt.rules = Ruleset{4, 1, true};
        } else if (v == "second-edition" || v == "custom") {
            opt.rules = Ruleset{};
        } else {
            error = "preset must be \"second-edition\" or \"third-edition\" (CAR-9.1)";
            return std::nullopt;
        }
    }
    if (options.contains("tinyCity")) {
        const json& v = options["tinyCity"];
        if (v != 2 && v != 4) {
            error = "tinyCity must be 2 or 4 (CAR-9.1)";
            return std::nullopt;
        }
        opt.rules.tiny_city = v.get<int>();
    }
    if (options.contains("unfinishedPennants")) {
        const json& v = options["unfinishedPennants"];
        if (v != 0 && v != 1) {
            error = "unfinishedPennants must be 0 or 1 (CAR-9.1)";
            return std::nullopt;
        }
        opt.rules.unfinished_pennant = v.get<int>();
    }
    if (options.contains("fieldScoring")) {
        const json& v = options["fieldScoring"];
        if (v != "perPlayer" && v != "perField") {
            error = "fieldScoring must be \"perPlayer\" or \"perField\" (CAR-9.1)";
            return std::nullopt;
        }
        opt.rules.field_per_field = v == "perField";
    }
    return opt;
}

json options_json(const Options& o) {
    const Ruleset second{}, third{4, 1, true};
    auto same = [](const Ruleset& a, const Ruleset& b) {
        return a.tiny_city == b.tiny_city && a.unfinished_pennant == b.unfinished_pennant &&
               a.field_per_field == b.field_per_field;
    };
    return json{{"players", o.players},
                {"firstPlayer", o.first_player},
                {"preset", same(o.rules, second) ? "second-edition" : same(o.rules, third) ? "third-edition" : "custom"},
                {"tinyCity", o.rules.tiny_city},
                {"unfinishedPennants", o.rules.unfinished_pennant},
                {"fieldScoring", o.rules.field_per_field ? "perField" : "perPlayer"}};
}

json event_json(const Game& g, const Event& e) {
    switch (e.type) {
        case Event::TileDrawn:
            return {{"type", "tileDrawn"}, {"player", e.player}, {"tile", letter(e.tile_type)}};
        case Event::TileDiscarded:
            return {{"type", "tileDiscarded"}, {"player", e.player}, {"tile", letter(e.tile_type)}, {"rule", "CAR-4.4"},
                    {"why", "the drawn tile fits nowhere; it is put aside and another is drawn"}};
        case Event::TilePlaced:
            return {{"type", "tilePlaced"}, {"player", e.player}, {"tile", letter(e.tile_type)}, {"x", e.at.x},
                    {"y", e.at.y}, {"rotation", e.at.rot}};
        case Event::FollowerPlaced: {
            json j = spot_json(g, g.tile_at(e.at.x, e.at.y), e.spot);
            j["type"] = "followerPlaced";
            j["player"] = e.player;
            j["x"] = e.at.x;
            j["y"] = e.at.y;
            return j;
        }
        case Event::NoFollower:
            return {{"type", "noFollower"}, {"player", e.player}};
        case Event::Scored: {
            const Scoring& s = e.scoring;
            json j = {{"type", s.kind == Kind::Field ? "fieldScored" : "scored"},
                      {"feature", kind_name(s.kind)},
                      {"id", s.feature},
                      {"complete", s.complete},
                      {"final", s.final},
                      {"tiles", cells_json(g, s.tile_indices)},
                      {"followers", per_player(s.followers, g.players())},
                      {"points", per_player(s.points, g.players())},
                      {"rule", s.rule},
                      {"why", s.why}};
            if (s.kind == Kind::City) j["pennants"] = s.pennants;
            if (s.kind == Kind::Field) {
                json cities = json::array();
                for (size_t i = 0; i < s.cities.size(); ++i)
                    cities.push_back({{"id", s.cities[i]}, {"tiles", cells_json(g, s.city_tiles[i])}});
                j["cities"] = cities;
            }
            return j;
        }
        case Event::GameOver: {
            json scores = json::array(), winners = json::array();
            int best = -1;
            for (int p = 0; p < g.players(); ++p) best = std::max(best, g.score(p));
            for (int p = 0; p < g.players(); ++p) {
                scores.push_back(g.score(p));
                if (g.score(p) == best) winners.push_back(p);
            }
            return {{"type", "gameOver"}, {"scores", scores}, {"winners", winners}, {"rule", "CAR-8.9"}};
        }
    }
    return json::object();
}

json decision_json(const Decision& d) {
    if (d.is_place) return {{"type", "place"}, {"x", d.placement.x}, {"y", d.placement.y}, {"rotation", d.placement.rot}};
    if (d.spot < 0) return {{"type", "pass"}};
    return {{"type", "follower"}, {"spot", d.spot}};
}

const hexhall::core::RulesModule& carcassonne_module() {
    static const hexhall::core::RulesModule module{
        "carcassonne", "Carcassonne", 2, 5, {"random", "heuristic", "search"}, "heuristic", &create, &make_bot,
        // Sequential, imperfect information (the bag's order, hidden from everybody), chance; every
        // seat and spectator is shown the same view (view() ignores the seat).
        hexhall::core::GameType{.same_view = true}};
    return module;
}

core::GameModule carcassonne_game_module() {
    core::GameModule m = core::rules_game_module(carcassonne_module());
    // Tournaments: one match point to each winner, then scores (tournament/scoring.hpp "win-score");
    // the table's turn clock from the tournament's preset (a referee may pause it).
    m.tournament = {{"base", "win-score", 2, 5, &core::rules_tournament_table_options}};
    return m;
}

}  // namespace hexhall::carcassonne
