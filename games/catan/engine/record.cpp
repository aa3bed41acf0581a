// Game records as text (docs/record-format.md) and their replay.
#include "games/catan/engine/record.hpp"

#include <charconv>

#include "games/catan/engine/engine.hpp"

namespace hexhall::catan {

namespace {

constexpr std::string_view kMagic = "hexhall-record";
constexpr int kVersion = 1;

const char* map_word(MapKind m) {
    switch (m) {
        case MapKind::Starter: return "starter";
        case MapKind::Random: return "random";
        case MapKind::Explicit: return "explicit";
    }
    return "?";
}

void append_int(std::string& out, long long v) {
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void append_counts(std::string& out, const ResourceCounts& c) {
    for (int i = 0; i < kResourceTypes; ++i) {
        if (i) out += ',';
        append_int(out, c[i]);
    }
}

template <typename T>
bool parse_int(std::string_view s, long long lo, long long hi, T& out) {
    long long v = 0;
    if (s.empty()) return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc{} || r.ptr != s.data() + s.size() || v < lo || v > hi) return false;
    out = static_cast<T>(v);
    return true;
}

bool parse_u64(std::string_view s, uint64_t& out) {
    if (s.empty()) return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

bool parse_counts(std::string_view s, ResourceCounts& out) {
    for (int i = 0; i < kResourceTypes; ++i) {
        const size_t comma = s.find(',');
        const bool last = i == kResourceTypes - 1;
        if (last != (comma == std::string_view::npos)) return false;
        if (!parse_int(s.substr(0, comma), 0, 255, out[i])) return false;
        if (!last) s.remove_prefix(comma + 1);
    }
    return true;
}

// Splits on spaces and tabs.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
    return out;
}

bool fail(std::string* error, int line, const std::string& why) {
    if (error) *error = "line " + std::to_string(line) + ": " + why;
    return false;
}

bool parse_resource(std::string_view s, Resource& out) {
    for (int r = 0; r < kResourceTypes; ++r)
        if (s == resource_name(static_cast<Resource>(r))) {
            out = static_cast<Resource>(r);
            return true;
        }
    return parse_int(s, 0, 255, out);
}

}  // namespace

bool parse_action_type(std::string_view name, ActionType& out) {
    for (int t = 0; t < kActionTypes; ++t)
        if (name == action_name(static_cast<ActionType>(t))) {
            out = static_cast<ActionType>(t);
            return true;
        }
    return false;
}

std::string action_to_text(const Action& a) {
    std::string out;
    const int t = static_cast<int>(a.type);
    if (t < kActionTypes) out += action_name(a.type);
    else append_int(out, t);  // not a known action: kept as its number
    const Action d{};
    out += " seat=";
    append_int(out, a.seat);
    if (a.location != d.location) {
        out += " loc=";
        append_int(out, a.location);
    }
    if (a.target != d.target) {
        out += " target=";
        append_int(out, a.target);
    }
    if (a.targets != d.targets) {
        out += " targets=";
        append_int(out, a.targets);
    }
    if (a.resource != d.resource) {
        out += " res=";
        append_int(out, static_cast<int>(a.resource));
    }
    if (a.give != d.give) {
        out += " give=";
        append_counts(out, a.give);
    }
    if (a.get != d.get) {
        out += " get=";
        append_counts(out, a.get);
    }
    if (a.offer != d.offer) {
        out += " offer=";
        append_int(out, a.offer);
    }
    return out;
}

bool action_from_text(std::string_view line, Action& out, std::string* error) {
    const auto w = words(line);
    auto bad = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (w.empty()) return bad("empty action line");
    Action a{};
    if (!parse_action_type(w[0], a.type) && !parse_int(w[0], kActionTypes, 255, a.type))
        return bad("unknown action '" + std::string(w[0]) + "'");
    for (size_t i = 1; i < w.size(); ++i) {
        const size_t eq = w[i].find('=');
        if (eq == std::string_view::npos) return bad("expected field=value, got '" + std::string(w[i]) + "'");
        const std::string_view key = w[i].substr(0, eq), value = w[i].substr(eq + 1);
        bool ok = false;
        if (key == "seat") ok = parse_int(value, 0, 255, a.seat);
        else if (key == "loc") ok = parse_int(value, 0, 255, a.location);
        else if (key == "target") ok = parse_int(value, -128, 127, a.target);
        else if (key == "targets") ok = parse_int(value, 0, 255, a.targets);
        else if (key == "res") ok = parse_resource(value, a.resource);
        else if (key == "give") ok = parse_counts(value, a.give);
        else if (key == "get") ok = parse_counts(value, a.get);
        else if (key == "offer") ok = parse_int(value, 0, 65535, a.offer);
        else return bad("unknown field '" + std::string(key) + "'");
        if (!ok) return bad("bad value in '" + std::string(w[i]) + "'");
    }
    out = a;
    return true;
}

std::string to_text(const GameRecord& r) {
    const GameOptions& o = r.options;
    std::string out;
    out.reserve(64 * (r.actions.size() + 12));
    out += kMagic;
    out += ' ';
    append_int(out, kVersion);
    out += "\nplayers ";
    append_int(out, o.players);
    out += "\nmap ";
    out += map_word(o.map);
    out += '\n';
    if (o.board) {
        out += "board";
        for (Terrain t : o.board->terrain) {
            out += ' ';
            append_int(out, static_cast<int>(t));
        }
        for (uint8_t n : o.board->number) {
            out += ' ';
            append_int(out, n);
        }
        for (HarborType h : o.board->harbor) {
            out += ' ';
            append_int(out, static_cast<int>(h));
        }
        out += '\n';
    }
    out += "placement ";
    out += o.number_placement == NumberPlacement::Spiral ? "spiral" : "random";
    out += '\n';
    if (o.mode) {
        out += "mode ";
        out += *o.mode == TradeBuildMode::Classic ? "classic" : "combined";
        out += '\n';
    }
    out += "ruleset ";
    out += o.ruleset == Ruleset::HK2024 ? "hk2024" : "base";
    out += "\nvp ";
    append_int(out, o.victory_points);
    out += "\nstart ";
    append_int(out, o.starting_seat);
    out += "\nseed ";
    out += std::to_string(r.seed);
    out += '\n';
    for (const Action& a : r.actions) {
        out += action_to_text(a);
        out += '\n';
    }
    return out;
}

bool from_text(const std::string& text, GameRecord& out, std::string* error) {
    GameRecord rec;
    bool have_magic = false, have_seed = false, in_actions = false;
    int line_no = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        std::string_view line(text.data() + pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        const auto w = words(line);
        if (w.empty() || w[0][0] == '#') continue;  // blank line or comment
        const std::string_view key = w[0];
        if (!have_magic) {
            int version = 0;
            if (key != kMagic || w.size() != 2 || !parse_int(w[1], 0, 1000000, version))
                return fail(error, line_no, "expected 'hexhall-record 1'");
            if (version != kVersion) return fail(error, line_no, "unsupported record version " + std::string(w[1]));
            have_magic = true;
            continue;
        }
        auto one_value = [&]() -> std::string_view { return w.size() == 2 ? w[1] : std::string_view{}; };
        GameOptions& o = rec.options;
        bool header = true, ok = true;
        if (key == "players") ok = parse_int(one_value(), 3, 4, o.players);
        else if (key == "map") {
            const auto v = one_value();
            if (v == "random") o.map = MapKind::Random;
            else if (v == "starter") o.map = MapKind::Starter;
            else if (v == "explicit") o.map = MapKind::Explicit;
            else ok = false;
        } else if (key == "board") {
            if (w.size() != 1 + 2 * kHexes + kHarbors) return fail(error, line_no, "board needs 19 terrains, 19 numbers and 9 harbors");
            Board b;
            for (int h = 0; h < kHexes && ok; ++h) ok = parse_int(w[1 + h], 0, 5, b.terrain[h]);
            for (int h = 0; h < kHexes && ok; ++h) ok = parse_int(w[1 + kHexes + h], 0, 12, b.number[h]);
            for (int k = 0; k < kHarbors && ok; ++k) ok = parse_int(w[1 + 2 * kHexes + k], 0, 5, b.harbor[k]);
            o.board = b;
        } else if (key == "placement") {
            const auto v = one_value();
            if (v == "spiral") o.number_placement = NumberPlacement::Spiral;
            else if (v == "random") o.number_placement = NumberPlacement::Random;
            else ok = false;
        } else if (key == "mode") {
            const auto v = one_value();
            if (v == "classic") o.mode = TradeBuildMode::Classic;
            else if (v == "combined") o.mode = TradeBuildMode::Combined;
            else ok = false;
        } else if (key == "ruleset") {
            const auto v = one_value();
            if (v == "base") o.ruleset = Ruleset::Base;
            else if (v == "hk2024") o.ruleset = Ruleset::HK2024;
            else ok = false;
        } else if (key == "vp") ok = parse_int(one_value(), 1, 255, o.victory_points);
        else if (key == "start") ok = parse_int(one_value(), -1, 3, o.starting_seat);
        else if (key == "seed") ok = have_seed = parse_u64(one_value(), rec.seed);
        else header = false;
        if (header) {
            if (in_actions) return fail(error, line_no, "'" + std::string(key) + "' after the first action");
            if (!ok) return fail(error, line_no, "bad value for '" + std::string(key) + "'");
            continue;
        }
        if (!have_seed) return fail(error, line_no, "the 'seed' line must come before the actions");
        in_actions = true;
        Action a;
        std::string why;
        if (!action_from_text(line, a, &why)) return fail(error, line_no, why);
        rec.actions.push_back(a);
    }
    if (!have_magic) return fail(error, line_no, "empty record: expected 'hexhall-record 1'");
    if (!have_seed) return fail(error, line_no, "missing 'seed' line");
    if (rec.options.map == MapKind::Explicit && !rec.options.board) return fail(error, line_no, "map explicit needs a 'board' line");
    out = std::move(rec);
    return true;
}

bool replay(const GameRecord& record, GameState& out, std::string* error) {
    const char* why = nullptr;
    if (!new_game(record.options, record.seed, out, nullptr, &why)) {
        if (error) *error = std::string("bad options: ") + (why ? why : "?");
        return false;
    }
    for (size_t i = 0; i < record.actions.size(); ++i) {
        const Result r = apply(out, record.actions[i]);
        if (!r) {
            if (error)
                *error = "action " + std::to_string(i) + " (" + action_to_text(record.actions[i]) + ") rejected: " +
                         r.rule + " " + r.message;
            return false;
        }
    }
    return true;
}

}  // namespace hexhall::catan
