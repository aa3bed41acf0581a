#include "games/struggle/module.hpp"

#include "core/rules_game.hpp"

#include "games/struggle/bots.hpp"

namespace hexhall::struggle {
namespace {
using nlohmann::json;
using core::Event;
using core::Visibility;

constexpr std::array<std::string_view, 10> kMoveTypes{"endTrade",  "tradeDeck",   "tradeMarket",   "tradePlayer",
                                                      "giveBack",  "libraryPick", "merchantGuild", "build",
                                                      "endBuild",  "discard"};
constexpr std::array<std::string_view, 6> kPhaseNames{"trade", "giveBack", "libraryPick", "build", "discard", "over"};

template <size_t N>
int index_of(const std::array<std::string_view, N>& names, const json& v) {
    if (!v.is_string()) return -1;
    const std::string& s = v.get_ref<const std::string&>();
    for (size_t i = 0; i < N; ++i)
        if (names[i] == s) return static_cast<int>(i);
    return -1;
}

bool parse_cards(const json& v, Cards& out, const char* member, std::string& error) {
    out = Cards{};
    if (!v.is_object()) {
        error = std::string("\"") + member + "\" must be an object of resource counts";
        return false;
    }
    for (auto it = v.begin(); it != v.end(); ++it) {
        const int r = index_of(kResourceNames, json(it.key()));
        if (r < 0) {
            error = std::string("\"") + member + "\" has an unknown resource \"" + it.key() + "\"";
            return false;
        }
        if (!it.value().is_number_integer() || it.value().get<long long>() < 0 || it.value().get<long long>() > 67) {
            error = std::string("\"") + member + "." + it.key() + "\" must be a count from 0 to 67";
            return false;
        }
        out[r] = static_cast<int>(it.value().get<long long>());
    }
    return true;
}

json options_json(const State& s) {
    return json{{"players", s.players}, {"firstSeat", s.first}, {"ruleset", ruleset_to_json(*s.rules)}};
}

std::string row_sides(int n) {
    std::string out;
    for (int i = 1; i <= n; ++i) out.push_back(i % 2 == 1 ? 'A' : 'B');
    return out;
}

class StruggleGame final : public core::GameRules {
public:
    explicit StruggleGame(State s) : s_(std::move(s)) {}
    std::unique_ptr<core::GameRules> clone() const override { return std::make_unique<StruggleGame>(s_); }
    int seats() const override { return s_.players; }
    json options() const override { return options_json(s_); }
    bool over() const override { return s_.phase == Phase::Over; }
    core::Outcome outcome() const override {
        core::Outcome o;
        if (s_.winner >= 0) o.winners.push_back(s_.winner);
        for (int i = 0; i < s_.players; ++i) o.scores.push_back(vp(s_, i));
        return o;
    }
    std::vector<int> awaiting() const override { return struggle::awaiting(s_); }
    std::vector<json> legal_actions(int seat) const override {
        std::vector<Move> moves;
        legal_moves(s_, seat, moves);
        std::vector<json> out;
        out.reserve(moves.size());
        for (const Move& m : moves) out.push_back(move_to_json(m));
        return out;
    }
    std::optional<core::Rejection> act(int seat, const json& action, std::vector<Event>& events) override {
        std::string error;
        std::string code;
        const std::optional<Move> m = move_from_json(action, error, &code);
        if (!m) return core::Rejection{"", error, code};
        std::vector<EventRec> recs;
        if (auto r = struggle::act(s_, seat, *m, &recs)) return core::Rejection{r->rule, r->message};
        events_to_json(s_, recs, events);
        return std::nullopt;
    }
    json view(int seat) const override { return view_json(s_, seat); }
    json fixed_view() const override { return fixed_view_json(s_); }
    json changing_view(int seat) const override { return view_json(s_, seat, false); }
    json common_view() const override { return common_view_json(s_); }
    json own_view(int seat) const override { return own_view_json(s_, seat); }
    std::unique_ptr<core::GameRules> determinize(int seat, uint64_t seed) const override {
        return std::make_unique<StruggleGame>(struggle::determinize(s_, seat, seed));
    }
    const State& state() const { return s_; }

private:
    State s_;
};

std::unique_ptr<core::GameRules> create(const json& options, uint64_t seed, std::string& error) {
    if (!options.is_object()) {
        error = "options must be an object";
        return nullptr;
    }
    for (auto it = options.begin(); it != options.end(); ++it)
        if (it.key() != "players" && it.key() != "firstSeat" && it.key() != "ruleset") {
            error = "unknown option \"" + it.key() + "\"";
            return nullptr;
        }
    int players = 4;
    if (options.contains("players")) {
        const json& p = options["players"];
        if (!p.is_number_integer() || p.get<long long>() < 2 || p.get<long long>() > 6) {
            error = "option \"players\" must be an integer from 2 to 6 (SFC-2)";
            return nullptr;
        }
        players = static_cast<int>(p.get<long long>());
    }
    int first = 0;
    if (options.contains("firstSeat")) {
        const json& f = options["firstSeat"];
        if (!f.is_number_integer() || f.get<long long>() < 0 || f.get<long long>() >= players) {
            error = "option \"firstSeat\" must be a seat from 0 to players-1 (SFC-3.10)";
            return nullptr;
        }
        first = static_cast<int>(f.get<long long>());
    }
    std::shared_ptr<const Ruleset> rules;
    if (!options.contains("ruleset") || options["ruleset"] == "provisional") {
        rules = std::make_shared<Ruleset>(provisional_ruleset());
    } else {
        std::string why;
        auto t = ruleset_from_json(options["ruleset"], why);
        if (!t) {
            error = "option \"ruleset\": " + why + " (SFC-12.2)";
            return nullptr;
        }
        if (!ruleset_fits(*t, players, why)) {
            error = "option \"ruleset\": " + why;
            return nullptr;
        }
        rules = std::make_shared<Ruleset>(std::move(*t));
    }
    return std::make_unique<StruggleGame>(new_game(players, first, rules, seed));
}

std::unique_ptr<core::RulesBot> make_bot(std::string_view name, uint64_t seed) {
    return make_struggle_bot(name, seed);
}

Visibility pair_bits(int a, int b) { return core::seat_bit(a) | core::seat_bit(b); }

void push_private(std::vector<Event>& out, json body, const json& secret_members, Visibility who) {
    json twin = body;
    out.push_back(Event{[&] {
                            json b = std::move(body);
                            for (auto it = secret_members.begin(); it != secret_members.end(); ++it) b[it.key()] = it.value();
                            return b;
                        }(),
                        who});
    out.push_back(Event{std::move(twin), core::kEveryone & ~who});
}

}  // namespace

json cards_to_json(const Cards& c) {
    json j = json::object();
    for (int r = 0; r < kResources; ++r)
        if (c[r] != 0) j[std::string(kResourceNames[r])] = c[r];
    return j;
}

json move_to_json(const Move& m) {
    json j{{"type", std::string(kMoveTypes[static_cast<int>(m.kind)])}};
    switch (m.kind) {
        case MoveKind::TradeDeck: j["give"] = cards_to_json(m.cards); break;
        case MoveKind::TradeMarket:
            j["give"] = std::string(kResourceNames[m.give]);
            j["take"] = std::string(kResourceNames[m.take]);
            break;
        case MoveKind::TradePlayer:
            j["opponent"] = m.opponent;
            j["count"] = m.count;
            if (m.flag) j["library"] = true;
            break;
        case MoveKind::GiveBack:
        case MoveKind::Discard: j["cards"] = cards_to_json(m.cards); break;
        case MoveKind::LibraryPick: j["resource"] = std::string(kResourceNames[m.take]); break;
        case MoveKind::Guild: j["opponent"] = m.opponent; break;
        case MoveKind::Build:
            j["building"] = std::string(kBuildingNames[static_cast<int>(m.building)]);
            j["pay"] = cards_to_json(m.cards);
            if (m.building == Building::Expansion) j["expansion"] = std::string(kExpansionNames[m.expansion]);
            if (m.building == Building::City && m.settlement != 0) j["settlement"] = m.settlement;
            if (m.flag) j["flipDestiny"] = true;
            break;
        default: break;
    }
    return j;
}

std::optional<Move> move_from_json(const json& a, std::string& error, std::string* code_out) {
    std::string code_store;
    std::string& code = code_out ? *code_out : code_store;  // the envelope's error code (docs/protocol.md)
    if (!a.is_object() || !a.contains("type")) {
        code = a.is_object() ? "missing_field" : "bad_type";
        error = "an action is an object with a \"type\"";
        return std::nullopt;
    }
    const int kind = index_of(kMoveTypes, a["type"]);
    if (kind < 0) {
        code = "unknown_type";
        error = "unknown action type " + a["type"].dump();
        return std::nullopt;
    }
    Move m;
    m.kind = static_cast<MoveKind>(kind);
    std::vector<std::string_view> allowed{"type"};
    auto need = [&](const char* key) -> const json* {
        allowed.push_back(key);
        if (!a.contains(key)) {
            code = "missing_field";
            error = std::string("\"") + a["type"].get<std::string>() + "\" needs \"" + key + "\"";
            return nullptr;
        }
        return &a[key];
    };
    auto optional_member = [&](const char* key) -> const json* {
        allowed.push_back(key);
        return a.contains(key) ? &a[key] : nullptr;
    };
    auto small_int = [&](const json* v, const char* key, int lo, int hi, int8_t& out) {
        if (!v->is_number_integer() || v->get<long long>() < lo || v->get<long long>() > hi) {
            code = v->is_number_integer() ? "out_of_range" : "bad_type";
            error = std::string("\"") + key + "\" must be an integer from " + std::to_string(lo) + " to " +
                    std::to_string(hi);
            return false;
        }
        out = static_cast<int8_t>(v->get<long long>());
        return true;
    };
    auto boolean = [&](const json* v, const char* key, bool& out) {
        if (!v) return true;
        if (!v->is_boolean()) {
            code = "bad_type";
            error = std::string("\"") + key + "\" must be true or false";
            return false;
        }
        out = v->get<bool>();
        return true;
    };
    auto resource = [&](const json* v, const char* key, int8_t& out) {
        const int r = index_of(kResourceNames, *v);
        if (r < 0) {
            code = v->is_string() ? "bad_value" : "bad_type";
            error = std::string("\"") + key + "\" must name a resource (brick, lumber, ore, wool, grain)";
            return false;
        }
        out = static_cast<int8_t>(r);
        return true;
    };
    bool ok = true;
    code = "bad_value";  // parse_cards: cards that are not an object of resource counts
    switch (m.kind) {
        case MoveKind::TradeDeck: {
            const json* v = need("give");
            ok = v && parse_cards(*v, m.cards, "give", error);
            break;
        }
        case MoveKind::TradeMarket: {
            const json* g = need("give");
            const json* t = g ? need("take") : nullptr;
            ok = g && t && resource(g, "give", m.give) && resource(t, "take", m.take);
            break;
        }
        case MoveKind::TradePlayer: {
            const json* o = need("opponent");
            const json* c = o ? need("count") : nullptr;
            ok = o && c && small_int(o, "opponent", 0, kMaxPlayers - 1, m.opponent) &&
                 small_int(c, "count", 1, 67, m.count) && boolean(optional_member("library"), "library", m.flag);
            break;
        }
        case MoveKind::GiveBack:
        case MoveKind::Discard: {
            const json* v = need("cards");
            ok = v && parse_cards(*v, m.cards, "cards", error);
            break;
        }
        case MoveKind::LibraryPick: {
            const json* v = need("resource");
            ok = v && resource(v, "resource", m.take);
            break;
        }
        case MoveKind::Guild: {
            const json* o = need("opponent");
            ok = o && small_int(o, "opponent", 0, kMaxPlayers - 1, m.opponent);
            break;
        }
        case MoveKind::Build: {
            const json* b = need("building");
            const json* p = b ? need("pay") : nullptr;
            if (!b || !p) {
                ok = false;
                break;
            }
            const int bt = index_of(kBuildingNames, *b);
            if (bt < 0) {
                code = "bad_value";
                error = "\"building\" must be road, knight, settlement, city or expansion";
                ok = false;
                break;
            }
            m.building = static_cast<Building>(bt);
            ok = parse_cards(*p, m.cards, "pay", error) && boolean(optional_member("flipDestiny"), "flipDestiny", m.flag);
            if (ok && m.building == Building::Expansion) {
                const json* e = need("expansion");
                const int x = e ? index_of(kExpansionNames, *e) : -1;
                if (x < 0) {
                    if (e) code = "bad_value", error = "\"expansion\" must be castle, church, townHall, library, university or merchantGuild";
                    ok = false;
                }
                m.expansion = static_cast<int8_t>(x);
            }
            if (ok && m.building == Building::City) {
                if (const json* v = optional_member("settlement")) ok = small_int(v, "settlement", 0, 30, m.settlement);
            }
            break;
        }
        default: break;
    }
    if (!ok) return std::nullopt;
    for (auto it = a.begin(); it != a.end(); ++it) {
        bool known = false;
        for (auto k : allowed) known = known || k == it.key();
        if (!known) {
            code = "unknown_field";
            error = "\"" + a["type"].get<std::string>() + "\" has an unknown member \"" + it.key() + "\"";
            return std::nullopt;
        }
    }
    return m;
}

json fixed_view_json(const State& s) {
    return {{"game", "struggle"}, {"players", s.players}, {"firstSeat", s.first}, {"ruleset", ruleset_to_json(*s.rules)}};
}

json view_json(const State& s, int seat, bool with_fixed) {
    json v = with_fixed ? fixed_view_json(s) : json::object();
    v.update(common_view_json(s));
    v.update(own_view_json(s, seat));
    return v;
}

json common_view_json(const State& s) {
    json v;
    v["phase"] = std::string(kPhaseNames[static_cast<int>(s.phase)]);
    v["turn"] = s.turn;
    v["turnNumber"] = s.turns;
    v["awaiting"] = struggle::awaiting(s);
    v["tradesLeft"] = s.trades_left;
    v["deckOnly"] = s.deck_only;
    json built = json::array();
    for (int b = 0; b < kBuildings; ++b)
        if (s.built & (1u << b)) built.push_back(std::string(kBuildingNames[b]));
    v["builtThisTurn"] = built;
    v["usedThisTurn"] = {{"library", s.library_used}, {"university", s.university_used}, {"merchantGuild", s.guild_used}};
    v["destiny"] = destiny_in_use(s) ? json{{"side", s.clockwise ? "whiteArrow" : "other"},
                                            {"direction", s.clockwise ? "clockwise" : "counterclockwise"}}
                                     : json(nullptr);
    v["deckCount"] = static_cast<int>(s.deck.size());
    v["discard"] = cards_to_json(s.discard);
    v["discardCount"] = s.discard.total();
    v["market"] = cards_to_json(s.market);
    json exp = json::object();
    for (int e = 0; e < kExpansions; ++e) exp[std::string(kExpansionNames[e])] = s.expansion_stack[e];
    v["stacks"] = {{"roads", s.road_stack},
                   {"knights", s.knight_stack},
                   {"settlements", static_cast<int>(s.settlement_stack.size())},
                   {"expansions", exp}};
    json players = json::array();
    for (int i = 0; i < s.players; ++i) {
        const Player& p = s.p[i];
        json exps = json::array();
        for (int e = 0; e < kExpansions; ++e)
            if (p.owns(static_cast<Expansion>(e))) exps.push_back(std::string(kExpansionNames[e]));
        players.push_back({{"seat", i},
                           {"handCount", p.hand.total()},
                           {"roads", row_sides(p.roads)},
                           {"knights", row_sides(p.knights)},
                           {"settlements", static_cast<int>(p.settlements.size())},
                           {"cities", p.cities},
                           {"expansions", exps},
                           {"vp", vp(s, i)},
                           {"discardDue", s.discard_due[i]}});
    }
    v["playerStates"] = players;
    v["winner"] = s.winner >= 0 ? json(s.winner) : json(nullptr);
    return v;
}

json own_view_json(const State& s, int seat) {
    const bool is_seat = seat >= 0 && seat < s.players;
    json v;
    v["seat"] = is_seat ? json(seat) : json(nullptr);
    if (s.trade_opponent >= 0) {
        json t{{"opponent", s.trade_opponent}, {"count", s.trade_count}};
        if (is_seat && (seat == s.turn || seat == s.trade_opponent)) t["drawn"] = cards_to_json(s.trade_drawn);
        if (s.phase == Phase::LibraryPick)  // SFC-9.8: laid face up for the whole table
            t["look"] = cards_to_json(s.p[s.trade_opponent].hand);
        v["trade"] = t;
    }
    if (is_seat) {
        v["hand"] = cards_to_json(s.p[seat].hand);
        json known = json::object();
        for (int x = 0; x < s.players; ++x)
            if (x != seat) known[std::to_string(x)] = cards_to_json(s.known[seat][x]);
        v["known"] = known;
    }
    return v;
}

void events_to_json(const State& s, const std::vector<EventRec>& recs, std::vector<Event>& out) {
    for (const EventRec& e : recs) {
        switch (e.kind) {
            case EventKind::TurnStarted:
                out.push_back(Event{{{"type", "turnStarted"}, {"seat", e.seat}, {"turnNumber", e.count}}});
                break;
            case EventKind::TradedDeck:
                out.push_back(Event{{{"type", "tradedWithDeck"}, {"seat", e.seat}, {"gave", cards_to_json(e.cards)}}});
                break;
            case EventKind::Drew:
                push_private(out,
                             {{"type", "drew"}, {"seat", e.seat}, {"count", e.count},
                              {"step", e.a == 0 ? "trade" : "draw"}},
                             {{"cards", cards_to_json(e.cards)}}, core::seat_bit(e.seat));
                break;
            case EventKind::TradedMarket:
                out.push_back(Event{{{"type", "tradedWithMarket"},
                                     {"seat", e.seat},
                                     {"gave", std::string(kResourceNames[e.a])},
                                     {"took", std::string(kResourceNames[e.count])}}});
                break;
            case EventKind::DrewFrom:
                push_private(out,
                             {{"type", "drewFromPlayer"}, {"seat", e.seat}, {"from", e.other}, {"count", e.count},
                              {"library", e.a == 1}},
                             {{"cards", cards_to_json(e.cards)}}, pair_bits(e.seat, e.other));
                break;
            case EventKind::LibraryLook:
                out.push_back(Event{{{"type", "libraryLook"}, {"seat", e.seat}, {"opponent", e.other},
                                     {"hand", cards_to_json(e.cards)}}});  // SFC-9.8: face up for everybody
                break;
            case EventKind::GaveBack:
                push_private(out, {{"type", "gaveBack"}, {"seat", e.seat}, {"to", e.other}, {"count", e.count}},
                             {{"cards", cards_to_json(e.cards)}}, pair_bits(e.seat, e.other));
                break;
            case EventKind::Guild:
                push_private(out, {{"type", "merchantGuild"}, {"seat", e.seat}, {"from", e.other}, {"count", 1}},
                             {{"cards", cards_to_json(e.cards)}}, pair_bits(e.seat, e.other));
                break;
            case EventKind::Built: {
                json b{{"type", "built"},
                       {"seat", e.seat},
                       {"building", std::string(kBuildingNames[e.a])},
                       {"paid", cards_to_json(e.cards)}};
                if (e.a == static_cast<int>(Building::Expansion)) b["expansion"] = std::string(kExpansionNames[e.count]);
                out.push_back(Event{b});
                break;
            }
            case EventKind::TookCard:
                out.push_back(Event{{{"type", "tookCard"},
                                     {"seat", e.seat},
                                     {"from", e.other},
                                     {"building", std::string(kBuildingNames[e.a])},
                                     {"side", e.count % 2 == 1 ? "A" : "B"}}});
                break;
            case EventKind::DestinyFlipped:
                out.push_back(Event{{{"type", "destinyFlipped"},
                                     {"direction", e.count ? "clockwise" : "counterclockwise"}}});
                break;
            case EventKind::CityEventRevealed:
                out.push_back(Event{{{"type", "cityEvent"}, {"seat", e.seat}, {"event", std::string(kCityEventNames[e.a])}}});
                break;
            case EventKind::MarketDay:
                out.push_back(Event{{{"type", "marketDay"}, {"market", cards_to_json(e.cards)}}});
                break;
            case EventKind::BrigandAttack: {
                json due = json::object();
                for (int i = 0; i < s.players; ++i)
                    if (s.discard_due[i] > 0) due[std::to_string(i)] = s.discard_due[i];
                out.push_back(Event{{{"type", "brigandAttack"}, {"discards", due}}});
                break;
            }
            case EventKind::Discarded:
                out.push_back(Event{{{"type", "discarded"}, {"seat", e.seat}, {"cards", cards_to_json(e.cards)}}});
                break;
            case EventKind::Reshuffled:
                out.push_back(Event{{{"type", "reshuffled"}, {"count", e.count}}});
                break;
            case EventKind::Won:
                out.push_back(Event{{{"type", "won"}, {"seat", e.seat}, {"vp", e.count}}});
                break;
        }
    }
}

const State* struggle_state(const core::GameRules& game) {
    const auto* g = dynamic_cast<const StruggleGame*>(&game);
    return g ? &g->state() : nullptr;
}

std::unique_ptr<core::GameRules> make_struggle_game(State state) {
    return std::make_unique<StruggleGame>(std::move(state));
}

const core::RulesModule& struggle_module() {
    static const core::RulesModule module{"struggle",  "The Struggle for Catan", 2, 6, {"random", "heuristic", "search"},
                                          "heuristic", &create,                   &make_bot,
                                          // the brigand's discards await several seats at once
                                          core::GameType{core::GameType::Dynamics::Simultaneous,
                                                         core::GameType::Information::Imperfect, true}};
    return module;
}

core::GameModule struggle_game_module() {
    core::GameModule m = core::rules_game_module(struggle_module());
    // Tournaments: one match point to each winner, then scores (tournament/scoring.hpp "win-score");
    // the table's turn clock from the tournament's preset (a referee may pause it).
    m.tournament = {{"base", "win-score", 2, 4, &core::rules_tournament_table_options}};
    return m;
}

}  // namespace hexhall::struggle
